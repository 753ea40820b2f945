"""Child processes that must end: when one does not, the test says what its process group was
doing (each process's state and signal masks, from /proc) before it kills the group, so that
a rare hang seen once on a busy machine leaves evidence rather than a stray process."""

import os
import signal
import subprocess
from pathlib import Path

import pytest

STATUS_FIELDS = ("Name", "State", "PPid", "Threads", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")


def ended(child: subprocess.Popen, timeout: float = 60):
    """(standard output, standard error) of `child`, started with start_new_session=True."""
    try:
        return child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        state = group_state(child.pid)
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"the child did not end in {timeout} s; its process group:\n{state}\n"
                    f"standard output: {out!r}\nstandard error: {err!r}")


def group_state(group: int) -> str:
    """One line a process of the group, with its status fields (empty without /proc)."""
    lines = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            if os.getpgid(int(folder.name)) != group:
                continue
            status = dict(line.split(":", 1) for line in (folder / "status").read_text().splitlines() if ":" in line)
            command = (folder / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError):  # gone meanwhile, or not ours to read
            continue
        fields = " ".join(f"{name}={status[name].strip()}" for name in STATUS_FIELDS if name in status)
        lines.append(f"  pid {folder.name}: {fields}  [{command.strip()[:120]}]")
    return "\n".join(lines)
