"""Running the command line with standard error on a pseudo-terminal, as a person sees it."""

import os
import pty
import subprocess
import sys


def run_on_terminal(arguments: list[str], env: dict | None = None, timeout: float = 60) -> tuple[bytes, bytes]:
    """(standard output, what the terminal showed on standard error) of `excover ARGUMENTS`."""
    controller, terminal = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "excover.cli", *arguments], stdout=subprocess.PIPE,
                             stderr=terminal, env=env)
    out, _ = child.communicate(timeout=timeout)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal's other side is closed: all read
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    return out, shown
