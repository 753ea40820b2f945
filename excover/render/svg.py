"""A 2D solution as an SVG picture: each piece a coloured block with its letter, a heavy
line between different pieces, the cells nobody covers left white with their label."""

from __future__ import annotations

from html import escape

from excover.errors import ExcoverError
from excover.model import Solution
from excover.render import DARK, PALETTE, Paint, painted

CELL = 44
MARGIN = 12
WALL = 3.5


def _colour(paint: Paint) -> tuple[str, str]:
    if not paint.shared:
        return "#ffffff", "#111111"
    fill = PALETTE[paint.piece % len(PALETTE)]
    return fill, "#ffffff" if fill in DARK else "#111111"


def svg(solution: Solution) -> str:
    cells = painted(solution)
    if not cells or not all(isinstance(k, tuple) and len(k) == 2 for k in cells):
        raise ExcoverError("an SVG picture needs a solution whose options show 2D cells (row, column)")
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    width, height = (right - left + 1) * CELL + 2 * MARGIN, (bottom - top + 1) * CELL + 2 * MARGIN

    def x(c):
        return MARGIN + (c - left) * CELL

    def y(r):
        return MARGIN + (r - top) * CELL

    def piece(r, c):
        paint = cells.get((r, c))
        return None if paint is None else paint.piece

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
             f'<rect width="{width}" height="{height}" fill="#fbfbf8"/>']
    for (r, c), paint in sorted(cells.items()):
        fill, ink = _colour(paint)
        parts.append(f'<rect x="{x(c)}" y="{y(r)}" width="{CELL}" height="{CELL}" fill="{fill}"/>')
        size = 18 if len(paint.text) <= 2 else 13
        parts.append(f'<text x="{x(c) + CELL / 2}" y="{y(r) + CELL / 2}" font-size="{size}" fill="{ink}" '
                     f'text-anchor="middle" dominant-baseline="central" '
                     f'font-weight="{"bold" if not paint.shared else "normal"}">{escape(paint.text)}</text>')
    lines = []
    for r in range(top - 1, bottom + 1):
        for c in range(left - 1, right + 1):
            if piece(r, c) != piece(r, c + 1) and ((r, c) in cells or (r, c + 1) in cells):
                lines.append((x(c + 1), y(r), x(c + 1), y(r + 1)))
            if piece(r, c) != piece(r + 1, c) and ((r, c) in cells or (r + 1, c) in cells):
                lines.append((x(c), y(r + 1), x(c + 1), y(r + 1)))
    parts += [f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#222222" stroke-width="{WALL}" '
              f'stroke-linecap="round"/>' for a, b, c, d in lines]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
