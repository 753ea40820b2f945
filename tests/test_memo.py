"""Counting with a memo: the native core's table of states (run_memo), the reference engine's
(memo_count in engine/python.py), the plain search and the brute-force oracle agree."""

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from excover import Problem
from excover.cli import main
from excover.engine import NativeSearch
from excover.engine.interface import MemoUnavailable
from excover.engine.python import memo_count
from excover.language import evaluate_file

import shipped
from thorough import examples
from oracle import all_solutions
from strategies import problems

if NativeSearch is None:
    if os.environ.get("CI"):
        raise ImportError("the native core was not built, and CI must test it")
    pytest.skip("native core not built", allow_module_level=True)

PUZZLES = Path(__file__).parent.parent / "puzzles"


def dominoes(height: int, width: int) -> Problem:
    cells = [f"{r}_{c}" for r in range(height) for c in range(width)]
    options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(height) for c in range(width - 1)]
    options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(height - 1) for c in range(width)]
    return Problem(primary=cells, options=options)


@examples(200)
@given(problem=problems(), forced=st.lists(st.integers(0, 8), max_size=2), limit=st.sampled_from([0, 2000, 1 << 24]))
def test_memo_counts_agree_with_the_oracle_and_the_search(problem, forced, limit):
    """Random problems with secondary items, colours and multiplicities, some options forced,
    and tables from none at all (every state searched again) to roomy."""
    forced = [x for x in forced if x < len(problem.options)]
    plain = problem.search(forced=forced).count()
    expected = sum(1 for solution in all_solutions(problem) if set(forced) <= solution)
    assert plain == expected
    native = NativeSearch(problem.matrix, forced=forced)
    if native.method != "bitsets":  # multiplicities the matrix could not compile away
        with pytest.raises(MemoUnavailable):
            native.memo_count(limit)
        with pytest.raises(MemoUnavailable):
            memo_count(problem.matrix, forced)
        return
    assert native.memo_count(limit) == expected
    assert memo_count(problem.matrix, forced) == expected
    if limit == 0:
        assert native.memo["full"] and native.memo["states"] == 0


@examples(10_000, default=40)
@given(problem=problems(multiplicities=False),
       forced_sets=st.lists(st.lists(st.integers(0, 8), max_size=2), min_size=1, max_size=12),
       seed=st.integers(0, 9))
def test_one_table_counts_right_under_any_forced_options(problem, forced_sets, seed):
    """One search, restarted with forced option after forced option, keeps its table across
    them (as sample does): every count agrees with the oracle, a dead root (a forced option
    leaves an open item without any) included, and every draw is a solution."""
    native = NativeSearch(problem.matrix)
    if native.method != "bitsets":
        return
    solutions = all_solutions(problem)
    for forced in forced_sets:
        forced = [x for x in forced if x < len(problem.options)]
        native.restart(forced)
        expected = [solution for solution in solutions if set(forced) <= solution]
        assert native.memo_count(1 << 20) == len(expected), forced
        drawn = native.sample(3, seed=seed)
        assert all(frozenset(solution) in expected for solution in drawn)
        assert (drawn == []) == (not expected)


def test_a_dead_root_is_not_taken_for_a_live_state_with_the_same_live_options():
    """a, b and a c: the count takes c first (its one option, a c) and keeps the state after
    it (b open, b live: 1 way). Forced, `a` kills `a c` and leaves c open with no option: the
    same live options, b alone, but a dead end. Keyed by the live options alone (a secondary
    item makes them the key), the table answered 1."""
    problem = Problem(primary=["c", "b", "a"], secondary=["s"], options=[["a"], ["b"], ["a", "c"]])
    search = NativeSearch(problem.matrix)
    assert search.memo_count(1 << 20) == 1
    search.restart([0])
    assert search.memo_count(1 << 20) == 0
    assert search.sample(2, seed=1) == []


def test_a_search_reused_with_other_forced_options_keeps_its_table_and_counts_right():
    problem = dominoes(4, 6)
    search = NativeSearch(problem.matrix)
    assert search.memo_count(1 << 20) == problem.search().count() == 281
    for forced in ([0], [0, 30], [5]):
        search.restart(forced)
        assert search.memo_count(1 << 20) == problem.search(forced=forced).count()


def test_domino_tilings_beyond_a_search():
    """12x12 and 16x16: counts no enumeration could reach (OEIS A004003), in milliseconds and
    about a second; 2x2 squares agree with the reference's Python integers."""
    assert NativeSearch(dominoes(12, 12).matrix).memo_count(1 << 30) == 53060477521960000
    small = dominoes(6, 8)
    assert NativeSearch(small.matrix).memo_count(1 << 20) == memo_count(small.matrix) == 167089


