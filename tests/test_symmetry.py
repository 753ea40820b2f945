"""Counting up to symmetry (excover/_symmetry.py): Burnside's lemma over the group the
symmetries generate, against the published counts of classic tilings."""

from pathlib import Path

import pytest

from excover import ModelError, Problem
from excover._symmetry import count_classes
from excover.language import evaluate_file

import shipped

PUZZLES = Path(__file__).parent.parent / "puzzles"


def board_symmetries(width, height, square=False):
    """Generators of a w x h board's symmetries, as maps of its cell items."""
    cells = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    maps = [lambda r, c: (r, width + 1 - c), lambda r, c: (height + 1 - r, c)]
    if square:
        maps.append(lambda r, c: (c, r))
    return [{f"cell({r}, {c})": "cell({}, {})".format(*move(r, c)) for r, c in cells} for move in maps]


@pytest.mark.parametrize("width, height, classes", [(20, 3, 2), pytest.param(15, 4, 368, marks=pytest.mark.heavy)])
def test_pentomino_rectangles_up_to_their_symmetries(width, height, classes):
    """Published counts (Haselgrove; Knuth, "Dancing Links"): 3x20 -> 2, 4x15 -> 368."""
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": str(width), "height": str(height)})
    found = count_classes(model.problem, board_symmetries(width, height), breaking=False)
    assert (found.count, found.group) == (classes, 4)
    assert found.fixed[0] == classes * 4  # no tiling of these is symmetric
    assert count_classes(model.problem, board_symmetries(width, height)).count == classes  # broken


@pytest.mark.slow
@pytest.mark.parametrize("width, height, classes", [(10, 6, 2339), (12, 5, 1010)])
def test_pentomino_rectangles_up_to_their_symmetries_slow(width, height, classes):
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": str(width), "height": str(height)})
    assert count_classes(model.problem, board_symmetries(width, height), breaking=False).count == classes
    assert count_classes(model.problem, board_symmetries(width, height)).count == classes


@pytest.mark.slow
def test_pentominoes_and_the_square_on_8x8_have_16146_tilings_up_to_symmetry(capsys):
    """Knuth, "Dancing Links" (2000): 16,146 ways to place the twelve pentominoes and a 2x2
    square on a chessboard, up to its symmetries (129,168 tilings, none symmetric), from the
    command, which counts the identity's share on every core."""
    from excover.cli import main

    assert main(["count", str(PUZZLES / "pentomino.xc"), "-p", "width=8", "-p", "height=8", "-p", "square=true",
                 "--up-to-symmetry", "--stats"]) == 0
    out, err = capsys.readouterr()
    assert out == "16146\n" and "16146 classes under 8 symmetries" in err


@pytest.mark.heavy
def test_the_identity_is_counted_as_count_counts_it(capsys):
    """--up-to-symmetry counts the problem itself as `count` would: by search on the cores
    asked for, or by the memo."""
    from excover.cli import main

    for extra in (["--jobs", "2", "--method", "search"], ["--method", "memo"], []):
        assert main(["count", str(PUZZLES / "pentomino.xc"), "-p", "width=20", "-p", "height=3",
                     "--up-to-symmetry", *extra]) == 0
        assert capsys.readouterr().out == "2\n"


@pytest.mark.heavy
def test_the_8x8_board_less_its_centre_has_65_tilings_up_to_symmetry():
    """Dana Scott's 1958 count, the first backtracking program's: 65 under the square's 8
    symmetries (520 tilings)."""
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "8", "height": "8", "hole": "2"})
    symmetries = [{name: to for name, to in symmetry.items() if name in {i.name for i in model.problem.primary}}
                  for symmetry in board_symmetries(8, 8, square=True)]
    found = count_classes(model.problem, symmetries, breaking=False)
    assert (found.count, found.group, found.fixed[0]) == (65, 8, 520)
    assert count_classes(model.problem, symmetries).count == 65


