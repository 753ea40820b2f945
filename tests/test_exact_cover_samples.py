"""Raw 0/1 matrices from the exact-cover-samples package, with their full lists of solutions."""

import csv

import pytest

from excover import Problem

from shared_data import data_path

FAST = ["langford-3", "langford-4", "langford-5", "langford-6", "langford-7", "langford-8",
        "langford-9", "langford-10", "xcover-550", "pentominos-3-20"]
SLOW = ["pentominos-2-5-6", "pentominos-8-8"]


def matrix_problem(rows: list[list[bool]]) -> Problem:
    columns = len(rows[0])
    return Problem(primary=[f"c{j}" for j in range(columns)],
                   options=[[f"c{j}" for j, bit in enumerate(row) if bit] for row in rows])


def load(name: str) -> tuple[Problem, set[frozenset[int]]]:
    with open(data_path("exact-cover-samples", f"{name}.csv")) as matrix_file:
        rows = [[cell in ("1", "True") for cell in row] for row in csv.reader(matrix_file)]
    with open(data_path("exact-cover-samples", f"{name}-solutions.csv")) as solutions_file:
        expected = {frozenset(int(cell) for cell in row) for row in csv.reader(solutions_file) if row}
    return matrix_problem(rows), expected


def check(name):
    problem, expected = load(name)
    found = [frozenset(s.indices) for s in problem.solve()]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert all(problem.is_solution(s) for s in found)


@pytest.mark.parametrize("name", FAST)
def test_same_solutions_as_published(name):
    check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_same_solutions_as_published_slow(name):
    check(name)
