"""The constraint model: items, options and the rules a solution must obey.

An exact-cover *problem* has items and options; an option is a set of items. A *solution*
is a set of options such that

* every **primary** item is covered (named by chosen options) between ``lo`` and ``hi``
  times; by default exactly once, and ``hi`` may be ``None``: any number of times;
* every **secondary** item is covered at most once, unless the options give it a *colour*:
  all chosen options that name a coloured item must agree on its colour, and an uncoloured
  mention excludes every other mention (TAOCP 7.2.2.1, Algorithms C and M).

Everything here is a frozen value. :meth:`Problem.verify` checks a proposed solution against
these rules directly, without any search: tests trust it, not the solver.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from excover._errors import ModelError, brief, suggestion

if TYPE_CHECKING:  # pragma: no cover
    from excover.engine.interface import Search


@attrs.frozen
class Item:
    """An item to be covered. ``hi=None`` means no upper bound."""

    name: str
    lo: int = 1
    hi: int | None = 1
    secondary: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ModelError(f"item name must be a non-empty string, not {self.name!r}")
        if self.secondary and (self.lo, self.hi) != (0, 1):
            raise ModelError(f"secondary item {self.name!r} cannot have bounds; it is covered at most once")
        if self.lo < 0:
            raise ModelError(f"item {self.name!r}: lower bound {self.lo} is negative")
        if self.hi is not None and self.lo > self.hi:
            raise ModelError(f"item {self.name!r}: lower bound {self.lo} exceeds upper bound {self.hi}")

    @property
    def kind(self) -> tuple[bool, int, int | None]:
        """What covering it asks (secondary, or primary with these bounds): items of one kind,
        and only they, may trade places in a symmetry."""
        return self.secondary, self.lo, self.hi

    @property
    def bounds_text(self) -> str:
        hi = "*" if self.hi is None else str(self.hi)
        return f"{self.lo}..{hi}"

    def upper_bound(self, uses: int) -> int:
        """A finite upper bound that means the same, when `uses` options name the item: its
        own, or for an unbounded item as many as those options (at least its lower bound,
        and at least 1, so that it reads as a bound)."""
        return self.hi if self.hi is not None else max(uses, self.lo, 1)


@attrs.frozen
class Option:
    """A set of items, each with an optional colour, plus a label and free display data."""

    items: tuple[tuple[str, str | None], ...]
    label: str = ""
    data: Any = attrs.field(default=None, eq=False, hash=False)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.items)

    @property
    def show(self) -> dict[Any, Any]:
        """What it draws: cell -> value, from ``data["show"]`` (a model's `show`), else nothing."""
        return self.data.get("show", {}) if isinstance(self.data, dict) else {}

    @property
    def text(self) -> str:
        """Its items as a model writes them: ``a b x:red``."""
        return " ".join(name if colour is None else f"{name}:{colour}" for name, colour in self.items)

    def __str__(self) -> str:
        """Its label, or else its items: how messages, pictures and givens name it."""
        return self.label or self.text


@attrs.frozen
class Solution:
    """The chosen options of one solution, by position in ``Problem.options``."""

    indices: tuple[int, ...]
    options: tuple[Option, ...] = attrs.field(eq=False, repr=False)
    # How the model draws it (outline, forced, notes: see excover.render.picture), when known.
    drawing: dict = attrs.field(factory=dict, eq=False, repr=False)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a solution as its picture."""
        from excover._errors import ExcoverError

        try:
            return self.svg()
        except ExcoverError:  # pragma: no cover - every solution has some picture
            return None

    def svg(self) -> str:
        """The solution's picture in SVG, as `excover run --svg` writes it."""
        from excover.render.svg import svg

        return svg(self, **self.drawing)

    def __str__(self) -> str:
        """The solution's picture as `excover run` draws it (without colours): the grid its
        options show, or a table of its options and their items."""
        from excover.render._terminal import picture_text

        return picture_text(self, **self.drawing)

    @property
    def labels(self) -> list[str]:
        return [str(option) for option in self.options]

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)


@attrs.frozen
class Symmetries:
    """What a model says its symmetries are (its ``symmetry`` statements), as data for
    excover._symmetry: items at points of a lattice, whose turns and mirrors may keep the
    problem; permutations of items, each a symmetry; and sets of interchangeable values,
    each given as its *lines*: the items that differ only in the value, in the values'
    order, so that any permutation of the values moves each line's items alike."""

    points: dict[str, tuple[int, ...]] = attrs.field(factory=dict)  # item -> its point of the lattice
    maps: tuple[dict[str, str], ...] = ()  # item -> item (the items not named stay)
    relabellings: tuple[tuple[tuple[str, ...], ...], ...] = ()  # each: its lines
    lattice: str = "square"  # the points': square (or cubic), hexagonal or triangular (see excover._geometry)

    def __bool__(self) -> bool:
        return bool(self.points or self.maps or self.relabellings)


