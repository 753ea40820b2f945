"""Solutions to pictures.

The options a solution chooses may `show` values on cells. Cells (row, column) make a
2D picture; (row, column, layer) a 3D one, drawn as its layers side by side. When some
option paints several cells the picture is a *tiling*: each piece gets its own colour and
borders are drawn between different pieces. Otherwise (a sudoku) it is a plain grid of
values. Without `show` data the picture is a table of the chosen options and their items.

The face of the stage: `picture` and `options_table` (rich renderables, render._terminal;
`picture_text` the same as plain text),
`grid_text`, `flat_text`, `FlatPictures` and `as_json` (plain text and JSON, render._text);
what a solution paints is worked out once in render._paint, and the SVG is render.svg.
"""

from excover.render._terminal import options_table, picture, picture_text
from excover.render._text import FlatPictures, as_json, flat_text, grid_text

__all__ = ["FlatPictures", "as_json", "flat_text", "grid_text", "options_table", "picture", "picture_text"]
