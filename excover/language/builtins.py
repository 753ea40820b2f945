"""The built-in functions of the language. Each walks its arguments through the evaluator,
which charges the budget for every element, so no built-in can run unbounded."""

from __future__ import annotations

import datetime
import itertools
import math
from collections.abc import Callable, Iterable
from typing import Any

from excover import _geometry as geometry
from excover.language.expressions import CHARACTERS_PER_STEP, MAX_SEQUENCE, order_key
from excover.language.failure import fail, fail_budget, fail_type
from excover.language.values import Builtin, Grid, a_type


def _walk(ev: Any, node: Any, value: Any) -> list:
    if isinstance(value, (range, list, tuple, str)):
        ev.charge_size(node, len(value), "that list")  # refused before it is built, if too long
    return list(ev.iterate(value, node))


def _builtin(name: str):
    def register(function):
        BUILTINS[name] = Builtin(name, function)
        return function
    return register


BUILTINS: dict[str, Any] = {}  # the functions, and a few named values (the pentominoes ...)


def _simple(name: str, consume: Callable[[list], Any], compares: bool = False) -> None:
    """A built-in of one iterable argument (or several values); one that `compares` or hashes
    its values pays for looking through them."""
    def call(ev, node, *arguments):
        if not arguments:
            raise fail(f"{name}() needs an argument", node)
        values = _walk(ev, node, arguments[0]) if len(arguments) == 1 else list(arguments)
        if compares:
            ev.charge_looking(node, values)
        return consume(values)
    BUILTINS[name] = Builtin(name, call)


_simple("sum", sum)
_simple("min", min, compares=True)
_simple("max", max, compares=True)
_simple("sorted", lambda values: sorted(values, key=order_key), compares=True)
_simple("list", list)
_simple("set", frozenset, compares=True)
_simple("tuple", tuple)
_simple("any", any)
_simple("all", all)
_simple("reversed", lambda values: values[::-1])


@_builtin("len")
def _len(ev, node, value):
    if isinstance(value, (str, list, tuple, range, dict, set, frozenset, Grid)):
        return len(value)
    raise fail_type(f"{a_type(value)} has no length", node)


@_builtin("abs")
def _abs(ev, node, value):
    return abs(value)


@_builtin("str")
def _str(ev, node, value):
    return ev.text(value, node)


@_builtin("int")
def _int(ev, node, value):
    return int(value)


@_builtin("range")
def _range(ev, node, *arguments):
    return range(*arguments)


@_builtin("enumerate")
def _enumerate(ev, node, value, start=0):
    return [(start + k, element) for k, element in enumerate(_walk(ev, node, value))]


@_builtin("zip")
def _zip(ev, node, *values):
    return list(zip(*(_walk(ev, node, value) for value in values)))


def _combinatorial(name: str, make: Callable[..., Iterable], how_many: Callable[[int, int], int]) -> None:
    def call(ev, node, value, *rest):
        pool = _walk(ev, node, value)
        size = rest[0] if rest and isinstance(rest[0], int) and not isinstance(rest[0], bool) else len(pool)
        if 0 <= size <= len(pool):
            ev.charge_size(node, how_many(len(pool), size), f"{name}()")
        result = []
        for combination in make(pool, *rest):
            result.append(combination)
        return result
    BUILTINS[name] = Builtin(name, call)


_combinatorial("permutations", itertools.permutations, math.perm)
_combinatorial("combinations", itertools.combinations, math.comb)


@_builtin("product")
def _product(ev, node, *values):
    pools = [_walk(ev, node, value) for value in values]
    ev.charge_size(node, math.prod(len(pool) for pool in pools), "product()")
    return list(itertools.product(*pools))


def _dict_view(name: str, view: Callable[[dict], Iterable]) -> None:
    def call(ev, node, value):
        if not isinstance(value, dict):
            raise fail_type(f"{name}() needs a dict, not {a_type(value)}", node)
        ev.charge_size(node, len(value), f"{name}()")
        return list(view(value))
    BUILTINS[name] = Builtin(name, call)


_dict_view("keys", dict.keys)
_dict_view("values", dict.values)
_dict_view("items", dict.items)


