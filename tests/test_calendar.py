"""puzzles/calendar.xc: every date of the year against the published counts."""

import re
from pathlib import Path

import pytest

from excover.cli import main
from excover.language import evaluate_file

from shared_data import data_path
from tiling_rules import is_tiling

CALENDAR = Path(__file__).parent.parent / "puzzles" / "calendar.xc"
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
PIECES = {  # written out again here, independently of the model's library
    "O": [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
    "L": [(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)],
    "N": [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    "Y": [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
}
BOARD = [(r, c) for r in range(1, 8) for c in range(1, 8) if not (r <= 2 and c == 7) and not (r == 7 and c >= 4)]


def position(month, day):
    k = MONTHS.index(month)
    return (1 + k // 6, 1 + k % 6), (3 + (day - 1) // 7, 1 + (day - 1) % 7)


def published_counts():
    text = data_path("apad", "anowell_count_solutions.txt").read_text()
    return {(MONTHS[int(m) - 1], int(d)): int(n) for m, d, n in re.findall(r"(\d\d)-(\d\d) has (\d+) solutions", text)}


@pytest.mark.heavy
def test_every_date_of_the_year_has_the_published_number_of_solutions():
    model = evaluate_file(CALENDAR, {"month": "Jan", "day": "1"})
    labels = {option.label: k for k, option in enumerate(model.problem.options)}
    expected = published_counts()
    assert len(expected) == 366 and sum(expected.values()) == 24405
    found = {(month, day): model.problem.count(forced=[labels[f"month {month}"], labels[f"day {day}"]])
             for month, day in expected}
    assert found == expected


def test_october_6th_solutions_are_tilings_that_leave_the_date_open():
    model = evaluate_file(CALENDAR, {"month": "Oct", "day": "6"})
    solutions = list(model.problem.solve(forced=model.forced))
    assert len(solutions) == 7
    open_cells = set(position("Oct", 6))
    for solution in solutions:
        assert model.problem.is_solution(solution)
        pieces = [(option.names[0][6:-1], [cell for cell in option.data["show"]])
                  for option in solution.options if option.names[0].startswith("piece(")]
        assert is_tiling(pieces, [cell for cell in BOARD if cell not in open_cells], PIECES)


def test_the_cli_counts_a_date_from_its_params(capsys):
    assert main(["count", str(CALENDAR), "-p", "month=Oct", "-p", "day=6"]) == 0
    assert capsys.readouterr().out == "7\n"
