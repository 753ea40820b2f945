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
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from math import factorial

import attrs

from excover._errors import ModelError
from excover._geometry import SQUARE, from_plane, plane_maps, to_plane
from excover._model import Item, Option, Problem, Symmetries

Permutation = tuple[int, ...]  # of the options: option k goes to permutation[k]

MOST_SYMMETRIES = 10_000  # a group bigger than this is not a board's


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

    @times.default
    def _each_once(self) -> tuple[int, ...]:
        return (1,) * len(self.fixed)


def option_permutation(problem: Problem, symmetry: Mapping[str, str], index: Mapping | None = None) -> Permutation:
    """The permutation of the options a permutation of the items induces (items it does not
    name stay); ModelError when an option's image is not an option. `index` (see
    :func:`options_index`) may be given, made once for several symmetries. Options alike
    (the same items) go in their order to the image's options alike."""
    if index is None:
        index = options_index(problem)
    images, taken = [], dict.fromkeys(index, 0)
    for option in problem.options:
        image = frozenset((symmetry.get(name, name), colour) for name, colour in option.items)
        alike = index.get(image, ())
        if taken.get(image, 0) == len(alike):
            raise ModelError(f"not a symmetry of the problem: option {option.label or str(option)!r} "
                             "goes to no option")
        images.append(alike[taken[image]])
        taken[image] += 1
    return tuple(images)


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
                product = tuple(generator[k] for k in element)
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
    solution; an item any number of options may take (``[0..*]``, as a count of pieces) is
    named once; for other bounds an option cannot say "m times", and the count is refused."""
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
        if m == 1 or item is None or (item.lo, item.hi) == (0, None):
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
        if option is not None:
            if set(cycle) & set(forced):
                forced_cycles.add(len(merged))
            merged.append(option)
    smaller = Problem(primary=problem.primary, secondary=problem.secondary, options=merged)
    return smaller.count(forced=sorted(forced_cycles))


def lattice_maps(points: Sequence[tuple[int, ...]],
                 lattice: str = SQUARE) -> list[dict[tuple[int, ...], tuple[int, ...]]]:
    """The maps of the lattice that send these points onto themselves, after a shift, each as
    point -> point, the identity first: of the square or cubic lattice, its turns and mirrors
    (each axis sent to an axis, perhaps reversed: 8 in the plane, 48 in space); of the
    hexagonal or triangular one, its 12 (excover._geometry.plane_maps, done and undone in
    plane coordinates, where a shift is a shift)."""
    from itertools import permutations, product

    if lattice != SQUARE:
        plane = {point: to_plane(point, lattice) for point in points}
        found = []
        for move in plane_maps(lattice):
            moved = {point: move(point) for point in points}
            for_shift = {point: to_plane(image, lattice) for point, image in moved.items()}
            shift = [min(p[k] for p in plane.values()) - min(p[k] for p in for_shift.values()) for k in (0, 1)]
            placed = {point: from_plane((a + shift[0], b + shift[1]), lattice) for point, (a, b) in for_shift.items()}
            if set(placed.values()) == set(points):
                found.append(placed)
        return found
    dimension = len(points[0])
    kept, low = set(points), [min(point[k] for point in points) for k in range(dimension)]
    found = []
    for axes in permutations(range(dimension)):
        for signs in product((1, -1), repeat=dimension):
            moved = {point: tuple(signs[k] * point[axes[k]] for k in range(dimension)) for point in points}
            shift = [low[k] - min(image[k] for image in moved.values()) for k in range(dimension)]
            placed = {point: tuple(v + s for v, s in zip(image, shift)) for point, image in moved.items()}
            if set(placed.values()) == kept:
                found.append(placed)
    return found


def lattice_permutations(problem: Problem, points: Mapping[str, tuple[int, ...]],
                         lattice: str = SQUARE) -> list[Permutation]:
    """The permutations of the options that the lattice's maps (:func:`lattice_maps` of the
    items' points) induce, where they keep the problem: an option goes to the option on the
    mapped points whose other items (a piece, say) are the image of its own under one
    renaming for all options (a mirror may swap two mirror-image pieces). A map no renaming
    makes a symmetry is left out."""
    where = list(points.values())
    if not where or len({len(point) for point in where}) != 1:
        raise ModelError("symmetry: the items' points must all be in the plane or all in space")
    at = {point: name for name, point in points.items()}
    if len(at) != len(points):
        raise ModelError("symmetry: two items are put at the same point")
    split = [(frozenset(entry for entry in option.items if entry[0] in points),
              frozenset(entry for entry in option.items if entry[0] not in points)) for option in problem.options]
    by_cells: dict[frozenset, list[int]] = {}
    for k, (cells, _) in enumerate(split):
        by_cells.setdefault(cells, []).append(k)
    found = []
    for placed in lattice_maps(where, lattice):
        moving = {name: at[placed[point]] for name, point in points.items()}
        permutation = _with_renaming(split, by_cells, moving)
        if permutation is not None:
            found.append(permutation)
    return found


def _with_renaming(split, by_cells, moving) -> Permutation | None:
    """The option permutation for a map of the lattice items, the other items renamed as
    the options demand (one renaming for all), or None."""
    possible: dict[frozenset, set[frozenset]] = {}
    targets = []
    for cells, rest in split:
        image = frozenset((moving[name], colour) for name, colour in cells)
        candidates = by_cells.get(image, [])
        targets.append(candidates)
        offered = {split[k][1] for k in candidates}
        possible[rest] = possible[rest] & offered if rest in possible else offered
    renaming = {}
    for rest, offered in possible.items():
        if rest in offered:
            renaming[rest] = rest
        elif len(offered) == 1:
            renaming[rest] = next(iter(offered))
        else:
            return None
    if len(set(renaming.values())) != len(renaming):
        return None
    taken: set[int] = set()
    permutation = []
    for (_, rest), candidates in zip(split, targets):
        free = [k for k in candidates if split[k][1] == renaming[rest] and k not in taken]
        if not free:
            return None
        taken.add(free[0])
        permutation.append(free[0])
    return tuple(permutation)


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
    of interchangeable values. The symmetries that keep the forced options (the clues) act
    on the solutions; the others are left out.

    Interchangeable values make large groups (9 digits: 362,880 relabellings), too many to
    take one by one. When each relabelling commutes with every other symmetry (relabelling
    sudoku's digits does not care where the cells are), the group is a product and the
    count needs only one relabelling of each *cycle type* (a partition of the values: 30
    for 9 digits), weighted by how many there are: relabellings of one type are conjugate,
    and conjugate symmetries fix as many solutions. With clues, the symmetries that keep
    them are found by a search over the relabellings instead (few, as a rule)."""
    stated = _Stated.of(problem, symmetries)
    if stated.product:
        return _classes_of_product(problem, stated.index, group(stated.others, len(problem.options)),
                                   stated.relabellings, forced, count)
    return classes_under(problem, stated.generators, forced, count, breaking)


