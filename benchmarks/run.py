"""Speed against the peers, measured in one run: `python benchmarks/run.py`.

For every instance of the suite (benchmarks/instances.py) it times

* excover (the installed package, native core), search time and whole-process time of
  `excover count FILE.dlx --jobs 1` (one process, as the peers);
* the Python peers xcover and exact_cover, installed by this script into a throw-away
  virtual environment (benchmarks/.venv-peers) from the package index, never project
  dependencies;
* optionally Knuth's DLX1, DLX2, DLX3, SSXCC, ... (`--knuth DIR`: a folder of programs
  built from his CWEB sources outside this repository), whole-process on the same .dlx file
  (a program that cannot read it, DLX1 on colours for instance, is reported as such);
* with `--words FILE` (the Stanford GraphBase's five-letter words, sgb-words.txt, most
  common first), a colour instance too: the double word squares of its first 1800 words.

It also times whole `excover count` runs of shipped models that the peers cannot read (the
origin texts' two killers, T-tetracubes in a 6x4x4 box: colours and multiplicities; with
`--knuth`, the programs given are run on the same matrix written in Knuth's format), and
excover's start-up (`excover run sudoku.xc`, the model evaluated, then read back from the
cache of evaluated models).

Every time is measured as wall time and as CPU time (the process's own, or its children's
for a whole program): the machine may be shared, and wall time doubles under load, so the
ratios are taken between CPU times. It prints medians, search nodes where a program reports
them, and the ratio of each peer's time to excover's (above 1: excover is faster), and
writes the raw numbers to benchmarks/results/latest.json.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from instances import suite  # noqa: E402

PEERS = ["xcover", "exact_cover"]
DEFAULT_DATA = HERE.parent.parent / "shared" / "data"


def peer_python(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"installing the peers into {venv} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *PEERS], check=True)
    return python


def timed(command: list[str], stdin_path: Path | None = None, timeout: float = 600,
          env: dict | None = None) -> tuple[float, float, str]:
    """Run a command: (wall seconds, CPU seconds of the process, its output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(stdin_path) if stdin_path else open(os.devnull) as stdin:
        result = subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=timeout, env=env)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-500:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed, cpu, result.stdout + result.stderr


NODES = re.compile(r"([\d,]+) nodes")
KNUTH_COUNT = re.compile(r"Altogether (\d+) solutions")


def nodes_in(output: str) -> int | None:
    """The search nodes a program reports (excover's --stats, Knuth's closing line)."""
    found = NODES.findall(output)
    return int(found[-1].replace(",", "")) if found else None


def worker(python: Path, solver: str, entry: str, repeat: int, data: Path, words: Path | None) -> dict:
    output = subprocess.run([str(python), str(HERE / "worker.py"), solver, entry, str(repeat), str(data),
                             *([str(words)] if words else [])], capture_output=True, text=True, timeout=1800)
    if output.returncode != 0:
        return {"error": output.stderr.strip().splitlines()[-1] if output.stderr.strip() else "failed"}
    return json.loads(output.stdout.strip().splitlines()[-1])


def write_dlx(instances, folder: Path, entry: str) -> list[Path]:
    from excover import Problem
    from excover._dlx_format import write

    paths = []
    for k, instance in enumerate(instances):
        path = folder / f"{entry.replace(' ', '_').replace('/', '_')}_{k}.dlx"
        path.write_text(write(Problem(primary=instance.primary, secondary=instance.secondary,
                                      options=instance.options)))
        paths.append(path)
    return paths


def process_time(commands: list[tuple[list[str], Path | None]], repeat: int, env: dict | None = None) -> dict:
    """Medians over repeats of the total wall and CPU time of running all commands one after
    another, and the nodes they report in all."""
    walls, cpus, nodes, solutions = [], [], None, None
    for _ in range(repeat):
        runs = [timed(command, stdin, env=env) for command, stdin in commands]
        walls.append(sum(run[0] for run in runs))
        cpus.append(sum(run[1] for run in runs))
        counted = [nodes_in(run[2]) for run in runs]
        nodes = sum(counted) if all(n is not None for n in counted) else None
        found = [KNUTH_COUNT.findall(run[2]) for run in runs]
        solutions = sum(int(f[-1]) for f in found) if all(found) else None
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "nodes": nodes, "solutions": solutions}


