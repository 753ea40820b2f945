"""The command line: the only place that prints.

Exit codes: 0 a solution was found, 1 none exists (or none within the limits), 2 bad input
or usage, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Sequence

from excover.errors import ExcoverError

FOUND, NOT_FOUND, BAD_INPUT, INTERRUPTED = 0, 1, 2, 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="excover", description="Solve exact-cover problems (Knuth's Algorithm M with colours).")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_command(name: str, help_text: str) -> argparse.ArgumentParser:
        command = commands.add_parser(name, help=help_text, description=help_text)
        command.add_argument("file", metavar="FILE", help="a Knuth-format file (.dlx), or - for standard input")
        command.add_argument("--seed", type=int, help="break ties and order options at random, reproducibly")
        command.add_argument("--time-limit", type=float, metavar="SECONDS", help="stop the search after this long")
        command.add_argument("--node-limit", type=int, metavar="N", help="stop the search after N nodes")
        command.add_argument("--stats", action="store_true", help="print search statistics on standard error")
        return command

    run = add_command("run", "Print solutions: the first, or -n N of them, or --all.")
    how_many = run.add_mutually_exclusive_group()
    how_many.add_argument("-n", type=int, default=1, metavar="N", help="print up to N solutions (default 1)")
    how_many.add_argument("--all", action="store_true", help="print every solution")
    count = add_command("count", "Print the number of solutions.")
    count.add_argument("--progress", action="store_true",
                       help="report progress (Knuth's estimate of the fraction done) on standard error every second")
    return parser


def _load(path: str):
    from excover import dlx_format

    if path == "-":
        reading = dlx_format.read(sys.stdin.read(), "<stdin>")
    else:
        reading = dlx_format.read_file(path)
    for warning in reading.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return reading.problem


def _search(problem, args, max_solutions=None):
    return problem.search(seed=args.seed, time_limit=args.time_limit, max_nodes=args.node_limit,
                          max_solutions=max_solutions)


def _report(search, started: float, args) -> None:
    if search.stopped_by in ("time", "nodes"):
        limit = {"time": "time limit", "nodes": "node limit"}[search.stopped_by]
        print(f"note: search stopped by the {limit} after {search.nodes} nodes "
              f"(about {search.progress():.1%} of the tree)", file=sys.stderr)
    if args.stats:
        print(f"{search.solutions_found} solutions, {search.nodes} nodes, {search.updates} updates, "
              f"{time.perf_counter() - started:.3f}s", file=sys.stderr)


def _progress_line(search) -> None:
    print(f"progress: {search.progress():6.2%} of the tree, {search.solutions_found:,} solutions, "
          f"{search.nodes:,} nodes", file=sys.stderr, flush=True)


def _run(args) -> int:
    problem = _load(args.file)
    started = time.perf_counter()
    search = _search(problem, args, None if args.all else args.n)
    for number, indices in enumerate(search.solutions(), start=1):
        if number > 1:
            print()
        print(f"Solution {number}:")
        for index in sorted(indices):
            print(f"  {problem.options[index]}")
        sys.stdout.flush()
    if search.solutions_found == 0:
        print("no solution" if search.stopped_by is None else "no solution found within the limits")
    _report(search, started, args)
    return FOUND if search.solutions_found else NOT_FOUND


def _count(args) -> int:
    problem = _load(args.file)
    started = time.perf_counter()
    search = _search(problem, args)
    total = search.count(report=_progress_line if args.progress else None)
    print(total if search.stopped_by is None else f"at least {total}")
    _report(search, started, args)
    return FOUND if total else NOT_FOUND


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return {"run": _run, "count": _count}[args.command](args)
    except ExcoverError as error:
        print(f"excover: error: {error}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        print("excover: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        return FOUND


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
