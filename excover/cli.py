"""The command line: the only place that prints.

Exit codes: 0 a solution was found (or the check passed), 1 none exists (or none within the
limits, or the check found the problem impossible), 2 bad input or usage, 3 (run --unique)
several solutions exist, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from excover.errors import ExcoverError

FOUND, NOT_FOUND, BAD_INPUT, NOT_UNIQUE, INTERRUPTED, TERMINATED = 0, 1, 2, 3, 130, 143
COUNT_CAP = 10_000  # run --unique counts the solutions up to here


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="excover", description="Model and solve exact-cover problems (Knuth's Algorithm M with colours).")
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_command(name: str, help_text: str, searches: bool = True) -> argparse.ArgumentParser:
        command = commands.add_parser(name, help=help_text, description=help_text, epilog=_examples(name),
                                      formatter_class=argparse.RawDescriptionHelpFormatter)
        command.add_argument("file", metavar="FILE", help="a model (.xc), a Knuth-format file (.dlx), or - for "
                                                          "Knuth's format on standard input")
        command.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE",
                             help="set a param of the model; NAME=@FILE reads the value from a file")
        command.add_argument("--max-steps", type=_at_least(1), metavar="N",
                             help="evaluation budget of the model (steps)")
        command.add_argument("--max-options", type=_at_least(1), metavar="N",
                             help="most options the model may generate")
        if searches:
            command.add_argument("--seed", type=int, help="break ties and order options at random, reproducibly")
            command.add_argument("--time-limit", type=_positive_seconds, metavar="SECONDS",
                                 help="stop the search after this long")
            command.add_argument("--node-limit", type=_at_least(1), metavar="N", help="stop the search after N nodes")
            command.add_argument("--stats", action="store_true", help="print search statistics on standard error")
            command.add_argument("--given", action="append", default=[], metavar="LABEL",
                                 help="force the option with this label, as a given statement would (repeatable)")
        return command

    run = add_command("run", "Print solutions, drawn: the first, or -n N of them, or --all.")
    how_many = run.add_mutually_exclusive_group()
    how_many.add_argument("-n", type=_at_least(1), default=1, metavar="N", help="print up to N solutions (default 1)")
    how_many.add_argument("--all", action="store_true", help="print every solution")
    how_many.add_argument("--unique", action="store_true",
                          help="say whether the solution is unique (showing up to two); "
                               "exit 0 unique, 1 none, 3 several")
    run.add_argument("--format", choices=["text", "json", "grid", "report"], default="text",
                     help="text (drawn), json (one object a line, then a summary), grid (the cells as plain "
                          "text, a row a line, as judges print answers) or report (only what the model's report "
                          "statements say)")
    run.add_argument("--svg", metavar="FILE", help="also write the first solution as an SVG picture (2D models)")
    run.add_argument("--batch", metavar="NAME=FILE",
                     help="solve once for each line of FILE as the value of param NAME, and prove the answer unique; "
                          "one line out per line in ('no solution', or the answer, marked '(not unique)' if so)")
    count = add_command("count", "Print the number of solutions.")
    count.add_argument("--progress", action="store_true",
                       help="report progress (Knuth's estimate of the fraction done) on standard error every second")
    for command in (run, count):
        command.add_argument("--jobs", type=_at_least(1, MOST_JOBS), metavar="N",
                             help="search in N processes (default: every core; with run, for --all)")
        command.add_argument("--cluster", metavar="ADDRESS",
                             help="search on a running Dask scheduler, e.g. tcp://host:8786 "
                                  "(pip install 'excover[dask]')")
        command.add_argument("--checkpoint", metavar="FILE",
                             help="record finished parts of the search in FILE; run again with it to resume "
                                  "(with run: for --all)")
    generate = add_command("generate", "Make a puzzle with a unique answer: a random solution (--seed), "
                                       "and as few of its options forced as leave it the only one.", searches=False)
    generate.add_argument("--seed", type=int, help="which random solution, and the order clues are tried in")
    generate.add_argument("--given", action="append", default=[], metavar="LABEL",
                          help="force the option with this label in every puzzle (repeatable)")
    generate.add_argument("--givens", type=_at_least(0), metavar="N", help="stop removing clues when N are left")
    generate.add_argument("--symmetric", action="store_true",
                          help="remove clues in pairs related by a half turn of the grid")
    generate.add_argument("--count", type=_at_least(1), default=1, metavar="K",
                          help="make K puzzles, from seeds S, S+1, ... (default 1)")
    generate.add_argument("--format", choices=["text", "line", "json"], default="text",
                          help="text (drawn), line (the clues as the param's value or --given options, one "
                               "puzzle a line: a file for run --batch) or json (one object a line)")
    add_command("check", "Read the model and report its size and any obvious impossibility.", searches=False)
    add_command("info", "Describe the model: its opening comment, its params (kind, default, comment) "
                        "and its size.", searches=False)
    convert = add_command("convert", "Write the model in another form on standard output.", searches=False)
    convert.add_argument("--to", choices=["dlx", "json"], required=True, help="Knuth's format or JSON")
    commands.add_parser("list", help="List the shipped models.", description="List the shipped models.",
                        epilog=_examples("list"), formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


EXAMPLES = {
    "run": ["excover run calendar.xc -p month=Oct -p day=6",
            "excover run sudoku.xc -p givens=@puzzle.txt --unique",
            "excover run sudoku.xc --batch givens=puzzles.txt"],
    "count": ["excover count pentomino.xc -p width=12 -p height=5",
              "excover count queens.xc -p n=12 --jobs 2 --checkpoint queens.ckpt"],
    "generate": ["excover generate sudoku.xc -p givens=empty --seed 7",
                 "excover generate sudoku.xc -p givens=empty --count 100 --format line > made.txt"],
    "check": ["excover check pentomino.xc -p width=8 -p height=8"],
    "info": ["excover info sudoku.xc"],
    "convert": ["excover convert queens.xc -p n=8 --to dlx > queens8.dlx"],
    "list": ["excover list"],
}


def _examples(command: str) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[command])


MOST_JOBS = 1024  # processes on one machine; a cluster's workers are its own


def _at_least(least: int, most: int | None = None):
    """An argparse type: an integer from `least` (to `most`); anything else is a usage error."""
    def integer(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < least or (most is not None and value > most):
            raise argparse.ArgumentTypeError(f"expected {least} or more" if most is None else
                                             f"expected a number from {least} to {most}")
        return value
    return integer


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("expected a number of seconds above 0")
    return value


class _Version(argparse.Action):
    """--version, the version looked up only when asked (reading package metadata takes a
    noticeable part of a short run's start)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show the version and exit"):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from excover import __version__

        print(f"{parser.prog} {__version__}")  # on standard output, as argparse's own version action
        parser.exit()


# -- reading -----------------------------------------------------------------------------


def _params(args) -> dict[str, str]:
    params = {}
    for setting in args.param:
        name, equals, value = setting.partition("=")
        if not equals or not name:
            raise ExcoverError(f"-p {setting}: expected NAME=VALUE")
        params[name] = _value_or_file(value, f"-p {name}")
    return params


def _value_or_file(value: str, where: str) -> str:
    if not value.startswith("@"):
        return value
    from excover.errors import read_text

    try:
        return read_text(value[1:], value[1:])
    except ExcoverError as error:
        raise ExcoverError(f"{where}: {error.message}") from None


def _budget(args):
    from excover.language.budget import Budget

    budget = Budget()
    if args.max_steps is not None:
        budget.max_steps = args.max_steps
    if args.max_options is not None:
        budget.max_options = args.max_options
    return budget


def _load(args):
    """The model, with the options of any --given forced too."""
    model = _read_model(args)
    for label in getattr(args, "given", []):
        try:
            model = model.given(label)
        except ExcoverError as error:
            raise ExcoverError(f"--given {label!r}: {error.message}") from None
    return model


def _read_model(args):
    from excover._loading import model_path, open_model

    args.file = model_path(args.file)
    model, warnings = open_model(args.file, _params(args), _budget(args), stdin=sys.stdin.buffer.read)
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return model


# -- searching ---------------------------------------------------------------------------


def _search(model, args, max_solutions=None, forced=None):
    return model.problem.search(seed=args.seed, time_limit=args.time_limit, max_nodes=args.node_limit,
                                max_solutions=max_solutions, forced=model.forced if forced is None else forced)


def _report(search, started: float, args) -> None:
    from excover.engine import StopReason

    limit = {StopReason.TIME: "time limit", StopReason.NODES: "node limit"}.get(search.stopped_by)
    if limit is not None:
        print(f"note: search stopped by the {limit} after {_plural(search.nodes, 'node')} "
              f"(about {search.progress():.1%} of the tree)", file=sys.stderr)
    if args.stats:
        print(f"{_plural(search.solutions_found, 'solution')}, {_plural(search.nodes, 'node')}, "
              f"{_plural(search.updates, 'update')}, {time.perf_counter() - started:.3f}s", file=sys.stderr)


def _progress_text(search) -> str:
    return (f"progress: {search.progress():6.2%} of the tree, {search.solutions_found:,} solutions, "
            f"{search.nodes:,} nodes")


def _progress_line(search) -> None:
    print(_progress_text(search), file=sys.stderr, flush=True)


class _TerminalProgress:
    """On a terminal, one status line on stderr, redrawn in place and erased at the end."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(stderr=True, highlight=False)
        self.shown = False

    def __call__(self, search) -> None:
        self.console.print(f"[dim]{_progress_text(search)}[/dim]", end="\r")
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.console.file.write("\r" + " " * (self.console.width - 1) + "\r")
            self.console.file.flush()


def _console():
    from rich.console import Console

    class Output(Console):
        def on_broken_pipe(self) -> None:  # rich would exit 1; main ends quietly instead
            raise BrokenPipeError

    return Output(highlight=False, soft_wrap=True)


def _json(record) -> str:
    """One JSON line; sets (a `show` value may be one) become sorted lists, anything else
    JSON cannot hold its text."""
    def plain(value):
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=lambda v: (type(v).__name__, str(v)))
        return str(value)

    return json.dumps(record, default=plain)


def _run(args) -> int:
    if args.batch:
        return _run_batch(args)
    first = _load(args)
    if args.format == "report" and not first.reports:
        raise ExcoverError("--format report: the model has no report statement")
    codes = []
    for number, model in _each_case(args, first):
        if number and args.format == "text":
            print(f"{chr(10) if number > 1 else ''}Case {number}:", flush=True)
        codes.append(_run_case(model, args, number))
    return max(codes)  # any case without a solution (1), or with several when one was asked for (3)


def _each_case(args, first):
    """(number, model) for each case of the input: (0, first) when it holds one case."""
    if first.cases is None:
        yield 0, first
        return
    from excover.language import each_case

    yield from enumerate(each_case(first, args.file, _params(args), _budget(args)), start=1)


def _run_case(model, args, case: int = 0) -> int:
    started = time.perf_counter()
    search = _search(model, args, None if args.all else 2 if args.unique else args.n)
    console = _console() if args.format == "text" else None
    from excover.render import as_json, grid_text, picture

    in_parallel = _parallel(args, enumerating=True)
    before = 0  # solutions printed by the run a checkpoint resumes
    if in_parallel:
        from excover import parallel

        matrix = model.problem.matrix
        if args.checkpoint is not None:
            before = parallel.already_found(args.checkpoint, matrix, model.forced)
        progress = parallel.Progress()
        found = parallel.solutions(matrix, model.forced, jobs=args.jobs, cluster=args.cluster,
                                   checkpoint=args.checkpoint, progress=progress)
    else:
        found = search.solutions()
    shown = before
    for shown, indices in enumerate(found, start=before + 1):
        solution = model.problem.solution(indices)
        if shown == 1 and args.svg:
            from excover.render.svg import svg

            _write(args.svg, svg(solution, **model.drawing))
        if args.format == "json":
            print(_json(as_json(solution, shown)), flush=True)
            continue
        if args.format == "grid":
            print(("\n" if shown > 1 else "") + grid_text(solution), flush=True)
            continue
        if args.format == "report":
            continue
        assert console is not None  # the text format
        if shown > 1:
            console.print()
        console.print(f"Solution {shown}:")
        console.print(picture(solution, **model.drawing))
        sys.stdout.flush()
    if in_parallel:
        total, stopped_by = shown, None
        if args.stats:
            _split_stats(progress, started)
    else:
        total, stopped_by = search.solutions_found, search.stopped_by
        _report(search, started, args)
    report = model.report(total)
    verdict: str | None
    if args.unique and total:
        verdict = _uniqueness(model, args, search)
        code = FOUND if total == 1 and stopped_by is None else NOT_UNIQUE
    else:
        verdict = None if total else "no solution" if stopped_by is None else "no solution found within the limits"
        code = FOUND if total else NOT_FOUND
    if args.format == "json":
        summary = {"solutions": total, "stopped_by": None if stopped_by is None else stopped_by.value,
                   "report": report}
        if case:
            summary["case"] = case
        if verdict is not None:
            summary["verdict"] = verdict
        if args.unique:
            summary["unique"] = code == FOUND
        print(_json({"summary": summary}), flush=True)
    else:
        for line in ([verdict] if verdict is not None and args.format != "report" else []) + report:
            print(line)
    return code


def _uniqueness(model, args, search) -> str:
    if search.solutions_found == 1:
        return "unique" if search.stopped_by is None else "one solution found within the limits"
    counting = _search(model, args, COUNT_CAP + 1)
    total = counting.count()
    if total > COUNT_CAP:
        return f"more than {COUNT_CAP:,} solutions (showing 2)"
    return f"{'at least ' if counting.stopped_by else ''}{total:,} solutions (showing 2)"


def _generate(args) -> int:
    import random

    from excover._generate import generate
    from excover.render import FlatPictures

    model = _load(args)
    _one_case(model, "generate")
    first = args.seed if args.seed is not None else random.SystemRandom().randrange(10 ** 6)
    pictures = FlatPictures(model.problem)
    for seed in range(first, first + args.count):
        puzzle = generate(model.problem, seed=seed, givens=args.givens, symmetric=args.symmetric,
                          forced=model.forced)
        new_clues = [index for index in puzzle.clues if index not in model.forced]
        setting = _clue_param(model, puzzle.clues, pictures) if new_clues else None
        givens = " ".join(f"--given {shlex.quote(str(model.problem.options[i]))}" for i in new_clues)
        if args.format == "line":
            print(setting.partition("=")[2] if setting is not None else givens, flush=True)
        elif args.format == "json":
            print(_json({"seed": seed, "clues": [str(model.problem.options[i]) for i in new_clues],
                              "indices": list(puzzle.clues), "param": setting, "minimal": puzzle.minimal,
                              "pairs_minimal": puzzle.pairs_minimal,
                              "nodes": puzzle.nodes, "solution": list(puzzle.solution)}), flush=True)
        else:
            if seed > first:
                print()
            _draw_puzzle(model, puzzle, seed, new_clues, setting, givens)
    return FOUND


def _draw_puzzle(model, puzzle, seed: int, new_clues: list[int], setting: str | None, givens: str) -> None:
    from excover.render import picture

    problem = model.problem
    console = _console()
    if not new_clues:
        console.print(f"The model's answer is unique without any clue ({puzzle.nodes} search nodes to prove it):")
        console.print(picture(problem.solution(puzzle.solution), outline=model.outline, forced=puzzle.clues,
                              notes=model.outline_notes))
        return
    minimal = ", minimal" if puzzle.minimal else ", no symmetric pair of clues can go" if puzzle.pairs_minimal else ""
    console.print(f"Puzzle (seed {seed}): {len(puzzle.clues)} clue{'s' if len(puzzle.clues) != 1 else ''}{minimal}"
                  f"; {puzzle.nodes} search nodes to solve it and prove it unique")
    console.print(picture(problem.solution(puzzle.clues), outline=model.outline, forced=puzzle.clues,
                          notes=model.outline_notes))
    console.print("Its solution:")
    console.print(picture(problem.solution(puzzle.solution), outline=model.outline, forced=puzzle.clues,
                          notes=model.outline_notes))
    print(f"As a param: -p {setting}" if setting is not None else f"As givens: {givens}")


def _clue_param(model, clues, pictures) -> str | None:
    """NAME=TEXT for the grid param that, set to the clues drawn as one line, makes the model
    force exactly these clues; None when no param does."""
    text = pictures.line(model.problem, clues)
    name = model.param_forcing(clues, text)
    return None if name is None else f"{name}={text}"


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise ExcoverError(f"cannot write {path}: {error.strerror or error}") from None


BATCH_CHUNK = 1024  # lines whose clues are read before one call searches them all


def _run_batch(args) -> int:
    """One model, built once; each line of the file a new value of one param (the clues).
    Each answer is proved unique (the search looks for a second one). A line that cannot be
    read is reported where its answer would be, and the rest are still solved; a line `end`
    ends the input, as judges' files close."""
    from excover.render import FlatPictures

    name, equals, path = args.batch.partition("=")
    from excover._loading import model_path

    args.file = model_path(args.file)
    if not equals or not args.file.endswith(".xc"):
        raise ExcoverError("--batch NAME=FILE needs a .xc model and a param name")
    lines = []  # (the line's number in the file, its text), blank lines left out
    for number, line in enumerate(_value_or_file("@" + path, "--batch").splitlines(), start=1):
        if line.strip() == "end":
            break
        if line.strip():
            lines.append((number, line.strip()))
    if not lines:
        raise ExcoverError(f"--batch: {path} has no lines")
    params = _params(args)
    if name in params:
        raise ExcoverError(f"--batch {name}: the lines give {name}; it cannot be set with -p too")
    from excover.language import load

    model = load(args.file, params, _budget(args))  # the param's default builds the items and options
    try:
        model.check_clue_param(name)  # before any line is read
    except ExcoverError as error:
        raise ExcoverError(f"--batch {name}: {error.message}") from None
    pictures = FlatPictures(model.problem)
    solved = failed = 0
    answers = model.answers(name, [text for _, text in lines], BATCH_CHUNK, seed=args.seed,
                            time_limit=args.time_limit, max_nodes=args.node_limit)
    out = []
    for (number, _), answer in zip(lines, answers):
        failed += answer.error is not None
        solved += answer.found > 0
        out.append(f"error: line {number}: {answer.error}" if answer.error is not None else
                   "no solution" if answer.first is None else
                   pictures.line(model.problem, answer.first) + ("" if answer.found == 1 else " (not unique)"))
        if len(out) == BATCH_CHUNK:  # a chunk at a time, as it is searched
            sys.stdout.write("\n".join(out) + "\n")
            out = []
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    if failed:
        print(f"excover: error: {failed} of {len(lines)} lines could not be read", file=sys.stderr)
        return BAD_INPUT
    return FOUND if solved == len(lines) else NOT_FOUND


def _quiet_dask() -> None:
    """Dask logs a lost scheduler as pages of tracebacks on standard error, while it tries to
    reconnect; the command says what happened once, in a sentence, and only its own critical
    messages get through."""
    import importlib
    import logging

    try:
        importlib.import_module("distributed")  # which sets up Dask's log handlers
    except ImportError:
        return  # the command says how to install it

    for logger in list(logging.root.manager.loggerDict.values()):  # distributed.*, tornado, bokeh
        for handler in getattr(logger, "handlers", ()):
            handler.setLevel(logging.CRITICAL)


def _parallel(args, enumerating: bool = False) -> bool:
    """Whether to split the search over workers: by default, unless a seed or a limit asks for
    one ordinary search (or, for run, not every solution is wanted)."""
    if args.cluster is not None:
        _quiet_dask()
    asked = args.cluster is not None or (args.jobs or 0) > 1 or getattr(args, "checkpoint", None) is not None
    single = args.seed is not None or args.time_limit is not None or args.node_limit is not None
    if asked and single:
        raise ExcoverError("--jobs, --cluster and --checkpoint split the search: they do not go with --seed, "
                           "--time-limit or --node-limit")
    if enumerating and not args.all:
        if asked:
            raise ExcoverError("--jobs and --cluster run with --all (or count)")
        return False
    return not single and (asked or args.jobs is None)


def _count(args) -> int:
    return max(_count_case(model, args) for _, model in _each_case(args, _load(args)))


def _count_case(model, args) -> int:
    started = time.perf_counter()
    if _parallel(args):
        return _count_in_parallel(model, args, started)
    search = _search(model, args)
    live = _TerminalProgress() if not args.progress and sys.stderr.isatty() else None
    try:
        total = search.count(report=_progress_line if args.progress else live)
    finally:
        if live is not None:
            live.close()
    print(total if search.stopped_by is None else f"at least {total}")
    _report(search, started, args)
    return FOUND if total else NOT_FOUND


def _count_in_parallel(model, args, started: float) -> int:
    from excover import parallel

    display = _SubproblemProgress(lines=args.progress)
    try:
        total, progress = parallel.count(model.problem.matrix, model.forced, jobs=args.jobs, cluster=args.cluster,
                                         checkpoint=args.checkpoint, report=display)
    finally:
        display.close()
    print(total)
    if args.stats:
        _split_stats(progress, started)
    return FOUND if total else NOT_FOUND


def _split_stats(progress, started: float) -> None:
    parts = f", {progress.done} of {_plural(progress.subproblems, 'subproblem')}" if progress.subproblems else ""
    print(f"{_plural(progress.solutions, 'solution')}, {_plural(progress.nodes, 'node')}{parts}, "
          f"{time.perf_counter() - started:.3f}s", file=sys.stderr)


def _plural(n: int, noun: str, nouns: str | None = None) -> str:
    """ "1 solution", "2 solutions" (or the plural given)."""
    return f"{n} {noun if n == 1 else nouns or noun + 's'}"


class _SubproblemProgress:
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
            print(f"progress: {progress.done}/{_plural(progress.subproblems, 'subproblem')}, "
                  f"{_plural(progress.solutions, 'solution')}, "
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


def _size(model) -> str:
    problem = model.problem
    entries = sum(len(option.items) for option in problem.options)
    cells = len(problem.items) * len(problem.options)
    return (f"{_plural(len(problem.primary), 'primary item')}, {_plural(len(problem.secondary), 'secondary item')}, "
            f"{_plural(len(problem.options), 'option')}, {_plural(entries, 'entry', 'entries')} "
            f"(density {entries / cells if cells else 0:.2%}), {_plural(len(model.forced), 'forced option')}")


def _info(args) -> int:
    from excover import shipped

    model = _load(args)
    name = "<stdin>" if args.file == "-" else Path(args.file).name
    print(name)
    about = "" if args.file == "-" else shipped.description(Path(args.file))
    if about:
        print()
        print("\n".join(f"  {line}" if line else "" for line in about.splitlines()))
    if model.params:
        print()
        print("Params (set one with -p NAME=VALUE):")
        width = max(len(param.name) for param in model.params)
        kinds = max(len(param.kind) for param in model.params)
        for param in model.params:
            first, *rest = param.default.splitlines() or [""]
            comment = f"  # {param.comment}" if param.comment else ""
            print(f"  {param.name.ljust(width)}  {param.kind.ljust(kinds)}  default {first}{comment}".rstrip())
            for line in rest:
                print(f"  {' ' * (width + kinds + 12)}{line}")
    print()
    print(_size(model))
    return FOUND


def _check(args) -> int:
    from excover.diagnosis import impossibilities

    codes = []
    for number, model in _each_case(args, _load(args)):
        if number:
            print(f"{chr(10) if number > 1 else ''}Case {number}:")
        print(_size(model))
        found = impossibilities(model)
        for line in found:
            print(f"impossible: {line}")
        if not found:
            print("no obvious impossibility")
        codes.append(NOT_FOUND if found else FOUND)
    return max(codes)


def _one_case(model, command: str):
    """The model, for commands that work on one case only."""
    if model.cases is not None:
        name, cases = model.cases
        raise ExcoverError(f"{command}: -p {name} holds {len(cases)} cases; give it one (run, count and check "
                           "answer each)")
    return model


def _convert(args) -> int:
    model = _one_case(_load(args), "convert")
    if args.to == "dlx":
        from excover.dlx_format import write

        sys.stdout.write(write(model.problem))
        if model.forced:
            print(f"| forced options (by line, from 1): {' '.join(str(k + 1) for k in model.forced)}")
    else:
        print(json.dumps({**model.problem.as_dict(), "forced": list(model.forced)}, indent=1))
    return FOUND


def _list(args) -> int:
    from excover import shipped

    paths = shipped.models()
    width = max((len(path.name) for path in paths), default=0)
    for path in paths:
        print(f"{path.name.ljust(width)}  {shipped.summary(path)}")
    return FOUND if paths else NOT_FOUND


MEMORY_SHARE = 0.8  # of the machine's memory, the most a command may take


def _bound_memory() -> None:
    """Cap this process's address space (and its workers') at a share of the machine's
    memory, so that a model that would take it all ends in "out of memory", not a frozen
    machine. Left as it is where it is already lower, or where the system cannot say."""
    try:
        import resource

        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = int(physical * MEMORY_SHARE)
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft == resource.RLIM_INFINITY or soft > cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError, AttributeError):  # not on this system
        pass


def _memory_cap() -> str:
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        return "memory" if soft == resource.RLIM_INFINITY else f"{soft / 2**30:.1f} GiB of memory"
    except (ImportError, ValueError, OSError):
        return "memory"


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit cannot fail again."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


class Terminated(Exception):
    """SIGTERM arrived: stop as Ctrl-C would (workers stopped, checkpoints kept), exit 143."""


def _terminate(signum, frame):
    raise Terminated


def _warning_line(message, category, filename, lineno, file=None, line=None) -> None:
    """The library's warnings, as the command's other messages: one line each."""
    print(f"excover: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    commands = {"run": _run, "count": _count, "generate": _generate, "check": _check, "convert": _convert,
                "info": _info, "list": _list}
    import signal
    import threading

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    if hasattr(sys.stdout, "reconfigure"):  # a label's stray surrogate is written escaped, not fatal
        sys.stdout.reconfigure(errors="backslashreplace")
    _bound_memory()
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _warning_line
            return commands[args.command](args)
    except ExcoverError as error:
        print(f"excover: error: {error}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        print("excover: interrupted", file=sys.stderr)
        return INTERRUPTED
    except Terminated:
        print("excover: terminated", file=sys.stderr)
        return TERMINATED
    except MemoryError:
        print(f"excover: error: out of memory: the model or its search needs more than the {_memory_cap()} "
              "a command may take here", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:  # the reader has gone (`| head`): end quietly, as the Unix tools do
        _silence_stdout()
        return FOUND
    except OSError as error:  # the output cannot be written (a full disk)
        _silence_stdout()
        print(f"excover: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