def _as_primary(spec: Item | str | tuple) -> Item:
    if isinstance(spec, Item):
        return spec
    if isinstance(spec, str):
        return Item(spec)
    name, lo, hi = spec
    return Item(name, lo, hi)


def _as_secondary(spec: Item | str) -> Item:
    if isinstance(spec, Item):
        return attrs.evolve(spec, lo=0, hi=1, secondary=True) if not spec.secondary else spec
    return Item(spec, lo=0, hi=1, secondary=True)


def _as_option(spec: Option | Iterable[str | tuple[str, str | None]]) -> Option:
    """Accept an Option, or a list of item names where ``"x:A"`` or ``("x", "A")`` gives a
    colour. A string of names is split at blanks outside brackets, so that the names the
    language makes, ``"cell(1, 1) row(1, 5)"``, read as two items."""
    if isinstance(spec, Option):
        return spec
    if isinstance(spec, str):
        spec = _names_in(spec) if "(" in spec or "[" in spec else spec.split()
    items: list[tuple[str, str | None]] = []
    for entry in spec:
        if entry.__class__ is str and ":" not in entry:
            items.append((entry, None))
        elif isinstance(entry, str):
            name, colour = _colour_of(entry)
            items.append((name, colour))
        else:
            name, colour = entry
            items.append((name, None if colour is None else str(colour)))
    return Option(tuple(items))


def _outside_brackets(text: str) -> Iterator[int]:
    """The positions of the characters of `text` that stand outside (), [] and {}."""
    depth = 0
    for k, character in enumerate(text):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            yield k


def _names_in(text: str) -> list[str]:
    """The blank-separated names of a string, blanks inside (), [] or {} kept."""
    names, start = [], 0
    for k in _outside_brackets(text):
        if text[k].isspace():
            names.append(text[start:k])
            start = k + 1
    names.append(text[start:])
    return [name for name in names if name]


def _colour_of(entry: str) -> tuple[str, str | None]:
    """ "x:A" -> ("x", "A"): the last colon outside brackets parts a name from its colour."""
    split = max((k for k in _outside_brackets(entry) if entry[k] == ":"), default=-1)
    if split < 0:
        return entry, None
    return entry[:split], entry[split + 1:] or None


def _primaries(specs: Iterable) -> tuple[Item, ...]:
    return tuple(_as_primary(spec) for spec in specs)


def _secondaries(specs: Iterable) -> tuple[Item, ...]:
    return tuple(_as_secondary(spec) for spec in specs)


def _options(specs: Iterable) -> tuple[Option, ...]:
    return tuple(_as_option(spec) for spec in specs)


