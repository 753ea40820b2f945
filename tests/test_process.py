"""The whole process: interruption, memory, start-up."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from excover import Problem
from excover._dlx_format import write

from children import ended


def dominoes(height, width):
    cells = [f"{r}_{c}" for r in range(height) for c in range(width)]
    options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(height) for c in range(width - 1)]
    options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(height - 1) for c in range(width)]
    return Problem(primary=cells, options=options)


@pytest.mark.parametrize("engine", ["native", pytest.param("python", marks=pytest.mark.heavy)])
def test_ctrl_c_stops_a_long_count_quickly_with_a_clean_message(tmp_path, engine):
    path = tmp_path / "dominoes.dlx"
    path.write_text(write(dominoes(12, 12)))  # 53 trillion tilings: never finishes
    process = subprocess.Popen([sys.executable, "-m", "excover", "count", str(path), "--progress", "--jobs", "1",
                                "--progress-every", "0.05",  # (the first line says the search has begun)
                                "--method", "search"],  # the memo would count these in no time
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "EXCOVER_ENGINE": engine})
    first = process.stderr.readline()  # the search has started: its first progress line
    assert first.startswith("progress:"), first
    interrupted = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = ended(process)
    assert time.monotonic() - interrupted < 10  # a generous bound: the machine may be busy
    assert process.returncode == 130 and out == ""
    assert err.strip().splitlines()[-1] == "excover: interrupted" and "Traceback" not in err


# What the `excover` script that pip writes does, with a line that tells the test that the
# command has begun: printed when the command line starts to load, inside its guard. (Before
# it come Python's own start-up and the script's first import, two small modules; a signal in
# those few milliseconds ends the process as Python does, before any code of ours can run.)
CONSOLE_SCRIPT = """
import sys

class Ready:
    def find_spec(self, name, path, target=None):
        if name == "excover.cli":
            print("ready", file=sys.stderr, flush=True)

sys.meta_path.insert(0, Ready())
from excover.__main__ import main
sys.exit(main())
"""


@pytest.mark.parametrize("delay", [0.0, 0.03, 0.3, *(pytest.param(delay, marks=pytest.mark.heavy) for delay in (0.01, 0.1))])
def test_ctrl_c_during_start_up_or_model_evaluation_is_clean(delay):
    """Interrupted while excover loads, or while the model is evaluated (samurai's takes a
    while), the command still says so and exits 130, with no traceback."""
    process = subprocess.Popen([sys.executable, "-c", CONSOLE_SCRIPT, "count", "samurai.xc"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stderr.readline() == "ready\n"
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = ended(process)
    assert (process.returncode, out, err) == (130, "", "excover: interrupted\n")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
def test_counting_millions_of_solutions_takes_constant_memory(tmp_path):
    path = tmp_path / "dominoes.dlx"
    path.write_text(write(dominoes(7, 8)))
    # The peak resident set of the process after exec (VmHWM), as the child itself sees it.
    script = ("import sys; from excover.cli import main; main(['count', sys.argv[1], '--method', 'search']); "
              "print(next(l.strip() for l in open('/proc/self/status') if l.startswith('VmHWM')))")
    result = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True)
    count, peak = result.stdout.splitlines()
    assert count == "1292697"
    assert int(peak.split()[1]) < 100 * 1024  # kB


def test_startup_does_not_import_heavy_modules():
    script = "import sys; from excover.cli import main; main(['count', sys.argv[1]]); " \
             "print(sorted(m for m in ('rich', 'lark', 'numpy') if m in sys.modules))"
    path = Path(__file__).parent.parent / "puzzles" / "knuth_toy.dlx"
    result = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True)
    assert result.stdout.splitlines() == ["1", "[]"]


# A parallel count of 12x12 domino tilings (each subtree is endless) with two workers; once
# they run, SIGINT is sent to a thread that is not the main one, as the kernel may choose.
INTERRUPTED_IN_ANOTHER_THREAD = """
import multiprocessing, signal, sys, threading, time
from excover import Problem, _parallel

cells = [f"{r}_{c}" for r in range(12) for c in range(12)]
options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(12) for c in range(11)]
options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(11) for c in range(12)]
matrix = Problem(primary=cells, options=options).matrix

