"""excover: exact-cover modelling with Knuth's Algorithm M (multiplicities and colours).

The names below are imported when first used, so that the command line starts (and answers
Ctrl-C) before anything heavy is loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = [
    "BudgetError", "ExcoverError", "FormatError", "IncludeError", "InternalError", "ModelError", "ModelSyntaxError",
    "ModelTypeError", "RequirementError",  # the errors (excover._errors says which is which)
    "Item", "LoadedModel", "Option", "Param", "Problem", "Solution", "__version__", "load", "loads",
    "Puzzle", "generate",  # puzzles with unique answers
    "Classes", "count_classes",  # counting up to symmetry
    "Reading", "read_dlx", "read_dlx_file", "write_dlx",  # Knuth's format
]

_HOMES = {  # where each public name lives (the errors all in excover._errors): module, or module:name
    **{name: "excover._errors" for name in __all__ if name.endswith("Error")},
    "Item": "excover._model", "Option": "excover._model", "Problem": "excover._model", "Solution": "excover._model",
    "LoadedModel": "excover.language.loaded", "Param": "excover.language.loaded",
    "load": "excover._loading", "loads": "excover._loading",
    "Puzzle": "excover._generate", "generate": "excover._generate",
    "Classes": "excover._symmetry", "count_classes": "excover._symmetry",
    "Reading": "excover._dlx_format", "read_dlx": "excover._dlx_format:read",
    "read_dlx_file": "excover._dlx_format:read_file", "write_dlx": "excover._dlx_format:write",
}

if TYPE_CHECKING:  # pragma: no cover
    from excover._dlx_format import Reading
    from excover._dlx_format import read as read_dlx
    from excover._dlx_format import read_file as read_dlx_file
    from excover._dlx_format import write as write_dlx
    from excover._errors import (
        BudgetError,
        ExcoverError,
        FormatError,
        IncludeError,
        InternalError,
        ModelError,
        ModelSyntaxError,
        ModelTypeError,
        RequirementError,
    )
    from excover._generate import Puzzle, generate
    from excover._loading import load, loads
    from excover._model import Item, Option, Problem, Solution
    from excover._symmetry import Classes, count_classes
    from excover.language.loaded import LoadedModel, Param

    __version__: str


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("excover")
        except PackageNotFoundError:  # pragma: no cover - a checkout that was never installed
            value = "unknown"
    elif name in _HOMES:
        module, _, attribute = _HOMES[name].partition(":")
        value = getattr(importlib.import_module(module), attribute or name)
    else:
        raise AttributeError(f"module 'excover' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
