"""puzzles/sudoku.xc against an independent checker and public puzzles."""

from pathlib import Path

import pytest

from excover.cli import main
from excover.language.evaluate import evaluate_file

from shared_data import data_path
from sudoku_rules import is_solved_grid

SUDOKU = Path(__file__).parent.parent / "puzzles" / "sudoku.xc"


def solve(givens=None):
    model = evaluate_file(SUDOKU, {"givens": givens} if givens else None)
    solutions = list(model.problem.solve(forced=model.forced, limit=2))
    return model, solutions


def rows_of(solution):
    cells = {}
    for option in solution.options:
        cells.update(option.data["show"])
    return ["".join(str(cells[r, c]) for c in range(1, 10)) for r in range(1, 10)]


def test_the_default_puzzle_has_one_solution_obeying_the_rules():
    model, solutions = solve()
    assert len(solutions) == 1
    assert is_solved_grid(rows_of(solutions[0]))
    assert model.problem.is_solution(solutions[0])


def test_givens_as_an_81_character_line_with_dots_or_zeros():
    line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    _, solutions = solve(line)
    assert len(solutions) == 1 and is_solved_grid(rows_of(solutions[0]), line)
    _, again = solve(line.replace("0", "."))
    assert rows_of(again[0]) == rows_of(solutions[0])


def test_project_euler_96_sum():
    from excover.language import evaluate_file

    lines = data_path("sudoku9", "project_euler_096.txt").read_text().split()
    model = evaluate_file(SUDOKU, {"givens": "empty"})  # the model built once, each puzzle's clues forced
    total = 0
    for line in lines:
        solutions = list(model.problem.solve(forced=model.forced_by("givens", line), limit=2))
        assert len(solutions) == 1 and is_solved_grid(rows_of(solutions[0]), line)
        total += int(rows_of(solutions[0])[0][:3])
    assert total == 24702


def test_batch_solves_each_line_against_one_model(tmp_path, capsys):
    lines = data_path("sudoku9", "top95.txt").read_text().split()[:10]
    batch = tmp_path / "puzzles.txt"
    batch.write_text("\n".join(lines) + "\n")
    assert main(["run", str(SUDOKU), "--batch", f"givens={batch}"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 10
    for line, answer in zip(lines, out):
        assert is_solved_grid([answer[k:k + 9] for k in range(0, 81, 9)], line)


def test_batch_reports_no_solution_and_answers_that_are_not_unique(tmp_path, capsys):
    batch = tmp_path / "puzzles.txt"
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    two = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87."
    batch.write_text(f"{good}\n{'1' * 81}\n{two}\n")
    assert main(["run", str(SUDOKU), "--batch", f"givens={batch}"]) == 1
    first, second, third = capsys.readouterr().out.splitlines()
    assert len(first) == 81 and second == "no solution"
    assert third.endswith(" (not unique)") and is_solved_grid([third[k:k + 9] for k in range(0, 81, 9)], two)


def test_batch_stats_are_its_lines_answers_and_every_search_s_nodes(tmp_path, capsys):
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    batch = tmp_path / "puzzles.txt"
    batch.write_text(f"{good}\n{'.' * 81}\nnot a grid\n")
    assert main(["run", str(SUDOKU), "--batch", f"givens={batch}", "--stats"]) == 2
    stats = capsys.readouterr().err.splitlines()[0]
    model = evaluate_file(SUDOKU)
    nodes = sum(_nodes(model, text) for text in (good, "." * 81))
    assert stats.startswith(f"3 lines: 2 solved (1 not unique), 1 unreadable; {nodes} nodes, ")


def _nodes(model, text):
    search = model.problem.search(forced=model.forced_by("givens", text), max_solutions=2)
    search.count()
    return search.nodes


@pytest.mark.slow
def test_all_95_top_puzzles():
    for line in data_path("sudoku9", "top95.txt").read_text().split():
        _, solutions = solve(line)
        assert len(solutions) == 1 and is_solved_grid(rows_of(solutions[0]), line)


def test_a_line_of_another_shape_fails_its_require_even_after_good_lines(tmp_path, capsys):
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    batch = tmp_path / "puzzles.txt"
    batch.write_text(f"{good}\n{good[:64]}\n{good}\n{good}0\n")  # 8x8 and one row of 82
    assert main(["run", str(SUDOKU), "--batch", f"givens={batch}"]) == 2  # bad input, though the rest is solved
    out, err = capsys.readouterr()
    first, second, third, fourth = out.splitlines()
    assert err == "excover: error: 2 of 4 lines could not be read\n"
    assert len(first) == 81 and first == third
    assert second.startswith("error: line 2: the givens must be 9 rows of 9")
    assert fourth.startswith("error: line 4: the givens must be 9 rows of 9")


def test_each_batch_line_gets_the_whole_step_budget(tmp_path, capsys):
    line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    batch = tmp_path / "puzzles.txt"
    batch.write_text(f"{line}\n" * 60)  # loading takes about 44,000 steps, each line about 1,000
    assert main(["run", str(SUDOKU), "--batch", f"givens={batch}", "--max-steps", "50000"]) == 0
    assert all(len(answer) == 81 for answer in capsys.readouterr().out.splitlines())


def test_the_clue_table_gives_what_full_evaluation_gives():
    from excover.language.evaluate import evaluate_file

    lines = data_path("sudoku9", "top95.txt").read_text().split()[:20]
    evaluation = evaluate_file(SUDOKU, {"givens": lines[0]}).language
    for line in lines:  # the slow way evaluates the clue statement in full
        assert evaluation.forced_by("givens", line) == evaluation.forced_by("givens", line, tables=False)
    assert evaluation.clue_tables("givens")


def test_clues_looked_up_by_position_agree_with_full_evaluation_in_every_spelling():
    from excover._errors import ExcoverError
    from excover.language.evaluate import evaluate_file

    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    dotted = good.replace("0", ".")
    rows = "\n".join(dotted[k:k + 9] for k in range(0, 81, 9))
    lines = [good, dotted, rows, dotted.replace("3", "x", 1), good[:-1] + "7", "/".join(rows.split()), dotted]
    evaluation = evaluate_file(SUDOKU, {"givens": good}).language

    def clues(line, tables):
        try:
            return evaluation.forced_by("givens", line, tables=tables)
        except ExcoverError as error:
            return error.message

    answers = [clues(line, True) for line in lines]
    assert answers == [clues(line, False) for line in lines]
    assert answers[0] == answers[1] == answers[2] == answers[5] == answers[6] and len(answers[0]) == 32
    assert "the givens hold 'x', neither a symbol nor a blank" in answers[3]


def test_a_clue_statement_of_another_form_is_evaluated_in_full(tmp_path, capsys):
    model = tmp_path / "m.xc"
    model.write_text("param g = grid \"..\"\ndef twice(x) = x + x\nprimary a b\n"
                     "option \"aa\": a\noption \"bb\": b\noption \"xx\": a b\n"
                     "given \"{twice(g[r, c])}\" for (r, c) in g.cells if g[r, c] != \".\"\n")
    batch = tmp_path / "lines.txt"
    batch.write_text("a.\n.b\nab\nx.\n")
    assert main(["run", str(model), "--batch", f"g={batch}"]) == 0
    assert capsys.readouterr().out.splitlines() == ["aa | bb", "aa | bb", "aa | bb", "xx"]
