"""The native core behind the same face as the reference engine.

``_core.Matrix`` holds the node arrays, built once per :class:`~excover._matrix.Matrix` and
cached on it; each :class:`NativeSearch` copies them and runs with its own forced options,
seed and limits. Solutions come back from C in batches.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice

import excover.engine._core as _core  # type: ignore[import-not-found]  # the C extension
from excover._matrix import Matrix
from excover.engine.interface import MEMO_NEEDS, Chosen, MemoUnavailable, StopReason, draws, memo_pays
from excover.engine.zdd import Zdd

BATCH = 256  # solutions per trip from C to Python


def core_matrix(matrix: Matrix) -> _core.Matrix:
    """The native arrays for this matrix, built on first use and then reused."""
    built = matrix.engine_cache.get("native")
    if built is None:
        built = _core.Matrix(matrix.primary_count, matrix.lo, matrix.hi, matrix.options)
        matrix.engine_cache["native"] = built
    return built


class NativeSearch:
    """Algorithm M in C; the interface of :class:`~excover.engine.python.PythonSearch`."""

    def __init__(self, matrix: Matrix, *, forced: Sequence[int] = (), seed: int | None = None,
                 max_solutions: int | None = None, max_nodes: int | None = None,
                 time_limit: float | None = None, method: str = "auto", path: Sequence[int] = ()) -> None:
        self.matrix = matrix
        self.forced = self._checked(forced)
        if self.forced is None:
            self.forced, max_solutions = (), 0  # an option that does not exist cannot be chosen
        self._core = _core.Search(
            core_matrix(matrix), self.forced, seed,
            -1 if max_solutions is None else max_solutions,
            -1 if max_nodes is None else max_nodes,
            -1.0 if time_limit is None else max(time_limit, 0.0), method, tuple(path))
        self.path = tuple(path)

    def restart(self, forced: Sequence[int], path: Sequence[int] = ()) -> bool:
        """Search again from the start with other forced options (and path), reusing everything
        built. False (and nothing done) when an index names no option: build a new search then."""
        checked = self._checked(forced)
        if checked is None:
            return False
        self.forced, self.path = checked, tuple(path)
        self._core.restart(checked, self.path)
        return True

    def split(self, depth: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Search the top `depth` levels only: (the paths to the nodes at that depth that are
        not dead ends, the solutions above it); see PythonSearch.split."""
        return self._core.split(depth)

    def first_of_each(self, forced_lists: Sequence[Sequence[int]]) -> list[tuple[int, tuple[int, ...] | None, int]]:
        """For each list of forced options in turn: restart with it and run to the end (or to
        max_solutions); (solutions found, the first or None, nodes). One call into C for them all."""
        checked = [self._checked(forced) for forced in forced_lists]
        found = iter(self._core.first_of_each([forced for forced in checked if forced is not None]))
        self.path = ()
        if checked:
            self.forced = checked[-1] or ()
        return [(0, None, 0) if forced is None else next(found) for forced in checked]

    def _checked(self, forced: Sequence[int]) -> tuple[int, ...] | None:
        """The forced options, each once; None if one names no option."""
        forced = tuple(dict.fromkeys(forced))
        if forced and not (min(forced) >= 0 and max(forced) < len(self.matrix.options)):
            return None
        return forced

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Yield each solution as the tuple of its option indices (forced options first)."""
        while not self._core.done:
            yield from self._core.next_batch(BATCH)

    def count(self, watch: Callable[[NativeSearch], None] | None = None, every: float = 1.0) -> int:
        """Run to the end counting; with ``watch``, call it with the search about every ``every`` seconds."""
        if watch is None:
            return self._core.count()

        def counted(nodes: int) -> int | None:
            self._core.count(nodes)
            return self._core.solutions_found if self._core.done else None
        return self._in_slices(counted, watch, every)

    def memo_count(self, limit: int, watch: Callable[[NativeSearch], None] | None = None, every: float = 1.0,
                   probe: int | None = None) -> int | None:
        """The solutions, counted with a memo of the states met (at most ``limit`` bytes; past
        that, states are searched again); see run_memo in _core.c. A count past 2**128 is
        finished by the reference engine, in Python integers. With ``probe``, None when after
        about that many nodes the memo has not paid (see :func:`memo_pays`): count by search."""
        if self._core.method != "bitsets":
            raise MemoUnavailable(MEMO_NEEDS)
        try:
            if probe is not None:
                total = self._core.memo_count(limit, probe)
                if total is not None:
                    return total
                if not memo_pays(self._core.memo_stats()["counted"], self.nodes):
                    return None
            if watch is None:
                return self._core.memo_count(limit)
            return self._in_slices(lambda nodes: self._core.memo_count(limit, nodes), watch, every)
        except OverflowError:
            return _count_in_python(self.matrix, self.forced or ())

    def _in_slices(self, run: Callable[[int], int | None], watch: Callable[[NativeSearch], None],
                   every: float) -> int:
        """``run(nodes)`` again and again until it answers (not None), each time for as many
        nodes as take about a quarter of ``every`` seconds, calling ``watch(self)`` about
        every ``every`` seconds; its answer."""
        nodes, last = 1024, time.monotonic()
        while True:
            started = time.monotonic()
            answer = run(nodes)
            if answer is not None:
                return answer
            now = time.monotonic()
            nodes = max(1024, int(nodes * every / 4 / max(now - started, 1e-6)))  # about 4 slices a look
            if now - last >= every:
                watch(self)
                last = now

    def sample(self, k: int, seed: int | None = None, limit: int = 1 << 30) -> list[Chosen]:
        """``k`` solutions drawn uniformly at random (see :func:`~excover.engine.interface.draw`):
        each count after the first is read from the memo's table (its states hold for any
        forced options), and the search branches where the memo did."""
        return list(islice(self.samples(seed, limit), max(k, 0)))

    def samples(self, seed: int | None = None, limit: int = 1 << 30) -> Iterator[Chosen]:
        """Solutions drawn uniformly at random, one at a time (see :meth:`sample` and
        :func:`~excover.engine.interface.draws`); the search is restarted with its own forced
        options when they stop being asked for."""
        if self._core.method != "bitsets":
            raise MemoUnavailable(MEMO_NEEDS)
        return self._samples(seed, limit)

    def _samples(self, seed: int | None, limit: int) -> Iterator[Chosen]:

        def branches(chosen: Sequence[int]) -> tuple | None:
            self._core.restart(tuple(chosen), ())
            return self._core.branches()

        def count(chosen: Sequence[int]) -> int:
            self._core.restart(tuple(chosen), ())
            try:
                return self._core.memo_count(limit)
            except OverflowError:
                return _count_in_python(self.matrix, chosen)

        try:
            yield from draws(branches, count, self.forced or (), seed)
        finally:
            self._core.restart(self.forced, self.path)

    def zdd(self, limit: int) -> Zdd:
        """The ZDD of all the solutions, built by this search's memo count (see run_memo and
        :mod:`excover.engine.zdd`; the diagram counts in Python integers, past 2**128 too): a
        search that has not started, whose limits (if any) it must finish within."""
        if self._core.method != "bitsets":
            raise MemoUnavailable(MEMO_NEEDS)
        if self._core.memo_stats() is not None:
            raise RuntimeError("zdd() needs a search that has not counted yet")
        self._core.memo_count(limit, 0, True)
        if self.stopped_by is not None:
            raise RuntimeError(f"the diagram of all the solutions is unfinished: the {self.stopped_by.value} "
                               "limit stopped it")
        root, raw = self._core.memo_zdd()
        return Zdd.from_core(root, raw, self.forced or ())

    @property
    def memo(self) -> dict | None:
        """The memo's hits, states kept, bytes and whether it filled (None before memo_count)."""
        return self._core.memo_stats()

    def progress(self) -> float:
        return self._core.progress()

    @property
    def method(self) -> str:
        return self._core.method

    @property
    def nodes(self) -> int:
        return self._core.nodes

    @property
    def updates(self) -> int:
        return self._core.updates

    @property
    def solutions_found(self) -> int:
        return self._core.solutions_found

    @property
    def stopped_by(self) -> StopReason | None:
        reason = self._core.stopped_by
        return None if reason is None else StopReason(reason)


def _count_in_python(matrix: Matrix, forced: Sequence[int]) -> int:
    """A memo count past the core's 128 bits, made by the reference engine in Python integers."""
    from excover.engine.python import memo_count

    return memo_count(matrix, forced)