@pytest.mark.slow
def test_domino_tilings_of_16x16():
    search = NativeSearch(dominoes(16, 16).matrix)
    assert search.memo_count(1 << 30) == 2444888770250892795802079170816
    assert not search.memo["full"]


SMALLER = {"pentomino.xc": {"width": "15", "height": "4"}, "tcube.xc": {"width": "4", "height": "4", "depth": "2"}}


@pytest.mark.parametrize("name", shipped.every())
def test_every_shipped_model_counts_alike_by_memo_and_by_search(name):
    """With its defaults (smaller for the long ones): the memo's count is the search's, or
    the memo says it does not apply; its uniform draws are solutions. Samurai's empty grids
    have more solutions than any count reaches: it gets two thirds of a solution's options
    forced."""
    model = evaluate_file(PUZZLES / name, SMALLER.get(name, {}))
    forced = list(model.forced)
    if name == "samurai.xc":
        forced += [x for k, x in enumerate(model.problem.first().indices) if k % 3]
    search = model.problem.search(forced=forced)
    expected = model.problem.count(forced=forced, method="search")  # (the search alone: the memo is what is checked)
    if search.method != "bitsets":
        with pytest.raises(MemoUnavailable):
            search.memo_count(1 << 26)
        return
    assert search.memo_count(1 << 26) == expected, name
    drawn = model.problem.search(forced=forced).sample(3, seed=7)
    assert len(drawn) == (3 if expected else 0)
    assert all(not model.problem.verify(solution) for solution in drawn)


def test_the_command_counts_by_memo_and_says_so(capsys):
    argv = ["count", str(PUZZLES / "matching.xc"), "-p", "graph=grid"]
    assert main([*argv, "--method", "memo", "--stats"]) == 0
    captured = capsys.readouterr()
    assert main([*argv, "--jobs", "1"]) == 0
    assert captured.out == capsys.readouterr().out
    assert "memo:" in captured.err and "kept in a table of" in captured.err


def test_the_command_says_when_the_memo_does_not_apply(capsys):
    assert main(["count", str(PUZZLES / "bounds.dlx"), "--method", "memo"]) == 2  # an item 2 or 3 times
    assert "exactly once" in capsys.readouterr().err


def test_samples_of_the_36_domino_tilings_of_4x4_are_uniform():
    """7,200 draws (seeded): a chi-square test of uniformity, 35 degrees of freedom, far
    from the 0.1% critical value of 66.6."""
    from collections import Counter

    problem = dominoes(4, 4)
    drawn = NativeSearch(problem.matrix).sample(7200, seed=2026)
    tally = Counter(frozenset(solution) for solution in drawn)
    assert set(tally) == {frozenset(solution) for solution in problem.search().solutions()}
    chi_square = sum((seen - 200) ** 2 / 200 for seen in tally.values())
    assert chi_square < 66.6, chi_square


def chi_square_bound(degrees: int) -> float:
    """The 0.1% critical value of chi-square (Wilson and Hilferty's approximation)."""
    return degrees * (1 - 2 / (9 * degrees) + 3.09 * (2 / (9 * degrees)) ** 0.5) ** 3


@pytest.mark.parametrize("engine", ["native", "python"])
def test_samples_with_colours_and_forced_options_are_uniform(engine):
    """Secondary items with colours and a forced option: every solution drawn about as often
    as every other (chi-square at 0.1%), on both engines, each draw a solution."""
    from collections import Counter

    from excover.engine import PythonSearch

    options = [["p1", "x:A"], ["p1", "x:B"], ["p1", "y"], ["p2", "x:A"], ["p2", "y:C"], ["p2"], ["p3", "x:B"],
               ["p3", "y:C"], ["p3"], ["p4", "p1"], ["p4"]]
    problem = Problem(primary=["p1", "p2", "p3", "p4"], secondary=["x", "y"], options=options)
    expected = {solution for solution in all_solutions(problem) if 10 in solution}
    search = (NativeSearch if engine == "native" else PythonSearch)(problem.matrix, forced=[10])
    per = 150
    tally = Counter(frozenset(solution) for solution in search.sample(per * len(expected), seed=7))
    assert set(tally) == expected and len(expected) > 3
    chi_square = sum((seen - per) ** 2 / per for seen in tally.values())
    assert chi_square < chi_square_bound(len(expected) - 1), chi_square


@examples(100)
@given(problem=problems(), forced=st.lists(st.integers(0, 8), max_size=2), seed=st.integers(0, 2**32))
def test_both_engines_draw_the_same_solutions_for_a_seed(problem, forced, seed):
    """They branch alike (the same item, its options in the same order) and count alike, so a
    seed draws the same solutions on both; each a solution of the problem."""
    from excover.engine import PythonSearch

    forced = [x for x in forced if x < len(problem.options)]
    native = NativeSearch(problem.matrix, forced=forced)
    if native.method != "bitsets":
        return
    drawn = native.sample(5, seed=seed)
    assert drawn == PythonSearch(problem.matrix, forced=forced).sample(5, seed=seed)
    solutions = {solution for solution in all_solutions(problem) if set(forced) <= solution}
    assert all(frozenset(solution) in solutions for solution in drawn)
    assert (drawn == []) == (not solutions)


