"""Knuth's exact-cover text format, as read by DLX1, DLX2, DLX3 (MCC) and SSXCC.

::

    | comment lines start with a bar (after optional blanks); blank lines are skipped
    a b 2:3|c 0:1|d | x y      <- items: primary, then a lone bar, then secondary
    a b x:red                  <- one option per line; item:colour colours a secondary item
    c d y

A primary item may carry bounds: ``u:v|name`` (covered between u and v times) or
``v|name`` (exactly v times). Knuth's programs ignore an option without a primary item,
with a warning; we read such files the same way (the warning is returned), while the
:class:`~excover._model.Problem` API refuses such options outright.

Knuth's names are 1 to 8 printable characters without ``:`` or ``|``, and DLX2 and SSXCC
read a colour as a single character. Reading accepts any length; writing replaces names that
do not fit by short generated ones, and colours by single characters (while there are no
more than 62 of them), and records the originals in ``| name SHORT = ORIGINAL`` and
``| colour SHORT = ORIGINAL`` comment lines, which :func:`read` understands, so a file we
write runs under Knuth's programs and reads back to the same problem.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from excover._errors import FormatError, read_text
from excover._model import Fault, Item, Option, Problem, option_fault

BOUNDS = re.compile(r"^(?:(\d+):)?(\d+)\|(.*)$")
KNUTH_NAME = re.compile(r"^[!-~]{1,8}$")  # printable ASCII, no blanks
NAME_NOTE = re.compile(r"^\|\s*(name|colour)\s+(\S+)\s+=\s+(.*)$")


@attrs.frozen
class Reading:
    problem: Problem
    warnings: tuple[str, ...] = ()


class _Source:
    """Error reporting for one file: every message carries file, line and column."""

    def __init__(self, text: str, filename: str) -> None:
        self.lines = text.splitlines()
        self.filename = filename

    def error(self, message: str, line: int, column: int = 1) -> FormatError:
        return FormatError(message, file=self.filename, line=line, column=column,
                           source_line=self.lines[line - 1] if 0 < line <= len(self.lines) else None)


def read(text: str, filename: str = "<string>") -> Reading:
    """Parse Knuth's format into a Problem; raise FormatError naming file, line and column."""
    source = _Source(text, filename)
    renames: dict[str, dict[str, str]] = {"name": {}, "colour": {}}
    item_line: int | None = None
    primary: list[Item] = []
    secondary: list[str] = []
    declared: dict[str, bool] = {}  # name -> is primary
    options: list[Option] = []
    warnings: list[str] = []

    for number, line in enumerate(source.lines, start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("|"):
            note = NAME_NOTE.match(stripped)
            if note:
                renames[note.group(1)][note.group(2)] = note.group(3)
            continue
        tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]
        if item_line is None:
            item_line = number
            _read_items(source, number, tokens, primary, secondary, declared, renames["name"])
        else:
            option = _read_option(source, number, tokens, declared, renames)
            if any(declared[name] for name in option.names):
                options.append(option)
            else:
                warnings.append(f"{filename}:{number}: option ignored: {Fault.NO_PRIMARY.message()}")
    if item_line is None:
        raise source.error("expected a line of item names, found only comments and blank lines",
                           max(len(source.lines), 1))
    problem = Problem(primary=primary, secondary=secondary, options=options, name=filename)
    return Reading(problem, tuple(warnings))


