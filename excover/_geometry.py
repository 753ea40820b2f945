"""Shapes made of cells on a square (2D) or cubic (3D) lattice, their orientations, and the
ways to place them inside a region. The language's built-ins `shape`, `box` and
`placements` stand on this module; it knows nothing of items or options.

A cell is a tuple of integers, (row, column) in 2D or (row, column, layer) in 3D. A shape is
kept normalised: its cells sorted, the smallest coordinate on every axis zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

Cell = tuple[int, ...]


def _normalised(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    lows = [min(cell[axis] for cell in cells) for axis in range(len(cells[0]))]
    return tuple(sorted(tuple(v - low for v, low in zip(cell, lows)) for cell in cells))


@attrs.frozen
class Shape:
    """A polyomino or polycube: a non-empty set of cells, normalised."""

    cells: tuple[Cell, ...] = attrs.field(converter=_normalised)

    @cells.validator
    def _check(self, attribute, cells) -> None:
        if not cells:
            raise ValueError("a shape needs at least one cell")
        if len({len(cell) for cell in cells}) != 1 or len(cells[0]) not in (2, 3):
            raise ValueError("a shape's cells are all 2D (row, column) or all 3D (row, column, layer)")
        if len(set(cells)) != len(cells):
            raise ValueError("a shape names a cell twice")

    @classmethod
    def from_text(cls, text: str) -> Shape:
        """``"#.# / ###"`` or the same on several lines: any mark but `.` or a blank is a cell.

        Layers of a 3D shape are separated by ``//`` (or a blank line), lowest layer first.
        """
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
        return self if self.dimension == 3 else Shape([(*cell, 0) for cell in self.cells])

    def __len__(self) -> int:
        return len(self.cells)

    def orientations(self, rotate: bool = True, reflect: bool = True) -> list[Shape]:
        """The distinct shapes it turns into (4 or 8 in 2D, 24 or 48 in 3D, fewer if symmetric).

        In 2D they come in a fixed order: the shape, then turned a quarter clockwise, a half
        and three quarters, then the same for its mirror image (duplicates left out); so
        ``orientations(s)[0:2]`` are two orientations a quarter turn apart.
        """
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
    found: dict[tuple[Cell, ...], None] = {}
    for turned in orientations if orientations is not None else shape.orientations(rotate, reflect):
        anchor = turned.cells[0]
        for target in cells:
            offset = tuple(t - a for t, a in zip(target, anchor))
            placed = tuple(tuple(v + o for v, o in zip(cell, offset)) for cell in turned.cells)
            if all(cell in inside for cell in placed):
                found[tuple(sorted(placed))] = None
    return list(found)


def box(*sizes: int) -> list[Cell]:
    """The cells of a box: ``box(w, h)`` is h rows of w columns, from 1; ``box(w, h, d)`` adds layers."""
    if len(sizes) not in (2, 3) or any(size < 1 for size in sizes):
        raise ValueError("box(width, height[, depth]) needs 2 or 3 positive sizes")
    width, height, *depth = sizes
    if not depth:
        return [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    return [(r, c, z) for z in range(1, depth[0] + 1) for r in range(1, height + 1) for c in range(1, width + 1)]


def _set(pictures: dict[str, str]) -> dict[str, Shape]:
    return {name: Shape.from_text(picture) for name, picture in pictures.items()}


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
