"""The names in force while a model is evaluated: the evaluator's, and the clue tables'."""

from __future__ import annotations

from typing import Any


class Scope:
    """Names in force: a chain of dictionaries, innermost first."""

    __slots__ = ("names", "parent")

    def __init__(self, names: dict[str, Any] | None = None, parent: Scope | None = None) -> None:
        self.names = names if names is not None else {}
        self.parent = parent

    def lookup(self, name: str) -> Any:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        raise KeyError(name)

    def visible(self) -> set[str]:
        found: set[str] = set()
        scope: Scope | None = self
        while scope is not None:
            found.update(scope.names)
            scope = scope.parent
        return found
