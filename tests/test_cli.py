import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given

from excover.cli import main
from excover._dlx_format import write

import shipped
from thorough import examples
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
    assert f"{path}:2:3: item 'zz' is not declared" in err
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


@examples(60)
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


def test_version_is_the_installed_metadata(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"excover {version('excover')}\n"


def test_info_describes_the_model_and_every_param(capsys):
    code, out, _ = run(capsys, "info", "pentomino.xc")
    assert code == 0
    assert "the twelve pentominoes tile a rectangle" in out
    assert "excover count pentomino.xc -p width=8 -p height=8 -p hole=2" in out  # the whole opening comment
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()}
    assert lines["hole"].split(None, 1)[1] == (
        "an integer     default 0  # side of a square hole in the middle of the board")
    assert "true or false" in lines["unique"] and "default false" in lines["unique"]
    assert "2056 options" in out


@pytest.mark.parametrize("name", shipped.every())
def test_every_shipped_param_says_what_it_is(name):
    from excover.language import evaluate_file

    for param in evaluate_file(shipped.PUZZLES / name).params:
        assert param.comment and param.kind and param.default, (name, param.name)


def test_every_shipped_model_is_gone_through():
    from excover import _shipped

    assert sorted(entry.name for entry in _shipped.models() if entry.name.endswith(".xc")) == shipped.NAMES


def test_list_gives_each_model_its_whole_first_sentence(capsys):
    assert main(["list"]) == 0
    lines = {line.split()[0]: line.split(None, 1)[1] for line in capsys.readouterr().out.splitlines()}
    assert lines["matrix.xc"] == ("exact cover of a raw 0/1 matrix: choose rows that hold exactly one 1 in every "
                                  "column (Knuth's toy matrix by default).")


@pytest.mark.parametrize("setting, words", [
    ("n=abc", "-p n=abc: n is an integer, such as 8"),
    ("n=1.5", "-p n=1.5: n is an integer, such as 8"),
    ("n=" + "9" * 5000, "n is an integer of at most 4300 digits"),
])
def test_params_are_typed_by_their_default(capsys, setting, words):
    code, _, err = run(capsys, "count", "queens.xc", "-p", setting)
    assert code == 2 and words in err and "Traceback" not in err and "int()" not in err


def test_bool_and_list_params_refuse_other_kinds(tmp_path, capsys):
    path = tmp_path / "typed.xc"
    path.write_text("param on = true\nparam sizes = [1, 2]\nprimary a\noption a\n")
    code, _, err = run(capsys, "count", path, "-p", "on=maybe")
    assert code == 2 and "-p on=maybe: on is true or false" in err
    code, _, err = run(capsys, "count", path, "-p", "sizes=5")
    assert code == 2 and "-p sizes=5: sizes is a list, not an integer" in err
    assert run(capsys, "count", path, "-p", "sizes=[3, 4, 5]", "-p", "on=false")[:2] == (0, "1\n")


def usage_error(capsys, *args) -> str:
    with pytest.raises(SystemExit) as stop:
        main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    return err


def test_n_0_is_a_usage_error_not_an_answer(capsys):
    assert "argument -n: expected 1 or more" in usage_error(capsys, "run", "queens.xc", "-n", "0")


@pytest.mark.parametrize("args, words", [
    (["run", "queens.xc", "-n", "-1"], "argument -n: expected 1 or more"),
    (["count", "queens.xc", "--node-limit", "-5"], "argument --node-limit: expected 1 or more"),
    (["count", "queens.xc", "--node-limit", "0"], "argument --node-limit: expected 1 or more"),
    (["count", "queens.xc", "--time-limit", "0"], "argument --time-limit: expected a number of seconds above 0"),
    (["count", "queens.xc", "--time-limit", "nan"], "argument --time-limit: expected a number of seconds above 0"),
    (["count", "queens.xc", "--max-steps", "0"], "argument --max-steps: expected 1 or more"),
    (["count", "queens.xc", "--max-options", "0"], "argument --max-options: expected 1 or more"),
    (["count", "queens.xc", "--jobs", "0"], "argument --jobs: expected a number from 1 to 1024"),
    (["count", "queens.xc", "--jobs", "100000"], "argument --jobs: expected a number from 1 to 1024"),
    (["generate", "sudoku.xc", "--count", "0"], "argument --count: expected 1 or more"),
    (["generate", "sudoku.xc", "--givens", "-3"], "argument --givens: expected 0 or more"),
    (["count", "queens.xc", "--node-limit", "x"], "argument --node-limit: expected a whole number, not 'x'"),
])
def test_limits_outside_their_range_are_usage_errors(capsys, args, words):
    assert words in usage_error(capsys, *args)


