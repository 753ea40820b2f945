"""The errors of bad input, each carrying where it was found.

Every one is an :class:`ExcoverError`; its kind says what went wrong:

* :class:`FormatError`: a file could not be read (unreadable, not UTF-8, not Knuth's format);
* :class:`ModelSyntaxError`: model text that does not parse;
* :class:`IncludeError`: an include that cannot be followed (a cycle, a missing file, one
  outside the model's folder, one that is not a model);
* :class:`ModelTypeError`: a value of the wrong kind for what is done with it;
* :class:`BudgetError`: the model's work went past a limit (steps, options, the size of a
  value, the depth of calls, the size of a number);
* :class:`RequirementError`: a ``require`` of the model does not hold (often a param it
  refuses);
* :class:`ModelError`: anything else a model says that cannot be: an unknown name, an item
  declared twice or never, clashing bounds.

The CLI is the only place that prints these; it shows ``FILE:LINE:COL: message`` and, when
the offending source line is known, the line with a caret under the column.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class ExcoverError(Exception):
    """Bad input: a malformed file, an inconsistent model, an exceeded budget."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, source_line: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.notes: list[str] = []  # lines said after it: where an included file was included

    @property
    def location(self) -> str:
        parts = [str(part) for part in (self.file, self.line, self.column) if part is not None]
        return ":".join(parts)

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if self.location else self.message
        if self.source_line is not None and self.column is not None:
            shown, before = _window(self.source_line, self.column - 1)
            # The caret's indent copies the line's tabs, so that it lands under the column
            # however wide the terminal draws a tab.
            indent = "".join("\t" if char == "\t" else " " for char in before)
            text += f"\n    {shown}\n    {indent}^"
        return "\n".join([text, *self.notes])


SHOWN_LINE = 100  # characters of a long source line shown around the column


def _window(line: str, at: int) -> tuple[str, str]:
    """(the part of the line shown, the part of it before the column): a long line is cut to
    a window around the column, each cut marked with an ellipsis."""
    if len(line) <= SHOWN_LINE:
        return line, line[:at]
    start = max(0, min(at - SHOWN_LINE // 2, len(line) - SHOWN_LINE))
    head = "…" if start > 0 else ""
    tail = "…" if start + SHOWN_LINE < len(line) else ""
    return head + line[start:start + SHOWN_LINE] + tail, head + line[start:at]


class ModelError(ExcoverError):
    """A model says something that cannot be (an unknown name, an undeclared item, clashing
    bounds, ...)."""


class FormatError(ExcoverError):
    """A file could not be read."""


class ModelSyntaxError(ExcoverError):
    """Model text that does not parse."""


class IncludeError(ExcoverError):
    """An include that cannot be followed."""


class ModelTypeError(ModelError):
    """A value of the wrong kind for what is done with it."""


class BudgetError(ExcoverError):
    """The model's work went past one of its limits."""


class RequirementError(ExcoverError):
    """A ``require`` of the model does not hold."""


class InternalError(ExcoverError):
    """excover's own self-check failed: a bug, not the input's fault. It names where, so
    that it can be reported; it is never taken for an answer."""

    def __init__(self, message: str, *, where: str) -> None:
        super().__init__(f"internal error in {where}: {message} (please report it)")
        self.where = where


def read_text(path, what: str) -> str:
    """A text file a user hands in (a model, an include, a param's value, a batch, a .dlx
    file), as UTF-8 with or without a byte-order mark; a file that cannot be read, or is not
    UTF-8 text, is an ExcoverError saying which and why (`what` names the file's role)."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise FormatError(f"cannot read {what}: {error.strerror or error}", file=str(path)) from None
    return decode(data, what, str(path))


def decode(data: bytes, what: str, where: str | None = None) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FormatError(f"{what} is not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
                          file=where) from None


# -- what messages quote --------------------------------------------------------------


LONGEST_SHOWN = 80  # characters of a name or value that a message quotes


def brief(text: str) -> str:
    """`text` as a message quotes it: whole, or its start and end around an ellipsis."""
    if len(text) <= LONGEST_SHOWN:
        return text
    return f"{text[:LONGEST_SHOWN - 20]}…{text[-15:]} ({len(text):,} characters)"


def nearest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate `name` is likeliest a typing slip of, or None. A name too long to be a
    typing slip has none (and comparing it would cost the square of its length)."""
    if len(name) > LONGEST_SHOWN:
        return None
    close = difflib.get_close_matches(name, [c for c in candidates if len(c) <= LONGEST_SHOWN], n=1, cutoff=0.6)
    return close[0] if close else None


def suggestion(name: str, candidates: Iterable[str]) -> str:
    """"; did you mean 'x'?" for the nearest candidate, or nothing."""
    close = nearest(name, candidates)
    return f"; did you mean {close!r}?" if close is not None else ""
