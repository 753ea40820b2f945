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


def count_covers(problem: Problem, forced=(), limit: int = 2) -> int:
    """How many solutions (up to `limit`) contain the forced options: plain backtracking over
    sets, on the first uncovered primary item; for problems whose primary items are covered
    exactly once and secondary items at most once, without colours."""
    options = [frozenset(option.names) for option in problem.options]
    primary = [item.name for item in problem.primary]
    naming = {name: [option for option in options if name in option] for name in primary}
    used: set[str] = set()
    for index in forced:
        if options[index] & used:
            return 0
        used |= options[index]

    def count() -> int:
        item = next((name for name in primary if name not in used), None)
        if item is None:
            return 1
        found = 0
        for option in naming[item]:
            if not option & used:
                used.update(option)
                found += count()
                used.difference_update(option)
                if found >= limit:
                    break
        return found

    return min(count(), limit)