@attrs.frozen(repr=False)
class Problem:
    """An exact-cover problem: primary items, secondary items and options.

    >>> p = Problem(primary="abc", options=["a b", "c", "a", "b c"])
    >>> sorted(s.labels for s in p.solve())
    [['a', 'b c'], ['a b', 'c']]
    """

    primary: tuple[Item, ...] = attrs.field(converter=_primaries)
    secondary: tuple[Item, ...] = attrs.field(default=(), converter=_secondaries)
    options: tuple[Option, ...] = attrs.field(default=(), converter=_options)
    name: str = attrs.field(default="", eq=False)
    # The compiled matrix, made on the first search and shared by all later ones.
    _compiled: dict = attrs.field(factory=dict, init=False, eq=False, repr=False, hash=False)

    def __repr__(self) -> str:
        """Short: a problem's items and options run to hundreds of thousands of characters."""
        named = f"{self.name!r}, " if self.name else ""
        return (f"Problem({named}{len(self.primary):,} primary items, {len(self.secondary):,} secondary items, "
                f"{len(self.options):,} options)")

    def __attrs_post_init__(self) -> None:
        seen: set[str] = set()
        for item in self.items:
            if item.name in seen:
                raise ModelError(f"item {item.name!r} is declared twice")
            seen.add(item.name)
        by_name = self.item_by_name
        secondary = {name: item.secondary for name, item in by_name.items()}.get  # (None: not an item)
        for number, option in enumerate(self.options):
            _check_option(option, number, by_name, secondary)

    # -- structure -----------------------------------------------------------------------

    @property
    def items(self) -> tuple[Item, ...]:
        return self.primary + self.secondary

    @property
    def item_by_name(self) -> dict[str, Item]:
        return {item.name: item for item in self.items}

    def as_dict(self) -> dict[str, Any]:
        """The problem as plain data (for JSON): its items with their bounds, its options."""
        return {
            "primary": [{"name": item.name, "lo": item.lo, "hi": item.hi} for item in self.primary],
            "secondary": [item.name for item in self.secondary],
            "options": [{"label": str(option), "items": [[name, colour] for name, colour in option.items]}
                        for option in self.options],
        }

    @property
    def uses(self) -> dict[str, int]:
        """How many options name each item."""
        uses = self._compiled.get("uses")
        if uses is None:
            uses = self._compiled["uses"] = dict.fromkeys(self.item_by_name, 0)
            for option in self.options:
                for name in option.names:
                    uses[name] += 1
        return uses

    # -- the rules -----------------------------------------------------------------------

    def verify(self, solution: Solution | Iterable[int]) -> list[str]:
        """Check chosen option indices against the rules; return the violations (empty if valid).

        Written straight from the definition of a solution, independent of every engine.
        """
        indices = list(solution.indices if isinstance(solution, Solution) else solution)
        problems = []
        for index, times in Counter(indices).items():
            if not 0 <= index < len(self.options):
                problems.append(f"option index {index} does not exist")
            elif times > 1:
                problems.append(f"option {index} ({self.options[index]}) is chosen {times} times")
        chosen = [self.options[i] for i in set(indices) if 0 <= i < len(self.options)]
        cover_count = Counter(name for option in chosen for name in option.names)
        for item in self.primary:
            times = cover_count[item.name]
            if times < item.lo or (item.hi is not None and times > item.hi):
                problems.append(f"primary item {item.name!r} is covered {times} times, not {item.bounds_text}")
        for item in self.secondary:
            colours = [colour for option in chosen for name, colour in option.items if name == item.name]
            if len(colours) > 1 and (None in colours or len(set(colours)) > 1):
                problems.append(f"secondary item {item.name!r} is covered by clashing options: {colours}")
        return problems

    def is_solution(self, solution: Solution | Iterable[int]) -> bool:
        return not self.verify(solution)

    # -- solving (the engine does the work) ----------------------------------------------

    def search(self, *, forced: Sequence[int] = (), seed: int | None = None, max_solutions: int | None = None,
               max_nodes: int | None = None, time_limit: float | None = None, method: str = "auto",
               path: Sequence[int] = ()) -> Search:
        """A search over this problem on the best engine (:func:`excover.engine.search`): the
        options `forced` taken first, ties broken at random by `seed`, stopped at the first
        limit reached, by `method` "auto", "links" or "bitsets", down one `path` (see
        :class:`excover.engine.interface.SearchSettings`)."""
        from excover import engine

        return engine.search(self.matrix, engine.SearchSettings(
            forced=forced, seed=seed, max_solutions=max_solutions, max_nodes=max_nodes, time_limit=time_limit,
            method=method, path=path))

    @property
    def matrix(self):
        """The compiled :class:`~excover._matrix.Matrix`, built once."""
        if "matrix" not in self._compiled:
            from excover._matrix import compile_problem

            self._compiled["matrix"] = compile_problem(self)
        return self._compiled["matrix"]

    def labelled(self, label: str) -> int:
        """The index of the one option with this label (an option's label is its text, see
        Option); a ModelError when no option or several have it."""
        by_label = self._compiled.get("labels")
        if by_label is None:
            by_label = self._compiled["labels"] = {}
            for index, option in enumerate(self.options):
                by_label.setdefault(str(option), []).append(index)
        matches = by_label.get(label, [])
        if not matches:
            raise ModelError(f"no option is labelled {label!r}{suggestion(label, by_label)}")
        if len(matches) > 1:
            raise ModelError(f"{len(matches)} options are labelled {label!r}; a given must name one")
        return matches[0]

    def solution(self, indices: Sequence[int]) -> Solution:
        """The Solution made of these options, listed in the order of ``options``."""
        ordered = tuple(sorted(indices))
        return Solution(ordered, tuple(self.options[i] for i in ordered))

    def solve(self, limit: int | None = None, *, forced: Sequence[int] = (), seed: int | None = None,
              max_nodes: int | None = None, time_limit: float | None = None, method: str = "auto",
              ) -> Iterator[Solution]:
        """Yield solutions lazily (at most ``limit``); the settings as for :meth:`search`."""
        search = self.search(forced=forced, seed=seed, max_solutions=limit, max_nodes=max_nodes,
                             time_limit=time_limit, method=method)
        for indices in search.solutions():
            yield self.solution(indices)

    def first(self, *, forced: Sequence[int] = (), seed: int | None = None, max_nodes: int | None = None,
              time_limit: float | None = None, method: str = "auto") -> Solution | None:
        return next(self.solve(1, forced=forced, seed=seed, max_nodes=max_nodes, time_limit=time_limit,
                               method=method), None)

    def count(self, jobs: int | None = 1, *, forced: Sequence[int] = (), method: str = "auto",
              seed: int | None = None, time_limit: float | None = None, max_nodes: int | None = None,
              memo_bytes: int = 1 << 30, symmetries: Symmetries | None = None) -> int:
        """The number of solutions, counted without building them, the way `excover count`
        counts (see excover._counting): ``method`` "auto" (the memo while it pays, else the
        search), "memo" or "search"; ``jobs`` processes (1: this one; None: every core), each
        searching its share of the tree; with ``symmetries``, the classes of solutions under
        them. With a limit, the count so far. ValueError for settings that do not go together
        (``_counting.APART``: a split search takes no seed or limit, say)."""
        from excover._counting import CountSettings
        from excover._counting import count as count_solutions

        settings = CountSettings(method=method, jobs=jobs, seed=seed, time_limit=time_limit, max_nodes=max_nodes,
                                 memo_bytes=memo_bytes, up_to_symmetry=symmetries is not None)
        return count_solutions(self, forced, settings, symmetries=symmetries).total

    def is_unique(self, *, forced: Sequence[int] = (), seed: int | None = None, max_nodes: int | None = None,
                  time_limit: float | None = None, method: str = "auto") -> bool:
        """True when exactly one solution exists; the search stops at the second."""
        return self.search(forced=forced, seed=seed, max_solutions=2, max_nodes=max_nodes, time_limit=time_limit,
                           method=method).count() == 1

    def sample(self, k: int = 1, seed: int | None = None, forced: Sequence[int] = (),
               memo_bytes: int = 1 << 30) -> list[Solution]:
        """``k`` solutions drawn uniformly at random (each as likely as any other; the same one
        may come twice), reproducibly for a seed, counted with a memo of at most
        ``memo_bytes`` (:meth:`excover.engine.interface.Search.sample`)."""
        return [self.solution(indices) for indices in self.search(forced=forced).sample(k, seed, memo_bytes)]


