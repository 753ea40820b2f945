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
