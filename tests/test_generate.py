"""Generated puzzles: exactly one solution (by the engine and by counters written here),
minimal, symmetric on request, and the command line's round trip."""

import re
from pathlib import Path

import pytest

from excover.cli import main
from excover._generate import generate
from excover.language import evaluate_file

import shipped
from oracle import count_covers
from sudoku_rules import count_fillings, sudoku_units

PUZZLES = Path(__file__).parent.parent / "puzzles"


def clue_cells(problem, clues):
    cells = {}
    for index in clues:
        cells.update(problem.options[index].data["show"])
    return {cell: str(value) for cell, value in cells.items()}


@pytest.mark.parametrize("seed", [1, 2, *(pytest.param(seed, marks=pytest.mark.heavy) for seed in (3, 4, 5))])
def test_sudoku_puzzles_are_unique_and_minimal(seed):
    problem = shipped.model("sudoku.xc", givens="empty").problem
    puzzle = generate(problem, seed=seed)
    assert problem.is_unique(forced=puzzle.clues) and puzzle.minimal
    assert problem.is_solution(puzzle.solution) and set(puzzle.clues) <= set(puzzle.solution)
    clues = clue_cells(problem, puzzle.clues)
    units = sudoku_units()
    assert count_fillings(clues, units, "123456789") == 1
    for cell in clues:  # minimal: without any one clue, more than one answer
        assert count_fillings({c: v for c, v in clues.items() if c != cell}, units, "123456789") == 2
    assert 17 <= len(clues) <= 35


def test_the_same_seed_gives_the_same_puzzle_and_another_seed_another():
    problem = shipped.model("sudoku.xc", givens="empty").problem
    assert generate(problem, seed=11) == generate(problem, seed=11)
    assert generate(problem, seed=11).solution != generate(problem, seed=12).solution


def test_symmetric_puzzles_keep_clues_in_half_turn_pairs():
    problem = shipped.model("sudoku.xc", givens="empty").problem
    for seed in (1, 2):
        puzzle = generate(problem, seed=seed, symmetric=True)
        cells = clue_cells(problem, puzzle.clues)
        assert all((10 - r, 10 - c) in cells for r, c in cells)
        assert count_fillings(cells, sudoku_units(), "123456789") == 1


def test_a_clue_target_stops_early_and_says_the_puzzle_may_not_be_minimal():
    problem = shipped.model("sudoku.xc", givens="empty").problem
    puzzle = generate(problem, seed=3, givens=32)
    assert len(puzzle.clues) == 32 and not puzzle.minimal
    assert count_fillings(clue_cells(problem, puzzle.clues), sudoku_units(), "123456789") == 1


@pytest.mark.heavy
def test_16x16_puzzles_are_unique():
    symbols = "ABCDEFGHIJKLMNOP"
    problem = evaluate_file(PUZZLES / "sudoku.xc", {"givens": "empty", "box_rows": "4", "box_cols": "4",
                                            "symbols": symbols}).problem
    puzzle = generate(problem, seed=1)
    assert puzzle.minimal and problem.is_unique(forced=puzzle.clues)
    assert count_fillings(clue_cells(problem, puzzle.clues), sudoku_units(4, 4), symbols) == 1


def test_jigsaw_puzzles_are_unique_and_minimal():
    model = evaluate_file(PUZZLES / "jigsaw.xc", {"givens": "empty"})
    problem = model.problem
    puzzle = generate(problem, seed=4)
    clues = clue_cells(problem, puzzle.clues)
    areas = {}
    for cell, area in model.outline.items():
        areas.setdefault(area, []).append(cell)
    size = len(areas)
    units = [[(r, c) for c in range(1, size + 1)] for r in range(1, size + 1)]
    units += [[(r, c) for r in range(1, size + 1)] for c in range(1, size + 1)] + list(areas.values())
    symbols = "".join(str(d) for d in range(1, size + 1))
    assert count_fillings(clues, units, symbols) == 1
    assert all(count_fillings({c: v for c, v in clues.items() if c != cell}, units, symbols) == 2 for cell in clues)


@pytest.mark.slow  # the independent counter takes about 20 s on the 369 cells
def test_samurai_puzzles_are_unique():
    problem = evaluate_file(PUZZLES / "samurai.xc").problem
    puzzle = generate(problem, seed=2)
    units = [unit for top, left in [(1, 1), (1, 13), (7, 7), (13, 1), (13, 13)] for unit in sudoku_units(3, 3, top, left)]
    assert count_fillings(clue_cells(problem, puzzle.clues), units, "123456789") == 1
    assert puzzle.minimal and problem.is_unique(forced=puzzle.clues)


@pytest.mark.parametrize("name, params", [("calendar.xc", {"month": "Oct", "day": "6"}),
                                          ("soma.xc", {})])
