"""Ctrl-C that Python would lose, and processes that must not outlive their parent.

A KeyboardInterrupt raised while Python runs a weakref callback or a ``__del__`` is printed as
"Exception ignored" and dropped, and the program carries on: importlib runs such a callback
as it imports (seen here: a Ctrl-C in the first tens of milliseconds of `excover count`, once
in a few thousand, and the count ran on). The command's handler therefore notes the signal
as well as raising it, and the command looks at the note at the points where its long work
begins (:func:`check`); the "Exception ignored" report of such a drop is not printed, since
the command answers it ("excover: interrupted", never a traceback). Standard library only: it
is installed before anything is loaded.
"""

import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
INTERRUPTED = 128 + signal.SIGINT  # the exit status of a command Ctrl-C ended, as a shell reports it

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


def die_with_parent(parent: int) -> None:
    """On Linux, have the kernel kill this process when the thread of `parent` that started
    it ends: a search worker whose pool is gone (an interrupted pool can start workers while
    it is being stopped: orphans that would hold the command's output open and search on
    for ever), or a game a web server started for a page (excover play --serve) once the
    server is gone."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # no prctl to be had: the parent's own stopping must do
        return
    if os.getppid() != parent:  # the parent was gone before the request
        os._exit(1)
