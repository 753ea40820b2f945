"""pentomino.xc, soma.xc and tcube.xc against published counts and independent checkers."""

from pathlib import Path

import pytest

from excover.language import evaluate_file

import shipped
from tiling_rules import congruent, is_tiling

PUZZLES = Path(__file__).parent.parent / "puzzles"

PENTOMINOES = {  # written out independently of excover's piece library
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)], "I": [(0, k) for k in range(5)],
    "L": [(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)], "N": [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)], "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)], "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}
SOMA = {
    "V": [(0, 0, 0), (0, 1, 0), (1, 0, 0)], "L": [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0)],
    "T": [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0)], "Z": [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0)],
    "A": [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 0, 1)], "B": [(0, 0, 0), (0, 1, 0), (1, 0, 0), (0, 1, 1)],
    "P": [(0, 0, 0), (0, 1, 0), (1, 0, 0), (0, 0, 1)],
}


def count(model_name, **params):
    model = evaluate_file(PUZZLES / model_name, {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in params.items()})
    return model.problem.count(forced=model.forced)


def pieces_of(solution):
    return [(option.names[0][6:-1], list(option.data["show"])) for option in solution.options]


@pytest.mark.parametrize("params, expected", [
    pytest.param(dict(unique=True), 2339, marks=pytest.mark.heavy),
    (dict(width=20, height=3), 8),
    (dict(width=8, height=8, hole=2), 520),
    (dict(width=8, height=8, hole=2, unique=True), 65),
    pytest.param(dict(width=15, height=4, unique=True), 368, marks=pytest.mark.heavy),
])
def test_pentomino_counts(params, expected):
    assert count("pentomino.xc", **params) == expected


@pytest.mark.slow
@pytest.mark.parametrize("params, expected", [
    (dict(), 9356), (dict(width=12, height=5), 4040), (dict(width=15, height=4), 1472)])
def test_pentomino_counts_in_full(params, expected):
    assert count("pentomino.xc", **params) == expected


def test_pentominoes_and_the_square_tile_the_8x8_board():
    """Dana Scott's board: the twelve pentominoes and a 2x2 square; the first solutions are
    tilings (their count, 16146 up to symmetry, is in test_symmetry's slow run)."""
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "8", "height": "8", "square": "true"})
    board = [(r, c) for r in range(1, 9) for c in range(1, 9)]
    shapes = {**PENTOMINOES, "O": [(0, 0), (0, 1), (1, 0), (1, 1)]}
    solutions = list(model.problem.solve(limit=20))
    assert len(solutions) == 20
    assert all(is_tiling(pieces_of(solution), board, shapes) for solution in solutions)


def test_pentomino_solutions_are_tilings():
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "20", "height": "3"})
    board = [(r, c) for r in range(1, 4) for c in range(1, 21)]
    solutions = list(model.problem.solve())
    assert len(solutions) == 8
    assert all(is_tiling(pieces_of(s), board, PENTOMINOES) for s in solutions)


@pytest.mark.parametrize("figure, expected", [
    ("333/333/333", 11520), ("345/234/123", 2800), ("3330000/0033300/0000333", 28), ("67/77", 1520)])
def test_soma_counts(figure, expected):
    assert count("soma.xc", figure=figure) == expected


def test_soma_solutions_use_each_piece_turned_but_never_mirrored():
    model = shipped.model("soma.xc")
    cube = [(r, c, z) for r in range(1, 4) for c in range(1, 4) for z in range(1, 4)]
    for solution in model.problem.solve(limit=50):
        assert is_tiling(pieces_of(solution), cube, SOMA, reflect=False)


T = [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0)]


def brute_force_tee_tilings(width, height, depth):
    """Count tilings by filling the first empty cell every possible way (no exact-cover code)."""
    from itertools import permutations, product

    cells = {(r, c, z) for r in range(height) for c in range(width) for z in range(depth)}
    shapes = set()
    for axes in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            turned = [tuple(signs[k] * cell[axes[k]] for k in range(3)) for cell in T]
            lows = [min(cell[k] for cell in turned) for k in range(3)]
            shapes.add(tuple(sorted(tuple(v - lo for v, lo in zip(cell, lows)) for cell in turned)))
    order = sorted(cells)

    def fill(empty):
        if not empty:
            return 1
        first = min(empty)
        total = 0
        for shape in shapes:
            for anchor in shape:
                placed = {tuple(f + s - a for f, s, a in zip(first, cell, anchor)) for cell in shape}
                if placed <= empty:
                    total += fill(empty - placed)
        return total

    return fill(frozenset(order))


@pytest.mark.parametrize("engine", ["native", "python"])
@pytest.mark.parametrize("width, height, depth", [(4, 4, 1), (4, 2, 2), (4, 4, 2), (2, 4, 4), (3, 4, 2)])
def test_tcube_counts_on_small_boxes_agree_with_brute_force(engine, width, height, depth, monkeypatch):
    monkeypatch.setenv("EXCOVER_ENGINE", engine)
    assert count("tcube.xc", width=width, height=height, depth=depth) == brute_force_tee_tilings(width, height, depth)


def test_tcube_6x6x6_has_a_solution_made_of_54_tees():
    model = evaluate_file(PUZZLES / "tcube.xc")
    solution = model.problem.first()
    assert solution is not None and len(solution) == 54 and model.problem.is_solution(solution)
    cube = {(r, c, z) for r in range(1, 7) for c in range(1, 7) for z in range(1, 7)}
    assert all(congruent(option.data["show"], T) for option in solution.options)
    assert {cell for option in solution.options for cell in option.data["show"]} == cube
