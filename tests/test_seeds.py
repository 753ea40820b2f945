"""The origin texts' examples (../shared/data/seeds), run as given, judge formats included,
through the command a user types, each with the answer the texts expect: the command's code
called in this process by default, and in a process of its own, as typed in a shell, in the
heavy run (`python -m pytest -m heavy`)."""

import os
import subprocess
import sys

import pytest

import family_rules as rules
import tiling_rules
from excover.cli import main
from shared_data import data_path


@pytest.fixture(params=["called", pytest.param("started", marks=pytest.mark.heavy)])
def excover(request, monkeypatch, capsys):
    """`excover ARGS` in the seeds' folder, as a user would type it there, 100 columns wide."""
    folder = data_path("seeds")
    if request.param == "started":
        def run(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run([sys.executable, "-m", "excover", *args], cwd=folder, capture_output=True,
                                  text=True, timeout=120, env={**os.environ, "COLUMNS": "100"})
    else:
        monkeypatch.chdir(folder)
        monkeypatch.setenv("COLUMNS", "100")

        def run(*args: str) -> subprocess.CompletedProcess:
            status = main(list(args))
            out, err = capsys.readouterr()
            return subprocess.CompletedProcess(args, status, out, err)
    return run


def expected_in_sources(name: str) -> str:
    """The expected answer that SOURCES.md gives for a seed file (its table's last column)."""
    for line in data_path("seeds", "SOURCES.md").read_text().splitlines():
        if line.startswith(f"| {name}"):
            return line.rstrip(" |").rsplit("|", 1)[1].strip()
    raise AssertionError(f"{name} is not in SOURCES.md")


def test_leetcode_37_and_the_other_9x9_lines_in_a_batch(excover):
    result = excover("run", "sudoku.xc", "--batch", "givens=sudoku_lines.txt")
    assert result.returncode == 0, result.stderr
    assert result.stdout == data_path("seeds", "sudoku_answers.txt").read_text()


def test_poj_3074_a_batch_closed_by_end(excover):
    result = excover("run", "sudoku.xc", "--batch", "givens=poj3074_sample.txt")
    assert result.returncode == 0, result.stderr
    first, second = expected_in_sources("poj3074_sample.txt").split(" and ")
    assert result.stdout.split() == [first, second]


def test_poj_3076_sixteen_by_sixteen_with_dashes_for_blanks(excover):
    result = excover("run", "sudoku.xc", "-p", "box_rows=4", "-p", "box_cols=4", "-p", "symbols=ABCDEFGHIJKLMNOP",
                     "-p", "givens=@poj3076_sample.txt", "--format", "grid", "--unique")
    assert result.returncode == 0, result.stderr
    assert result.stdout == data_path("seeds", "poj3076_expected.txt").read_text().rstrip("\n") + "\nunique\n"


def test_poj_3740_several_matrices_each_answered_in_order(excover):
    result = excover("run", "matrix.xc", "-p", "matrix=@poj3740_sample.txt", "--format", "report")
    assert result.stdout == "Yes, I found it\nIt is impossible\n"
    assert result.returncode == 0  # every case answered ("impossible" is an answer), as a judge reads it
    counted = excover("count", "matrix.xc", "-p", "matrix=@poj3740_sample.txt")
    assert counted.stdout == "1\n0\n"


def test_knuths_toy_matrix_as_rows(excover):
    result = excover("run", "matrix.xc", "-p", "matrix=@seed001_matrix.txt", "--format", "grid", "--unique")
    assert result.returncode == 0 and result.stdout == "row 1\nrow 4\nrow 5\nunique\nYes, I found it\n"


def test_the_irregular_sudoku(excover):
    result = excover("run", "jigsaw.xc", "-p", "givens=@irregular_givens.txt", "-p", "areas=@irregular_areas.txt",
                     "--format", "grid", "--unique")
    assert result.returncode == 0, result.stderr
    *rows, verdict = result.stdout.split()
    assert "".join(rows) == expected_in_sources("irregular_givens.txt / irregular_areas.txt") and verdict == "unique"


@pytest.mark.parametrize("kind", ["full", "partial"])
def test_killer_sudokus_in_the_texts_own_format(excover, kind):
    seed = f"killer_{kind}_seed.txt"
    result = excover("run", "killer.xc", "-p", f"puzzle=@{seed}", "--unique")
    assert result.returncode == 0, result.stderr
    assert result.stdout == data_path("seeds", f"killer_{kind}.out").read_text()
    # The drawing's cell rows (every other line between the borders) hold the digits.
    answer = expected_in_sources(f"{seed} / killer_{kind}.out")
    drawn = result.stdout.splitlines()[2:-1:2]
    assert "".join(character for line in drawn for character in line if character.isdigit()) == answer
    # and by the rules, checked here from the seed file itself, not through the model
    givens, sums, *labels = data_path("seeds", seed).read_text().splitlines()
    cages = [row.split() for row in labels if row.strip()]
    numbered = sorted({int(label) for row in cages for label in row} - {-1})
    sum_of = dict(zip(numbered, map(int, sums.split())))
    solved = [answer[k:k + 9] for k in range(0, 81, 9)]
    assert rules.sudoku(solved, 3, 3)
    for label in numbered:
        digits = [int(solved[r][c]) for r in range(9) for c in range(9) if int(cages[r][c]) == label]
        assert len(set(digits)) == len(digits) and sum(digits) == sum_of[label]


def test_a_6x6x6_cube_of_54_t_tetracubes(excover):
    result = excover("run", "tcube.xc", "--format", "grid")
    assert result.returncode == 0, result.stderr
    layers = [[row.split() for row in layer.splitlines()] for layer in result.stdout.strip().split("\n\n")]
    pieces = tiling_of(layers)
    board = [(r, c, z) for z in range(6) for r in range(6) for c in range(6)]
    t = [(0, 0), (0, 1), (0, 2), (1, 1)]
    assert len(pieces) == 54
    assert tiling_rules.is_tiling([("T", cells) for cells in pieces.values()], board, {"T": t})
    # The texts' own printed tiling passes the same checker, read in the same layout.
    printed = data_path("seeds", "tcube_seed_output.txt").read_text().strip().split("\n\n")
    theirs = tiling_of([[row.split() for row in layer.splitlines()] for layer in printed])
    assert len(theirs) == 54 and tiling_rules.is_tiling([("T", cells) for cells in theirs.values()], board, {"T": t})


def tiling_of(layers):
    """Piece number -> its cells (row, column, layer), from layers of rows of numbers."""
    pieces = {}
    for z, layer in enumerate(layers):
        for r, row in enumerate(layer):
            for c, label in enumerate(row):
                pieces.setdefault(label, []).append((r, c, z))
    return pieces