def least_of_class(problem: Problem, symmetries: Symmetries,
                   forced: Sequence[int] = ()) -> Callable[[Sequence[int]], bool]:
    """A test that one solution of each class passes (under the symmetries a model states
    that keep the forced options): the least of its images, its options' positions sorted.
    The symmetries are taken one by one (at most 10,000 of them)."""
    stated = _Stated.of(problem, symmetries)
    if stated.product and forced:
        elements = _keeping(problem, stated.index, group(stated.others, len(problem.options)), stated.relabellings,
                            forced)
    else:
        elements = _keeping_forced(group(stated.generators, len(problem.options)), forced)

    def least(solution: Sequence[int]) -> bool:
        own = sorted(solution)
        return all(sorted(element[k] for k in solution) >= own for element in elements)
    return least


@attrs.frozen
class _Stated:
    """The symmetries a model states, as option permutations: the lattice's and the maps'
    (`others`), and each relabelling with its generators (`moves`); `product` when there are
    relabellings and each commutes with every other symmetry."""

    index: dict
    others: list[Permutation]
    relabellings: list[Relabelling]
    moves: list[list[Permutation]]

    @classmethod
    def of(cls, problem: Problem, symmetries: Symmetries) -> _Stated:
        if not symmetries:
            raise ModelError("the model states no symmetry (a `symmetry` statement)")
        index = options_index(problem)
        others = lattice_permutations(problem, symmetries.points, symmetries.lattice) if symmetries.points else []
        others += [option_permutation(problem, symmetry, index) for symmetry in symmetries.maps]
        relabellings = [Relabelling(lines) for lines in symmetries.relabellings]
        moves = [[option_permutation(problem, relabelling.item_map(moved), index)
                  for moved in relabelling.generators()] for relabelling in relabellings]
        return cls(index, others, relabellings, moves)

    @property
    def generators(self) -> list[Permutation]:
        return self.others + [move for mine in self.moves for move in mine]

    @property
    def product(self) -> bool:
        return bool(self.relabellings) and all(
            _commute(move, other) for r, mine in enumerate(self.moves) for move in mine
            for other in self.others + [move for theirs in self.moves[r + 1:] for move in theirs])


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
    return tuple(p[k] for k in q)


def _classes_of_product(problem: Problem, index: Mapping, others: list[Permutation],
                        relabellings: list[Relabelling], forced: Sequence[int], count: Counter | None) -> Classes:
    """Burnside over the product of the other symmetries (the group `others`) and every
    relabelling, which commute: by cycle types without clues, else over the product's
    elements that keep the clues."""
    if forced:
        elements = _keeping(problem, index, others, relabellings, forced)
        return _burnside(problem, elements, [1] * len(elements), forced, count)
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
        r, i = positions[k]
        for value in range(relabellings[r].size):
            if value in moved[r][:i]:
                continue
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
    assert remainder == 0, "Burnside's sum is a multiple of the group's order"
    return Classes(total, order, counts, tuple(times))


__all__ = ["Classes", "count_classes", "count_model_classes", "lattice_maps", "least_of_class", "option_permutation"]
