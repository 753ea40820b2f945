"""A change to the search core against its base, measured interleaved: `python benchmarks/ab.py BASE`.

It builds the native core twice in a temporary folder, from commit BASE (`git archive`) and
from the working tree as it is (the files git tracks or would track), each with
`setup.py build_ext --inplace`, and starts one process on each. Both are given the same
instances (benchmarks/instances.py of the working tree, built once in each process before
any clock starts) and asked in turn, A then B, then B then A, for one count at a time, so
that whatever else the machine does falls on both alike. Each count's CPU time is its own
process's; the medians are printed with their ratio (the working tree's time over the base's:
below 1 is faster), and the counts and search nodes of the two must agree, or the script says
so and exits 1: a change to the core that visits other nodes is not a speed change.

    python benchmarks/ab.py HEAD                      # the uncommitted change, 9 rounds
    python benchmarks/ab.py HEAD~1 --rounds 15 --only "domino 8x8" --ways search

A commit that touches excover/engine/ gives these ratios in its message (README, Speed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
WAYS = ("search", "memo")  # a count by one search, and by the memo (run_memo in _core.c)


def standard(data_dir: Path) -> dict[str, list]:
    """The instances timed: the benchmark suite's (benchmarks/instances.py), its sudoku batch
    only when the shared data is there."""
    sys.path.insert(0, str(HERE))
    import instances

    if (data_dir / "sudoku9" / "hardest.txt").exists():
        return instances.suite(str(data_dir))
    return {"pentomino 6x10": [instances.pentomino()], "12-queens": [instances.queens(12)],
            "Langford n=12": [instances.langford(12)], "domino 8x8": [instances.dominoes()]}


def ways_for(name: str, ways: tuple[str, ...]) -> tuple[str, ...]:
    """The ways an instance is counted: a sudoku batch (one solution a puzzle) by search only."""
    return tuple(way for way in ways if way == "search" or not name.startswith("sudoku"))


# -- one side: a process on one tree ------------------------------------------------------


def serve(tree: Path, data_dir: Path) -> None:
    """Answer "NAME\tWAY" lines with one JSON line each: the count, the nodes, its CPU seconds."""
    sys.path.insert(0, str(tree))
    import excover
    from excover import Problem

    if not Path(excover.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"excover came from {excover.__file__}, not from {tree}")
    entries = standard(data_dir)
    problems = {name: [Problem(primary=instance.primary, secondary=instance.secondary, options=instance.options)
                       for instance in instances] for name, instances in entries.items()}
    for problem in (problem for group in problems.values() for problem in group):
        problem.search()  # (the matrix compiled, and the core's arrays built, before any clock starts)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        name, way = line.rstrip("\n").split("\t")
        count = nodes = 0
        started = time.process_time()
        for problem in problems[name]:
            search = problem.search()
            if type(search).__name__ != "NativeSearch":
                raise SystemExit(f"{tree}: no native core (the search is {type(search).__name__})")
            count += search.count() if way == "search" else search.memo_count(1 << 30)
            nodes += search.nodes
        print(json.dumps({"count": count, "nodes": nodes, "cpu": time.process_time() - started}), flush=True)


# -- the comparison -----------------------------------------------------------------------


def checkout(base: str, folder: Path) -> Path:
    """The base commit's files, and its core built, in folder/base."""
    tree = folder / "base"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return build(tree)


def working(folder: Path) -> Path:
    """The working tree's files (tracked, or untracked and not ignored), and its core built."""
    tree = folder / "work"
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True, text=True).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tree / name)
    return build(tree)


def build(tree: Path) -> Path:
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree,
                          capture_output=True, text=True)
    if done.returncode != 0 or not list((tree / "excover" / "engine").glob("_core*.so")):
        raise SystemExit(f"the core did not build in {tree}:\n{done.stderr[-2000:]}")
    return tree


class Side:
    def __init__(self, tree: Path, data_dir: Path) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--serve", str(tree), "--data", str(data_dir)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree.parent,
                                        env={**os.environ, "EXCOVER_CACHE": "0"})
        self.answer()

    def answer(self) -> dict:
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("a side ended early (see above)")
        return json.loads(line)

    def ask(self, name: str, way: str) -> dict:
        self.process.stdin.write(f"{name}\t{way}\n")
        self.process.stdin.flush()
        return self.answer()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def compare(base: str, rounds: int, only: list[str], ways: tuple[str, ...], data_dir: Path) -> int:
    names = [name for name in standard(data_dir) if not only or name in only]
    with tempfile.TemporaryDirectory(prefix="excover-ab-") as folder:
        print(f"building the core of {base} and of the working tree ...", file=sys.stderr)
        sides = {"base": Side(checkout(base, Path(folder)), data_dir), "work": Side(working(Path(folder)), data_dir)}
        times: dict[tuple[str, str, str], list[float]] = {}
        seen: dict[tuple[str, str, str], set] = {}
        try:
            for round_ in range(rounds):
                order = ("base", "work") if round_ % 2 == 0 else ("work", "base")
                for name in names:
                    for way in ways_for(name, ways):
                        for side in order:
                            result = sides[side].ask(name, way)
                            times.setdefault((name, way, side), []).append(result["cpu"])
                            seen.setdefault((name, way, side), set()).add((result["count"], result["nodes"]))
        finally:
            for side in sides.values():
                side.close()
    differ = False
    print(f"{'instance':24} {'way':7} {'base (ms)':>10} {'work (ms)':>10} {'work/base':>10}  counts and nodes")
    for name in names:
        for way in ways_for(name, ways):
            base_ms, work_ms = (statistics.median(times[name, way, side]) * 1000 for side in ("base", "work"))
            alike = seen[name, way, "base"] == seen[name, way, "work"] and len(seen[name, way, "base"]) == 1
            differ |= not alike
            (count, nodes), = seen[name, way, "work"] if alike else [(None, None)]
            said = f"{count:,} solutions, {nodes:,} nodes" if alike else \
                f"DIFFER: base {sorted(seen[name, way, 'base'])}, work {sorted(seen[name, way, 'work'])}"
            print(f"{name:24} {way:7} {base_ms:10.1f} {work_ms:10.1f} {work_ms / base_ms:10.3f}  {said}")
    print(f"(medians of {rounds} rounds, CPU time, interleaved)")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The working tree's core against a base commit's, interleaved.")
    parser.add_argument("base", nargs="?", help="the commit to compare with (HEAD: the change not yet committed)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of every instance on each side (default 9)")
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="only this instance (repeatable)")
    parser.add_argument("--ways", default=",".join(WAYS), help="search, memo or both (default: search,memo)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder (sudoku9/)")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        serve(args.serve, args.data)
        return 0
    if args.base is None:
        parser.error("give the commit to compare with")
    ways = tuple(way for way in args.ways.split(",") if way)
    if not ways or any(way not in WAYS for way in ways):
        parser.error(f"--ways takes {' and '.join(WAYS)}, comma-separated")
    return compare(args.base, args.rounds, args.only, ways, args.data)


if __name__ == "__main__":
    sys.exit(main())
