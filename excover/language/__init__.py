"""The .xc modelling language: text -> parse tree (parse) -> model (evaluate).

``load(path, params)`` and ``loads(text, filename, params)`` return a
:class:`~excover.model.LoadedModel`; errors are ExcoverErrors naming file, line and column.
"""

from excover.language.evaluate import Budget, each_case, load, loads

__all__ = ["Budget", "each_case", "load", "loads"]
