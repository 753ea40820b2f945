"""Counting up to symmetry against an independent oracle (tests/symmetry_oracle.py), on random
models written in the language: boards on the square lattice (all their cells on it, or
some), cells with bounds [1], [0..1], [2], [1..2] and [0..*], pieces that are primary items
(once or any number of times) or secondary ones with or without colours, options closed
under the board's maps or not quite, `->` maps, interchangeable values, and forced options.

For each model the oracle checks that every symmetry excover keeps is one (its own check),
that each stated symmetry that is one is kept (a lattice map: when some renaming of the
items off the lattice makes it one), that nothing else is, and that the count (by symmetry
breaking and by Burnside's lemma) and the solutions `run --up-to-symmetry` shows (the least
of each class) are the classes found by applying the group to every solution. The default
run tries a few hundred models; `.ci/run` (EXCOVER_THOROUGH=1) ten thousand. A failure
prints the model's text, to replay it with `excover count FILE --up-to-symmetry`.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from excover import ModelError, loads
from excover._symmetry import Stated, count_model_classes, least_of_class

from strategies import subsets
from symmetry_oracle import closure, is_symmetry, items_of, lifts, orbits, solutions, square_maps
from thorough import examples

BOUNDS = ["", "", "", " [0..1]", " [2]", " [1..2]", " [0..*]"]
MOST_OPTIONS = 14


def cell(point):
    return "cell({}, {})".format(*point)


@st.composite
def lattice_models(draw):
    """A board of up to 3x3 cells, pieces as subsets of it, as model text."""
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    board = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)]
    board = draw(subsets(tuple(board), 1)) if draw(st.booleans()) else board
    maps = square_maps(board)
    same = draw(st.booleans())  # every cell alike, or each its own bounds
    first = draw(st.sampled_from(BOUNDS))
    bounds = {point: first if same else draw(st.sampled_from(BOUNDS)) for point in board}
    pieces = draw(st.integers(0, 2))
    piece_kind = draw(st.sampled_from(["", " [0..*]", "secondary"]))
    options = set()
    for _ in range(draw(st.integers(1, 6))):
        cells = frozenset(draw(subsets(tuple(board), 1, 3)))
        extra = []
        if pieces:
            k = draw(st.integers(0, pieces - 1))
            colour = draw(st.sampled_from([None, "a", "b"])) if piece_kind == "secondary" else None
            extra.append(f"piece({k})" if colour is None else f'piece({k}):"{colour}"')
        if draw(st.integers(0, 3)) == 0:
            extra.append(draw(st.sampled_from(["tag", 'tag:"a"', 'tag:"b"'])))
        options.add((cells, tuple(extra)))
    if draw(st.booleans()):  # closed under the board's maps (the pieces kept)
        options = {(frozenset(move[point] for point in cells), extra) for cells, extra in options for move in maps}
        if options and draw(st.booleans()):  # then one of them dropped
            options.discard(draw(st.sampled_from(sorted(options, key=repr))))
    options = sorted(options, key=repr)[:MOST_OPTIONS]  # (the brute force tries every subset)
    if not options:
        options = [(frozenset(board[:1]), ())]
    points = board if draw(st.booleans()) else draw(subsets(tuple(board), 1))
    lines = [f"primary {cell(point)}{bounds[point]}" for point in board]
    if pieces:
        lines.append(f"secondary piece(k) for k in 0..{pieces - 1}" if piece_kind == "secondary" else
                     f"primary piece(k){piece_kind} for k in 0..{pieces - 1}")
    lines.append("secondary tag")
    lines += [f"symmetry {cell(point)} at {point}" for point in points]
    lines += ["option " + " ".join([*(cell(point) for point in sorted(cells)), *extra])
              for cells, extra in sorted(options, key=repr)]
    if draw(st.integers(0, 3)) == 0:  # a map stated with ->, one of the board's perhaps
        move = draw(st.sampled_from(maps))
        pairs = [f"{cell(a)} -> {cell(b)}" for a, b in move.items() if a != b]
        if pairs:
            lines.append("symmetry " + ", ".join(pairs))
    return "\n".join(lines) + "\n"


@st.composite
def value_models(draw):
    """Slots that take values 1..n, the values stated interchangeable, on a board or not."""
    n, slots = draw(st.integers(2, 3)), draw(st.integers(1, 3))
    same = draw(st.booleans())
    first = draw(st.sampled_from(["", " [0..*]", " [0..1]", " [1..2]"]))
    lines = [f"primary slot(i) for i in 1..{slots}"]
    lines += [f"primary val({d}){first if same else draw(st.sampled_from(['', ' [0..*]', ' [0..1]']))}"
              for d in range(1, n + 1)]
    pairs = [(i, d) for i in range(1, slots + 1) for d in range(1, n + 1)]
    if draw(st.booleans()):
        pairs = draw(subsets(tuple(pairs), 1))
    lines += [f"option slot({i}) val({d})" for i, d in sorted(pairs)]
    lines.append(f"symmetry permute d: val(d) for d in 1..{n}")
    if slots > 1 and draw(st.booleans()):  # the slots on the lattice too: a row
        lines += [f"symmetry slot({i}) at (1, {i})" for i in range(1, slots + 1)]
    return "\n".join(lines) + "\n"


def stated_by_the_oracle(model):
    """The oracle's view of what the model states, each with whether it is a symmetry: the
    lattice's maps (as maps of the items on it; one is, when some renaming of the items off
    it makes it one), the `->` maps, and the interchangeable values (every permutation of
    them)."""
    from itertools import permutations

    problem, stated = model.problem, model.symmetries
    names = list(items_of(problem))
    point_maps = []
    if stated.points:
        at = {point: name for name, point in stated.points.items()}
        off = [name for name in names if name not in stated.points]
        for move in square_maps(list(stated.points.values())):
            point_map = {name: at[move[point]] for name, point in stated.points.items()}
            if any(a != b for a, b in point_map.items()):
                point_maps.append((point_map, bool(lifts(problem, point_map, off))))
    item_maps = [(dict(symmetry), is_symmetry(problem, symmetry)) for symmetry in stated.maps if symmetry]
    relabellings = []
    for lines in stated.relabellings:
        every = [{a: b for line in lines for a, b in zip(line, [line[k] for k in order])}
                 for order in permutations(range(len(lines[0])))]
        relabellings.append((every, all(is_symmetry(problem, mapping) for mapping in every)))
    return names, point_maps, item_maps, relabellings


def check_model(text, forced_picks, breaking):
    try:
        model = loads(text)
    except ModelError as error:  # a -> map or permute between items of other bounds: refused where stated
        assert "another kind" in str(error) or "of other kinds" in str(error), text
        return
    problem = model.problem
    forced = sorted({pick % len(problem.options) for pick in forced_picks})
    names, point_maps, item_maps, relabellings = stated_by_the_oracle(model)
    kept = Stated.of(problem, model.symmetries).item_maps
    # Sound: each symmetry kept is one.
    assert all(is_symmetry(problem, mapping) for mapping in kept), text
    elements = closure(kept, names)
    group = {tuple(sorted(element.items())) for element in elements}
    points = sorted(model.symmetries.points)

    def action(mapping):
        return tuple((name, mapping.get(name, name)) for name in points)

    # Complete, and nothing more: the group is the one generated by excover's lifts of the
    # lattice maps that some renaming makes symmetries (at least one each; any will do, as
    # long as it moves the items off the lattice among themselves), each -> map that is one,
    # and every permutation of values that are interchangeable.
    off = set(names) - set(points)
    wanted = [mapping for mapping, good in item_maps if good]
    wanted += [mapping for every, good in relabellings if good for mapping in every]
    for point_map, liftable in point_maps:
        lifted = [mapping for mapping in kept if action(mapping) == action(point_map)
                  and all(mapping.get(name, name) in off for name in off)]
        assert bool(lifted) == liftable, (text, point_map)
        wanted += lifted
    assert {tuple(sorted(element.items())) for element in closure(wanted, names)} == group, text
    # The count, both ways, and one solution of each class shown.
    classes, keeping = orbits(problem, solutions(problem), elements, forced)
    try:
        found = count_model_classes(problem, model.symmetries, forced, breaking=breaking)
    except ModelError as error:  # a cycle of options covering an item twice whose bounds say no
        assert "cannot be counted as one exact cover" in str(error), (text, str(error))
    else:
        assert (found.count, found.group) == (classes, keeping), (text, forced, found)
    least = least_of_class(problem, model.symmetries, forced)
    assert sum(1 for solution in problem.search(forced=forced).solutions() if least(solution)) == classes, \
        (text, forced)


@examples(10_000, default=40)
@given(text=lattice_models(), forced=st.lists(st.integers(0, 50), max_size=2), breaking=st.booleans())
def test_lattice_models_count_as_the_oracle_says(text, forced, breaking):
    check_model(text, forced, breaking)


@examples(2_000, default=30)
@given(text=value_models(), forced=st.lists(st.integers(0, 50), max_size=2), breaking=st.booleans())
def test_interchangeable_values_count_as_the_oracle_says(text, forced, breaking):
    check_model(text, forced, breaking)


@pytest.mark.parametrize("text, classes, notes", [
    # A 2x2 board whose (2, 2) may stay empty: only the mirror through (1, 1) and (2, 2) keeps it.
    ("""primary cell(r, c) for r in 1..2 for c in 1..2 if (r, c) != (2, 2)
