"""Counting up to symmetry (excover/_symmetry.py): Burnside's lemma over the group the
symmetries generate, against the published counts of classic tilings."""

from pathlib import Path

import pytest

from excover import ModelError, Problem
from excover._symmetry import count_classes
from excover.language import load

PUZZLES = Path(__file__).parent.parent / "puzzles"


def board_symmetries(width, height, square=False):
    """Generators of a w x h board's symmetries, as maps of its cell items."""
    cells = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    maps = [lambda r, c: (r, width + 1 - c), lambda r, c: (height + 1 - r, c)]
    if square:
        maps.append(lambda r, c: (c, r))
    return [{f"cell({r}, {c})": "cell({}, {})".format(*move(r, c)) for r, c in cells} for move in maps]


@pytest.mark.parametrize("width, height, classes", [(20, 3, 2), (15, 4, 368)])
def test_pentomino_rectangles_up_to_their_symmetries(width, height, classes):
    """Published counts (Haselgrove; Knuth, "Dancing Links"): 3x20 -> 2, 4x15 -> 368."""
    model = load(PUZZLES / "pentomino.xc", {"width": str(width), "height": str(height)})
    found = count_classes(model.problem, board_symmetries(width, height))
    assert (found.count, found.group) == (classes, 4)
    assert found.fixed[0] == classes * 4  # no tiling of these is symmetric


@pytest.mark.slow
@pytest.mark.parametrize("width, height, classes", [(10, 6, 2339), (12, 5, 1010)])
def test_pentomino_rectangles_up_to_their_symmetries_slow(width, height, classes):
    model = load(PUZZLES / "pentomino.xc", {"width": str(width), "height": str(height)})
    assert count_classes(model.problem, board_symmetries(width, height)).count == classes


def test_the_8x8_board_less_its_centre_has_65_tilings_up_to_symmetry():
    """Dana Scott's 1958 count, the first backtracking program's: 65 under the square's 8
    symmetries (520 tilings)."""
    model = load(PUZZLES / "pentomino.xc", {"width": "8", "height": "8", "hole": "2"})
    symmetries = [{name: to for name, to in symmetry.items() if name in {i.name for i in model.problem.primary}}
                  for symmetry in board_symmetries(8, 8, square=True)]
    found = count_classes(model.problem, symmetries)
    assert (found.count, found.group, found.fixed[0]) == (65, 8, 520)


def test_the_soma_cube_has_240_solutions_up_to_rotation_and_reflection():
    """Conway and Guy's 240: the cube's 48 symmetries, its mirrors swapping the two
    mirror-image pieces A and B."""
    model = load(PUZZLES / "soma.xc", {})
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
    model = load(PUZZLES / "pentomino.xc", {"width": "15", "height": "4"})
    with pytest.raises(ModelError, match="not a symmetry"):
        count_classes(model.problem, [{"cell(1, 1)": "cell(1, 2)", "cell(1, 2)": "cell(1, 1)"}])


def test_4x4_sudoku_grids_up_to_relabelling_their_digits():
    """288 full grids; the 24 relabellings of the digits (a swap and a cycle generate them)
    leave 12, none of them fixed by a relabelling but the identity."""
    model = load(PUZZLES / "sudoku.xc", {"givens": "empty", "box_rows": "2", "box_cols": "2"})

    def relabelling(digits):
        return {f"{unit}({k}, {d})": f"{unit}({k}, {digits[d - 1]})"
                for unit in ("row", "col", "box") for k in range(1, 5) for d in range(1, 5)}

    found = count_classes(model.problem, [relabelling([2, 1, 3, 4]), relabelling([2, 3, 4, 1])])
    assert (found.count, found.group, found.fixed) == (12, 24, (288,) + (0,) * 23)


def test_a_models_symmetry_statements_give_its_board_symmetries(capsys):
    """pentomino.xc and soma.xc say where their cells are; the command finds the board's
    symmetries (and the soma mirrors' swap of A and B) itself."""
    from excover.cli import main

    for argv, classes in [(["pentomino.xc", "-p", "width=15", "-p", "height=4"], "368"),
                          (["pentomino.xc", "-p", "width=8", "-p", "height=8", "-p", "hole=2"], "65"),
                          (["soma.xc"], "240")]:
        assert main(["count", str(PUZZLES / argv[0]), *argv[1:], "--up-to-symmetry", "--stats"]) == 0
        out, err = capsys.readouterr()
        assert out == classes + "\n" and " symmetries; fixed by each: " in err
    assert main(["count", str(PUZZLES / "pentomino.xc"), "--up-to-symmetry", "--jobs", "2"]) == 2
    assert main(["count", str(PUZZLES / "sudoku.xc"), "--up-to-symmetry"]) == 2
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

    found = count_model_classes(model.problem, model.lattice, model.forced)
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


@pytest.mark.parametrize("name, params", [
    ("pentomino.xc", {"width": "20", "height": "3"}),
    ("pentomino.xc", {"width": "8", "height": "8", "hole": "2"}),  # 520 in 65 classes
    ("soma.xc", {}),  # 11520 solutions, 240 classes
    ("tcube.xc", {"width": "4", "height": "4", "depth": "2"}),  # tees any number of times: 4 in 2 classes
])
def test_burnside_agrees_with_the_orbits_found_one_by_one(name, params):
    from excover._symmetry import count_model_classes, lattice_permutations

    model = load(PUZZLES / name, params)
    found = count_model_classes(model.problem, model.lattice)
    assert found.count == orbits(model.problem, lattice_permutations(model.problem, model.lattice))
    assert found.fixed[0] == model.problem.count()
