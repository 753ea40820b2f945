"""The seed puzzles as models: sudoku sizes, jigsaw, killer, samurai, queens, Langford,
matchings and raw matrices, against public answers and independent checkers."""

import csv
import functools
import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import family_rules as rules
from excover.language import evaluate_file
from shared_data import collected_keys, data_path
from thorough import examples

PUZZLES = Path(__file__).parent.parent / "puzzles"


def model(name, **params):
    return evaluate_file(PUZZLES / name, {k: str(v) for k, v in params.items()})


class Batch:
    """One model, many values of its `givens`: the matrix is built once (as --batch does)."""

    def __init__(self, name, **params):
        self.loaded = evaluate_file(PUZZLES / name, {k: str(v) for k, v in params.items()} | {"givens": "empty"})

    def solutions(self, givens, limit):
        forced = self.loaded.forced_by("givens", givens)
        return list(self.loaded.problem.solve(forced=forced, limit=limit))


def solutions(loaded, limit=None):
    return list(loaded.problem.solve(forced=loaded.forced, limit=limit))


def grid_of(solution, rows, cols, offset=1):
    cells = {}
    for option in solution.options:
        cells.update((option.data or {}).get("show", {}))
    return [[str(cells.get((r, c), "-")) for c in range(offset, offset + cols)] for r in range(offset, offset + rows)]


def janko(path, key):
    entry = json.loads(data_path(*path).read_text())["data"][key]
    lines = entry["problem"].splitlines()
    rows, cols = map(int, lines[0].split())
    clues = [line.split() for line in lines[1:rows + 1]]
    extra = [line.split() for line in lines[rows + 1:2 * rows + 1]]
    solution = [line.split() for line in entry["solution"].splitlines()[1:rows + 1]]
    return clues, extra, solution


def first_of_each_size(keys):
    """The first key of each size ("301_16x16": 16x16)."""
    return list({key.rsplit("_", 1)[-1]: key for key in reversed(keys)}.values())


def sample_then_slow(keys, choose, quick=first_of_each_size):
    """Every key: those choose(keys) picks in the heavy run (`.ci/run`'s), the first of each
    size among them (or those quick picks) in the default run, the rest in the slow run
    (a collection that is missing gives its one skipping parameter)."""
    if not all(isinstance(key, str) for key in keys):
        return keys
    sample = choose(keys)
    first = set(quick(sample))
    return [key if key in first else pytest.param(key, marks=pytest.mark.heavy if key in sample else pytest.mark.slow)
            for key in keys]


def as_grid(rows):
    return "\n".join(" ".join(row) for row in rows)


def janko_keys(path, size=None):
    keys = collected_keys(lambda found: list(json.loads(found.read_text())["data"]), *path)
    return [k for k in keys if size is None or not isinstance(k, str) or k.endswith(size)]


# -- sudoku of every size ---------------------------------------------------------------------


def test_empty_4x4_has_288_completions():
    assert model("sudoku.xc", box_rows=2, box_cols=2, givens="empty").problem.count() == 288


