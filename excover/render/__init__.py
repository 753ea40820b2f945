"""Solutions to pictures.

The options a solution chooses may `show` values on cells. Cells (row, column) make a
2D picture; (row, column, layer) a 3D one, drawn as its layers side by side. When some
option paints several cells the picture is a *tiling*: each piece gets its own colour and
borders are drawn between different pieces. Otherwise (a sudoku) it is a plain grid of
values. Without `show` data the picture is a table of the chosen options and their items.

Everything here returns rich renderables; rich drops the colours when the output is not a
terminal, so a pipe gets plain, readable letters.
"""

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


def _style(paint: Paint | None, colours: bool) -> str:
    if paint is None or not colours:
        return ""
    if not paint.shared:
        return "bold"
    colour = PALETTE[paint.piece % len(PALETTE)]
    return f"{'white' if colour in DARK else 'black'} on {colour}"


# Box-drawing junctions, by which of the four arms (up, down, left, right) are drawn.
JUNCTIONS = {
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶", (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
}


def _boxed_lines(cells: dict, rows: range, cols: range, width: int, group, style_of,
                 compact: bool = False, fill_gaps: bool = True, notes: dict | None = None,
                 rows_at: dict | None = None):
    """Cells in box-drawing characters, with a border wherever two neighbours differ in group
    (the piece that covers them, or the region of an outline). Row r's text is on line
    rows_at[r] (recorded when a dict is given); column c's starts at 1 + (c - cols.start) *
    (width + 1)."""
    from rich.text import Text

    def wall(a, b):
        return group(*a) != group(*b)

    def inside(r, c):  # a gap inside a piece takes the piece's colour
        return style_of(r, c) if fill_gaps else ""

    lines = []
    for r in [rows.start - 1, *rows]:
        # The border line below row r.
        border = Text()
        for c in [cols.start - 1, *cols]:
            up = wall((r, c), (r, c + 1))
            down = wall((r + 1, c), (r + 1, c + 1))
            left = wall((r, c), (r + 1, c))
            right = wall((r, c + 1), (r + 1, c + 1))
            border.append(JUNCTIONS[(up, down, left, right)],
                          style="" if up or down or left or right else inside(r, c))
            if c + 1 in cols:
                note = (notes or {}).get((r + 1, c + 1))
                segment = ("─" if right else " ") * width
                if note:  # written into the line above the region's first cell
                    segment = (note + segment)[:max(width, len(note))]
                border.append(segment, style="" if right else inside(r, c + 1))
        if not (compact and set(border.plain) <= {" ", "│"}):  # no line inside a sudoku's box
            lines.append(border)
        if r + 1 not in rows:
            break
        if rows_at is not None:
            rows_at[r + 1] = len(lines)
        row = Text()
        for c in [cols.start - 1, *cols]:
            between = wall((r + 1, c), (r + 1, c + 1))
            row.append("│" if between else " ", style="" if between else inside(r + 1, c))
            if c + 1 in cols:
                paint = cells.get((r + 1, c + 1))
                row.append((paint.text if paint else "").center(width), style=style_of(r + 1, c + 1))
        lines.append(row)
    for line in lines:
        line.rstrip()  # in place
    return lines


def _plain_lines(cells: dict[tuple[int, int], Paint], rows: range, cols: range, width: int):
    from rich.text import Text

    return [Text(" ".join((cells[r, c].text if (r, c) in cells else "·").rjust(width) for c in cols).rstrip())
            for r in rows]


def _layer_lines(cells: dict[tuple[int, int], Paint], rows: range, cols: range, colours: bool,
                 outline: dict | None = None, forced: frozenset = frozenset(), notes: dict | None = None) -> list:
    width = max(len(paint.text) for paint in cells.values())
    if not outline and any(paint.shared for paint in cells.values()):
        def piece(r, c):
            paint = cells.get((r, c))
            return None if paint is None else paint.piece

        return _boxed_lines(cells, rows, cols, width, piece, lambda r, c: _style(cells.get((r, c)), colours))
    if outline:
        def given(r, c):  # clues stand out from the digits the search filled in
            paint = cells.get((r, c))
            return "bold" if colours and paint is not None and paint.piece in forced else ""

        return outlined_lines(cells, rows, cols, outline, notes, given)
    return _plain_lines(cells, rows, cols, width)


