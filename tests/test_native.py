"""Differential tests: the native core, the Python reference and a brute-force oracle agree."""

import functools
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from excover import Item, Problem
from excover._dlx_format import read_file
from excover.engine import NativeSearch, PythonSearch
from excover._matrix import Matrix, compile_problem

from thorough import examples
from oracle import all_solutions
from strategies import problems

if NativeSearch is None:
    if os.environ.get("CI"):
        raise ImportError("the native core was not built, and CI must test it")
    pytest.skip("native core not built", allow_module_level=True)

PUZZLES = Path(__file__).parent.parent / "puzzles"


def links(matrix, **settings):
    return NativeSearch(matrix, method="links", **settings)


def bitsets(matrix, **settings):
    """The option-set search where it applies, else (multiplicities) the dancing links."""
    return NativeSearch(matrix, method="auto", **settings)


NATIVE = [links, bitsets]


def run(engine, problem, **settings):
    search = engine(compile_problem(problem), **settings)
    return [tuple(solution) for solution in search.solutions()], search


@pytest.mark.parametrize("native", NATIVE)
@examples(300)
@given(problem=problems())
def test_native_matches_reference_and_oracle(native, problem):
    found, native_search = run(native, problem)
    reference, reference_search = run(PythonSearch, problem)
    assert found == reference  # same branching rule, same order
    assert {frozenset(s) for s in found} == all_solutions(problem)
    assert native_search.nodes == reference_search.nodes
    if native_search.method == "links":
        assert native_search.updates == reference_search.updates


@examples(300)
@given(problems(multiplicities=False))
def test_option_sets_serve_problems_without_multiplicities(problem):
    found, search = run(bitsets, problem)
    assert search.method == "bitsets"
    assert found == run(PythonSearch, problem)[0]


@pytest.mark.parametrize("native", NATIVE)
@examples(200)
@given(problem=problems(), data=st.data(), seed=st.integers(0, 2**64 - 1))
def test_forced_options_and_seeds(native, problem, data, seed):
    indices = st.integers(0, max(len(problem.options) - 1, 0))
    forced = data.draw(st.lists(indices, max_size=3)) if problem.options else []
    expected = {s for s in all_solutions(problem) if set(forced) <= s}
    found, _ = run(native, problem, forced=forced, seed=seed)
    assert len(found) == len(set(map(frozenset, found)))
    assert set(map(frozenset, found)) == expected
    assert run(native, problem, forced=forced, seed=seed)[0] == found  # reproducible
    unseeded, _ = run(native, problem, forced=forced)
    assert unseeded == run(PythonSearch, problem, forced=forced)[0]


@pytest.mark.parametrize("native", NATIVE)
@examples(100)
@given(problem=problems(), limit=st.integers(1, 5))
def test_solution_limit(native, problem, limit):
    found, search = run(native, problem, max_solutions=limit)
    reference, _ = run(PythonSearch, problem, max_solutions=limit)
    assert found == reference
    assert search.stopped_by == ("solutions" if len(found) == limit else None)


@pytest.mark.parametrize("native", NATIVE)
@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.dlx")), ids=lambda p: p.name)
def test_shipped_examples(native, path):
    problem = read_file(path).problem
    assert run(native, problem)[0] == run(PythonSearch, problem)[0]


def test_one_build_serves_many_searches_with_different_forced_options():
    problem = Problem(primary="abcdefg", options=["c e", "a d g", "b c f", "a d f", "b g", "d e g"])
    matrix = compile_problem(problem)
    counts = [NativeSearch(matrix, forced=[k]).count() for k in range(6)]
    assert counts == [1, 0, 0, 1, 1, 0]
    assert "native" in matrix.engine_cache
    assert NativeSearch(matrix).count() == 1


def test_batches_stream_many_solutions():
    strip = Problem(primary=[f"c{k}" for k in range(20)] + [Item("one", 0, None), Item("two", 0, None)],
                    options=[f"c{k} one" for k in range(20)] + [f"c{k} c{k + 1} two" for k in range(19)])
    native, _ = run(NativeSearch, strip)
    assert len(native) == 10946 == len(set(native))


