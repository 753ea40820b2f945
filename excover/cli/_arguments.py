"""The command line's arguments: the commands, their options and examples, and the argparse
types that make a value out of range a usage error."""

from __future__ import annotations

import argparse
import functools


@functools.cache  # (parsing leaves it as it was: main() in a loop builds it once)
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
            command.add_argument("--stats", action="store_true",
                                 help="print on standard error the solutions, nodes (levels of the search entered, "
                                      "dead ends found at once not counted) "
                                      "and updates (list removals) of the search")
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
    run.add_argument("--up-to-symmetry", action="store_true",
                     help="print one solution of each class under the model's symmetries (its symmetry "
                          "statements): the least of its images")
    run.add_argument("--batch", metavar="NAME=FILE",
                     help="solve once for each line of FILE as the value of param NAME, and prove the answer unique; "
                          "one line out per line in ('no solution', or the answer, marked '(not unique)' if so)")
    count = add_command("count", "Print the number of solutions.")
    count.add_argument("--progress", action="store_true",
                       help="report progress (Knuth's estimate of the fraction done) on standard error every second")
    count.add_argument("--progress-every", type=_positive_seconds, metavar="SECONDS",
                       help="report progress every SECONDS instead (with --progress, or on a terminal)")
    count.add_argument("--method", choices=["auto", "memo", "search"], default="auto",
                       help="auto (default: the memo while it pays, else the search), memo (remember how many "
                            "ways complete each state met: tilings of narrow boards and matchings of grids in "
                            "milliseconds; one process, for problems whose primary items are each covered "
                            "exactly once) or search (visit every solution)")
    count.add_argument("--up-to-symmetry", action="store_true",
                       help="count each class of solutions under the model's symmetries once (its symmetry "
                            "statements: the turns and mirrors of its board), by Burnside's lemma")
    count.add_argument("--zdd", metavar="FILE",
                       help="also write the ZDD of all the solutions to FILE, in Knuth's text form (as his DLX6 "
                            "writes it); counts with the memo")
    sample = add_command("sample", "Print solutions drawn uniformly at random (each as likely as any "
                                   "other), counted with a memo (see count --method memo).", searches=False)
    sample.add_argument("-k", type=_at_least(1), default=1, metavar="K", help="draw K solutions (default 1), "
                        "independently: the same may come twice")
    sample.add_argument("--seed", type=int, help="which draw: the same seed, the same solutions")
    sample.add_argument("--given", action="append", default=[], metavar="LABEL",
                        help="force the option with this label, as a given statement would (repeatable)")
    sample.add_argument("--format", choices=["text", "json", "grid"], default="text",
                        help="text (drawn), json (one object a line) or grid (the cells as plain text)")
    for command in (count, sample):
        command.add_argument("--memo-mb", type=_at_least(1), default=MEMO_MB, metavar="MB",
                             help=f"the most memory the memo's table takes (default {MEMO_MB}); past it, states "
                                  "are searched again: slower, never wrong")
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
    play = add_command("play", "Play the model's puzzle (or a new one) in the terminal, the model as the "
                               "referee; FILE may be a saved game (.json). Needs the play extra: "
                               "pip install 'excover[play]'.", searches=False)
    play.add_argument("--new", action="store_true", help="play a new puzzle made from the model (see generate)")
    play.add_argument("--seed", type=int, help="which new puzzle: the same seed, the same puzzle")
    play.add_argument("--givens", type=_at_least(0), metavar="N", help="a new puzzle with about N clues "
                      "(fewer is harder; a puzzle keeps as many as its unique answer needs)")
    play.add_argument("--save", metavar="FILE", help="where ctrl+s saves the game (a saved game played again "
                                                     "saves to itself)")
    play.add_argument("--serve", action="store_true", help="serve the game to a web browser instead, on "
                      "http://127.0.0.1:PORT (textual-serve; each page opened is a game of its own)")
    play.add_argument("--port", type=_at_least(1, 65535), default=8000, help="the port --serve listens on "
                      "(default 8000)")
    commands.add_parser("list", help="List the shipped models.", description="List the shipped models.",
                        epilog=_examples("list"), formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


EXAMPLES = {
    "run": ["excover run calendar.xc -p month=Oct -p day=6",
            "excover run sudoku.xc -p givens=@puzzle.txt --unique",
            "excover run sudoku.xc --batch givens=puzzles.txt"],
    "count": ["excover count pentomino.xc -p width=12 -p height=5",
              "excover count queens.xc -p n=12 --jobs 2 --checkpoint queens.ckpt",
              "excover count matching.xc -p graph=grid -p width=12 -p height=12 --zdd tilings.zdd"],
    "sample": ["excover sample matching.xc -p graph=grid -p width=8 -p height=8 -k 3 --seed 1",
               "excover sample pentomino.xc -p width=20 -p height=3 --format json"],
    "generate": ["excover generate sudoku.xc -p givens=empty --seed 7",
                 "excover generate sudoku.xc -p givens=empty --count 100 --format line > made.txt"],
    "check": ["excover check pentomino.xc -p width=8 -p height=8"],
    "info": ["excover info sudoku.xc"],
    "convert": ["excover convert queens.xc -p n=8 --to dlx > queens8.dlx"],
    "list": ["excover list"],
    "play": ["excover play sudoku.xc -p givens=empty --new --seed 7 --save game.json", "excover play game.json",
             "excover play calendar.xc -p month=Oct -p day=6", "excover play killer.xc --serve --port 8000"],
}


EXIT_STATUS = {
    "run": "0 a solution found, 1 none, 3 several (--unique), 2 bad input",
    "count": "0 solutions counted, 1 none, 2 bad input",
    "check": "0 no obvious impossibility, 1 impossible, 2 bad input",
}
SEVERAL_CASES = ("for input of several cases (a `cases` statement): 0 when every case was answered,\n"
                 "  1 when a limit left one unanswered")


def _examples(command: str) -> str:
    """The help's end: what the exit status says (for the commands that answer), then examples."""
    status = f"exit status: {EXIT_STATUS[command]};\n  {SEVERAL_CASES}\n\n" if command in EXIT_STATUS else ""
    return status + "examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES[command])


MOST_JOBS = 1024  # processes on one machine; a cluster's workers are its own
MEMO_MB = 1024  # the memo's table: 16x16 domino tilings take 130 MB of it


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
