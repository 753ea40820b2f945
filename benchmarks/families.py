"""Per-puzzle times of the sudoku variants: `python benchmarks/families.py`.

For every Janko jigsaw, killer and samurai puzzle in ../shared/data, builds the model
(jigsaw.xc, killer.xc, samurai.xc with the puzzle as params) and searches for two solutions
(so the answer is proved unique, or shown not to be), checking the first against the
published answer. Prints, per family, the median and the slowest time (model built and
search) and the slowest puzzle's name: a killer cage or a samurai board must not blow up.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from excover.language import evaluate_file

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}


def janko(entry: dict) -> tuple[list[list[str]], list[list[str]], list[list[str]]]:
    """Clues, the second grid (areas, or cage sums then cages), the published answer."""
    lines = entry["problem"].splitlines()
    rows = int(lines[0].split()[0])
    clues = [line.split() for line in lines[1:rows + 1]]
    extra = [line.split() for line in lines[rows + 1:]]
    answer = [line.split() for line in entry["solution"].splitlines()[1:rows + 1]]
    return clues, extra, answer


def text(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(row) for row in rows)


def params(family: str, clues, extra) -> dict[str, str]:
    if family == "jigsaw":
        return {"givens": text(clues), "areas": text(extra)}
    if family == "killer":
        box_rows, box_cols = BOXES[len(clues)]
        return {"sums": text(clues), "cages": text(extra[:len(clues)]),
                "box_rows": str(box_rows), "box_cols": str(box_cols)}
    return {"givens": text(clues)}


def answer_grid(solution, size: int) -> list[list[str]]:
    cells = {}
    for option in solution.options:
        cells.update((option.data or {}).get("show", {}))
    return [[str(cells.get((r, c), "-")) for c in range(1, size + 1)] for r in range(1, size + 1)]


def measure(family: str, limit: int | None) -> None:
    entries = json.loads((DATA / family / f"janko_{family}_sample.json").read_text())["data"]
    times, wrong = {}, []
    for key, entry in list(entries.items())[:limit]:
        clues, extra, published = janko(entry)
        started = time.perf_counter()
        model = evaluate_file(ROOT / "puzzles" / f"{family}.xc", params(family, clues, extra))
        found = list(model.problem.solve(limit=2, forced=model.forced))
        times[key] = time.perf_counter() - started
        if published not in [answer_grid(solution, len(published)) for solution in found]:
            wrong.append(key)
    slowest = max(times, key=times.get)
    print(f"{family:8} {len(times):4} puzzles  median {1e3 * statistics.median(times.values()):7.1f} ms  "
          f"slowest {1e3 * times[slowest]:7.1f} ms ({slowest})  "
          f"{'all' if not wrong else len(times) - len(wrong)} match the published answers")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each family")
    args = parser.parse_args()
    for family in ("jigsaw", "killer", "samurai"):
        measure(family, args.limit)


if __name__ == "__main__":
    main()