class Fault(enum.Enum):
    """What can be wrong with an option, whoever wrote it (a model, a Knuth file, Python)."""

    UNDECLARED = "item {name} is not declared"
    TWICE = "item {name} appears twice in this option"
    COLOURED_PRIMARY = "primary item {name} cannot have a colour"
    # Knuth's programs drop such an option with a warning, and so does the reading of his
    # format. Elsewhere it is refused: the search only branches on primary items, so it could
    # never be chosen, and silently dropping it would shift the numbers of the options.
    NO_PRIMARY = "this option names no primary item, so it could never be chosen"

    def message(self, name: str = "") -> str:
        return self.value.format(name=repr(brief(name)))


def option_fault(entries: Sequence[tuple[str, str | None]],
                 is_secondary: Callable[[str], bool | None]) -> tuple[Fault, int] | None:
    """The first rule the option breaks and the entry that breaks it (-1 for the whole
    option), or None. `is_secondary` says what each name is, None for no declared item."""
    seen: set[str] = set()
    has_primary = False
    for index, (name, colour) in enumerate(entries):
        secondary = is_secondary(name)
        if secondary is None:
            return Fault.UNDECLARED, index
        if name in seen:
            return Fault.TWICE, index
        seen.add(name)
        if colour is not None and not secondary:
            return Fault.COLOURED_PRIMARY, index
        has_primary = has_primary or not secondary
    return None if has_primary else (Fault.NO_PRIMARY, -1)


class OptionFault(ModelError):
    """An option that breaks a rule: which rule, the option's number and the entry that
    breaks it (-1 for the whole option), for whoever can say where the option was written
    (the language locates it in the model's text)."""

    def __init__(self, message: str, *, fault: Fault, option: int, entry: int) -> None:
        super().__init__(message)
        self.fault, self.option, self.entry = fault, option, entry


def _check_option(option: Option, number: int, by_name: dict[str, Item],
                  is_secondary: Callable[[str], bool | None]) -> None:
    found = option_fault(option.items, is_secondary)
    if found is not None:
        fault, index = found
        name = option.items[index][0] if index >= 0 else ""
        hint = suggestion(name, by_name) if fault is Fault.UNDECLARED else ""
        raise OptionFault(f"option {number} ({brief(str(option))}): {fault.message(name)}{hint}",
                          fault=fault, option=number, entry=index)