def test_the_soma_cube_has_240_solutions_up_to_rotation_and_reflection():
    """Conway and Guy's 240: the cube's 48 symmetries, its mirrors swapping the two
    mirror-image pieces A and B."""
    model = shipped.model("soma.xc")
    cubes = [(r, c, z) for r in (1, 2, 3) for c in (1, 2, 3) for z in (1, 2, 3)]

    def moving(move, swap=False):
        symmetry = {f"cube({r}, {c}, {z})": "cube({}, {}, {})".format(*move(r, c, z)) for r, c, z in cubes}
        if swap:
            symmetry.update({"piece(A)": "piece(B)", "piece(B)": "piece(A)"})
        return symmetry

    symmetries = [moving(lambda r, c, z: (c, 4 - r, z)), moving(lambda r, c, z: (z, c, 4 - r)),
                  moving(lambda r, c, z: (r, 4 - c, z), swap=True)]
    found = count_classes(model.problem, symmetries)
    assert (found.count, found.group, found.fixed[0]) == (240, 48, 11520)


def test_symmetric_solutions_are_counted_once_each():
    """Dominoes on a 2x2 board: 2 tilings, swapped by the quarter turn: 1 class. On a 2x4
    board (columns 1111, 112, 121, 211, 22, reading a vertical domino as 1 and two stacked
    horizontal ones as 2), every tiling is its own top-bottom mirror and 1111, 121 and 22 are
    their own left-right mirrors: (5 + 5 + 3 + 3) / 4 = 4 classes, three of them symmetric."""
    def dominoes(width, height):
        cells = [f"cell({r}, {c})" for r in range(1, height + 1) for c in range(1, width + 1)]
        options = [[f"cell({r}, {c})", f"cell({r}, {c + 1})"] for r in range(1, height + 1) for c in range(1, width)]
        options += [[f"cell({r}, {c})", f"cell({r + 1}, {c})"] for r in range(1, height) for c in range(1, width + 1)]
        return Problem(primary=cells, options=options)

    assert count_classes(dominoes(2, 2), board_symmetries(2, 2, square=True)).count == 1
    found = count_classes(dominoes(4, 2), board_symmetries(4, 2))
    assert (found.count, found.group, sorted(found.fixed)) == (4, 4, [3, 3, 5, 5])


def test_what_is_not_a_symmetry_is_refused():
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "15", "height": "4"})
    with pytest.raises(ModelError, match="not a symmetry"):
        count_classes(model.problem, [{"cell(1, 1)": "cell(1, 2)", "cell(1, 2)": "cell(1, 1)"}])


def test_4x4_sudoku_grids_up_to_relabelling_their_digits():
    """288 full grids; the 24 relabellings of the digits (a swap and a cycle generate them)
    leave 12, none of them fixed by a relabelling but the identity."""
    model = shipped.model("sudoku.xc", givens="empty", box_rows="2", box_cols="2")

    def relabelling(digits):
        return {f"{unit}({k}, {d})": f"{unit}({k}, {digits[d - 1]})"
                for unit in ("row", "col", "box") for k in range(1, 5) for d in range(1, 5)}

    found = count_classes(model.problem, [relabelling([2, 1, 3, 4]), relabelling([2, 3, 4, 1])])
    assert (found.count, found.group, found.fixed) == (12, 24, (288,) + (0,) * 23)


@pytest.mark.heavy
def test_a_models_symmetry_statements_give_its_board_symmetries(capsys):
    """pentomino.xc and soma.xc say where their cells are; the command finds the board's
    symmetries (and the soma mirrors' swap of A and B) itself."""
    from excover.cli import main

    for argv, classes in [(["pentomino.xc", "-p", "width=15", "-p", "height=4"], "368"),
                          (["pentomino.xc", "-p", "width=8", "-p", "height=8", "-p", "hole=2"], "65"),
                          (["soma.xc"], "240")]:
        assert main(["count", str(PUZZLES / argv[0]), *argv[1:], "--up-to-symmetry", "--stats"]) == 0
        out, err = capsys.readouterr()
        assert out == classes + "\n" and (" fixed by each: " in err or "(symmetry breaking)" in err)
    assert main(["count", str(PUZZLES / "pentomino.xc"), "--up-to-symmetry", "--seed", "2"]) == 2
    capsys.readouterr()
    assert main(["count", str(PUZZLES / "matrix.xc"), "--up-to-symmetry"]) == 2
    assert "states no symmetry" in capsys.readouterr().err


