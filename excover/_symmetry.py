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
from excover._model import Option, Problem

Permutation = tuple[int, ...]  # of the options: option k goes to permutation[k]

MOST_SYMMETRIES = 10_000  # a group bigger than this is not a board's


@attrs.frozen
class Classes:
    """The solutions counted up to the symmetry group: ``count`` classes, under ``group``
    symmetries, whose fixed solutions were ``fixed`` (the identity's first: all of them)."""

    count: int
    group: int
    fixed: tuple[int, ...]


def option_permutation(problem: Problem, symmetry: Mapping[str, str]) -> Permutation:
    """The permutation of the options a permutation of the items induces (items it does not
    name stay); ModelError when an option's image is not an option."""
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


def _together(problem: Problem, cycle: tuple[int, ...]) -> Option | None:
    """The option made of a cycle's options, or None when they cannot all be chosen."""
    primary = {item.name for item in problem.primary}
    named: dict[str, str | None] = {}
    for k in cycle:
        for name, colour in problem.options[k].items:
            if name in named and (name in primary or colour is None or named[name] != colour):
                return None
            named[name] = colour
    return Option(tuple(named.items()), label=" + ".join(str(k) for k in cycle))


def fixed(problem: Problem, permutation: Permutation, forced: Sequence[int] = ()) -> int:
    """The solutions (with the forced options) that the permutation maps onto themselves."""
    if permutation == tuple(range(len(problem.options))):
        return problem.count(forced=forced)
    merged: list[Option] = []
    forced_cycles: set[int] = set()
    for cycle in cycles(permutation):
        option = _together(problem, cycle)
        if option is not None:
            if set(cycle) & set(forced):
                forced_cycles.add(len(merged))
            merged.append(option)
    smaller = Problem(primary=problem.primary, secondary=problem.secondary, options=merged)
    return smaller.count(forced=sorted(forced_cycles))


def count_classes(problem: Problem, symmetries: Sequence[Mapping[str, str]], forced: Sequence[int] = ()) -> Classes:
    """The solutions up to the group the symmetries generate (item name -> item name each;
    see the module docstring). Symmetries that do not keep the forced options are refused:
    they do not act on the solutions that hold them."""
    if any(item.lo != 1 or item.hi != 1 for item in problem.primary):
        raise ModelError("counting up to symmetry needs every primary item covered exactly once")
    generators = [option_permutation(problem, symmetry) for symmetry in symmetries]
    kept = set(forced)
    for symmetry, permutation in zip(symmetries, generators):
        if {permutation[k] for k in kept} != kept:
            raise ModelError("a symmetry moves the forced options (the clues) elsewhere: "
                             f"{dict(list(symmetry.items())[:3])} ...")
    elements = group(generators, len(problem.options))
    counts = tuple(fixed(problem, element, forced) for element in elements)
    total, remainder = divmod(sum(counts), len(elements))
    assert remainder == 0, "Burnside's sum is a multiple of the group's order"
    return Classes(total, len(elements), counts)


__all__ = ["Classes", "count_classes", "option_permutation"]
