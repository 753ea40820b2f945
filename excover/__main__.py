"""The `excover` command (and `python -m excover`).

Only this module is loaded before Ctrl-C is answered: the command line itself is imported
inside the guard, so an interruption at any moment, even while Python is still loading
excover, ends with "excover: interrupted" and exit status 130, never a traceback.
"""

import sys

INTERRUPTED = 128 + 2  # as a shell reports a process ended by SIGINT


def main() -> int:
    try:
        from excover import _interrupt

        _interrupt.install()
        from excover.cli import main as command_line

        return command_line()
    except KeyboardInterrupt:
        try:
            print("excover: interrupted", file=sys.stderr)
        except (KeyboardInterrupt, OSError):
            pass
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
