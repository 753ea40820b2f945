"""The values a model computes with, beyond Python's ints, strings, tuples, lists, sets and
dicts: grids, functions, and the canonical names of structured items."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs

EMPTY = "."


@attrs.frozen
class Grid:
    """A rectangle of labels, indexed ``g[row, column]`` from 1; ``.`` marks no cell.

    Written as ``grid \"\"\"...\"\"\"``: one character a cell, or, when any row has blanks
    between its entries, one whitespace-separated token a cell.
    """

    rows_of_labels: tuple[tuple[str, ...], ...]
    # What is worked out from the labels, once (a grid never changes): its cells, their set.
    _derived: dict = attrs.field(factory=dict, init=False, repr=False, eq=False)

    @classmethod
    def from_text(cls, text: str) -> Grid:
        line = text.strip()
        if line == "empty":
            return cls(())
        if "/" not in line and len(line.split(None, 1)) == 1:  # one word: one row, or a square's rows
            side = math.isqrt(len(line))
            if side < 2 or side * side != len(line):
                side = len(line)
            return cls(tuple(tuple(line[k:k + side]) for k in range(0, len(line), side)))
        if "\n" not in text.strip():
            text = text.replace("/", "\n")  # one line: rows separated by slashes, "345/234/123"
        lines = [line.strip() for line in text.strip("\n").splitlines()]
        lines = [line for line in lines if line]
        if len(lines) == 1 and " " not in lines[0]:
            side = round(len(lines[0]) ** 0.5)
            if side > 1 and side * side == len(lines[0]):  # an 81-character sudoku line
                lines = [lines[0][k:k + side] for k in range(0, len(lines[0]), side)]
        tokens = any(len(line.split()) > 1 for line in lines)
        return cls(tuple(tuple(line.split()) if tokens else tuple(line) for line in lines))

    @property
    def height(self) -> int:
        return len(self.rows_of_labels)

    @property
    def width(self) -> int:
        return max((len(row) for row in self.rows_of_labels), default=0)

    @property
    def rows(self) -> range:
        return range(1, self.height + 1)

    @property
    def cols(self) -> range:
        return range(1, self.width + 1)

    @property
    def cells(self) -> list[tuple[int, int]]:
        """The positions that hold a cell, row by row (one list, shared: nothing changes it)."""
        cells = self._derived.get("cells")
        if cells is None:
            cells = self._derived["cells"] = [(r, c) for r, row in enumerate(self.rows_of_labels, start=1)
                                              for c, label in enumerate(row, start=1) if label != EMPTY]
        return cells

    def __contains__(self, position: Any) -> bool:
        cells = self._derived.get("set")
        if cells is None:
            cells = self._derived["set"] = frozenset(self.cells)
        return position in cells

    def __getitem__(self, position: tuple[int, int]) -> str:
        r, c = position
        if not (1 <= r <= self.height and 1 <= c <= len(self.rows_of_labels[r - 1])):
            raise IndexError(f"position ({r}, {c}) is outside the {self.height}x{self.width} grid")
        return self.rows_of_labels[r - 1][c - 1]

    def regions(self) -> dict[str, list[tuple[int, int]]]:
        """The cells grouped by label, in order of first appearance."""
        groups: dict[str, list[tuple[int, int]]] = {}
        for r, c in self.cells:
            groups.setdefault(self[r, c], []).append((r, c))
        return groups

    def __len__(self) -> int:
        return len(self.cells)

    def __str__(self) -> str:
        return "\n".join(" ".join(row) for row in self.rows_of_labels)


GRID_ATTRIBUTES = {"cells", "rows", "cols", "width", "height"}
SHAPE_ATTRIBUTES = {"cells", "dimension"}


@attrs.frozen(eq=False)
class Function:
    """A function defined in the model with ``def``."""

    name: str
    parameters: tuple[str, ...]
    body: Any = attrs.field(repr=False)  # the parse tree of its expression
    where: Any = attrs.field(repr=False)  # the def statement, for error locations


@attrs.frozen(eq=False)
class Builtin:
    name: str
    call: Callable[..., Any] = attrs.field(repr=False)


def item_name(base: str, arguments: Sequence[str] | None) -> str:
    """The canonical name of an item: ``cell(3, 4)``, ``piece(F)``, or plain ``x``, from its
    arguments as they read (format_value)."""
    if arguments is None:
        return base
    return f"{base}({', '.join(arguments)})"


def format_value(value: Any) -> str:
    """How a value reads inside item names and labels."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "(" + ", ".join(format_value(part) for part in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, (list, range)):
        return "[" + ", ".join(format_value(part) for part in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(format_value(part) for part in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{format_value(k)}: {format_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def text_length(value: Any, most: int) -> int:
    """How long ``format_value(value)`` would be, at most, found without building it, and only
    up to a little past `most`: a value whose text would be too long costs no more to measure
    than a text of `most` characters."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return value.bit_length() // 3 + 2  # a decimal digit holds more than three bits
    if isinstance(value, dict):
        parts: Any = (part for pair in value.items() for part in pair)
    elif isinstance(value, (list, tuple, range, set, frozenset)):
        parts = value
    else:
        return len(str(value))
    total = 2
    for part in parts:
        total += 2 + text_length(part, most - total)
        if total > most:
            break
    return total


def type_name(value: Any) -> str:
    from excover._geometry import Shape

    names = {bool: "bool", int: "int", str: "string", tuple: "tuple", list: "list", set: "set",
             frozenset: "set", dict: "dict", range: "range", Grid: "grid", Function: "function",
             Builtin: "function", Shape: "shape"}
    return names.get(type(value), type(value).__name__)


def a_type(value: Any) -> str:
    """The value's type with its article, for messages: "an int", "a string"."""
    name = type_name(value)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def param_kind(value: Any) -> str:
    """What a param's value on the command line must be, in the user's words, judged by the
    kind of its default: "an integer", "true or false", "a grid", ..."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Grid):
        return "a grid"
    if isinstance(value, (list, tuple, range)):
        return "a list"
    return a_type(value)
