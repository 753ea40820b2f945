"""Counting the solutions up to symmetry, by Burnside's lemma.

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
symmetric tiling) is counted right, unlike symmetry breaking by fixing a piece.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from excover._errors import ModelError
from excover._model import Item, Option, Problem

Permutation = tuple[int, ...]  # of the options: option k goes to permutation[k]

MOST_SYMMETRIES = 10_000  # a group bigger than this is not a board's


@attrs.frozen
class Classes:
    """The solutions counted up to the symmetry group: ``count`` classes, under ``group``
    symmetries, whose fixed solutions were ``fixed`` (the identity's first: all of them)."""

    count: int
    group: int
    fixed: tuple[int, ...]


def option_permutation(problem: Problem, symmetry: Mapping[str, str], index: Mapping | None = None) -> Permutation:
    """The permutation of the options a permutation of the items induces (items it does not
    name stay); ModelError when an option's image is not an option. `index` (options by their
    items) may be given, made once for several symmetries."""
    if index is None:
        index = {frozenset(option.items): k for k, option in enumerate(problem.options)}
    images = []
    for option in problem.options:
        image = frozenset((symmetry.get(name, name), colour) for name, colour in option.items)
        if image not in index:
            raise ModelError(f"not a symmetry of the problem: option {option.label or str(option)!r} "
                             "goes to no option")
        images.append(index[image])
    return tuple(images)


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
    the primary items by name). An item any number of options may take (``[0..*]``, as a
    count of pieces) is named once."""
    named: dict[str, str | None] = {}
    for k in cycle:
        for name, colour in problem.options[k].items:
            if name in named:
                item = primary.get(name)
                if item is not None and item.hi is None:
                    continue
                if item is not None or colour is None or named[name] != colour:
                    return None
            named[name] = colour
    return Option(tuple(named.items()), label=" + ".join(str(k) for k in cycle))


def fixed(problem: Problem, permutation: Permutation, forced: Sequence[int] = ()) -> int:
    """The solutions (with the forced options) that the permutation maps onto themselves."""
    if permutation == tuple(range(len(problem.options))):
        return problem.count(forced=forced)
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


def lattice_maps(points: Sequence[tuple[int, ...]]) -> list[dict[tuple[int, ...], tuple[int, ...]]]:
    """The maps of the square or cubic lattice (its turns and mirrors: each axis sent to an
    axis, perhaps reversed; 8 in the plane, 48 in space) that send these points onto
    themselves, after a shift; each as point -> point, the identity first."""
    from itertools import permutations, product

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


def lattice_permutations(problem: Problem, lattice: Mapping[str, tuple[int, ...]]) -> list[Permutation]:
    """The permutations of the options that the lattice's maps (:func:`lattice_maps` of the
    items' points) induce, where they keep the problem: an option goes to the option on the
    mapped points whose other items (a piece, say) are the image of its own under one
    renaming for all options (a mirror may swap two mirror-image pieces). A map no renaming
    makes a symmetry is left out."""
    points = list(lattice.values())
    if not points or len({len(point) for point in points}) != 1:
        raise ModelError("symmetry: the items' points must all be in the plane or all in space")
    at = {point: name for name, point in lattice.items()}
    if len(at) != len(lattice):
        raise ModelError("symmetry: two items are put at the same point")
    split = [(frozenset(entry for entry in option.items if entry[0] in lattice),
              frozenset(entry for entry in option.items if entry[0] not in lattice)) for option in problem.options]
    by_cells: dict[frozenset, list[int]] = {}
    for k, (cells, _) in enumerate(split):
        by_cells.setdefault(cells, []).append(k)
    found = []
    for placed in lattice_maps(points):
        moving = {name: at[placed[point]] for name, point in lattice.items()}
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


def count_classes(problem: Problem, symmetries: Sequence[Mapping[str, str]], forced: Sequence[int] = ()) -> Classes:
    """The solutions up to the group the symmetries generate (item name -> item name each;
    see the module docstring). Symmetries that do not keep the forced options are refused:
    they do not act on the solutions that hold them."""
    index = {frozenset(option.items): k for k, option in enumerate(problem.options)}
    return classes_under(problem, [option_permutation(problem, symmetry, index) for symmetry in symmetries], forced)


def count_model_classes(problem: Problem, lattice: Mapping[str, tuple[int, ...]],
                        forced: Sequence[int] = ()) -> Classes:
    """The solutions up to the symmetries a model's `symmetry` statements give (the maps of
    its lattice that keep the problem and its forced options)."""
    if not lattice:
        raise ModelError("the model states no symmetry (a `symmetry ITEM at POINT for ...` statement)")
    kept = set(forced)
    permutations = [permutation for permutation in lattice_permutations(problem, lattice)
                    if {permutation[k] for k in kept} == kept]
    return classes_under(problem, permutations, forced)


def classes_under(problem: Problem, generators: Sequence[Permutation], forced: Sequence[int] = ()) -> Classes:
    """Burnside's count over the group the option permutations generate."""
    if any((item.lo, item.hi) not in ((1, 1), (0, None)) for item in problem.primary):
        raise ModelError("counting up to symmetry needs every primary item covered exactly once, or any "
                         "number of times ([0..*])")
    kept = set(forced)
    if any({permutation[k] for k in kept} != kept for permutation in generators):
        raise ModelError("a symmetry moves the forced options (the clues) elsewhere")
    elements = group(generators, len(problem.options))
    counts = tuple(fixed(problem, element, forced) for element in elements)
    total, remainder = divmod(sum(counts), len(elements))
    assert remainder == 0, "Burnside's sum is a multiple of the group's order"
    return Classes(total, len(elements), counts)


__all__ = ["Classes", "count_classes", "count_model_classes", "lattice_maps", "option_permutation"]