def knuth_time(program: Path, paths: list[Path], repeat: int) -> dict:
    """A program of Knuth's on the matrices; an error entry if it cannot read them (DLX1 and
    SSXC1 know no colours, for instance)."""
    try:
        return process_time([([str(program)], path) for path in paths], repeat)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        return {"error": str(error)[:60]}


def knuth_cell(entry: dict, ours: float, expected: int | None = None) -> str:
    if "error" in entry:
        return f"error: {entry['error'][:30]}"
    wrong = expected is not None and entry.get("solutions") not in (None, expected)
    return ratio(entry["cpu"], ours) + (" WRONG COUNT" if wrong else "")


def models(data: Path) -> dict[str, list[str]]:
    """Shipped models with colours or multiplicities, as `excover count` arguments."""
    seeds = data / "seeds"
    return {
        "killer, texts' full": ["killer.xc", "-p", f"puzzle=@{seeds / 'killer_full_seed.txt'}"],
        "killer, texts' partial": ["killer.xc", "-p", f"puzzle=@{seeds / 'killer_partial_seed.txt'}"],
        "T-tetracubes 6x4x4": ["tcube.xc", "-p", "width=6", "-p", "height=4", "-p", "depth=4"],
    }


def measure_models(excover: str, data: Path, knuth: list[Path], repeat: int, folder: Path,
                   only: list[str] | None) -> dict:
    results = {}
    evaluated = {**os.environ, "EXCOVER_CACHE": "0"}  # each run evaluates its model (see measure_start)
    for name, arguments in models(data).items():
        if only and name not in only:
            continue
        print(f"measuring {name} ...", file=sys.stderr)
        command = [excover, "count", *arguments, "--jobs", "1", "--method", "search", "--stats"]
        row = {"excover": process_time([(command, None)], repeat, env=evaluated)}
        output = timed(command, env=evaluated)[2]
        row["count"] = int(output.split()[0])
        row["search"] = float(re.findall(r"([\d.]+)s\n", output)[-1])
        if knuth:
            matrix = folder / (name.replace(" ", "_").replace("'", "").replace(",", "") + ".dlx")
            matrix.write_text(subprocess.run([excover, "convert", *arguments, "--to", "dlx"], capture_output=True,
                                             text=True, check=True).stdout)
            for program in knuth:
                row[program.name] = knuth_time(program, [matrix], repeat)
        results[name] = row
    return results


def measure_start(excover: str, repeat: int) -> dict:
    """Whole-process times of the interpreter alone, `excover --version`, and `excover run
    sudoku.xc`: the first run (nothing in the cache folder: lark analyses the grammar), the
    model evaluated (the grammar kept, the cache of models off) and the model read back."""
    results = {"python -c pass": process_time([([sys.executable, "-c", "pass"], None)], repeat),
               "excover --version": process_time([([excover, "--version"], None)], repeat)}
    command = ([excover, "run", "sudoku.xc"], None)
    first = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as empty:
            first.append(process_time([command], 1, env={**os.environ, "XDG_CACHE_HOME": empty}))
    results["excover run sudoku.xc, first run"] = {key: statistics.median(run[key] for run in first)
                                                   for key in ("wall", "cpu")}
    with tempfile.TemporaryDirectory() as kept:
        warm = {**os.environ, "XDG_CACHE_HOME": kept}
        timed(command[0], env=warm)
        results["excover run sudoku.xc, evaluated"] = process_time([command], repeat,
                                                                   env={**warm, "EXCOVER_CACHE": "0"})
        results["excover run sudoku.xc, read back"] = process_time([command], repeat, env=warm)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median reported)")
    parser.add_argument("--only", action="append",
                        help="run only this entry: an instance, a model or 'start-up' (repeatable)")
    parser.add_argument("--knuth", type=Path, help="folder with Knuth's compiled programs (dlx1, ssxcc, ...)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared puzzle data folder")
    parser.add_argument("--venv", type=Path, default=HERE / ".venv-peers", help="where the peers are installed")
    parser.add_argument("--words", type=Path,
                        help="a list of five-letter words, most common first (the Stanford GraphBase's "
                             "sgb-words.txt), for the double word squares")
    args = parser.parse_args()

    entries = suite(str(args.data), str(args.words) if args.words else None)
    names = [name for name in args.only if name in entries] if args.only else list(entries)
    python = peer_python(args.venv)
    excover_cli = shutil.which("excover") or "excover"
    knuth = sorted(p for p in args.knuth.iterdir() if p.is_file() and os.access(p, os.X_OK)) if args.knuth else []
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            instances = entries[name]
            print(f"measuring {name} ...", file=sys.stderr)
            row = {"expected": sum(i.expected for i in instances)}
            row["excover"] = worker(Path(sys.executable), "excover", name, args.repeat, args.data, args.words)
            paths = write_dlx(instances, Path(folder), name)
            counting = [excover_cli, "count", "--jobs", "1", "--method", "search", "--stats"]
            row["excover"]["process"] = process_time([([*counting, str(p)], None) for p in paths], args.repeat)
            for peer in PEERS:
                row[peer] = worker(python, peer, name, args.repeat, args.data, args.words)
                if "error" not in row[peer]:
                    row[peer]["process"] = timed([str(python), str(HERE / "worker.py"), peer, name, "1",
                                                  str(args.data), *([str(args.words)] if args.words else [])])[1]
            for program in knuth:
                row[program.name] = {"process": knuth_time(program, paths, args.repeat)}
            results[name] = row
        kept_models = measure_models(excover_cli, args.data, knuth, args.repeat, Path(folder), args.only)
    start = measure_start(excover_cli, args.repeat) if not args.only or "start-up" in args.only else {}
    report(results, [p.name for p in knuth])
    report_models(kept_models, [p.name for p in knuth])
    report_start(start)
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "latest.json").write_text(json.dumps({"suite": results, "models": kept_models,
                                                              "start": start}, indent=1))