def test_progress_and_counters():
    search = NativeSearch(compile_problem(Problem(primary="ab", options=["a", "b", "a b"])))
    seen = [search.progress() for _ in search.solutions()]
    assert seen == sorted(seen) and search.nodes > 0 and search.solutions_found == 2


@functools.cache
def many_items():
    """More items than 16 bits number (the option sets' packed item lists), three solutions;
    the matrix written directly (the engines' input: a Problem of 70,000 items takes a second
    to build and check, for nothing the engines see)."""
    n = 70_000
    every = tuple((k, 0) for k in range(n))
    return Matrix(primary_count=n, lo=(1,) * n, hi=(1,) * n,
                  options=(every, every[:-1], every[-1:], every[:2], every[2:]))


@functools.cache
def many_options():
    """More options than option sets take (65,534) over two items."""
    return Matrix(primary_count=2, lo=(1, 1), hi=(1, 1), options=(((0, 0),),) * 70_000 + (((1, 0),),))


@pytest.mark.parametrize("native", NATIVE)
class TestHostileInputs:
    def test_empty_problem_has_one_empty_solution(self, native):
        assert run(native, Problem(primary=[]))[0] == [()]

    def test_item_in_no_option(self, native):
        assert run(native, Problem(primary="ab", options=["a"]))[0] == []
        assert run(native, Problem(primary=["a", Item("b", 0, 1)], options=["a"]))[0] == [(0,)]

    def test_many_items(self, native):
        """More items than 16 bits number (the option sets' packed item lists): links, and
        right. (Shallow solutions: 70,000 one-item options made a search 70,000 levels deep,
        each choice looking through every item, seconds for what a few options show.)"""
        search = native(many_items())  # (built once for both engines)
        assert search.count() == 3 and search.method == "links"

    def test_many_options(self, native):
        """More options than option sets take (65,534) over two items: links, and right."""
        search = native(many_options())
        assert search.count() == 70_000 and search.method == "links"

    def test_bad_forced_index_gives_no_solution(self, native):
        problem = Problem(primary="a", options=["a"])
        assert native(compile_problem(problem), forced=[5]).count() == 0
        assert PythonSearch(compile_problem(problem), forced=[5]).count() == 0

    def test_malformed_matrix_is_a_clear_error(self, native):
        from excover.engine import _core

        with pytest.raises(ValueError, match="item"):
            _core.Matrix(1, (1,), (1,), (((3, 0),),))
        with pytest.raises(ValueError, match="inconsistent"):
            _core.Matrix(2, (1,), (1,), ())
        with pytest.raises(TypeError):
            _core.Matrix(1, (1,), (1,), ((None,),))
        with pytest.raises(ValueError, match="names no item"):
            _core.Matrix(1, (1,), (1,), ((),))


    def test_the_option_set_search_says_why_a_problem_does_not_fit_it(self, native):
        from excover.engine import _core

        many = _core.Matrix(1, (1,), (1,), [((0, 0),)] * 70_000)
        with pytest.raises(ValueError, match="at most 65,534 options"):
            _core.Search(many, method="bitsets")
        assert _core.Search(many).method == "links"
        shared = _core.Matrix(1, (0,), (2,), [((0, 0),)] * 3)
        with pytest.raises(ValueError, match="every primary item covered exactly once"):
            _core.Search(shared, method="bitsets")

    def test_a_matrix_read_from_sequences_that_lie_about_their_length(self, native):
        """Each option is copied before anything is sized from it: a sequence whose length
        changes while it is read cannot make the core write past its node array."""
        from excover.engine import _core

        class Liar:
            def __init__(self, parts):
                self.parts = parts

            def __len__(self):
                return 1

            def __iter__(self):
                return iter(self.parts)

            def __getitem__(self, k):
                return self.parts[k]

        width = 2000
        matrix = _core.Matrix(width, (1,) * width, (1,) * width, Liar([Liar([(k, 0) for k in range(width)])]))
        search = _core.Search(matrix)
        assert sum(len(batch) for batch in iter(lambda: search.next_batch(10), [])) == 1

    def test_option_naming_every_item(self, native):
        names = [f"i{k}" for k in range(3000)]
        problem = Problem(primary=names, secondary=["x"],
                          options=[[name, "x:A"] for name in names] + [names + ["x"]])
        search = native(compile_problem(problem))
        assert search.count() == 2


