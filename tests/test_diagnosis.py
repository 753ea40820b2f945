"""excover check: the impossibilities a user expects found, and never one that is not so."""

from pathlib import Path

import attrs
import pytest
from hypothesis import given

from excover.cli import main
from excover._diagnosis import counting_argument, impossibilities
from excover.language import evaluate_file
from excover.language import LoadedModel
from excover._model import Item, Option, Problem

import shipped
from thorough import examples
from oracle import all_solutions
from strategies import problems

PUZZLES = Path(__file__).parent.parent / "puzzles"


def findings(name, **params):
    return impossibilities(evaluate_file(PUZZLES / name, {k: str(v) for k, v in params.items()}))


def test_pentominoes_cannot_fill_a_whole_8x8_board():
    assert findings("pentomino.xc", width=8, height=8) == [
        "counting: every option covers 5 cell items for each piece item, so covering the 12 piece items "
        "covers 60 cell items, but there are 64"]
    assert findings("pentomino.xc", width=8, height=8, hole=2) == []  # 60 cells: 65 tilings


def test_pieces_of_different_sizes_are_told_apart():
    # The Soma pieces have 27 cubes (one piece 3, six 4); a figure of 12 cubes cannot be built.
    (finding,) = findings("soma.xc", figure="3333")
    assert "piece(V) 3, each other piece item 4" in finding and "weigh 15" in finding
    assert findings("soma.xc") == []


def test_a_box_of_t_tetracubes_needs_a_multiple_of_4_cubes():
    assert findings("tcube.xc", size=5) == ["counting: every option covers a multiple of 4 cube items, but there are 125"]


def test_an_item_no_option_covers():
    model = LoadedModel(Problem(primary=["a", Item("b", 2, 2)], options=[["a", "b"]]))
    assert impossibilities(model) == ["primary item b must be covered twice but only 1 option names it"]
    assert counting_argument(model.problem) == [
        "counting: every option covers 1 b item for each a item, so covering the 1 a item covers 1 b item, "
        "but there are 2"]
    model = LoadedModel(Problem(primary=["a", "b"], options=[["a"]]))
    assert impossibilities(model) == ["primary item b must be covered once but no option names it"]


def test_the_command_line_exits_1_with_the_reason(capsys):
    assert main(["check", str(PUZZLES / "pentomino.xc"), "-p", "width=8", "-p", "height=8"]) == 1
    assert "impossible: counting: every option covers 5 cell items" in capsys.readouterr().out


@pytest.mark.parametrize("name", shipped.every(["sudoku.xc", "calendar.xc", "queens.xc", "langford.xc", "killer.xc",
                                                "jigsaw.xc", "samurai.xc", "matching.xc", "matrix.xc", "tcube.xc",
                                                "knuth_toy.dlx"]))
def test_the_command_line_finds_nothing_wrong_with_the_shipped_models(capsys, name):
    assert main(["check", str(PUZZLES / name)]) == 0, name
    assert capsys.readouterr().out.endswith("no obvious impossibility\n")


def in_families(problem: Problem) -> Problem:
    """The same problem with its items named in two families, a(...) and b(...)."""
    rename = {item.name: f"{'ab'[k % 2]}({k})" for k, item in enumerate(problem.items)}
    return Problem(primary=[attrs.evolve(item, name=rename[item.name]) for item in problem.primary],
                   secondary=[rename[item.name] for item in problem.secondary],
                   options=[Option(tuple((rename[n], c) for n, c in option.items)) for option in problem.options])


@examples(200)
@given(problem=problems())
def test_every_impossibility_found_is_so(problem):
    for version in (problem, in_families(problem)):
        if impossibilities(LoadedModel(version)):
            assert not all_solutions(version)


@pytest.mark.parametrize("name, params", [("pentomino.xc", {}), ("sudoku.xc", {"givens": "empty"}),
                                          ("langford.xc", {"n": "7"})])
def test_models_with_solutions_have_no_counting_argument(name, params):
    assert counting_argument(evaluate_file(PUZZLES / name, params).problem) == []
