"""The .xc language: the tutorial's examples, each construct, each error kind, damaged models."""

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from excover.cli import main
from excover._errors import ExcoverError
from excover.language.evaluate import Budget, evaluate_text

from thorough import examples

ROOT = Path(__file__).parent.parent
DOC = ROOT / "docs" / "language.md"


def tutorial_examples():
    return re.findall(r"```xc\n(.*?)```", DOC.read_text(), re.S)


@pytest.mark.parametrize("example", tutorial_examples(), ids=lambda text: text.splitlines()[0][:40])
def test_every_tutorial_example_runs_and_counts_what_it_says(example, tmp_path, capsys):
    expected = [int(n) for n in re.search(r"# count: ([\d ]+)", example).group(1).split()]  # one a case
    path = tmp_path / "example.xc"
    path.write_text(example)
    code = main(["count", str(path)])
    assert capsys.readouterr().out == "".join(f"{n}\n" for n in expected)
    assert code == (0 if all(expected) or len(expected) > 1 else 1)  # (several cases: each answered, 0)
    classes = re.search(r"# classes: (\d+)", example)  # and up to the model's symmetries
    if classes:
        assert main(["count", str(path), "--up-to-symmetry"]) == 0
        assert capsys.readouterr().out == f"{classes.group(1)}\n"


def count(text, **params):
    model = evaluate_text(text, "test.xc", {k: str(v) for k, v in params.items()})
    return model.problem.count(forced=model.forced)


def names(text):
    return [item.name for item in evaluate_text(text, "test.xc").problem.items]


