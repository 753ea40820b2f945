"""Batch sudoku speed: `python benchmarks/sudoku_batch.py [--limit N]`.

Solves Royle's 17-clue puzzles (../shared/data/sudoku9/sudoku17.txt, 49,151 of them) with
`excover run puzzles/sudoku.xc --batch givens=FILE` (the model built once, every answer
proved unique) as one whole process, checks every answer with an independent sudoku checker,
and times a Python peer (exact_cover, C inside, one matrix per puzzle; installed into
benchmarks/.venv-peers as by run.py) on the same puzzles in the same run. Prints
microseconds per puzzle, end to end, and the ratio.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku9" / "sudoku17.txt"

PEER = r"""
import sys, time
import numpy as np
from exact_cover import get_all_solutions
from exact_cover.error import NoSolution

def matrix(line):
    rows = []
    for k, ch in enumerate(line):
        r, c = divmod(k, 9)
        for d in ([int(ch)] if ch not in ".0" else range(1, 10)):
            row = np.zeros(324, dtype=np.int32)
            row[[k, 81 + 9 * r + d - 1, 162 + 9 * c + d - 1, 243 + 9 * (r // 3 * 3 + c // 3) + d - 1]] = 1
            rows.append(row)
    return np.array(rows)

lines = open(sys.argv[1]).read().split()
started = time.perf_counter()
unique = 0
for line in lines:
    try:
        unique += len(get_all_solutions(matrix(line), max_count=2)) == 1
    except NoSolution:
        pass
print(time.perf_counter() - started, unique)
"""


def valid(answer: str, clues: str) -> bool:
    grid = [answer[k:k + 9] for k in range(0, 81, 9)]
    units = [set(row) for row in grid] + [{grid[r][c] for r in range(9)} for c in range(9)]
    units += [{grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)}
              for br in (0, 3, 6) for bc in (0, 3, 6)]
    digits = set("123456789")
    return all(unit == digits for unit in units) and all(c in ".0" or c == a for c, a in zip(clues, answer))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N puzzles")
    parser.add_argument("--venv", type=Path, default=HERE / ".venv-peers")
    args = parser.parse_args()
    lines = DATA.read_text().split()[:args.limit]
    with tempfile.TemporaryDirectory() as folder:
        puzzles = Path(folder) / "puzzles.txt"
        puzzles.write_text("\n".join(lines) + "\n")
        excover = shutil.which("excover") or "excover"
        started = time.perf_counter()
        result = subprocess.run([excover, "run", str(ROOT / "puzzles" / "sudoku.xc"), "--batch", f"givens={puzzles}"],
                                capture_output=True, text=True)
        ours = time.perf_counter() - started
        answers = result.stdout.split("\n")[:len(lines)]
        unique = sum(1 for a in answers if len(a) == 81)
        checked = sum(1 for a, clue in zip(answers, lines) if len(a) == 81 and valid(a, clue))
        python = args.venv / "bin" / "python"
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(args.venv)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", "xcover", "exact_cover"], check=True)
        peer = subprocess.run([str(python), "-c", PEER, str(puzzles)], capture_output=True, text=True)
        peer_time, peer_unique = peer.stdout.split()
    n = len(lines)
    print(f"{n} puzzles from sudoku17.txt")
    print(f"excover --batch (whole process): {ours:.2f}s, {1e6 * ours / n:.0f} us a puzzle; "
          f"{unique} unique answers, {checked} checked valid")
    print(f"exact_cover (matrix per puzzle): {float(peer_time):.2f}s, {1e6 * float(peer_time) / n:.0f} us a puzzle; "
          f"{peer_unique} unique")
    print(f"ratio (peer / excover): {float(peer_time) / ours:.2f}x")


if __name__ == "__main__":
    main()