def _read_items(source, number, tokens, primary, secondary, declared, renames) -> None:
    in_secondary = False
    for token, column in tokens:
        if token.startswith("|") and not BOUNDS.match(token):
            if in_secondary:
                raise source.error("a second '|' in the item line; only one separates primary from secondary items",
                                   number, column)
            in_secondary = True
            token, column = token[1:], column + 1
            if not token:
                continue
        bounds = BOUNDS.match(token)
        lo = hi = 1
        if bounds:
            if in_secondary:
                raise source.error("secondary items take no bounds; expected a plain item name", number, column)
            lo_text, hi_text, token = bounds.groups()
            hi = int(hi_text)
            lo = int(lo_text) if lo_text is not None else hi
            if lo > hi:
                raise source.error(f"lower bound {lo} exceeds upper bound {hi}", number, column)
            if not token:
                raise source.error("expected an item name after the bounds", number, column + len(bounds.group(0)))
        if ":" in token or "|" in token:
            raise source.error(f"item name {token!r} may not contain ':' or '|'", number, column)
        name = renames.get(token, token)
        if name in declared:
            raise source.error(f"item {name!r} is declared twice", number, column)
        declared[name] = not in_secondary
        if in_secondary:
            secondary.append(name)
        else:
            primary.append(Item(name, lo, hi))


def _read_option(source, number, tokens, declared, renames) -> Option:
    items = []
    for token, column in tokens:
        short, _, colour = token.partition(":")
        if "|" in token:
            raise source.error(f"unexpected '|' in option {token!r}", number, column)
        name = renames["name"].get(short, short)
        if not short:
            raise source.error("expected an item name before ':'", number, column)
        if ":" in token and not colour:
            raise source.error(f"expected a colour after '{short}:'", number, column + len(short) + 1)
        items.append((name, renames["colour"].get(colour, colour) if colour else None))
    found = option_fault(items, lambda name: None if name not in declared else not declared[name])
    if found is not None and found[0] is not Fault.NO_PRIMARY:  # (that one is dropped, with a warning)
        fault, index = found
        short = tokens[index][0].partition(":")[0]
        hint = "; expected one of the items declared on the first line" if fault is Fault.UNDECLARED else ""
        raise source.error(fault.message(short) + hint, number, tokens[index][1])
    return Option(tuple(items))


def read_file(path: str | Path) -> Reading:
    return read(read_text(path, "the file"), str(path))


def write(problem: Problem) -> str:
    """Knuth's format for the problem; names that do not fit are replaced and noted."""
    names = _short_names([item.name for item in problem.items], "i")
    colours = _colour_names(sorted({c for option in problem.options for _, c in option.items if c is not None}))
    lines = [f"| {problem.name}" if problem.name else "| written by excover"]
    lines += [f"| name {short} = {name}" for name, short in names.items() if short != name]
    lines += [f"| colour {short} = {colour}" for colour, short in colours.items() if short != colour]
    header = [_with_bounds(item, names[item.name], problem.uses[item.name]) for item in problem.primary]
    if problem.secondary:
        header += ["|"] + [names[item.name] for item in problem.secondary]
    lines.append(" ".join(header))
    for option in problem.options:
        lines.append(" ".join(names[name] if colour is None else f"{names[name]}:{colours[colour]}"
                              for name, colour in option.items))
    return "\n".join(lines) + "\n"


def _with_bounds(item: Item, short: str, uses: int) -> str:
    hi = item.upper_bound(uses)
    if item.lo == hi == 1:
        return short
    if item.lo == hi:
        return f"{hi}|{short}"
    return f"{item.lo}:{hi}|{short}"


SINGLE = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _colour_names(colours: list[str]) -> dict[str, str]:
    """A single character for each colour, as DLX2 and SSXCC read them (a colour that is one
    already keeps it); short names, as items get, when there are too many for that."""
    if len(colours) > len(SINGLE):
        return _short_names(colours, "c")
    kept = {colour for colour in colours if len(colour) == 1 and KNUTH_NAME.match(colour) and colour not in ":|"}
    free = iter(character for character in SINGLE if character not in kept)
    return {colour: colour if colour in kept else next(free) for colour in colours}


def _short_names(names: list[str], prefix: str) -> dict[str, str]:
    """Keep names Knuth's programs accept; give the others fresh short names."""
    fits = {name for name in names if KNUTH_NAME.match(name) and ":" not in name and "|" not in name}
    result, counter = {}, 0
    for name in names:
        if name in fits:
            result[name] = name
            continue
        while f"{prefix}{counter}" in fits:
            counter += 1
        result[name] = f"{prefix}{counter}"
        counter += 1
    return result
