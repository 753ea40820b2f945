"""The search engines. They see a :class:`~excover.matrix.Matrix` (integers only) and report
solutions as tuples of option indices.

``Search(matrix, forced=(), seed=None, max_solutions=None, max_nodes=None, time_limit=None)``
has ``solutions()`` (a lazy iterator), ``count()``, ``progress()`` and the counters
``nodes``, ``updates``, ``solutions_found`` and ``stopped_by`` (which limit ended the search,
or None when it ran to the end).

``Search`` is the native core when it was compiled at install time, else the pure-Python
reference engine (with a one-line notice on standard error at the first search). Setting
the environment variable ``EXCOVER_ENGINE=python`` selects the reference engine.
"""

from __future__ import annotations

import os
import sys

from excover.engine.python import PythonSearch

try:
    from excover.engine.native import NativeSearch
except ImportError:  # no compiler at install time
    NativeSearch = None

_noticed = False


def _check_limits(settings: dict) -> None:
    """The limits mean the same on every engine: none is negative."""
    for name in ("max_solutions", "max_nodes"):
        value = settings.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise ValueError(f"{name} must be a whole number, 0 or more (or None), not {value!r}")
    limit = settings.get("time_limit")
    if limit is not None and not (isinstance(limit, (int, float)) and 0 <= limit < float("inf")):
        raise ValueError(f"time_limit must be a number of seconds, 0 or more (or None), not {limit!r}")


def Search(matrix, **settings):
    """A search with the best engine available; see the module docstring."""
    global _noticed
    _check_limits(settings)
    if NativeSearch is not None and os.environ.get("EXCOVER_ENGINE", "native") != "python":
        return NativeSearch(matrix, **settings)
    if NativeSearch is None and not _noticed:
        _noticed = True
        print("excover: native core not built; using the slower pure-Python engine", file=sys.stderr)
    return PythonSearch(matrix, **settings)


__all__ = ["NativeSearch", "PythonSearch", "Search"]
