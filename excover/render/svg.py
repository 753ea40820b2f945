"""A solution as an SVG picture, drawn as the terminal draws it.

* Tilings: each piece a coloured block with its letter, a heavy line between pieces; cells no
  piece covers white, with their label (the calendar's open date).
* Grids with an outline (the sudoku family): thin lines between cells, heavy lines between
  regions (boxes, jigsaw areas, killer cages), each region's note in its first cell's
  corner (a cage's sum), clues in bold black and the digits the search filled in blue.
* Other grids (queens, Langford): a light chequered board with the values on it.
* 3D solutions: one such drawing per layer, side by side, each with its caption.
* Tilings of the hexagonal and triangular lattices: each cell its polygon, coloured as its
  piece, with heavy lines between pieces.
* Solutions without cells (matchings, raw matrices): a table of the chosen options, a
  column per item, marked where the option names the item (with its colour).
"""

from __future__ import annotations

from html import escape
from typing import Any

from excover._model import Solution
from excover.render._paint import DARK, PALETTE, Paint, common_base, grid_spans, natural, painted, spans

CELL = 44
MARGIN = 12
WALL = 3.5
THIN = 1
CAPTION = 22  # room above a layer for its caption
FONT = "Helvetica, Arial, sans-serif"
BACKGROUND, LINE, INK, FILLED_IN, BOARD = "#fbfbf8", "#222222", "#111111", "#1f4e9c", "#ece9e2"


def svg(solution: Solution, outline: dict | None = None, forced=(), notes: dict | None = None,
        lattice: str = "square") -> str:
    """The SVG picture of a solution; `outline`, `forced`, `notes` and `lattice` as for
    `picture`."""
    cells = painted(solution)
    if lattice != "square" and grid_spans(cells, 2) is not None:
        return _plane(cells, lattice)
    chosen = {index: piece for piece, index in enumerate(solution.indices)}
    clue_pieces = frozenset(chosen[index] for index in forced if index in chosen)
    bare = not cells and outline and grid_spans(outline, 2) is not None  # (a puzzle without its answer)
    if grid_spans(cells, 2) is not None or bare:
        layer = Layer(cells, outline or {}, clue_pieces, notes or {})
        return _document(layer.width + 2 * MARGIN, layer.height + 2 * MARGIN, layer.draw(MARGIN, MARGIN))
    if grid_spans(cells, 3) is not None:
        return _layers(cells)
    return _table(solution)


def _document(width: float, height: float, parts: list[str]) -> str:
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                      f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
                      f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>', *parts, "</svg>"]) + "\n"


def _text(x: float, y: float, text: str, size: float, fill: str = INK, bold: bool = False, anchor: str = "middle",
          baseline: str = "central") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'dominant-baseline="{baseline}" font-weight="{"bold" if bold else "normal"}">{escape(text)}</text>')


def _line(a: float, b: float, c: float, d: float, width: float, colour: str = LINE) -> str:
    return (f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="{colour}" stroke-width="{width}" '
            f'stroke-linecap="round"/>')


