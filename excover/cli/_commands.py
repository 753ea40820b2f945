"""The commands: each reads its arguments, asks the library, and prints what it answers
(the exit codes are explained in excover.cli)."""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from itertools import islice
from pathlib import Path

from excover import _interrupt
from excover._errors import ExcoverError
from excover.cli._display import (
    SubproblemProgress,
    TerminalProgress,
    batch_stats,
    json_line,
    memo_progress_line,
    memo_stats,
    plural,
    progress_line,
    rich_console,
    search_summary,
    size_line,
    split_stats,
)

FOUND, NOT_FOUND, BAD_INPUT, NOT_UNIQUE = 0, 1, 2, 3
INTERRUPTED, TERMINATED = _interrupt.INTERRUPTED, 128 + 15  # ended by Ctrl-C, by SIGTERM (as a shell says)


COUNT_CAP = 10_000  # run --unique counts the solutions up to here


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
    from excover._errors import read_text

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
    _interrupt.check()  # a Ctrl-C lost while the model was read (see excover._interrupt)
    for label in getattr(args, "given", []):
        try:
            model = model.given(label)
        except ExcoverError as error:
            raise ExcoverError(f"--given {label!r}: {error.message}") from None
    return model


def _read_model(args):
    from excover._loading import model_path, open_model

    args.file = model_path(args.file)
    model, warnings = open_model(args.file, _params(args), _budget(args), stdin=sys.stdin.buffer.read, cache=True)
    _warn(warnings)
    return model


def _search(model, args, max_solutions=None, forced=None):
    _interrupt.check()
    return model.problem.search(seed=args.seed, time_limit=args.time_limit, max_nodes=args.node_limit,
                                max_solutions=max_solutions, forced=model.forced if forced is None else forced)


# How each setting of excover._counting is said on the command line (for its messages).
FLAGS = {"cluster": "--cluster", "checkpoint": "--checkpoint", "jobs>1": "--jobs", "seed": "--seed",
         "time_limit": "--time-limit", "max_nodes": "--node-limit", "method=memo": "--method memo",
         "method=search": "--method search", "zdd": "--zdd", "up_to_symmetry": "--up-to-symmetry",
         "some": "-n or --unique (not --all)"}


def count_settings(args):
    """The command's flags as the library's CountSettings (run's too: it splits as count does)."""
    from excover._counting import CountSettings

    return CountSettings(method=getattr(args, "method", "auto"), jobs=args.jobs, cluster=args.cluster,
                         checkpoint=args.checkpoint, seed=args.seed, time_limit=args.time_limit,
                         max_nodes=args.node_limit, memo_bytes=getattr(args, "memo_mb", 1) << 20,
                         up_to_symmetry=args.up_to_symmetry, zdd=getattr(args, "zdd", None) is not None,
                         every=getattr(args, "progress_every", None) or 1.0)


def check_flags(args) -> None:
    """Refuse flags that do not go together (the one table: excover._counting.APART), once,
    before anything is read."""
    if args.command not in ("run", "count"):
        return
    from excover._counting import refused

    settings = count_settings(args)
    listing = args.command == "run"
    clash = refused(lambda flag: not args.all if flag == "some" else settings.asked(flag),
                    "listing" if listing else "counting")
    if clash is not None:
        this, those, because = clash
        raise ExcoverError(f"{FLAGS[this]} does not go with {', '.join(FLAGS[that] for that in those)}: {because}")


def _run(args) -> int:
    if args.batch:
        return _run_batch(args)
    first = _load(args)
    if args.format == "report" and not first.reports:
        raise ExcoverError("--format report: the model has no report statement")
    answers = []
    for number, model in _each_case(args, first):
        if number and args.format == "text":
            print(f"{chr(10) if number > 1 else ''}Case {number}:", flush=True)
        answers.append(_run_case(model, args, number))
    return _status(first, answers)


def _status(first, answers: list[tuple[int, bool]]) -> int:
    """The exit status: one case's own (0 found, 1 none, 3 several for --unique); for input
    of several cases, as a judge reads it, 0 when every case was answered (a case without a
    solution is answered too), 1 when a limit left one without its answer."""
    if first.cases is None:
        return answers[0][0]
    return FOUND if all(answered for _, answered in answers) else NOT_FOUND


