"""Hypothesis strategies for small random exact-cover problems.

A strategy that depends on what was drawn before (the names of the items drawn, say) is made
once for each value and kept (`subsets`, `orders`): Hypothesis checks each new strategy
object before its first draw, and making one for every draw made that check a tenth of the
property tests' time."""

import functools

from hypothesis import strategies as st

from excover import Item, Problem


COLOURS = st.sampled_from([None, "A", "B"])  # an entry's: none, or one of two


@functools.cache
def subsets(elements: tuple, min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy:
    """Lists of distinct elements, in the order drawn."""
    return st.lists(st.sampled_from(elements), min_size=min_size, max_size=max_size, unique=True)


@functools.cache
def orders(size: int) -> st.SearchStrategy:
    """Orders of `size` things: permutations of their positions."""
    return st.permutations(range(size))


@st.composite
def problems(draw, max_options=9, colours=True, multiplicities=True):
    """A small problem with secondary items, colours and multiplicities."""
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 3))
    primary = []
    for k in range(n_primary):
        if multiplicities and draw(st.booleans()):
            lo = draw(st.integers(0, 2))
            hi = None if draw(st.booleans()) else draw(st.integers(max(lo, 1), 3))
            primary.append(Item(f"p{k}", lo, hi))
        else:
            primary.append(Item(f"p{k}"))
    secondary = tuple(f"s{k}" for k in range(n_secondary))
    names = tuple(item.name for item in primary)
    options = []
    for _ in range(draw(st.integers(0, max_options))):
        entries = draw(subsets(names, 1, 3))
        for name in draw(subsets(secondary, 0, 3)) if secondary else []:
            colour = draw(COLOURS) if colours else None
            entries.append(name if colour is None else f"{name}:{colour}")
        options.append([entries[k] for k in draw(orders(len(entries)))])
    return Problem(primary=primary, secondary=list(secondary), options=options)
