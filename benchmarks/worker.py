"""Times one solver on one suite entry; run by benchmarks/run.py in the solver's own Python.

    python worker.py SOLVER ENTRY REPEAT DATA_DIR [WORDS]

prints one JSON line: {"count": total solutions, "times": [search seconds per repeat],
"cpu": [the same in CPU seconds], "nodes": excover's search nodes (excover only)}. Search
time covers solving only: building the solver's input is done before the clock starts
(and, for the JIT-compiled peer, a warm-up run compiles it first).
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from instances import suite


def excover_solver(instance):
    """From the same lists the peers get: the model, its compilation and the search."""
    from excover import Problem

    def solve():
        search = Problem(primary=instance.primary, secondary=instance.secondary, options=instance.options).search()
        count = search.count()
        NODES.append(search.nodes)
        return count

    return solve


NODES: list[int] = []  # excover's search nodes, solve after solve


def xcover_solver(instance):
    from xcover import covers

    options = [list(option) for option in instance.options]
    coloured = any(":" in name for option in options for name in option)

    def solve():
        return sum(1 for _ in covers(options, primary=instance.primary, secondary=instance.secondary,
                                     colored=coloured))

    return solve


def exact_cover_solver(instance):
    """exact_cover knows no secondary items: each gets a one-item slack option (same count)."""
    import numpy as np
    from exact_cover import get_solution_count

    if any(":" in name for option in instance.options for name in option):
        raise SystemExit("exact_cover has no colours")
    columns = {name: k for k, name in enumerate(instance.primary + instance.secondary)}
    rows = [option for option in instance.options] + [[name] for name in instance.secondary]
    matrix = np.zeros((len(rows), len(columns)), dtype=np.int32)
    for r, option in enumerate(rows):
        for name in option:
            matrix[r, columns[name]] = 1
    return lambda: int(get_solution_count(matrix))


def excover_batch(instances):
    """Puzzles of one kind: excover's way is one model, each puzzle's clues forced options."""
    from instances import sudoku, sudoku_clues

    from excover import Problem

    def solve():
        empty = sudoku()
        problem = Problem(primary=empty.primary, options=empty.options)
        total = 0
        for instance in instances:
            search = problem.search(forced=sudoku_clues(instance.givens))
            total += search.count()
            NODES.append(search.nodes)
        return total

    return solve


SOLVERS = {"excover": excover_solver, "xcover": xcover_solver, "exact_cover": exact_cover_solver}


def main():
    solver_name, entry, repeat, data_dir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    instances = suite(data_dir, sys.argv[5] if len(sys.argv) > 5 else None)[entry]
    if solver_name == "excover" and all(instance.givens for instance in instances):
        solvers = [excover_batch(instances)]
    else:
        solvers = [SOLVERS[solver_name](instance) for instance in instances]
    if solver_name == "xcover":
        for solve in solvers[:1]:
            solve()  # numba compiles on the first call
    times, cpu, count = [], [], 0
    for _ in range(repeat):
        NODES.clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        count = sum(solve() for solve in solvers)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    print(json.dumps({"count": count, "times": times, "cpu": cpu, "nodes": sum(NODES) if NODES else None}))


if __name__ == "__main__":
    main()