@pytest.mark.parametrize("native", NATIVE + [PythonSearch])
@examples(100)
@given(problem=problems(), data=st.data())
def test_a_restarted_search_is_a_fresh_one(native, problem, data):
    indices = st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=3)
    first, second = (data.draw(indices) if problem.options else [] for _ in range(2))
    matrix = compile_problem(problem)
    search = native(matrix, forced=first, max_solutions=3)
    before = list(search.solutions())
    assert search.restart(second)
    after = [tuple(s) for s in search.solutions()]
    assert after == [tuple(s) for s in native(matrix, forced=second, max_solutions=3).solutions()]
    assert search.restart(first) and [tuple(s) for s in search.solutions()] == [tuple(s) for s in before]


@pytest.mark.parametrize("native", NATIVE + [PythonSearch])
@examples(100)
@given(problem=problems(), data=st.data())
def test_first_of_each_is_a_fresh_search_for_each_forced_list(native, problem, data):
    indices = st.lists(st.integers(0, max(len(problem.options) - 1, 0)), max_size=3)
    forced_lists = [data.draw(indices) if problem.options else [] for _ in range(4)]
    matrix = compile_problem(problem)
    results = native(matrix, max_solutions=2).first_of_each(forced_lists)
    for forced, (found, first, nodes) in zip(forced_lists, results, strict=True):
        fresh = native(matrix, forced=forced, max_solutions=2)
        alone = [tuple(s) for s in fresh.solutions()]
        assert found == len(alone) and first == (alone[0] if alone else None) and nodes == fresh.nodes


@pytest.mark.parametrize("native", NATIVE + [PythonSearch])
@examples(150)
@given(problem=problems(), depth=st.integers(0, 4))
def test_subtrees_of_a_split_hold_every_solution_once(native, problem, depth):
    matrix = compile_problem(problem)
    everything = sorted(tuple(sorted(s)) for s in native(matrix).solutions())
    paths, above = native(matrix).split(depth)
    found = [tuple(sorted(s)) for s in above]
    for path in paths:
        assert len(path) == depth
        found += [tuple(sorted(s)) for s in native(matrix, path=path).solutions()]
    assert sorted(found) == everything  # no solution twice, none missed


@examples(100)
@given(problem=problems(), data=st.data())
def test_every_engine_answers_alike_for_subtrees_restarts_and_indices_out_of_range(problem, data):
    matrix = compile_problem(problem)
    index = st.integers(-2, len(problem.options) + 2)
    forced_lists = [data.draw(st.lists(index, max_size=3)) for _ in range(3)]
    paths, _ = PythonSearch(matrix).split(1)
    path = data.draw(st.sampled_from(paths)) if paths else ()
    answers = []
    for engine in NATIVE + [PythonSearch]:
        search = engine(matrix, path=path)
        subtree = sorted(tuple(sorted(s)) for s in search.solutions())
        found = [(count, first is None, nodes) for count, first, nodes in search.first_of_each(forced_lists)]
        restarted = search.restart(forced_lists[0], path)
        again = sorted(tuple(sorted(s)) for s in search.solutions()) if restarted else None
        answers.append((subtree, found, restarted, again))
    assert all(answer == answers[0] for answer in answers)


def test_a_path_with_a_branch_that_does_not_exist_finds_nothing():
    problem = Problem(primary=["a", "b"], options=["a", "b", "a b"])
    matrix = compile_problem(problem)
    for native in NATIVE + [PythonSearch]:
        assert native(matrix, path=[9]).count() == 0
        assert native(matrix, path=[2]).count() == 1
