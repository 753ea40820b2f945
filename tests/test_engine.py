"""The engine's behaviour through the Problem API, under both engines."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from excover import Item, Problem
from excover.engine import NativeSearch

from thorough import examples
from oracle import all_solutions
from strategies import problems

ENGINES = ["python"] + (["native"] if NativeSearch is not None else [])


@pytest.fixture(params=ENGINES, autouse=True)
def engine(request, monkeypatch):
    monkeypatch.setenv("EXCOVER_ENGINE", request.param)
    return request.param


TOY = ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]
COLOURED = dict(primary="pqr", secondary="xy", options=["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"])


def solution_set(problem, **settings):
    return {frozenset(s.indices) for s in problem.solve(**settings)}


def test_knuths_toy_problem_has_one_solution():
    problem = Problem(primary="abcdefg", options=TOY)
    assert [sorted(s.labels) for s in problem.solve()] == [["a d f", "b g", "c e"]]


def test_knuths_colour_example_has_one_solution():
    problem = Problem(**COLOURED)
    assert [sorted(s.indices) for s in problem.solve()] == [[1, 3]]


@examples(300)
@given(problems())
def test_engine_agrees_with_brute_force(problem):
    found = [frozenset(s.indices) for s in problem.solve()]
    assert len(found) == len(set(found)), "a solution was reported twice"
    assert set(found) == all_solutions(problem)
    assert problem.count(method="search") == problem.count() == len(found)  # (the search's count, and auto's)


@examples(100)
@given(problems(), st.integers(0, 2**32))
def test_a_seed_changes_the_order_not_the_set(problem, seed):
    assert solution_set(problem, seed=seed) == solution_set(problem)


@examples(50)
@given(problems(), st.integers(0, 2**32))
def test_same_seed_same_order(problem, seed):
    assert [s.indices for s in problem.solve(seed=seed)] == [s.indices for s in problem.solve(seed=seed)]


@examples(200)
@given(problems(), st.data())
def test_forced_options_select_the_solutions_containing_them(problem, data):
    forced = data.draw(st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=2, unique=True)) \
        if problem.options else []
    expected = {s for s in all_solutions(problem) if set(forced) <= s}
    assert solution_set(problem, forced=forced) == expected


def fibonacci_strip(n):
    cells = [Item(f"c{k}") for k in range(n)]
    pieces = [Item("monomino", 0, None), Item("domino", 0, None)]
    options = [f"c{k} monomino" for k in range(n)] + [f"c{k} c{k + 1} domino" for k in range(n - 1)]
    return Problem(primary=cells + pieces, options=options)


@pytest.mark.parametrize("n, tilings", [(1, 1), (2, 2), (5, 8), (10, 89), (15, 987)])
def test_unlimited_pieces_tile_a_strip_in_fibonacci_ways(n, tilings):
    assert fibonacci_strip(n).count() == tilings


def identical_options(n, lo, hi):
    return Problem(primary=[Item("a", lo, hi)], options=[["a"]] * n)


@pytest.mark.parametrize("n, lo, hi, count", [(8, 8, 8, 1), (8, 3, 5, 56 + 70 + 56), (8, 0, 1, 9), (5, 6, 9, 0)])
def test_an_item_taking_several_of_identical_options_counts_each_set_once(n, lo, hi, count):
    assert identical_options(n, lo, hi).count() == count


def test_an_item_needing_all_of_its_options_costs_a_node_a_level_not_a_square():
    """Knuth's M5: a level stops when its list is too short for what the item still needs, so
    the later options are not each tried and refuted one level down (n**2 / 2 nodes)."""
    search = identical_options(2000, 2000, 2000).search()
    assert search.count() == 1 and search.nodes <= 2000 + 10


def test_a_choice_that_leaves_an_item_without_options_is_given_up_at_once():
    """Taking T kills every option of c while b, listed before c, keeps one: T is given up
    there (as SSXC does), not after the search has entered a node for b and taken its option.
    The nodes are the root, the one after W, and the solution after X."""
    problem = Problem(primary="rsbc", options=["r s", "r c", "c s", "b", "b r"])  # T U W V X
    search = problem.search()
    assert search.count() == 1 and search.nodes == 3


def test_the_root_is_a_node_even_when_it_is_a_dead_end():
    problem = Problem(primary="rsbc", options=["r s", "r c", "c s", "b", "b r"])
    search = problem.search(forced=[0])
    assert search.count() == 0 and search.nodes == 1


def queens(n):
    rows = [f"r{r}" for r in range(n)]
    cols = [f"c{c}" for c in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    return Problem(primary=rows + cols, secondary=diagonals, options=options)


@pytest.mark.parametrize("n, count", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_queens(n, count):
    problem = queens(n)
    solutions = list(problem.solve())
    assert len(solutions) == count
    assert all(problem.is_solution(s) for s in solutions)


def langford(n):
    """Place two copies of each k in 1..n in 2n slots, k numbers apart."""
    numbers = [f"n{k}" for k in range(1, n + 1)]
    slots = [f"s{j}" for j in range(2 * n)]
    options = [[f"n{k}", f"s{j}", f"s{j + k + 1}"] for k in range(1, n + 1) for j in range(2 * n - k - 1)]
    return Problem(primary=numbers + slots, options=options)


def test_langford_7_has_52_solutions_counting_mirror_images():
    assert langford(7).count() == 52
    assert langford(3).count() == 2 and langford(5).count() == 0


def test_limits_stop_the_search():
    search = queens(8).search(max_solutions=5)
    assert len(list(search.solutions())) == 5 and search.stopped_by == "solutions"
    search = queens(8).search(max_nodes=10)
    assert search.count() < 92 and search.stopped_by == "nodes"
    search = queens(8).search()
    assert search.count() == 92 and search.stopped_by is None and search.nodes > 0 and search.updates > 0


def test_first_and_is_unique():
    assert Problem(primary="abcdefg", options=TOY).is_unique()
    assert not queens(6).is_unique()
    assert queens(3).first() is None
    assert queens(4).first() is not None


def test_progress_grows_during_the_search():
    search = queens(8).search()
    seen = [search.progress() for _ in search.solutions()]
    assert seen == sorted(seen) and 0 <= seen[0] and seen[-1] < 1


def test_clashing_forced_options_give_no_solution():
    problem = Problem(primary="abcdefg", options=TOY)
    assert problem.count(forced=[0, 2]) == 0  # both cover c
    assert problem.count(forced=[0, 0]) == problem.count(forced=[0]) == 1


def test_first_of_each_searches_from_the_top_and_finds_nothing_for_options_that_do_not_exist():
    """Alike on every engine: no path survives into first_of_each's searches, and an index that
    names no option is a list with no solution, not an error."""
    problem = queens(6)
    paths, _ = problem.search().split(1)
    search = problem.search(path=paths[1])  # one subtree only
    assert search.count() < 4
    results = search.first_of_each([[], [10**6], [-1], [1], []])
    assert [found for found, _, _ in results] == [4, 0, 0, problem.count(forced=[1]), 4]
    assert results[1][1] is None and results[2][1] is None
    assert problem.is_solution(problem.solution(results[0][1]))
    assert search.stopped_by is None


def test_stop_reasons_are_one_enum_on_every_engine():
    from excover.engine import StopReason

    for settings, reason in (({"max_solutions": 1}, StopReason.SOLUTIONS), ({"max_nodes": 3}, StopReason.NODES),
                             ({"time_limit": 0}, StopReason.TIME), ({}, None)):
        search = langford(7 if not settings else 11).search(**settings)
        search.count()
        assert search.stopped_by is reason
    assert StopReason.TIME == "time"  # the word the command line prints


def test_time_limit_stops_the_search():
    search = langford(10).search(time_limit=0)
    search.count()
    assert search.stopped_by == "time" and search.nodes <= 2048


def test_without_the_native_core_the_python_engine_is_used_with_a_notice():
    import subprocess
    import sys

    script = """
