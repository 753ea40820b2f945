"""The package's shape, checked: the stages import only the stages before them on the data's
path and no module imports itself round a cycle (import-linter, contracts in pyproject.toml),
and the package passes ruff and mypy (its settings in pyproject.toml too)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).parent.parent


def tool(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=CHECKOUT, capture_output=True, text=True, timeout=300)


def test_the_stages_import_only_earlier_stages_and_no_cycles():
    pytest.importorskip("importlinter", reason="the test extra has import-linter")
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"],
        cwd=CHECKOUT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_the_package_passes_ruff():
    pytest.importorskip("ruff", reason="the test extra has ruff")
    result = tool("ruff", "check", "--no-cache", "excover")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.heavy
def test_the_package_passes_mypy():
    pytest.importorskip("mypy", reason="the test extra has mypy")
    result = tool("mypy", "--no-incremental", "--cache-dir", os.devnull)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.heavy
def test_every_benchmark_still_starts():
    """The benchmarks import the library's names: a rename that forgets them is caught here
    (each asked for its --help, which imports everything it runs with). worker.py is a
    benchmark's child, started with its arguments only."""
    folder = Path(__file__).resolve().parent.parent / "benchmarks"
    for script in sorted(folder.glob("*.py")):
        if script.name in ("worker.py", "instances.py"):
            continue
        done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (script.name, done.stderr[-500:])


@pytest.mark.heavy
def test_the_a_b_benchmark_builds_both_cores_and_compares_them():
    """benchmarks/ab.py against HEAD (the working tree as it is): both cores built, one round
    of 12-queens by search on each, the same count and nodes, a ratio printed."""
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "ab.py"
    done = subprocess.run([sys.executable, str(script), "HEAD", "--rounds", "1", "--only", "12-queens",
                           "--ways", "search"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-1000:]
    (row,) = [line for line in done.stdout.splitlines() if line.startswith("12-queens")]
    assert row.endswith("14,200 solutions, 252,283 nodes") and float(row.split()[4]) > 0
