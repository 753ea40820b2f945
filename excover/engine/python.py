"""The reference engine: Knuth's Algorithm M (dancing links, multiplicities, colours).

This module is written for a reader; the native core is checked against it.

The data structure
------------------
Everything lives in a few parallel lists indexed by *node* number, as in Knuth's DLX1.

* Nodes ``1..N`` are the item headers (item ``k`` of the matrix is node ``k + 1``); node 0
  is the root of the doubly linked list ``llink``/``rlink`` of the *active* primary items,
  the ones that may still take options. Secondary items are never branched on, so they are
  not in that list.
* After the headers come the options, each a run of consecutive nodes, one per item, with a
  *spacer* node before and after every option. For an option node ``x``: ``top[x]`` is its
  item, ``ulink[x]``/``dlink[x]`` link it into the vertical list of all options naming that
  item (circular, through the header), and ``color[x]`` is its colour (0 for none).
  For a spacer, ``top`` is not positive, ``ulink`` points to the first node of the option
  before it and ``dlink`` to the last node of the option after it, so that a walk along an
  option can wrap around.
* Per item: ``length`` (options currently in its list), ``bound`` (how many more options may
  still name it) and ``slack`` (``hi - lo``, fixed), so ``bound - slack`` is how many more
  options it *needs*.

Removing a node ``x`` from its list sets ``dlink[ulink[x]] = dlink[x]`` and
``ulink[dlink[x]] = ulink[x]`` but leaves ``x``'s own links alone, so undoing the removals in
exact reverse order puts every node back: the dancing links.

The operations
--------------
* ``hide(p)``: remove the other nodes of ``p``'s option from their item lists; the option
  can no longer be chosen through any item but ``p``'s.
* ``cover(i)``: hide every option in ``i``'s list and take ``i`` out of the active list.
* ``purify(p)``: for the coloured item of node ``p``, hide every option that gives it a
  different colour, and mark the ones that agree (colour -1) as already satisfied, so that
  ``hide`` leaves them where they are.
* ``commit(p)``: when an option is chosen, update each of its other items: a primary item's
  bound drops by one, and the item is covered when it reaches zero; an uncoloured secondary
  item is covered; a coloured one is purified (unless already purified, colour -1).
* ``tweak(x)``: hide option ``x`` and remove it from the head of the branching item's list.

The search (Algorithm M)
------------------------
At each level, if no primary item is active, the chosen options form a solution.
Otherwise choose the active item ``i`` minimising Knuth's branching degree
``length + s - bound + 1`` with ``s = min(slack, bound)``: the number of ways to go on,
counting "take no more options for ``i``" when ``i`` needs none. (With all bounds 1 this
is the minimum-remaining-values rule.) An item of degree 0 or less makes the state a dead
end, wherever it is in the list: such a state is given up at once and is not counted as a
node (the root is one whatever it is), as Knuth's SSXC gives up an option that empties an
item. Otherwise the first item of degree 1 is taken at once (without a seed). Ties go to
the smaller ``s``, then the longer list, then the first in the list, or, with a seed, at
random.

Then ``bound[i]`` drops by one and the level tries ``i``'s options in turn:

* If the bound reached 0, ``i`` takes exactly one more option: cover ``i``, then try each
  option ``x`` of its list by committing ``x``'s other items.
* Otherwise ``i`` may take several options, and to produce each *set* once the level
  tweaks every option it tries: option ``x`` is tried, then removed for the rest of this
  level, so deeper levels can only add options that come after it in ``i``'s list. The
  level stops as soon as the list is too short for what ``i`` still needs after one more
  option (``length <= bound - slack``): without that test a level would try every later
  option in turn, each a dead end one level down, and an item that needs all of its ``n``
  options would cost ``n**2 / 2`` nodes instead of ``n``.
* Last, when ``i`` needed no more options on entering the level, one more branch takes no
  more options for ``i``: it leaves the active list.

Leaving the level undoes the cover or the tweaks and restores the bound. Forced options
("givens") are taken before the search starts, in the same way as a chosen option.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice

from excover._matrix import Matrix
from excover.engine.interface import MEMO_NEEDS, Chosen, MemoUnavailable, StopReason, draws
from excover.engine.zdd import Zdd

ROOT = 0
PURIFIED = -1
CLOCK_CHECK_EVERY = 1024  # nodes between looks at the clock


class Level:
    """One level of the search: the item branched on and where its branches stand."""

    __slots__ = ("item", "covered", "may_stop", "choice", "stopped", "tweaked", "branch", "branches")

    def __init__(self, item: int, covered: bool, may_stop: bool, branches: int) -> None:
        self.item = item
        self.covered = covered      # True: bound reached 0, the item is covered for the level
        self.may_stop = may_stop    # True: the item needed no more options on entry
        self.choice = item          # node of the option being tried; the item itself before any
        self.stopped = False        # True while trying the "no more options for item" branch
        self.tweaked: list[int] = []
        self.branch = 0             # 1-based number of the branch being tried
        self.branches = branches    # how many branches the level had on entry


class SearchLimitReached(Exception):
    pass


class PythonSearch:
    """Algorithm M over a :class:`Matrix`; see the module docstring."""

    def __init__(self, matrix: Matrix, *, forced: Sequence[int] = (), seed: int | None = None,
                 max_solutions: int | None = None, max_nodes: int | None = None,
                 time_limit: float | None = None, method: str = "auto", path: Sequence[int] = ()) -> None:
        if method == "bitsets":
            raise ValueError("the reference engine searches with dancing links only (method 'links' or 'auto')")
        self.method = "links"
        self.matrix = matrix
        self.seed = seed
        self.max_solutions = max_solutions
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self._start(forced, path)

    def _start(self, forced: Sequence[int], path: Sequence[int]) -> None:
        """Everything a search changes, as it is before the search starts."""
        self.forced = tuple(dict.fromkeys(forced))  # forcing an option twice is forcing it once
        self.path = tuple(path)  # the branch to follow at each of the top levels (see split)
        self._split_depth: int | None = None
        self._frontier: list[tuple[int, ...]] = []
        self.rng = random.Random(self.seed) if self.seed is not None else None
        self.nodes = 0
        self.updates = 0
        self.solutions_found = 0
        self.stopped_by: StopReason | None = None  # the limit that ended it, if one did
        self._levels: list[Level] = []
        self._watch: Callable[[PythonSearch], None] | None = None
        self._watch_every = 1.0
        self._next_look = 0.0
        self._deadline: float | None = None
        self._build()

    # -- building the lists --------------------------------------------------------------

    def _build(self) -> None:
        matrix = self.matrix
        n = matrix.item_count
        self.primary_end = matrix.primary_count + 1  # nodes 1..primary_count are primary headers
        self.llink = [0] * (matrix.primary_count + 1)
        self.rlink = [0] * (matrix.primary_count + 1)
        for i in range(matrix.primary_count + 1):
            self.llink[i] = i - 1 if i else matrix.primary_count
            self.rlink[i] = i + 1 if i < matrix.primary_count else ROOT
        self.bound = [0] + list(matrix.hi)
        self.slack = [0] + [hi - lo for lo, hi in zip(matrix.lo, matrix.hi)]
        self.length = [0] * (n + 1)
        top = list(range(n + 1))
        ulink = list(range(n + 1))
        dlink = list(range(n + 1))
        color = [0] * (n + 1)
        self.option_of = [-1] * (n + 1)
        self.top, self.ulink, self.dlink, self.color = top, ulink, dlink, color
        order = list(range(len(matrix.options)))
        if self.rng is not None:
            self.rng.shuffle(order)  # a seed also varies the order options are tried in
        self.first_node = [0] * len(matrix.options)
        spacer = n + 1
        self._append_node(0, 0, 0, 0, -1)  # the first spacer
        for number in order:
            first = spacer + 1
            self.first_node[number] = first
            for item, colour in matrix.options[number]:
                header = item + 1
                x = len(top)
                self._append_node(header, ulink[header], header, colour, number)
                dlink[ulink[header]] = x
                ulink[header] = x
                self.length[header] += 1
            dlink[spacer] = len(top) - 1
            spacer = len(top)
            self._append_node(-number - 1, first, 0, 0, -1)

    def _append_node(self, top: int, up: int, down: int, colour: int, option: int) -> None:
        self.top.append(top)
        self.ulink.append(up)
        self.dlink.append(down)
        self.color.append(colour)
        self.option_of.append(option)

    # -- the operations ------------------------------------------------------------------

    def _hide(self, p: int) -> None:
        top, ulink, dlink, color, length = self.top, self.ulink, self.dlink, self.color, self.length
        q = p + 1
        while q != p:
            x = top[q]
            if x <= 0:
                q = ulink[q]
            else:
                if color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u], ulink[d] = d, u
                    length[x] -= 1
                    self.updates += 1
                q += 1

    def _unhide(self, p: int) -> None:
        top, ulink, dlink, color, length = self.top, self.ulink, self.dlink, self.color, self.length
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:
                q = dlink[q]
            else:
                if color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = ulink[d] = q
                    length[x] += 1
                q -= 1

    def _cover(self, i: int) -> None:
        p = self.dlink[i]
        while p != i:
            self._hide(p)
            p = self.dlink[p]
        if i < self.primary_end:
            self._deactivate(i)

    def _uncover(self, i: int) -> None:
        if i < self.primary_end:
            self._activate(i)
        p = self.ulink[i]
        while p != i:
            self._unhide(p)
            p = self.ulink[p]

    def _deactivate(self, i: int) -> None:
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left], self.llink[right] = right, left

    def _activate(self, i: int) -> None:
        self.rlink[self.llink[i]] = self.llink[self.rlink[i]] = i

    def _purify(self, p: int) -> None:
        c, i = self.color[p], self.top[p]
        q = self.dlink[i]
        while q != i:
            if self.color[q] == c:
                self.color[q] = PURIFIED
            else:
                self._hide(q)
            q = self.dlink[q]

    def _unpurify(self, p: int) -> None:
        c, i = self.color[p], self.top[p]
        q = self.ulink[i]
        while q != i:
            if self.color[q] == PURIFIED:
                self.color[q] = c
            else:
                self._unhide(q)
            q = self.ulink[q]

    def _commit(self, p: int) -> None:
        j = self.top[p]
        if j < self.primary_end:
            self.bound[j] -= 1
            if self.bound[j] == 0:
                self._cover(j)
        elif self.color[p] == 0:
            self._cover(j)
        elif self.color[p] > 0:
            self._purify(p)

    def _uncommit(self, p: int) -> None:
        j = self.top[p]
        if j < self.primary_end:
            if self.bound[j] == 0:
                self._uncover(j)
            self.bound[j] += 1
        elif self.color[p] == 0:
            self._uncover(j)
        elif self.color[p] > 0:
            self._unpurify(p)

    def _commit_others(self, x: int) -> None:
        q = x + 1
        while q != x:
            if self.top[q] <= 0:
                q = self.ulink[q]
            else:
                self._commit(q)
                q += 1

    def _uncommit_others(self, x: int) -> None:
        q = x - 1
        while q != x:
            if self.top[q] <= 0:
                q = self.dlink[q]
            else:
                self._uncommit(q)
                q -= 1

    def _tweak(self, x: int, i: int) -> None:
        self._hide(x)
        d = self.dlink[x]
        self.dlink[i], self.ulink[d] = d, i
        self.length[i] -= 1

    def _untweak(self, x: int, i: int) -> None:
        self.dlink[i] = self.ulink[self.dlink[x]] = x
        self.length[i] += 1
        self._unhide(x)

    # -- forced options ------------------------------------------------------------------

    def _is_available(self, option: int) -> bool:
        """Whether the option can still be chosen: all its items open, all its nodes in their lists."""
        first = self.first_node[option]
        q = first
        while self.top[q] > 0:
            j = self.top[q]
            if j < self.primary_end and self.bound[j] == 0:
                return False
            if self.color[q] >= 0 and not self._in_list(q):
                return False
            q += 1
        return True

    def _in_list(self, x: int) -> bool:
        j = self.top[x]
        q = self.dlink[j]
        while q != j:
            if q == x:
                return True
            q = self.dlink[q]
        return False

    def _take_forced(self) -> bool:
        """Choose the forced options before the search; False if they clash."""
        for option in self.forced:
            if not 0 <= option < len(self.first_node) or not self._is_available(option):
                return False
            first = self.first_node[option]
            self._hide(first)  # out of every other list ...
            if self.color[first] >= 0:  # ... and out of its first item's list
                d, u = self.dlink[first], self.ulink[first]
                self.dlink[u], self.ulink[d] = d, u
                self.length[self.top[first]] -= 1
            self._commit(first)
            self._commit_others(first)
        return True

    # -- choosing the item ---------------------------------------------------------------

    def _degree(self, i: int) -> int:
        """How many ways item i has to go on: its options less what it still needs, plus one
        for taking no more when it may (0 or less: it can no longer be covered)."""
        s = min(self.slack[i], self.bound[i])
        return self.length[i] + s - self.bound[i] + 1

    def _active_items(self) -> Iterator[int]:
        i = self.rlink[ROOT]
        while i != ROOT:
            yield i
            i = self.rlink[i]

    def _choose_item(self) -> int | None:
        """The active item with the fewest ways to go on, or None at a dead end: when any
        item can no longer be covered, whichever items come before it."""
        if any(self._degree(i) <= 0 for i in self._active_items()):
            return None
        best, best_key, ties = None, None, 0
        for i in self._active_items():
            degree, s = self._degree(i), min(self.slack[i], self.bound[i])
            if degree == 1 and self.rng is None:
                return i  # a forced move: no point looking further
            key = (degree, s, -self.length[i])
            if best_key is None or key < best_key:
                best, best_key, ties = i, key, 1
            elif key == best_key and self.rng is not None:
                ties += 1
                if self.rng.randrange(ties) == 0:
                    best = i
        return best

    # -- the search loop -----------------------------------------------------------------

    def _advance(self, level: Level) -> bool:
        """Set up the level's next branch; False when it has none left."""
        i = level.item
        if level.covered:
            x = self.dlink[level.choice] if level.choice != i or level.branch == 0 else i
        elif self.length[i] <= self.bound[i] - self.slack[i]:
            x = i  # too few options left for what i still needs after one more (Knuth's M5)
        else:
            x = self.dlink[i]
        if x != i:
            if not level.covered:
                self._tweak(x, i)
                level.tweaked.append(x)
            self._commit_others(x)
            level.choice = x
            level.branch += 1
            return True
        level.choice = i
        if level.may_stop and not level.stopped:
            level.stopped = True
            level.branch += 1
            if not level.covered:
                self._deactivate(i)
            return True
        return False

    def _next_branch(self, level: Level, depth: int) -> bool:
        """The level's next branch; at a level the path names a branch for, that branch alone
        (the ones before it are tried and undone without a search below, as Algorithm M's
        tweaks need)."""
        if depth < len(self.path):
            target = self.path[depth]
            if level.branch >= target:
                return False
            while level.branch < target - 1:
                if not self._advance(level):
                    return False
                self._retreat(level)
        return self._advance(level)

    def _retreat(self, level: Level) -> None:
        """Undo the level's current branch."""
        if level.stopped:
            if not level.covered:
                self._activate(level.item)
        else:
            self._uncommit_others(level.choice)

    def _leave(self, level: Level) -> None:
        i = level.item
        if level.covered:
            self._uncover(i)
        else:
            for x in reversed(level.tweaked):
                self._untweak(x, i)
        self.bound[i] += 1

    def _enter(self, i: int) -> Level:
        may_stop = self.bound[i] - self.slack[i] <= 0
        self.bound[i] -= 1
        level = Level(i, self.bound[i] == 0, may_stop, self.length[i] + may_stop)
        if level.covered:
            self._cover(i)
        return level

    def _chosen(self) -> tuple[int, ...]:
        chosen = list(self.forced)
        chosen.extend(self.option_of[level.choice] for level in self._levels if not level.stopped)
        return tuple(chosen)

    def _check_limits(self) -> None:
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.stopped_by = StopReason.NODES
            raise SearchLimitReached
        if self.nodes % CLOCK_CHECK_EVERY == 0 and (self._deadline is not None or self._watch is not None):
            now = time.monotonic()
            if self._deadline is not None and now > self._deadline:
                self.stopped_by = StopReason.TIME
                raise SearchLimitReached
            if self._watch is not None and now >= self._next_look:
                self._watch(self)
                self._next_look = now + self._watch_every

    def _run(self, build: bool) -> Iterator[tuple[int, ...] | None]:
        self._deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        for item in range(1, self.primary_end):
            if self.bound[item] == 0:  # an item no option may name
                self._cover(item)
        if self.max_solutions == 0 or not self._take_forced():
            return
        levels = self._levels
        try:
            while True:
                # Enter a new level. A state where some item can no longer be covered is a
                # dead end seen at once, and not a node (the root is always one).
                solved = self.rlink[ROOT] == ROOT
                i = None if solved else self._choose_item()
                if solved or i is not None or not levels:
                    self.nodes += 1
                    self._check_limits()
                if solved:
                    self.solutions_found += 1
                    yield self._chosen() if build else None
                    if self.max_solutions is not None and self.solutions_found >= self.max_solutions:
                        self.stopped_by = StopReason.SOLUTIONS
                        return
                else:
                    if i is not None and len(levels) == self._split_depth:
                        self._frontier.append(tuple(level.branch for level in levels))  # a subtree to hand out
                    elif i is not None:
                        level = self._enter(i)
                        levels.append(level)
                        if self._next_branch(level, len(levels) - 1):
                            continue
                        self._leave(levels.pop())
                # Backtrack to the deepest level with a branch left.
                while levels:
                    level = levels[-1]
                    self._retreat(level)
                    if self._next_branch(level, len(levels) - 1):
                        break
                    self._leave(levels.pop())
                else:
                    return
        except SearchLimitReached:
            return

    # -- the public face -----------------------------------------------------------------

    def restart(self, forced: Sequence[int], path: Sequence[int] = ()) -> bool:
        """Search again from the start with other forced options (the lists are rebuilt);
        False (and nothing done) when an index names no option, as on the native core."""
        if any(not 0 <= index < len(self.matrix.options) for index in forced):
            return False
        self._start(forced, path)
        return True

    def split(self, depth: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Search the top `depth` levels only: (the paths to the nodes at that depth that are
        not dead ends, the solutions above it). Searches restarted with each path (``path=``)
        then find every other solution, each exactly once, since subtrees do not overlap."""
        self._split_depth, self._frontier = depth, []
        found = list(self.solutions())
        self._split_depth = None
        return self._frontier, found

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Yield each solution as the tuple of its option indices (forced options first)."""
        for chosen in self._run(build=True):
            if chosen is not None:  # always, when the run builds them
                yield chosen

    def first_of_each(self, forced_lists: Sequence[Sequence[int]]) -> list[tuple[int, tuple[int, ...] | None, int]]:
        """For each list of forced options in turn: restart with it and run to the end (or to
        max_solutions); (solutions found, the first or None, nodes)."""
        results = []
        for forced in forced_lists:
            self._start(forced, ())  # (an index that names no option finds nothing)
            solutions = self.solutions()
            first = next(solutions, None)
            for _ in solutions:
                pass
            results.append((self.solutions_found, first, self.nodes))
        return results

    def count(self, watch: Callable[[PythonSearch], None] | None = None, every: float = 1.0) -> int:
        """Run to the end counting; with ``watch``, call it with the search about every ``every`` seconds."""
        self._watch, self._watch_every = watch, every
        self._next_look = time.monotonic() + every
        for _ in self._run(build=False):
            pass
        return self.solutions_found

    def memo_count(self, limit: int, watch: Callable[[PythonSearch], None] | None = None, every: float = 1.0,
                   probe: int | None = None) -> int | None:
        """The solutions, counted by a :class:`MemoCounter` (its table is a dict: ``limit`` is
        not applied). It cannot pause to see whether it pays: asked with a ``probe``, it
        declines (None), and the count is the search's, as when the memo does not pay."""
        self._memo = MemoCounter(self.matrix)
        if probe is not None:
            return None
        return self._memo.count(self.forced)

    def sample(self, k: int, seed: int | None = None, limit: int = 0) -> list[Chosen]:
        """``k`` solutions drawn uniformly at random (see :func:`~excover.engine.interface.draw`)."""
        return list(islice(self.samples(seed, limit), max(k, 0)))

    def samples(self, seed: int | None = None, limit: int = 0) -> Iterator[Chosen]:
        """Solutions drawn uniformly at random, one at a time (see
        :func:`~excover.engine.interface.draws`)."""
        counter = self._memo = MemoCounter(self.matrix)
        return draws(counter.branches, counter.count, self.forced, seed)

    def zdd(self, limit: int) -> Zdd:
        """The ZDD of all the solutions: here, the trie of the solutions found by a search (as
        a reference, not reduced; ``limit`` is not applied)."""
        MemoCounter(self.matrix)  # the same problems as the native core's, or MemoUnavailable
        self._start(self.forced, self.path)
        found = list(self.solutions())
        if self.stopped_by is not None:
            raise RuntimeError(f"the diagram of all the solutions is unfinished: the {self.stopped_by.value} "
                               "limit stopped it")
        return Zdd.of_solutions(found)

    @property
    def memo(self) -> dict | None:
        counter = getattr(self, "_memo", None)
        return None if counter is None else {"hits": None, "states": len(counter.states), "bytes": None,
                                             "full": False}

    def progress(self) -> float:
        """Knuth's estimate of the fraction of the search tree already explored."""
        done, weight = 0.0, 1.0
        for level in self._levels:
            weight /= max(level.branches, 1)
            done += (level.branch - 1) * weight
        return done


# -- counting with a memo -----------------------------------------------------------------


class MemoCounter:
    """Counts the solutions of a matrix whose primary items are each covered exactly once, on
    a state that says everything about the rest of the problem: the primary items still open,
    and what each secondary item has been given (nothing yet, a colour, or "used" by an option
    without one). Every state's count is kept, so a state met again is not searched again.
    The reference for the native core's memo (run_memo in _core.c), which keys the same states
    by the options still live and the items still open; it counts in Python integers, of any
    size."""

    USED = -1  # what a secondary item holds once an option without a colour names it

    def __init__(self, matrix: Matrix) -> None:
        if any(lo != 1 or hi != 1 for lo, hi in zip(matrix.lo[:matrix.primary_count], matrix.hi)):
            raise MemoUnavailable(MEMO_NEEDS)
        self.matrix = matrix
        self.states: dict[tuple, int] = {}
        self.naming: dict[int, list[int]] = {}
        for option, entries in enumerate(matrix.options):
            for item, _ in entries:
                if item < matrix.primary_count:
                    self.naming.setdefault(item, []).append(option)

    def start(self, forced: Sequence[int]) -> tuple | None:
        """The state once the forced options are taken; None if they clash."""
        state: tuple | None = (frozenset(range(self.matrix.primary_count)), ())
        for option in dict.fromkeys(forced):
            state = self.after(state, option) if state is not None else None
        return state

    def fits(self, state: tuple, option: int) -> bool:
        """Whether `option` can be taken in the state: its primary items open, and each of its
        secondary items free, or given its colour already (both coloured)."""
        open_items, given = state
        given = dict(given)
        for item, colour in self.matrix.options[option]:
            if item < self.matrix.primary_count:
                if item not in open_items:
                    return False
            elif item in given and (colour == 0 or given[item] != colour):
                return False
        return True

    def after(self, state: tuple, option: int) -> tuple | None:
        """The state once `option` is taken; None if it does not fit."""
        if not self.fits(state, option):
            return None
        open_items, given = state
        given = dict(given)
        primary = self.matrix.primary_count
        for item, colour in self.matrix.options[option]:
            if item >= primary:
                given[item] = colour or self.USED
        taken = {item for item, _ in self.matrix.options[option] if item < primary}
        return open_items - taken, tuple(sorted(given.items()))

    def fewest(self, state: tuple) -> tuple[int, list[int]]:
        """The open item with the fewest options that fit, the first such in item order
        (as the native core chooses), and those options."""
        best: tuple[int, list[int]] | None = None
        for item in sorted(state[0]):
            fitting = [x for x in self.naming.get(item, []) if self.fits(state, x)]
            if best is None or len(fitting) < len(best[1]):
                best = (item, fitting)
            if len(fitting) <= 1:
                break
        assert best is not None  # the state has an open item
        return best

    def branches(self, forced: Sequence[int]) -> tuple | None:
        """(item, its options that fit) where the search would branch; () when the forced
        options cover every primary item; None when they clash or leave an item without
        options."""
        state = self.start(forced)
        if state is None:
            return None
        if not state[0]:
            return ()
        if any(not any(self.fits(state, x) for x in self.naming.get(item, [])) for item in state[0]):
            return None
        item, options = self.fewest(state)
        return item, options

    def count(self, forced: Sequence[int] = ()) -> int:
        state = self.start(forced)
        if state is None:
            return 0
        depth = sys.getrecursionlimit()  # a level of recursion a primary item, at most
        sys.setrecursionlimit(max(depth, 2 * self.matrix.primary_count + 100))
        try:
            return self._count(state)
        finally:
            sys.setrecursionlimit(depth)

    def _count(self, state: tuple) -> int:
        if not state[0]:
            return 1
        if state in self.states:
            return self.states[state]
        _, options = self.fewest(state)  # any open item would do; the fewest ways, the fewest calls
        total = 0
        for option in options:
            next_state = self.after(state, option)
            assert next_state is not None  # the option fits
            total += self._count(next_state)
        self.states[state] = total
        return total


def memo_count(matrix: Matrix, forced: Sequence[int] = ()) -> int:
    """The solutions, counted by a :class:`MemoCounter`."""
    return MemoCounter(matrix).count(forced)
