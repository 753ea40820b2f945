"""How the interpreter reports a failure: an exception carrying the node that failed, which
the evaluator turns into an ExcoverError with file, line and column."""

from __future__ import annotations

from typing import Any

from excover._errors import BudgetError, ExcoverError, ModelError, ModelTypeError


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
