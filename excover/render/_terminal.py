"""A solution drawn in the terminal, as rich renderables: the grid its options paint (boxes,
cages, coloured pieces, 3D layers side by side; hexagons and triangles by render._plane), or a
table of its options and their items. rich drops the colours when the output is not a
terminal, so a pipe gets plain, readable letters."""

from __future__ import annotations

from typing import Any

from excover._model import Solution
from excover.render._paint import DARK, PALETTE, Paint, common_base, grid_spans, natural, painted


def style(paint: Paint | None, colours: bool) -> str:
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


def boxed_lines(cells: dict, rows: range, cols: range, width: int, group, style_of,
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


def plain_lines(cells: dict[tuple[int, int], Paint], rows: range, cols: range, width: int):
    from rich.text import Text

    return [Text(" ".join((cells[r, c].text if (r, c) in cells else "·").rjust(width) for c in cols).rstrip())
            for r in rows]


def layer_lines(cells: dict[tuple[int, int], Paint], rows: range, cols: range, colours: bool,
                 outline: dict | None = None, forced: frozenset = frozenset(), notes: dict | None = None) -> list:
    width = max(len(paint.text) for paint in cells.values())
    if not outline and any(paint.shared for paint in cells.values()):
        def piece(r, c):
            paint = cells.get((r, c))
            return None if paint is None else paint.piece

        return boxed_lines(cells, rows, cols, width, piece, lambda r, c: style(cells.get((r, c)), colours))
    if outline:
        def given(r, c):  # clues stand out from the digits the search filled in
            paint = cells.get((r, c))
            return "bold" if colours and paint is not None and paint.piece in forced else ""

        return outlined_lines(cells, rows, cols, outline, notes, given)
    return plain_lines(cells, rows, cols, width)


def outlined_lines(cells: dict, rows: range, cols: range, outline: dict,
                   notes: dict | None, style_of, rows_at: dict | None = None, width: int = 1) -> list:
    """A grid whose regions are outlined (boxes, jigsaw areas, cages), each region's note in
    the line above its first cell; `style_of(r, c)` styles a cell's text (see boxed_lines
    for `rows_at`)."""
    def region(r, c):
        return outline.get((r, c)) if (r, c) in cells or (r, c) in outline else None

    firsts: dict[Any, tuple[int, int]] = {}
    for cell in sorted(outline):
        firsts.setdefault(outline[cell], cell)
    corner = {firsts[region]: text for region, text in (notes or {}).items() if region in firsts}
    width = max([width, *(len(paint.text) for paint in cells.values()), *(len(text) for text in corner.values())])
    return boxed_lines(cells, rows, cols, width, region, style_of, compact=not corner, fill_gaps=False,
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
                                            lambda cell: style(cells.get(cell), colours)))
    if (flat := grid_spans(cells, 2)) is not None:
        rows, cols = flat
        return Text("\n").join(layer_lines(cells, rows, cols, colours, outline, forced_pieces, notes))
    if (solid := grid_spans(cells, 3)) is not None:
        rows, cols, _ = solid
        layers = sorted({k[2] for k in cells})
        drawn = [layer_lines({(r, c): p for (r, c, z), p in cells.items() if z == layer}, rows, cols, colours)
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

    names = sorted({name for option in solution for name in option.names}, key=natural)
    base, headings = common_base(names)
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


def picture_text(solution: Solution, **drawing: Any) -> str:
    """The picture as plain text, as a pipe gets it (no colours, no line cut short)."""
    import io

    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=10_000, color_system=None, force_terminal=False, highlight=False)
    console.print(picture(solution, colours=False, **drawing))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())