import sys
class NoCore:
    def find_spec(self, name, path=None, target=None):
        if name == "excover.engine._core":
            raise ImportError("no compiler")
sys.meta_path.insert(0, NoCore())
import warnings
from excover import Problem
from excover.cli import main
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(Problem(primary="ab", options=["a", "b", "a b"]).count())
    print(Problem(primary="ab", options=["a", "b"]).count())
print([(w.category.__name__, str(w.message)) for w in caught])
import excover.engine
excover.engine._warned = False
sys.exit(main(["count", "-"]))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, input="a b\na\nb\n")
    lines = result.stdout.splitlines()
    assert lines[:2] == ["2", "1"]  # the library warns, once, and prints nothing
    assert lines[2] == "[('RuntimeWarning', 'native core not built; using the slower pure-Python engine')]"
    assert lines[3] == "1" and result.returncode == 0  # the command says it in one line
    assert result.stderr == "excover: warning: native core not built; using the slower pure-Python engine\n"


def test_count_reports_progress_while_it_runs():
    search = langford(8).search()
    seen = []
    total = search.count(watch=lambda s: seen.append((s.progress(), s.solutions_found)), every=0)
    assert total == 300 and seen
    assert [p for p, _ in seen] == sorted(p for p, _ in seen) and all(0 <= p < 1 for p, _ in seen)
    assert all(found <= total for _, found in seen)


@pytest.mark.parametrize("settings", [{"max_solutions": -1}, {"max_nodes": -5}, {"time_limit": float("nan")},
                                      {"time_limit": -1.0}, {"max_solutions": 1.5}, {"method": "fastest"}])
def test_settings_outside_their_range_are_refused_alike_on_every_engine(settings, monkeypatch):
    from excover.engine import search

    problem = queens(6)
    for engine in ("native", "python"):
        monkeypatch.setenv("EXCOVER_ENGINE", engine)
        with pytest.raises(ValueError):
            search(problem.matrix, **settings)