class Layer:
    """One 2D layer of cells, drawn in the style its content asks for (see the module)."""

    def __init__(self, cells: dict[tuple[int, int], Paint], outline: dict, clues: frozenset, notes: dict,
                 bounds: tuple[range, range] | None = None) -> None:
        self.cells, self.outline, self.clues, self.notes = cells, outline, clues, notes
        keys = list(cells) + list(outline)
        self.rows, self.cols = bounds or spans(keys)[:2]
        self.width, self.height = len(self.cols) * CELL, len(self.rows) * CELL
        self.tiling = not outline and any(paint.shared for paint in cells.values())

    def group(self, r: int, c: int) -> Any:
        """What a heavy line separates: pieces in a tiling, regions in an outlined grid."""
        if self.tiling:
            paint = self.cells.get((r, c))
            return None if paint is None else paint.piece
        if self.outline:
            return self.outline.get((r, c)) if (r, c) in self.cells or (r, c) in self.outline else None
        return r in self.rows and c in self.cols  # a plain board: only its edge

    def draw(self, left: float, top: float) -> list[str]:
        def x(c):
            return left + (c - self.cols.start) * CELL

        def y(r):
            return top + (r - self.rows.start) * CELL

        parts = []
        if not self.tiling and not self.outline:  # a plain board: every square of it, chequered
            for r in self.rows:
                for c in self.cols:
                    shade = BOARD if (r + c) % 2 else "#ffffff"
                    parts.append(f'<rect x="{x(c)}" y="{y(r)}" width="{CELL}" height="{CELL}" fill="{shade}"/>')
        for (r, c) in sorted(set(self.outline) - set(self.cells)):  # a puzzle's empty cells
            parts.append(f'<rect x="{x(c)}" y="{y(r)}" width="{CELL}" height="{CELL}" fill="#ffffff"/>')
        for (r, c), paint in sorted(self.cells.items()):
            fill, ink = "#ffffff", INK
            if self.tiling and paint.shared:
                fill = PALETTE[paint.piece % len(PALETTE)]
                ink = "#ffffff" if fill in DARK else INK
            elif self.outline and paint.piece not in self.clues:
                ink = FILLED_IN
            if self.tiling or self.outline:
                parts.append(f'<rect x="{x(c)}" y="{y(r)}" width="{CELL}" height="{CELL}" fill="{fill}"/>')
            bold = (self.tiling and not paint.shared) or (bool(self.outline) and paint.piece in self.clues) \
                or (not self.tiling and not self.outline)
            parts.append(_text(x(c) + CELL / 2, y(r) + CELL / 2 + (3 if self.notes else 0), paint.text,
                               18 if len(paint.text) <= 2 else 13, ink, bold))
        if self.outline:  # thin lines between the cells of a region (empty ones too: a puzzle's)
            board = set(self.cells) | set(self.outline)
            for (r, c) in sorted(board):
                if (r, c + 1) in board and self.group(r, c) == self.group(r, c + 1):
                    parts.append(_line(x(c + 1), y(r), x(c + 1), y(r + 1), THIN, "#9a9a9a"))
                if (r + 1, c) in board and self.group(r, c) == self.group(r + 1, c):
                    parts.append(_line(x(c), y(r + 1), x(c + 1), y(r + 1), THIN, "#9a9a9a"))
        for r in range(self.rows.start - 1, self.rows.stop):
            for c in range(self.cols.start - 1, self.cols.stop):
                here = self.group(r, c)
                if here != self.group(r, c + 1):
                    parts.append(_line(x(c + 1), y(r), x(c + 1), y(r + 1), WALL))
                if here != self.group(r + 1, c):
                    parts.append(_line(x(c), y(r + 1), x(c + 1), y(r + 1), WALL))
        if self.notes:
            firsts: dict = {}
            for cell in sorted(self.outline):
                firsts.setdefault(self.outline[cell], cell)
            for region, note in self.notes.items():
                if region in firsts:
                    r, c = firsts[region]
                    parts.append(_text(x(c) + 5, y(r) + 5, str(note), 11, INK, False, "start", "hanging"))
        return parts


def _layers(cells: dict[tuple[int, int, int], Paint]) -> str:
    """A 3D solution: its layers side by side, captioned, on the same rows and columns."""
    rows, cols, _ = spans(cells)
    parts, left = [], MARGIN
    for layer in sorted({k[2] for k in cells}):
        drawing = Layer({(r, c): p for (r, c, z), p in cells.items() if z == layer}, {}, frozenset(), {},
                        (rows, cols))
        drawing.tiling = True  # the pieces of a solid are told apart by colour, layer by layer
        parts.append(_text(left + drawing.width / 2, MARGIN + CAPTION / 2, f"layer {layer}", 14))
        parts += drawing.draw(left, MARGIN + CAPTION)
        left += drawing.width + 2 * MARGIN
    return _document(left - MARGIN, len(rows) * CELL + CAPTION + 2 * MARGIN, parts)


