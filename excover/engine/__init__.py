"""The search engines. They see a :class:`~excover._matrix.Matrix` (integers only) and report
solutions as tuples of option indices; :mod:`excover.engine.interface` says what every engine
offers (the :class:`Search` protocol, its settings, :class:`StopReason`).

``search(matrix, settings)`` makes a search on the native core when it was compiled at
install time, else on the pure-Python reference engine (with a ``RuntimeWarning`` the first
time). Setting the environment variable ``EXCOVER_ENGINE=python`` selects the reference engine.
"""

from __future__ import annotations

import os
import warnings
from typing import TYPE_CHECKING, Any

import attrs

from excover._matrix import Matrix
from excover.engine.interface import Search, SearchSettings, StopReason

if TYPE_CHECKING:  # pragma: no cover
    from excover.engine.python import PythonSearch

try:
    from excover.engine.native import NativeSearch
except ImportError:  # no compiler at install time
    NativeSearch = None  # type: ignore[assignment,misc]

_warned = False


def search(matrix: Matrix, settings: SearchSettings | None = None, /, **changes: Any) -> Search:
    """A search with the best engine available (see the module docstring), with these
    settings, and these `changes` to them (SearchSettings' fields)."""
    global _warned
    settings = attrs.evolve(settings or SearchSettings(), **changes) if changes else settings or SearchSettings()
    chosen = attrs.asdict(settings, recurse=False)
    if NativeSearch is not None and os.environ.get("EXCOVER_ENGINE", "native") != "python":
        return NativeSearch(matrix, **chosen)
    if NativeSearch is None and not _warned:
        _warned = True
        warnings.warn("native core not built; using the slower pure-Python engine", RuntimeWarning, stacklevel=2)
    from excover.engine.python import PythonSearch

    return PythonSearch(matrix, **chosen)


def __getattr__(name: str) -> Any:
    """The reference engine, imported when first named (a search on the native core does not
    need it)."""
    if name == "PythonSearch":
        from excover.engine.python import PythonSearch

        return PythonSearch
    raise AttributeError(f"module 'excover.engine' has no attribute {name!r}")


__all__ = ["NativeSearch", "PythonSearch", "Search", "SearchSettings", "StopReason", "search"]
