"""Tilings of the hexagonal and triangular lattices, drawn in the terminal with the slants
and bars of their edges (see excover._geometry for the cells' coordinates).

A hexagon (row, column) is five characters wide and three lines tall, its centre at
x = 2 * column + 2, y = 2 * row + 1; neighbours share their edges' characters::

     / \\ / \\
    | A | B |
     \\ / \\ /

A triangle (row, column) is three lines tall, its row's lines 3 * row to 3 * row + 2, and
triangles are three characters apart (x = 3 * column + 3); the text sits on the middle
line, between the slants, and a flat side is a bar of underscores::

      /\\    /\
     /A \\B /C \
    /____\\/____\

An edge is drawn where the cells on its two sides belong to different pieces (or one side
is off the board); inside a piece it is left out and coloured as the piece, so that each
piece reads as one coloured shape with its letter in each cell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from excover._geometry import HEXAGONAL

Spot = tuple[int, int]  # (x, y) on the character canvas
Cell = tuple[int, int]  # (row, column) of the lattice


def _hexagon(r: int, c: int) -> tuple[list[tuple[Spot, str, Cell]], list[Spot], Spot]:
    """A hexagon's edges (spot, character, the cell across), the spots inside it, and where
    its text starts (three characters)."""
    x, y = 2 * c + 2, 2 * r + 1
    edges = [((x - 2, y), "|", (r, c - 2)), ((x + 2, y), "|", (r, c + 2)),
             ((x - 1, y - 1), "/", (r - 1, c - 1)), ((x + 1, y - 1), "\\", (r - 1, c + 1)),
             ((x - 1, y + 1), "\\", (r + 1, c - 1)), ((x + 1, y + 1), "/", (r + 1, c + 1))]
    return edges, [(x - 1, y), (x, y), (x + 1, y), (x, y - 1), (x, y + 1)], (x - 1, y)


def _triangle(r: int, c: int) -> tuple[list[tuple[Spot, str, Cell]], list[Spot], Spot]:
    """The same for a triangle (its text: two characters)."""
    x, top = 3 * c + 3, 3 * r
    if (r + c) % 2 == 0:  # pointing up: its flat side at the bottom
        edges = [((x - 1 - k, top + k), "/", (r, c - 1)) for k in range(3)]
        edges += [((x + k, top + k), "\\", (r, c + 1)) for k in range(3)]
        edges += [((x + k, top + 2), "_", (r + 1, c)) for k in range(-2, 2)]
        return edges, [(x - 1, top + 1), (x, top + 1)], (x - 1, top + 1)
    edges = [((x - 3 + k, top + k), "\\", (r, c - 1)) for k in range(3)]
    edges += [((x + 2 - k, top + k), "/", (r, c + 1)) for k in range(3)]
    edges += [((x + k, top - 1), "_", (r - 1, c)) for k in range(-2, 2)]
    return edges, [(x + k, top) for k in range(-2, 2)] + [(x - 1, top + 1), (x, top + 1)], (x - 1, top + 1)


def _bars_through_corners(canvas: dict[Spot, tuple[str, str]], cells) -> None:
    """A bar of underscores that passes a triangle's tip (the tip of one pointing up, above
    it; of one pointing down, below it) goes on through the tip's two spots, so that a
    straight edge is drawn straight."""
    for r, c in cells:
        x = 3 * c + 3
        y = 3 * r - 1 if (r + c) % 2 == 0 else 3 * r + 2
        tip = [(x - 1, y), (x, y)]
        ends = [canvas.get((x - 2, y), ("", ""))[0], canvas.get((x + 1, y), ("", ""))[0]]
        if ends == ["_", "_"] and all(canvas.get(spot, (" ", ""))[0] == " " for spot in tip):
            for spot in tip:
                canvas[spot] = ("_", "")


def plane_lines(cells: dict, lattice: str, group: Callable[[Cell], Any],
                text_of: Callable[[Cell], str], style_of: Callable[[Cell], str], spots: dict | None = None) -> list:
    """The picture's lines (rich Text): each cell's text at its centre, edges between groups.
    With `spots`, each cell's text's (x, y) on those lines is recorded there."""
    from rich.text import Text

    shape, width = (_hexagon, 3) if lattice == HEXAGONAL else (_triangle, 2)
    canvas: dict[Spot, tuple[str, str]] = {}
    for cell in cells:
        edges, inside, (x, y) = shape(*cell)
        here, style = group(cell), style_of(cell)
        for spot, mark, across in edges:
            if here != group(across):
                canvas[spot] = (mark, "")
            elif spot not in canvas:
                canvas[spot] = (" ", style)
        for spot in inside:
            canvas[spot] = (" ", style)
        for k, mark in enumerate(text_of(cell)[:width].center(width)):
            canvas[x + k, y] = (mark, style)
    if lattice != HEXAGONAL:
        _bars_through_corners(canvas, cells)
    if not canvas:
        return []
    left = min(x for x, _ in canvas)
    top = min(y for _, y in canvas)
    if spots is not None:
        for cell in cells:
            x, y = shape(*cell)[2]
            spots[cell] = (x - left, y - top)
    lines = []
    for y in range(top, max(y for _, y in canvas) + 1):
        line = Text()
        row = sorted((x, mark) for (x, at), mark in canvas.items() if at == y)
        column = left
        for x, (mark, style) in row:
            line.append(" " * (x - column))
            line.append(mark, style=style)
            column = x + 1
        line.rstrip()
        lines.append(line)
    return lines
