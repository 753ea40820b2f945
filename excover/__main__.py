"""The `excover` command (and `python -m excover`): the command line in a process of its own.

Only this module is loaded before Ctrl-C is answered: the command line itself is imported
inside the guard, so an interruption at any moment, even while Python is still loading
excover, ends with "excover: interrupted" and exit status 130, never a traceback. The
process's address space is capped here (see cli.bound_memory), not in cli.main, which the
tests and other programs call in their own processes.
"""

import sys

from excover import _interrupt  # (standard library only: loaded as fast as this module)


def main() -> int:
    try:
        _interrupt.install()
        from excover.cli import bound_memory
        from excover.cli import main as command_line

        bound_memory()
        return command_line()
    except KeyboardInterrupt:
        try:
            print("excover: interrupted", file=sys.stderr)
        except (KeyboardInterrupt, OSError):
            pass
        return _interrupt.INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