def test_json_keeps_the_report_and_ends_with_a_summary(capsys):
    import json

    code, out, _ = run(capsys, "run", "matrix.xc", "--format", "json")
    *solutions, summary = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and solutions[0]["options"] == ["row 1", "row 4", "row 5"]
    assert summary["summary"]["solutions"] == 1 and summary["summary"]["report"] == ["Yes, I found it"]

    code, out, _ = run(capsys, "run", "matrix.xc", "-p", "matrix=2 2\n1 0\n1 0", "--format", "json")
    assert code == 1
    assert json.loads(out) == {"summary": {"solutions": 0, "stopped_by": None, "report": ["It is impossible"],
                                           "verdict": "no solution"}}

    code, out, _ = run(capsys, "run", "matrix.xc", "--unique", "--format", "json")
    assert code == 0 and json.loads(out.splitlines()[-1])["summary"]["unique"] is True
    code, out, _ = run(capsys, "run", "matrix.xc", "--unique")
    assert code == 0 and out.splitlines()[-2:] == ["unique", "Yes, I found it"]


def test_every_commands_help_ends_with_examples_that_parse(capsys):
    import shlex

    from excover.cli import EXAMPLES, _parser

    for command, lines in EXAMPLES.items():
        with pytest.raises(SystemExit):
            main([command, "--help"])
        shown = capsys.readouterr().out
        assert shown.rstrip().endswith(lines[-1]) and "examples:" in shown
        for example in lines:
            words = shlex.split(example.partition(" >")[0])
            assert words[0] == "excover" and _parser().parse_args(words[1:]).command == command


def test_a_wrong_name_gets_the_likeliest_meant(tmp_path, capsys, monkeypatch):
    """A model that is not there: the shipped model or the file beside it most like the name;
    a param the model does not declare: the params it does."""
    monkeypatch.chdir(tmp_path)
    assert main(["run", "queen.xc"]) == 2
    assert "queen.xc: cannot read the model: no such file; did you mean queens.xc (shipped)?" in capsys.readouterr().err
    (tmp_path / "tiles.xc").write_text("param n = 3\nparam size = 2\nprimary a\noption a\n")
    assert main(["run", str(tmp_path / "tile.xc")]) == 2
    assert "did you mean 'tiles.xc'?" in capsys.readouterr().err
    assert main(["run", "tiles.xc", "-p", "m=5"]) == 2
    assert "-p m: the model declares no param 'm'; its params are n, size" in capsys.readouterr().err
    assert main(["run", "tiles.xc", "-p", "sise=5"]) == 2
    assert "did you mean 'size'?" in capsys.readouterr().err


def test_several_cases_exit_as_a_judge_reads_them(tmp_path, capsys):
    """Input of several cases: 0 when every case was answered ("no solution" is an answer),
    1 when a limit left one unanswered; the help says so."""
    cases = tmp_path / "cases.txt"
    cases.write_text("2 2\n1 0\n0 1\n2 2\n1 0\n1 0\n")  # the second has no cover
    matrix = str(Path(__file__).resolve().parent.parent / "puzzles" / "matrix.xc")
    assert main(["run", matrix, "-p", f"matrix=@{cases}", "--format", "report"]) == 0
    assert capsys.readouterr().out == "Yes, I found it\nIt is impossible\n"
    assert main(["count", matrix, "-p", f"matrix=@{cases}"]) == 0
    assert capsys.readouterr().out == "1\n0\n"
    assert main(["check", matrix, "-p", f"matrix=@{cases}"]) == 0
    capsys.readouterr()
    assert main(["run", matrix, "-p", f"matrix=@{cases}", "--node-limit", "1"]) == 1  # the first left unanswered
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    assert "0 when every case was answered" in capsys.readouterr().out
