"""What every engine offers: the :class:`Search` protocol, the settings it takes and the
:class:`StopReason` that says which limit ended a search.

A search is made over a :class:`~excover._matrix.Matrix` with these settings, the same on
every engine:

* ``forced``: option indices taken before the search starts (each once; an index that names
  no option means the search finds nothing);
* ``seed``: break ties between items at random, reproducibly (None: the first in order);
* ``max_solutions``, ``max_nodes``, ``time_limit``: stop at the first limit reached (None:
  no limit; none of them negative);
* ``method``: ``"auto"`` (the engine's fastest for the matrix), ``"links"`` (dancing links,
  Algorithm M) or ``"bitsets"`` (sets of compatible options, for matrices without
  multiplicities or colours; the native core only);
* ``path``: the branch to follow at each of the top levels, to search one subtree (see
  ``split``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, Protocol

import attrs

Path = tuple[int, ...]  # branch numbers from the top of the search tree, one per level
Chosen = tuple[int, ...]  # a solution: the indices of its options, forced ones first

METHODS = ("auto", "links", "bitsets")


class StopReason(str, enum.Enum):
    """The limit that ended a search early (a search that ran to the end has none). The values
    are the words the command line and its JSON summary use."""

    SOLUTIONS = "solutions"
    NODES = "nodes"
    TIME = "time"


MEMO_NEEDS = "the memo counts problems whose primary items are each covered exactly once"


MEMO_PROBE = 100_000  # nodes a memo count is given before it must have paid (method "auto")
MEMO_PAYS = 10  # solutions counted a node: a search visits at least one node a solution


def memo_pays(counted: int, nodes: int) -> bool:
    """Whether a memo count that has counted this many solutions in this many nodes is worth
    going on with: where states recur, each node stands for many solutions (12x12 domino
    tilings: 10^17 in 74,023 nodes); where they do not, fewer than one (Langford pairs, n=12:
    216,288 in about 1.3 million), and the plain search is faster."""
    return counted >= MEMO_PAYS * nodes


class MemoUnavailable(ValueError):
    """A memo count was asked of a problem it does not apply to (multiplicities): count by
    search instead."""


def draws(branches: Callable[[Sequence[int]], tuple | None], count: Callable[[Sequence[int]], int],
          forced: Sequence[int], seed: int | None) -> Iterator[Chosen]:
    """Solutions drawn independently and uniformly at random, one after another for as long
    as they are asked for (each has probability 1/N, N the solutions; the same one may come
    twice), reproducibly for a seed: from the forced options, at each step where the search
    would branch (``branches(chosen)``: an item and its options) take option x with
    probability count(chosen + [x]) / count(chosen), in exact integers, until every primary
    item is covered. None when there is no solution."""
    import random

    rng = random.Random(seed)
    base = list(dict.fromkeys(forced))
    if count(base) == 0:
        return
    while True:
        chosen = list(base)
        while (where := branches(chosen)) != ():
            assert where is not None  # a state with solutions below it has a way on
            _, options = where
            weights = [count([*chosen, x]) for x in options]
            ticket = rng.randrange(sum(weights))
            for option, weight in zip(options, weights):
                if ticket < weight:
                    chosen.append(option)
                    break
                ticket -= weight
        yield tuple(chosen)


def draw(branches: Callable[[Sequence[int]], tuple | None], count: Callable[[Sequence[int]], int],
         forced: Sequence[int], k: int, seed: int | None) -> list[Chosen]:
    """The first ``k`` of :func:`draws`; empty when there is no solution."""
    return list(islice(draws(branches, count, forced, seed), max(k, 0)))


class Search(Protocol):
    """One search over one matrix; counters are live while it runs."""

    @property
    def nodes(self) -> int:
        """Levels entered, solutions included."""
        ...

    @property
    def updates(self) -> int:
        """List removals (dancing links) or their equivalent."""
        ...

    @property
    def solutions_found(self) -> int: ...

    @property
    def stopped_by(self) -> StopReason | None: ...

    @property
    def method(self) -> str:
        """"links" or "bitsets": the method the search runs."""
        ...

    def solutions(self) -> Iterator[Chosen]:
        """Each solution once, lazily."""
        ...

    def count(self, watch: Callable[[Any], None] | None = None, every: float = 1.0) -> int:
        """Run to the end (or a limit) counting; ``watch(search)`` about every ``every`` seconds
        (to show its progress)."""
        ...

    def memo_count(self, limit: int, watch: Callable[[Any], None] | None = None, every: float = 1.0,
                   probe: int | None = None) -> int | None:
        """The solutions, counted with a memo of the states met (at most ``limit`` bytes);
        :class:`MemoUnavailable` when the problem has multiplicities. With ``probe``, None when
        after about that many nodes the memo has not paid (:func:`memo_pays`)."""
        ...

    def sample(self, k: int, seed: int | None = None, limit: int = 1 << 30) -> list[Chosen]:
        """``k`` solutions drawn uniformly at random, reproducibly for a seed (see :func:`draw`),
        counted with a memo of at most ``limit`` bytes; :class:`MemoUnavailable` as for memo_count."""
        ...

    def samples(self, seed: int | None = None, limit: int = 1 << 30) -> Iterator[Chosen]:
        """The same draws as :meth:`sample`, one at a time for as long as they are asked for
        (:func:`draws`); the search is not to be used for anything else meanwhile."""
        ...

    def zdd(self, limit: int) -> Any:
        """The :class:`~excover.engine.zdd.Zdd` of all the solutions, built with a memo of at
        most ``limit`` bytes; :class:`MemoUnavailable` as for memo_count."""
        ...

    @property
    def memo(self) -> dict | None:
        """After memo_count: its ``hits``, ``states`` kept, ``bytes`` and whether it was ``full``."""
        ...

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the search tree explored so far."""
        ...

    def restart(self, forced: Sequence[int], path: Sequence[int] = ()) -> bool:
        """Search again from the start with other forced options and path."""
        ...

    def split(self, depth: int) -> tuple[list[Path], list[Chosen]]:
        """Search the top ``depth`` levels only: the paths to the live nodes at that depth,
        and the solutions found above it."""
        ...

    def first_of_each(self, forced_lists: Sequence[Sequence[int]]) -> list[tuple[int, Chosen | None, int]]:
        """For each list of forced options, a search from the top (no path) to the end or to
        ``max_solutions``: (the solutions found, the first or None, the nodes it took)."""
        ...


