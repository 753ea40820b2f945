"""Counting the solutions up to symmetry: by symmetry breaking where it is sound, else by
Burnside's lemma.

A *symmetry* of a problem is a permutation of its items that maps every option onto an
option (its items and colours) and the forced options onto forced options: a turn of a
board maps the placements of a piece onto placements of the same piece; a mirror of the
Soma cube also swaps its two mirror-image pieces. The symmetries given generate a group G
of permutations of the options, and G permutes the solutions. The solutions fall into
classes (orbits), and Burnside's lemma counts them without listing any:

    classes = (1 / |G|) * sum over g in G of fix(g),

where fix(g) is the number of solutions g maps onto themselves. Such a solution is a union
of whole cycles of g's permutation of the options, so fix(g) is the number of exact covers
of the items by those cycles, each cycle one option of a smaller problem: the items of its
options together. A cycle whose options cover a primary item twice, or give a secondary
item clashing colours, is in no fixed solution and is left out. The identity's fix is the
plain count; every other fix is a much smaller problem. A solution fixed by a symmetry (a
symmetric tiling) is counted right.

That costs a little more than the plain count. Often there is a cheaper way, |G| times
smaller: symmetry breaking, done only where it is sound. When some item covered exactly once
has options that G permutes among themselves and no symmetry but the identity keeps any of
them in place (the F pentomino's placements on a rectangle; any placement of a piece that
cannot sit in the board's centre), no solution is symmetric, every class holds |G|
solutions, one for each option in the orbit of its option for that item, and keeping one
option of each orbit keeps one solution of each class: the count of that smaller problem is
the number of classes. The item with the fewest orbits is chosen; where none qualifies
(the Soma cube's pieces, sudoku's cells under relabelling), Burnside counts.

Whatever states a symmetry (a map of the lattice, a map of items, interchangeable values),
it is checked where it acts, on the problem itself (:func:`induced`): a permutation of the
items that sends each primary item to one with the same bounds, each secondary item to a
secondary item, and every option to an option with the same items so renamed and the same
colours. A stated symmetry that fails is left out of the group with a note saying why, so
the count is always exact for the group it reports (:attr:`Classes.kept`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from math import factorial

import attrs

from excover._errors import InternalError, ModelError, brief
from excover._geometry import SQUARE, from_plane, plane_maps, to_plane
from excover._model import Item, Option, Problem, Symmetries

Permutation = tuple[int, ...]  # of the options: option k goes to permutation[k]
ItemMap = Mapping[str, str]  # a permutation of the items, by name: the items not named stay

MOST_SYMMETRIES = 10_000  # a group bigger than this is not a board's; nor as many terms of a sum
MOST_TRIES = 100_000  # steps of a search for the images of items (a renaming, the clues' keepers)


@attrs.frozen
class Classes:
    """The solutions counted up to the symmetry group: ``count`` classes, under ``group``
    symmetries, whose fixed solutions were ``fixed`` (the identity's first: all of them),
    each count standing for ``times`` symmetries (1 each, unless symmetries alike were
    counted once for all: see :func:`count_model_classes`); or, when symmetry breaking
    counted them (see _breaking), no fixed counts, and the item it was done on as ``broken``."""

    count: int
    group: int
    fixed: tuple[int, ...]
    times: tuple[int, ...] = attrs.field()  # how many symmetries each fixed count stands for
    broken: str = ""  # the item whose options were cut to one of each orbit, when that counted them
    kept: tuple[str, ...] = ()  # the stated symmetries that generate the group, described
    notes: tuple[str, ...] = ()  # each stated symmetry left out, and why
    generators: tuple[dict[str, str], ...] = ()  # the kept ones as item maps (what they move)

    @times.default
    def _each_once(self) -> tuple[int, ...]:
        return (1,) * len(self.fixed)


def option_permutation(problem: Problem, symmetry: ItemMap, index: Mapping | None = None) -> Permutation:
    """The permutation of the options a permutation of the items induces (items it does not
    name stay); ModelError, saying why, when it is not a symmetry of the problem (see
    :func:`induced`). `index` (see :func:`options_index`) may be given, made once for
    several symmetries."""
    found = induced(problem, symmetry, index)
    if isinstance(found, str):
        raise ModelError(f"not a symmetry of the problem: {found}")
    return found


def induced(problem: Problem, symmetry: ItemMap, index: Mapping | None = None) -> Permutation | str:
    """The permutation of the options that a permutation of the items induces, when it is a
    symmetry of the problem; else why it is not, in a few words. A symmetry permutes the
    items it names, each to an item of its own kind (primary with the same bounds, or
    secondary), and sends every option to an option: its items renamed one by one, their
    colours kept. Options alike (the same items) go in their order to the image's options
    alike."""
    reason = _not_items_permutation(problem, symmetry)
    if reason:
        return reason
    if index is None:
        index = options_index(problem)
    images, taken = [], dict.fromkeys(index, 0)
    for option in problem.options:
        image = frozenset((symmetry.get(name, name), colour) for name, colour in option.items)
        alike = index.get(image, ())
        if taken.get(image, 0) == len(alike):
            return f"option {brief(str(option))!r} would go to no option"
        images.append(alike[taken[image]])
        taken[image] += 1
    return tuple(images)


def _not_items_permutation(problem: Problem, symmetry: ItemMap) -> str:
    """Why the map is not a permutation of the items, each sent to one of its kind; or ""."""
    items = _items_by_name(problem)
    for name, image in symmetry.items():
        for named in (name, image):
            if named not in items:
                return f"{brief(named)!r} is no item"
    if len(set(symmetry.values())) != len(symmetry) or set(symmetry.values()) != set(symmetry):
        return "it does not permute the items it names"
    for name, image in symmetry.items():
        item, other = items[name], items[image]
        if _alike(item, other):
            continue
        if item.secondary != other.secondary:
            kinds = ("secondary", "primary") if item.secondary else ("primary", "secondary")
            return f"{kinds[0]} item {brief(name)} would go to {kinds[1]} item {brief(image)}"
        return (f"item {brief(name)} [{item.bounds_text}] would go to {brief(image)}, whose bounds are "
                f"[{other.bounds_text}]")
    return ""


def _items_by_name(problem: Problem) -> dict[str, Item]:
    return {item.name: item for item in (*problem.primary, *problem.secondary)}


def options_index(problem: Problem) -> dict[frozenset, tuple[int, ...]]:
    """The options by their items (and colours): the positions of the options alike."""
    index: dict[frozenset, list[int]] = {}
    for k, option in enumerate(problem.options):
        index.setdefault(frozenset(option.items), []).append(k)
    return {items: tuple(alike) for items, alike in index.items()}


def group(generators: Sequence[Permutation], size: int) -> list[Permutation]:
    """The group the permutations generate, the identity first."""
    identity = tuple(range(size))
    found = {identity: None}
    frontier = [identity]
    while frontier:
        following = []
        for element in frontier:
            for generator in generators:
                product = _after(generator, element)
                if product not in found:
                    found[product] = None
                    following.append(product)
                    if len(found) > MOST_SYMMETRIES:
                        raise ModelError(f"the symmetries generate more than {MOST_SYMMETRIES:,} permutations")
        frontier = following
    return list(found)


def cycles(permutation: Permutation) -> list[tuple[int, ...]]:
    seen, found = set(), []
    for start in range(len(permutation)):
        if start in seen:
            continue
        cycle, k = [], start
        while k not in seen:
            seen.add(k)
            cycle.append(k)
            k = permutation[k]
        found.append(tuple(cycle))
    return found


def _together(problem: Problem, primary: Mapping[str, Item], cycle: tuple[int, ...]) -> Option | None:
    """The option made of a cycle's options, or None when they cannot all be chosen (primary:
    the primary items by name). An item the cycle's options name m times counts m towards
    its bounds: past its most (a secondary item twice without one colour) the cycle is in no
    solution; an item with no most and a least of at most 1 (``[0..*]``, a count of pieces;
    ``[1..*]``) is named once, since once or m times meets such bounds alike; for other
    bounds an option cannot say "m times", and the count is refused."""
    named: dict[str, str | None] = {}
    times: dict[str, int] = {}
    for k in cycle:
        for name, colour in problem.options[k].items:
            times[name] = times.get(name, 0) + 1
            if name in named and name not in primary and (colour is None or named[name] != colour):
                return None
            named[name] = colour
    for name, m in times.items():
        item = primary.get(name)
        if m == 1 or item is None or (item.hi is None and item.lo <= 1):
            continue
        if item.hi is not None and m > item.hi:
            return None
        raise ModelError(f"counting up to symmetry: a symmetry's cycle of options covers {name} {m} times, and "
                         f"its bounds {item.bounds_text} count each option's cover: its fixed solutions cannot "
                         "be counted as one exact cover")
    return Option(tuple(named.items()), label=" + ".join(str(k) for k in cycle))


# Counts a problem with its forced options, however it is best done (the memo, every core).
Counter = Callable[[Problem, Sequence[int]], int]


def fixed(problem: Problem, permutation: Permutation, forced: Sequence[int] = (),
          count: Counter | None = None) -> int:
    """The solutions (with the forced options) that the permutation maps onto themselves:
    for the identity, all of them (`count` counts them, if given: the memo or every core)."""
    if permutation == tuple(range(len(problem.options))):
        return count(problem, forced) if count is not None else problem.count(forced=forced)
    primary = {item.name: item for item in problem.primary}
    merged: list[Option] = []
    forced_cycles: set[int] = set()
    for cycle in cycles(permutation):
        option = _together(problem, primary, cycle)
        if option is None:
            if set(cycle) & set(forced):
                return 0  # a forced option's cycle is in no solution: no fixed one holds it
            continue
        if set(cycle) & set(forced):
            forced_cycles.add(len(merged))
        merged.append(option)
    smaller = Problem(primary=problem.primary, secondary=problem.secondary, options=merged)
    return smaller.count(forced=sorted(forced_cycles))


def lattice_maps(points: Sequence[tuple[int, ...]],
                 lattice: str = SQUARE) -> list[dict[tuple[int, ...], tuple[int, ...]]]:
    """The maps of the lattice that send these points onto themselves, after a shift, each as
    point -> point, the identity first (see :func:`lattice_moves`)."""
    return [placed for _, placed in lattice_moves(points, lattice)]


def lattice_moves(points: Sequence[tuple[int, ...]],
                  lattice: str = SQUARE) -> list[tuple[str, dict[tuple[int, ...], tuple[int, ...]]]]:
    """The maps of the lattice that send these points onto themselves, after a shift, each
    described and as point -> point, the identity first: of the square or cubic lattice, its
    turns and mirrors (each axis sent to an axis, perhaps reversed: 8 in the plane, 48 in
    space); of the hexagonal or triangular one, its 12 (excover._geometry.plane_maps, done
    and undone in plane coordinates, where a shift is a shift). Maps that move the points
    alike are one (a row's points: its mirror across the row is the identity)."""
    from itertools import permutations, product

    if lattice != SQUARE:
        plane = {point: to_plane(point, lattice) for point in points}
        found: list[tuple[str, dict[tuple[int, ...], tuple[int, ...]]]] = []
        for number, move in enumerate(plane_maps(lattice)):
            moved = {point: move(point) for point in points}
            for_shift = {point: to_plane(image, lattice) for point, image in moved.items()}
            shift = [min(p[k] for p in plane.values()) - min(p[k] for p in for_shift.values()) for k in (0, 1)]
            placed = {point: from_plane((a + shift[0], b + shift[1]), lattice) for point, (a, b) in for_shift.items()}
            if set(placed.values()) == set(points) and placed not in (earlier for _, earlier in found):
                turn = f"a turn by {60 * (number % 6)} degrees"
                found.append(("the identity" if number == 0 else turn if number < 6 else
                              "a mirror" + (f" and {turn}" if number % 6 else ""), placed))
        return found
    dimension = len(points[0])
    kept, low = set(points), [min(point[k] for point in points) for k in range(dimension)]
    names = "xyz"[:dimension]
    found = []
    for axes in permutations(range(dimension)):
        for signs in product((1, -1), repeat=dimension):
            moved = {point: tuple(signs[k] * point[axes[k]] for k in range(dimension)) for point in points}
            shift = [low[k] - min(image[k] for image in moved.values()) for k in range(dimension)]
            placed = {point: tuple(v + s for v, s in zip(image, shift)) for point, image in moved.items()}
            if set(placed.values()) == kept and placed not in (earlier for _, earlier in found):
                image = ", ".join(("-" if signs[k] < 0 else "") + names[axes[k]] for k in range(dimension))
                found.append((f"({', '.join(names)}) -> ({image})", placed))
    if found:
        found[0] = ("the identity", found[0][1])
    return found


def lattice_symmetries(problem: Problem, points: Mapping[str, tuple[int, ...]], lattice: str = SQUARE,
                       index: Mapping | None = None) -> list[tuple[str, dict[str, str] | str]]:
    """Each map of the lattice that keeps the items' points (:func:`lattice_moves`), the
    identity first, described, with the permutation of the items it makes (the items off
    the lattice renamed as the options demand: a mirror may swap two mirror-image pieces),
    or why no renaming can make it a symmetry. Whether the permutation is one is for
    :func:`induced` to say. `index` as for :func:`induced`."""
    where = list(points.values())
    if not where or len({len(point) for point in where}) != 1:
        raise ModelError("symmetry: the items' points must all be in the plane or all in space")
    at = {point: name for name, point in points.items()}
    if len(at) != len(points):
        raise ModelError("symmetry: two items are put at the same point")
    renaming = _Renaming(problem, set(points), index if index is not None else options_index(problem))
    found: list[tuple[str, dict[str, str] | str]] = []
    for description, placed in lattice_moves(where, lattice):
        moving = {name: at[placed[point]] for name, point in points.items() if at[placed[point]] != name}
        found.append((description, renaming.completed(moving)))
    return found


def lattice_permutations(problem: Problem, points: Mapping[str, tuple[int, ...]],
                         lattice: str = SQUARE) -> list[Permutation]:
    """The permutations of the options that the lattice's maps induce, where they are
    symmetries of the problem (see :func:`lattice_symmetries`)."""
    index = options_index(problem)
    found = []
    for _, symmetry in lattice_symmetries(problem, points, lattice, index):
        permutation = symmetry if isinstance(symmetry, str) else induced(problem, symmetry, index)
        if not isinstance(permutation, str):
            found.append(permutation)
    return found


class _Renaming:
    """Completes a map of the items on the lattice with images for the items off it (a
    piece's name, a secondary item), as the options demand: an option's points go to points
    whose options say which items may be the images of its own. Each item off the lattice
    has the images every option naming it allows (same colour, same kind); a search then
    gives each its image, itself first where it may stay, and checks each option as soon as
    all its items have theirs."""

    def __init__(self, problem: Problem, placed: set[str], index: Mapping) -> None:
        self.problem = problem
        self.items = _items_by_name(problem)
        self.index = index
        self.split = [(frozenset(entry for entry in option.items if entry[0] in placed),
                       tuple(entry for entry in option.items if entry[0] not in placed)) for option in problem.options]
        self.by_points: dict[frozenset, list[int]] = {}
        for k, (on, _) in enumerate(self.split):
            self.by_points.setdefault(on, []).append(k)

    def completed(self, moving: dict[str, str]) -> dict[str, str] | str:
        """The map of the items on the lattice, completed; or why none will do."""
        possible: dict[str, set[str]] = {}
        for k, (on, off) in enumerate(self.split):
            targets = self.by_points.get(frozenset((moving.get(name, name), colour) for name, colour in on))
            if not targets:
                return f"option {brief(str(self.problem.options[k]))!r} would go to no option"
            for name, colour in off:
                item = self.items[name]
                offered = {other for t in targets for other, hue in self.split[t][1]
                           if hue == colour and _alike(self.items[other], item)}
                if not offered:
                    return f"option {brief(str(self.problem.options[k]))!r} would go to no option"
                possible[name] = possible[name] & offered if name in possible else offered
                if not possible[name]:
                    return f"no image of item {brief(name)} suits every option that names it"
        order = sorted(possible, key=lambda name: (len(possible[name]), name))
        step = {name: k for k, name in enumerate(order)}
        checked_at: list[list[int]] = [[] for _ in order]
        for k, (_, off) in enumerate(self.split):
            if off:
                checked_at[max(step[name] for name, _ in off)].append(k)
        mapped = dict(moving)
        choices = [sorted(possible[name], key=_itself_first(name)) for name in order]
        used: set[str] = set()
        tried, depth, at = 0, 0, [0] * (len(order) + 1)
        while 0 <= depth < len(order):  # an iterative search: depth = the item whose image is chosen
            name = order[depth]
            if name in mapped:
                used.discard(mapped.pop(name))
            options = choices[depth]
            while at[depth] < len(options) and options[at[depth]] in used:
                at[depth] += 1
            if at[depth] == len(options):
                at[depth] = 0
                depth -= 1
                continue
            image = options[at[depth]]
            at[depth] += 1
            tried += 1
            if tried > MOST_TRIES:
                return f"no renaming of the items off the lattice found in {MOST_TRIES:,} tries"
            mapped[name] = image
            used.add(image)
            if all(self._kept(mapped, k) for k in checked_at[depth]):
                depth += 1
        if depth < 0:
            return "no renaming of the items off the lattice sends every option to an option"
        return {name: image for name, image in mapped.items() if name != image}

    def _kept(self, mapped: Mapping[str, str], k: int) -> bool:
        image = frozenset((mapped.get(name, name), colour) for name, colour in self.problem.options[k].items)
        return image in self.index


def _itself_first(name: str) -> Callable[[str], tuple[bool, str]]:
    """A sort key that puts the item first, then the others by name."""
    return lambda other: (other != name, other)


def _alike(item: Item, other: Item) -> bool:
    """Of one kind (Item.kind): both secondary, or both primary with the same bounds."""
    return item.kind == other.kind


def count_classes(problem: Problem, symmetries: Sequence[Mapping[str, str]], forced: Sequence[int] = (),
                  breaking: bool = True) -> Classes:
    """The solutions up to the group the symmetries generate (item name -> item name each;
    see the module docstring). With forced options, up to the symmetries of the group that
    keep them: the others do not act on the solutions that hold them. `breaking=False`
    counts by Burnside's lemma even where symmetry breaking would do."""
    index = options_index(problem)
    return classes_under(problem, [option_permutation(problem, symmetry, index) for symmetry in symmetries], forced,
                         breaking=breaking)


def count_model_classes(problem: Problem, symmetries: Symmetries, forced: Sequence[int] = (),
                        count: Counter | None = None, breaking: bool = True) -> Classes:
    """The solutions up to the symmetries a model's `symmetry` statements give: the maps of
    its lattice that keep the problem, its maps of items, and every permutation of each set
    of interchangeable values (each checked on the problem: see :class:`Stated`). The
    symmetries that keep the forced options (the clues) act on the solutions; the others are
    left out.

    Interchangeable values make large groups (9 digits: 362,880 relabellings), too many to
    take one by one. When each relabelling commutes with every other symmetry (relabelling
    sudoku's digits does not care where the cells are), the group is a product and the
    count needs only one relabelling of each *cycle type* (a partition of the values: 30
    for 9 digits), weighted by how many there are: relabellings of one type are conjugate,
    and conjugate symmetries fix as many solutions. With clues, the symmetries that keep
    them are found by a search over the relabellings instead (few, as a rule)."""
    stated = Stated.of(problem, symmetries)
    if stated.product:
        found = _classes_of_product(problem, stated.index, group(stated.others, len(problem.options)),
                                    stated.relabellings, forced, count)
    else:
        found = classes_under(problem, stated.generators, forced, count, breaking)
    return attrs.evolve(found, kept=stated.kept, notes=stated.notes, generators=stated.item_maps)


@attrs.frozen
class LeastOfClass:
    """A test that one solution of each class passes (see :func:`least_of_class`), with what
    the model stated that was left out of the group, and why (`notes`)."""

    elements: tuple[Permutation, ...]
    notes: tuple[str, ...] = ()

    def __call__(self, solution: Sequence[int]) -> bool:
        own = sorted(solution)
        return all(sorted(element[k] for k in solution) >= own for element in self.elements)


def least_of_class(problem: Problem, symmetries: Symmetries, forced: Sequence[int] = ()) -> LeastOfClass:
    """A test that one solution of each class passes (under the symmetries a model states
    that keep the forced options): the least of its images, its options' positions sorted.
    The symmetries are taken one by one (at most 10,000 of them)."""
    stated = Stated.of(problem, symmetries)
    if stated.product and forced:
        elements = _keeping(problem, stated.index, group(stated.others, len(problem.options)), stated.relabellings,
                            forced)
    else:
        elements = _keeping_forced(group(stated.generators, len(problem.options)), forced)
    return LeastOfClass(tuple(elements), stated.notes)


@attrs.frozen
class Stated:
    """The symmetries a model states, each checked on the problem (:func:`induced`) and kept
    as option permutations: the lattice's and the maps' (`others`), and each set of
    interchangeable values (`relabellings`) with its generators (`moves`), kept only when
    both are symmetries (then every permutation of the values is one). `kept` describes the
    symmetries kept (the identity left out) and `item_maps` gives them as maps of items;
    `notes` says what was stated and left out, and why, and when the group is the identity
    alone. `product` when there are relabellings and each commutes with every other
    symmetry."""

    index: dict
    others: list[Permutation]
    relabellings: list[Relabelling]
    moves: list[list[Permutation]]
    kept: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    item_maps: tuple[dict[str, str], ...] = ()

    @classmethod
    def of(cls, problem: Problem, symmetries: Symmetries) -> Stated:
        if not symmetries:
            raise ModelError("the model states no symmetry (a `symmetry` statement)")
        index = options_index(problem)
        stated: list[tuple[str, dict[str, str] | str]] = []
        if symmetries.points:
            stated += [(f"the lattice map {what}", symmetry) for what, symmetry in
                       lattice_symmetries(problem, symmetries.points, symmetries.lattice, index)[1:]]
        stated += [(_described(symmetry), symmetry) for symmetry in symmetries.maps if symmetry]
        others, kept, notes, item_maps = [], [], [], []
        for what, symmetry in stated:
            permutation = symmetry if isinstance(symmetry, str) else induced(problem, symmetry, index)
            if isinstance(permutation, str) or isinstance(symmetry, str):
                notes.append(f"{what} is no symmetry of the problem, left out: {permutation}")
                continue
            others.append(permutation)
            kept.append(what)
            item_maps.append(dict(symmetry))
        relabellings, moves = [], []
        for lines in symmetries.relabellings:
            relabelling = Relabelling(lines)
            what = f"the interchangeable values of {brief(', '.join(lines[0]))}"
            maps = [relabelling.item_map(moved) for moved in relabelling.generators()]
            found = [induced(problem, symmetry, index) for symmetry in maps]
            permutations = [permutation for permutation in found if not isinstance(permutation, str)]
            if len(permutations) < len(found):
                failed = next(why for why in found if isinstance(why, str))
                notes.append(f"{what} are not interchangeable, left out: {failed}")
                continue
            relabellings.append(relabelling)
            moves.append(permutations)
            kept.append(what)
            item_maps += maps
        if not kept:
            notes.append("the model's symmetry statements leave no symmetry but the identity: each solution is "
                         "its own class" + (" (the others are left out)" if notes else ""))
        return cls(index, others, relabellings, moves, tuple(kept), tuple(notes), tuple(item_maps))

    @property
    def generators(self) -> list[Permutation]:
        return self.others + [move for mine in self.moves for move in mine]

    @property
    def product(self) -> bool:
        return bool(self.relabellings) and all(
            _commute(move, other) for r, mine in enumerate(self.moves) for move in mine
            for other in self.others + [move for theirs in self.moves[r + 1:] for move in theirs])


def _described(symmetry: ItemMap) -> str:
    pairs = [f"{brief(name)} -> {brief(image)}" for name, image in symmetry.items()]
    return "the map " + ", ".join(pairs[:2]) + (f" and {len(pairs) - 2} more" if len(pairs) > 2 else "")


@attrs.frozen
class Relabelling:
    """Interchangeable values (a `symmetry permute` statement) as its lines: the items that
    differ only in the value, in the values' order. A permutation of the values' positions
    moves each line's items alike."""

    lines: tuple[tuple[str, ...], ...]

    @property
    def size(self) -> int:
        return len(self.lines[0])

    def item_map(self, moved: Sequence[int]) -> dict[str, str]:
        """The items' permutation for the values' permutation (position i goes to moved[i])."""
        return {line[i]: line[to] for line in self.lines for i, to in enumerate(moved) if to != i}

    def generators(self) -> list[tuple[int, ...]]:
        """A swap of the first two values and a turn of them all: they generate every
        permutation."""
        n = self.size
        return [(1, 0, *range(2, n)), (*range(1, n), 0)] if n > 2 else [(1, 0)]

    @property
    def cycle_type_count(self) -> int:
        """How many cycle types (partitions of the values) there are, without listing them."""
        ways = [1] + [0] * self.size
        for part in range(1, self.size + 1):
            for total in range(part, self.size + 1):
                ways[total] += ways[total - part]
        return ways[self.size]

    def cycle_types(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """A permutation of each cycle type (cycles of consecutive positions), with the
        number of permutations of that type: n! / prod(k**m_k * m_k!) for m_k cycles of k."""
        for lengths in _partitions(self.size):
            moved: list[int] = []
            for length in lengths:
                start = len(moved)
                moved += [start + (k + 1) % length for k in range(length)]
            alike = 1
            for length in set(lengths):
                alike *= length ** lengths.count(length) * factorial(lengths.count(length))
            yield tuple(moved), factorial(self.size) // alike


def _partitions(n: int, largest: int | None = None) -> Iterator[tuple[int, ...]]:
    if n == 0:
        yield ()
        return
    for first in range(1, min(n, largest or n) + 1):  # the identity's type, all ones, first
        for rest in _partitions(n - first, first):
            yield (first, *rest)


def _commute(p: Permutation, q: Permutation) -> bool:
    return all(p[q[k]] == q[p[k]] for k in range(len(p)))


def _after(p: Permutation, q: Permutation) -> Permutation:
    """p after q."""
    return tuple(map(p.__getitem__, q))  # (a group of thousands of elements is many of these)


def _classes_of_product(problem: Problem, index: Mapping, others: list[Permutation],
                        relabellings: list[Relabelling], forced: Sequence[int], count: Counter | None) -> Classes:
    """Burnside over the product of the other symmetries (the group `others`) and every
    relabelling, which commute: by cycle types without clues, else over the product's
    elements that keep the clues."""
    if forced:
        elements = _keeping(problem, index, others, relabellings, forced)
        return _burnside(problem, elements, [1] * len(elements), forced, count)
    terms = len(others)
    for relabelling in relabellings:
        terms *= relabelling.cycle_type_count
    if terms > MOST_SYMMETRIES:
        sizes = " and ".join(f"{relabelling.size} values ({relabelling.cycle_type_count:,} cycle types)"
                             for relabelling in relabellings)
        raise ModelError(f"counting up to symmetry takes one count a cycle type of the interchangeable values "
                         f"({sizes}) for each of {len(others):,} other symmetries: {terms:,} counts, more than "
                         f"{MOST_SYMMETRIES:,}")
    kinds = [[(option_permutation(problem, relabelling.item_map(moved), index), alike)
              for moved, alike in relabelling.cycle_types()] for relabelling in relabellings]
    elements, times = [], []
    for other in others:
        for chosen in product(*kinds):
            element, weight = other, 1
            for permutation, alike in chosen:
                element, weight = _after(element, permutation), weight * alike
            elements.append(element)
            times.append(weight)
    return _burnside(problem, elements, times, forced, count)


def _keeping(problem: Problem, index: Mapping, others: list[Permutation], relabellings: list[Relabelling],
             forced: Sequence[int]) -> list[Permutation]:
    """The symmetries (an other one after relabellings) that send the forced options onto
    forced options: for each other symmetry, a search over the values' images, position by
    position, that checks each forced option as soon as its image is known."""
    where = {name: (r, i) for r, relabelling in enumerate(relabellings)
             for line in relabelling.lines for i, name in enumerate(line)}
    line_of = {name: line for relabelling in relabellings for line in relabelling.lines for name in line}
    positions = [(r, i) for r, relabelling in enumerate(relabellings) for i in range(relabelling.size)]
    step = {position: k for k, position in enumerate(positions)}
    checked_at: list[list[int]] = [[] for _ in positions]
    unmoved: list[int] = []
    for f in forced:
        needs = [step[where[name]] for name, _ in problem.options[f].items if name in where]
        (checked_at[max(needs)] if needs else unmoved).append(f)
    moved: list[list[int]] = [[-1] * relabelling.size for relabelling in relabellings]
    found: list[Permutation] = []
    tried = 0

    def image(f: int) -> frozenset:
        return frozenset((line_of[name][moved[where[name][0]][where[name][1]]] if name in where else name, colour)
                         for name, colour in problem.options[f].items)

    def extend(k: int, other: Permutation, targets: set[frozenset]) -> None:
        if k == len(positions):
            items: dict[str, str] = {}
            for relabelling, values in zip(relabellings, moved):
                items.update(relabelling.item_map(values))
            found.append(_after(other, option_permutation(problem, items, index)))
            if len(found) > MOST_SYMMETRIES:
                raise ModelError(f"more than {MOST_SYMMETRIES:,} symmetries keep the clues")
            return
        nonlocal tried
        r, i = positions[k]
        for value in range(relabellings[r].size):
            if value in moved[r][:i]:
                continue
            tried += 1
            if tried > MOST_TRIES:
                raise ModelError(f"the search for the relabellings that keep the clues took more than "
                                 f"{MOST_TRIES:,} steps")
            moved[r][i] = value
            if all(image(f) in targets for f in checked_at[k]):
                extend(k + 1, other, targets)
        moved[r][i] = -1

    for other in others:
        back = {to: k for k, to in enumerate(other)}
        targets = {frozenset(problem.options[back[f]].items) for f in forced}  # the clues' preimage
        if all(frozenset(problem.options[f].items) in targets for f in unmoved):
            extend(0, other, targets)
    return found


def classes_under(problem: Problem, generators: Sequence[Permutation], forced: Sequence[int] = (),
                  count: Counter | None = None, breaking: bool = True) -> Classes:
    """The classes under the group the option permutations generate (or its symmetries that
    keep the forced options, when there are some): by symmetry breaking where it is sound
    (see _breaking: one count, |G| times smaller), else by Burnside's lemma."""
    elements = _keeping_forced(group(generators, len(problem.options)), forced)
    if breaking and (broken := _breaking(problem, elements, forced)) is not None:
        item, dropped = broken
        keep = [k for k in range(len(problem.options)) if k not in dropped]
        smaller = Problem(primary=problem.primary, secondary=problem.secondary,
                          options=[problem.options[k] for k in keep])
        position = {k: new for new, k in enumerate(keep)}
        moved = [position[k] for k in forced]
        total = count(smaller, moved) if count is not None else smaller.count(forced=moved)
        return Classes(total, len(elements), (), (), broken=item)
    return _burnside(problem, elements, [1] * len(elements), forced, count)


def _keeping_forced(elements: Sequence[Permutation], forced: Sequence[int]) -> list[Permutation]:
    """The symmetries that send the forced options onto forced options (a subgroup)."""
    kept = set(forced)
    return [element for element in elements if {element[k] for k in kept} == kept]


def _breaking(problem: Problem, elements: Sequence[Permutation], forced: Sequence[int]) -> tuple[str, set] | None:
    """Symmetry breaking, where it is sound: an item covered exactly once whose options the
    symmetries permute among themselves, none of them kept in place by any symmetry but the
    identity (the F pentomino's placements on a rectangle). Each solution holds one of those
    options, so its class holds |G| solutions, one for each option of that option's orbit;
    keeping one option of each orbit keeps one solution of each class. The item with the
    fewest orbits, and the options to drop; None when no item will do."""
    if len(elements) < 2:
        return None
    others = elements[1:]
    covered = {name for k in forced for name in problem.options[k].names}
    naming: dict[str, list[int]] = {}
    for k, option in enumerate(problem.options):
        for name in option.names:
            naming.setdefault(name, []).append(k)
    best: tuple[int, str, set] | None = None
    for item in problem.primary:
        if (item.lo, item.hi) != (1, 1) or item.name in covered or item.name not in naming:
            continue
        ways = naming[item.name]
        inside = set(ways)
        if any(element[k] == k or element[k] not in inside for k in ways for element in others):
            continue
        kept: list[int] = []
        seen: set[int] = set()
        for k in ways:
            if k not in seen:
                kept.append(k)
                seen.update(element[k] for element in elements)
        if best is None or len(kept) < best[0]:
            best = (len(kept), item.name, inside - set(kept))
    return None if best is None else (best[1], best[2])


def _burnside(problem: Problem, elements: Sequence[Permutation], times: Sequence[int],
              forced: Sequence[int], count: Counter | None = None) -> Classes:
    """The count: each element's fixed solutions, `times` over (it stands for that many
    symmetries), summed and divided by the symmetries."""
    counts = tuple(fixed(problem, element, forced, count) for element in elements)
    order = sum(times)
    total, remainder = divmod(sum(count * weight for count, weight in zip(counts, times)), order)
    if remainder:  # Burnside's sum is a multiple of the group's order: else a symmetry was not one
        raise InternalError(f"counting up to symmetry: the fixed solutions {counts} (times {tuple(times)}) sum to "
                            f"no multiple of the {order} symmetries", where="excover._symmetry._burnside")
    return Classes(total, order, counts, tuple(times))


__all__ = ["Classes", "LeastOfClass", "Stated", "count_classes", "count_model_classes", "induced", "lattice_maps",
           "lattice_symmetries", "least_of_class", "option_permutation"]
