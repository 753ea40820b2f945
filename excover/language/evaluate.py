"""Program to model: a small, sandboxed interpreter of the .xc language.

A :class:`Run` evaluates a :class:`~excover.language.program.Program` (the parsed model)
with one set of params into a LoadedModel; each evaluation is a run of its own, with its own
names and its own step count. The interpreter walks lark's tree itself; no Python code is generated or run, and a model
can reach nothing but its own values, the built-in functions below and the files it
includes. Every piece of work is charged to a budget (steps, options, call depth), so a
model cannot run unbounded. Every error carries the file, line and column of the construct
that failed.
"""

from __future__ import annotations

import contextlib
import enum
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

import attrs
from lark import Token, Tree

from excover._collector import paused
from excover._errors import ExcoverError, ModelError, RequirementError, brief, suggestion
from excover._geometry import HEXAGONAL, LATTICES, SQUARE
from excover._model import Fault, Item, Option, OptionFault, Problem, Symmetries
from excover.language.budget import Budget
from excover.language.builtins import BUILTINS
from excover.language.expressions import (
    CHARACTERS_PER_STEP,
    COMPILERS,
    MAX_SEQUENCE,
    Closure,
    constant,
    order_key,
)
from excover.language.failure import ModelFailure, fail, fail_budget, fail_type
from excover.language.loaded import LoadedModel, Param
from excover.language.parse import parse
from excover.language.program import Program, Source, Statement, located, program_of_text, read_program
from excover.language.scope import Scope
from excover.language.values import Builtin, Function, Grid, a_type, format_value, item_name, param_kind, text_length

if TYPE_CHECKING:  # pragma: no cover
    from excover.language.clues import CellClues


@attrs.define
class PendingOption:
    entries: list[tuple[str, str | None, Any]]  # item name, colour, node
    label: str | None
    show: dict
    node: Any
    source: Source


INTEGER = re.compile(r"[+-]?[0-9]+")


class SeveralCases(Exception):
    """Raised by a `cases` statement that finds several cases, to evaluate the first alone."""

    def __init__(self, name: str, cases: tuple[str, ...]) -> None:
        super().__init__(name)
        self.name, self.cases = name, cases


SHORT_TEXT = 100  # characters of a name that need not be paid for: a few steps' worth
SHORT_NUMBER = 200  # digits of a number written for free
SHORT_INT = 10**SHORT_NUMBER  # a number within it (either sign) is written for free: text() and names
DIGITS_SQUARED_PER_STEP = 50_000  # writing a number of d digits in decimal: d**2 / this steps (measured)
LOOKED_THROUGH = (list, tuple, set, frozenset, dict)  # values whose comparison or hash looks at parts


class Kind(enum.Enum):
    """What a statement is to the runs of a model (see KINDS)."""

    PARAM = "a param, or the cases of one: read from the command line"
    VALUE = "a name defined (let, def): worked out from the params"
    CHECK = "a requirement on the values"
    CLUE = "an option forced (given)"
    STRUCTURE = "the problem's items and options, its symmetries, its drawing: built once"
    SAID = "what the model says after a search (report)"
    INCLUDE = "another file's statements, read in with the program (see language.program)"


# Every statement of the grammar, classified once: tests/test_language.py checks that each
# rule of the grammar's `statement` is here, and that each kind but INCLUDE has its method.
KINDS: dict[str, Kind] = {
    "param": Kind.PARAM, "cases": Kind.PARAM,
    "let": Kind.VALUE, "def": Kind.VALUE,
    "require": Kind.CHECK,
    "given": Kind.CLUE,
    "primary": Kind.STRUCTURE, "secondary": Kind.STRUCTURE, "option": Kind.STRUCTURE,
    "symmetry_at": Kind.STRUCTURE, "symmetry_map": Kind.STRUCTURE, "symmetry_permute": Kind.STRUCTURE,
    "lattice": Kind.STRUCTURE, "outline": Kind.STRUCTURE,
    "report": Kind.SAID,
    "include": Kind.INCLUDE,
}
# What a run of other clues runs again, the problem kept (see Evaluation.forced_by).
CLUE_KINDS = frozenset({Kind.PARAM, Kind.VALUE, Kind.CHECK, Kind.CLUE})