@pytest.mark.heavy
def test_tdoku_puzzles_have_their_exact_counts():
    batch = Batch("sudoku.xc")
    for line in data_path("sudoku9", "tdoku_test_puzzles.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        givens, count, *_ = line.split(":")
        found = batch.solutions(givens, limit=int(count) + 1)
        assert len(found) == int(count), givens
        assert all(rules.sudoku(grid_of(s, 9, 9), 3, 3) and rules.keeps_clues(grid_of(s, 9, 9), [givens[k:k + 9] for k in range(0, 81, 9)]) for s in found)


def test_sudopedia_cases_valid_invalid_and_not_unique():
    batch = Batch("sudoku.xc")
    for line in data_path("sudoku9", "sudopedia_test_cases.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, givens, count, *_ = line.split("|")
        if count in ("many", ">=500"):
            assert len(batch.solutions(givens, limit=500)) == 500, name
        else:
            assert len(batch.solutions(givens, limit=int(count) + 1)) == int(count), name


def sudoku16_cases():
    for line in data_path("sudoku16", "sudoku16_cases.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("|")


@pytest.mark.heavy
def test_16x16_cases():
    batches = {}  # one model a set of symbols, each case's clues forced in it
    for name, symbols, givens, count, *solution in sudoku16_cases():
        if symbols not in batches:
            batches[symbols] = Batch("sudoku.xc", box_rows=4, box_cols=4, symbols=symbols)
        found = batches[symbols].solutions(givens, limit=2)
        expected = 2 if count == ">1" else int(count)
        assert len(found) == expected, name
        for s in found[:1]:
            grid = grid_of(s, 16, 16)
            assert rules.sudoku(grid, 4, 4) and set(grid[0]) == set(symbols)
            if solution and solution[0]:
                assert "".join("".join(row) for row in grid) == solution[0]


SIXTEEN = "123456789ABCDEFG"  # janko writes 1..16; the model takes one character a symbol


@functools.lru_cache(maxsize=1)
def sixteen_batch():
    return Batch("sudoku.xc", box_rows=4, box_cols=4, symbols=SIXTEEN)  # built once for every puzzle


@pytest.mark.parametrize("key", sample_then_slow(janko_keys(("sudoku16", "janko_sudoku16_sample.json"), "16x16"),
                                                lambda keys: keys[:8], lambda keys: keys[:2]))
def test_janko_16x16(key):
    clues, _, published = janko(("sudoku16", "janko_sudoku16_sample.json"), key)
    givens = "\n".join("".join("." if v == "-" else SIXTEEN[int(v) - 1] for v in row) for row in clues)
    found = sixteen_batch().solutions(givens, limit=2)
    assert len(found) == 1
    grid = grid_of(found[0], 16, 16)
    assert rules.sudoku(grid, 4, 4)
    assert [[str(SIXTEEN.index(v) + 1) for v in row] for row in grid] == published


# -- jigsaw -------------------------------------------------------------------------------------


def test_hdu_4069_cases_unique_none_and_many():
    for line in data_path("jigsaw", "hdu4069_decoded.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, givens, areas, count, solution = line.split("|")
        areas_grid = "\n".join(areas[k:k + 9] for k in range(0, 81, 9))
        loaded = model("jigsaw.xc", givens=givens, areas=areas_grid)
        found = solutions(loaded, limit=2)
        assert len(found) == (2 if count == ">1" else int(count)), name
        if count == "1":
            assert "".join("".join(row) for row in grid_of(found[0], 9, 9)) == solution
            assert rules.areas_hold_everything(grid_of(found[0], 9, 9), [areas[k:k + 9] for k in range(0, 81, 9)])


JIGSAW = janko_keys(("jigsaw", "janko_jigsaw_sample.json"))


def check_jigsaw(key):
    clues, areas, published = janko(("jigsaw", "janko_jigsaw_sample.json"), key)
    loaded = model("jigsaw.xc", givens=as_grid(clues), areas=as_grid(areas))
    found = solutions(loaded, limit=2)
    assert len(found) == 1
    grid = grid_of(found[0], len(clues), len(clues))
    assert grid == published and rules.areas_hold_everything(grid, areas) and rules.keeps_clues(grid, clues)


@pytest.mark.parametrize("key", sample_then_slow(
    JIGSAW, lambda keys: [k for k in keys if not k.endswith("9x9")] + [k for k in keys if k.endswith("9x9")][:5]))
def test_janko_jigsaw(key):
    check_jigsaw(key)


# -- killer -------------------------------------------------------------------------------------


KILLER = janko_keys(("killer", "janko_killer_sample.json"))


def check_killer(key):
    sums, cages, published = janko(("killer", "janko_killer_sample.json"), key)
    n = len(cages)
    box_rows, box_cols = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
    loaded = model("killer.xc", cages=as_grid(cages), sums=as_grid(sums))  # the box size follows from the grid's
    found = solutions(loaded, limit=3)
    assert 1 <= len(found) <= 2  # 14 published 9x9 puzzles have two solutions (see SOURCES.md)
    grids = [grid_of(s, n, n) for s in found]
    assert published in grids
    assert all(rules.killer(grid, cages, sums, box_rows, box_cols) for grid in grids)


@pytest.mark.parametrize("key", sample_then_slow(
    KILLER, lambda keys: [k for k in keys if not k.endswith("9x9")][:30] + [k for k in keys if k.endswith("9x9")][:3]))
def test_janko_killer(key):
    check_killer(key)


@pytest.mark.heavy
@examples(100)
@given(data=st.data())
def test_a_cage_written_whole_or_by_its_set_of_digits_gives_the_same_solutions(data):
    """killer.xc keeps a small cage's sum with an option per filling and a bigger one's with a
    set of digits and colours; on random 4x4 killers (cages grown at random, sums from a
    random full grid, some cells in no cage, a given or none) both ways find the same grids,
    every one keeping the rules."""
    full = solutions(model("sudoku.xc", box_rows=2, box_cols=2, givens="empty"))
    grid = grid_of(data.draw(st.sampled_from(full)), 4, 4)
    labels = [["." for _ in range(4)] for _ in range(4)]
    for label in "abcdefgh":
        free = [(r, c) for r in range(4) for c in range(4) if labels[r][c] == "."]
        if not free:
            break
        r, c = data.draw(st.sampled_from(free))
        labels[r][c] = label
        for _ in range(data.draw(st.integers(0, 3))):
            held = {grid[a][b] for a in range(4) for b in range(4) if labels[a][b] == label}
            near = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < 4 and 0 <= c + dc < 4 and labels[r + dr][c + dc] == "."
                    and grid[r + dr][c + dc] not in held]  # a cage's digits differ
            if near:
                r, c = data.draw(st.sampled_from(near))
                labels[r][c] = label
    for r, c in data.draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=3)):
        labels[r][c] = "."  # a partial killer
    sums = [["-"] * 4 for _ in range(4)]
    for label in {label for row in labels for label in row} - {"."}:
        cells = [(r, c) for r in range(4) for c in range(4) if labels[r][c] == label]
        sums[cells[0][0]][cells[0][1]] = str(sum(int(grid[r][c]) for r, c in cells))
    givens = [["."] * 4 for _ in range(4)]
    for r, c in data.draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=2)):
        givens[r][c] = grid[r][c]
    found = {}
    for whole in (0, 10**6):
        loaded = model("killer.xc", cages=as_grid(labels), sums=as_grid(sums), givens=as_grid(givens), whole=whole)
        found[whole] = sorted(grid_of(s, 4, 4) for s in solutions(loaded))
        assert all(rules.killer(g, labels, sums, 2, 2) and rules.keeps_clues(g, givens) for g in found[whole])
    assert grid in found[0] and found[0] == found[10**6]


