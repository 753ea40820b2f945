"""Ctrl-C that Python would lose.

A KeyboardInterrupt raised while Python runs a weakref callback or a ``__del__`` is printed as
"Exception ignored" and dropped, and the program carries on: importlib runs such a callback
as it imports (seen here: a Ctrl-C in the first tens of milliseconds of `excover count`, once
in a few thousand, and the count ran on). The command's handler therefore notes the signal
as well as raising it, and the command looks at the note at the points where its long work
begins (:func:`check`); the "Exception ignored" report of such a drop is not printed, since
the command answers it ("excover: interrupted", never a traceback). Standard library only: it
is installed before anything is loaded.
"""

import signal
import sys

_noted = False


def _on_sigint(signum, frame):
    global _noted
    _noted = True
    raise KeyboardInterrupt


def _unraisable(unraisable) -> None:
    """A dropped KeyboardInterrupt is noted already (see above); anything else is reported
    as Python would."""
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)


def install() -> None:
    """Answer Ctrl-C with the noting handler, where Python's own is in place (not where
    Ctrl-C is ignored, as for a job started in the background)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
        sys.unraisablehook = _unraisable


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C came and we are still here: it was lost."""
    if _noted:
        raise KeyboardInterrupt