primary cell(2, 2) [0..1]
symmetry cell(r, c) at (r, c) for r in 1..2 for c in 1..2
option cell(r, c) for r in 1..2 for c in 1..2
option cell(r, 1) cell(r, 2) for r in 1..2
option cell(1, c) cell(2, c) for c in 1..2
""", 6, 6),
    # One option tagged, its mirror image not: no symmetry.
    ("""primary cell(1, c) for c in 1..2
secondary tag
symmetry cell(1, c) at (1, c) for c in 1..2
option cell(1, 1) tag:"b"
option cell(1, 2)
""", 1, 2),
    # A strip whose first cell may stay empty and whose last may not: no mirror.
    ("""primary cell(1, 1) [0..1]
primary cell(1, c) for c in 2..4
symmetry cell(1, c) at (1, c) for c in 1..4
option cell(1, c) for c in 1..4
option cell(1, c) cell(1, c + 1) for c in 1..3
""", 8, 2),
    # Only the first row of a 3x2 board on the lattice: its mirror renames the other rows alike.
    ("""primary cell(r, c) for r in 1..3 for c in 1..2
symmetry cell(1, c) at (1, c) for c in 1..2
option cell(r, 1) cell(r, 2) for r in 1..3
option cell(r, c) cell(r + 1, c) for r in 1..2 for c in 1..2
""", 3, 0),
])
@pytest.mark.parametrize("engine", ["native", "python"])
def test_the_issues_small_models(text, classes, notes, engine, monkeypatch):
    """Issue 34's four: each counted right (or its symmetries left out, with the reason),
    the same by symmetry breaking, by Burnside and from run --up-to-symmetry, on both engines."""
    monkeypatch.setenv("EXCOVER_ENGINE", engine)
    model = loads(text)
    for breaking in (True, False):
        found = count_model_classes(model.problem, model.symmetries, breaking=breaking)
        assert (found.count, len(found.notes)) == (classes, notes)
    least = least_of_class(model.problem, model.symmetries)
    assert sum(1 for solution in model.problem.search().solutions() if least(solution)) == classes
    check_model(text, [], True)


def test_the_command_warns_of_what_it_left_out(tmp_path, capsys):
    """count and run --up-to-symmetry say which stated symmetry is no symmetry and why, on
    standard error, and print the count for the group kept (the strip: each solution its own
    class)."""
    from excover.cli import main

    path = tmp_path / "strip.xc"
    path.write_text("primary cell(1, 1) [0..1]\nprimary cell(1, c) for c in 2..4\n"
                    "symmetry cell(1, c) at (1, c) for c in 1..4\n"
                    "option cell(1, c) for c in 1..4\noption cell(1, c) cell(1, c + 1) for c in 1..3\n")
    assert main(["count", str(path), "--up-to-symmetry"]) == 0
    out, err = capsys.readouterr()
    assert out == "8\n"
    assert "warning: the lattice map (x, y) -> (x, -y) is no symmetry of the problem, left out: item cell(1, 1) " \
           "[0..1] would go to cell(1, 4), whose bounds are [1..1]" in err
    assert "no symmetry but the identity" in err
    assert main(["run", str(path), "--up-to-symmetry", "--all", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert '"solutions": 8' in out.splitlines()[-1] and "left out" in err
