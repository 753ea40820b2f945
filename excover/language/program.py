"""Text to program: a model's files parsed, its includes read in, its labels cut up, once.

A :class:`Program` is what a model *is*, before any param has a value: the statements of
the main file in order, each include's statements in its place, and every string's
``{expression}`` parts parsed. It is immutable, and shared by every evaluation of the model
(a :class:`~excover.language.evaluate.Run` each): the model as given, each case of a
`cases` statement, the clues of each line of a batch, a `report` after a search. Nothing in
it changes when it runs; what a run computes is the run's.

The includes are read here, before anything runs: an include names its file with a literal
string, so the whole text of a model is known before its first statement is evaluated, and
an include that cannot be read (no such file, outside the model's folder, a cycle) is said
before any other error.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs
from lark import Token, Tree

from excover._errors import ExcoverError, IncludeError, read_text
from excover.language.expressions import string_literal
from excover.language.failure import ModelFailure, fail
from excover.language.parse import parse


@attrs.frozen
class Source:
    """One file of the model (the main file or an include), and where it was included from."""

    filename: str
    text: str
    lines: tuple[str, ...]
    # "  included from FILE:LINE:COLUMN" for each include that led here, innermost first
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, filename: str, text: str, notes: tuple[str, ...] = ()) -> Source:
        return cls(filename, text, tuple(text.splitlines()), notes)

    def written(self, node: Tree) -> str:
        """A node's text as the file writes it."""
        return self.text[node.meta.start_pos:node.meta.end_pos]


@attrs.frozen
class Statement:
    """One statement of a model, in the file it was written in."""

    tree: Tree
    source: Source

    @property
    def rule(self) -> str:
        """The grammar's name for it: "param", "option", "symmetry_at", ..."""
        return str(self.tree.data)


# A string's template: its text, and for each {expression} (the expression's tree, a token
# at its place in the file); or the failure of a string whose braces do not pair up.
Template = list  # of str | tuple[Tree, Token]


@attrs.frozen
class Program:
    """A model's statements, includes read in, and its strings' templates: see the module."""

    filename: str  # the main file's name (or "<model>" for a text)
    statements: tuple[Statement, ...]
    files: tuple[Path, ...] = ()  # every file read, the main one first (none for a text)
    # id of a STRING token of the statements -> its template, or the failure to raise when the
    # string is evaluated (a branch never taken never fails)
    templates: Mapping[int, Template | ModelFailure] = MappingProxyType({})

    def template(self, token: Token) -> Template:
        """The string's template (see Template); a ModelFailure when it is malformed."""
        found = self.templates.get(id(token))
        if found is None:  # a string of no statement (a -p value read as an expression): cut up now
            found = _cut(token)
        if isinstance(found, ModelFailure):
            raise found
        return found


def read_program(path: Path) -> Program:
    """The program of a model file; ExcoverError (file, line, column) when a file cannot be
    read or parsed, or an include is refused."""
    reader = _Reader(home=path.resolve().parent)
    reader.read(read_text(path, "the model"), str(path), path, ())
    return reader.program(str(path))


def program_of_text(text: str, filename: str = "<model>") -> Program:
    """The program of a model given as text: it includes files next to `filename` when that
    names a file, and nothing when it is a name in angle brackets ("<model>")."""
    reader = _Reader(home=None if filename.startswith("<") else Path(filename).resolve().parent)
    reader.read(text, filename, None, ())
    return reader.program(filename)


