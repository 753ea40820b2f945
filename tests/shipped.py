"""The shipped models, for the tests that go through every one.

The default run goes through the small ones; the large ones (a second or more each to
evaluate, draw or count) are marked `heavy`, so `.ci/run` still goes through every model and
the default run stays short. So are the two small ones that cost the most across these tests
(a third of a second or more each), the calendar and the Soma cube: each has tests of its own
in the default run (test_calendar, test_tilings, test_symmetry, test_render, test_play).
"""

from pathlib import Path

import pytest

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
NAMES = sorted(path.name for path in PUZZLES.glob("*.xc"))
LARGE = {"samurai.xc", "pentomino.xc", "hexiamonds.xc", "tcube.xc"}
COSTLIER = {"calendar.xc", "soma.xc"}


def every(rows=None, name=lambda row: row) -> list:
    """Test parameters for each row (by default each shipped model's file name), the rows
    whose model is large or costlier marked heavy; `name` finds the model's file name in a row."""
    rows = NAMES if rows is None else rows
    marked = []
    for row in rows:
        values = row if isinstance(row, tuple) else (row,)
        heavy = name(row) in LARGE | COSTLIER
        marked.append(pytest.param(*values, id=name(row), marks=[pytest.mark.heavy] if heavy else []))
    return marked
