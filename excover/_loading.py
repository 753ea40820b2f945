"""`excover.load` and `excover.loads`: a model from Python, its params as Python values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from excover.errors import ExcoverError
from excover.language import Budget
from excover.language import load as load_file
from excover.language import loads as load_text
from excover.language.loaded import LoadedModel


def load(path: str | Path, /, *, budget: Budget | None = None, **params: Any) -> LoadedModel:
    """The model in `path` (or the shipped model of that name: "sudoku.xc"), its params set
    from keywords: ``excover.load("queens.xc", n=10).count()``. A value may be a Python
    int, bool, str (a grid's text, too) or a list, tuple, set or dict of those."""
    found = Path(path)
    if not found.exists():
        from excover import shipped

        found = shipped.find(str(path)) or found
    return load_file(found, _as_texts(params), budget)


def loads(text: str, /, *, filename: str = "<model>", budget: Budget | None = None, **params: Any) -> LoadedModel:
    """The model written in `text`, its params set from keywords."""
    return load_text(text, filename, _as_texts(params), budget)


def _as_texts(params: dict[str, Any]) -> dict[str, str]:
    return {name: value if isinstance(value, str) else _literal(value, name) for name, value in params.items()}


def _literal(value: Any, name: str) -> str:
    """A Python value written as the language writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_literal(part, name) for part in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(_literal(part, name) for part in value) + "}" if value else "set([])"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k, name)}: {_literal(v, name)}" for k, v in value.items()) + "}"
    raise ExcoverError(f"param {name}: a {type(value).__name__} cannot be a param's value")