def test_tiling_puzzles_fix_pieces_until_the_rest_is_forced(name, params):
    model = evaluate_file(PUZZLES / name, params)
    problem = model.problem
    puzzle = generate(problem, seed=5, forced=model.forced)
    assert set(model.forced) <= set(puzzle.clues)
    assert count_covers(problem, puzzle.clues) == 1
    for clue in set(puzzle.clues) - set(model.forced):
        assert count_covers(problem, [c for c in puzzle.clues if c != clue]) == 2


def test_generate_prints_the_puzzle_and_a_param_that_feeds_back(capsys):
    assert main(["generate", str(PUZZLES / "sudoku.xc"), "-p", "givens=empty", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0]
    clues = int(re.search(r"(\d+) clues, minimal", header)[1])
    setting = re.search(r"As a param: -p (givens=\S+)", out)[1]
    assert len(setting) == len("givens=") + 81 and 81 - setting.count(".") == clues
    assert main(["run", str(PUZZLES / "sudoku.xc"), "-p", setting, "--unique"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "unique"


def test_generate_gives_labels_to_force_when_no_param_takes_the_clues(capsys):
    assert main(["generate", str(PUZZLES / "calendar.xc"), "-p", "month=Oct", "-p", "day=6", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    labels = re.findall(r"--given '([^']+)'", out.splitlines()[-1])
    assert labels
    argv = ["run", str(PUZZLES / "calendar.xc"), "-p", "month=Oct", "-p", "day=6", "--unique"]
    assert main(argv + [part for label in labels for part in ("--given", label)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "unique"


def test_run_unique_says_unique_none_or_how_many(tmp_path, capsys):
    path = tmp_path / "m.xc"
    path.write_text("primary a b\noption a\noption b\noption a b\n")
    assert main(["run", str(path), "--unique"]) == 3
    assert capsys.readouterr().out.splitlines()[-1] == "2 solutions (showing 2)"
    assert main(["run", str(path), "--unique", "--given", "a b"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "unique"
    path.write_text("primary a b\noption a\n")
    assert main(["run", str(path), "--unique"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "no solution"
    assert main(["run", str(PUZZLES / "sudoku.xc"), "-p", "givens=empty", "--unique"]) == 3
    assert capsys.readouterr().out.splitlines()[-1] == "more than 10,000 solutions (showing 2)"


def test_given_names_an_option_by_its_label(capsys):
    assert main(["run", str(PUZZLES / "sudoku.xc"), "--given", "r1c1=9"]) == 1  # the default clues say 5
    assert capsys.readouterr().out.splitlines()[-1] == "no solution"
    assert main(["run", str(PUZZLES / "sudoku.xc"), "--given", "r1c1=x"]) == 2
    assert "--given 'r1c1=x': no option is labelled 'r1c1=x'" in capsys.readouterr().err


def test_a_model_whose_answer_is_already_unique_needs_no_clue(capsys):
    assert main(["generate", str(PUZZLES / "knuth_toy.dlx"), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The model's answer is unique without any clue") and "As givens" not in out


def test_many_puzzles_as_lines_feed_a_batch_run(tmp_path, capsys):
    assert main(["generate", str(PUZZLES / "sudoku.xc"), "-p", "givens=empty", "--seed", "1", "--count", "5",
                 "--format", "line"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and len(set(lines)) == 5 and all(len(line) == 81 for line in lines)
    puzzles = tmp_path / "made.txt"
    puzzles.write_text("\n".join(lines) + "\n")
    assert main(["run", str(PUZZLES / "sudoku.xc"), "--batch", f"givens={puzzles}"]) == 0
    answers = capsys.readouterr().out.splitlines()
    assert len(answers) == 5 and all(len(answer) == 81 for answer in answers)  # none "(not unique)"


def test_generate_as_json_names_the_clues_and_the_param(capsys):
    import json

    assert main(["generate", str(PUZZLES / "sudoku.xc"), "-p", "givens=empty", "--seed", "7", "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["seed"] == 7 and record["minimal"] and record["param"].startswith("givens=")
    assert len(record["clues"]) == len(record["indices"]) == 81 - record["param"].count(".")


def test_a_symmetric_puzzle_is_called_minimal_only_when_no_single_clue_can_go():
    problem = shipped.model("sudoku.xc", givens="empty").problem
    for seed in (1, 2, 3):
        puzzle = generate(problem, seed=seed, symmetric=True)
        cells = clue_cells(problem, puzzle.clues)
        single = any(count_fillings({c: v for c, v in cells.items() if c != cell}, sudoku_units(), "123456789") == 1
                     for cell in cells)
        assert puzzle.pairs_minimal and puzzle.minimal == (not single)
