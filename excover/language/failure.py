"""How the interpreter reports a failure: an exception carrying the node that failed, which
the evaluator turns into an ExcoverError with file, line and column."""

from __future__ import annotations

import difflib
from typing import Any, Iterable


class ModelFailure(Exception):
    def __init__(self, message: str, node: Any) -> None:
        super().__init__(message)
        self.message = message
        self.node = node


def fail(message: str, node: Any) -> ModelFailure:
    return ModelFailure(message, node)


def suggestion(name: str, candidates: Iterable[str]) -> str:
    """"; did you mean 'x'?" for the nearest candidate, or nothing."""
    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""
