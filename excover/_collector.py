"""Python's cycle collector, paused while a model is built.

Building a model makes objects by the hundred thousand (names, entries, options, placements,
the matrix's rows) that all live until the build is done. CPython counts the objects made and
collects its youngest generation every 700; every tenth of those collects the next, and as
the survivors grow by a quarter it walks every object the process holds. So a build walks the
whole heap again and again for nothing: what it drops is freed at once by reference counting,
and the few cycles it leaves can wait until it ends. On a 6x10 pentomino board that is a
quarter of the evaluation's time; in a process that holds much else (an editor, a notebook,
the test run) a full walk costs a tenth of a second each, several a build. (mypy tunes its
collector for the same reason.)

So the builders (the language's evaluation, the matrix's compilation, a model read back from
the cache) run inside :func:`paused`, and the collector resumes as it was when they end. It is
one switch for the whole process: a thread that builds while another pauses merely collects
later, and nothing is ever freed wrongly, only later. The builders' memory is bounded by the
model's budget, with or without the collector.
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The cycle collector off for the block, and back as it was after (nested blocks, and a
    caller that keeps it off, are left alone)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def pausing(builder: Callable[P, R]) -> Callable[P, R]:
    """The function, run with the collector paused (see :func:`paused`)."""

    @functools.wraps(builder)
    def paused_builder(*args: P.args, **kwargs: P.kwargs) -> R:
        with paused():
            return builder(*args, **kwargs)
    return paused_builder