@_builtin("regions")
def _regions(ev, node, grid):
    if not isinstance(grid, Grid):
        raise fail_type(f"regions() needs a grid, not {a_type(grid)}", node)
    ev.charge_size(node, len(grid.cells), "regions()")
    return grid.regions()


# -- text: reading data handed in as params ------------------------------------------------


def _text(ev, node, value, name: str) -> str:
    """A text to read (a param's data: up to ten times the longest value a model builds),
    paid for as reading it costs."""
    if not isinstance(value, str):
        raise fail_type(f"{name}() needs a string, not {a_type(value)}", node)
    if len(value) > 10 * MAX_SEQUENCE:
        raise fail_budget(f"{name}(): the text is too long", node)
    ev.charge(node, len(value) // CHARACTERS_PER_STEP)
    return value


def _number_or_text(token: str):
    return int(token) if token.lstrip("-").isdigit() else token


@_builtin("split")
def _split(ev, node, text, separator=None):
    parts = _text(ev, node, text, "split").split(separator)
    for _ in parts:
        ev.charge(node)
    return parts


@_builtin("lines")
def _lines(ev, node, text):
    """The lines of a text that are not blank, without their outer blanks."""
    found = [line.strip() for line in _text(ev, node, text, "lines").splitlines() if line.strip()]
    for _ in found:
        ev.charge(node)
    return found


@_builtin("tokens")
def _tokens(ev, node, text):
    """The words of a text (blanks, commas or new lines between them), each an integer when
    it reads as one, as edge_list reads the ends of edges: "1 2 x" -> [1, 2, "x"]."""
    found = [_number_or_text(word) for word in _text(ev, node, text, "tokens").replace(",", " ").split()]
    for _ in found:
        ev.charge(node)
    return found


@_builtin("edge_list")
def _edge_list(ev, node, text):
    """ "1-2 2-3" (blanks, commas or new lines between edges) -> [(1, 2), (2, 3)]."""
    edges = []
    for token in _text(ev, node, text, "edge_list").replace(",", " ").split():
        ev.charge(node)
        ends = token.split("-")
        if len(ends) != 2 or not all(ends):
            raise fail(f"edge_list(): {token!r} is not an edge a-b", node)
        edges.append(tuple(_number_or_text(end) for end in ends))
    return edges


@_builtin("matrix_rows")
def _matrix_rows(ev, node, text):
    """Rows of a 0/1 matrix: numbers separated by blanks or commas, or runs of 0/1 digits;
    a first line "M N" giving the size (POJ 3740's format) is dropped."""
    rows = []
    for line in _text(ev, node, text, "matrix_rows").splitlines():
        tokens = line.replace(",", " ").split()
        if len(tokens) == 1 and len(tokens[0]) > 1 and set(tokens[0]) <= {"0", "1"}:
            tokens = list(tokens[0])
        if tokens:
            for _ in tokens:
                ev.charge(node)
            if not all(t.isdigit() for t in tokens):
                raise fail(f"matrix_rows(): {line.strip()[:40]!r} is not a row of numbers", node)
            rows.append([int(t) for t in tokens])
    if len(rows) >= 1 and len(rows[0]) == 2 and rows[0][0] == len(rows) - 1 and \
            all(len(row) == rows[0][1] for row in rows[1:]):
        rows = rows[1:]
    if any(len(row) != len(rows[0]) for row in rows):
        raise fail("matrix_rows(): the rows have different lengths", node)
    return rows


@_builtin("matrix_cases")
def _matrix_cases(ev, node, text):
    """The matrices of an input that holds several, each headed by a line "M N" and followed by
    its M rows of N numbers (POJ 3740's format), as one text each; any other text is one case."""
    lines = [line.split() for line in _text(ev, node, text, "matrix_cases").splitlines() if line.strip()]
    cases, k = [], 0
    while k < len(lines):
        ev.charge(node)
        header = lines[k]
        if len(header) != 2 or not all(t.isdigit() for t in header):
            return [text] if not cases else cases + ["\n".join(" ".join(line) for line in lines[k:])]
        height = int(header[0])
        cases.append("\n".join(" ".join(line) for line in lines[k:k + height + 1]))
        k += height + 1
    return cases or [text]


@_builtin("fillings")
def _fillings(ev, node, size, total, digits):
    """Every way to write `size` distinct numbers from `digits` in order, summing to `total`
    (a killer sudoku's cage)."""
    pool = sorted(set(_walk(ev, node, digits)))
    result = []
    for chosen in itertools.combinations(pool, size):
        ev.charge(node)
        if sum(chosen) == total:
            for arrangement in itertools.permutations(chosen):
                ev.charge(node)
                result.append(arrangement)
    return result


# -- geometry (see excover/_geometry.py) ---------------------------------------------------


def _cells(ev, node, region) -> list:
    if isinstance(region, Grid):
        return region.cells
    cells = _walk(ev, node, region)
    if not all(isinstance(cell, tuple) and len(cell) in (2, 3) and all(isinstance(v, int) for v in cell)
               for cell in cells):
        raise fail("a region is a grid or a list of cells, (row, column) or (row, column, layer)", node)
    return cells


@_builtin("shape")
def _shape(ev, node, picture):
    if isinstance(picture, geometry.Shape):
        return picture
    if isinstance(picture, str):  # read on the model's lattice (its `lattice` statement)
        ev.charge(node, len(picture) // CHARACTERS_PER_STEP)
        return geometry.Shape.from_text(picture, ev.lattice)
    cells = _cells(ev, node, picture)
    ev.charge_size(node, len(cells), "shape()")
    return geometry.Shape(cells, ev.lattice)


@_builtin("box")
def _box(ev, node, *sizes):
    if all(isinstance(size, int) for size in sizes):
        ev.charge_size(node, math.prod(max(size, 0) for size in sizes), "box()")
    return geometry.box(*sizes)


@_builtin("parallelogram")
def _parallelogram(ev, node, width, height):
    if isinstance(width, int) and isinstance(height, int):
        ev.charge_size(node, 2 * max(width, 0) * max(height, 0), "parallelogram()")
    return geometry.parallelogram(width, height, ev.lattice)


@_builtin("triangle")
def _triangle(ev, node, side):
    if isinstance(side, int):
        ev.charge_size(node, max(side, 0) ** 2, "triangle()")
    return geometry.triangle(side, ev.lattice)


def _as_shape(value, node):
    if not isinstance(value, geometry.Shape):
        raise fail_type(f"expected a shape, not {a_type(value)}", node)
    return value


@_builtin("orientations")
def _orientations(ev, node, piece, rotate=True, reflect=True):
    piece = _as_shape(piece, node)
    # Each of the 8 (2D), 12 (hexagons, triangles) or 48 (3D) orientations is built and
    # sorted: steps a cell, measured.
    ev.charge(node, len(piece) * (150 if piece.dimension == 3 else 16 if piece.lattice == geometry.SQUARE else 40))
    return piece.orientations(bool(rotate), bool(reflect))


@_builtin("placements")
def _placements(ev, node, piece, region, rotate=True, reflect=True, orientations=None):
    piece = _as_shape(piece, node)
    if piece.lattice != ev.lattice:
        raise fail(f"the piece is a shape of the {piece.lattice} lattice, and the model's cells are of the "
                   f"{ev.lattice} one (see the `lattice` statement)", node)
    cells = _cells(ev, node, region)
    if orientations is not None:
        orientations = [_as_shape(o, node) for o in _walk(ev, node, orientations)]
    for _ in range(len(cells) * len(piece)):
        ev.charge(node)  # the work is about one step per cell tried
    return geometry.placements(piece, cells, bool(rotate), bool(reflect), orientations)


@_builtin("today")
def _today(ev, node):
    today = datetime.date.today()
    return (today.year, today.month, today.day)


BUILTINS.update(pentominoes=geometry.PENTOMINOES, tetrominoes=geometry.TETROMINOES, soma=geometry.SOMA,
                calendar_pieces=geometry.CALENDAR, tetriamonds=geometry.TETRIAMONDS, hexiamonds=geometry.HEXIAMONDS,
                tetrahexes=geometry.TETRAHEXES, pentahexes=geometry.PENTAHEXES)