def test_a_symmetric_board_of_dominoes_from_a_model():
    from excover import loads

    text = """primary cell(r, c) for r in 1..2 for c in 1..4
symmetry cell(r, c) at (r, c) for r in 1..2 for c in 1..4
option cell(r, c) cell(r, c + 1) for r in 1..2 for c in 1..3
option cell(1, c) cell(2, c) for c in 1..4
"""
    model = loads(text)
    from excover._symmetry import count_model_classes

    found = count_model_classes(model.problem, model.symmetries, model.forced)
    assert (found.count, found.group, sorted(found.fixed)) == (4, 4, [3, 3, 5, 5])


@pytest.mark.parametrize("statement, message", [
    ("symmetry ghost(r) at (r, 1) for r in 1..2", r"item ghost\(1\) is not declared"),
    ("symmetry cell(r) at r for r in 1..2", "a tuple of 2 or 3 integers"),
    ("symmetry cell(r) at (r, 1, 1, 1) for r in 1..2", "a tuple of 2 or 3 integers"),
])
def test_symmetry_statements_that_cannot_be_are_errors_with_their_place(statement, message):
    from excover import ModelError, loads

    with pytest.raises(ModelError, match=message) as raised:
        loads(f"primary cell(r) for r in 1..2\noption cell(r) for r in 1..2\n{statement}\n")
    assert raised.value.line == 3


def orbits(problem, permutations):
    """The classes of solutions found the long way: every solution, and each one's images."""
    from excover._symmetry import group

    elements = group(permutations, len(problem.options))
    seen, classes = set(), 0
    for solution in problem.search().solutions():
        key = frozenset(solution)
        if key in seen:
            continue
        classes += 1
        seen.update(frozenset(element[k] for k in solution) for element in elements)
    return classes


@pytest.mark.heavy
@pytest.mark.parametrize("name, params", [
    ("pentomino.xc", {"width": "20", "height": "3"}),
    ("pentomino.xc", {"width": "8", "height": "8", "hole": "2"}),  # 520 in 65 classes
    ("soma.xc", {}),  # 11520 solutions, 240 classes
    ("tcube.xc", {"width": "4", "height": "4", "depth": "2"}),  # tees any number of times: 4 in 2 classes
])
def test_burnside_agrees_with_the_orbits_found_one_by_one(name, params):
    from excover._symmetry import count_model_classes, lattice_permutations

    model = evaluate_file(PUZZLES / name, params)
    found = count_model_classes(model.problem, model.symmetries, breaking=False)
    assert found.count == orbits(model.problem, lattice_permutations(model.problem, model.symmetries.points))
    assert found.fixed[0] == model.problem.count()
    assert count_model_classes(model.problem, model.symmetries).count == found.count


def model_generators(problem, symmetries):
    """Every symmetry a model states, as option permutations that generate its group (the
    relabellings by their swap and turn): for the long way round."""
    from excover._symmetry import Relabelling, lattice_permutations, option_permutation

    found = lattice_permutations(problem, symmetries.points, symmetries.lattice) if symmetries.points else []
    found += [option_permutation(problem, symmetry) for symmetry in symmetries.maps]
    for lines in symmetries.relabellings:
        relabelling = Relabelling(lines)
        found += [option_permutation(problem, relabelling.item_map(moved)) for moved in relabelling.generators()]
    return found


def orbits_with_clues(problem, generators, forced):
    """The classes of the solutions that hold the forced options under the symmetries that
    keep them, found one by one."""
    from excover._symmetry import group

    kept = set(forced)
    elements = [element for element in group(generators, len(problem.options)) if {element[k] for k in kept} == kept]
    seen, classes = set(), 0
    for solution in problem.search(forced=forced).solutions():
        key = frozenset(solution)
        if key not in seen:
            classes += 1
            seen.update(frozenset(element[k] for k in solution) for element in elements)
    return classes


