"""A model as the language read it: the constraint problem, the options its clues force, how
its solutions are drawn, its params, and what it says when a search ends.

This is the language's one face to the rest of the package. What needs the language again
(the options a param's other text forces, for a batch of puzzles or a generated one; what a
`report` says) is asked of the model, which asks its :class:`Language`: the values the
evaluation left (:class:`excover.language.evaluate.Evaluation`), each question answered by a
run of its own.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

import attrs

from excover._errors import ExcoverError
from excover._model import Problem, Solution, Symmetries


@attrs.frozen
class Param:
    """A param of a model: what `-p NAME=VALUE` can set, as `excover info` describes it."""

    name: str
    kind: str  # what a value must be, in the user's words: "an integer", "true or false", "a grid"
    default: str  # the default as the model writes it
    comment: str = ""  # the comment beside the param (or just above it)


@attrs.frozen
class Answer:
    """A text's answer in a batch: how many solutions were found (0, 1, or 2 for "not
    unique"), the first one's option indices, or why the text could not be read."""

    found: int = 0
    first: tuple[int, ...] | None = None
    error: str | None = None
    nodes: int = 0  # the search's


class Language(Protocol):
    """What the language can still work out for a model it read."""

    def report(self, found: int) -> list[str]:
        """What the `report` statements say when `found` solutions were found."""

    def forced_by(self, name: str, text: str) -> tuple[int, ...]:
        """The options the clues force when param `name` reads `text`, the problem kept."""

    def is_grid(self, name: str) -> bool:
        """Whether the name held a grid when the model was read."""


class Later:
    """A model's Language worked out when first asked for: a model read back from the cache
    (see language.cache) evaluates its file again then, once."""

    __slots__ = ("_make", "_made", "_lock")

    def __init__(self, make: Callable[[], Language | None]) -> None:
        self._make: Callable[[], Language | None] | None = make
        self._made: Language | None = None
        self._lock = threading.Lock()

    @property
    def made(self) -> bool:
        return self._make is None

    def get(self) -> Language | None:
        with self._lock:
            if self._make is not None:
                self._made, self._make = self._make(), None
            return self._made


