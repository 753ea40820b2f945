"""Parallel speed-up: `python benchmarks/parallel.py [--repeat 5] [--jobs 2]`.

Counts the solutions of a few models with one process (`excover count FILE --jobs 1`, one
ordinary search) and with N (`--jobs N`: the tree split into subtrees, N worker processes),
and prints the medians and ratios of the search time (as `--stats` reports it: splitting,
workers and searching, without Python's start-up and the model's evaluation) and of the
whole process. The issue's yardstick: all
9356 pentomino 6x10 tilings, at least 1.8 times faster with 2 jobs on this 2-core machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODELS = [
    ("pentomino 6x10", ["puzzles/pentomino.xc"]),
    ("Langford n=12", ["puzzles/langford.xc", "-p", "n=12"]),
    ("13-queens", ["puzzles/queens.xc", "-p", "n=13"]),
]


def timed(argv: list[str]) -> tuple[float, float, str]:
    """(search time from --stats, whole-process time, the count)."""
    started = time.perf_counter()
    result = subprocess.run([*argv, "--stats"], capture_output=True, text=True, cwd=ROOT, check=True)
    whole = time.perf_counter() - started
    search = float(result.stderr.strip().splitlines()[-1].rsplit(" ", 1)[1].rstrip("s"))
    return search, whole, result.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    excover = shutil.which("excover") or "excover"
    many = f"--jobs {args.jobs}"
    print(f"{'':27}{'search':^30}  {'whole process':^30}")
    print(f"{'model':16} {'solutions':>10} {'--jobs 1':>9} {many:>9}  {'ratio':>6}    {'--jobs 1':>9} {many:>9}  ratio")
    for name, model in MODELS:
        searches: dict[int, list[float]] = {1: [], args.jobs: []}
        wholes: dict[int, list[float]] = {1: [], args.jobs: []}
        answers = set()
        for _ in range(args.repeat):
            for jobs in searches:
                search, whole, answer = timed([excover, "count", *model, "--jobs", str(jobs), "--method", "search"])
                searches[jobs].append(search)
                wholes[jobs].append(whole)
                answers.add(answer)
        if len(answers) != 1:
            raise SystemExit(f"{name}: the counts differ: {sorted(answers)}")
        s1, sn = statistics.median(searches[1]), statistics.median(searches[args.jobs])
        w1, wn = statistics.median(wholes[1]), statistics.median(wholes[args.jobs])
        print(f"{name:16} {answers.pop():>10} {s1:8.3f}s {sn:8.3f}s  {s1 / sn:5.2f}x    "
              f"{w1:8.3f}s {wn:8.3f}s  {w1 / wn:.2f}x")
    print(f"medians of {args.repeat} runs")


if __name__ == "__main__":
    main()