def outlined_lines(cells: dict, rows: range, cols: range, outline: dict,
                   notes: dict | None, style_of, rows_at: dict | None = None, width: int = 1) -> list:
    """A grid whose regions are outlined (boxes, jigsaw areas, cages), each region's note in
    the line above its first cell; `style_of(r, c)` styles a cell's text (see _boxed_lines
    for `rows_at`)."""
    def region(r, c):
        return outline.get((r, c)) if (r, c) in cells or (r, c) in outline else None

    firsts: dict[Any, tuple[int, int]] = {}
    for cell in sorted(outline):
        firsts.setdefault(outline[cell], cell)
    corner = {firsts[region]: text for region, text in (notes or {}).items() if region in firsts}
    width = max([width, *(len(paint.text) for paint in cells.values()), *(len(text) for text in corner.values())])
    return _boxed_lines(cells, rows, cols, width, region, style_of, compact=not corner, fill_gaps=False,
                        notes=corner, rows_at=rows_at)


def picture(solution: Solution, colours: bool = True, outline: dict | None = None, forced=(),
            notes: dict | None = None, lattice: str = "square"):
    """A rich renderable of the solution; `outline` (cell -> region) draws boxes or cages,
    `notes` (region -> text) labels them (a cage's sum), and the cells of the `forced`
    options (clues) are shown in bold. On the hexagonal or triangular `lattice`, cells are
    drawn as hexagons or triangles (see excover.render._plane)."""
    from rich.text import Text

    cells = painted(solution)
    chosen = {index: piece for piece, index in enumerate(solution.indices)}
    forced_pieces = frozenset(chosen[index] for index in forced if index in chosen)
    if lattice != "square" and grid_spans(cells, 2) is not None:
        from excover.render._plane import plane_lines

        def piece(cell):
            paint = cells.get(cell)
            return None if paint is None else paint.piece

        return Text("\n").join(plane_lines(cells, lattice, piece, lambda cell: cells[cell].text,
                                            lambda cell: _style(cells.get(cell), colours)))
    if (flat := grid_spans(cells, 2)) is not None:
        rows, cols = flat
        return Text("\n").join(_layer_lines(cells, rows, cols, colours, outline, forced_pieces, notes))
    if (solid := grid_spans(cells, 3)) is not None:
        rows, cols, _ = solid
        layers = sorted({k[2] for k in cells})
        drawn = [_layer_lines({(r, c): p for (r, c, z), p in cells.items() if z == layer}, rows, cols, colours)
                 for layer in layers]
        width = max(len(line) for lines in drawn for line in lines)
        height = max(len(lines) for lines in drawn)
        out = []
        for k in range(height):
            line = Text()
            for lines in drawn:
                part = lines[k] if k < len(lines) else Text()
                line.append_text(part)
                line.append(" " * (width - len(part) + 3))
            line.rstrip()  # in place
            out.append(line)
        headings = Text("".join(f"layer {layer}".ljust(width + 3) for layer in layers).rstrip())
        return Text("\n").join([headings, *out])
    return options_table(solution)


TABLE_WIDTH = 80  # wider incidence tables become a list of each option's items


def options_table(solution: Solution):
    """A solution without cells to paint: the chosen options as rows of a table, a column for
    each item they name, marked where an option names it (with its colour, if any), so that
    an exact cover reads as one mark in every column. Too many items for the width: each
    option's items listed instead."""
    from rich import box
    from rich.table import Table

    names = sorted({name for option in solution for name in option.names}, key=_natural)
    base, headings = _common_base(names)
    corner = "option" if base is None else f"option \\ {base}"
    labels = [str(option) for option in solution]
    width = max(map(len, labels + [corner]), default=0) + sum(len(heading) + 3 for heading in headings) + 4
    if width > TABLE_WIDTH:
        table = Table("option", "items", box=box.SQUARE, header_style="bold")
        for label, option in zip(labels, solution):
            table.add_row(label, option.text)
        return table
    table = Table(corner, *headings, box=box.SQUARE, header_style="bold")
    for label, option in zip(labels, solution):
        marks = {name: "1" if colour is None else colour for name, colour in option.items}
        table.add_row(label, *(marks.get(name, "") for name in names))
    return table


def _natural(name: str) -> list:
    """Sorting key: numbers inside names in numeric order (column(2) before column(10))."""
    return [int(part) if k % 2 else part for k, part in enumerate(re.split(r"(\d+)", name))]


