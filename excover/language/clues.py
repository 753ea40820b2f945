"""Batch clues, fast: the forced options for a new value of a grid param, by table lookup.

A batch run (``excover run sudoku.xc --batch givens=FILE``) builds the model once and then,
for every line, needs only the options the line forces. When each clue statement has the
usual form

    given LABEL for (r, c) in G.cells if CONDITION

where G is the batch param and LABEL and CONDITION read G only as ``G[r, c]``, each clue
depends on one cell's value alone. The option it forces is then worked out once for each
(cell, value), by the interpreter, and looked up for every later line. The ``require``
statements that mention G run for every line, except those that read only its shape
(``G.height``, ``G.width``), which run once a shape, and those of the form

    require all([CONDITION for (r, c) in G.cells]), MESSAGE

whose condition reads G only as ``G[r, c]``: each (cell, value) is checked once, and a line
whose cells were all checked before passes at once (a line that fails runs the statement in
full, for its message).
"""

from __future__ import annotations

import math
from typing import Any

import attrs
from lark import Token, Tree

from excover.language.builtins import BUILTINS
from excover.language.failure import ModelFailure
from excover.language.scope import Scope
from excover.language.values import EMPTY, Function, Grid


@attrs.define
class ClueStatement:
    """One `given` statement of the cell form, with its table from (cell, value) to option."""

    statement: Tree
    source: Any
    targets: tuple[str, str]  # the names of (r, c)
    condition: Tree | None
    rows: list[list[dict]] = attrs.Factory(list)  # rows[r - 1][c - 1]: value -> option or None
    flat: dict[tuple[int, int], list[dict]] = attrs.Factory(dict)  # (height, width) -> the same dicts, row by row

    def cells_for(self, height: int, widths: list[int]) -> list[list[dict]]:
        """The tables of the cells of rows of these widths (grown to fit)."""
        while len(self.rows) < height:
            self.rows.append([])
        for row, width in zip(self.rows, widths):
            row.extend({} for _ in range(width - len(row)))
        return self.rows

    def flat_cells(self, height: int, width: int) -> list[dict]:
        cells = self.flat.get((height, width))
        if cells is None:
            rows = self.cells_for(height, [width] * height)
            cells = self.flat[height, width] = [known for row in rows[:height] for known in row[:width]]
        return cells


@attrs.define
class CellCheck:
    """A `require all([...])` of the cell form, with what it said of each (cell, value)."""

    targets: tuple[str, str]
    condition: Tree
    known: dict[tuple[int, int], dict[str, bool]] = attrs.Factory(dict)  # (r, c) -> value -> holds
    flat: dict[tuple[int, int], list[dict[str, bool]]] = attrs.Factory(dict)  # (height, width) -> row by row

    def flat_cells(self, height: int, width: int) -> list[dict[str, bool]]:
        cells = self.flat.get((height, width))
        if cells is None:
            cells = self.flat[height, width] = [self.known.setdefault((r, c), {})
                                                for r in range(1, height + 1) for c in range(1, width + 1)]
        return cells


