"""Puzzle generation speed: `python benchmarks/generate.py [--count 100] [--symmetric]`.

Generates minimal 9x9 sudokus from puzzles/sudoku.xc (seeds 1..count, the model built once,
as `excover generate sudoku.xc -p givens=empty --seed S` does for one), checks each with an
independent counter (Norvig's propagation, nothing shared with the solver) for a unique answer,
and prints the median and slowest time a puzzle, how many are minimal (no single clue can go;
with --symmetric also how many have no pair of clues that can go), the distribution of clue
counts and the
median number of search nodes to solve a puzzle and prove it unique.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

from excover import generate
from excover.language import evaluate_file

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from sudoku_rules import count_fillings, sudoku_units  # noqa: E402  (the tests' independent counter)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--symmetric", action="store_true")
    args = parser.parse_args()
    problem = evaluate_file(ROOT / "puzzles" / "sudoku.xc", {"givens": "empty"}).problem
    _ = problem.matrix  # built once, before the clock starts, as for a batch of puzzles
    times, clue_counts, nodes, unique, minimal, pairs = [], [], [], 0, 0, 0
    for seed in range(1, args.count + 1):
        started = time.perf_counter()
        puzzle = generate(problem, seed=seed, symmetric=args.symmetric)
        times.append(time.perf_counter() - started)
        clue_counts.append(len(puzzle.clues))
        nodes.append(puzzle.nodes)
        clues = {}
        for index in puzzle.clues:
            clues.update(problem.options[index].data["show"])
        unique += count_fillings(clues, sudoku_units(), "123456789") == 1
        minimal += puzzle.minimal
        pairs += puzzle.pairs_minimal
    print(f"{args.count} {'symmetric' if args.symmetric else 'minimal'} 9x9 sudokus: "
          f"median {1e3 * statistics.median(times):.1f} ms, slowest {1e3 * max(times):.1f} ms a puzzle; "
          f"{unique} unique by an independent count, {minimal} minimal"
          + (f", {pairs} with no pair of clues that can go" if args.symmetric else ""))
    histogram = collections.Counter(clue_counts)
    print("clues:  " + "  ".join(f"{k}: {histogram[k]}" for k in sorted(histogram)))
    print(f"median clues {statistics.median(clue_counts):g}; median search nodes to solve and prove unique "
          f"{statistics.median(nodes):g}")


if __name__ == "__main__":
    main()