@pytest.mark.parametrize("n, classes", [(1, 1), (4, 1), (5, 2), (6, 1), (7, 6), (8, 12), (9, 46), (10, 92)])
def test_queens_up_to_the_boards_symmetries(n, classes):
    """OEIS A002562, from queens.xc's two item maps (transpose, mirror): they make all 8."""
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / "queens.xc", {"n": str(n)})
    found = count_model_classes(model.problem, model.symmetries)
    assert (found.count, found.group) == (classes, 8 if n > 1 else 1)


@pytest.mark.parametrize("n, classes", [(3, 1), (4, 1), (5, 0), (7, 26), (8, 150)])
def test_langford_pairs_up_to_reading_backwards(n, classes):
    """OEIS A014552, which counts a sequence and its reversal once."""
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / "langford.xc", {"n": str(n)})
    assert count_model_classes(model.problem, model.symmetries).count == classes


def test_sudoku_digits_are_interchangeable_by_cycle_types():
    """sudoku.xc says its symbols are interchangeable: 288 4x4 grids, 12 classes, counted from
    one relabelling of each of the 5 cycle types of 4 digits (24 relabellings)."""
    from excover._symmetry import count_model_classes

    model = shipped.model("sudoku.xc", givens="empty", box_rows="2", box_cols="2")
    found = count_model_classes(model.problem, model.symmetries)
    assert (found.count, found.group, found.fixed, found.times) == (12, 24, (288, 0, 0, 0, 0), (1, 6, 3, 8, 6))


@pytest.mark.parametrize("givens", ["1234............", "12..34..........", "1...............", "12..............",
                                    "1.......2.......", "1....1.........."])
def test_with_clues_the_classes_are_under_the_symmetries_that_keep_them(givens):
    """With clues, the relabellings that keep them are searched for; the count agrees with
    the orbits found one by one (under the whole group, filtered)."""
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / "sudoku.xc", {"givens": givens, "box_rows": "2", "box_cols": "2"})
    found = count_model_classes(model.problem, model.symmetries, model.forced)
    generators = model_generators(model.problem, model.symmetries)
    assert found.count == orbits_with_clues(model.problem, generators, model.forced)
    assert found.fixed[0] == model.problem.count(forced=model.forced)


def test_a_9x9_sudoku_with_clues_has_one_class_among_362880_relabellings():
    """Too many relabellings to take one by one (9! of them): the search for those that keep
    the clues finds the identity alone, at once."""
    from excover._symmetry import count_model_classes

    model = shipped.model("sudoku.xc")
    found = count_model_classes(model.problem, model.symmetries, model.forced)
    assert (found.count, found.group, found.fixed) == (1, 1, (1,))


@pytest.mark.heavy
def test_the_language_example_sudoku_grids_essentially_different():
    """docs/language.md's 4x4 model: 288 grids, 2 essentially different under 3,072
    symmetries, by cycle types (128 x 5 counts); the same, one symmetry at a time."""
    import re

    from excover import loads
    from excover._symmetry import classes_under, count_model_classes

    docs = (PUZZLES.parent / "docs" / "language.md").read_text()
    example = next(block for block in re.findall(r"```xc\n(.*?)```", docs, re.S) if "essentially" in block)
    model = loads(example)
    found = count_model_classes(model.problem, model.symmetries)
    assert (found.count, found.group, len(found.fixed)) == (2, 3072, 128 * 5)
    assert classes_under(model.problem, model_generators(model.problem, model.symmetries)).count == 2


def test_jigsaw_digits_interchangeable():
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / "jigsaw.xc", {"givens": "empty"})
    found = count_model_classes(model.problem, model.symmetries)
    assert found.count == orbits(model.problem, model_generators(model.problem, model.symmetries))


