from pathlib import Path

import pytest
from hypothesis import given

from excover import FormatError, Item, Problem
from excover._dlx_format import read, read_file, write

from thorough import examples
from strategies import problems

PUZZLES = Path(__file__).parent.parent / "puzzles"


def test_reads_bounds_colours_and_comments():
    problem = read("| comment\n\nA B 2:3|C 4|D 0:1|E | X Y\n  | indented comment\nA B X:0 Y:0\n").problem
    assert [(i.name, i.lo, i.hi) for i in problem.primary] == [
        ("A", 1, 1), ("B", 1, 1), ("C", 2, 3), ("D", 4, 4), ("E", 0, 1)]
    assert [i.name for i in problem.secondary] == ["X", "Y"]
    assert problem.options[0].items == (("A", None), ("B", None), ("X", "0"), ("Y", "0"))


def test_dlx3_example_has_its_one_solution():
    problem = read_file(PUZZLES / "bounds.dlx").problem
    assert [s.labels for s in problem.solve()] == [["A C X:1 Y:1", "B X:1", "C Y:1"]]


def test_option_without_primary_item_is_ignored_with_a_warning_like_knuth():
    reading = read("a | x\na x\nx\n", "f.dlx")
    assert len(reading.problem.options) == 1
    assert reading.warnings == ("f.dlx:3: option ignored: this option names no primary item, so it could never be "
                                "chosen",)


@pytest.mark.parametrize("text, line, column, words", [
    ("a b\na z\n", 2, 3, "item 'z' is not declared; expected one of the items declared on the first line"),
    ("a b\na a\n", 2, 3, "appears twice"),
    ("a a\n", 1, 3, "declared twice"),
    ("a | x | y\n", 1, 7, "second '|'"),
    ("a | 2|x\n", 1, 5, "secondary items take no bounds"),
    ("3:2|a\n", 1, 1, "exceeds"),
    ("a | x\na:R x\n", 2, 1, "primary item 'a' cannot have a colour"),
    ("a | x\na x:\n", 2, 5, "expected a colour"),
    ("a b:c\n", 1, 3, "may not contain"),
    ("| only a comment\n", 1, 1, "expected a line of item names"),
    ("", 1, 1, "expected a line of item names"),
    ("a | x\na |x\n", 2, 3, "unexpected '|'"),
])
def test_errors_name_file_line_and_column(text, line, column, words):
    with pytest.raises(FormatError, match=words) as caught:
        read(text, "bad.dlx")
    assert (caught.value.file, caught.value.line, caught.value.column) == ("bad.dlx", line, column)
    assert str(caught.value).startswith(f"bad.dlx:{line}:{column}: ")


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.dlx")), ids=lambda p: p.name)
def test_shipped_files_round_trip(path):
    problem = read_file(path).problem
    again = read(write(problem)).problem
    assert again == problem


def test_long_names_are_mangled_for_knuth_and_restored_on_reading():
    problem = Problem(primary=["cell(1, 2)", "a:b", "i0"], secondary=["a very long name"],
                      options=[[("cell(1, 2)", None), ("a very long name", "a long colour")], [("a:b", None), ("i0", None)]])
    text = write(problem)
    item_line = next(line for line in text.splitlines() if not line.startswith("|"))
    assert all(len(name) <= 8 and ":" not in name for name in item_line.split())
    assert read(text).problem == problem


def test_colours_are_written_as_single_characters_as_dlx2_and_ssxcc_read_them():
    problem = Problem(primary="ab", secondary="x", options=["a x:in", "b x:out", "a b x:R"])
    text = write(problem)
    assert text.splitlines()[-3:] == ["a x:0", "b x:1", "a b x:R"]
    assert "| colour 0 = in" in text and read(text).problem == problem
    many = Problem(primary=[f"p{k}" for k in range(70)], secondary="x",
                   options=[f"p{k} x:colour{k}" for k in range(70)])
    assert read(write(many)).problem == many and "x:colour69" in write(many)  # too many: names, as items


@examples(100)
@given(problems())
def test_written_problems_read_back_with_the_same_solutions(problem):
    again = read(write(problem)).problem
    assert {frozenset(s.indices) for s in again.solve()} == {frozenset(s.indices) for s in problem.solve()}
    assert [i.name for i in again.items] == [i.name for i in problem.items]


def test_unbounded_items_are_written_with_a_finite_equivalent():
    problem = Problem(primary=["a", Item("p", 0, None)], options=["a p", "p"])
    assert "0:2|p" in write(problem)
