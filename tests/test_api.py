"""The Python API: excover.load and loads, the names in __all__, names with blanks."""

import pytest

import excover
from excover import ExcoverError, Problem

import shipped


def test_every_public_name_is_there():
    for name in excover.__all__:
        assert getattr(excover, name) is not None
    assert set(excover.__all__) <= set(dir(excover))
    with pytest.raises(AttributeError):
        excover.no_such_name


def test_load_finds_shipped_models_and_takes_python_values():
    assert excover.load("queens.xc", n=6).count() == 4
    assert excover.load("queens", n=6).count() == 4  # the extension may be left out
    assert excover.load("pentomino.xc", width=20, height=3, unique=True).count() == 2
    grid = "2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5"
    assert excover.load("killer.xc", cages=grid).is_unique()
    model = excover.loads("param sizes = [1, 2]\nparam names = {'a': 1}\nparam on = true\n"
                          "primary x(k) for k in sizes if on\noption x(k) for k in sizes",
                          sizes=[3, 4, 5], names={"b": 2, "c": (1, "d")}, on=True)
    assert [item.name for item in model.problem.primary] == ["x(3)", "x(4)", "x(5)"]
    with pytest.raises(ExcoverError, match="sizes is a list, not an integer"):
        excover.loads("param sizes = [1, 2]\nprimary a\noption a", sizes=5)
    with pytest.raises(ExcoverError, match="cannot be a param's value"):
        excover.loads("param x = 1\nprimary a\noption a", x=1.5)


def test_a_loaded_model_searches_with_its_clues_forced():
    sudoku = excover.load("sudoku.xc")
    assert len(sudoku.forced) == 30 and sudoku.is_unique()
    solution = sudoku.first()
    assert set(sudoku.forced) <= set(solution.indices)
    assert [s.indices for s in sudoku.solve()] == [solution.indices]
    assert excover.load("sudoku.xc", givens="empty", box_rows=2, box_cols=2).count(jobs=2) == 288


def test_count_on_several_jobs():
    queens = excover.load("queens.xc", n=8).problem
    assert queens.count(jobs=2) == queens.count() == 92
    with pytest.raises(ValueError, match="does not go with seed: they split the search"):
        queens.count(jobs=2, seed=1)


def test_item_names_with_blanks_inside_brackets():
    problem = Problem(primary=["cell(1, 1)", "cell(1, 2)"], secondary=["digit(1, 2)"],
                      options=["cell(1, 1) digit(1, 2):in", "cell(1, 2) digit(1, 2):in", "cell(1, 1) cell(1, 2)"])
    assert problem.options[0].items == (("cell(1, 1)", None), ("digit(1, 2)", "in"))
    assert problem.count() == 2
    assert Problem(primary=["a", "b"], options=["a b:", "a", "b"]).options[0].items == (("a", None), ("b", None))


def test_a_loaded_model_reads_other_clues_for_its_problem():
    """Everything the language knows is asked of the model: the clues of another text of a
    param (a batch line, a generated puzzle), with the problem built once."""
    model = excover.load("sudoku.xc", givens="empty")
    line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    forced = model.forced_by("givens", line)
    assert len(forced) == 32 and model.problem.count(forced=forced) == 1
    assert model.param_forcing(forced, line) == "givens"
    with pytest.raises(ExcoverError, match="declares no param 'clues'"):
        model.forced_by("clues", line)
    queens = excover.load("queens.xc", n=5)
    with pytest.raises(ExcoverError, match="items or options depend on 'n'"):
        queens.check_clue_param("n")
    from excover._dlx_format import read

    knuth = excover.LoadedModel(read("a b\na\nb\n", "toy.dlx").problem)
    with pytest.raises(ExcoverError, match="declares no param"):
        knuth.forced_by("givens", line)
    assert knuth.param_forcing([0], "x") is None


def test_a_batch_of_texts_is_answered_one_by_one_with_the_problem_built_once():
    model = excover.load("sudoku.xc", givens="empty")
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    several = "." * 81
    answers = list(model.answers("givens", [good, good[:40], several, good], chunk=2))
    assert [answer.found for answer in answers] == [1, 0, 2, 1]
    assert answers[1].error is not None and "9 rows of 9" in answers[1].error and answers[1].first is None
    assert answers[0].first == answers[3].first and model.problem.is_solution(model.problem.solution(answers[0].first))
    assert answers[2].error is None and answers[2].first is not None


def test_the_public_face_reads_and_writes_knuths_format_and_makes_puzzles():
    reading = excover.read_dlx("a b | x\na x:1\nb x:1\nb\n", "toy.dlx")
    assert isinstance(reading, excover.Reading) and reading.problem.count() == 2
    again = excover.read_dlx(excover.write_dlx(reading.problem)).problem
    assert again.count() == 2 and again.as_dict()["primary"] == reading.problem.as_dict()["primary"]
    puzzle = excover.generate(excover.load("sudoku.xc", box_rows=2, box_cols=2, givens="empty").problem, seed=1)
    assert isinstance(puzzle, excover.Puzzle) and puzzle.minimal


