"""The compiled matrix: the problem with every name replaced by a number.

Both engines read only this. Items are numbered ``0..item_count-1``, primary items first;
colours are numbered from 1, with 0 meaning "no colour". An unbounded upper multiplicity
becomes the number of options naming the item, which is the same constraint in finite form.
"""

from __future__ import annotations

import attrs

from excover.model import Problem


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
    uses = [0] * len(number)
    for option in options:
        for item, _ in option:
            uses[item] += 1
    lo = tuple(item.lo for item in problem.items)
    hi = tuple(max(uses[k], item.lo) if item.hi is None else item.hi for k, item in enumerate(problem.items))
    return Matrix(primary_count=len(problem.primary), lo=lo, hi=hi, options=options)