class TestConstructs:
    def test_structured_names_read_like_their_source(self):
        assert names('primary cell(r, c) for r in 1..2 for c in 1..1\nprimary piece("F")') == [
            "cell(1, 1)", "cell(2, 1)", "piece(F)"]

    def test_multiplicity_bounds(self):
        items = evaluate_text("primary a [2]\nprimary b [1..3]\nprimary c [0..*]\noption a b c", "t.xc").problem.primary
        assert [(i.lo, i.hi) for i in items] == [(2, 2), (1, 3), (0, None)]

    def test_generators_nest_and_filter_with_tuple_targets(self):
        text = "let cells = [(r, c) for r in 1..3 for c in 1..3 if r != c]\nprimary x(r, c) for r, c in cells"
        assert len(names(text)) == 6
        assert names("primary x(a, b) for (a, (b, _)) in [(1, (2, 3))]") == ["x(1, 2)"]

    def test_labels_interpolate_expressions(self):
        model = evaluate_text('primary a\noption "{1 + 2}-{\'x\'}-{{literal}}": a', "t.xc")
        assert model.problem.options[0].label == "3-x-{literal}"

    def test_arithmetic_and_logic(self):
        text = "\n".join([
            "let values = [7 // 2, 7 % 3, 2 ** 5, -3 + 4 * 2, 6 / 3, abs(-4), 1 if 2 > 1 else 0]",
            "let ok = 1 < 2 <= 2 and not false and (3 in [1, 3]) and 4 not in {1, 2} or false",
            "primary v(k, x) for k, x in enumerate(values) if ok",
        ])
        assert names(text) == ["v(0, 3)", "v(1, 1)", "v(2, 32)", "v(3, 5)", "v(4, 2)", "v(5, 4)", "v(6, 1)"]
        assert names("primary v(x) for x in [1 < 2 < 1, 1 if false else 2, 'ab' < 'b', (1, 2) + (3,)]") == [
            "v(false)", "v(2)", "v(true)", "v((1, 2, 3))"]

    def test_collections_and_builtins(self):
        text = "\n".join([
            "let d = {k: k * k for k in 1..3}",
            "let s = {x % 2 for x in 1..5}",
            "let t = sorted([3, 1, 2])",
            "let z = zip([1, 2], ['a', 'b'])",
            "let cs = combinations(1..4, 2)",
            "let p = product([0, 1], [0, 1])",
            "primary check(a, b, c, d, e, f, g, h)",
            "    for a in [sum(values(d))] for b in [len(s)] for c in [t[0]] for e in [len(cs)] for f in [len(p)]",
            "    for d in [max(keys(d))] for g in [min(1, 2)] for h in [str(len(z)) + str(int('7'))]",
        ])
        assert names(text) == ["check(14, 2, 1, 3, 6, 4, 1, 27)"]

    def test_recursive_functions(self):
        text = "def fib(n) = n if n < 2 else fib(n - 1) + fib(n - 2)\nprimary f(fib(10))"
        assert names(text) == ["f(55)"]

    def test_grid_values(self):
        text = 'param g = grid """\nab.\n.cd\n"""\nprimary x(r, c, g[r, c]) for (r, c) in g.cells\nprimary size(len(g.rows), len(g.cols), g.width, g.height)'
        assert names(text) == ["x(1, 1, a)", "x(1, 2, b)", "x(2, 2, c)", "x(2, 3, d)", "size(2, 3, 3, 2)"]
        tokens = 'param g = grid """\n10 11\n. 12\n"""\nprimary x(g[r, c]) for (r, c) in g.cells'
        assert names(tokens) == ["x(10)", "x(11)", "x(12)"]

    def test_params_from_the_command_line(self):
        text = "param n = 3\nparam flag = false\nparam word = 'a'\nprimary x(k, flag, word) for k in 1..n"
        model = evaluate_text(text, "t.xc", {"n": "2", "flag": "true", "word": "zz"})
        assert [i.name for i in model.problem.items] == ["x(1, true, zz)", "x(2, true, zz)"]
        model = evaluate_text("param xs = [1, 2]\nprimary x(k) for k in xs", "t.xc", {"xs": "[5, 6, 7]"})
        assert len(model.problem.items) == 3

    def test_include_shares_definitions(self, tmp_path, capsys):
        (tmp_path / "common.xc").write_text("let N = 4\ndef double(x) = 2 * x\n")
        (tmp_path / "main.xc").write_text('include "common.xc"\nprimary x(double(k)) for k in 1..N\n'
                                          "option x(double(k)) for k in 1..N\n")
        assert main(["count", str(tmp_path / "main.xc")]) == 0
        assert capsys.readouterr().out == "1\n"

    def test_show_paints_cells_and_the_cli_draws_them(self, tmp_path, capsys):
        path = tmp_path / "paint.xc"
        path.write_text("primary a b\noption a show [(1, 1), (1, 2)] = 'A'\noption b show (2, 1) = 'B'\n")
        assert main(["run", str(path)]) == 0
        assert capsys.readouterr().out == "Solution 1:\n┌───┐\n│A A│\n├─┬─┘\n│B│\n└─┘\n"

    def test_a_model_without_show_draws_a_table_of_its_options(self, tmp_path, capsys):
        path = tmp_path / "plain.xc"
        path.write_text('primary a b\nsecondary x\noption "first": a x:\"red\"\noption b\n')
        assert main(["run", str(path)]) == 0
        assert capsys.readouterr().out.splitlines() == [
            "Solution 1:",
            "┌────────┬───┬───┬─────┐",
            "│ option │ a │ b │ x   │",
            "├────────┼───┼───┼─────┤",
            "│ first  │ 1 │   │ red │",
            "│ b      │   │ 1 │     │",
            "└────────┴───┴───┴─────┘",
        ]

    def test_options_naming_too_many_items_for_a_table_list_their_items(self, tmp_path, capsys):
        path = tmp_path / "wide.xc"
        path.write_text('primary cell(k) for k in 1..30\noption "all": [cell(k) for k in 1..30]\n')
        assert main(["run", str(path)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[2].startswith("│ option │ items ") and lines[2].endswith(" │")
        assert lines[4].startswith("│ all    │ cell(1) cell(2) cell(3)")

    def test_check_and_convert(self, tmp_path, capsys):
        path = tmp_path / "m.xc"
        path.write_text("primary a b c\nsecondary x\noption a x:1\noption b x:1\n")
        assert main(["check", str(path)]) == 1
        assert "impossible: primary item c must be covered once but no option names it" in capsys.readouterr().out
        assert main(["convert", str(path), "--to", "dlx"]) == 0
        assert "a b c | x\na x:1\nb x:1\n" in capsys.readouterr().out
        assert main(["convert", str(path), "--to", "json"]) == 0
        assert '"label": "a x:1"' in capsys.readouterr().out


ERRORS = [
    ("primary a\noption b", 2, 8, "item 'b' is not declared"),
    ("primary box(1)\noption boxx(1)", 2, 8, "item 'boxx(1)' is not declared; did you mean 'box(1)'?"),
    ("let box = 1\nprimary x(boxx)", 2, 11, "unknown name 'boxx'; did you mean 'box'?"),
    ("primary a\nsecondry up(k) for k in 1..3", 2, 1, "unexpected 'secondry'; did you mean 'secondary'?"),
    ('param regions = grid "ab/ab"\nlet r = regions(regions)', 2, 9,
     "a grid cannot be called (the model's own 'regions' hides the built-in regions(): give it another name)"),
    ("primary a\noption a for k in 1..3 iff k > 1", 2, 24, "unexpected 'iff'; did you mean 'if'?"),
    ("primary cell(r) for r in 1..9\noption cell(10)", 2, 8, "item 'cell(10)' is not declared"),
    ("primary a\noption a for k in [1 // 0]", 2, 20, "division by zero"),
    ("primary a a", 1, 11, "declared twice"),
    ("primary a\noption a a", 2, 10, "appears twice"),
    ("primary a\noption a:1", 2, 8, "primary item 'a' cannot have a colour"),
    ("primary a\nsecondary x\noption x", 3, 1, "names no primary item"),
    ("primary a\noption a\ngiven 'nothing'", 3, 1, "no option is labelled 'nothing'"),
    ("primary a\noption 'x': a\noption 'x': a\ngiven 'x'", 4, 1, "2 options are labelled 'x'"),
    ("primary a [3..1]", 1, 11, "not a range of counts"),
    ("primary a [true]", 1, 12, "must be an integer"),
    ("let x = 1\nlet x = 2", 2, 5, "already defined"),
    ("def f(n) = f(n + 1)\nprimary x(f(1))", 1, 12, "calls nest deeper than 64"),
    ("primary x(k) for k in 5", 1, 23, "cannot iterate over an int"),
    ("let a, b = [1, 2, 3]", 1, 5, "cannot unpack 3 values into 2 names"),
    ("primary x(len(5))", 1, 11, "has no length"),
    ("primary x([1][5])", 1, 11, "out of range"),
    ("primary x({1: 2}[3])", 1, 11, "no key 3"),
    ("primary x('a' + 1)", 1, 11, "type mismatch"),
    ("primary x((1, 2).cells)", 1, 18, "has no attribute 'cells'"),
    ("primary x(3(1))", 1, 11, "cannot be called"),
    ("primary x(2 ** 1000000)", 1, 11, "too large"),
    ("primary x(len('ab' * 10000000))", 1, 15, "longer than"),
    ("primary x(7 / 2)", 1, 11, "divides integers exactly"),
    ("primary x('{oops')", 1, 11, "never closed"),
    ("primary x('{1 +}')", 1, 16, "in {1 +}"),
    ("option", 1, 7, "expected"),
    ("primary a b\noption a (", 2, 11, "unexpected end of the line; expected"),
    ("primary a $", 1, 11, "unexpected character '$'"),
    ("include 'nowhere.xc'", 1, 9, "cannot include 'nowhere.xc': no such file"),
]


@pytest.mark.parametrize("text, line, column, words", ERRORS, ids=[e[3][:30] for e in ERRORS])
def test_every_error_names_file_line_column_and_what_went_wrong(text, line, column, words):
    with pytest.raises(ExcoverError) as caught:
        evaluate_text(text, "bad.xc")
    error = caught.value
    assert words in error.message
    assert (error.file, error.line, error.column) == ("bad.xc", line, column)
    assert error.source_line == text.splitlines()[line - 1]
    rendered = str(error)
    assert rendered.startswith(f"bad.xc:{line}:{column}: ") and rendered.endswith("^")


def test_budgets_stop_runaway_models():
    with pytest.raises(ExcoverError, match="budget of 1,000 steps") as caught:
        evaluate_text("primary x(k) for k in 1..100000", "big.xc", budget=Budget(max_steps=1000))
    assert caught.value.line == 1
    with pytest.raises(ExcoverError, match="more than 10 options"):
        evaluate_text("primary a [0..*]\noption a for k in 1..20", "big.xc", budget=Budget(max_options=10))


BIG = "let s = [k for k in 1..30000]\n"  # built in 30,000 steps; what follows would cost far more


@pytest.mark.parametrize("text", [
    BIG + "primary w(s, k) for k in 1..100000",  # a name made of a long list, many times
    BIG + "let t = [str(s) for k in 1..100000]",
    'let s = "x" * 333333\nlet t = ["{s}!" for k in 1..100000]',  # labels
    'let s = "x" * 333333\nlet t = [len(split(s)) for k in 1..100000]',  # reading a text
    BIG + "let t = [0 in s for k in 1..100000]",  # searching a list
    "let s = [k for k in 1..15000]\nlet u = [k for k in 1..15000]\nlet t = [s == u for k in 1..100000]",
    BIG + "let t = [len(sorted([s, s, s])) for k in 1..100000]",
    BIG + "let t = [len(set([tuple(s), tuple(s)])) for k in 1..100000]",  # hashing
    BIG + "let t = [len({tuple(s): 1}) for k in 1..100000]",
    BIG + "let t = [min([s, s]) for k in 1..100000]",
    "let d = {k: k for k in 1..15000}\nlet t = [len(keys(d)) for k in 1..100000]",
    'let g = grid [("x" * 200) for r in 1..200]\nlet t = [len(regions(g)) for k in 1..100000]',
    'let g = grid [("x" * 150) for r in 1..150]\nlet t = [len(orientations(shape(g))) for k in 1..100000]',
    "let t = [7 ** (k % 4000) for k in 1..1000000]",  # large numbers
    "let t = [str(2 ** 13999) for k in 1..1000000]",
    # A list holding another twice, forty deep: 40 steps to build, 2**40 parts to compare.
    "def twice(x) = [x, x]\n"
    "def deep(x, n) = x if n == 0 else deep(twice(x), n - 1)\n"
    "let t = deep([1], 40) == deep([1], 40)",
])
def test_work_is_paid_for_by_its_size_not_by_the_steps_that_ask_for_it(text):
    """Each of these asks for little and makes the interpreter do a lot: the budget counts the
    work, so it stops them early, in about as long as the same budget of ordinary steps."""
    with pytest.raises(ExcoverError, match="budget of 100,000 steps") as caught:
        evaluate_text(text + "\nprimary z\noption z\n", "big.xc", budget=Budget(max_steps=100_000))
    assert caught.value.line == text.count("\n") + 1  # stopped by the costly line, not what it reads


def test_a_range_answers_in_at_once():
    model = evaluate_text("require not ((1, 2) in 1..10**12) and 10**11 in 1..10**12\nprimary z\noption z\n", "r.xc",
                  budget=Budget(max_steps=1000))
    assert model.problem.count() == 1


def test_a_long_name_is_quoted_briefly_and_not_compared_for_a_suggestion():
    with pytest.raises(ExcoverError) as caught:
        evaluate_text(BIG + "primary z\noption z w(s)\n", "long.xc")
    message = caught.value.message
    assert message.startswith("item 'w([1, 2, 3") and "(198,897 characters)' is not declared" in message
    assert len(message) < 200


def test_the_caret_lands_under_the_column_through_tabs_and_in_long_lines():
    with pytest.raises(ExcoverError) as caught:
        evaluate_text("primary a\noption\ta\tb\n", "tabs.xc")
    assert str(caught.value).splitlines()[-2:] == ["    option\ta\tb", "          \t \t^"]
    long = "let x = [" + "1, " * 500 + "nowhere]\n"
    with pytest.raises(ExcoverError) as caught:
        evaluate_text(long + "primary a\noption a\n", "long.xc")
    shown, caret = str(caught.value).splitlines()[-2:]
    assert len(shown) < 120 and shown[caret.index("^"):].startswith("nowhere")


@pytest.mark.parametrize("text, kind, line, column", [
    ("primary a\noption a b c (\n", "ModelSyntaxError", 2, 15),
    ('primary a\ninclude "nowhere.xc"\n', "IncludeError", 2, 9),
    ("let x = 1 + [2]\nprimary a\noption a\n", "ModelTypeError", 1, 9),
    ("let x = box(100000, 100000)\nprimary a\noption a\n", "BudgetError", 1, 9),
    ('primary a\nrequire 1 > 2, "one is not more than two"\noption a\n', "RequirementError", 2, 1),
    ("primary a\noption a b\n", "ModelError", 2, 10),
])
def test_each_kind_of_error_is_its_own_class_with_its_place(tmp_path, text, kind, line, column):
    import excover

    (tmp_path / "m.xc").write_text(text)
    with pytest.raises(getattr(excover, kind)) as caught:
        excover.load(tmp_path / "m.xc")
    error = caught.value
    assert isinstance(error, excover.ExcoverError) and type(error).__name__ == kind
    assert (error.line, error.column) == (line, column) and error.file == str(tmp_path / "m.xc")


def test_include_errors(tmp_path):
    (tmp_path / "a.xc").write_text('include "b.xc"\n')
    (tmp_path / "b.xc").write_text('include "a.xc"\n')
    (tmp_path / "secret.txt").write_text("password\n")
    (tmp_path / "c.xc").write_text('include "secret.txt"\n')
    (tmp_path / "d.xc").write_text('primary a\ninclude "e.xc"\n')
    (tmp_path / "e.xc").write_text('option zz\n')
    with pytest.raises(ExcoverError, match="include cycle"):
        from excover.language.evaluate import evaluate_file
        evaluate_file(tmp_path / "a.xc")
    with pytest.raises(ExcoverError, match="only .xc model files"):
        evaluate_file(tmp_path / "c.xc")
    with pytest.raises(ExcoverError) as caught:
        evaluate_file(tmp_path / "d.xc")
    assert caught.value.file.endswith("e.xc") and caught.value.line == 1


def test_unknown_param_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "m.xc"
    path.write_text("param size = 3\nprimary a\noption a\n")
    assert main(["count", str(path), "-p", "sise=4"]) == 2
    assert "did you mean 'size'?" in capsys.readouterr().err
    assert main(["count", str(path), "-p", "size=four"]) == 2
    assert "m.xc:1:7: -p size=four" in capsys.readouterr().err


SHIPPED = sorted((ROOT / "puzzles").glob("*.xc")) + [None]


def damaged(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(chars) + 1)
        action = rng.choice(["delete", "insert", "replace", "cut"])
        if action == "delete" and chars:
            del chars[min(k, len(chars) - 1)]
        elif action == "insert":
            chars.insert(k, rng.choice(list("()[]{}:=.,\"'#\n 0123abc+-*/<>") + ["for ", "if ", " in "]))
        elif action == "replace" and chars:
            chars[min(k, len(chars) - 1)] = rng.choice(list("()[]{}:=.,\"' \nx9"))
        else:
            chars = chars[:k]
    return "".join(chars)


@examples(150)
@given(st.integers(0, 2**32), st.sampled_from([p for p in SHIPPED if p is not None] + [DOC]))
def test_damaged_models_never_give_a_traceback(tmp_path_factory, seed, source):
    text = source.read_text()
    if source == DOC:
        text = random.Random(seed).choice(tutorial_examples())
    broken = damaged(text, random.Random(seed))
    path = tmp_path_factory.mktemp("fuzz") / "damaged.xc"
    path.write_text(broken)
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["count", str(path), "--max-steps", "200000", "--node-limit", "100000"])
    assert code in (0, 1, 2)
    if code == 2:
        assert re.match(r"excover: error: .*damaged\.xc(:\d+:\d+)?: ", err.getvalue()), err.getvalue()


def test_params_can_be_read_from_files(tmp_path, capsys):
    model = tmp_path / "m.xc"
    model.write_text("param n = 1\nprimary x(k) for k in 1..n\noption x(k) for k in 1..n\n")
    value = tmp_path / "n.txt"
    value.write_text("3")
    assert main(["check", str(model), "-p", f"n=@{value}"]) == 0
    assert capsys.readouterr().out.startswith("3 primary items")
    assert main(["check", str(model), "-p", f"n=@{tmp_path / 'missing.txt'}"]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.heavy
def test_progress_on_a_terminal_is_one_line_redrawn_in_place(tmp_path):
    import os

    from terminal import run_on_terminal

    strip = tmp_path / "long.xc"
    strip.write_text("primary cell(k) for k in 1..40\nprimary mono [0..*]\nprimary dom [0..*]\n"
                     "option cell(k) mono for k in 1..40\noption cell(k) cell(k + 1) dom for k in 1..39\n")
    out, shown = run_on_terminal(["count", str(strip), "--time-limit", "1.6"],
                                 env={**os.environ, "EXCOVER_ENGINE": "python"})
    assert out.startswith(b"at least")
    assert b"progress:" in shown and b"\r" in shown


def test_report_lines_are_evaluated_after_the_search_with_their_errors_located():
    model = evaluate_text("primary a\noption a\nreport 'found {found}'\nreport nowhere + found", "r.xc")
    with pytest.raises(ExcoverError) as caught:
        model.report(1)
    assert (caught.value.line, caught.value.column) == (4, 8) and "unknown name 'nowhere'" in caught.value.message
    assert evaluate_text("primary a\noption a\nreport 'found {found}'", "r.xc").report(3) == ["found 3"]


@pytest.mark.parametrize("literal, text", [
    (r'"ok\N{BULLET}\x41\u00e9\U0001F600"', "ok\u2022A\u00e9\U0001F600"),
    (r'"a\\n\"\t"', 'a\\n"\t'),
    (r"'it\'s'", "it's"),
    (r'"\q stays"', "\\q stays"),
])
def test_string_escapes_read_as_pythons(literal, text):
    assert str(evaluate_text(f"primary a\noption {literal}: a\n").problem.options[0]) == text


@pytest.mark.parametrize("literal, message", [
    (r'"\N{NOPE}"', "no character is named 'NOPE'"),
    (r'"\x4"', r"\\x takes 2 hexadecimal digits"),
    (r'"ab\u12"', r"\\u takes 4 hexadecimal digits"),
    (r'"\U00110000"', "past the last character"),
    (r'"\N{BULLET"', "a character's name in braces"),
])
def test_an_escape_that_names_no_character_is_an_error_at_its_place(literal, message, tmp_path, capsys):
    path = tmp_path / "escape.xc"
    path.write_text(f"primary a\noption {literal}: a\n")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert re.search(message, err) and "Traceback" not in err
    column = len("option ") + 1 + literal.index("\\")  # the backslash
    assert f"escape.xc:2:{column}: a bad escape in a string" in err


def test_each_evaluation_has_the_whole_step_budget(tmp_path, capsys):
    """The Budget given holds the limits; each load, and each case of a batch, counts its own
    steps: five loads with one Budget all succeed (the fifth failed when the steps were the
    Budget's), and six small cases under --max-steps 400 are all answered, as each alone is."""
    import excover

    budget = Budget(max_steps=200_000)
    for _ in range(5):
        excover.load("sudoku.xc", budget=budget)
    cases = tmp_path / "six.txt"
    cases.write_text("2 2\n1 0\n0 1\n" * 6)
    assert main(["count", str(ROOT / "puzzles" / "matrix.xc"), "-p", f"matrix=@{cases}", "--max-steps", "400"]) == 0
    assert capsys.readouterr().out == "1\n" * 6
    assert main(["count", str(ROOT / "puzzles" / "matrix.xc"), "-p", f"matrix=@{cases}", "--max-steps", "20"]) == 2
    assert "past its budget of 20 steps" in capsys.readouterr().err


def test_writing_a_big_number_is_charged_as_it_costs(tmp_path, capsys):
    """Writing a number of d digits in decimal takes time like d**2: str(2 ** 13999), 4,214
    digits, costs hundreds of steps, not the few its length would (70 times too few: a
    million-step budget ran for 6 s of CPU)."""
    path = tmp_path / "big.xc"
    path.write_text("let big = [str(2 ** 13999) for k in 1..100]\nprimary a\noption a\n")
    assert main(["count", str(path), "--max-steps", "20000"]) == 2
    assert "past its budget of 20,000 steps" in capsys.readouterr().err
    assert main(["count", str(path), "--max-steps", "100000"]) == 0
    assert capsys.readouterr().out == "1\n"


REPORTED = '''param g = grid """
1.
"""
primary cell(c) for c in 1..2
option "c{c}={v}": cell(c) for c in 1..2 for v in 1..2 show (1, c) = v
given "c{c}={g[r, c]}" for (r, c) in g.cells if g[r, c] != "."
report "first clue {g[1, 1]}"
'''


@pytest.mark.parametrize("fast", [True, False])
def test_a_loaded_model_stays_as_it_was_loaded(fast):
    """Reading other texts of a param (forced_by, answers: a batch) runs in a run of its own:
    the model's report still reads its own clues after (it said 'first clue 2' once another
    text had been read). Both ways of reading clues: the cell table and the statements run
    again (a let that reads the grid forces the second)."""
    text = REPORTED if fast else REPORTED.replace("report", 'let seen = g.cells\nreport')
    model = evaluate_text(text)
    assert model.report(1) == ["first clue 1"]
    assert model.forced_by("g", "2.") == (1,)
    assert [answer.found for answer in model.answers("g", ["2.", ".1"])] == [2, 2]
    assert model.report(1) == ["first clue 1"] and model.forced == (0,)


def test_clues_read_through_a_function_read_the_new_text():
    """The clues of another text run in a run of their own, functions too: a `def` that reads
    the param reads the new text (the run's closures were the first run's, and so were the
    names a function's body saw: the clues of '.. / .1' were none)."""
    model = evaluate_text('param g = grid "1. / .."\ndef at(r, c) = g[r, c]\n'
                  'primary cell(r, c) for r in 1..2 for c in 1..2\n'
                  'option "v{r}{c}": cell(r, c) for r in 1..2 for c in 1..2\n'
                  'given "v{r}{c}" for (r, c) in g.cells if at(r, c) != "."\n')
    labels = model.problem.labelled
    assert model.forced == (labels("v11"),)
    assert model.forced_by("g", ".. / .1") == (labels("v22"),)
    assert model.forced_by("g", ".1 / 1.") == (labels("v12"), labels("v21"))
    assert model.forced_by("g", ".. / ..") == ()
    assert model.language.clue_tables("g") is None  # (read the slow way: a function is called)


def test_each_param_has_its_own_clue_tables():
    """The tables planned for one param are not used for another: once g's clues had been
    read, the clues of a text of h were read as g's."""
    model = evaluate_text('param g = grid "1."\nparam h = grid ".."\nprimary cell(c) for c in 1..2\n'
                  'option "c{c}={v}": cell(c) for c in 1..2 for v in 1..2\n'
                  'given "c{c}={g[r, c]}" for (r, c) in g.cells if g[r, c] != "."\n'
                  'require h.width <= 2\n')
    labels = model.problem.labelled
    assert model.forced_by("g", ".2") == (labels("c2=2"),)
    assert model.forced_by("h", "2.") == (labels("c1=1"),)  # g's clues, as loaded
    assert model.language.clue_tables("g") is not None and model.language.clue_tables("h") is None


def test_every_statement_of_the_grammar_has_a_kind_and_a_method():
    """Each rule the grammar calls a statement is classified once (evaluate.KINDS), so that
    a new statement is not run again with another text's clues unless it says so; and each
    has the Run's method that runs it (an include is read with the program instead)."""
    from excover.language.evaluate import CLUE_KINDS, KINDS, Kind, Run
    from excover.language.parse import parser

    rules = parser().rules
    alternatives = {str(rule.expansion[0].name) for rule in rules if rule.origin.name == "statement"}
    statements = set()
    for name in alternatives:
        aliased = {rule.alias for rule in rules if rule.origin.name == name and rule.alias}
        statements |= aliased or {name}
    assert statements == set(KINDS)
    assert {name for name, kind in KINDS.items() if kind is not Kind.INCLUDE} == {
        name for name in statements if hasattr(Run, f"statement_{name}")}
    assert Kind.STRUCTURE not in CLUE_KINDS and Kind.CLUE in CLUE_KINDS


def test_a_program_is_read_once_and_shared_by_every_run(tmp_path):
    """The includes are read with the program, before anything runs (a missing one is said
    first), and the cases of a `cases` statement run the one program again."""
    from excover.language.program import read_program

    (tmp_path / "part.xc").write_text("let N = 2\n")
    (tmp_path / "main.xc").write_text('include "part.xc"\nprimary a\noption a\n')
    program = read_program(tmp_path / "main.xc")
    assert [statement.rule for statement in program.statements] == ["let", "primary", "option"]
    assert program.files == ((tmp_path / "main.xc").resolve(), (tmp_path / "part.xc").resolve())
    (tmp_path / "bad.xc").write_text('let x = nowhere\ninclude "gone.xc"\n')
    with pytest.raises(ExcoverError, match="cannot include 'gone.xc'") as caught:
        read_program(tmp_path / "bad.xc")
    assert (caught.value.line, caught.value.column) == (2, 9)


def test_a_syntax_error_names_what_the_model_may_write_there():
    """What the parser expected, as the model writes it: never the parser's own name for a
    token (lark calls '->' __ANON_0)."""
    import re

    for text in ("primary a b\noption a [b]\n", "symmetry a b\n", "primary a [1..\n", "option a b:\n"):
        with pytest.raises(ExcoverError) as caught:
            evaluate_text(text, "bad.xc")
        assert "expected" in caught.value.message and not re.search(r"__|_NL|[A-Z]{3,}", caught.value.message), \
            caught.value.message



def test_the_reference_names_every_built_in():
    """docs/language.md's reference lists every built-in function and value, so a modeller
    can look each one up."""
    from excover.language.builtins import BUILTINS

    reference = (ROOT / "docs" / "language.md").read_text().split("## Reference", 1)[1]
    missing = [name for name in BUILTINS if f"`{name}(" not in reference and f"`{name}`" not in reference]
    assert not missing


def test_a_text_is_parsed_once_and_what_is_kept_stays_bounded(monkeypatch):
    """Loading a model again (other params, another case) does not parse its text again; the
    trees kept are those of the last texts read, within KEPT_CHARACTERS, and a long text is
    never kept."""
    from excover.language import parse as parsing

    text = "primary a\noption a\n"
    assert parsing.parse(text, "one.xc") is parsing.parse(text, "other.xc")
    monkeypatch.setattr(parsing, "KEPT_CHARACTERS", 4_000)  # (a fiftieth, to be quick)
    for k in range(30):
        parsing.parse(f"let x{k} = {k}\n" * 20, "many.xc")
    assert parsing._Kept.characters == sum(len(kept) for kept, _ in parsing._Kept.trees) <= parsing.KEPT_CHARACTERS
    long = "let y = 1\n" * (parsing.KEPT_CHARACTERS // 50)  # 800 characters: more than a tenth
    parsing.parse(long, "long.xc")
    assert (long, "start") not in parsing._Kept.trees
    first = evaluate_text("param n = 2\nprimary a(k) for k in 1..n\noption a(k) for k in 1..n\n", "p.xc")
    again = evaluate_text("param n = 2\nprimary a(k) for k in 1..n\noption a(k) for k in 1..n\n", "p.xc", {"n": "3"})
    assert (len(first.problem.options), len(again.problem.options)) == (2, 3)


def test_a_run_pauses_the_cycle_collector_and_leaves_it_as_it_was():
    """A run builds much and frees little, so the collector waits until it ends (see
    excover._collector); it is on after the run if it was on before, and off if it was off."""
    import gc

    from excover._matrix import compile_problem

    text = "primary a(k) for k in 1..3000\noption a(k) for k in 1..3000\n"
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(counted)
    try:
        assert gc.isenabled()
        compile_problem(evaluate_text(text, "many.xc").problem)
        # (left alone, the collector would run some forty times; what each build made is
        # looked at once after it, by a young collection)
        assert len(collections) <= 3 and gc.isenabled()
        with pytest.raises(ExcoverError, match="is not declared"):
            evaluate_text(text + "option b\n", "wrong.xc")
        assert gc.isenabled()
        gc.disable()
        try:
            evaluate_text(text, "many.xc")
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        gc.callbacks.remove(counted)
