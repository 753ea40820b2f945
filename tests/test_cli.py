import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from excover.cli import main
from excover.dlx_format import write

from oracle import all_solutions
from strategies import problems

PUZZLES = Path(__file__).parent.parent / "puzzles"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_run_prints_the_first_solution(capsys):
    code, out, _ = run(capsys, "run", PUZZLES / "knuth_toy.dlx")
    assert code == 0
    assert out.splitlines() == [
        "Solution 1:",
        "┌────────┬───┬───┬───┬───┬───┬───┬───┐",
        "│ option │ a │ b │ c │ d │ e │ f │ g │",
        "├────────┼───┼───┼───┼───┼───┼───┼───┤",
        "│ c e    │   │   │ 1 │   │ 1 │   │   │",
        "│ a d f  │ 1 │   │   │ 1 │   │ 1 │   │",
        "│ b g    │   │ 1 │   │   │   │   │ 1 │",
        "└────────┴───┴───┴───┴───┴───┴───┴───┘",
    ]


def test_run_all_and_n(capsys):
    _, out, _ = run(capsys, "run", PUZZLES / "queens8.dlx", "--all")
    assert out.count("Solution ") == 92
    _, out, _ = run(capsys, "run", PUZZLES / "queens8.dlx", "-n", "3")
    assert out.count("Solution ") == 3


def test_count(capsys):
    assert run(capsys, "count", PUZZLES / "queens8.dlx") == (0, "92\n", "")
    assert run(capsys, "count", PUZZLES / "langford7.dlx")[1] == "52\n"


def test_no_solution_exits_1(tmp_path, capsys):
    path = tmp_path / "none.dlx"
    path.write_text("a b\na\n")
    code, out, _ = run(capsys, "run", path)
    assert code == 1 and "no solution" in out
    assert run(capsys, "count", path)[:2] == (1, "0\n")


def test_bad_input_exits_2_with_location_and_no_traceback(tmp_path, capsys):
    path = tmp_path / "bad.dlx"
    path.write_text("a b\na zz\n")
    code, out, err = run(capsys, "count", path)
    assert code == 2
    assert f"{path}:2:3: unknown item 'zz'" in err
    assert "    a zz\n      ^" in err
    assert "Traceback" not in err


def test_missing_file_exits_2(tmp_path, capsys):
    code, _, err = run(capsys, "run", tmp_path / "nowhere.dlx")
    assert code == 2 and "nowhere.dlx" in err


def test_limits_are_reported(capsys):
    code, out, err = run(capsys, "count", PUZZLES / "queens8.dlx", "--node-limit", "50")
    assert out.startswith("at least") and "node limit" in err


def test_seeded_runs_are_reproducible(capsys):
    first = run(capsys, "run", PUZZLES / "queens8.dlx", "--seed", "3")[1]
    assert run(capsys, "run", PUZZLES / "queens8.dlx", "--seed", "3")[1] == first


def test_usage_error_exits_2():
    with pytest.raises(SystemExit) as caught:
        main(["run"])
    assert caught.value.code == 2


def test_console_script_reads_standard_input():
    result = subprocess.run([sys.executable, "-m", "excover.cli", "count", "-"], input="a b\na\nb\na b\n",
                            capture_output=True, text=True)
    assert (result.returncode, result.stdout) == (0, "2\n")


@settings(max_examples=60, deadline=None)
@given(problems())
def test_count_agrees_with_brute_force_on_random_knuth_files(tmp_path_factory, problem):
    path = tmp_path_factory.mktemp("random") / "random.dlx"
    path.write_text(write(problem))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["count", str(path)])
    expected = len(all_solutions(problem))
    assert out.getvalue() == f"{expected}\n"
    assert code == (0 if expected else 1)


def test_list_shows_the_shipped_models(capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("calendar.xc ") for line in lines)
    assert all(len(line.split(None, 1)) == 2 for line in lines)


def test_shipped_models_run_from_any_directory(tmp_path):
    result = subprocess.run([sys.executable, "-m", "excover.cli", "count", "calendar.xc", "-p", "month=Oct",
                             "-p", "day=6"], capture_output=True, text=True, cwd=tmp_path)
    assert result.stdout == "7\n"
