"""A brute-force oracle: every subset of the options, kept when Problem.verify accepts it.

Independent of both engines; only for problems with a handful of options.
"""

from itertools import combinations

from excover import Problem


def all_solutions(problem: Problem) -> set[frozenset[int]]:
    indices = range(len(problem.options))
    return {
        frozenset(subset)
        for size in range(len(problem.options) + 1)
        for subset in combinations(indices, size)
        if problem.is_solution(subset)
    }
