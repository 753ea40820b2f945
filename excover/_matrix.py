"""The compiled matrix: the problem with every name replaced by a number.

Both engines read only this. Items are numbered ``0..item_count-1``, primary items first;
colours are numbered from 1, with 0 meaning "no colour". Multiplicities are put in finite
form: an upper bound past the number of options naming the item (or none) becomes that number,
and a lower bound past it (which nothing can meet) becomes one more than it, with the same
upper bound; the constraints are the same, and every bound fits the engines' integers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # the matrix is compiled from a Problem, which it does not otherwise need
    from excover._model import Problem


@attrs.frozen
class Matrix:
    primary_count: int
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    options: tuple[tuple[tuple[int, int], ...], ...]  # per option: (item, colour) pairs
    # Engines keep what they build from the matrix here (the native node arrays), so that
    # many searches with different forced options share one build.
    engine_cache: dict = attrs.field(factory=dict, eq=False, repr=False, hash=False)

    def __getstate__(self) -> dict:
        """Pickled without the engines' cache (it holds native arrays): a worker process or a
        cluster node gets the numbers and builds its own arrays once."""
        return {field.name: getattr(self, field.name) for field in attrs.fields(Matrix) if field.name != "engine_cache"}

    def __setstate__(self, state: dict) -> None:
        for name, value in {**state, "engine_cache": {}}.items():
            object.__setattr__(self, name, value)

    @property
    def item_count(self) -> int:
        return len(self.lo)

    def is_primary(self, item: int) -> bool:
        return item < self.primary_count


def compile_problem(problem: Problem) -> Matrix:
    number = {item.name: k for k, item in enumerate(problem.items)}
    colour_number: dict[str, int] = {}
    options = tuple(
        tuple((number[name], 0 if colour is None else colour_number.setdefault(colour, len(colour_number) + 1))
              for name, colour in option.items)
        for option in problem.options
    )
    lo, hi = [], []
    for item in problem.items:
        used = problem.uses[item.name]
        if item.lo > used:  # cannot be met: kept so, in range
            lo.append(used + 1)
            hi.append(used + 1)
        else:
            lo.append(item.lo)
            hi.append(min(item.upper_bound(used), used))
    return Matrix(primary_count=len(problem.primary), lo=tuple(lo), hi=tuple(hi), options=options)
