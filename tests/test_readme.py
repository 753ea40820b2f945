"""The README's Python examples run, and print what their comments say."""

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).parent.parent / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_readme_python_examples_print_what_they_claim():
    for block in python_blocks():
        claimed = [line.split("# ", 1)[1] for line in block.splitlines() if line.startswith("print(") and "# " in line]
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(block, str(README), "exec"), {})
        assert output.getvalue().splitlines() == claimed


@pytest.mark.heavy
def test_readme_model_pictures_are_what_the_commands_print(monkeypatch):
    import shlex

    from excover.cli import main

    monkeypatch.chdir(README.parent)
    monkeypatch.setenv("COLUMNS", "80")  # as printed to a file or a pipe
    blocks = re.findall(r"```\n\$ (excover (?:run|generate|count|sample) [^\n]*)\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 5
    for command, shown in blocks:
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            main(shlex.split(command)[1:])
        assert output.getvalue() == shown, command


@pytest.mark.heavy
def test_the_readme_model_runs_as_printed(tmp_path):
    import subprocess
    import sys

    (model,) = re.findall(r"```xc\n(.*?)```", README.read_text(), re.S)
    path = tmp_path / "mysudoku.xc"
    path.write_text(model)
    sys.path.insert(0, str(Path(__file__).parent))
    from sudoku_rules import is_solved_grid

    def run(*params):
        return subprocess.run([sys.executable, "-m", "excover", "run", str(path), *params, "--format", "grid"],
                              capture_output=True, text=True, cwd=tmp_path)

    *rows, verdict = run("--unique").stdout.split()
    assert is_solved_grid(rows, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert verdict == "unique"
    filled = run("-p", "givens=empty", "--seed", "3")
    assert filled.returncode == 0 and is_solved_grid(filled.stdout.split()), filled.stderr
    info = subprocess.run([sys.executable, "-m", "excover", "info", str(path)], capture_output=True, text=True)
    assert "The classic 9x9 sudoku as exact cover." in info.stdout and "givens  a grid" in info.stdout
