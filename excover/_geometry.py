"""Shapes made of cells on a lattice, their orientations, and the ways to place them inside a
region. The language's built-ins `shape`, `box`, `parallelogram`, `triangle` and
`placements` stand on this module; it knows nothing of items or options.

Three lattices of the plane and one of space:

* **square** (and **cubic**): a cell is (row, column), or (row, column, layer) in space; its
  symmetries are the quarter turns and mirrors (8 in the plane, 48 in space).
* **hexagonal** (polyhexes): a cell (row, column) is a hexagon. The hexagons of a row are two
  columns apart and the next row's sit between them, so row + column is always even: text
  draws a row as marks with blanks between, each row shifted by one, as the board looks.
* **triangular** (polyiamonds): a cell (row, column) is a triangle, pointing up when
  row + column is even and down when it is odd; a row alternates, and each triangle's flat
  side meets the row above (down) or below (up). Text is a character a triangle.

Both have 12 symmetries: turns by a sixth and mirrors. They act linearly on *plane
coordinates* (a, b), in the basis of a step along a row and a step down to the right: for a
hexagon its centre; for a triangle three times its centre (integers, the down triangles
(1, 1) and the up ones (2, 2) modulo 3). A sixth of a turn is (a, b) -> (-b, a + b), a mirror
(a, b) -> (b, a).

A shape is kept normalised: its cells sorted, shifted to the least row and column (in the
plane lattices, by a shift that keeps each cell's kind: the least column may be 1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import add

import attrs

Cell = tuple[int, ...]

SQUARE, HEXAGONAL, TRIANGULAR = "square", "hexagonal", "triangular"
LATTICES = (SQUARE, HEXAGONAL, TRIANGULAR)


def to_plane(cell: Cell, lattice: str) -> tuple[int, int]:
    """A hexagon's or triangle's plane coordinates (see the module docstring)."""
    r, c = cell
    if lattice == HEXAGONAL:
        return (c - r) // 2, r
    if (r + c) % 2 == 0:  # pointing up
        return 3 * ((c - r) // 2) - 1, 3 * r + 2
    return 3 * ((c - r - 1) // 2) + 1, 3 * r + 1


def from_plane(point: tuple[int, int], lattice: str) -> Cell:
    a, b = point
    if lattice == HEXAGONAL:
        return b, 2 * a + b
    if a % 3 == 2:  # pointing up
        r = (b - 2) // 3
        return r, 2 * ((a + 1) // 3) + r
    r = (b - 1) // 3
    return r, 2 * ((a - 1) // 3) + r + 1


def plane_maps(lattice: str, rotate: bool = True, reflect: bool = True) -> list[Callable[[Cell], Cell]]:
    """The 12 symmetries of the hexagonal or triangular lattice about a fixed point, as maps of
    cells: the turns by a sixth (0 to 5 of them), then the same after a mirror."""
    def make(turns: int, mirrored: bool) -> Callable[[Cell], Cell]:
        def move(cell: Cell) -> Cell:
            a, b = to_plane(cell, lattice)
            if mirrored:
                a, b = b, a
            for _ in range(turns):
                a, b = -b, a + b
            return from_plane((a, b), lattice)
        return move
    return [make(turns, mirrored) for mirrored in ((False, True) if reflect else (False,))
            for turns in (range(6) if rotate else range(1))]


POINTING = {"^": 0, "▲": 0, "v": 1, "▼": 1}  # marks of triangles pointing up (0) and down (1)


def _pointing(marks: dict[tuple[int, int], str]) -> list[Cell]:
    """A triangular shape's cells from its text: triangles marked ^ or v (▲, ▼) point as they
    say (the columns shift by one if the first such mark asks it); other marks as they fall."""
    pointed = [(cell, POINTING[mark]) for cell, mark in marks.items() if mark in POINTING]
    shift = 0 if not pointed or _parity(pointed[0][0]) == pointed[0][1] else 1
    for (r, c), way in pointed:
        if (r + c + shift) % 2 != way:
            raise ValueError(f"the triangle marked {marks[r, c]!r} in row {r + 1}, column {c + 1} of the text "
                             "cannot point that way: each triangle points the other way from its neighbours in a row")
    return [(r, c + shift) for r, c in marks]


def corners(cell: Cell, lattice: str) -> list[tuple[float, float]]:
    """A hexagon's or triangle's corners, in order, as (x, y) with y down, the side of a
    triangle (or the distance between neighbouring hexagons' centres) 1."""
    r, c = cell
    height = 3 ** 0.5 / 2  # of a row
    if lattice == HEXAGONAL:
        x, y, rise = c / 2, r * height, 3 ** -0.5
        return [(x, y - rise), (x + 0.5, y - rise / 2), (x + 0.5, y + rise / 2), (x, y + rise),
                (x - 0.5, y + rise / 2), (x - 0.5, y - rise / 2)]
    top, bottom, x = r * height, (r + 1) * height, c / 2
    if _parity(cell) == 0:  # pointing up
        return [(x, top), (x + 0.5, bottom), (x - 0.5, bottom)]
    return [(x - 0.5, top), (x + 0.5, top), (x, bottom)]


def _parity(cell: Cell) -> int:
    return (cell[0] + cell[1]) % 2


def _normalised_on(cells: Iterable[Cell], lattice: str) -> tuple[Cell, ...]:
    cells = list(cells)
    lows = [min(cell[axis] for cell in cells) for axis in range(len(cells[0]))]
    if lattice != SQUARE and (lows[0] + lows[1]) % 2:
        lows[1] -= 1  # a shift by an odd number of cells would turn triangles over
    return tuple(sorted(tuple(v - low for v, low in zip(cell, lows)) for cell in cells))


def _as_cells(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(cells)


@attrs.frozen
class Shape:
    """A polyomino, polycube, polyhex or polyiamond: a non-empty set of cells of a lattice,
    normalised."""

    cells: tuple[Cell, ...] = attrs.field(converter=_as_cells)
    lattice: str = SQUARE

    def __attrs_post_init__(self) -> None:
        cells = tuple(self.cells)
        if not cells:
            raise ValueError("a shape needs at least one cell")
        if self.lattice not in LATTICES:
            raise ValueError(f"no {self.lattice!r} lattice: one of {', '.join(LATTICES)}")
        if len({len(cell) for cell in cells}) != 1 or len(cells[0]) not in (2, 3):
            raise ValueError("a shape's cells are all 2D (row, column) or all 3D (row, column, layer)")
        if self.lattice != SQUARE and len(cells[0]) != 2:
            raise ValueError(f"a {self.lattice} shape's cells are (row, column)")
        if self.lattice == HEXAGONAL and any(_parity(cell) for cell in cells):
            raise ValueError("hexagons sit where row + column is even (a row's two columns apart, the next "
                             "row's between them)")
        if len(set(cells)) != len(cells):
            raise ValueError("a shape names a cell twice")
        object.__setattr__(self, "cells", _normalised_on(cells, self.lattice))

    @classmethod
    def from_text(cls, text: str, lattice: str = SQUARE) -> Shape:
        """``"#.# / ###"`` or the same on several lines: any mark but `.` or a blank is a cell.

        Layers of a 3D shape are separated by ``//`` (or a blank line), lowest layer first.
        On the hexagonal and triangular lattices a mark's column counts (see the module
        docstring): lines keep their blanks (all but those all lines share), and a row after
        `` / `` keeps what follows the one blank after the slash.
        """
        if lattice != SQUARE:
            rows = [row.rstrip() for row in text.split("\n")] if "\n" in text.strip() else \
                [row.rstrip() for row in text.strip().split(" / ")]
            rows = [row for row in rows if row.strip()]
            indent = min((len(row) - len(row.lstrip()) for row in rows), default=0)
            marks = {(r, c): mark for r, row in enumerate(rows) for c, mark in enumerate(row[indent:])
                     if mark not in ". "}
            if not marks:
                raise ValueError(f"no cells in the shape {text.strip()!r}")
            return cls(_pointing(marks) if lattice == TRIANGULAR else list(marks), lattice)
        layers = [layer for layer in text.replace("\n\n", "//").split("//") if layer.strip()]
        cells = []
        for z, layer in enumerate(layers):
            rows = [row.strip() for row in layer.replace("/", "\n").splitlines() if row.strip()]
            for r, row in enumerate(rows):
                for c, mark in enumerate(row):
                    if mark not in ". ":
                        cells.append((r, c, z) if len(layers) > 1 else (r, c))
        if not cells:
            raise ValueError(f"no cells in the shape {text.strip()!r}")
        return cls(cells)

    @property
    def dimension(self) -> int:
        return len(self.cells[0])

    def lifted(self) -> Shape:
        """The same shape as a 3D one (a flat piece lying in one layer)."""
        if self.lattice != SQUARE:
            raise ValueError(f"a {self.lattice} shape lies in the plane")
        return self if self.dimension == 3 else Shape([(*cell, 0) for cell in self.cells])

    def __len__(self) -> int:
        return len(self.cells)

    def orientations(self, rotate: bool = True, reflect: bool = True) -> list[Shape]:
        """The distinct shapes it turns into (4 or 8 in 2D, 24 or 48 in 3D, fewer if symmetric).

        In 2D they come in a fixed order: the shape, then turned a quarter clockwise, a half
        and three quarters, then the same for its mirror image (duplicates left out); so
        ``orientations(s)[0:2]`` are two orientations a quarter turn apart.
        """
        if self.lattice != SQUARE:  # turns by a sixth, then the mirror image's
            found_on: dict[tuple[Cell, ...], Shape] = {}
            for move in plane_maps(self.lattice, rotate, reflect):
                turned = Shape([move(cell) for cell in self.cells], self.lattice)
                found_on.setdefault(turned.cells, turned)
            return list(found_on.values())
        if self.dimension == 2:  # in a fixed order: quarter turns, then the mirror image's
            found: dict[tuple[Cell, ...], Shape] = {}
            for mirrored in (False, True) if reflect else (False,):
                cells = [(r, -c) for r, c in self.cells] if mirrored else list(self.cells)
                for _ in range(4 if rotate else 1):
                    found.setdefault(Shape(cells).cells, Shape(cells))
                    cells = [(c, -r) for r, c in cells]
            return list(found.values())
        moves = _moves(self.dimension, rotate, reflect)
        seen: dict[tuple[Cell, ...], Shape] = {self.cells: self}
        frontier = [self]
        while frontier:  # the closure of the moves: every rotation (and mirror image)
            shape = frontier.pop()
            for move in moves:
                turned = Shape([move(cell) for cell in shape.cells])
                if turned.cells not in seen:
                    seen[turned.cells] = turned
                    frontier.append(turned)
        return sorted(seen.values(), key=lambda shape: shape.cells)

    def __str__(self) -> str:
        if self.lattice != SQUARE:
            present = set(self.cells)
            width = max(c for _, c in self.cells) + 1
            return " / ".join("".join("#" if (r, c) in present else "." for c in range(width))
                              for r in range(max(r for r, _ in self.cells) + 1))
        if self.dimension == 3:
            depth = max(cell[2] for cell in self.cells) + 1
            return " // ".join(_picture([cell[:2] for cell in self.cells if cell[2] == z]) for z in range(depth))
        return _picture(self.cells)


def _picture(cells: Sequence[Cell]) -> str:
    if not cells:
        return "."
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    present = set(cells)
    return " / ".join("".join("#" if (r, c) in present else "." for c in range(width)) for r in range(height))


def _moves(dimension: int, rotate: bool, reflect: bool) -> list[Callable[[Cell], Cell]]:
    """Generators of the symmetry group: quarter turns (about each axis in 3D) and a mirror."""
    moves: list[Callable[[Cell], Cell]] = []
    if rotate:
        if dimension == 2:
            moves.append(lambda cell: (cell[1], -cell[0]))
        else:
            moves += [lambda cell: (cell[1], -cell[0], cell[2]),   # about the layer axis
                      lambda cell: (cell[2], cell[1], -cell[0]),   # about the column axis
                      lambda cell: (cell[0], cell[2], -cell[1])]   # about the row axis
    if reflect:
        moves.append(lambda cell: (cell[0], -cell[1], *cell[2:]))
    return moves


def placements(shape: Shape, region: Iterable[Cell], rotate: bool = True, reflect: bool = True,
               orientations: Sequence[Shape] | None = None) -> list[tuple[Cell, ...]]:
    """Every distinct way to put the shape inside the region, as sorted tuples of cells.

    ``orientations`` restricts the shape to some of its orientations (for symmetry breaking).
    """
    cells = list(region)
    inside = set(cells)
    if cells and len(cells[0]) == 3 and shape.dimension == 2:
        shape = shape.lifted()  # a flat piece in a 3D box
    if cells and len(cells[0]) != shape.dimension:
        raise ValueError(f"a {shape.dimension}D shape cannot be placed in a {len(cells[0])}D region")
    turns = list(orientations) if orientations is not None else shape.orientations(rotate, reflect)
    if any(turned.lattice != shape.lattice for turned in turns):
        raise ValueError("the orientations given are of another lattice than the shape")
    plane = shape.lattice != SQUARE
    found: dict[tuple[Cell, ...], None] = {}
    for turned in turns:
        # A shape's cells are sorted and a shift keeps them so: each placement comes out sorted,
        # the shape's first cell (the anchor) put on each cell of the region in turn.
        anchor = turned.cells[0]
        steps = [tuple(v - a for v, a in zip(cell, anchor)) for cell in turned.cells]
        for target in cells:
            if plane and _parity(target) != _parity(anchor):
                continue  # (a triangle cannot be shifted onto one pointing the other way)
            placed = []
            for step in steps:
                cell = tuple(map(add, target, step))
                if cell not in inside:
                    break
                placed.append(cell)
            else:
                found[tuple(placed)] = None
    return list(found)


def box(*sizes: int) -> list[Cell]:
    """The cells of a box: ``box(w, h)`` is h rows of w columns, from 1; ``box(w, h, d)`` adds layers."""
    if len(sizes) not in (2, 3) or any(size < 1 for size in sizes):
        raise ValueError("box(width, height[, depth]) needs 2 or 3 positive sizes")
    width, height, *depth = sizes
    if not depth:
        return [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    return [(r, c, z) for z in range(1, depth[0] + 1) for r in range(1, height + 1) for c in range(1, width + 1)]


def parallelogram(width: int, height: int, lattice: str) -> list[Cell]:
    """A board of `height` rows of `width` hexagons (or of rhombi, two triangles each), each
    row half a cell to the right of the one above, from row 1."""
    if width < 1 or height < 1:
        raise ValueError("parallelogram(width, height) needs positive sizes")
    rhombi = [(a, b) for b in range(height) for a in range(width)]
    if lattice == TRIANGULAR:
        return _board([(3 * a + 1 + half, 3 * b + 1 + half) for a, b in rhombi for half in (0, 1)], lattice)
    return _board(rhombi, lattice)


def triangle(side: int, lattice: str) -> list[Cell]:
    """A triangular board of the given side, pointing up, from row 1: side * (side + 1) / 2
    hexagons, or side**2 triangles."""
    if side < 1:
        raise ValueError("triangle(side) needs a positive side")
    if lattice == HEXAGONAL:
        points = [(a, b) for b in range(side) for a in range(side) if a + b < side]
    else:  # the rhombi's first halves, and their second halves short of the edge
        points = [(3 * a + 1 + half, 3 * b + 1 + half) for b in range(side) for a in range(side) for half in (0, 1)
                  if a + b + half < side]
    return _board([(a + b, -b) for a, b in points], lattice)  # mirrored top to bottom: the apex up


def _board(points: list[tuple[int, int]], lattice: str) -> list[Cell]:
    """The cells at these plane coordinates, shifted to start at row 1."""
    if lattice not in (HEXAGONAL, TRIANGULAR):
        raise ValueError(f"a parallelogram or triangle is a board of the hexagonal or triangular lattice, "
                         f"not of the {lattice} one")
    return [(r + 1, c + 1) for r, c in _normalised_on([from_plane(point, lattice) for point in points], lattice)]


def _set(pictures: dict[str, str], lattice: str = SQUARE) -> dict[str, Shape]:
    return {name: Shape.from_text(picture, lattice) for name, picture in pictures.items()}


PENTOMINOES = _set({
    "F": ".## / ##. / .#.", "I": "#####", "L": "#... / ####", "N": "##.. / .###", "P": "## / ## / #.",
    "T": "### / .#. / .#.", "U": "#.# / ###", "V": "#.. / #.. / ###", "W": "#.. / ##. / .##",
    "X": ".#. / ### / .#.", "Y": ".#.. / ####", "Z": "##. / .#. / .##",
})
TETROMINOES = _set({"I": "####", "L": "#.. / ###", "O": "## / ##", "S": ".## / ##.", "T": "### / .#."})
SOMA = {name: shape.lifted() for name, shape in _set({  # every irregular shape of at most four cubes
    "V": "## / #.", "L": "### / #..", "T": "### / .#.", "Z": ".## / ##.",
    "A": "## / #. // .. / #.", "B": "## / #. // .# / ..", "P": "## / #. // #. / ..",
}).items()}
CALENDAR = _set({  # the eight pieces of DragonFjord's A-Puzzle-A-Day
    "O": "### / ###", "U": "#.# / ###", "V": "#.. / #.. / ###", "Z": "##. / .#. / .##",
    "L": "#... / ####", "N": "##.. / .###", "Y": ".#.. / ####", "P": "## / ## / #.",
})
TETRAHEXES = _set({  # the seven tetrahexes, named as in Polyform Puzzler
    "I": "# # # #", "J": "# # #\n     #", "P": "# # #\n   #", "S": "# #\n   # #", "U": "#   #\n # #",
    "Y": "#\n # #\n#", "O": "# #\n # #",
}, HEXAGONAL)
PENTAHEXES = _set({  # the twenty-two pentahexes, named as in Polyform Puzzler
    "A": "# #\n # #\n#", "B": "# # #\n   # #", "C": "#     #\n # # #", "D": "# # #\n # #",
    "E": "# # # #\n   #", "F": "# # #\n #   #", "G": "# #   #\n   # #", "H": "#   #\n # #\n#",
    "I": "# # # # #", "J": "# # # #\n       #", "L": "# # #\n     #\n      #", "N": "# # #\n     # #",
    "P": "# # # #\n #", "Q": "# #\n   # #\n    #", "R": "# # #\n     #\n    #", "S": "# #\n   #\n    # #",
    "T": "# # #\n #\n#", "U": "# #\n   #\n# #", "V": "# # #\n #\n  #", "W": "# #\n   # #\n      #",
    "X": "# #\n #\n# #", "Y": "#\n # # #\n#",
}, HEXAGONAL)
TETRIAMONDS = _set({"I": "^v^v", "C": "^v / v^", "T": "v^v / .v"}, TRIANGULAR)  # (Polyform Puzzler's names)
HEXIAMONDS = _set({  # the twelve hexiamonds, named as in Polyform Puzzler (^ and v: which way each points)
    "I": "^v^v^v", "P": "v^v^v / .v", "J": "^v^v^ / v", "E": "^v^v^ / ..v", "V": "^v^v / .^v", "H": "^v^v / ..v^",
    "S": "^v^ / ..v^v", "X": "v^v / ^v^", "C": "v^v^ / ...v^", "G": "^v^v / v^", "F": "^v^v / v.v", "O": "^v^ / v^v",
}, TRIANGULAR)
