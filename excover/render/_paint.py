"""What a solution paints: the values its options `show` on their cells, and where those cells
lie; shared by the terminal's pictures (render._terminal), the plain texts (render._text) and
the SVG (render.svg)."""

from __future__ import annotations

import math
import re
from typing import Any

import attrs

from excover._model import Solution

PALETTE = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
           "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
           "#808000", "#ffd8b1", "#000075", "#a9a9a9"]
DARK = {"#e6194b", "#4363d8", "#911eb4", "#008080", "#9a6324", "#800000", "#808000", "#000075", "#3cb44b"}


@attrs.frozen
class Paint:
    text: str
    piece: int  # which chosen option painted the cell
    shared: bool  # whether that option paints several cells


def painted(solution: Solution) -> dict[Any, Paint]:
    """Cell -> what the chosen options show there."""
    cells: dict[Any, Paint] = {}
    for piece, option in enumerate(solution.options):
        show = option.show
        for cell, value in show.items():
            cells[cell] = Paint(str(value), piece, len(show) > 1)
    return cells


def painted_cells(solution: Solution) -> dict[Any, Any]:
    """Cell -> shown value (a lighter `painted`, for text and JSON)."""
    cells: dict[Any, Any] = {}
    for option in solution.options:
        cells.update(option.show)
    return cells


MAX_PICTURE_CELLS = 250_000  # a drawing larger than this (a stray far-off cell) becomes the table


def spans(cells) -> tuple[range, ...]:
    """The rows, columns (and layers) the cells reach, each from its least to its greatest."""
    return tuple(range(min(k[axis] for k in cells), max(k[axis] for k in cells) + 1)
                 for axis in range(len(next(iter(cells)))))


def grid_spans(cells, dimension: int) -> tuple[range, ...] | None:
    """The spans of the cells when they are positions of a `dimension`-D grid small enough
    to draw; else None (the solution is drawn as a table)."""
    if not cells or not all(isinstance(k, tuple) and len(k) == dimension and all(isinstance(v, int) for v in k)
                            for k in cells):
        return None
    found = spans(cells)
    return found if math.prod(len(span) for span in found) <= MAX_PICTURE_CELLS else None


def natural(name: str) -> list:
    """Sorting key: numbers inside names in numeric order (column(2) before column(10))."""
    return [int(part) if k % 2 else part for k, part in enumerate(re.split(r"(\d+)", name))]


def common_base(names: list[str]) -> tuple[str | None, list[str]]:
    """("column", ["1", "2"]) for names column(1), column(2); (None, names) otherwise."""
    parts = [part for name in names if (part := re.fullmatch(r"(\w+)\((.*)\)", name)) is not None]
    if names and len(parts) == len(names) and len({part[1] for part in parts}) == 1:
        return parts[0][1], [part[2] for part in parts]
    return None, names