def interrupt():
    while len(multiprocessing.active_children()) < 2:
        time.sleep(0.01)
    time.sleep(0.5)  # the main thread is waiting for results by now
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
try:
    _parallel.count(matrix, jobs=2)
except KeyboardInterrupt:
    print("interrupted")
"""


@pytest.mark.heavy
@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="sends the signal to one thread")
def test_ctrl_c_taken_by_another_thread_still_stops_a_parallel_count():
    process = subprocess.Popen([sys.executable, "-c", INTERRUPTED_IN_ANOTHER_THREAD], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    out, err = ended(process)
    assert (process.returncode, out) == (0, "interrupted\n"), err


# Two workers searching endless subtrees, and their parent gone at once, without a word to them.
PARENT_VANISHES = """
import os, threading, time
from excover import Problem, _parallel

cells = [f"{r}_{c}" for r in range(12) for c in range(12)]
options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(12) for c in range(11)]
options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(11) for c in range(12)]
matrix = Problem(primary=cells, options=options).matrix
workers = _parallel.LocalWorkers(matrix, (), 2)

def vanish():
    time.sleep(1.0)
    print("gone", flush=True)
    os._exit(0)

threading.Thread(target=vanish).start()
next(workers.run("count", _parallel.split(matrix, (), 8).paths))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal")
def test_workers_do_not_outlive_their_parent():
    """However the parent ends, its workers end with it: none is left holding the command's
    output open (communicate returns only when every holder has closed it)."""
    process = subprocess.Popen([sys.executable, "-c", PARENT_VANISHES], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    out, err = ended(process)
    assert out == "gone\n", err


def test_a_ctrl_c_python_lost_still_stops_the_command(capsys):
    """Python drops a KeyboardInterrupt raised inside a weakref callback (importlib runs
    some as it imports); the command's handler notes the signal too, and the command stops
    when it next looks, before its search."""
    from excover import _interrupt
    from excover.cli import main

    with pytest.raises(KeyboardInterrupt):
        _interrupt._on_sigint(signal.SIGINT, None)  # as when the signal comes: raised, and noted
    try:  # and then, as if the raise had been dropped, the command goes on
        assert main(["count", str(Path(__file__).parent.parent / "puzzles" / "queens.xc")]) == 130
    finally:
        _interrupt._noted = False  # (monkeypatch would put the note back at teardown)
    assert capsys.readouterr() == ("", "excover: interrupted\n")


DROPPED_IN_A_CALLBACK = """
import weakref
from excover import _interrupt

_interrupt.install()

class Thing:
    pass

def interrupted(ref):
    _interrupt._on_sigint(2, None)  # Ctrl-C handled inside a weakref callback: Python drops it

def failing(ref):
    raise ValueError("a real fault")

first, second = Thing(), Thing()
kept = [weakref.ref(first, interrupted), weakref.ref(second, failing)]
del first, second
try:
    _interrupt.check()
except KeyboardInterrupt:
    print("stopped")
"""


def test_a_dropped_ctrl_c_is_answered_without_a_traceback():
    """The drop is not reported (the command answers it with its one line); any other
    exception Python drops is, as ever."""
    result = subprocess.run([sys.executable, "-c", DROPPED_IN_A_CALLBACK], capture_output=True, text=True,
                            timeout=60)
    assert result.stdout == "stopped\n"
    assert "KeyboardInterrupt" not in result.stderr and "ValueError: a real fault" in result.stderr


@pytest.mark.parametrize("argv", [["count", "queens.xc"], ["run", "queens.xc", "--all"],
                                  ["sample", "queens.xc", "-k", "3"]])
def test_a_closed_standard_output_is_an_error_not_a_lost_answer(argv):
    """Started with its standard output closed (`>&-`), the command says it cannot write the
    output and exits 2: not an AttributeError, not a count that went nowhere and exit 0."""
    process = subprocess.run([sys.executable, "-m", "excover", *argv], stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: os.close(1), timeout=120)
    assert process.returncode == 2
    assert process.stderr == "excover: error: cannot write the output: standard output is closed\n"