# -- samurai ------------------------------------------------------------------------------------


SAMURAI = janko_keys(("samurai", "janko_samurai_sample.json"))


def check_samurai(key):
    clues, _, published = janko(("samurai", "janko_samurai_sample.json"), key)
    loaded = model("samurai.xc", givens=as_grid(clues))
    found = solutions(loaded, limit=2)
    assert len(found) == 1
    grid = grid_of(found[0], 21, 21)
    assert grid == published
    for top, left in [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)]:
        assert rules.sudoku([row[left:left + 9] for row in grid[top:top + 9]], 3, 3)


@pytest.mark.parametrize("key", sample_then_slow(SAMURAI, lambda keys: keys[:2], lambda keys: []))
def test_janko_samurai(key):
    check_samurai(key)


# -- queens, Langford, matchings, matrices -------------------------------------------------------


@pytest.mark.parametrize("n, count", list(enumerate([1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200], start=1)))
def test_queens(n, count):
    loaded = model("queens.xc", n=n)
    assert loaded.problem.count() == count
    for solution in loaded.problem.solve(limit=20):
        assert rules.queens([tuple(option.data["show"])[0] for option in solution.options], n)


@pytest.mark.parametrize("n, count", [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300), (11, 35584)])
def test_langford(n, count):
    loaded = model("langford.xc", n=n)
    assert loaded.problem.count() == count
    for solution in loaded.problem.solve(limit=20):
        cells = {}
        for option in solution.options:
            cells.update((option.data or {}).get("show", {}))
        assert rules.langford([cells[(1, s)] for s in range(1, 2 * n + 1)], n)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_complete_graphs_have_double_factorial_matchings(n):
    assert model("matching.xc", graph="complete", size=2 * n).problem.count() == math.prod(range(1, 2 * n, 2))


