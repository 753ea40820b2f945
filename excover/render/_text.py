"""A solution as plain text and as JSON: the judge-style grid, one line for a batch, a record."""

from __future__ import annotations

from typing import Any

from excover._model import Solution
from excover.render._paint import grid_spans, painted, painted_cells, spans


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
    painted; a 3D solution layer by layer, a blank line between layers. When two pieces are
    identical tiles (each shows one value on all its cells, the same value), each cell shows
    its piece's number instead, so that the pieces can be told apart (on the hexagonal
    lattice, the gaps between a row's hexagons are blanks). Without cells, the chosen options' labels, one a line."""
    paints = painted(solution)
    shown: dict[int, set[str]] = {}
    for paint in paints.values():
        shown.setdefault(paint.piece, set()).add(paint.text)
    # Tiles (each piece one value on all its cells) of which two look alike are numbered; a
    # piece that writes several values (a killer cage's filling) is a grid of values.
    tiles = all(len(texts) == 1 for texts in shown.values())
    numbered = tiles and len({min(texts) for texts in shown.values()}) < len(shown) and any(
        paint.shared for paint in paints.values())
    cells = {key: str(paint.piece + 1) if numbered else paint.text for key, paint in paints.items()}
    if grid_spans(cells, 3) is not None:
        layers = sorted({key[2] for key in cells})
        return "\n\n".join(text_rows({(r, c): v for (r, c, z), v in cells.items() if z == layer}, cells)
                            for layer in layers)
    if grid_spans(cells, 2) is not None:
        rows = text_rows(cells, cells)
        if lattice == "hexagonal":  # no cell between a row's hexagons: a blank, not a dot
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            rows = "\n".join("".join(" " if mark == "." and (top + r + left + c) % 2 else mark
                                      for c, mark in enumerate(line)).rstrip()
                              for r, line in enumerate(rows.split("\n")))
        return rows
    return "\n".join(solution.labels)


def text_rows(layer: dict, every: dict) -> str:
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
