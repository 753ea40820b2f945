"""Differential tests: the native core, the Python reference and a brute-force oracle agree."""

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from excover import Item, Problem
from excover.dlx_format import read_file
from excover.engine import NativeSearch, PythonSearch
from excover.matrix import compile_problem

from oracle import all_solutions
from strategies import problems

if NativeSearch is None:
    if os.environ.get("CI"):
        raise ImportError("the native core was not built, and CI must test it")
    pytest.skip("native core not built", allow_module_level=True)

PUZZLES = Path(__file__).parent.parent / "puzzles"


def run(engine, problem, **settings):
    search = engine(compile_problem(problem), **settings)
    return [tuple(solution) for solution in search.solutions()], search


@settings(max_examples=300, deadline=None)
@given(problems())
def test_native_matches_reference_and_oracle(problem):
    native, native_search = run(NativeSearch, problem)
    reference, reference_search = run(PythonSearch, problem)
    assert native == reference  # same branching rule, same order
    assert {frozenset(s) for s in native} == all_solutions(problem)
    assert (native_search.nodes, native_search.updates) == (reference_search.nodes, reference_search.updates)


@settings(max_examples=200, deadline=None)
@given(problems(), st.data(), st.integers(0, 2**64 - 1))
def test_forced_options_and_seeds(problem, data, seed):
    indices = st.integers(0, max(len(problem.options) - 1, 0))
    forced = data.draw(st.lists(indices, max_size=3)) if problem.options else []
    expected = {s for s in all_solutions(problem) if set(forced) <= s}
    native, _ = run(NativeSearch, problem, forced=forced, seed=seed)
    assert len(native) == len(set(map(frozenset, native)))
    assert set(map(frozenset, native)) == expected
    assert run(NativeSearch, problem, forced=forced, seed=seed)[0] == native  # reproducible


@settings(max_examples=100, deadline=None)
@given(problems(), st.integers(1, 5))
def test_solution_limit(problem, limit):
    native, search = run(NativeSearch, problem, max_solutions=limit)
    reference, _ = run(PythonSearch, problem, max_solutions=limit)
    assert native == reference
    assert search.stopped_by == ("solutions" if len(native) == limit else None)


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.dlx")), ids=lambda p: p.name)
def test_shipped_examples(path):
    problem = read_file(path).problem
    assert run(NativeSearch, problem)[0] == run(PythonSearch, problem)[0]


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


class TestHostileInputs:
    def test_empty_problem_has_one_empty_solution(self):
        assert run(NativeSearch, Problem(primary=[]))[0] == [()]

    def test_item_in_no_option(self):
        assert run(NativeSearch, Problem(primary="ab", options=["a"]))[0] == []
        assert run(NativeSearch, Problem(primary=["a", Item("b", 0, 1)], options=["a"]))[0] == [(0,)]

    def test_many_items(self):
        names = [f"i{k}" for k in range(100_000)]
        problem = Problem(primary=names, options=[[name] for name in names] + [names])
        search = NativeSearch(compile_problem(problem))
        assert search.count() == 2

    def test_bad_forced_index_gives_no_solution(self):
        problem = Problem(primary="a", options=["a"])
        assert NativeSearch(compile_problem(problem), forced=[5]).count() == 0
        assert PythonSearch(compile_problem(problem), forced=[5]).count() == 0

    def test_malformed_matrix_is_a_clear_error(self):
        from excover.engine import _core

        with pytest.raises(ValueError, match="item"):
            _core.Matrix(1, (1,), (1,), (((3, 0),),))
        with pytest.raises(ValueError, match="inconsistent"):
            _core.Matrix(2, (1,), (1,), ())
        with pytest.raises(TypeError):
            _core.Matrix(1, (1,), (1,), ((None,),))