def _each_case(args, first):
    """(number, model) for each case of the input: (0, first) when it holds one case."""
    if first.cases is None:
        yield 0, first
        return
    from excover.language import each_case

    yield from enumerate(each_case(first, args.file, _params(args), _budget(args)), start=1)


def _run_case(model, args, case: int = 0) -> tuple[int, bool]:
    """Search one case and print what it found: (its exit status, whether it was answered:
    no time or node limit stopped the search short of what was asked)."""
    started = time.perf_counter()
    wanted = None if args.all else 2 if args.unique else args.n
    search = _search(model, args, None if args.up_to_symmetry else wanted)
    console = rich_console() if args.format == "text" else None
    from excover.render import as_json, grid_text, picture

    in_parallel = args.all and not args.up_to_symmetry and count_settings(args).split
    before = 0  # solutions printed by the run a checkpoint resumes
    if args.up_to_symmetry:
        found = _one_of_each_class(model, args, search, wanted)
    elif in_parallel:
        from excover import _parallel as parallel

        if args.cluster is not None:
            _quiet_dask()
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
            print(json_line(as_json(solution, shown)), flush=True)
            continue
        if args.format == "grid":
            print(("\n" if shown > 1 else "") + grid_text(solution, model.lattice), flush=True)
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
            split_stats(progress, started)
    else:
        total, stopped_by = (shown if args.up_to_symmetry else search.solutions_found), search.stopped_by
        search_summary(search, started, args)
    report = model.report(total)
    verdict: str | None
    if args.unique and args.up_to_symmetry and total:
        verdict = ("unique up to symmetry" if total == 1 and stopped_by is None else "one class found within the "
                   "limits" if total == 1 else "several classes up to symmetry (showing 2)")
        code = FOUND if total == 1 and stopped_by is None else NOT_UNIQUE
    elif args.unique and total:
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
        print(json_line({"summary": summary}), flush=True)
    else:
        for line in ([verdict] if verdict is not None and args.format != "report" else []) + report:
            print(line)
    from excover.engine.interface import StopReason

    return code, stopped_by in (None, StopReason.SOLUTIONS)


def _one_of_each_class(model, args, search, wanted: int | None):
    """run --up-to-symmetry: the solutions that are the least of their class, up to `wanted`."""
    from excover._symmetry import least_of_class

    least = least_of_class(model.problem, model.symmetries, model.forced)
    _warn(least.notes)
    return islice((solution for solution in search.solutions() if least(solution)), wanted)


