"""The compiled matrix: the problem with every name replaced by a number.

Both engines read only this. Items are numbered ``0..item_count-1``, primary items first;
colours are numbered from 1, with 0 meaning "no colour". Multiplicities are put in finite
form: an upper bound past the number of options naming the item (or none) becomes that number,
and a lower bound past it (which nothing can meet) becomes one more than it, with the same
upper bound; the constraints are the same, and every bound fits the engines' integers.

Two kinds of primary item are not branched on, since that would only multiply the same
choices: one whose bounds cannot bind (``[0..*]``, or at least 0 and at most as many as the
options naming it) is left out of the matrix, and one taken at most once (``[0..1]``) becomes
a secondary item, which means just that. Either is kept as it is when an option names no
other primary item: such an option is chosen only by branching on it. The solutions are the
same, and a problem whose other items are all exactly-once ones gets the option-set search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from excover._collector import pausing

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


@pausing  # (see excover._collector)
def compile_problem(problem: Problem) -> Matrix:
    uses = problem.uses
    loose = _loose_items(problem)
    primary = [item for item in problem.primary if item.name not in loose]
    secondary = [item for item in problem.primary if loose.get(item.name) == SECONDARY] + list(problem.secondary)
    number = {item.name: k for k, item in enumerate(primary + secondary)}
    colour_number: dict[str, int] = {}
    options = tuple(
        tuple((number[name], 0 if colour is None else colour_number.setdefault(colour, len(colour_number) + 1))
              for name, colour in option.items if name in number)
        for option in problem.options
    )
    lo, hi = [], []
    for item in primary:
        used = uses[item.name]
        if item.lo > used:  # cannot be met: kept so, in range
            lo.append(used + 1)
            hi.append(used + 1)
        else:
            lo.append(item.lo)
            hi.append(min(item.upper_bound(used), used))
    lo += [0] * len(secondary)
    hi += [1] * len(secondary)
    return Matrix(primary_count=len(primary), lo=tuple(lo), hi=tuple(hi), options=options)


LEFT_OUT, SECONDARY = "left out", "secondary"


def _loose_items(problem: Problem) -> dict[str, str]:
    """The primary items not branched on (see the module docstring): name -> what they become."""
    uses = problem.uses
    loose = {}
    for item in problem.primary:
        if item.lo == 0 and item.upper_bound(uses[item.name]) >= uses[item.name]:
            loose[item.name] = LEFT_OUT
        elif item.lo == 0 and item.hi == 1:
            loose[item.name] = SECONDARY
    if not loose:
        return loose
    primary = {item.name for item in problem.primary}
    for option in problem.options:
        names = [name for name in option.names if name in primary]
        if names and all(name in loose for name in names):
            for name in names:  # the option's only way to be chosen: kept as they are
                loose.pop(name, None)
    return loose