class Run:
    """One evaluation of a program: the params' texts, the names in force, the items,
    options and clues built, the steps taken. A run is used once and owned by its user;
    the program it runs is shared and never changed."""

    def __init__(self, program: Program, params: Mapping[str, str] | None = None,
                 budget: Budget | None = None) -> None:
        self.program = program
        # The limits are the caller's; the steps taken are this run's own, so that a Budget
        # given to several loads (or a batch's cases) gives each the whole allowance.
        self.budget = attrs.evolve(budget or Budget(), steps=0)
        self.templates: dict[int, list] = {}  # id of a string's token -> its parts, compiled (see string)
        self.closures: dict[int, tuple[Any, Closure]] = {}  # id(node) -> (node, its closure): see expressions
        # The same for item names, option entries, clauses and targets, by (what, id(node)): an item
        # node is compiled both as a name and as an option's entry.
        self.statement_parts: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.start(params)

    def start(self, params: Mapping[str, str] | None) -> None:
        """Begin an evaluation with these params: nothing defined, built or counted yet. (A run
        that serves many texts in turn starts again for each; its compiled closures are kept,
        since they read the run's state when they run, not when they were compiled.)"""
        self.overrides = dict(params or {})
        self.budget.steps = 0
        self.globals = Scope(dict(BUILTINS))
        self.items: dict[str, tuple[Item, Any]] = {}
        self.options: list[PendingOption] = []
        self.givens: list[tuple[str, Any, Source]] = []
        self.params_declared: set[str] = set()
        self.params: list[Param] = []  # as declared, for `excover info`
        self.cases: tuple[str, tuple[str, ...]] | None = None
        self.call_depth = 0
        # Which params each global name depends on, so that batch runs know whether the
        # items and options (built once) read the param that changes from puzzle to puzzle.
        self.depends: dict[str, frozenset[str]] = {}
        self.tracking: set[str] | None = None
        self.params_read_by_options: set[str] = set()
        self.current: Source | None = None
        self.problem = Problem(primary=())  # the problem built, once finished
        self.outline: dict = {}  # cell -> region, for pictures
        self.outline_notes: dict = {}  # region -> text written in its corner (a cage's sum)
        # What the symmetry statements say (see Symmetries): item -> point; item maps; lines.
        self.points: dict = {}
        self.lattice_statement: Tree | None = None
        self.lattice = SQUARE  # the `lattice` statement's: how shapes, boards and pictures read cells
        self.symmetry_maps: list[dict[str, str]] = []
        self.relabellings: list[tuple[tuple[str, ...], ...]] = []

    @classmethod
    def resumed(cls, evaluation: Evaluation) -> Run:
        """A run that starts where an evaluation ended: its params, its names in force (a copy,
        to bind more), its problem; for a report, or the clues of other texts."""
        run = cls(evaluation.program, evaluation.params, evaluation.budget)
        run.globals = Scope(dict(evaluation.names))
        run.depends = dict(evaluation.depends)
        run.params_declared = set(evaluation.declared)
        run.problem = evaluation.problem
        return run

    # -- the whole model -----------------------------------------------------------------

    def model(self) -> LoadedModel:
        """Run every statement, then build the problem: the model as these params make it."""
        try:
            self.run_statements(statement for statement in self.program.statements)
        except SeveralCases as several:
            # Run again from the start with the first case as the param's text, since the
            # statements above `cases` may have read the whole text.
            first = Run(self.program, {**self.overrides, several.name: several.cases[0]}, self.budget)
            model = first.model()
            if first.cases is None or len(first.cases[1]) != 1:
                raise ExcoverError(f"cases: the first case of {several.name} does not stand as one case",
                                   file=self.program.filename) from None
            return attrs.evolve(model, cases=(several.name, several.cases))
        unknown = set(self.overrides) - self.params_declared
        if unknown:
            name = sorted(unknown)[0]
            declared = [param.name for param in self.params]
            hint = suggestion(name, declared) or (f"; its params are {', '.join(declared)}" if declared else
                                                  "; it has no params")
            raise ExcoverError(f"-p {name}: the model declares no param {name!r}{hint}", file=self.program.filename)
        return self.finish()

    def run_statements(self, statements: Iterable[Statement]) -> None:
        with evaluating():
            for statement in statements:
                self.current = statement.source
                self.run_statement(statement.tree)

    def located(self, failure: ModelFailure, source: Source | None = None) -> ExcoverError:
        return located(failure, source or self.current)

    # -- statements ----------------------------------------------------------------------

    def run_statement(self, statement: Tree) -> None:
        try:
            getattr(self, f"statement_{statement.data}")(statement)
        except ModelFailure as failure:
            raise self.located(failure) from None
        except RecursionError:
            raise self.located(fail_budget("the expression is nested too deeply to evaluate", statement)) from None

    def statement_param(self, node: Tree) -> None:
        name_token, expr = node.children
        name = str(name_token)
        if name in self.params_declared:
            raise fail(f"param {name!r} is declared twice", name_token)
        self.params_declared.add(name)
        default = self.eval(expr, self.globals)
        self.params.append(Param(name, param_kind(default), self.written(expr), self.comment_beside(node)))
        if name in self.overrides:
            default = self.override(name, self.overrides[name], default, name_token)
        self.define(name, default, name_token)
        self.depends[name] = frozenset([name])

    @property
    def here(self) -> Source:
        """The file whose statements are running (there is always one while they run)."""
        assert self.current is not None
        return self.current

    def written(self, node: Tree) -> str:
        """A statement's expression as the model writes it."""
        return self.here.written(node)

    def comment_beside(self, node: Tree) -> str:
        """The comment after a statement on its last line, or else the comment lines just above
        it (not the file's opening comment, which describes the whole model)."""
        text, lines = self.here.text, self.here.lines
        end_of_line = text.find("\n", node.meta.end_pos)
        after = text[node.meta.end_pos:end_of_line if end_of_line >= 0 else len(text)].strip()
        if after.startswith("#"):
            return after.lstrip("#").strip()
        above = node.meta.line - 2  # index of the line above
        start = above
        while start >= 0 and lines[start].lstrip().startswith("#"):
            start -= 1
        if start < 0 or start == above:  # the opening comment, or none
            return ""
        return " ".join(line.strip().lstrip("#").strip() for line in lines[start + 1:above + 1])

    def statement_cases(self, node: Tree) -> None:
        """`cases NAME = EXPR`: EXPR splits param NAME's text into cases. With several, the
        model is the first case's, and remembers the others (see each_case)."""
        name_token, expr = node.children
        name = str(name_token)
        if name not in self.params_declared:
            raise fail(f"cases: {name!r} is not a param declared above", name_token)
        if self.cases is not None:
            raise fail("a model has one cases statement", name_token)
        found = self.eval(expr, self.globals)
        if not isinstance(found, (list, tuple)) or not all(isinstance(case, str) for case in found):
            raise fail_type(f"cases: expected a list of texts, not {a_type(found)}", expr)
        if not found:
            raise fail(f"-p {name}: the input holds no case", name_token)
        self.cases = (name, tuple(found))
        if len(found) > 1:
            raise SeveralCases(name, tuple(found))

    def statement_let(self, node: Tree) -> None:
        target, expr = node.children
        self.tracking = set()
        try:
            value = self.eval(expr, self.globals)
        finally:
            reads, self.tracking = frozenset(self.tracking), None
        self.bind(target, value, self.globals, define=True)
        for token in target.scan_values(lambda t: isinstance(t, Token) and t.type == "NAME"):
            self.depends[str(token)] = reads

    def statement_def(self, node: Tree) -> None:
        name_token, *parameters, body = node.children
        names = tuple(str(p) for p in parameters if p is not None)
        if len(set(names)) != len(names):
            raise fail(f"function {name_token} names a parameter twice", name_token)
        self.define(str(name_token), Function(str(name_token), names, body, node), name_token)

    def statement_report(self, node: Tree) -> None:
        """Nothing while the model is built: said after a search (report_lines)."""

    def report_lines(self, found: int) -> list[str]:
        """The model's `report` statements, with `found` the number of solutions found."""
        lines = []
        for statement in self.program.statements:
            if statement.rule == "report":
                self.current = statement.source
                expr = statement.tree.children[0]
                try:
                    lines.append(self.text(self.eval(expr, Scope({"found": found}, self.globals)), expr))
                except ModelFailure as failure:
                    raise self.located(failure) from None
        return lines

    def statement_require(self, node: Tree) -> None:
        condition, message = node.children
        if not self.eval(condition, self.globals):
            text = "a requirement of the model does not hold" if message is None else self.text(
                self.eval(message, self.globals), message)
            raise fail(text, node, RequirementError)

    def statement_outline(self, node: Tree) -> None:
        regions_node, notes_node = node.children
        for what, expr in (("cell to region", regions_node), ("region to note", notes_node)):
            if expr is not None and not isinstance(value := self.eval(expr, self.globals), dict):
                raise fail_type(f"outline needs a dict from {what}, not {a_type(value)}", expr)
        self.outline.update(self.eval(regions_node, self.globals))
        if notes_node is not None:
            notes = self.eval(notes_node, self.globals)
            self.outline_notes.update({region: self.text(note, notes_node) for region, note in notes.items()})

    def statement_lattice(self, node: Tree) -> None:
        (name,) = node.children
        if str(name) not in LATTICES:
            raise fail(f"lattice {name}: the lattices are {', '.join(LATTICES)}", name)
        if self.lattice_statement is not None:
            raise fail("the model states its lattice twice", node)
        self.lattice_statement = node
        self.lattice = str(name)

    def statement_symmetry_at(self, node: Tree) -> None:
        item_node, point_node, *generators = node.children
        for scope in self.generate(generators, self.globals, reading=True):
            name = self.declared_name(item_node, scope)
            point = self.eval(point_node, scope)
            if not (isinstance(point, tuple) and len(point) in (2, 3) and all(type(v) is int for v in point)):
                raise fail_type(f"symmetry needs a point of the lattice, a tuple of 2 or 3 integers, not "
                                f"{a_type(point)}", point_node)
            if self.lattice != SQUARE and (len(point) != 2 or self.lattice == HEXAGONAL and sum(point) % 2):
                cell = "(row, column with row + column even)" if self.lattice == HEXAGONAL else "(row, column)"
                raise fail(f"symmetry: {format_value(point)} is no cell of the {self.lattice} lattice {cell}",
                           point_node)
            if name in self.points and self.points[name] != point:
                raise fail(f"symmetry: item {brief(name)} is put at two points", item_node)
            self.points[name] = point

    def statement_symmetry_map(self, node: Tree) -> None:
        """One symmetry: each generated `item -> item` a pair of it; together a permutation of
        the items they name, each sent to an item of its own kind."""
        mappings = [child for child in node.children if child.data == "mapping"]
        generators = [child for child in node.children if child.data in ("for_clause", "if_clause")]
        sent: dict[str, str] = {}
        for scope in self.generate(generators, self.globals, reading=True):
            for mapping in mappings:
                source_node, image_node = mapping.children
                source, image = self.declared_name(source_node, scope), self.declared_name(image_node, scope)
                if sent.setdefault(source, image) != image:
                    raise fail(f"symmetry: item {brief(source)} is sent to two items, {brief(sent[source])} "
                               f"and {brief(image)}", source_node)
                if not self.same_kind(source, image):
                    raise fail(f"symmetry: item {brief(source)} is sent to {brief(image)}, an item of another "
                               "kind (primary or secondary, or other bounds)", image_node)
        sources: dict[str, str] = {}
        for source, image in sent.items():
            if sources.setdefault(image, source) != source:
                raise fail(f"symmetry: {brief(sources[image])} and {brief(source)} are both sent to {brief(image)}",
                           node)
        unsent = [image for image in sent.values() if image not in sent]
        if unsent:
            raise fail(f"symmetry: item {brief(unsent[0])} is an image but is sent nowhere (a symmetry permutes "
                       "the items it names)", node)
        self.symmetry_maps.append({source: image for source, image in sent.items() if source != image})

    def statement_symmetry_permute(self, node: Tree) -> None:
        """`symmetry permute d: ITEMS GENERATORS`: the values the generators give `d` are
        interchangeable; each item listed, in each binding, makes a line: the item with `d`
        set to each value in turn."""
        variable_token, *rest = node.children
        variable = str(variable_token)
        items = [child for child in rest if child.data == "item"]
        generators = [child for child in rest if child.data in ("for_clause", "if_clause")]
        values: dict[Any, None] = {}
        for scope in self.generate(generators, self.globals, reading=True):
            if not values and variable not in scope.visible() - set(self.globals.names):
                raise fail(f"symmetry: permute {variable}: the `for` clauses must give {variable} its values",
                           variable_token)
            value = scope.lookup(variable)
            try:
                values[value] = None
            except TypeError:
                raise fail_type(f"symmetry: permute {variable}: its values must be numbers, texts or tuples, not "
                                f"{a_type(value)}", variable_token) from None
        lines: dict[tuple[str, ...], None] = {}
        on_line: dict[str, tuple[str, ...]] = {}
        for scope in self.generate(generators, self.globals):  # (again: a clause's scope is reused)
            for item_node in items:
                self.charge(item_node, len(values))
                line = tuple(self.declared_name(item_node, Scope({variable: value}, scope)) for value in values)
                if len(set(line)) < len(line):
                    raise fail(f"symmetry: permute {variable}: item {brief(line[0])} is the same item for two "
                               f"values of {variable}", item_node)
                for name in line:
                    if on_line.setdefault(name, line) != line:
                        raise fail(f"symmetry: permute {variable}: item {brief(name)} is on two lines, "
                                   f"{brief(', '.join(line))} and {brief(', '.join(on_line[name]))}", item_node)
                    if not self.same_kind(name, line[0]):
                        raise fail(f"symmetry: permute {variable}: items {brief(line[0])} and {brief(name)} are of "
                                   "other kinds (primary or secondary, or other bounds)", item_node)
                lines[line] = None
        if len(values) > 1:
            self.relabellings.append(tuple(lines))

    def same_kind(self, name: str, other: str) -> bool:
        """Whether two items may trade places in a symmetry: both primary with the same bounds,
        or both secondary."""
        return self.items[name][0].kind == self.items[other][0].kind

    def declared_name(self, item_node: Tree, scope: Scope) -> str:
        name = self.item_name(item_node, scope)
        if name not in self.items:
            raise fail(f"symmetry: item {brief(name)} is not declared (declare the items first)", item_node)
        return name

    def statement_primary(self, node: Tree) -> None:
        declared = [child for child in node.children if child.data == "declared"]
        generators = [child for child in node.children if child.data in ("for_clause", "if_clause")]
        for scope in self.generate(generators, self.globals, reading=True):
            for declaration in declared:
                item_node, *bounds = declaration.children
                lo, hi = self.bounds(bounds[0], scope) if bounds else (1, 1)
                self.declare(Item(self.item_name(item_node, scope), lo, hi), item_node)

    def statement_secondary(self, node: Tree) -> None:
        items = [child for child in node.children if child.data == "item"]
        generators = [child for child in node.children if child.data in ("for_clause", "if_clause")]
        for scope in self.generate(generators, self.globals, reading=True):
            for item_node in items:
                self.declare(Item(self.item_name(item_node, scope), 0, 1, secondary=True), item_node)

    def statement_option(self, node: Tree) -> None:
        children = list(node.children)
        label = children[0] if isinstance(children[0], Token) else None
        if label is not None:
            children.pop(0)
        entries = [c for c in children if c.data in ("item", "coloured", "splice")]
        generators = [c for c in children if c.data in ("for_clause", "if_clause")]
        shows = [c for c in children if c.data == "show"]
        adders = [self.entries_of(entry) for entry in entries]
        for scope in self.generate(generators, self.globals, reading=True):
            found: list[tuple[str, str | None, Any]] = []
            for add in adders:
                add(scope, found)
            text = None if label is None else self.string(label, scope)
            picture: dict = {}
            for show in shows:
                key_node, value_node = show.children
                key = self.eval(key_node, scope)
                if value_node is None:
                    if not isinstance(key, dict):
                        raise fail_type(f"show without '=' needs a dict from cell to value, not {a_type(key)}",
                                   key_node)
                    picture.update(key)
                    continue
                value = self.eval(value_node, scope)
                for cell in _cells_of(key):
                    picture[cell] = value
            self.options.append(PendingOption(found, text, picture, node, self.here))
            if len(self.options) > self.budget.max_options:
                raise fail_budget(f"the model generates more than {self.budget.max_options:,} options "
                           f"(raise the limit with --max-options)", node)

    def statement_given(self, node: Tree) -> None:
        label, *generators = node.children
        assert isinstance(label, Token)  # the grammar's STRING
        for scope in self.generate(generators, self.globals):
            self.givens.append((self.string(label, scope), node, self.here))

    # -- pieces of statements ------------------------------------------------------------

    def declare(self, item: Item, node: Any) -> None:
        if item.name in self.items:
            raise fail(f"item {brief(item.name)} is declared twice", node)
        if len(self.items) >= self.budget.max_options:  # as many items as options, at most
            raise fail_budget(f"the model declares more than {self.budget.max_options:,} items "
                       "(raise the limit with --max-options)", node)
        self.items[item.name] = (item, node)

    def text(self, value: Any, node: Any) -> str:
        """The value as it reads in names and labels (format_value), paid for like any text
        built, and refused before it is built if it would be too long."""
        kind = type(value)
        if kind is str:  # paid for already
            return value
        if kind is int:  # at most 4,300 digits, but writing them costs their number squared
            if not -SHORT_INT < value < SHORT_INT:
                digits = value.bit_length() * 3 // 10
                self.charge(node, digits * digits // DIGITS_SQUARED_PER_STEP)
            return str(value)
        if kind is tuple and len(value) <= 3 and all(type(part) is int for part in value):
            return format_value(value)  # a cell: short
        self.charge_text(node, text_length(value, MAX_SEQUENCE), "that text")
        return format_value(value)

    def charge_looking(self, node: Any, *values: Any) -> None:
        """Charge comparing, sorting or hashing values, which looks at every part of them, as
        deep as they go: as much as their text would cost to build. (A list that holds one
        list many times is short to build but long to look through.) Measured only as far as
        the budget left reaches, so the measuring is bounded too."""
        room = (self.budget.max_steps - self.budget.steps + 1) * CHARACTERS_PER_STEP
        for value in values:
            if isinstance(value, LOOKED_THROUGH):
                self.charge(node, text_length(value, room) // CHARACTERS_PER_STEP)

    def charge_text(self, node: Any, length: int, what: str) -> None:
        """Charge the building of a text of `length` characters: ten characters a step."""
        if length > MAX_SEQUENCE:
            raise fail_budget(f"{what} would be longer than {MAX_SEQUENCE:,} characters; "
                       f"no value may have more than {MAX_SEQUENCE:,} parts", node)
        self.budget.steps += length // CHARACTERS_PER_STEP
        if self.budget.steps > self.budget.max_steps:
            raise self.past_budget(node)

    def charge_size(self, node: Any, size: int, what: str) -> None:
        """Charge the building of a value of `size` parts (elements, characters) to the
        budget, and refuse one larger than any single value may be."""
        if size > MAX_SEQUENCE:
            raise fail_budget(f"{what} would have {size:,} parts; no value may have more than {MAX_SEQUENCE:,}", node)
        self.budget.steps += size
        if self.budget.steps > self.budget.max_steps:
            raise self.past_budget(node)

    def bounds(self, node: Tree, scope: Scope) -> tuple[int, int | None]:
        if node.data == "exact_bounds":
            exact = self.integer(node.children[0], scope, "a multiplicity")
            return exact, exact
        lo_node, hi_node = node.children
        lo = self.integer(lo_node, scope, "a lower bound")
        unbounded = isinstance(hi_node, Token) and hi_node.type == "STAR"
        hi = None if unbounded else self.integer(hi_node, scope, "an upper bound")
        if lo < 0 or (hi is not None and hi < lo):
            raise fail(f"bounds [{lo}..{'*' if hi is None else hi}] are not a range of counts", node)
        return lo, hi

    def integer(self, node: Any, scope: Scope, what: str) -> int:
        value = self.eval(node, scope)
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail_type(f"{what} must be an integer, not {a_type(value)}", node)
        return value

    def item_name(self, node: Tree, scope: Scope) -> str:
        return self.namer(node)(scope)

    def namer(self, node: Tree) -> Callable[[Scope], str]:
        """The item node's name in a scope, as a closure compiled once (see expressions)."""
        known = self.statement_parts.get(("name", id(node)))
        if known is not None:
            return known[1]
        base, *arguments = node.children
        base_name = str(base)
        parts = [(self.compiled(a), a) for a in arguments if a is not None]

        text = self.text

        def name_of(scope: Scope) -> str:
            if not arguments:
                return base_name
            texts = []
            for value_of, argument in parts:  # (text's two commonest cases first, inline: names are many)
                value = value_of(scope)
                kind = type(value)
                if kind is str:
                    texts.append(value)
                elif kind is int and -SHORT_INT < value < SHORT_INT:
                    texts.append(str(value))
                else:
                    texts.append(text(value, argument))
            name = item_name(base_name, texts)
            if len(name) > SHORT_TEXT:
                self.charge_text(node, len(name), "that item's name")
            return name
        self.statement_parts["name", id(node)] = (node, name_of)
        return name_of

    def entries_of(self, node: Tree) -> Callable[[Scope, list], None]:
        """The option entry's items (item, colour, node) added to a list, as a closure."""
        known = self.statement_parts.get(("entries", id(node)))
        if known is not None:
            return known[1]
        if node.data == "item":
            name_of = self.namer(node)

            def add(scope: Scope, found: list) -> None:
                found.append((name_of(scope), None, node))
        elif node.data == "coloured":
            item_node, colour_node = node.children
            item_of, colour_of = self.namer(item_node), self.compiled(colour_node)

            def add(scope: Scope, found: list) -> None:
                colour = colour_of(scope)
                found.append((item_of(scope), self.text(colour, colour_node), item_node))
        else:  # splice
            parts = [self.entries_of(c) for c in node.children if c.data in ("item", "coloured", "splice")]
            generators = [c for c in node.children if c.data in ("for_clause", "if_clause")]

            def add(scope: Scope, found: list) -> None:
                for inner in self.generate(generators, scope):
                    for part in parts:
                        part(inner, found)
        self.statement_parts["entries", id(node)] = (node, add)
        return add

    def generate(self, generators: list[Tree], scope: Scope, reading: bool = False) -> Iterator[Scope]:
        """Every binding the `for` and `if` clauses produce, in order."""
        if reading:
            self.tracking = set()
        try:
            chain = self.chain(generators)
            if chain is None:
                yield scope
            else:
                yield from chain(scope)
        finally:
            if reading:
                self.params_read_by_options |= self.tracking or set()
                self.tracking = None

    def chain(self, generators: list[Tree], index: int = 0) -> Callable[[Scope], Iterator[Scope]] | None:
        """The clauses from `index` on, compiled once into nested loops (None for no clause).
        A `for` clause charges a step for each value it takes, as iterate does."""
        if index == len(generators):
            return None
        clause = generators[index]
        known = self.statement_parts.get(("clause", id(clause)))
        if known is not None:
            return known[1]
        rest = self.chain(generators, index + 1)
        if clause.data == "if_clause":
            condition = self.compiled(clause.children[0])

            def clause_if(scope: Scope) -> Iterator[Scope]:
                if condition(scope):
                    if rest is None:
                        yield scope
                    else:
                        yield from rest(scope)
            run = clause_if
        else:
            target, source = clause.children
            source_of, bind = self.compiled(source), self.binder(target)
            budget = self.budget

            def clause_for(scope: Scope) -> Iterator[Scope]:
                inner = Scope(parent=scope)
                for value in self.elements(source_of(scope), source):
                    budget.steps += 1
                    if budget.steps > budget.max_steps:
                        raise self.past_budget(source)
                    bind(value, inner)
                    if rest is None:
                        yield inner
                    else:
                        yield from rest(inner)
            run = clause_for
        # (a clause ends the same list of clauses wherever it is met, so it is compiled once)
        self.statement_parts["clause", id(clause)] = (clause, run)
        return run

    def elements(self, value: Any, node: Any) -> Any:
        """What iterating over the value goes through (not yet paid for): a grid's cells, a
        dict's keys, a set's elements in order."""
        if isinstance(value, Grid):
            return value.cells
        if isinstance(value, dict):
            return list(value)
        if isinstance(value, (set, frozenset)):
            self.charge_looking(node, value)  # sorted, for an order that does not depend on hashing
            return sorted(value, key=order_key)
        if not isinstance(value, (list, tuple, range, str)):
            raise fail_type(f"cannot iterate over {a_type(value)}", node)
        return value

    def binder(self, target: Tree) -> Callable[[Any, Scope], None]:
        """Binding a value to a `for` target's names in a scope, as a closure."""
        known = self.statement_parts.get(("target", id(target)))
        if known is not None:
            return known[1]
        if target.data == "name_target":
            name = str(target.children[0])

            def bind(value: Any, scope: Scope) -> None:
                scope.names[name] = value
        else:
            parts = [self.binder(part) for part in target.children]
            budget = self.budget

            def bind(value: Any, scope: Scope) -> None:
                if type(value) is tuple or type(value) is list:  # the usual case, paid for at once
                    budget.steps += len(value)
                    if budget.steps > budget.max_steps:
                        raise self.past_budget(target)
                    values = value
                else:
                    if not isinstance(value, (range, str, dict, set, frozenset, Grid)):
                        raise fail_type(f"cannot unpack {a_type(value)} into {len(parts)} names", target)
                    values = list(self.iterate(value, target))
                if len(values) != len(parts):
                    raise fail(f"cannot unpack {len(values)} values into {len(parts)} names", target)
                for part, element in zip(parts, values):
                    part(element, scope)
        self.statement_parts["target", id(target)] = (target, bind)
        return bind

    def iterate(self, value: Any, node: Any) -> Iterator[Any]:
        for element in self.elements(value, node):
            self.charge(node)
            yield element

    def bind(self, target: Tree, value: Any, scope: Scope, define: bool = False) -> None:
        if target.data == "name_target":
            name = str(target.children[0])
            if define:
                self.define(name, value, target.children[0])
            else:
                scope.names[name] = value
            return
        parts = target.children
        if not isinstance(value, (list, tuple, range, str, dict, set, frozenset, Grid)):
            raise fail_type(f"cannot unpack {a_type(value)} into {len(parts)} names", target)
        values = list(self.iterate(value, target))
        if len(values) != len(parts):
            raise fail(f"cannot unpack {len(values)} values into {len(parts)} names", target)
        for part, element in zip(parts, values):
            self.bind(part, element, scope, define)

    def define(self, name: str, value: Any, node: Any) -> None:
        if name in self.globals.names and name not in BUILTINS:
            raise fail(f"{name!r} is already defined", node)
        self.globals.names[name] = value

    def override(self, name: str, text: str, default: Any, node: Any) -> Any:
        """A param's value from the command line, read as the same kind of value as its
        default (its kind); anything else is refused in those words."""
        kind = param_kind(default)
        shown = text if len(text) <= 40 else text[:37] + "..."

        def refuse(why: str = "") -> ModelFailure:
            return fail(f"-p {name}={shown}: {name} is {kind}{why}", node)

        if isinstance(default, Grid):
            return Grid.from_text(text)
        if isinstance(default, bool):
            if text not in ("true", "false"):
                raise refuse()
            return text == "true"
        if isinstance(default, int):
            if not INTEGER.fullmatch(text.strip()):
                raise refuse(f", such as {default}")
            try:
                return int(text)
            except ValueError:  # past Python's limit on the digits of an int read from text
                raise refuse(" of at most 4300 digits") from None
        if isinstance(default, str):
            return text
        try:
            tree = parse(text, f"-p {name}", start="expression")
        except ExcoverError as error:
            raise fail(f"-p {name}: {error.message}", node) from None
        value = self.eval(tree.children[0], Scope(dict(BUILTINS)))
        if param_kind(value) != kind:
            raise refuse(f", not {param_kind(value)}")
        return value

    # -- expressions ---------------------------------------------------------------------

    def charge(self, node: Any, steps: int = 1) -> None:
        """Charge `steps` to the budget: one for evaluating a node, more for work that looks
        through a large value (see charge_size and charge_text for what is built)."""
        budget = self.budget
        budget.steps += steps
        if budget.steps > budget.max_steps:
            raise self.past_budget(node)

    def past_budget(self, node: Any) -> ModelFailure:
        return fail_budget(f"the model runs past its budget of {self.budget.max_steps:,} steps "
                    f"(raise it with --max-steps)", node)

    def eval(self, node: Any, scope: Scope) -> Any:
        return self.compiled(node)(scope)

    def compiled(self, node: Any) -> Closure:
        """The node's closure (see expressions), compiled the first time it is asked for. The
        node is kept with it, so that its id names no other node while the evaluator lives."""
        known = self.closures.get(id(node))
        if known is not None:
            return known[1]
        try:
            compiler = COMPILERS[node.data]
        except (AttributeError, KeyError):  # pragma: no cover - the grammar produces no others
            closure = self.failing(node, fail("this construct cannot be evaluated", node))
        else:
            try:
                closure = compiler(self, node)
            except ModelFailure as failure:  # raised when the node is evaluated, as it would be
                closure = self.failing(node, failure)
        self.closures[id(node)] = (node, closure)
        return closure

    def failing(self, node: Any, failure: ModelFailure) -> Closure:
        step = constant(self, node, None)

        def run(scope: Scope) -> Any:
            step(scope)
            raise failure
        return run

    def string(self, token: Token, scope: Scope) -> str:
        """A string literal with its {expression} parts filled in."""
        parts = self.templates.get(id(token))
        if parts is None:
            parts = self.templates[id(token)] = self.compiled_template(token)
        if len(parts) == 1 and isinstance(parts[0], str):
            return parts[0]
        return self.fill(parts, token, scope)

    def compiled_template(self, token: Token) -> list:
        """The string's parts (see Program.template): its texts, and (closure, tree, where)
        for each {expression}."""
        return [part if isinstance(part, str) else (self.compiled(part[0]), part[0], part[1])
                for part in self.program.template(token)]

    def fill(self, parts: list, token: Token, scope: Scope) -> str:
        """A template's text: its literal parts, and each (closure, tree, where) part's value."""
        out = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
                continue
            closure, tree, at = part
            try:
                out.append(self.text(closure(scope), tree))
            except ModelFailure as failure:  # the sub-expression's positions are the label's
                raise fail(failure.message, at) from None
        text = "".join(out)
        self.charge_text(token, len(text), "that label")
        return text

    def call(self, function: Any, arguments: list[Any], node: Any, keywords: dict[str, Any] | None = None) -> Any:
        if not keywords and type(function) is Function and len(arguments) == len(function.parameters) \
                and self.call_depth < self.budget.max_call_depth:  # the usual call, said at once
            self.call_depth += 1
            try:
                return self.compiled(function.body)(Scope(dict(zip(function.parameters, arguments)), self.globals))
            finally:
                self.call_depth -= 1
        keywords = keywords or {}
        if isinstance(function, Builtin):
            try:
                return function.call(self, node, *arguments, **keywords)
            except TypeError as error:  # wrong arguments: say so in the model's words
                message, python_name = str(error), function.call.__name__
                if message.startswith(f"{python_name}()"):
                    raise fail(function.name + message[len(python_name):], node) from None
                raise
        if not isinstance(function, Function):
            raise fail_type(f"{a_type(function)} cannot be called{self.hiding(node)}", node)
        for name in keywords:
            if name not in function.parameters[len(arguments):]:
                raise fail(f"{function.name}() has no parameter {name!r} left to set", node)
        arguments = list(arguments) + [keywords[p] for p in function.parameters[len(arguments):] if p in keywords]
        if len(arguments) != len(function.parameters):
            raise fail(f"{function.name}() takes {len(function.parameters)} arguments, not {len(arguments)}", node)
        if self.call_depth >= self.budget.max_call_depth:
            raise fail_budget(f"calls nest deeper than {self.budget.max_call_depth} (unbounded recursion in "
                       f"{function.name}?)", node)
        self.call_depth += 1
        try:
            return self.eval(function.body, Scope(dict(zip(function.parameters, arguments)), self.globals))
        finally:
            self.call_depth -= 1

    def hiding(self, call: Any) -> str:
        """A note for a call of a name the model defined over a built-in's (a param named
        `regions`, then `regions(g)`): the built-in is hidden, not called."""
        callee = call.children[0] if isinstance(call, Tree) and call.children else None
        if isinstance(callee, Tree) and callee.data == "name" and str(callee.children[0]) in BUILTINS:
            name = str(callee.children[0])
            if self.globals.names.get(name) is not BUILTINS[name]:
                return f" (the model's own {name!r} hides the built-in {name}(): give it another name)"
        return ""

    # -- the end -------------------------------------------------------------------------

    def finish(self) -> LoadedModel:
        """Check the options against the declared items, then build the problem."""
        declared = self.items
        # Without a label, an option reads as its items (see Option).
        options = [Option(tuple((name, colour) for name, colour, _ in pending.entries), pending.label or "",
                          {"show": pending.show} if pending.show else None) for pending in self.options]
        primary = [item for item, _ in declared.values() if not item.secondary]
        secondary = [item for item, _ in declared.values() if item.secondary]
        try:  # (the problem checks each option; a fault is told where the model wrote the option)
            problem = Problem(primary=primary, secondary=secondary, options=options)
        except OptionFault as wrong:
            pending = self.options[wrong.option]
            name, _, node = pending.entries[wrong.entry] if wrong.entry >= 0 else ("", None, pending.node)
            hint = suggestion(name, declared) if wrong.fault is Fault.UNDECLARED else ""
            raise self.located(fail(wrong.fault.message(name) + hint, node), pending.source) from None
        self.problem = problem
        forced = self.resolve_givens(problem)
        return LoadedModel(problem, forced, language=Evaluation(self), files=self.program.files,
                           batch_independent=frozenset(self.params_declared - self.params_read_by_options),
                           outline=dict(self.outline), outline_notes=dict(self.outline_notes),
                           symmetries=Symmetries(dict(self.points), tuple(self.symmetry_maps),
                                                 tuple(self.relabellings), self.lattice),
                           lattice=self.lattice,
                           reports=any(statement.rule == "report" for statement in self.program.statements),
                           params=tuple(self.params))

    def resolve_givens(self, problem: Problem) -> tuple[int, ...]:
        """The options the `given` statements name."""
        forced = []
        for label, node, source in self.givens:
            try:
                forced.append(problem.labelled(label))
            except ModelError as error:
                raise self.located(fail(error.message, node), source) from None
        return tuple(forced)


class Evaluation:
    """What a run of a model left, as values: the program, the params' texts, the names in
    force at its end, the problem. A model keeps it (see loaded.Language) for what asks for
    more than the problem; each such question starts a run of its own, so nothing asked
    changes the model or another answer."""

    def __init__(self, run: Run) -> None:
        self.program = run.program
        self.params = MappingProxyType(dict(run.overrides))
        self.budget = attrs.evolve(run.budget, steps=0)  # the limits (each run copies them)
        self.names = MappingProxyType(dict(run.globals.names))  # (the language changes no value in place)
        self.depends = MappingProxyType(dict(run.depends))
        self.declared = frozenset(run.params_declared)
        self.problem = run.problem
        # param -> its clues' tables (see clues.py), planned when first asked for; False for
        # a param whose clue statements have another form. Each plan owns its run.
        self._plans: dict[str, CellClues | Literal[False]] = {}
        self._rerun: Run | None = None  # the run of other texts' clues, the slow way (started again for each)
        self._planning = threading.Lock()

    @property
    def files(self) -> tuple[Path, ...]:
        return self.program.files

    def report(self, found: int) -> list[str]:
        with evaluating():
            return Run.resumed(self).report_lines(found)

    def is_grid(self, name: str) -> bool:
        """Whether the name held a grid at the end (a param's value, say)."""
        return isinstance(self.names.get(name), Grid)

    def forced_by(self, name: str, text: str, *, tables: bool = True) -> tuple[int, ...]:
        """The options the clues force when param `name` reads `text`, items and options kept.

        Only for a param the items and options do not read (see LoadedModel.batch_independent):
        the statements of CLUE_KINDS run again, nothing else; or, when the clue statements
        have the usual form, the answer is looked up in the tables of clues.py (unless
        `tables` is False: what the tables must agree with).
        """
        with evaluating(), self._planning:  # (a plan, and a run, serve one text at a time)
            plan = self.clue_tables(name) if tables else None
            if plan is not None:
                plan.evaluator.budget.steps = 0  # each text gets the whole budget
                return plan.forced(text)
            if self._rerun is None:
                self._rerun = Run(self.program, None, self.budget)
            run = self._rerun
            run.start({**self.params, name: text})
            run.run_statements(statement for statement in self.program.statements
                               if KINDS[statement.rule] in CLUE_KINDS)
            return run.resolve_givens(self.problem)

    def clue_tables(self, name: str) -> CellClues | None:
        """The tables of param `name`'s clues (see clues.py), planned when first asked for;
        None when its clue statements have another form."""
        plan = self._plans.get(name)
        if plan is None:
            from excover.language.clues import CellClues

            plan = self._plans[name] = CellClues.plan(Run.resumed(self), name) or False
        return plan or None


# -- helpers --------------------------------------------------------------------------------


def _cells_of(key: Any) -> list:
    if isinstance(key, (list, set, frozenset)) or (isinstance(key, tuple) and key and isinstance(key[0], tuple)):
        return list(key)
    return [key]


@contextlib.contextmanager
def evaluating(limit: int = 20_000):
    """What a run needs of Python while it runs: room for the interpreter's recursion (the
    budget, not Python, bounds a model's depth) and the cycle collector paused (see
    excover._collector: a run builds much and frees little)."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, limit))
    try:
        with paused():
            yield
    finally:
        sys.setrecursionlimit(previous)


def evaluate_file(path: str | Path, params: Mapping[str, str] | None = None,
                  budget: Budget | None = None) -> LoadedModel:
    """The model a file holds, its params given as texts (as `-p NAME=TEXT` gives them);
    ExcoverError (with file, line and column) when it is wrong."""
    with evaluating():
        return Run(read_program(Path(path)), params, budget).model()


def evaluate_text(text: str, filename: str = "<model>", params: Mapping[str, str] | None = None,
                  budget: Budget | None = None) -> LoadedModel:
    """The model a text holds, its params given as texts."""
    with evaluating():
        return Run(program_of_text(text, filename), params, budget).model()


def each_case(model: LoadedModel, path: str | Path, params: Mapping[str, str] | None = None,
              budget: Budget | None = None) -> Iterator[LoadedModel]:
    """Every case's model, in order: `model` (the first case's, as `evaluate_file` gave it), then the
    model evaluated again with each other case as the param's text (the file read once)."""
    yield model
    if model.cases is None:
        return
    name, cases = model.cases
    program = read_program(Path(path))
    for case in cases[1:]:
        with evaluating():
            yield Run(program, {**(params or {}), name: case}, budget).model()