@pytest.mark.parametrize("n", range(1, 8))
def test_cycle_types_count_every_permutation_once(n):
    from math import factorial

    from excover._symmetry import Relabelling, cycles

    types = list(Relabelling((tuple(f"v{k}" for k in range(n)),)).cycle_types())
    assert sum(alike for _, alike in types) == factorial(n)
    shapes = [tuple(sorted(len(cycle) for cycle in cycles(moved))) for moved, _ in types]
    assert len(set(shapes)) == len(shapes) and shapes[0] == (1,) * n  # each type once, the identity first


PERMUTED = """primary cell(r, c) for r in 1..2 for c in 1..2
primary row(r, d) for r in 1..2 for d in 1..2
secondary tag(k) for k in 1..2
primary loose [0..1]
option cell(r, c) row(r, d) for r in 1..2 for c in 1..2 for d in 1..2
"""


@pytest.mark.parametrize("statement, message", [
    ("symmetry cell(1, 1) -> cell(1, 2), cell(1, 1) -> cell(2, 2)", r"cell\(1, 1\) is sent to two items"),
    ("symmetry cell(1, 1) -> cell(1, 2)", r"item cell\(1, 2\) is an image but is sent nowhere"),
    ("symmetry cell(1, 1) -> cell(1, 2), cell(2, 2) -> cell(1, 2)", r"are both sent to cell\(1, 2\)"),
    ("symmetry cell(1, 1) -> tag(1), tag(1) -> cell(1, 1)", "an item of another kind"),
    ("symmetry cell(1, 1) -> loose, loose -> cell(1, 1)", "an item of another kind"),
    ("symmetry cell(1, 1) -> ghost", r"item ghost is not declared"),
    ("symmetry permute d: row(r, d) for r in 1..2", "the `for` clauses must give d its values"),
    ("symmetry permute d: row(1, 1) for d in 1..2", r"row\(1, 1\) is the same item for two values of d"),
    ("symmetry permute d: row(r, d) row(d, r) for r in 1..2 for d in 1..2", r"is on two lines"),
    ("symmetry permute d: row(r, d) for r in 1..2 for d in [[1], [2]]", "must be numbers, texts or tuples"),
    ("symmetry permute d: row(r, d) for r in 1..2 for d in 1..3", r"item row\(1, 3\) is not declared"),
])
def test_symmetry_maps_and_permutes_that_cannot_be_are_errors_with_their_place(statement, message):
    from excover import ModelError, loads

    with pytest.raises(ModelError, match=message) as raised:
        loads(PERMUTED + statement + "\n")
    assert raised.value.line == 6


def test_a_stated_map_that_moves_an_option_to_none_is_left_out_with_the_reason():
    """Counted up to the group of the symmetries that are ones: here the identity alone,
    and the notes say which was left out, why, and that no symmetry is left."""
    from excover import loads
    from excover._symmetry import count_model_classes

    model = loads(PERMUTED + "symmetry cell(1, 1) -> row(1, 1), row(1, 1) -> cell(1, 1)\n")
    found = count_model_classes(model.problem, model.symmetries)
    assert (found.count, found.group, found.kept) == (model.problem.count(), 1, ())
    left_out, alone = found.notes
    assert "the map cell(1, 1) -> row(1, 1), row(1, 1) -> cell(1, 1) is no symmetry" in left_out
    assert "would go to no option" in left_out
    assert "no symmetry but the identity" in alone
    with pytest.raises(ModelError, match="not a symmetry of the problem: option .* would go to no option"):
        count_classes(model.problem, list(model.symmetries.maps))  # stated in Python: refused


def board_images(rows):
    """The 8 images of a square board of text under its turns and mirrors (independently of
    excover: by reversing and transposing strings)."""
    images = []
    for board in (rows, [row[::-1] for row in rows]):
        for _ in range(4):
            board = ["".join(column) for column in zip(*board[::-1])]  # a quarter turn
            images.append(tuple(board))
    return set(images)


