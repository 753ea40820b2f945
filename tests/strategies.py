"""Hypothesis strategies for small random exact-cover problems."""

from hypothesis import strategies as st

from excover import Item, Problem


@st.composite
def problems(draw, max_options=9, colours=True, multiplicities=True):
    """A small problem with secondary items, colours and multiplicities."""
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 3))
    primary = []
    for k in range(n_primary):
        if multiplicities and draw(st.booleans()):
            lo = draw(st.integers(0, 2))
            hi = draw(st.one_of(st.none(), st.integers(max(lo, 1), 3)))
            primary.append(Item(f"p{k}", lo, hi))
        else:
            primary.append(Item(f"p{k}"))
    secondary = [f"s{k}" for k in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(0, max_options))):
        prim = draw(st.lists(st.sampled_from([item.name for item in primary]), min_size=1, max_size=3, unique=True))
        sec = draw(st.lists(st.sampled_from(secondary), max_size=3, unique=True)) if secondary else []
        entries = list(prim)
        for name in sec:
            colour = draw(st.sampled_from([None, "A", "B"])) if colours else None
            entries.append(name if colour is None else f"{name}:{colour}")
        options.append(draw(st.permutations(entries)))
    return Problem(primary=primary, secondary=secondary, options=options)
