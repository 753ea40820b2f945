"""The search engines. They see a :class:`~excover.matrix.Matrix` (integers only) and report
solutions as tuples of option indices.

``Search(matrix, forced=(), seed=None, max_solutions=None, max_nodes=None, time_limit=None)``
has ``solutions()`` (a lazy iterator), ``count()``, ``progress()`` and the counters
``nodes``, ``updates``, ``solutions_found`` and ``stopped_by`` (which limit ended the search,
or None when it ran to the end).
"""

from excover.engine.python import PythonSearch

Search = PythonSearch

__all__ = ["PythonSearch", "Search"]
