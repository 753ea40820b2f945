"""The .xc modelling language: text -> parse tree (parse) -> model (evaluate).

``evaluate_file(path, params)`` and ``evaluate_text(text, filename, params)`` (params as
texts, as the command line gives them; ``excover.load`` takes Python values) return a
:class:`~excover.language.loaded.LoadedModel`: the problem, its clues, its drawing and params,
and what the model says; errors are ExcoverErrors naming file, line and column.

The names are imported when first used, so that a problem read from Knuth's format is
searched without loading the parser.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["Budget", "LoadedModel", "Param", "each_case", "evaluate_file", "evaluate_text"]

_HOMES = {"Budget": "budget", "each_case": "evaluate", "evaluate_file": "evaluate", "evaluate_text": "evaluate",
          "LoadedModel": "loaded", "Param": "loaded"}

if TYPE_CHECKING:  # pragma: no cover
    from excover.language.budget import Budget
    from excover.language.evaluate import each_case, evaluate_file, evaluate_text
    from excover.language.loaded import LoadedModel, Param


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'excover.language' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"excover.language.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
