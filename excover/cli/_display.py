"""What the commands show beside their answers: progress lines and bars, the search's
statistics, JSON lines, a model's size."""

from __future__ import annotations

import json
import sys
import time
from typing import Any


def search_summary(search, started: float, args, solutions: int | None = None) -> None:
    from excover.engine import StopReason

    limit = {StopReason.TIME: "time limit", StopReason.NODES: "node limit"}.get(search.stopped_by)
    if limit is not None:
        print(f"note: search stopped by the {limit} after {plural(search.nodes, 'node')} "
              f"(about {search.progress():.1%} of the tree)", file=sys.stderr)
    if args.stats:
        found = search.solutions_found if solutions is None else solutions
        print(f"{plural(found, 'solution')}, {plural(search.nodes, 'node')}, "
              f"{plural(search.updates, 'update')}, {time.perf_counter() - started:.3f}s", file=sys.stderr)


def memo_stats(memo: dict) -> None:
    """--stats of a memo count: how often a state was met again, and the table's size."""
    size = "" if memo["bytes"] is None else f" in a table of {memo['bytes'] / 2**20:.1f} MB"
    hits = "" if memo["hits"] is None else f", {plural(memo['hits'], 'state')} met again"
    full = " (full: states past it were searched again)" if memo["full"] else ""
    print(f"memo: {plural(memo['states'], 'state')} kept{size}{hits}{full}", file=sys.stderr)


def batch_stats(lines: int, solved: int, not_unique: int, failed: int, nodes: int, started: float) -> None:
    """--stats for a batch: its lines' answers, and the search nodes of all of them."""
    print(f"{plural(lines, 'line')}: {solved} solved ({not_unique} not unique), {failed} unreadable; "
          f"{plural(nodes, 'node')}, {time.perf_counter() - started:.3f}s", file=sys.stderr)


def progress_text(search) -> str:
    return (f"progress: {search.progress():6.2%} of the tree, {search.solutions_found:,} solutions, "
            f"{search.nodes:,} nodes")


def progress_line(search) -> None:
    print(progress_text(search), file=sys.stderr, flush=True)


def memo_progress_line(search) -> None:
    """A memo count's progress: its nodes and the states it keeps (the solutions are summed
    only as its levels end, so a running total would say little)."""
    memo = search.memo or {"states": 0}
    print(f"progress: {search.nodes:,} nodes, {memo['states']:,} states kept", file=sys.stderr, flush=True)


class TerminalProgress:
    """On a terminal, one status line on stderr, redrawn in place and erased at the end."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(stderr=True, highlight=False)
        self.shown = False

    def __call__(self, search) -> None:
        self.console.print(f"[dim]{progress_text(search)}[/dim]", end="\r")
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.console.file.write("\r" + " " * (self.console.width - 1) + "\r")
            self.console.file.flush()


def rich_console():
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:  # rich would exit 1; main ends quietly instead
            raise BrokenPipeError

    return Output(highlight=False, soft_wrap=True)


def json_line(record) -> str:
    """One JSON line; sets (a `show` value may be one) become sorted lists, anything else
    JSON cannot hold its text."""
    def plain(value):
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=lambda v: (type(v).__name__, str(v)))
        return str(value)

    return json.dumps(record, default=plain)


def split_stats(progress, started: float) -> None:
    parts = f", {progress.done} of {plural(progress.subproblems, 'subproblem')}" if progress.subproblems else ""
    print(f"{plural(progress.solutions, 'solution')}, {plural(progress.nodes, 'node')}{parts}, "
          f"{time.perf_counter() - started:.3f}s", file=sys.stderr)


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """ "1 solution", "2 solutions" (or the plural given)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


class SubproblemProgress:
    """Progress of a split search: a rich progress bar on a terminal (subproblems done,
    solutions so far, time left), or with --progress a line a second."""

    def __init__(self, lines: bool) -> None:
        self.lines = lines
        self.bar: Any = None  # a rich Progress, made when first drawn
        self.last = 0.0
        self.terminal = not lines and sys.stderr.isatty()

    def __call__(self, progress) -> None:
        if self.terminal:
            self._draw(progress)
        elif self.lines and time.monotonic() - self.last >= 1.0:
            self.last = time.monotonic()
            print(f"progress: {progress.done}/{plural(progress.subproblems, 'subproblem')}, "
                  f"{plural(progress.solutions, 'solution')}, "
                  f"{progress.nodes:,} nodes", file=sys.stderr, flush=True)

    def _draw(self, progress) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        if self.bar is None:
            self.bar = Progress(TextColumn("subproblems"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[solutions]:,} solutions"), TimeRemainingColumn(),
                                console=Console(stderr=True), transient=True)
            self.task = self.bar.add_task("search", total=progress.subproblems, solutions=0)
            self.bar.start()
        self.bar.update(self.task, completed=progress.done, solutions=progress.solutions)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def size_line(model) -> str:
    problem = model.problem
    entries = sum(len(option.items) for option in problem.options)
    cells = len(problem.items) * len(problem.options)
    return (f"{plural(len(problem.primary), 'primary item')}, {plural(len(problem.secondary), 'secondary item')}, "
            f"{plural(len(problem.options), 'option')}, {plural(entries, 'entry', 'entries')} "
            f"(density {entries / cells if cells else 0:.2%}), {plural(len(model.forced), 'forced option')}")