@attrs.frozen(repr=False)
class LoadedModel:
    """A problem as read from a file: the problem, the options its clues force, and how its
    solutions are drawn."""

    problem: Problem
    forced: tuple[int, ...] = ()
    batch_independent: frozenset[str] = frozenset()  # params its items and options do not read
    outline: dict = attrs.field(factory=dict, eq=False)  # cell -> region, drawn as heavier lines
    outline_notes: dict = attrs.field(factory=dict, eq=False)  # region -> text in its first cell's corner
    symmetries: Symmetries = attrs.field(factory=Symmetries, eq=False)  # what its symmetry statements say
    lattice: str = "square"  # its cells': square (or cubic), hexagonal or triangular (its `lattice` statement)
    reports: bool = False  # whether the model says something when a search ends (`report`)
    params: tuple[Param, ...] = ()
    # When a param's text holds several cases (a `cases` statement): its name and the cases.
    # This model is the first case's; `excover.language.each_case` gives every case's.
    cases: tuple[str, tuple[str, ...]] | None = None
    files: tuple[Path, ...] = ()  # every file the model was read from, the main one first
    # What the language can still work out for it (none for a problem read from Knuth's format).
    _language: Language | Later | None = attrs.field(default=None, eq=False, repr=False, alias="language")

    def __repr__(self) -> str:
        """Short: the file, the problem's size, the clues (a model's problem runs to hundreds of
        thousands of characters)."""
        where = f"{self.files[0].name!r}, " if self.files else ""
        problem = self.problem
        return (f"LoadedModel({where}{len(problem.primary):,} primary items, {len(problem.secondary):,} secondary "
                f"items, {len(problem.options):,} options, {len(self.forced):,} forced)")

    def __str__(self) -> str:
        """The model's puzzle as `excover run` would draw its clues (when it has clues or an
        outline), else its repr."""
        if not self.forced and not self.outline:
            return repr(self)
        return str(attrs.evolve(self.problem.solution(self.forced), drawing=self.drawing))

    @property
    def language(self) -> Language | None:
        return self._language.get() if isinstance(self._language, Later) else self._language

    def given(self, *labels: str) -> LoadedModel:
        """The model with the options of these labels forced too (see Problem.labelled)."""
        more = tuple(self.problem.labelled(label) for label in labels)
        return attrs.evolve(self, forced=tuple(dict.fromkeys(self.forced + more)))

    def report(self, found: int) -> list[str]:
        """What the model's `report` statements say when `found` solutions were found."""
        language = self.language if self.reports else None
        return language.report(found) if language is not None else []

    # -- the clues for other texts of a param --------------------------------------------

    def check_clue_param(self, name: str) -> None:
        """Refuse a param whose other texts cannot be read with the problem kept as it is:
        one the items or options read, or none at all."""
        if self.language is None or name not in self.batch_independent:
            known = self.language is not None and any(param.name == name for param in self.params)
            raise ExcoverError(f"the model's items or options depend on {name!r}, so it cannot be built once "
                               "for every text of it" if known else f"the model declares no param {name!r}")

    def forced_by(self, name: str, text: str) -> tuple[int, ...]:
        """The options the clues force when param `name` reads `text`, the problem kept as it
        is (see check_clue_param)."""
        self.check_clue_param(name)
        assert self.language is not None
        return self.language.forced_by(name, text)

    def param_forcing(self, clues: Iterable[int], text: str) -> str | None:
        """The grid param which, reading `text`, forces exactly these options (checked by
        evaluating it), or None: how a generated puzzle is written as a param."""
        language = self.language
        if language is None:
            return None
        wanted = set(clues)
        for name in sorted(self.batch_independent):
            if not language.is_grid(name):
                continue
            try:
                if set(self.forced_by(name, text)) == wanted:
                    return name
            except ExcoverError:
                continue
        return None

    def _with_clues(self, forced: Sequence[int]) -> tuple[int, ...]:
        """The clues' options, then these (each once)."""
        return tuple(dict.fromkeys(self.forced + tuple(forced)))

    @property
    def drawing(self) -> dict:
        """How the model's solutions are drawn: its outline, notes, clues and lattice."""
        return {"outline": self.outline, "forced": self.forced, "notes": self.outline_notes, "lattice": self.lattice}

    # -- searching, with the clues forced ------------------------------------------------

    def answers(self, name: str, texts: Sequence[str], chunk: int = 1024, *, seed: int | None = None,
                max_nodes: int | None = None, time_limit: float | None = None,
                method: str = "auto") -> Iterator[Answer]:
        """For each text of param `name` (a batch of puzzles), the search with the clues it
        forces, looking for a second solution to prove the first unique; the problem is built
        once, and each `chunk` of texts is searched in one call into the engine. A text whose
        clues cannot be read is an Answer with its error; the others are still searched."""
        self.check_clue_param(name)
        search = self.problem.search(forced=self.forced, seed=seed, max_solutions=2, max_nodes=max_nodes,
                                     time_limit=time_limit, method=method)
        for start in range(0, len(texts), chunk):
            read: list[tuple[int, ...] | str] = []
            for text in texts[start:start + chunk]:
                try:
                    read.append(self.forced_by(name, text))
                except ExcoverError as error:
                    read.append(error.message)
            found = iter(search.first_of_each([forced for forced in read if not isinstance(forced, str)]))
            for forced in read:
                if isinstance(forced, str):
                    yield Answer(error=forced)
                else:
                    solutions, first, nodes = next(found)
                    yield Answer(solutions, first, nodes=nodes)

    def solve(self, limit: int | None = None, *, forced: Sequence[int] = (), seed: int | None = None,
              max_nodes: int | None = None, time_limit: float | None = None,
              method: str = "auto") -> Iterator[Solution]:
        """The solutions, lazily (at most ``limit``), the clues forced (and `forced`); the
        settings as for :meth:`Problem.search`. Each knows how the model draws it (Jupyter
        shows it so)."""
        drawing = self.drawing
        for solution in self.problem.solve(limit, forced=self._with_clues(forced), seed=seed, max_nodes=max_nodes,
                                           time_limit=time_limit, method=method):
            yield attrs.evolve(solution, drawing=drawing)

    def first(self, *, forced: Sequence[int] = (), seed: int | None = None, max_nodes: int | None = None,
              time_limit: float | None = None, method: str = "auto") -> Solution | None:
        return next(self.solve(1, forced=forced, seed=seed, max_nodes=max_nodes, time_limit=time_limit,
                               method=method), None)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a model as its puzzle: the options its clues force, drawn on its outline."""
        if not self.forced and not self.outline:
            return None
        return attrs.evolve(self.problem.solution(self.forced), drawing=self.drawing)._repr_svg_()

    def count(self, jobs: int | None = 1, *, method: str = "auto", up_to_symmetry: bool = False,
              seed: int | None = None, time_limit: float | None = None, max_nodes: int | None = None,
              memo_bytes: int = 1 << 30, forced: Sequence[int] = ()) -> int:
        """The number of solutions with the clues forced (and `forced`), counted as `excover
        count` counts them (see Problem.count); with ``up_to_symmetry``, the classes under
        the model's symmetry statements."""
        return self.problem.count(jobs, forced=self._with_clues(forced), method=method,
                                  seed=seed, time_limit=time_limit, max_nodes=max_nodes, memo_bytes=memo_bytes,
                                  symmetries=self.symmetries if up_to_symmetry else None)

    def is_unique(self, *, forced: Sequence[int] = (), seed: int | None = None, max_nodes: int | None = None,
                  time_limit: float | None = None, method: str = "auto") -> bool:
        return self.problem.is_unique(forced=self._with_clues(forced), seed=seed, max_nodes=max_nodes,
                                      time_limit=time_limit, method=method)

    def sample(self, k: int = 1, seed: int | None = None) -> list[Solution]:
        """``k`` solutions drawn uniformly at random, the clues forced; each knows how the
        model draws it."""
        drawing = self.drawing
        return [attrs.evolve(solution, drawing=drawing)
                for solution in self.problem.sample(k, seed, forced=self.forced)]