@attrs.frozen(kw_only=True)
class SearchSettings:
    """A search's settings, as the module says: every engine takes the same. A setting no
    engine can mean (a negative limit, an unknown method) is a ValueError when made; a
    misspelt one, a TypeError."""

    forced: tuple[int, ...] = attrs.field(default=(), converter=lambda indices: tuple(indices))
    seed: int | None = None
    max_solutions: int | None = None
    max_nodes: int | None = None
    time_limit: float | None = None
    method: str = "auto"
    path: tuple[int, ...] = attrs.field(default=(), converter=lambda branches: tuple(branches))

    def __attrs_post_init__(self) -> None:
        check_settings(attrs.asdict(self, recurse=False))


def check_settings(settings: dict[str, Any]) -> None:
    """Refuse settings that no engine can mean: negative limits, unknown methods."""
    for name in ("max_solutions", "max_nodes"):
        value = settings.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise ValueError(f"{name} must be a whole number, 0 or more (or None), not {value!r}")
    limit = settings.get("time_limit")
    if limit is not None and not (isinstance(limit, (int, float)) and 0 <= limit < float("inf")):
        raise ValueError(f"time_limit must be a number of seconds, 0 or more (or None), not {limit!r}")
    method = settings.get("method", "auto")
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; expected {', '.join(METHODS)}")