@pytest.mark.parametrize("n, classes", [(6, 1), (8, 12)])
def test_run_up_to_symmetry_shows_one_solution_of_each_class(n, classes, capsys):
    from excover.cli import main

    assert main(["run", str(PUZZLES / "queens.xc"), "-p", f"n={n}", "--all", "--up-to-symmetry",
                 "--format", "grid"]) == 0
    boards = [block.split("\n") for block in capsys.readouterr().out.strip().split("\n\n")]
    assert len(boards) == classes
    assert all(len({row.index("Q") for row in board}) == n for board in boards)  # one queen a row and column
    seen = set()
    for board in boards:
        assert tuple(board) not in seen  # no two shown are images of each other
        seen |= board_images(board)
    assert len(seen) == (4 if n == 6 else 92)  # and between them, they stand for every solution


def test_run_up_to_symmetry_with_clues_and_relabellings(capsys):
    from excover.cli import main

    for givens in ("1...............", "12..34.........."):
        params = ["-p", "box_rows=2", "-p", "box_cols=2", "-p", f"givens={givens}"]
        assert main(["count", str(PUZZLES / "sudoku.xc"), *params, "--up-to-symmetry"]) == 0
        classes = int(capsys.readouterr().out)
        assert main(["run", str(PUZZLES / "sudoku.xc"), *params, "--all", "--up-to-symmetry", "--format", "json"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == classes + 1 and f'"solutions": {classes},' in lines[-1]


def test_run_unique_up_to_symmetry(capsys):
    from excover.cli import main

    assert main(["run", str(PUZZLES / "queens.xc"), "-p", "n=6", "--unique", "--up-to-symmetry"]) == 0
    assert "unique up to symmetry" in capsys.readouterr().out
    assert main(["run", str(PUZZLES / "langford.xc"), "--unique", "--up-to-symmetry", "--format", "grid"]) == 3
    assert "several classes up to symmetry (showing 2)" in capsys.readouterr().out
    assert main(["run", str(PUZZLES / "langford.xc"), "--up-to-symmetry", "--jobs", "2"]) == 2
    assert "--up-to-symmetry does not go with --jobs: the least of each class is found by one search" in capsys.readouterr().err


def test_a_group_is_gone_through_up_to_its_limit():
    """A swap and a turn generate every permutation: of 7 points, 5,040 of them, made in full;
    of 8 points, 40,320, refused once more than MOST_SYMMETRIES are made."""
    from excover._symmetry import MOST_SYMMETRIES, group

    def generators(n):
        return [(1, 0, *range(2, n)), (*range(1, n), 0)]
    found = group(generators(7), 7)
    assert len(found) == len(set(found)) == 5040 < MOST_SYMMETRIES and found[0] == tuple(range(7))
    with pytest.raises(ModelError, match="more than 10,000 permutations"):
        group(generators(8), 8)


@pytest.mark.heavy
def test_run_up_to_symmetry_refuses_a_group_too_large_to_go_through(capsys):
    """The least solution of each class is found by going through the group: a sudoku's
    362,880 relabellings are refused (once 10,000 are made, a second and a half)."""
    from excover.cli import main

    assert main(["run", str(PUZZLES / "sudoku.xc"), "-p", "givens=empty", "--up-to-symmetry"]) == 2
    assert "more than 10,000" in capsys.readouterr().err


@pytest.mark.parametrize("name, params", [
    ("pentomino.xc", {"width": "20", "height": "3"}),  # (4x15, 8x8 less its centre, Soma: tested both ways above)
    pytest.param("hexiamonds.xc", {"width": "9", "height": "4"}, marks=pytest.mark.heavy),
    ("tetrahexes.xc", {}),
    ("langford.xc", {"n": "8"}),
    ("queens.xc", {"n": "8"}),
])
def test_symmetry_breaking_counts_what_burnside_counts(name, params):
    """Where symmetry breaking is sound it counts the classes in one smaller search; Burnside
    (every symmetry's fixed solutions) must agree, on every shipped board that has one."""
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / name, params)
    broken = count_model_classes(model.problem, model.symmetries, model.forced)
    counted = count_model_classes(model.problem, model.symmetries, model.forced, breaking=False)
    assert broken.count == counted.count and counted.fixed and broken.group == counted.group
    assert bool(broken.broken) == (name != "queens.xc")  # a queen can sit on a symmetry's axis


def test_symmetry_breaking_is_not_done_where_a_symmetric_solution_could_hide():
    """Dominoes on a 2x2 board: every domino's placement is kept by one of the square's
    mirrors, so no item qualifies; Burnside gives 1 class of the 2 tilings."""
    from excover import loads
    from excover._symmetry import count_model_classes

    model = loads("primary cell(r, c) for r in 1..2 for c in 1..2\nprimary domino [0..*]\n"
                  "symmetry cell(r, c) at (r, c) for r in 1..2 for c in 1..2\n"
                  "option domino cell(r, 1) cell(r, 2) for r in 1..2\noption domino cell(1, c) cell(2, c) for c in 1..2\n")
    found = count_model_classes(model.problem, model.symmetries)
    assert (found.count, found.broken, found.fixed[0]) == (1, "", 2)


def test_bounds_a_cycle_covers_several_times_are_refused_clearly():
    """Four dominoes exactly ([4]) on a 2x4 board: the mirror pairs two dominoes in a cycle,
    which would cover `domino` twice at once: an option cannot say so, and the count says
    why instead of counting wrong. A cycle past an item's most is simply in no solution."""
    from excover import loads
    from excover._symmetry import count_model_classes

    text = ("primary cell(r, c) for r in 1..2 for c in 1..4\nprimary domino [{}]\n"
            "symmetry cell(r, c) at (r, c) for r in 1..2 for c in 1..4\n"
            "option domino cell(r, c) cell(r, c + 1) for r in 1..2 for c in 1..3\n"
            "option domino cell(1, c) cell(2, c) for c in 1..4\n")
    with pytest.raises(ModelError, match=r"covers domino 2 times, and its bounds 4\.\.4"):
        count_model_classes(loads(text.format("4")).problem, loads(text.format("4")).symmetries)
    model = loads(text.format("0..*"))
    assert count_model_classes(model.problem, model.symmetries).count == 4


SMALL = {  # each shipped model that states its symmetries, on a board small enough to list
    "calendar.xc": {"month": "Oct", "day": "6"},
    "hexiamonds.xc": {"width": "9", "height": "4"},
    "jigsaw.xc": {"givens": "empty"},
    "langford.xc": {"n": "7"},
    "pentomino.xc": {"width": "20", "height": "3"},
    "queens.xc": {"n": "8"},
    "soma.xc": {"figure": "67/77"},
    "sudoku.xc": {"box_rows": "2", "box_cols": "2", "givens": "1..............."},
    "tcube.xc": {"width": "4", "height": "4", "depth": "2"},
    "tetrahexes.xc": {},
}


@pytest.mark.parametrize("name", shipped.every())
def test_every_shipped_model_counts_up_to_symmetry_or_says_it_states_none(name):
    """Every shipped model that states symmetries counts its classes as the classes found
    one by one (each solution and its images under the group that keeps the clues); the
    others say they state none."""
    from excover._symmetry import count_model_classes

    if name not in SMALL:
        model = evaluate_file(PUZZLES / name, {})
        assert not model.symmetries
        with pytest.raises(ModelError, match="states no symmetry"):
            count_model_classes(model.problem, model.symmetries, model.forced)
        return
    model = evaluate_file(PUZZLES / name, SMALL[name])
    found = count_model_classes(model.problem, model.symmetries, model.forced)
    generators = model_generators(model.problem, model.symmetries)
    assert found.count == orbits_with_clues(model.problem, generators, model.forced) > 0


def test_interchangeable_values_past_what_can_be_summed_are_refused_at_once():
    """100 interchangeable values have 190,569,292 cycle types: the count says so in a moment
    rather than summing them (it grew past 330 MB for minutes)."""
    from excover import loads
    from excover._symmetry import count_model_classes

    model = loads("primary slot\nprimary val(d) [0..*] for d in 1..100\noption slot val(d) for d in 1..100\n"
                  "symmetry permute d: val(d) for d in 1..100\n")
    with pytest.raises(ModelError, match=r"100 values \(190,569,292 cycle types\).*more than 10,000"):
        count_model_classes(model.problem, model.symmetries)