class CellClues:
    """The clues of one batch param, worked out by a run of its own (resumed where the model's
    evaluation ended: see evaluate.Run.resumed), which serves one text at a time."""

    def __init__(self, evaluator, name: str, statements: list[ClueStatement], checks: list) -> None:
        self.evaluator = evaluator
        self.name = name
        self.statements = statements
        self.checks = checks  # (require, source, reads only the shape)
        self.shapes_checked: set[tuple[int, tuple[int, int]]] = set()

    @classmethod
    def plan(cls, evaluator, name: str) -> CellClues | None:
        """The fast way for this param, or None when a clue statement has another form."""
        if not isinstance(evaluator.globals.names.get(name), Grid):
            return None
        if any(name in reads for let, reads in evaluator.depends.items() if let != name):
            return None  # a let computed from the clues would have to be evaluated again
        statements = []
        for statement, source in ((s.tree, s.source) for s in evaluator.program.statements):
            if statement.data == "given":
                label, *generators = statement.children
                targets = _cell_loop_over(generators, name)
                if targets is None:
                    return None
                condition = generators[1].children[0] if len(generators) == 2 else None
                try:
                    template = evaluator.program.template(label)
                except ModelFailure:
                    return None  # (a malformed label: the slow way says so)
                parts = [tree for tree, _ in (p for p in template if not isinstance(p, str))]
                if not all(_reads_only_cell(part, name, targets, evaluator.globals) for part in parts + [condition]
                           if part is not None):
                    return None
                statements.append(ClueStatement(statement, source, targets, condition))
        checks = [(statement, source, _reads_only_shape(statement, name),
                   _cell_check(statement, name, evaluator.globals)) for statement, source
                  in ((s.tree, s.source) for s in evaluator.program.statements)
                  if statement.data == "require" and _mentions(statement, name)]
        return cls(evaluator, name, statements, checks)

    def forced(self, text: str) -> tuple[int, ...]:
        """The options the clues force when the param's text is `text`."""
        word = _one_word(text)
        grid = None if word is not None else self._set_grid(text)
        shape = (grid.height, grid.width) if grid is not None else _word_shape(word or "")
        for number, (statement, source, shape_only, cell_check) in enumerate(self.checks):
            if shape_only and (number, shape) in self.shapes_checked:
                continue  # it held for a grid of this shape, so it holds for this one
            if cell_check is not None and self._cells_pass(cell_check, text, word, grid, shape):
                continue  # every (cell, value) of the line passed the condition
            if grid is None:
                grid = self._set_grid(text)
            self.evaluator.current = source
            self.evaluator.run_statement(statement)
            self.shapes_checked.add((number, shape))
        if word is not None and grid is None:
            try:
                return self._looked_up(word, *shape)
            except KeyError:
                grid = self._set_grid(text)  # a value not seen before in its cell: worked out below
        assert grid is not None  # set above whenever the table could not answer
        forced = []
        for clue in self.statements:
            self.evaluator.current = clue.source
            rows = clue.cells_for(grid.height, [len(labels) for labels in grid.rows_of_labels])
            for r, (labels, cells) in enumerate(zip(grid.rows_of_labels, rows), start=1):
                for c, (value, known) in enumerate(zip(labels, cells), start=1):
                    if value == EMPTY:
                        continue
                    option = known.get(value, ...)
                    if option is ...:
                        option = known[value] = self._clue_option(clue, r, c)
                    if option is not None:
                        forced.append(option)
        return tuple(forced)

    def _cells_pass(self, check: CellCheck, text: str, word: str | None, grid: Grid | None,
                    shape: tuple[int, int]) -> bool:
        """Whether the condition holds at every cell of the line, each (cell, value) worked
        out once by the interpreter (with the line's grid set) and then looked up."""
        if word is not None:  # the cells in reading order, the tables alongside
            height, width = shape
            values: Any = word
            tables = check.flat_cells(height, width)
        else:
            assert grid is not None
            cells = grid.cells
            values = [grid[r, c] for r, c in cells]
            tables = [check.known.setdefault(cell, {}) for cell in cells]
        for k, (value, known) in enumerate(zip(values, tables)):
            if value == EMPTY:
                continue
            holds = known.get(value)
            if holds is None:
                if grid is None or self.evaluator.globals.names.get(self.name) is not grid:
                    grid = self._set_grid(text)
                r, c = (k // shape[1] + 1, k % shape[1] + 1) if word is not None else grid.cells[k]
                row, col = check.targets
                try:
                    holds = known[value] = bool(self.evaluator.eval(
                        check.condition, Scope({row: r, col: c}, self.evaluator.globals)))
                except ModelFailure:
                    return False  # the statement itself, run in full, says what is wrong
            if not holds:
                return False
        return True

    def _looked_up(self, word: str, height: int, width: int) -> tuple[int, ...]:
        """The clues of a one-word grid from the tables alone; KeyError at a value not in them."""
        forced = []
        for clue in self.statements:
            forced += [option for known, value in zip(clue.flat_cells(height, width), word)
                       if value != EMPTY and (option := known[value]) is not None]
        return tuple(forced)

    def _set_grid(self, text: str) -> Grid:
        grid = self.evaluator.globals.names[self.name] = Grid.from_text(text)
        return grid

    def _clue_option(self, clue: ClueStatement, r: int, c: int) -> int | None:
        evaluator = self.evaluator
        row, col = clue.targets
        scope = Scope({row: r, col: c}, evaluator.globals)
        try:
            if clue.condition is not None and not evaluator.eval(clue.condition, scope):
                return None
            evaluator.givens = [(evaluator.string(clue.statement.children[0], scope), clue.statement, clue.source)]
        except ModelFailure as failure:
            raise evaluator.located(failure) from None
        return evaluator.resolve_givens(evaluator.problem)[0]


def _one_word(text: str) -> str | None:
    """The text when it is one word (no blanks, no row separators): a grid's cells in a row."""
    word = text.strip()
    if not word or word == "empty" or "/" in word or len(word.split(None, 1)) != 1:
        return None
    return word


def _word_shape(word: str) -> tuple[int, int]:
    """As Grid.from_text reads one word: the rows of a square, or else one row."""
    side = math.isqrt(len(word))
    return (side, side) if side > 1 and side * side == len(word) else (1, len(word))


def _cell_check(statement: Tree, name: str, globals_) -> CellCheck | None:
    """The check of a `require all([CONDITION for (r, c) in NAME.cells])` whose condition
    reads NAME only as NAME[r, c]; None for a require of any other form."""
    condition = statement.children[0]
    if not (isinstance(condition, Tree) and condition.data == "call"):
        return None
    function, arguments = condition.children
    if not (function.data == "name" and str(function.children[0]) == "all"
            and globals_.names.get("all") is BUILTINS["all"]  # (not a model's own `all`)
            and arguments is not None and len(arguments.children) == 1):
        return None
    (listed,) = arguments.children
    if not (isinstance(listed, Tree) and listed.data == "list_comprehension"):
        return None
    element, *generators = listed.children
    targets = _cell_loop_over(generators, name)
    if targets is None or len(generators) != 1 or not _reads_only_cell(element, name, targets, globals_):
        return None
    return CellCheck(targets, element)


def _reads_only_shape(tree: Tree, name: str) -> bool:
    """Whether `tree` reads `name` only as name.height and name.width."""
    mentions = sum(1 for token in tree.scan_values(_is_name) if str(token) == name)
    shape_reads = sum(1 for node in tree.iter_subtrees() if node.data == "attribute"
                      and str(node.children[1]) in ("height", "width")
                      and isinstance(target := node.children[0], Tree) and target.data == "name"
                      and str(target.children[0]) == name)
    return mentions == shape_reads


def _is_name(value: Any) -> bool:
    return isinstance(value, Token) and value.type == "NAME"


def _mentions(tree: Tree, name: str) -> bool:
    return any(str(token) == name for token in tree.scan_values(_is_name))


def _cell_loop_over(generators: list, name: str) -> tuple[str, str] | None:
    """(r, c) when the generators are `for (r, c) in NAME.cells` and at most one `if`."""
    if not generators or generators[0].data != "for_clause" or len(generators) > 2:
        return None
    if len(generators) == 2 and generators[1].data != "if_clause":
        return None
    target, source = generators[0].children
    if target.data != "tuple_target" or len(target.children) != 2 or \
            any(part.data != "name_target" for part in target.children):
        return None
    if source.data != "attribute" or str(source.children[1]) != "cells" or \
            source.children[0].data != "name" or str(source.children[0].children[0]) != name:
        return None
    row, column = (str(part.children[0]) for part in target.children)
    return row, column


def _reads_only_cell(tree: Any, name: str, targets: tuple[str, str], globals_) -> bool:
    """Whether the expression reads the param only as NAME[r, c] and calls no model function
    (whose body might read more)."""
    if not isinstance(tree, Tree):
        return True
    if tree.data == "name":
        token = str(tree.children[0])
        if token == name:
            return False  # a bare use of the grid, outside NAME[r, c]
        return not isinstance(globals_.names.get(token), Function)
    if tree.data == "index" and tree.children[0].data == "name" and str(tree.children[0].children[0]) == name:
        keys = tree.children[1:]
        return len(keys) == 2 and all(k.data == "name" and str(k.children[0]) == t for k, t in zip(keys, targets))
    return all(_reads_only_cell(child, name, targets, globals_) for child in tree.children)
