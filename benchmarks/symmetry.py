"""Counting up to symmetry against the plain count, in one run: `python benchmarks/symmetry.py`.

For each shipped model and board it runs `excover count` twice as a whole process, plain and
with `--up-to-symmetry` (symmetry breaking where it is sound, else Burnside's lemma), and
prints the wall-time medians of the repeats, both counts, the way the classes were counted
(from --stats) and the ratio of the times: how much the classes cost, or save, against the
plain count made the same way (the memo while it pays, else the search on every core).

    python benchmarks/symmetry.py [--repeat 3] [--only NAME] [--long]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CASES = [  # name, model and params, the published number of classes
    ("pentomino 6x10", ["pentomino.xc"], 2339),
    ("pentomino 5x12", ["pentomino.xc", "-p", "width=12", "-p", "height=5"], 1010),
    ("pentomino 8x8 less centre", ["pentomino.xc", "-p", "width=8", "-p", "height=8", "-p", "hole=2"], 65),
    ("soma cube", ["soma.xc"], 240),
    ("T-tetracubes 4x4x4", ["tcube.xc", "-p", "size=4"], 27),
    ("hexiamonds 6x6", ["hexiamonds.xc"], 156),
    ("tetrahexes 4x7", ["tetrahexes.xc"], 9),
    ("queens 10", ["queens.xc", "-p", "n=10"], 92),
    ("langford 11", ["langford.xc", "-p", "n=11"], 17792),
]
LONG = [("pentominoes and square 8x8", ["pentomino.xc", "-p", "width=8", "-p", "height=8", "-p", "square=true"],
         16146)]


def timed(arguments: list[str]) -> tuple[float, str, str]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "excover", "count", *arguments, "--stats"], capture_output=True,
                          text=True, timeout=3600)
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed")
    return time.perf_counter() - started, done.stdout.strip(), done.stderr.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="the cases whose name holds this text")
    parser.add_argument("--long", action="store_true", help="also the pentominoes and square on 8x8 (seconds)")
    args = parser.parse_args()
    print(f"{'case':28} {'plain s':>8} {'classes s':>9} {'ratio':>6}  {'solutions':>9} {'classes':>7}  how")
    for name, arguments, published in CASES + (LONG if args.long else []):
        if args.only and args.only not in name:
            continue
        try:
            plain = [timed(arguments) for _ in range(args.repeat)]
            classes = [timed([*arguments, "--up-to-symmetry"]) for _ in range(args.repeat)]
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"{name:28} failed: {error}")
            continue
        plain_s = statistics.median(t for t, _, _ in plain)
        classes_s = statistics.median(t for t, _, _ in classes)
        counted = int(classes[0][1])
        how = "breaking" if "symmetry breaking" in classes[0][2] else "Burnside"
        check = "" if counted == published else f"  (published {published}!)"
        print(f"{name:28} {plain_s:8.3f} {classes_s:9.3f} {classes_s / plain_s:6.2f}  {plain[0][1]:>9} "
              f"{counted:>7}  {how}{check}")


if __name__ == "__main__":
    main()
