"""A bounded fuzzing run through the installed command: damaged models, .dlx files, batch
files and checkpoints. Whatever the file, the command ends with an exit code in {0, 1, 2, 3},
no traceback, within its time and under a memory cap; a checkpoint gives the true count or a
refusal.

Marked `fuzz` (`.ci/run` runs it): `python -m pytest -m fuzz`. EXCOVER_FUZZ_SECONDS sets how
long each kind of file is fuzzed (default 15); EXCOVER_FUZZ_SEED replays a run.
"""

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.fuzz

PUZZLES = Path(__file__).parent.parent / "puzzles"
SECONDS = float(os.environ.get("EXCOVER_FUZZ_SECONDS", "15"))
SEED = int(os.environ.get("EXCOVER_FUZZ_SEED", str(random.SystemRandom().randrange(10**9))))
MEMORY = 1 << 30  # each run's address space


def capped() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, resource.getrlimit(resource.RLIMIT_AS)[1]))


def excover(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "excover", *map(str, args)], capture_output=True, timeout=60,
                          preexec_fn=capped if sys.platform == "linux" else None)


def damaged(data: bytes, rng: random.Random) -> bytes:
    """A few random byte flips, insertions, deletions or repeated slices."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(max(len(data), 1))
        kind = rng.randrange(4)
        if kind == 0 and data:
            data[where] = rng.randrange(256)
        elif kind == 1:
            data[where:where] = bytes([rng.choice(b'0123456789()[]{}:,.*"#|\\n -x\xff\xc3')])
        elif kind == 2 and data:
            del data[where:where + rng.randint(1, 8)]
        else:
            data[where:where] = data[where:where + rng.randint(1, 40)]
    return bytes(data)


def survives(result: subprocess.CompletedProcess, what: str) -> None:
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode in (0, 1, 2, 3), f"{what}: exit {result.returncode}\n{err}"
    assert "Traceback" not in err, f"{what}\n{err}"


def fuzz(tmp_path, sources: list[Path], suffix: str, extra: list[str]) -> int:
    rng = random.Random(SEED)
    deadline, runs = time.monotonic() + SECONDS, 0
    while time.monotonic() < deadline:
        source = rng.choice(sources)
        path = tmp_path / f"fuzzed{suffix}"
        path.write_bytes(damaged(source.read_bytes(), rng))
        survives(excover("count", path, *extra), f"seed {SEED}, run {runs}, from {source.name}")
        runs += 1
    return runs


def test_damaged_models(tmp_path):
    models = sorted(PUZZLES.glob("*.xc"))
    assert fuzz(tmp_path, models, ".xc", ["--max-steps", "300000", "--node-limit", "100000", "--jobs", "1"]) > 0


def test_damaged_knuth_files(tmp_path):
    files = sorted(PUZZLES.glob("*.dlx"))
    assert fuzz(tmp_path, files, ".dlx", ["--node-limit", "100000", "--jobs", "1"]) > 0


def test_damaged_batch_files(tmp_path):
    rng = random.Random(SEED)
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        lines = "\n".join([good] * rng.randint(1, 5)) + rng.choice(["\n", "\nend\n", ""])
        path = tmp_path / "batch.txt"
        path.write_bytes(damaged(lines.encode(), rng))
        survives(excover("run", "sudoku.xc", "--batch", f"givens={path}", "--node-limit", "100000"), f"seed {SEED}")


def test_damaged_checkpoints_count_true_or_refuse(tmp_path):
    rng = random.Random(SEED)
    checkpoint = tmp_path / "queens.checkpoint"
    argv = ["count", "queens.xc", "-p", "n=9", "--jobs", "2", "--checkpoint", checkpoint]
    assert excover(*argv).stdout == b"352\n"
    whole = checkpoint.read_bytes()
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        checkpoint.write_bytes(damaged(whole, rng))
        result = excover(*argv)
        survives(result, f"seed {SEED}")
        assert result.stdout in (b"352\n", b""), f"seed {SEED}: counted {result.stdout!r}"
        assert result.stdout or result.returncode == 2
