"""Solutions to pictures: a grid of the cells that `show` clauses paint, or else the list of
chosen options. Renderables for rich; plain text when the output is not a terminal."""

from __future__ import annotations

from typing import Any

from excover.model import Solution


def painted_cells(solution: Solution) -> dict[Any, Any]:
    """Cell -> value, from the `show` data of the chosen options."""
    cells: dict[Any, Any] = {}
    for option in solution.options:
        if isinstance(option.data, dict):
            cells.update(option.data.get("show", {}))
    return cells


def _grid_positions(cells: dict) -> tuple[list[int], list[int]] | None:
    keys = list(cells)
    if not keys or not all(isinstance(k, tuple) and len(k) == 2 and all(isinstance(v, int) for v in k) for k in keys):
        return None
    rows = range(min(r for r, _ in keys), max(r for r, _ in keys) + 1)
    cols = range(min(c for _, c in keys), max(c for _, c in keys) + 1)
    return list(rows), list(cols)


def grid_lines(cells: dict) -> list[str] | None:
    """The painted cells as rows of text, blank for unpainted cells; None if not a 2D grid."""
    positions = _grid_positions(cells)
    if positions is None:
        return None
    rows, cols = positions
    width = max(len(str(value)) for value in cells.values())
    return [" ".join(str(cells.get((r, c), "")).rjust(width) for c in cols).rstrip() for r in rows]


def flat_text(solution: Solution) -> str:
    """One line for a solution: the painted grid row by row, or the option labels."""
    cells = painted_cells(solution)
    positions = _grid_positions(cells)
    if positions is not None:
        rows, cols = positions
        values = [str(cells.get((r, c), ".")) for r in rows for c in cols]
        return ("" if all(len(v) == 1 for v in values) else " ").join(values)
    return " | ".join(solution.labels)


def picture(solution: Solution):
    """A rich renderable of the solution."""
    from rich.text import Text

    lines = grid_lines(painted_cells(solution))
    if lines is None:
        return Text("\n".join(f"  {label}" for label in solution.labels))
    return Text("\n".join(lines))


def as_json(solution: Solution, number: int) -> dict:
    cells = painted_cells(solution)
    record: dict[str, Any] = {"solution": number, "options": solution.labels, "indices": list(solution.indices)}
    if cells:
        record["cells"] = [[*key, value] if isinstance(key, tuple) else [key, value] for key, value in cells.items()]
    return record
