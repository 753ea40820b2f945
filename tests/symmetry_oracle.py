"""An oracle for counting up to symmetry, written apart from excover._symmetry: the square
lattice's maps found by turning and mirroring coordinates, a symmetry checked by comparing
the options as multisets, every renaming of the items off the lattice tried, the group
closed by composing maps of items, and the classes found by applying every element to every
solution the brute-force oracle lists. Only for small models (a few items off the lattice).
"""

from collections import Counter
from itertools import permutations

from excover import Problem


def square_maps(points):
    """The distinct maps of a set of points of the plane onto itself that a quarter turn or
    a mirror makes after a shift, each as a dict point -> point (the identity among them)."""
    points = sorted(points)
    found = []
    for turns in range(4):
        for mirrored in (False, True):
            def move(point, turns=turns, mirrored=mirrored):
                r, c = point
                if mirrored:
                    c = -c
                for _ in range(turns):
                    r, c = c, -r
                return r, c
            moved = [move(point) for point in points]
            dr = min(r for r, _ in points) - min(r for r, _ in moved)
            dc = min(c for _, c in points) - min(c for _, c in moved)
            image = {point: (r + dr, c + dc) for point, (r, c) in zip(points, moved)}
            if sorted(image.values()) == points and image not in found:
                found.append(image)
    return found


def items_of(problem: Problem):
    return {item.name: (item.secondary, item.lo, item.hi) for item in (*problem.primary, *problem.secondary)}


def option_sets(problem: Problem):
    return [frozenset(option.items) for option in problem.options]


def is_symmetry(problem: Problem, mapping) -> bool:
    """Whether the map of item names (the others stay) permutes the items, each to one of its
    own kind and bounds, and permutes the options as a multiset, colours kept."""
    kinds = items_of(problem)
    whole = {name: mapping.get(name, name) for name in kinds}
    if sorted(whole.values()) != sorted(whole) or any(kinds[a] != kinds[b] for a, b in whole.items()):
        return False
    options = option_sets(problem)
    return Counter(options) == Counter(frozenset((whole[n], c) for n, c in option) for option in options)


def lifts(problem: Problem, point_map, off):
    """Every map of the items that moves the lattice's items as `point_map` (item -> item)
    and the items in `off` among themselves, and is a symmetry."""
    off = sorted(off)
    found = []
    for images in permutations(off):
        mapping = {**point_map, **dict(zip(off, images))}
        if is_symmetry(problem, mapping):
            found.append(mapping)
    return found


def closure(generators, names):
    """The group of item maps (total dicts) the maps generate."""
    identity = tuple(names)
    position = {name: k for k, name in enumerate(names)}
    as_tuples = [tuple(g.get(name, name) for name in names) for g in generators]
    seen = {identity}
    frontier = [identity]
    while frontier:
        following = []
        for element in frontier:
            for g in as_tuples:
                composed = tuple(g[position[name]] for name in element)
                if composed not in seen:
                    seen.add(composed)
                    following.append(composed)
        frontier = following
    return [dict(zip(names, element)) for element in seen]


def solutions(problem: Problem):
    """Every solution, as a frozenset of option positions: each option in or out in turn,
    cut short when a primary item passes its most or a secondary item's colours clash."""
    items = {item.name: item for item in (*problem.primary, *problem.secondary)}
    options = [option.items for option in problem.options]
    covered: Counter = Counter()
    colours: dict = {}
    chosen: list[int] = []
    found = []

    def fits(option):
        for name, colour in option:
            item = items[name]
            if item.secondary:
                if name in colours and (colour is None or colours[name] != colour):
                    return False
            elif item.hi is not None and covered[name] >= item.hi:
                return False
        return True

    def go(k):
        if k == len(options):
            if all(covered[item.name] >= item.lo for item in problem.primary):
                found.append(frozenset(chosen))
            return
        go(k + 1)
        if fits(options[k]):
            before = dict(colours)
            for name, colour in options[k]:
                covered[name] += 1
                if items[name].secondary:
                    colours[name] = colour
            chosen.append(k)
            go(k + 1)
            chosen.pop()
            for name, _ in options[k]:
                covered[name] -= 1
            colours.clear()
            colours.update(before)

    go(0)
    return found


def orbits(problem: Problem, solutions, group, forced=()):
    """The classes of the solutions that hold the forced options, under the elements of the
    group that send the forced options onto themselves (options are told apart by their
    items), and how many permutations of the options those elements make (maps of items
    that move the options alike are one symmetry of the solutions)."""
    options = option_sets(problem)
    assert len(set(options)) == len(options), "the oracle wants options that differ"
    index = {option: k for k, option in enumerate(options)}

    def image(element, k):
        return index[frozenset((element[n], c) for n, c in options[k])]

    kept = [element for element in group if {image(element, k) for k in forced} == set(forced)]
    seen, classes = set(), 0
    for solution in solutions:
        if not set(forced) <= solution or solution in seen:
            continue
        classes += 1
        seen.update(frozenset(image(element, k) for k in solution) for element in kept)
    return classes, len({tuple(image(element, k) for k in range(len(options))) for element in kept})