def test_a_per_cell_check_of_a_batch_is_looked_up_and_still_says_what_is_wrong():
    """sudoku.xc's `require all([... for (r, c) in givens.cells])` is checked once per (cell,
    value) in a batch; a line with a stray character still gets the statement's message."""
    model = excover.load("sudoku.xc", givens="empty")
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    answers = list(model.answers("givens", [good, good[:5] + "x" + good[6:], good.replace("0", "-"), good]))
    assert [answer.found for answer in answers] == [1, 0, 1, 1]
    assert answers[1].error == "the givens hold 'x', neither a symbol nor a blank"
    checks = model.language.clue_tables("givens").checks
    assert any(check is not None and check.known for *_, check in checks)  # the table was used


def test_search_settings_are_typed_keywords():
    """A misspelt setting is a TypeError at the call, a meaningless one a ValueError, and the
    settings are one frozen record the engines share."""
    from excover.engine import SearchSettings

    queens = excover.load("queens.xc", n=6)
    for call in (lambda: queens.problem.search(max_solution=1), lambda: queens.solve(limit_nodes=3),
                 lambda: queens.is_unique(seeds=2), lambda: queens.count(metod="memo")):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(ValueError, match="max_nodes must be a whole number"):
        queens.first(max_nodes=-1)
    with pytest.raises(ValueError, match="unknown method"):
        SearchSettings(method="fast")
    settings = SearchSettings(forced=[3, 1])
    assert settings.forced == (3, 1)
    with pytest.raises(AttributeError):
        settings.seed = 4  # frozen
    assert [s.indices for s in queens.solve(forced=[queens.first().indices[0]])] == [queens.first().indices]


LARGER = [  # every shipped model at sizes past 9 (where "{r}{c}" labels would clash)
    ("queens.xc", {"n": 12}), ("langford.xc", {"n": 12}), ("sudoku.xc", {"givens": "empty", "box_rows": 4, "box_cols": 4}),
    ("pentomino.xc", {"width": 12, "height": 5}), ("hexiamonds.xc", {"width": 12, "height": 12}),
    ("tetrahexes.xc", {"width": 12, "height": 12}), ("tcube.xc", {"size": 12}), ("matching.xc", {"graph": "grid", "width": 12, "height": 12}),
    ("samurai.xc", {}), ("killer.xc", {}), ("jigsaw.xc", {}), ("calendar.xc", {"month": "Dec", "day": 31}),
    ("soma.xc", {}), ("matrix.xc", {"matrix": "12 12\n" + "\n".join(" ".join("1" if c == r else "0" for c in range(12))
                                                                   for r in range(12))}),
]


@pytest.mark.parametrize("name, params", shipped.every(LARGER, name=lambda row: row[0]))
def test_every_shipped_models_labels_name_one_option_each(name, params):
    """A label names one option (a given, --given and a generated puzzle name options by it):
    queens' "Q{r}{c}" made Q111 both row 1, column 11 and row 11, column 1 from n = 10."""
    model = excover.load(name, **params)
    labels = [str(option) for option in model.problem.options]  # (an option without a label reads as its items)
    assert len(labels) == len(set(labels)), [label for label in labels if labels.count(label) > 1][:3]
    assert model.problem.labelled(labels[-1]) == len(labels) - 1


def test_python_prints_what_the_command_draws(capsys):
    """A model's repr is short (a sudoku's was 129,721 characters, a pentomino's 496,220); str()
    of a solution is the picture `run` draws, of a model with clues its puzzle; svg() is the
    picture --svg writes."""
    from excover.cli import main

    sudoku = excover.load("sudoku.xc")
    assert repr(sudoku) == "LoadedModel('sudoku.xc', 324 primary items, 0 secondary items, 729 options, 30 forced)"
    assert repr(sudoku.problem) == "Problem(324 primary items, 0 secondary items, 729 options)"
    assert len(repr(excover.load("pentomino.xc"))) < 120
    capsys.readouterr()
    assert main(["run", "sudoku.xc"]) == 0
    assert str(sudoku.first()) in capsys.readouterr().out and "5 3 4" in str(sudoku.first())
    puzzle = str(sudoku)
    assert puzzle.splitlines()[1] == "│5 3  │  7  │     │"
    assert str(excover.loads("primary a\noption a")).startswith("LoadedModel(")
    assert str(Problem(primary="ab", options=["a b"]).first()).splitlines()[1].split() == ["│", "option", "│", "a",
                                                                                          "│", "b", "│"]
    assert sudoku.first().svg().startswith("<svg")
