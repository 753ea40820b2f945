"""Counting with a memo against counting by search, in one run: `python benchmarks/memo.py`.

For each instance it counts in a fresh process (so that the peak memory is the count's):
by search (`search.count()`) where that ends in reasonable time, and with the memo
(`search.memo_count(limit)`), and prints the CPU-time medians of the repeats, the nodes, the
states the memo kept and the peak resident memory of the process. With `--knuth DIR` holding
a `dlx6` built from Knuth's CWEB source (outside this repository), DLX6 counts the same
matrix, written in Knuth's format, as a whole process.

    python benchmarks/memo.py [--repeat 3] [--knuth DIR] [--only NAME]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from instances import dominoes, langford, pentomino, queens  # noqa: E402


def instance(build):
    """A suite instance as (its Problem, forced options, its known count)."""
    from excover import Problem

    def made():
        built = build()
        return Problem(primary=built.primary, secondary=built.secondary, options=built.options), (), built.expected

    return made


def shipped(name: str, expected: int, **params: str):
    """A shipped model with these params: (its Problem, its forced options, its count)."""

    def made():
        from excover.language import evaluate_file

        model = evaluate_file(HERE.parent / "puzzles" / name, params)
        return model.problem, model.forced, expected

    return made


INSTANCES = {  # name: (the problem and its count, whether a search of it ends in reasonable time)
    "domino 8x8": (instance(lambda: dominoes(8, 8)), True),
    "domino 12x12": (instance(lambda: dominoes(12, 12)), False),  # by search: centuries
    "domino 16x16": (instance(lambda: dominoes(16, 16)), False),
    "pentomino 3x20": (instance(lambda: pentomino(3, 20)), True),
    "pentomino 6x10": (instance(lambda: pentomino(6, 10)), True),
    "12-queens": (instance(lambda: queens(12)), True),
    "Langford n=12": (instance(lambda: langford(12)), True),
    "calendar.xc, Oct 6": (shipped("calendar.xc", 7, month="Oct", day="6"), True),
    "soma.xc": (shipped("soma.xc", 11520), True),  # 240 up to the cube's 48 symmetries
    "tcube.xc 6x4x4": (shipped("tcube.xc", 43384, width="6", height="4", depth="4"), True),
}
LIMIT = 4 << 30  # bytes for the memo's table: no instance here fills it


def one(name: str, method: str) -> dict:
    """Count one instance one way, in this process: its count, CPU, nodes, memo and peak."""
    problem, forced, expected = INSTANCES[name][0]()
    _ = problem.matrix  # compiled before the clock starts
    search = problem.search(forced=forced)
    started = time.process_time()
    count = search.count() if method == "search" else search.memo_count(LIMIT)
    cpu = time.process_time() - started
    return {"count": count, "expected": expected, "cpu": cpu, "nodes": search.nodes,
            "memo": search.memo if method == "memo" else None,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def in_a_process(name: str, method: str) -> dict:
    output = subprocess.run([sys.executable, __file__, "--one", name, method], capture_output=True, text=True,
                            check=True, timeout=3600)
    return json.loads(output.stdout)


def dlx6(program: Path, name: str, folder: Path) -> dict:
    """DLX6 on the instance's matrix: CPU of the whole process, its count, nodes and peak."""
    from excover._dlx_format import write

    problem, forced, _ = INSTANCES[name][0]()
    if forced:  # Knuth's format has no forced options
        return {"cpu": None, "why": "forced options"}
    path = folder / (name.replace(" ", "_").replace(",", "").replace(".", "_") + ".dlx")
    path.write_text(write(problem))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path) as stdin:
        result = subprocess.run([str(program)], stdin=stdin, capture_output=True, text=True, timeout=3600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = [line for line in result.stderr.splitlines() if line.startswith("Altogether")]
    if not found:  # it could not read the matrix (DLX6 takes no multiplicities)
        return {"cpu": None, "why": "cannot read it"}
    words = found[-1].split()
    return {"cpu": after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime,
            "count": int(words[1]),
            "nodes": next((int(w) for w, n in zip(words, words[1:]) if n == "search"), None),
            "peak_mb": after.ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--knuth", type=Path, help="a folder holding Knuth's dlx6")
    parser.add_argument("--only", action="append", help="this instance only (repeatable)")
    parser.add_argument("--one", nargs=2, metavar=("NAME", "METHOD"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(*args.one)))
        return
    program = args.knuth / "dlx6" if args.knuth and (args.knuth / "dlx6").exists() else None
    header = ["instance", "solutions", "search", "search nodes", "memo", "memo nodes", "states kept",
              "peak memory", "ratio"] + (["dlx6 (ratio)", "dlx6 nodes"] if program else [])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (_, searchable) in INSTANCES.items():
            if args.only and name not in args.only:
                continue
            print(f"measuring {name} ...", file=sys.stderr)
            memo = [in_a_process(name, "memo") for _ in range(args.repeat)]
            plain = [in_a_process(name, "search") for _ in range(args.repeat)] if searchable else []
            ours = statistics.median(run["cpu"] for run in memo)
            right = all(run["count"] == run["expected"] for run in memo + plain)
            cells = [name, f"{memo[0]['count']:,}" + ("" if right else " WRONG COUNT"),
                     f"{statistics.median(run['cpu'] for run in plain):.3f}s" if plain else "-",
                     f"{plain[0]['nodes']:,}" if plain else "-",
                     f"{ours:.4f}s", f"{memo[0]['nodes']:,}", f"{memo[0]['memo']['states']:,}",
                     f"{max(run['peak_mb'] for run in memo):.0f} MB",
                     f"{statistics.median(run['cpu'] for run in plain) / ours:.2f}x" if plain else "-"]
            if program:
                theirs = [dlx6(program, name, Path(folder)) for _ in range(args.repeat)]
                if theirs[0]["cpu"] is None:
                    cells += [f"- ({theirs[0]['why']})", "-"]
                else:
                    wrong = "" if all(run["count"] == memo[0]["expected"] for run in theirs) else " WRONG COUNT"
                    cells += [f"{statistics.median(run['cpu'] for run in theirs):.4f}s "
                              f"({statistics.median(run['cpu'] for run in theirs) / ours:.2f}x){wrong}",
                              f"{theirs[0]['nodes'] or 0:,}"]
            rows.append(cells)
    widths = [max(len(str(row[k])) for row in rows + [header]) for k in range(len(header))]
    for cells in [header, ["-" * w for w in widths], *rows]:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |")
    print("\nCPU seconds, medians; ratio = search / memo (above 1: the memo is faster); the memo and"
          "\nthe search within this Python process, DLX6 as a whole process; peak memory of the memo's process.")


if __name__ == "__main__":
    main()