@pytest.mark.parametrize("width, count", [(1, 1), (2, 2), (3, 3), (4, 5), (5, 8), (10, 89)])
def test_2xn_grids_have_fibonacci_matchings(width, count):
    assert model("matching.xc", graph="grid", width=width, height=2).problem.count() == count


def test_6x6_grid_has_6728_domino_tilings_and_matchings_are_checked():
    loaded = model("matching.xc", graph="grid", width=6, height=6)
    assert loaded.problem.count() == 6728
    edges = [((r, c), (r, c + 1)) for r in range(1, 7) for c in range(1, 6)] + \
            [((r, c), (r + 1, c)) for r in range(1, 6) for c in range(1, 7)]
    for solution in loaded.problem.solve(limit=50):
        chosen = [tuple(loaded.problem.options[k].label.split("-")) for k in solution.indices]
        assert rules.perfect_matching([edges[[f"{a}-{b}" for a, b in edges].index("-".join(pair))] for pair in chosen],
                                      edges)


def test_matching_from_an_edge_list(tmp_path):
    path = tmp_path / "edges.txt"
    path.write_text("a-b b-c\nc-d, d-a\na-c\n")
    loaded = evaluate_file(PUZZLES / "matching.xc", {"edges": f"{path.read_text()}"})
    assert sorted(sorted(s.labels) for s in loaded.problem.solve()) == [["a-b", "c-d"], ["b-c", "d-a"]]


SAMPLES = ["langford-3", "langford-4", "langford-5", "langford-8", "xcover-550", "pentominos-3-20"]


@pytest.mark.parametrize("name", SAMPLES)
def test_matrix_model_finds_the_published_solution_sets(name, tmp_path):
    rows = data_path("exact-cover-samples", f"{name}.csv").read_text().replace("True", "1").replace("False", "0")
    with open(data_path("exact-cover-samples", f"{name}-solutions.csv")) as handle:
        expected = {frozenset(int(v) for v in row) for row in csv.reader(handle) if row}
    loaded = evaluate_file(PUZZLES / "matrix.xc", {"matrix": rows})
    found = {frozenset(int(label.split()[1]) - 1 for label in s.labels) for s in loaded.problem.solve()}
    assert found == expected


def test_matrix_model_on_the_small_manifest_matrices():
    manifest = json.loads(data_path("exact-cover-samples", "manifest.json").read_text())
    for name, entry in manifest.items():
        if "matrix" not in entry:
            continue
        loaded = evaluate_file(PUZZLES / "matrix.xc", {"matrix": "\n".join(entry["matrix"])})
        found = sorted(sorted(int(label.split()[1]) - 1 for label in s.labels) for s in loaded.problem.solve())
        assert found == sorted(sorted(s) for s in entry["solutions"]), name


def test_matrix_reads_poj_3740_input():
    loaded = evaluate_file(PUZZLES / "matrix.xc", {"matrix": "3 3\n0 1 0\n0 0 1\n1 0 0\n"})
    assert loaded.problem.count() == 1
    loaded = evaluate_file(PUZZLES / "matrix.xc", {"matrix": "4 4\n0 0 0 1\n1 0 0 0\n1 0 0 0\n0 1 0 0\n"})
    assert loaded.problem.count() == 0


def test_matrix_answers_in_the_words_of_poj_3740(capsys):
    from excover.cli import main

    assert main(["run", str(PUZZLES / "matrix.xc"), "-p", "matrix=3 3\n0 1 0\n0 0 1\n1 0 0\n"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Yes, I found it"
    assert main(["run", str(PUZZLES / "matrix.xc"), "-p", "matrix=4 4\n0 0 0 1\n1 0 0 0\n1 0 0 0\n0 1 0 0\n"]) == 1
    assert capsys.readouterr().out.splitlines() == ["no solution", "It is impossible"]


def test_a_matching_can_name_a_vertex_on_no_edge():
    assert model("matching.xc", edges="1-2 2-3 3-4 4-1", vertices="1 2 3 4").problem.count() == 2
    isolated = model("matching.xc", edges="1-2 2-3 3-4 4-1", vertices="1 2 3 4 5")
    assert isolated.problem.count() == 0
    assert "vertex(5)" in [item.name for item in isolated.problem.primary]
    assert model("matching.xc", edges="a-b c-d", vertices="a b c d").problem.count() == 1
