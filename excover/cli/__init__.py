"""The command line: the only place that prints. `main` runs a command; the commands are in
_commands, their arguments in _arguments, what they show beside their answers in _display.

Exit codes: 0 a solution was found (or the check passed), 1 none exists (or none within the
limits, or the check found the problem impossible), 2 bad input or usage, 3 (run --unique)
several solutions exist, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). For input of
several cases (a `cases` statement), as a judge reads it: 0 when every case was answered (none
and several are answers too), 1 when a limit left one without its answer.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence

from excover._errors import ExcoverError
from excover.cli._arguments import (
    EXAMPLES,  # (for the tests of the help)
    _parser,
)
from excover.cli._commands import (
    BAD_INPUT,
    FOUND,
    INTERRUPTED,
    TERMINATED,
    _check,
    _convert,
    _count,
    _generate,
    _info,
    _list,
    _play,
    _run,
    _sample,
    check_flags,
)

MEMORY_SHARE = 0.8  # of the machine's memory, the most a command may take


def bound_memory() -> None:
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
    commands = {"run": _run, "count": _count, "sample": _sample, "generate": _generate, "check": _check,
                "convert": _convert,
                "info": _info, "list": _list, "play": _play}
    import signal
    import threading

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
    if sys.stdout is None:  # started with its standard output closed (`>&-`): no answer can be given
        if sys.stderr is not None:
            print("excover: error: cannot write the output: standard output is closed", file=sys.stderr)
        return BAD_INPUT
    if hasattr(sys.stdout, "reconfigure"):  # a label's stray surrogate is written escaped, not fatal
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _warning_line
            check_flags(args)
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


__all__ = ["EXAMPLES", "bound_memory", "main"]