def _warn(lines) -> None:
    for line in lines:
        print(f"warning: {line}", file=sys.stderr, flush=True)


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
            print(json_line({"seed": seed, "clues": [str(model.problem.options[i]) for i in new_clues],
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
    console = rich_console()
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
    from excover.language import evaluate_file

    model = evaluate_file(args.file, params, _budget(args))  # the param's default builds the items and options
    try:
        model.check_clue_param(name)  # before any line is read
    except ExcoverError as error:
        raise ExcoverError(f"--batch {name}: {error.message}") from None
    pictures = FlatPictures(model.problem)
    solved = failed = not_unique = nodes = 0
    started = time.perf_counter()
    answers = model.answers(name, [text for _, text in lines], BATCH_CHUNK, seed=args.seed,
                            time_limit=args.time_limit, max_nodes=args.node_limit)
    out = []
    for (number, _), answer in zip(lines, answers):
        failed += answer.error is not None
        solved += answer.found > 0
        not_unique += answer.found > 1
        nodes += answer.nodes
        out.append(f"error: line {number}: {answer.error}" if answer.error is not None else
                   "no solution" if answer.first is None else
                   pictures.line(model.problem, answer.first) + ("" if answer.found == 1 else " (not unique)"))
        if len(out) == BATCH_CHUNK:  # a chunk at a time, as it is searched
            sys.stdout.write("\n".join(out) + "\n")
            out = []
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    if args.stats:
        batch_stats(len(lines), solved, not_unique, failed, nodes, started)
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


def _count(args) -> int:
    first = _load(args)
    return _status(first, [_count_case(model, args) for _, model in _each_case(args, first)])


def _count_case(model, args) -> tuple[int, bool]:
    """The count, as the library makes it (excover._counting chooses the way), and what
    --stats and --progress show of it."""
    from excover._counting import count
    from excover.engine.interface import MemoUnavailable

    started = time.perf_counter()
    settings = count_settings(args)
    if args.cluster is not None:
        _quiet_dask()
    with _Watching(args) as watch:
        try:
            counted = count(model.problem, model.forced, settings, symmetries=model.symmetries, watch=watch)
        except MemoUnavailable as error:
            if settings.zdd:
                raise ExcoverError(f"--zdd: {error}") from None
            raise ExcoverError(f"--method memo: {error}; count with --method search") from None
    _warn(counted.notes)
    if args.stats:
        for line in counted.tried:
            print(line, file=sys.stderr)
    if counted.diagram is not None:
        _write(args.zdd, counted.diagram.text())
    print(counted.total if counted.exact else f"at least {counted.total}")
    if counted.way == "classes":
        _classes_stats(counted.classes, started) if args.stats else None
    elif counted.way == "split":
        split_stats(counted.progress, started) if args.stats else None
    else:
        search_summary(counted.search, started, args, solutions=counted.total)
        if args.stats and counted.way == "memo":
            memo_stats(counted.search.memo)
            if counted.diagram is not None:
                print(f"zdd: {len(counted.diagram):,} nodes written to {args.zdd}", file=sys.stderr)
    return FOUND if counted.total else NOT_FOUND, counted.exact


class _Watching:
    """What a count shows as it goes, for each way it may take (see _counting.Watch): the
    memo's and the search's lines with --progress (else, on a terminal, the search's bar),
    a split search's subproblems; every display closed at the end."""

    def __init__(self, args) -> None:
        self.lines = args.progress
        self.opened: list = []

    def __enter__(self):
        return self

    def __call__(self, way: str):
        if way == "memo":
            return memo_progress_line if self.lines else None
        if way == "search" and (self.lines or not sys.stderr.isatty()):
            return progress_line if self.lines else None
        self.__exit__()  # (one display at a time: a count up to symmetry makes several counts in turn)
        display = TerminalProgress() if way == "search" else SubproblemProgress(lines=self.lines)
        self.opened.append(display)
        return display

    def __exit__(self, *exception) -> None:
        while self.opened:
            self.opened.pop().close()


def _classes_stats(classes, started: float) -> None:
    """--stats of a count up to symmetry: the symmetries kept, and Burnside's terms."""
    if classes.kept:
        more = len(classes.kept) - 6
        shown = "; ".join(classes.kept[:6]) + (f"; and {more} more" if more > 0 else "")
        print(f"symmetries stated and kept: {shown}", file=sys.stderr)
    under = f"{plural(classes.count, 'class', 'classes')} under {plural(classes.group, 'symmetry', 'symmetries')}"
    if classes.broken:
        how = f"counted with {classes.broken} kept to one option of each orbit (symmetry breaking)"
    else:
        each = " ".join(str(n) if times == 1 else f"{n}x{times}" for n, times in zip(classes.fixed, classes.times))
        how = f"{plural(classes.fixed[0], 'solution')}; fixed by each: {each}"
    print(f"{under}; {how}; {time.perf_counter() - started:.3f}s", file=sys.stderr)


def _sample(args) -> int:
    from excover.engine.interface import MemoUnavailable
    from excover.render import as_json, grid_text, picture

    model = _one_case(_load(args), "sample")
    _interrupt.check()
    search = model.problem.search(forced=model.forced)
    try:
        total = search.memo_count(args.memo_mb << 20)  # (its table then serves the draws)
        drawn = search.samples(seed=args.seed, limit=args.memo_mb << 20)
    except MemoUnavailable as error:
        raise ExcoverError(f"sample: {error}") from None
    if not total:
        print("no solution", file=sys.stderr)
        return NOT_FOUND
    console = rich_console() if args.format == "text" else None
    for number, indices in enumerate(islice(drawn, args.k), start=1):  # each printed as soon as drawn
        solution = model.problem.solution(indices)
        if args.format == "json":
            print(json_line({**as_json(solution, number), "of": total}), flush=True)
        elif args.format == "grid":
            print(("\n" if number > 1 else "") + grid_text(solution, model.lattice), flush=True)
        else:
            assert console is not None
            if number > 1:
                console.print()
            console.print(f"Sample {number} (of {total:,} solutions):")
            console.print(picture(solution, **model.drawing))
    return FOUND


def _info(args) -> int:
    from excover import _shipped as shipped

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
    print(size_line(model))
    return FOUND


def _check(args) -> int:
    from excover._diagnosis import impossibilities

    answers = []
    first = _load(args)
    for number, model in _each_case(args, first):
        if number:
            print(f"{chr(10) if number > 1 else ''}Case {number}:")
        print(size_line(model))
        found = impossibilities(model)
        for line in found:
            print(f"impossible: {line}")
        if not found:
            print("no obvious impossibility")
        answers.append((NOT_FOUND if found else FOUND, True))
    return _status(first, answers)


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
        from excover._dlx_format import write

        sys.stdout.write(write(model.problem))
        if model.forced:
            print(f"| forced options (by line, from 1): {' '.join(str(k + 1) for k in model.forced)}")
    else:
        print(json.dumps({**model.problem.as_dict(), "forced": list(model.forced)}, indent=1))
    return FOUND


def _list(args) -> int:
    from excover import _shipped as shipped

    paths = shipped.models()
    width = max((len(path.name) for path in paths), default=0)
    for path in paths:
        print(f"{path.name.ljust(width)}  {shipped.summary(path)}")
    return FOUND if paths else NOT_FOUND


def _play(args) -> int:
    """play: the terminal app on the model's puzzle, a new one, or a saved game."""
    from importlib.util import find_spec

    if find_spec("textual") is None:
        raise ExcoverError("excover play needs Textual, an optional extra: pip install 'excover[play]'")
    from excover.play import Game, read_saved
    from excover.play._app import PlayApp

    again = _play_again(args)  # (for --serve: the command each browser page runs)
    save_to = args.save
    if args.file.endswith(".json"):
        data = read_saved(args.file)
        save_to = save_to or args.file
        args.file = data["model"]
        args.param = [f"{name}={value}" for name, value in data.get("params", {}).items()]
        game = Game.from_json(data, _load(args))
    else:
        model = _load(args)
        game = Game.of(model, new=args.new, seed=args.seed, givens=args.givens,
                       source={"model": str(args.file), "params": _params(args)})
    if not game.cells:
        raise ExcoverError("the model shows no cells to play on (its options have no show)")
    if game.kind == "cells" and (game.model.lattice != "square" or any(len(cell) != 2 for cell in game.cells)):
        raise ExcoverError("excover play fills cells of square boards: (row, column)")
    if args.serve:
        return _serve(again, args.port)
    if os.environ.get("EXCOVER_SERVED_BY"):  # a page's game, started by play --serve
        _interrupt.die_with_parent(int(os.environ["EXCOVER_SERVED_BY"]))
    elif not _on_a_terminal():
        raise ExcoverError("excover play needs a terminal to play in (or --serve, for a web browser)")
    PlayApp(game, save_to).run()
    return FOUND


def _on_a_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _play_again(args) -> list[str]:
    """The play command these arguments make, without --serve."""
    again = ["play", str(Path(args.file).resolve()) if Path(args.file).is_file() else args.file]
    again += [f"--param={setting}" for setting in args.param]
    for flag, value in (("--seed", args.seed), ("--givens", args.givens), ("--save", args.save),
                        ("--max-steps", args.max_steps), ("--max-options", args.max_options)):
        if value is not None:
            again.append(f"{flag}={value}")
    return again + (["--new"] if args.new else [])


def _serve(again: list[str], port: int) -> int:
    """play --serve: textual-serve runs the same play command for each page a browser opens,
    on 127.0.0.1 only; each such game is killed by the kernel when the server ends (see
    excover._interrupt.die_with_parent)."""
    from importlib.util import find_spec

    if find_spec("textual_serve") is None:
        raise ExcoverError("excover play --serve needs textual-serve, in the play extra: pip install 'excover[play]'")
    from textual_serve.server import Server

    command = "exec " + shlex.join([sys.executable, "-m", "excover", *again])  # (its shell gives way to it)
    os.environ["EXCOVER_SERVED_BY"] = str(os.getpid())
    print(f"excover play: serving on http://127.0.0.1:{port} (Ctrl-C stops)", file=sys.stderr, flush=True)
    Server(command, host="127.0.0.1", port=port, title="excover play").serve()
    return FOUND

