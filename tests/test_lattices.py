"""The hexagonal and triangular lattices (excover/_geometry.py): shapes, boards, the piece
sets, their tilings against Polyform Puzzler's counts and an independent checker (plain
Euclidean geometry in tiling_rules), the `lattice` statement, and the pictures."""

from pathlib import Path

import pytest
from tiling_rules import free_polyforms, is_plane_tiling, plane_congruent, plane_images, plane_neighbours

from excover import ModelError, loads
from excover._geometry import (
    HEXAGONAL,
    HEXIAMONDS,
    PENTAHEXES,
    TETRAHEXES,
    TETRIAMONDS,
    TRIANGULAR,
    Shape,
    from_plane,
    parallelogram,
    plane_maps,
    to_plane,
    triangle,
)
from excover.language import evaluate_file

PUZZLES = Path(__file__).parent.parent / "puzzles"


@pytest.mark.parametrize("lattice, counts", [(TRIANGULAR, [1, 1, 1, 3, 4, 12]), (HEXAGONAL, [1, 1, 3, 7, 22])])
def test_the_independent_enumeration_finds_the_published_numbers_of_free_polyforms(lattice, counts):
    """OEIS A000577 (polyiamonds) and A000228 (polyhexes): the checker the tests trust."""
    assert [len(free_polyforms(n, lattice)) for n in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("pieces, size, lattice", [(HEXIAMONDS, 6, TRIANGULAR), (TETRAHEXES, 4, HEXAGONAL),
                                                   (TETRIAMONDS, 4, TRIANGULAR), (PENTAHEXES, 5, HEXAGONAL)])
def test_the_piece_sets_are_every_free_polyform_once(pieces, size, lattice):
    expected = set(free_polyforms(size, lattice))
    found = {min(plane_images(shape.cells, lattice)) for shape in pieces.values()}
    assert found == expected and len(pieces) == len(expected)


@pytest.mark.parametrize("pieces, lattice", [(HEXIAMONDS, TRIANGULAR), (TETRAHEXES, HEXAGONAL),
                                             (TETRIAMONDS, TRIANGULAR), (PENTAHEXES, HEXAGONAL)])
def test_orientations_are_the_distinct_images_under_the_12_symmetries(pieces, lattice):
    for shape in pieces.values():
        turned = shape.orientations()
        assert len(turned) == len(plane_images(shape.cells, lattice))
        assert all(plane_congruent(each.cells, shape.cells, lattice) for each in turned)
        assert len(shape.orientations(reflect=False)) * (1 if len(turned) < 12 and _mirror_symmetric(shape) else 2) \
            == len(turned)


def _mirror_symmetric(shape):
    mirrored = [(r, -c) for r, c in shape.cells]
    return Shape(mirrored, shape.lattice).cells in {each.cells for each in shape.orientations(reflect=False)}


@pytest.mark.parametrize("lattice", [HEXAGONAL, TRIANGULAR])
def test_plane_coordinates_and_the_12_maps(lattice):
    cells = [(r, c) for r in range(-3, 4) for c in range(-5, 6) if lattice == TRIANGULAR or (r + c) % 2 == 0]
    assert all(from_plane(to_plane(cell, lattice), lattice) == cell for cell in cells)
    maps = plane_maps(lattice)
    assert len(maps) == 12
    for move in maps:  # each keeps neighbours neighbours
        for cell in cells:
            assert {move(n) for n in plane_neighbours(cell, lattice)} == set(plane_neighbours(move(cell), lattice))
    turn = maps[1]
    cell = (0, 2) if lattice == HEXAGONAL else (0, 1)
    images = [cell]
    for _ in range(6):
        images.append(turn(images[-1]))
    assert images[6] == cell and len(set(images[:6])) == 6  # a sixth of a turn, six times


@pytest.mark.parametrize("lattice", [HEXAGONAL, TRIANGULAR])
def test_boards(lattice):
    per = 1 if lattice == HEXAGONAL else 2
    board = parallelogram(7, 4, lattice)
    assert len(board) == 28 * per and min(r for r, _ in board) == 1
    assert all((r + c) % 2 == 0 for r, c in board) or lattice == TRIANGULAR
    side = triangle(5, lattice)
    assert len(side) == (15 if lattice == HEXAGONAL else 25)
    assert len(plane_images(side, lattice)) == 2  # a triangle: its 6 symmetries leave 2 of the 12 images
    assert len(plane_images(board, lattice)) == 6  # a parallelogram: only its half turn
    with pytest.raises(ValueError):
        parallelogram(0, 3, lattice)
    with pytest.raises(ValueError):
        triangle(3, "square")


def test_text_of_shapes_on_the_plane_lattices():
    assert Shape.from_text("v^v / ^v^", TRIANGULAR).cells == Shape.from_text(".v^v / .^v^", TRIANGULAR).cells
    assert len(Shape.from_text("# # #\n # #", HEXAGONAL)) == 5
    with pytest.raises(ValueError, match="row \\+ column is even"):
        Shape.from_text("##", HEXAGONAL)
    with pytest.raises(ValueError, match="cannot point that way"):
        Shape.from_text("^^", TRIANGULAR)


@pytest.mark.parametrize("name, params, count, classes", [
    pytest.param("hexiamonds.xc", {}, 624, 156, marks=pytest.mark.heavy),
    pytest.param("hexiamonds.xc", {"width": "9", "height": "4"}, 148, 74, marks=pytest.mark.heavy),
    ("hexiamonds.xc", {"width": "12", "height": "3"}, 0, 0),
    ("tetrahexes.xc", {}, 18, 9),
    ("tetrahexes.xc", {"side": "7"}, 0, 0),
])
def test_polyform_puzzlers_counts(name, params, count, classes):
    """Polyform Puzzler's documented counts (up to the board's symmetries): hexiamonds in a
    6x6 rhombus 156, a 4x9 parallelogram 74, a 3x12 one none; tetrahexes in a 4x7
    parallelogram 9, a triangle of side 7 none."""
    from excover._symmetry import count_model_classes

    model = evaluate_file(PUZZLES / name, params)
    assert model.problem.count() == count
    assert count_model_classes(model.problem, model.symmetries).count == classes


@pytest.mark.parametrize("name, pieces, lattice", [pytest.param("hexiamonds.xc", HEXIAMONDS, TRIANGULAR, marks=pytest.mark.heavy),
                                                    ("tetrahexes.xc", TETRAHEXES, HEXAGONAL)])
def test_the_solutions_are_tilings(name, pieces, lattice):
    model = evaluate_file(PUZZLES / name, {})
    board = {cell for option in model.problem.options for cell in option.show}
    for solution in model.problem.solve(limit=40):
        placed = [(option.names[0][6:-1], list(option.show)) for option in solution.options]
        assert is_plane_tiling(placed, board, {p: shape.cells for p, shape in pieces.items()}, lattice)


@pytest.mark.parametrize("text, message", [
    ("lattice hexagon\n", "the lattices are square, hexagonal, triangular"),
    ("lattice hexagonal\nlattice hexagonal\n", "states its lattice twice"),
    ("let board = parallelogram(3, 2)\n", "not of the square one"),
    ("lattice hexagonal\nlet p = placements(hexiamonds[\"I\"], parallelogram(3, 2))\n",
     "a shape of the triangular lattice, and the model's cells are of the hexagonal one"),
    ("lattice hexagonal\nprimary cell(r, c) for (r, c) in [(1, 2)]\n"
     "symmetry cell(r, c) at (r, c) for (r, c) in [(1, 2)]\n",
     r"\(1, 2\) is no cell of the hexagonal lattice"),
])
def test_lattice_statement_errors_name_their_place(text, message):
    with pytest.raises(ModelError, match=message) as raised:
        loads(text)
    assert raised.value.line == text.count("\n")


def test_shapes_read_on_the_models_lattice():
    model = loads('lattice hexagonal\nlet s = shape("# #\\n # #")\nprimary a\noption a\nrequire len(s.cells) == 4\n')
    assert model.lattice == "hexagonal"


TETRAHEX_PICTURE = r"""
 / \ / \ / \ / \ / \ / \ / \
| I   I   I   I | Y | U   U |
 \ / \ / \ / \ /   /   / \   \
  | J | S | Y   Y | U | P | U |
   \   \   \ / \   \ /   / \ / \
    | J | S   S | Y | P | O   O |
     \   \ / \   \ /     \       \
      | J   J | S | P   P | O   O |
       \ / \ / \ / \ / \ / \ / \ /
""".strip("\n")


def test_hexagons_are_drawn_with_their_edges_between_pieces():
    from rich.console import Console

    from excover.render import picture

    model = evaluate_file(PUZZLES / "tetrahexes.xc", {})
    console = Console(width=100, color_system=None, record=True)
    console.print(picture(next(iter(model.problem.solve(limit=1))), colours=False, **model.drawing))
    assert console.export_text().rstrip("\n") == TETRAHEX_PICTURE


def test_triangles_are_drawn_with_slants_and_bars():
    from rich.console import Console

    from excover.render import picture

    model = loads('lattice triangular\nlet board = parallelogram(2, 1)\nprimary cell(r, c) for (r, c) in board\n'
                  'option "a": cell(1, 2) cell(1, 3) show [(1, 2), (1, 3)] = "A"\n'
                  'option "b": cell(1, 4) show (1, 4) = "B"\noption "c": cell(1, 5) show (1, 5) = "C"\n')
    console = Console(width=100, color_system=None, record=True)
    console.print(picture(next(iter(model.problem.solve(limit=1))), colours=False, **model.drawing))
    assert console.export_text().rstrip("\n").split("\n") == [  # down, up (A); down (B); up (C)
        " __________",  # (the bar goes on through the tip of the triangle pointing up)
        "\\     \\    /\\",
        " \\A  A \\B /C \\",
        "  \\ ____\\/____\\",
    ]


def test_a_board_drawn_as_a_grid():
    """The 4x7 parallelogram of tetrahexes written out as a grid, `.` between the hexagons:
    the same 18 tilings as parallelogram(7, 4)."""
    rows = ["." * r + "#." * 7 for r in range(4)]
    text = "\n".join(rows)
    model = loads(f'lattice hexagonal\nlet board = grid """\n{text}\n"""\n'
                  "primary cell(r, c) for (r, c) in board.cells\nprimary piece(p) for p in tetrahexes\n"
                  "option piece(p) [cell(r, c) for (r, c) in cells]\n"
                  "    for p in tetrahexes for cells in placements(tetrahexes[p], board)\n")
    assert model.problem.count() == 18