@attrs.define
class _Reader:
    """Reads a model's files in order, each include in its place."""

    home: Path | None  # the main model's folder: a model reads nothing outside it
    statements: list[Statement] = attrs.Factory(list)
    files: list[Path] = attrs.Factory(list)
    including: list[Path] = attrs.Factory(list)  # the files being read, the main one first
    templates: dict[int, Template | ModelFailure] = attrs.Factory(dict)

    def program(self, filename: str) -> Program:
        return Program(filename, tuple(self.statements), tuple(self.files), MappingProxyType(self.templates))

    def read(self, text: str, filename: str, path: Path | None, notes: tuple[str, ...]) -> None:
        """Read one file's statements, in order; `notes` say which includes led to it."""
        try:
            if path is not None:
                resolved = path.resolve()
                if resolved in self.including:
                    raise IncludeError(f"include cycle: {' -> '.join(p.name for p in self.including + [resolved])}",
                                       file=filename)
            trees = parse(text, filename).children
        except ExcoverError as error:  # said where the file was included from, as a compiler does
            error.notes.extend(notes)
            raise
        if path is not None:
            self.including.append(resolved)
            self.files.append(resolved)
        source = Source.of(filename, text, notes)
        for tree in trees:
            if tree is None:
                continue
            if tree.data == "include":
                self.include(tree, source)
            else:
                self.statements.append(Statement(tree, source))
                self.cut_strings(tree)
        if path is not None:
            self.including.pop()

    def include(self, node: Tree, source: Source) -> None:
        (token,) = node.children
        assert isinstance(token, Token)  # the grammar's STRING
        try:
            path = self.included_file(token, source)
            text = read_text(path, f"the included file {string_literal(token)!r}")
        except ModelFailure as failure:
            raise located(failure, source) from None
        except ExcoverError as error:
            raise located(fail(error.message, token, IncludeError), source) from None
        self.read(text, str(path), path, (f"  included from {source.filename}:{token.line}:{token.column}",
                                          *source.notes))

    def included_file(self, token: Token, source: Source) -> Path:
        relative = string_literal(token)
        if self.home is None:
            raise fail("include needs the model to be a file", token, IncludeError)
        path = Path(source.filename).parent / relative
        if path.suffix != ".xc":
            raise fail(f"cannot include {relative!r}: only .xc model files can be included", token, IncludeError)
        if not path.is_file():
            raise fail(f"cannot include {relative!r}: no such file next to {Path(source.filename).name}", token,
                       IncludeError)
        if not path.resolve().is_relative_to(self.home):
            raise fail(f"cannot include {relative!r}: it lies outside the model's folder {self.home}", token,
                       IncludeError)
        return path

    def cut_strings(self, tree: Tree) -> None:
        """Each string of the statement cut into its template, as are the strings inside its
        {expressions}, so that no run parses a label again."""
        for token in tree.scan_values(lambda value: isinstance(value, Token) and value.type == "STRING"):
            try:
                template = self.templates[id(token)] = _cut(token)
            except ModelFailure as failure:
                self.templates[id(token)] = failure
                continue
            for part in template:
                if not isinstance(part, str):
                    self.cut_strings(part[0])


def _cut(token: Token) -> Template:
    """A string literal cut into its text and its parsed {expression} parts."""
    text = string_literal(token)
    if token.startswith('"""') or ("{" not in text and "}" not in text):
        return [text]
    parts: list = []
    literal, k = [], 0
    while k < len(text):
        ch = text[k]
        if ch == "{" and text.startswith("{{", k) or ch == "}" and text.startswith("}}", k):
            literal.append(ch)
            k += 2
        elif ch == "{":
            end = text.find("}", k)
            if end < 0:
                raise fail("a '{' in this string is never closed", token)
            parts.append("".join(literal))
            literal = []
            inner = text[k + 1:end]
            at = Token("STRING", inner, line=token.line, column=(token.column or 1) + k + 1)
            parts.append((_interpolation(inner, token, k + 1), at))
            k = end + 1
        elif ch == "}":
            raise fail("a '}' in this string has no '{'", token)
        else:
            literal.append(ch)
            k += 1
    parts.append("".join(literal))
    return [part for part in parts if part != ""]


def _interpolation(inner: str, token: Token, offset: int) -> Tree:
    try:
        return parse(inner, "<label>", start="expression").children[0]
    except ExcoverError as error:
        at = Token("STRING", inner, line=token.line, column=(token.column or 1) + offset + (error.column or 1))
        raise fail(f"in {{{inner}}}: {error.message}", at) from None


def located(failure: ModelFailure, source: Source | None) -> ExcoverError:
    """The failure as an ExcoverError naming the file, line and column of its node (and the
    includes that led to the file)."""
    line, column = position(failure.node)
    source_line = source.lines[line - 1] if source and line and 0 < line <= len(source.lines) else None
    error = failure.kind(failure.message, file=source.filename if source else None, line=line, column=column,
                         source_line=source_line)
    if source is not None:
        error.notes.extend(source.notes)
    return error


def position(node: Any) -> tuple[int | None, int | None]:
    """The line and column where a node (or its first located part) starts."""
    if isinstance(node, Token):
        return node.line, node.column
    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return meta.line, meta.column
    for child in getattr(node, "children", []):
        if child is not None:
            line, column = position(child)
            if line is not None:
                return line, column
    return None, None
