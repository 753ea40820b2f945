"""excover: exact-cover modelling with Knuth's Algorithm M (multiplicities and colours).

The names below are imported when first used, so that the command line starts (and answers
Ctrl-C) before anything heavy is loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = [
    "BudgetError", "ExcoverError", "FormatError", "IncludeError", "ModelError", "ModelSyntaxError", "ModelTypeError",
    "RequirementError",  # the errors (excover.errors says which is which)
    "Item", "LoadedModel", "Option", "Param", "Problem", "Solution", "__version__", "load", "loads",
]

_HOMES = {  # where each public name lives (the errors all in excover.errors)
    **{name: "excover.errors" for name in __all__ if name.endswith("Error")},
    "Item": "excover.model", "Option": "excover.model", "Problem": "excover.model", "Solution": "excover.model",
    "LoadedModel": "excover.language.loaded", "Param": "excover.language.loaded",
    "load": "excover._loading", "loads": "excover._loading",
}

if TYPE_CHECKING:  # pragma: no cover
    from excover._loading import load, loads
    from excover.errors import (
        BudgetError,
        ExcoverError,
        FormatError,
        IncludeError,
        ModelError,
        ModelSyntaxError,
        ModelTypeError,
        RequirementError,
    )
    from excover.language.loaded import LoadedModel, Param
    from excover.model import Item, Option, Problem, Solution

    __version__: str


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("excover")
        except PackageNotFoundError:  # pragma: no cover - a checkout that was never installed
            value = "unknown"
    elif name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'excover' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