def _common_base(names: list[str]) -> tuple[str | None, list[str]]:
    """("column", ["1", "2"]) for names column(1), column(2); (None, names) otherwise."""
    parts = [part for name in names if (part := re.fullmatch(r"(\w+)\((.*)\)", name)) is not None]
    if names and len(parts) == len(names) and len({part[1] for part in parts}) == 1:
        return parts[0][1], [part[2] for part in parts]
    return None, names


def flat_text(solution: Solution) -> str:
    """One line for a solution: the painted 2D grid row by row, or the option labels."""
    cells = painted_cells(solution)
    if (flat := grid_spans(cells, 2)) is not None:
        rows, cols = flat
        values = [str(cells.get((r, c), ".")) for r in rows for c in cols]
        return ("" if all(len(v) == 1 for v in values) else " ").join(values)
    return " | ".join(solution.labels)


def grid_text(solution: Solution, lattice: str = "square") -> str:
    """The painted cells as plain text, as a judge prints an answer: a row a line (the values
    side by side when each is one character, else separated by blanks), "." where no cell is
    painted; a 3D solution layer by layer, a blank line between layers. When two pieces show
    the same value (identical tiles), each cell shows its piece's number instead, so that the
    pieces can be told apart (on the hexagonal lattice, the gaps between a row's hexagons are
    blanks). Without cells, the chosen options' labels, one a line."""
    paints = painted(solution)
    values = {paint.piece: paint.text for paint in paints.values()}
    numbered = len(set(values.values())) < len(values) and any(paint.shared for paint in paints.values())
    cells = {key: str(paint.piece + 1) if numbered else paint.text for key, paint in paints.items()}
    if grid_spans(cells, 3) is not None:
        layers = sorted({key[2] for key in cells})
        return "\n\n".join(_text_rows({(r, c): v for (r, c, z), v in cells.items() if z == layer}, cells)
                            for layer in layers)
    if grid_spans(cells, 2) is not None:
        rows = _text_rows(cells, cells)
        if lattice == "hexagonal":  # no cell between a row's hexagons: a blank, not a dot
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            rows = "\n".join("".join(" " if mark == "." and (top + r + left + c) % 2 else mark
                                      for c, mark in enumerate(line)).rstrip()
                              for r, line in enumerate(rows.split("\n")))
        return rows
    return "\n".join(solution.labels)


def _text_rows(layer: dict, every: dict) -> str:
    """One layer's rows; the rows, columns and spacing are those of all the cells (`every`)."""
    rows, cols = spans(every)[:2]
    joiner = "" if all(len(value) == 1 for value in every.values()) else " "
    width = max(len(value) for value in every.values()) if joiner else 1
    return "\n".join(joiner.join(layer.get((r, c), ".").rjust(width) for c in cols).rstrip() for r in rows)


class FlatPictures:
    """`flat_text` for many solutions of one problem, with each option's cells worked out once
    (for batch runs, where it is done for every line)."""

    def __init__(self, problem) -> None:
        shows = [option.show for option in problem.options]
        cells = {cell for show in shows for cell in show}
        flat = grid_spans(cells, 2)
        self.usable = flat is not None
        if flat is None:
            return
        rows, cols = flat
        top, left, self.width, height = rows.start, cols.start, len(cols), len(rows)
        self.paint = [[((r - top) * self.width + c - left, str(value)) for (r, c), value in show.items()]
                      for show in shows]
        self.blank = ["."] * (height * self.width)
        self.joiner = "" if all(len(text) == 1 for paint in self.paint for _, text in paint) else " "
        self.one_cell = all(len(paint) == 1 for paint in self.paint)  # as in sudoku: then two flat lists
        if self.one_cell:
            self.position = [paint[0][0] for paint in self.paint]
            self.text = [paint[0][1] for paint in self.paint]

    def line(self, problem, indices) -> str:
        if not self.usable:
            return flat_text(problem.solution(indices))
        out = list(self.blank)
        if self.one_cell:
            position, text = self.position, self.text
            for index in indices:
                out[position[index]] = text[index]
            return self.joiner.join(out)
        for index in indices:
            for position, text in self.paint[index]:
                out[position] = text
        return self.joiner.join(out)


def as_json(solution: Solution, number: int) -> dict:
    cells = painted_cells(solution)
    record: dict[str, Any] = {"solution": number, "options": solution.labels, "indices": list(solution.indices)}
    if cells:
        record["cells"] = [[*key, value] if isinstance(key, tuple) else [key, value] for key, value in cells.items()]
    return record
