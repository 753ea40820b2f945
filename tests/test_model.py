import pytest

from excover import Item, ModelError, Option, Problem

TOY = ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]


def test_verify_accepts_knuths_toy_solution():
    problem = Problem(primary="abcdefg", options=TOY)
    assert problem.verify([3, 4, 0]) == []


def test_verify_names_each_broken_rule():
    problem = Problem(primary="abcdefg", options=TOY)
    complaints = problem.verify([3, 4])
    assert any("'c'" in c and "0 times" in c for c in complaints)
    assert any("chosen 2 times" in c for c in problem.verify([3, 4, 0, 0]))


def test_verify_colours():
    problem = Problem(primary="pqr", secondary="xy",
                      options=["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"])
    assert problem.is_solution([1, 3])
    assert not problem.is_solution([0, 4])  # y uncoloured in one, coloured in the other
    assert not problem.is_solution([2, 3, 4])  # x coloured B and A


def test_verify_multiplicities():
    problem = Problem(primary=[Item("a", 2, 3), Item("b", 0, None)], options=["a", "a b", "a b", "b"])
    assert problem.is_solution([0, 1])
    assert problem.is_solution([0, 1, 2, 3])
    assert not problem.is_solution([0])


@pytest.mark.parametrize("build, words", [
    (lambda: Problem(primary=["a", "a"]), "declared twice"),
    (lambda: Problem(primary="ab", options=["a a"]), "twice"),
    (lambda: Problem(primary="ab", options=["a z"]), r"option 0 \(a z\): item 'z' is not declared"),
    (lambda: Problem(primary="ab", options=["a:R"]), "colour"),
    (lambda: Problem(primary=[Item("a", 3, 2)]), "exceeds"),
    (lambda: Problem(primary="a", secondary="x", options=["x"]), "no primary item"),
])
def test_rejects_bad_models_with_a_clear_message(build, words):
    with pytest.raises(ModelError, match=words):
        build()


def test_option_forms_agree():
    as_text = Problem(primary="p", secondary="x", options=["p x:A"])
    as_pairs = Problem(primary="p", secondary="x", options=[[("p", None), ("x", "A")]])
    as_value = Problem(primary="p", secondary="x", options=[Option((("p", None), ("x", "A")))])
    assert as_text.options == as_pairs.options == as_value.options


def test_items_that_cannot_bind_are_not_branched_on():
    """An item [0..*] (or at most as many as its options) is left out of the matrix, and one
    [0..1] becomes secondary, unless an option has no other primary item; the solutions stay."""
    from excover._matrix import compile_problem
    from excover.engine import NativeSearch
    from oracle import all_solutions

    cells = [f"c{k}" for k in range(5)]
    options = [f"c{k} mono once" for k in range(5)] + [f"c{k} c{k + 1} domino" for k in range(4)]
    problem = Problem(primary=[*cells, Item("mono", 0, None), Item("domino", 0, 9), Item("once", 0, 1)],
                      options=options)
    matrix = compile_problem(problem)
    assert matrix.primary_count == 5 and len(matrix.lo) == 6  # the cells, then "once" as secondary
    found = {frozenset(s.indices) for s in problem.solve()}
    assert found == set(all_solutions(problem)) and len(found) == 3  # one monomino, at 0, 2 or 4
    if NativeSearch is not None:
        assert problem.search().method == "bitsets"  # every item left to branch on is exactly-once
    lonely = Problem(primary=["a", Item("free", 0, None)], options=["a", "free", "a free"])
    assert compile_problem(lonely).primary_count == 2  # "free" alone is an option: kept
    assert {frozenset(s.indices) for s in lonely.solve()} == set(all_solutions(lonely))
