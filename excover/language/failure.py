"""How the interpreter reports a failure: an exception carrying the node that failed, which
the evaluator turns into an ExcoverError with file, line and column."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from excover.errors import BudgetError, ExcoverError, ModelError, ModelTypeError


class ModelFailure(Exception):
    """A failure at a node of the parse tree; `kind` is the error it becomes once located."""

    def __init__(self, message: str, node: Any, kind: type[ExcoverError] = ModelError) -> None:
        super().__init__(message)
        self.message = message
        self.node = node
        self.kind = kind


def fail(message: str, node: Any, kind: type[ExcoverError] = ModelError) -> ModelFailure:
    return ModelFailure(message, node, kind)


def fail_type(message: str, node: Any) -> ModelFailure:
    """A value of the wrong kind."""
    return ModelFailure(message, node, ModelTypeError)


def fail_budget(message: str, node: Any) -> ModelFailure:
    """Work past a limit."""
    return ModelFailure(message, node, BudgetError)


LONGEST_SHOWN = 80  # characters of a name or value that a message quotes


def brief(text: str) -> str:
    """`text` as a message quotes it: whole, or its start and end around an ellipsis."""
    if len(text) <= LONGEST_SHOWN:
        return text
    return f"{text[:LONGEST_SHOWN - 20]}…{text[-15:]} ({len(text):,} characters)"


def suggestion(name: str, candidates: Iterable[str]) -> str:
    """"; did you mean 'x'?" for the nearest candidate, or nothing. A name too long to be a
    typing slip gets none (and comparing it would cost the square of its length)."""
    if len(name) > LONGEST_SHOWN:
        return ""
    close = difflib.get_close_matches(name, [c for c in candidates if len(c) <= LONGEST_SHOWN], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""