def _table(solution: Solution) -> str:
    """The chosen options against the items they name: one mark in every column is a cover."""
    names = sorted({name for option in solution for name in option.names}, key=natural)
    base, headings = common_base(names)
    labels = [str(option) for option in solution]
    label_width = max([len(label) for label in labels] + [len(base or "option")]) * 8 + 16
    column = max([len(heading) for heading in headings] + [2]) * 8 + 12
    row = 26
    width = MARGIN * 2 + label_width + column * len(names)
    height = MARGIN * 2 + row * (len(labels) + 1)
    parts = [_text(MARGIN + 6, MARGIN + row / 2, base or "option", 13, INK, True, "start")]
    for k, heading in enumerate(headings):
        parts.append(_text(MARGIN + label_width + column * (k + 0.5), MARGIN + row / 2, heading, 13, INK, True))
    for number, (label, option) in enumerate(zip(labels, solution), start=1):
        top = MARGIN + row * number
        if number % 2:
            parts.append(f'<rect x="{MARGIN}" y="{top}" width="{width - 2 * MARGIN}" height="{row}" fill="{BOARD}"/>')
        parts.append(_text(MARGIN + 6, top + row / 2, label, 13, INK, False, "start"))
        marks = {name: "1" if colour is None else colour for name, colour in option.items}
        for k, name in enumerate(names):
            if name in marks:
                parts.append(_text(MARGIN + label_width + column * (k + 0.5), top + row / 2, marks[name], 13))
    parts.append(_line(MARGIN, MARGIN + row, width - MARGIN, MARGIN + row, THIN * 1.5))
    parts.append(_line(MARGIN + label_width, MARGIN, MARGIN + label_width, height - MARGIN, THIN * 1.5))
    return _document(width, height, parts)


def _plane(cells: dict[tuple[int, int], Paint], lattice: str) -> str:
    """A tiling of the hexagonal or triangular lattice: each cell a polygon in its piece's
    colour with its letter, a heavy line along every edge between two pieces (or at the
    board's edge)."""
    from excover._geometry import corners

    scale = CELL * 0.9
    shapes = {cell: corners(cell, lattice) for cell in cells}
    xs = [x for points in shapes.values() for x, _ in points]
    ys = [y for points in shapes.values() for _, y in points]
    left, top = min(xs), min(ys)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return round(MARGIN + (point[0] - left) * scale, 2), round(MARGIN + (point[1] - top) * scale, 2)

    parts: list[str] = []
    sides: dict[frozenset, list[int]] = {}
    for cell, paint in sorted(cells.items()):
        fill = PALETTE[paint.piece % len(PALETTE)] if paint.shared else "#ffffff"
        ink = "#ffffff" if fill in DARK else INK
        points = [at(point) for point in shapes[cell]]
        parts.append(f'<polygon points="{" ".join(f"{x},{y}" for x, y in points)}" fill="{fill}" stroke="{fill}" '
                     f'stroke-width="{THIN}"/>')
        middle = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        parts.append(_text(*middle, paint.text, 15 if len(paint.text) <= 2 else 11, ink, not paint.shared))
        for a, b in zip(points, points[1:] + points[:1]):
            sides.setdefault(frozenset((a, b)), []).append(paint.piece)
    for side, pieces in sides.items():
        if len(pieces) == 1 or pieces[0] != pieces[1]:  # the board's edge, or between two pieces
            (x1, y1), (x2, y2) = sorted(side)
            parts.append(_line(x1, y1, x2, y2, WALL))
    width = MARGIN * 2 + (max(xs) - left) * scale
    height = MARGIN * 2 + (max(ys) - top) * scale
    return _document(round(width, 2), round(height, 2), parts)
