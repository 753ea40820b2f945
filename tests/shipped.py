"""The shipped models, for the tests that go through every one.

The default run goes through the small ones; the large ones (a second or more each to
evaluate, draw or count) are marked `heavy`, so `.ci/run` still goes through every model and
the default run stays short. So are the two small ones that cost the most across these tests
(a third of a second or more each), the calendar and the Soma cube: each has tests of its own
in the default run (test_calendar, test_tilings, test_symmetry, test_render, test_play).
"""

import functools
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


@functools.cache
def _model(name: str, params: tuple[tuple[str, str], ...]):
    from excover.language.evaluate import evaluate_file

    return evaluate_file(PUZZLES / name, dict(params))


def model(name: str, **params: str):
    """A shipped model with these params, evaluated once for the whole run (a loaded model is
    not changed by what is asked of it), for the tests that read a model rather than test its
    evaluation."""
    return _model(name, tuple(sorted(params.items())))