def test_the_command_samples_reproducibly(capsys):
    import json

    argv = ["sample", str(PUZZLES / "matching.xc"), "-p", "graph=grid", "-p", "width=4", "-p", "height=4",
            "-k", "4", "--format", "json"]
    assert main([*argv, "--seed", "5"]) == 0
    first = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main([*argv, "--seed", "5"]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == first
    model = evaluate_file(PUZZLES / "matching.xc", {"graph": "grid", "width": "4", "height": "4"})
    assert len(first) == 4 and all(record["of"] == 36 for record in first)
    assert all(not model.problem.verify(record["indices"]) for record in first)
    assert main(["sample", str(PUZZLES / "bounds.dlx")]) == 2
    assert "exactly once" in capsys.readouterr().err
    assert main(["sample", str(PUZZLES / "queens.xc"), "-p", "n=3"]) == 1
    assert capsys.readouterr().err == "no solution\n"


@examples(100)
@given(problem=problems(), forced=st.lists(st.integers(0, 8), max_size=2))
def test_the_zdd_holds_every_solution_once_on_both_engines(problem, forced):
    from excover.engine import PythonSearch
    from excover.engine.zdd import Zdd

    forced = [x for x in forced if x < len(problem.options)]
    expected = {solution for solution in all_solutions(problem) if set(forced) <= solution}
    native = NativeSearch(problem.matrix, forced=forced)
    if native.method != "bitsets":
        return
    for diagram in (native.zdd(1 << 20), PythonSearch(problem.matrix, forced=forced).zdd(0)):
        listed = [frozenset(solution) for solution in diagram.solutions()]
        assert diagram.count() == len(listed) == len(set(listed)) and set(listed) == expected
        again = Zdd.read(diagram.text())
        assert again.count() == diagram.count() and {frozenset(s) for s in again.solutions()} == expected
        assert all(frozenset(solution) in expected for solution in diagram.sample(3, seed=1))


def test_a_zdd_in_knuths_text_reads_back():
    """DLX6's output for Knuth's toy problem (options numbered from 1; the dummy root last)."""
    from excover.engine.zdd import Zdd

    diagram = Zdd.read("2: (~1?0:1)\n3: (~5?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n")
    assert list(diagram.solutions()) == [(3, 4, 0)] and diagram.count() == 1
    for text, line in [("2: (~1?0:1)\nnonsense\n", "line 2"), ("2: (~1?0:3)\n3: (~0?0:2)\n", "line 1")]:
        with pytest.raises(ValueError, match=line):
            Zdd.read(text)
    with pytest.raises(ValueError, match="no root"):
        Zdd.read("2: (~1?0:1)\n")


def test_the_command_writes_the_zdd(tmp_path, capsys):
    from excover.engine.zdd import Zdd

    path = tmp_path / "tilings.zdd"
    argv = ["count", str(PUZZLES / "matching.xc"), "-p", "graph=grid", "-p", "width=8", "-p", "height=8"]
    assert main([*argv, "--zdd", str(path)]) == 0
    assert capsys.readouterr().out == "12988816\n"
    diagram = Zdd.read(path.read_text())
    assert diagram.count() == 12988816
    model = evaluate_file(PUZZLES / "matching.xc", {"graph": "grid", "width": "8", "height": "8"})
    assert all(not model.problem.verify(solution) for solution in diagram.sample(20, seed=3))
    assert main(["count", str(PUZZLES / "bounds.dlx"), "--zdd", str(path)]) == 2
    assert main([*argv, "--zdd", str(path), "--jobs", "2"]) == 2
    assert "--zdd does not go with --jobs: the diagram is built by the memo" in capsys.readouterr().err


def test_counts_past_2_to_the_128_are_exact():
    """130 items, each taken by one of two options: 2**130 solutions. The core's 128-bit
    count overflows; the reference finishes in Python integers, and the diagram counts them."""
    problem = Problem(primary=[f"i{k}" for k in range(130)], options=[[f"i{k}"] for k in range(130) for _ in "ab"])
    assert NativeSearch(problem.matrix).memo_count(1 << 24) == 2**130
    diagram = NativeSearch(problem.matrix).zdd(1 << 24)
    assert diagram.count() == 2**130 and len(diagram) == 260
    (drawn,) = NativeSearch(problem.matrix).sample(1, seed=1)
    assert not problem.verify(drawn)


def test_a_models_samples_keep_its_clues_and_are_drawn_as_it_draws():
    model = shipped.model("calendar.xc", month="Oct", day="6")
    drawn = model.sample(5, seed=2)
    assert len(drawn) == 5 and drawn == model.sample(5, seed=2)
    for solution in drawn:
        assert set(model.forced) <= set(solution.indices) and not model.problem.verify(solution.indices)
        assert solution.drawing == model.drawing


def test_a_zdd_of_one_long_solution_is_read_and_listed_in_linear_time():
    """A chain of 20,000 options: one solution. Listing it copied the options chosen at
    every step (quadratic: 8.2 s and 1.94 GB at 20,000); it keeps one list now, and the
    process that reads and lists it (measured, not timed) stays small."""
    import subprocess
    import sys

    script = """
import resource
from excover.engine.zdd import Zdd
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
n = 20_000
text = "\\n".join(f"{k + 2:x}: (~{k + 1}?0:{1 if k == 0 else k + 1:x})" for k in range(n))
diagram = Zdd.read(text + f"\\n{n + 2:x}: (~0?0:{n + 1:x})\\n")
(solution,) = diagram.solutions()
assert sorted(solution) == list(range(n)) and diagram.count() == 1
assert diagram.sample(1, seed=1) == [solution]
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) < 200  # MB taken by the work, past the imports; quadratic took about 2 GB


@pytest.mark.parametrize("text, message", [
    ("0: (~1?0:1)\n2: (~0?0:0)\n", "node 0 is an end of the diagram"),
    ("2: (~1?0:1)\n2: (~2?0:1)\n3: (~0?0:2)\n", "line 2: node 2 is defined twice"),
    ("2: (~1?0:1)\n3: (~0?0:2)\n3: (~2?0:1)\n", "line 3: node 3 is defined twice"),
    ("2: (~1?0:1)\n3: (~0?0:2)\n4: (~0?0:2)\n", "line 3: a second root"),
])
def test_the_zdd_reader_refuses_what_is_no_diagram(text, message):
    from excover.engine.zdd import Zdd

    with pytest.raises(ValueError, match=message):
        Zdd.read(text)


def test_an_option_twice_on_a_way_down_is_no_set():
    """Node 3 takes option 1 and then node 2, which takes it again: no set holds an option
    twice. Refused as it is read, naming the line; a diagram made some other way is checked
    where it is walked (listing, drawing)."""
    from excover.engine.zdd import Zdd

    with pytest.raises(ValueError, match="line 2: option 1 comes twice on a way down"):
        Zdd.read("2: (~1?0:1)\n3: (~1?0:2)\n4: (~0?0:3)\n")
    Zdd.read("2: (~1?0:1)\n3: (~1?2:0)\n4: (~0?0:3)\n")  # option 1 on the way that does not take it: fine
    diagram = Zdd(3, [(0, 0, 1), (0, 0, 2)])
    with pytest.raises(ValueError, match="option 1 comes twice"):
        list(diagram.solutions())
    with pytest.raises(ValueError, match="option 1 comes twice"):
        diagram.sample(1, seed=1)


def test_the_command_in_its_own_process_streams_sample_draws():
    """A hundred million draws asked for, and a reader that takes one and goes: the first is
    printed as soon as it is drawn and the command ends (the draws were all made first, in
    memory, before any was printed)."""
    import subprocess
    import sys

    command = (f"{sys.executable} -m excover sample {PUZZLES / 'pentomino.xc'} -p width=20 -p height=3 "
               "-k 100000000 --format grid | head -1")
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert len(done.stdout.strip()) == 20 and done.stderr == ""
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "20", "height": "3"})
    drawn = list(zip(range(5), model.problem.search().samples(seed=3)))
    assert [indices for _, indices in drawn] == model.problem.search().sample(5, seed=3)


@pytest.mark.parametrize("engine", ["native", "python"])
def test_a_diagram_is_built_by_the_search_asked_within_its_limits(engine, monkeypatch):
    """zdd() builds with the search's own memo (not a search of its own without its settings):
    a limit that stops it is said, not a partial diagram returned; a search that has counted
    already cannot build one."""
    monkeypatch.setenv("EXCOVER_ENGINE", engine)
    problem = evaluate_file(PUZZLES / "matching.xc", {"graph": "grid", "width": "4", "height": "6"}).problem
    assert problem.search().zdd(1 << 24).count() == 281
    with pytest.raises(RuntimeError, match="unfinished: the nodes limit"):
        problem.search(max_nodes=5).zdd(1 << 24)
    if engine == "native":
        counted = problem.search()
        counted.memo_count(1 << 24)
        with pytest.raises(RuntimeError, match="has not counted"):
            counted.zdd(1 << 24)
