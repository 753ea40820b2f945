"""Puzzles with unique answers, made from any model whose options can be forced.

A puzzle is a set of *clues*, options of one solution that are forced, such that exactly one
solution contains them all. To make one: take a random solution (the engine with a seed
orders options and breaks ties at random), treat every option it chose as a clue, and
remove clues one at a time, in random order, keeping a removal only when the clues left
still force a unique answer. Every check is a search on the same matrix, restarted with
other forced options and stopped at the second solution.

One pass leaves a *minimal* puzzle: if removing clue c once left several answers, removing
it from any smaller clue set leaves at least as many, so no clue skipped on the way can go
later. With ``symmetric``, clues go in pairs (a cell and its image under a half turn of the
grid), the way published sudokus are set: the pass then proves that no pair can go
(`pairs_minimal`), and the puzzle is called `minimal` only when each single clue is found
needed too (usually one of a pair could go).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from excover._errors import ExcoverError
from excover._model import Problem


@attrs.frozen
class Puzzle:
    """A generated puzzle: its clues force exactly one solution."""

    clues: tuple[int, ...]  # option indices, the model's own forced options included
    solution: tuple[int, ...]  # the options of the one solution
    nodes: int  # search nodes to solve it from its clues and prove the answer unique
    minimal: bool  # whether no single clue can be removed (the answer would not be unique)
    pairs_minimal: bool = False  # symmetric puzzles: whether no related pair of clues can be removed


def generate(problem: Problem, *, seed: int | None = None, givens: int | None = None, symmetric: bool = False,
             forced: Sequence[int] = ()) -> Puzzle:
    """A puzzle made from a random solution of `problem` (reproducible for the same seed).

    `forced` options are forced throughout and always among the clues (a model's own givens).
    Clues are removed until no more can go (a minimal puzzle) or only `givens` are left.
    `symmetric` removes them in pairs related by a half turn of the grid the options show.
    """
    fixed = tuple(dict.fromkeys(forced))
    solution = next(problem.search(seed=seed, forced=fixed, max_solutions=1).solutions(), None)
    if solution is None:
        raise ExcoverError("the model has no solution to make a puzzle from")
    solution = tuple(solution)
    groups = _clue_groups([index for index in solution if index not in fixed], problem, symmetric)
    random.Random(seed).shuffle(groups)
    clues = set(solution)
    checker = problem.search(forced=solution, max_solutions=2)

    def unique(forced: set[int]) -> bool:
        return checker.first_of_each([sorted(forced)])[0][0] == 1

    stopped_early = False
    for group in groups:
        if givens is not None and len(clues) <= givens:
            stopped_early = True
            break
        if unique(clues - group):
            clues -= group
    removable = [group for group in groups if group <= clues]
    groups_minimal = not stopped_early or all(not unique(clues - group) for group in removable)
    # One pass proves no group can go; when groups are pairs, single clues are tried here.
    singles = [{index} for index in clues if index not in fixed]
    minimal = groups_minimal and (not symmetric or all(not unique(clues - single) for single in singles))
    ordered = tuple(sorted(clues))
    proof = problem.search(forced=ordered, max_solutions=2)
    proof.count()
    return Puzzle(ordered, tuple(sorted(solution)), proof.nodes, minimal, symmetric and groups_minimal)


def _clue_groups(candidates: list[int], problem: Problem, symmetric: bool) -> list[set[int]]:
    """The units of removal: each clue alone, or with its image under a half turn."""
    if not symmetric:
        return [{index} for index in candidates]
    cells = {index: _shown_cells(problem, index) for index in candidates}
    if not all(cells.values()):
        raise ExcoverError("--symmetric needs a model whose options show cells (row, column) of a grid")
    painted = {cell: index for index, option_cells in cells.items() for cell in option_cells}
    rows = [r for r, _ in painted]
    cols = [c for _, c in painted]
    top_bottom, left_right = min(rows) + max(rows), min(cols) + max(cols)
    groups: list[set[int]] = []
    seen: set[int] = set()
    for index in candidates:
        if index in seen:
            continue
        r, c = min(cells[index])
        partner = painted.get((top_bottom - r, left_right - c), index)  # itself, at the centre
        group = {index, partner}
        seen |= group
        groups.append(group)
    return groups


def _shown_cells(problem: Problem, index: int) -> list[tuple[int, int]]:
    show = problem.options[index].show
    cells = [cell for cell in show if isinstance(cell, tuple) and len(cell) == 2
             and all(isinstance(v, int) for v in cell)]
    return cells if cells and len(cells) == len(show) else []