def table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[k])) for r in rows + [header]) for k in range(len(header))]

    def line(cells):
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for cells in rows:
        print(line(cells))


def ratio(theirs: float, ours: float) -> str:
    return f"{theirs:.3f}s ({theirs / ours:.2f}x)"


def report(results: dict, knuth: list[str]) -> None:
    def median(entry, key="cpu"):
        return statistics.median(entry[key])

    if not results:
        return
    header = ["instance", "solutions", "excover nodes", "excover search", "excover process"]
    header += [f"{peer} search (ratio)" for peer in PEERS]
    header += [f"{program} process (ratio)" for program in knuth]
    rows, nodes = [], []
    for name, row in results.items():
        ours = row["excover"]
        ok = ours.get("count") == row["expected"]
        cells = [name, f"{ours.get('count')}" + ("" if ok else f" (expected {row['expected']}!)"),
                 f"{ours.get('nodes') or 0:,}", f"{median(ours):.3f}s", f"{ours['process']['cpu']:.3f}s"]
        for peer in PEERS:
            entry = row[peer]
            if "error" in entry:
                cells.append(f"error: {entry['error'][:30]}")
                continue
            mark = "" if entry["count"] == row["expected"] else " WRONG COUNT"
            cells.append(ratio(median(entry), median(ours)) + mark)
        for program in knuth:
            cells.append(knuth_cell(row[program]["process"], ours["process"]["cpu"], row["expected"]))
        rows.append(cells)
        nodes.append([name, f"{ours['process']['nodes'] or 0:,}"]
                     + ["-" if "error" in row[program]["process"] else f"{row[program]['process']['nodes'] or 0:,}"
                        for program in knuth])
    table(header, rows)
    print("\nCPU seconds, medians of the repeats; ratio = peer time / excover time (search against search;"
          "\nKnuth's programs and excover whole-process against whole-process).")
    if knuth:
        print()
        table(["instance", "excover nodes"] + [f"{program} nodes" for program in knuth], nodes)


def report_models(results: dict, knuth: list[str]) -> None:
    if not results:
        return
    print()
    header = ["model", "solutions", "excover nodes", "excover search", "excover process", "(wall)"]
    header += [f"{program} process (ratio)" for program in knuth]
    rows = []
    for name, row in results.items():
        ours = row["excover"]
        cells = [name, str(row["count"]), f"{ours['nodes'] or 0:,}", f"{row['search']:.3f}s", f"{ours['cpu']:.3f}s",
                 f"{ours['wall']:.3f}s"]
        for program in knuth:
            entry = row[program]
            cells.append(knuth_cell(entry, ours["cpu"], row["count"])
                         + ("" if "error" in entry else f", {entry['nodes'] or 0:,} nodes"))
        rows.append(cells)
    table(header, rows)


def report_start(results: dict) -> None:
    if results:
        print()
        table(["start-up", "CPU", "wall"], [[name, f"{entry['cpu']:.3f}s", f"{entry['wall']:.3f}s"]
                                           for name, entry in results.items()])


if __name__ == "__main__":
    main()
