"""Speed against the peers, measured in one run: `python benchmarks/run.py`.

For every instance of the suite (benchmarks/instances.py) it times

* excover (the installed package, native core), search time and whole-process time of
  `excover count FILE.dlx --jobs 1` (one process, as the peers);
* the Python peers xcover and exact_cover, installed by this script into a throw-away
  virtual environment (benchmarks/.venv-peers) from the package index, never project
  dependencies;
* optionally Knuth's DLX1, DLX2, DLX3, SSXCC, ... (`--knuth DIR`: a folder of programs
  built from his CWEB sources outside this repository), whole-process on the same .dlx file.

It prints medians and the ratio of each peer's time to excover's (above 1: excover is
faster), and writes the raw numbers to benchmarks/results/latest.json.
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


def timed(command: list[str], stdin_path: Path | None = None, timeout: float = 600) -> tuple[float, str]:
    started = time.perf_counter()
    with open(stdin_path) if stdin_path else open(os.devnull) as stdin:
        result = subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=timeout)
    elapsed = time.perf_counter() - started
    if result.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr[-500:]}")
    return elapsed, result.stdout + result.stderr


def worker(python: Path, solver: str, entry: str, repeat: int, data: Path) -> dict:
    output = subprocess.run([str(python), str(HERE / "worker.py"), solver, entry, str(repeat), str(data)],
                            capture_output=True, text=True, timeout=1800)
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


def process_time(commands: list[tuple[list[str], Path | None]], repeat: int) -> float:
    """Median over repeats of the total wall time of running all commands one after another."""
    totals = []
    for _ in range(repeat):
        totals.append(sum(timed(command, stdin)[0] for command, stdin in commands))
    return statistics.median(totals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median reported)")
    parser.add_argument("--only", action="append", help="run only this suite entry (repeatable)")
    parser.add_argument("--knuth", type=Path, help="folder with Knuth's compiled programs (dlx1, ssxcc, ...)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared puzzle data folder")
    parser.add_argument("--venv", type=Path, default=HERE / ".venv-peers", help="where the peers are installed")
    args = parser.parse_args()

    entries = suite(str(args.data))
    names = args.only or list(entries)
    python = peer_python(args.venv)
    excover_cli = shutil.which("excover") or "excover"
    knuth = sorted(p for p in args.knuth.iterdir() if p.is_file() and os.access(p, os.X_OK)) if args.knuth else []
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            instances = entries[name]
            print(f"measuring {name} ...", file=sys.stderr)
            row = {"expected": sum(i.expected for i in instances)}
            row["excover"] = worker(Path(sys.executable), "excover", name, args.repeat, args.data)
            paths = write_dlx(instances, Path(folder), name)
            row["excover"]["process"] = process_time([([excover_cli, "count", str(p), "--jobs", "1"], None)
                                                      for p in paths], args.repeat)
            for peer in PEERS:
                row[peer] = worker(python, peer, name, args.repeat, args.data)
                if "error" not in row[peer]:
                    started = time.perf_counter()
                    worker(python, peer, name, 1, args.data)
                    row[peer]["process"] = time.perf_counter() - started
            for program in knuth:
                row[program.name] = {"process": process_time([([str(program)], p) for p in paths], args.repeat)}
            results[name] = row
    report(results, [p.name for p in knuth])
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "latest.json").write_text(json.dumps(results, indent=1))


def report(results: dict, knuth: list[str]) -> None:
    def median(entry):
        return statistics.median(entry["times"]) if "times" in entry else None

    header = ["instance", "solutions", "excover search", "excover process"]
    header += [f"{peer} search (ratio)" for peer in PEERS]
    header += [f"{program} process (ratio)" for program in knuth]
    rows = []
    for name, row in results.items():
        ours = row["excover"]
        ok = ours.get("count") == row["expected"]
        cells = [name, f"{ours.get('count')}" + ("" if ok else f" (expected {row['expected']}!)"),
                 f"{median(ours):.3f}s", f"{ours['process']:.3f}s"]
        for peer in PEERS:
            entry = row[peer]
            if "error" in entry:
                cells.append(f"error: {entry['error'][:30]}")
                continue
            mark = "" if entry["count"] == row["expected"] else " WRONG COUNT"
            cells.append(f"{median(entry):.3f}s ({median(entry) / median(ours):.1f}x){mark}")
        for program in knuth:
            process = row[program]["process"]
            cells.append(f"{process:.3f}s ({process / ours['process']:.2f}x)")
        rows.append(cells)
    widths = [max(len(str(r[k])) for r in rows + [header]) for k in range(len(header))]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for cells in rows:
        print(line(cells))
    print("\nratio = peer time / excover time (search time against search time; Knuth's programs and"
          "\nexcover whole-process against whole-process); medians of the repeats.")


if __name__ == "__main__":
    main()
