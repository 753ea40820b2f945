"""The install a user does: a wheel (or `pip install .`, not editable) in a fresh environment,
the command run from a folder far from the repository.

Marked `install` (minutes of building and downloading; `.ci/run` runs them):
    python -m pytest -m install
"""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parent.parent


def pip(environment: Path, *args: str) -> None:
    subprocess.run([str(environment / "bin" / "python"), "-m", "pip", "--quiet", "--disable-pip-version-check",
                    *args], check=True, timeout=600)


def fresh_environment(where: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(where)
    return where


def excover(environment: Path, folder: Path, *args: str) -> subprocess.CompletedProcess:
    """The installed command, run in `folder` with no trace of the repository in its path."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{environment / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run([str(environment / "bin" / "excover"), *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)


def walk_the_users_path(environment: Path, folder: Path) -> None:
    version = excover(environment, folder, "--version")
    assert version.returncode == 0 and version.stdout.startswith("excover ")

    listing = excover(environment, folder, "list")
    assert listing.returncode == 0, listing.stderr
    names = [line.split()[0] for line in listing.stdout.splitlines()]
    assert {"calendar.xc", "sudoku.xc", "pentomino.xc", "knuth_toy.dlx"} <= set(names)

    calendar = excover(environment, folder, "count", "calendar.xc", "-p", "month=Oct", "-p", "day=6")
    assert (calendar.returncode, calendar.stdout) == (0, "7\n"), calendar.stderr
    sudoku = excover(environment, folder, "run", "sudoku.xc")
    assert sudoku.returncode == 0 and sudoku.stdout.startswith("Solution 1:"), sudoku.stderr
    assert "5 3 4" in sudoku.stdout  # the README's puzzle, solved
    info = excover(environment, folder, "info", "sudoku.xc")
    assert info.returncode == 0 and "givens" in info.stdout, info.stderr

    # The edges: a judge's input of several cases, an impossible model, bad usage, a picture.
    (folder / "poj3740.txt").write_text("3 3\n0 1 0\n0 0 1\n1 0 0\n4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 0 0\n")
    judged = excover(environment, folder, "run", "matrix.xc", "-p", "matrix=@poj3740.txt", "--format", "report")
    assert judged.stdout == "Yes, I found it\nIt is impossible\n"
    checked = excover(environment, folder, "check", "pentomino.xc", "-p", "width=8", "-p", "height=8")
    assert checked.returncode == 1 and "60 cell items, but there are 64" in checked.stdout
    for bad, words in ((["run", "queens.xc", "-n", "0"], "excover run: error: argument -n: expected 1 or more"),
                       (["count", "queens.xc", "-p", "n=abc"], "excover: error: ")):
        refused = excover(environment, folder, *bad)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr
    drawn = excover(environment, folder, "run", "sudoku.xc", "--svg", "sudoku.svg", "--format", "json")
    assert drawn.returncode == 0 and (folder / "sudoku.svg").read_text().startswith("<svg")
    assert '"summary"' in drawn.stdout.splitlines()[-1]
    python = subprocess.run([str(environment / "bin" / "python"), "-c",
                             "import excover; print(excover.load('queens.xc', n=6).count(), excover.__version__)"],
                            cwd=folder, capture_output=True, text=True, timeout=120)
    assert python.stdout.split()[0] == "4" and python.stdout.split()[1] == version.stdout.split()[1]


def test_a_built_wheel_installed_in_a_fresh_environment(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
                    str(ROOT)], check=True, timeout=600)
    (wheel,) = wheels.glob("excover-*.whl")
    environment = fresh_environment(tmp_path / "env")
    pip(environment, "install", str(wheel))
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    walk_the_users_path(environment, folder)


def test_a_plain_pip_install_of_the_checkout(tmp_path):
    environment = fresh_environment(tmp_path / "env")
    pip(environment, "install", str(ROOT))
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    walk_the_users_path(environment, folder)
