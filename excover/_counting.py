"""Counting solutions: which way, and which settings go together.

A count is made one of four ways, chosen here for the command line and for Python alike
(``excover count`` and :meth:`LoadedModel.count` give the same answer for the same asking):

* **memo**: the search remembers how many ways complete each state it meets (the engine's
  ``memo_count``); in one process, for problems whose primary items are each covered once;
* **search**: one search visits every solution;
* **split**: the search tree cut into subproblems, searched by processes or a Dask cluster
  (:mod:`excover._parallel`), with a checkpoint to resume from;
* **classes**: the classes of solutions under the model's symmetries, by Burnside's lemma
  (:mod:`excover._symmetry`), each of its counts made one of the ways above.

``method="auto"`` tries the memo first when nothing asks for a search of its own (a seed, a
limit, a split), and keeps it while it pays (see engine.interface.memo_pays); else the
search, split over every core unless ``jobs`` says otherwise.

:data:`APART` is the one table of the settings that do not go together; :func:`refused`
reads it, and the command line checks its flags against it once, after parsing them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from excover import _interrupt
from excover._model import Problem, Symmetries
from excover.engine.interface import MEMO_PROBE, MemoUnavailable

COUNT_METHODS = ("auto", "memo", "search")
ONE_PROCESS = 1 << 30  # bytes of memo by default: 16x16 domino tilings take 130 MB of it


@attrs.frozen(kw_only=True)
class CountSettings:
    """How to count (see the module)."""

    method: str = attrs.field(default="auto", validator=attrs.validators.in_(COUNT_METHODS))
    jobs: int | None = 1  # processes: 1 searches here, more split the search, None every core (if it may)
    cluster: str | None = None  # the address of a Dask scheduler to split the search over
    checkpoint: str | None = None  # the file a split search records its finished parts in
    seed: int | None = None  # one search, its ties broken at random
    time_limit: float | None = None  # seconds, then the count so far (at least)
    max_nodes: int | None = None  # nodes, then the count so far (at least)
    memo_bytes: int = ONE_PROCESS  # the most the memo's table takes
    up_to_symmetry: bool = False  # count the classes under the symmetries given
    zdd: bool = False  # build the diagram of all the solutions (with the memo) as it counts
    every: float = attrs.field(default=1.0, validator=attrs.validators.gt(0))  # seconds between a watch's looks

    def asked(self, setting: str) -> bool:
        """Whether a setting, as APART names it, is asked for: "jobs>1" (more than one
        process, said), "method=memo", or a field that is set."""
        if setting == "jobs>1":
            return self.jobs is not None and self.jobs > 1
        name, _, value = setting.partition("=")
        return getattr(self, name) == value if value else getattr(self, name) not in (None, False)

    @property
    def one_search(self) -> bool:
        """Whether a search of its own is asked for, seeded or bounded."""
        return self.seed is not None or self.time_limit is not None or self.max_nodes is not None

    @property
    def split_said(self) -> bool:
        """Whether a split is said outright: a cluster, a checkpoint, more than one process."""
        return self.cluster is not None or self.checkpoint is not None or self.asked("jobs>1")

    @property
    def split(self) -> bool:
        """Whether the search is split: as said, or over every core when the number of
        processes is not said and one search is not asked for."""
        return self.split_said or self.jobs is None and not self.one_search


@attrs.frozen
class Apart:
    """Settings that do not go together: when one of `these` is asked, none of `those`."""

    these: tuple[str, ...]
    those: tuple[str, ...]
    because: str
    when: tuple[str, ...] = ("counting",)  # and/or "listing": solutions one after another (run)


# Every setting that rules out another, once. ("some": listing some solutions, not all.)
APART = (
    Apart(("cluster", "checkpoint", "jobs>1"), ("seed", "time_limit", "max_nodes"), "they split the search",
          when=("counting", "listing")),
    Apart(("method=memo",), ("cluster", "checkpoint", "jobs>1", "seed"), "the memo counts in one process"),
    Apart(("zdd",), ("method=search", "cluster", "checkpoint", "jobs>1", "seed", "time_limit", "max_nodes"),
          "the diagram is built by the memo, in one process"),
    Apart(("up_to_symmetry",), ("cluster", "checkpoint", "seed", "time_limit", "max_nodes", "zdd"),
          "the classes are counted whole"),
    Apart(("up_to_symmetry",), ("cluster", "checkpoint", "jobs>1"),
          "the least of each class is found by one search, in one process", when=("listing",)),
    Apart(("cluster", "checkpoint", "jobs>1"), ("some",), "a split search lists every solution (run with --all)",
          when=("listing",)),
)


def refused(asked: Callable[[str], bool], when: str = "counting") -> tuple[str, list[str], str] | None:
    """The first rule of APART (for counting or listing) that what is asked breaks: (the
    setting, those it does not go with, why); None when all go together."""
    for rule in APART:
        if when not in rule.when:
            continue
        for this in rule.these:
            if asked(this):
                clashing = [that for that in rule.those if asked(that)]
                if clashing:
                    return this, clashing, rule.because
    return None


@attrs.frozen
class Counted:
    """A count, and how it was made."""

    total: int
    exact: bool = True  # False: a limit stopped it, and `total` is a lower bound
    way: str = "search"  # "memo", "search", "split" or "classes" (see the module)
    search: Any = None  # the search that counted, in one process (its nodes, its memo)
    progress: Any = None  # a split search's record (excover._parallel.Progress)
    classes: Any = None  # counted up to symmetry: the Classes (excover._symmetry)
    diagram: Any = None  # with zdd: the Zdd of all the solutions (excover.engine.zdd)
    notes: tuple[str, ...] = ()  # what to warn of (a stated symmetry left out)
    tried: tuple[str, ...] = ()  # ways tried first and given up, and why (for --stats)


# What a count shows as it goes: for each way ("memo", "search", "split"), a function given
# the search about every `every` seconds (the split's Progress as each part ends), or None.
Watch = Callable[[str], Callable[[Any], None] | None]


def count(problem: Problem, forced: Sequence[int] = (), settings: CountSettings = CountSettings(), *,
          symmetries: Symmetries | None = None, watch: Watch | None = None) -> Counted:
    """The solutions of the problem with these options forced, counted as the settings say
    (ValueError when they do not go together: see APART); with ``up_to_symmetry``, the
    classes under `symmetries`."""
    clash = refused(settings.asked)
    if clash is not None:
        this, those, because = clash
        said = {"jobs>1": "jobs (more than 1)"}
        raise ValueError(f"{said.get(this, this)} does not go with {', '.join(said.get(t, t) for t in those)}: "
                         f"{because}")
    if settings.up_to_symmetry:
        from excover._symmetry import count_model_classes

        classes = count_model_classes(problem, symmetries or Symmetries(), forced,
                                      count=lambda part, fixed: _count(part, fixed, settings, watch).total)
        return Counted(classes.count, way="classes", classes=classes, notes=tuple(classes.notes))
    return _count(problem, forced, settings, watch)


def _count(problem: Problem, forced: Sequence[int], settings: CountSettings, watch: Watch | None) -> Counted:
    _interrupt.check()
    look = watch or (lambda way: None)
    tried: list[str] = []
    if settings.zdd:
        search = problem.search(forced=forced)
        diagram = search.zdd(settings.memo_bytes)
        return Counted(diagram.count(), way="memo", search=search, diagram=diagram)
    if settings.method == "memo" or settings.method == "auto" and not (settings.split_said or settings.one_search):
        auto = settings.method == "auto"
        search = problem.search(forced=forced, time_limit=settings.time_limit, max_nodes=settings.max_nodes)
        try:
            total = search.memo_count(settings.memo_bytes, look("memo"), settings.every,
                                      probe=MEMO_PROBE if auto else None)
        except MemoUnavailable as error:
            if not auto:
                raise
            tried.append(f"memo: does not apply ({error}); counting by search")
        else:
            if total is not None:
                return Counted(total, search.stopped_by is None, "memo", search=search)
            memo = search.memo or {}
            tried.append(f"memo: {memo.get('counted', 0):,} solutions counted in {search.nodes:,} nodes, too few "
                         "to pay; counting by search")
    if settings.split:
        from excover import _parallel as parallel

        total, progress = parallel.count(problem.matrix, forced, jobs=settings.jobs, cluster=settings.cluster,
                                         checkpoint=settings.checkpoint, watch=look("split"))
        return Counted(total, way="split", progress=progress, tried=tuple(tried))
    search = problem.search(forced=forced, seed=settings.seed, time_limit=settings.time_limit,
                            max_nodes=settings.max_nodes)
    total = search.count(look("search"), settings.every)
    return Counted(total, search.stopped_by is None, "search", search=search, tried=tuple(tried))
