"""Hostile input and faults at the command line's boundary: a located message and exit 2 (or a
quiet end), never a traceback, whatever the file, the terminal or the disk does."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

PUZZLES = Path(__file__).parent.parent / "puzzles"


def excover(*args, **options) -> subprocess.CompletedProcess:
    """The command's exit code and output: in this process (cheaper), or, given what only a
    process has (standard input, the environment), in a process of its own."""
    if options:
        return subprocess.run([sys.executable, "-m", "excover", *map(str, args)], capture_output=True,
                              timeout=120, **options)
    import contextlib
    import io

    from excover.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as stop:  # a usage error, from argparse
            code = stop.code
    return subprocess.CompletedProcess(args, code, out.getvalue().encode(), err.getvalue().encode())


def refused(result: subprocess.CompletedProcess, *words: str) -> None:
    err = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, err
    assert err.startswith("excover: error: ") and "Traceback" not in err, err
    for word in words:
        assert word in err, err


def test_a_model_or_an_include_that_is_not_utf8(tmp_path):
    (tmp_path / "latin.xc").write_bytes(b"# caf\xe9\nprimary a\noption a\n")
    refused(excover("count", tmp_path / "latin.xc"), "latin.xc: the model is not UTF-8 text (byte 0xe9 at offset 5)")
    (tmp_path / "binary.xc").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "main.xc").write_text('include "binary.xc"\nprimary a\noption a\n')
    refused(excover("count", tmp_path / "main.xc"), "main.xc:1:9: the included file 'binary.xc' is not UTF-8 text")
    refused(excover("count", "-", input=b"a\n\xff\n"), "standard input is not UTF-8 text")
    refused(excover("run", "sudoku.xc", "-p", f"givens=@{tmp_path / 'latin.xc'}"), "-p givens:", "not UTF-8 text")


def test_a_byte_order_mark_is_read_past(tmp_path):
    (tmp_path / "bom.xc").write_bytes(b"\xef\xbb\xbfprimary a\noption a\n")
    (tmp_path / "bom.dlx").write_bytes(b"\xef\xbb\xbfa b\na b\n")
    for name in ("bom.xc", "bom.dlx"):
        result = excover("count", tmp_path / name)
        assert (result.returncode, result.stdout) == (0, b"1\n"), result.stderr


def test_an_include_cannot_leave_the_models_folder(tmp_path):
    (tmp_path / "evil.xc").symlink_to("/etc/passwd")
    (tmp_path / "model.xc").write_text('include "evil.xc"\nprimary a\noption a\n')
    result = excover("count", tmp_path / "model.xc")
    refused(result, "cannot include 'evil.xc': it lies outside the model's folder")
    assert b"root:" not in result.stderr  # the file is never read, let alone echoed
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "inner.xc").write_text('include "../model2.xc"\n')
    (tmp_path / "model2.xc").write_text("primary b\noption b\n")
    (tmp_path / "sub" / "main.xc").write_text('include "inner.xc"\nprimary a\noption a\n')
    refused(excover("count", tmp_path / "sub" / "main.xc"), "cannot include '../model2.xc': it lies outside")


@pytest.mark.parametrize("text", [
    "primary a(2**20000)\noption a(2**20000)",
    'primary a\noption "{2**20000}": a',
    'require false, "{2**20000}"\nprimary a\noption a',
    "primary a\noption a show (1, 1) = 1\noutline {(1, 1): 1}, {1: 2**20000}",
    "let x = 2**13000 * 2**13000\nprimary a\noption a",
])
def test_numbers_too_large_to_write_are_refused_where_they_are_made(tmp_path, text):
    (tmp_path / "big.xc").write_text(text + "\n")
    refused(excover("run", tmp_path / "big.xc"), "that number is too large")


def test_a_report_too_large_is_a_located_error_after_the_search(tmp_path):
    (tmp_path / "big.xc").write_text("primary a\noption a\nreport 2**20000\n")
    refused(excover("run", tmp_path / "big.xc"), "big.xc:3:8: that number is too large")


def test_multiplicities_past_the_engines_integers_mean_what_they_say(tmp_path):
    (tmp_path / "hi.dlx").write_text("1:2147483647|a b\na b\n")
    (tmp_path / "lo.dlx").write_text("2147483647|a b\na b\n")
    (tmp_path / "big.xc").write_text("primary a[2**31]\noption a\n")
    (tmp_path / "range.xc").write_text("primary a[0..2**40]\noption a\n")
    for name, count in [("hi.dlx", 1), ("lo.dlx", 0), ("big.xc", 0), ("range.xc", 2)]:
        result = excover("count", tmp_path / name, "--jobs", "1")
        assert result.stdout.decode() == f"{count}\n", (name, result.stderr)


@pytest.mark.parametrize("address", ["foo", "tls://127.0.0.1:9"])
def test_a_cluster_address_dask_cannot_use(address):
    pytest.importorskip("distributed")
    refused(excover("count", "queens.xc", "--cluster", address), f"--cluster {address}: cannot reach the Dask scheduler")


def test_a_stray_surrogate_and_a_set_are_written_not_fatal(tmp_path):
    (tmp_path / "odd.xc").write_text('primary a\noption "\\ud800": a show (1, 1) = {1, 2}\n')
    drawn = excover("run", tmp_path / "odd.xc", "--format", "json", env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert drawn.returncode == 0, drawn.stderr
    assert b'"cells": [[1, 1, [1, 2]]]' in drawn.stdout
    text = excover("run", tmp_path / "odd.xc", "--format", "grid", env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert text.returncode == 0 and b"Traceback" not in text.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_a_message():
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "excover", "run", "queens.xc", "--all"], stdout=full,
                                stderr=subprocess.PIPE, timeout=120)
    refused(result, "cannot write the output: No space left on device")


@pytest.mark.parametrize("args", [["run", "queens.xc", "--all"], ["run", "pentomino.xc", "--all", "--jobs", "2"],
                                  ["run", "queens.xc", "--all", "--format", "json"]])
def test_a_closed_pipe_ends_quietly(args):
    process = subprocess.Popen([sys.executable, "-m", "excover", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    err = process.stderr.read()
    assert process.wait(timeout=120) == 0 and first and err == b""


# -- checkpoints: never add a count that cannot be trusted -----------------------------------


@pytest.fixture(scope="module")
def whole_count(tmp_path_factory) -> str:
    """The checkpoint of a whole count of 10-queens (724) on two jobs."""
    path = tmp_path_factory.mktemp("checkpoint") / "queens.checkpoint"
    result = excover("count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path)
    assert result.stdout == b"724\n", result.stderr
    return path.read_text()


@pytest.fixture
def finished(tmp_path, whole_count) -> tuple[Path, list[str]]:
    """A copy of that checkpoint to damage, and its lines."""
    path = tmp_path / "queens.checkpoint"
    path.write_text(whole_count)
    return path, whole_count.splitlines(keepends=True)


def record(line: str) -> dict:
    import json

    return json.loads(line)


def written(records) -> str:
    import json

    return "".join(line if isinstance(line, str) else json.dumps(line) + "\n" for line in records)


@pytest.mark.parametrize("damage, words", [
    (lambda r: {**r, "count": r["count"] + 0.5}, "is not a record of a finished subproblem"),
    (lambda r: {**r, "count": -1}, "is not a record of a finished subproblem"),
    (lambda r: {**r, "count": r["count"] + 1}, "fails its checksum"),
    (lambda r: [r["path"], r["count"]], "is not a record of a finished subproblem"),
    (lambda r: {**r, "path": r["path"] + [0]}, "is not a record of a finished subproblem"),
    (lambda r: {"path": r["path"]}, "is not a record of a finished subproblem"),
])
def test_a_damaged_record_is_refused(finished, damage, words):
    path, lines = finished
    lines[2] = damage(record(lines[2]))
    path.write_text(written(lines))
    refused(excover("count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path), words)


def test_a_damaged_header_a_repeated_record_or_another_model_is_refused(finished):
    path, lines = finished
    argv = ["count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path]
    header = record(lines[0])
    path.write_text(written([{k: v for k, v in header.items() if k != "depth"}, *lines[1:]]))
    refused(excover(*argv), "its header is damaged")
    path.write_text(written([lines[0], lines[1], lines[1], *lines[2:]]))
    refused(excover(*argv), "line 3 records the subproblem", "a second time")
    path.write_text(written(["[1, 2]\n", *lines[1:]]))
    refused(excover(*argv), "not an excover checkpoint file")
    path.write_text(written(lines))
    refused(excover("count", "queens.xc", "-p", "n=9", "--jobs", "2", "--checkpoint", path), "another model")


def test_a_record_of_a_subproblem_the_split_has_not_is_refused(finished):
    from excover._parallel import _check

    path, lines = finished
    header = record(lines[0])
    stray = [99] * header["depth"]
    lines[1] = {"path": stray, "count": 5, "check": _check(header["model"], stray, 5)}
    path.write_text(written(lines))
    refused(excover("count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path),
            f"records a subproblem {stray}")


def test_a_torn_last_record_is_searched_again(finished):
    path, lines = finished
    path.write_text(written([*lines[:-1], lines[-1][:len(lines[-1]) // 2]]))
    again = excover("count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path)
    assert (again.returncode, again.stdout) == (0, b"724\n"), again.stderr
    path.write_text(written(lines[:len(lines) // 2]))  # half the work: the rest is searched
    again = excover("count", "queens.xc", "-p", "n=10", "--jobs", "2", "--checkpoint", path)
    assert again.stdout == b"724\n"


@pytest.mark.parametrize("model, setting, words", [
    ("queens.xc", "n=-1", "-p n is the side of the board"),
    ("langford.xc", "n=0", "-p n is how many numbers"),
    ("pentomino.xc", "hole=-1", "-p hole is the side of a square inside the board"),
    ("tcube.xc", "size=0", "the box needs sides of 1 or more"),
    ("sudoku.xc", "box_rows=0", "a box needs 1 or more rows and columns"),
    ("matching.xc", "size=-2", "-p size, width and height are 1 or more"),
    ("calendar.xc", "day=40", "-p day is a day of the month"),
    ("calendar.xc", "month=Foo", "-p month is one of"),
])
def test_shipped_models_refuse_nonsense_params(model, setting, words):
    refused(excover("count", model, "-p", setting), words)


# -- runaways: whatever a model asks for, refused early or ended by the memory cap -------------


@pytest.mark.parametrize("statement, words", [
    ("let x = str(1..10**12)", "no value may have more than 1,000,000"),
    ("let b = box(100000, 100000)", "box() would have 10,000,000,000 parts"),
    ("let p = permutations(1..30, 30)", "permutations() would have"),
    ("let p = combinations(1..40, 20)", "combinations() would have"),
    ("let p = product(1..100, 1..100, 1..1000)", "product() would have 10,000,000 parts"),
    ('let s = ["x" * 999999 for k in 1..1000]', "budget of"),
    ("let s = [k for k in 1..100000]\nlet t = [str(s) for k in 1..100000]", "budget of 200,000 steps"),
    ('let s = ["abcdefgh"] * 150000\nlet t = str(s)', "would be longer than 1,000,000 characters"),
    ("primary a(k) for k in 1..10**8", "more than 10,000 items"),
])
def test_what_a_model_builds_is_paid_for_and_bounded(tmp_path, statement, words):
    (tmp_path / "big.xc").write_text(f"{statement}\nprimary z\noption z\n")
    # Budgets a hundredth of the defaults, so that the test is quick; the defaults stop them too.
    refused(excover("count", tmp_path / "big.xc", "--max-steps", "200000", "--max-options", "10000"), words)


@pytest.mark.heavy
@pytest.mark.skipif(sys.platform != "linux", reason="caps the child's address space with setrlimit")
def test_out_of_memory_is_a_message(tmp_path):
    import resource

    def small():  # the child may take about 200 MB of address space
        resource.setrlimit(resource.RLIMIT_AS, (200 * 2**20, resource.getrlimit(resource.RLIMIT_AS)[1]))

    lists = "".join(f"let s{k} = [[k] * 99 for k in 1..99999]\n" for k in range(3))  # some 250 MB
    (tmp_path / "mem.xc").write_text(lists + "primary z\noption z\n")
    result = subprocess.run([sys.executable, "-m", "excover", "count", str(tmp_path / "mem.xc"), "--max-steps",
                             "100000000"], capture_output=True, timeout=300, preexec_fn=small)
    refused(result, "out of memory")


def test_a_far_off_cell_is_drawn_as_a_table_not_a_giant_picture(tmp_path):
    (tmp_path / "far.xc").write_text("primary a b\noption a show (1, 1) = 1\noption b show (100000, 100000) = 2\n")
    result = excover("run", tmp_path / "far.xc", "--svg", tmp_path / "far.svg")
    assert result.returncode == 0 and b"option" in result.stdout
    assert (tmp_path / "far.svg").stat().st_size < 10_000


def test_an_error_in_an_included_file_says_where_it_was_included(tmp_path):
    (tmp_path / "part.xc").write_text("let x = 1\nlet y = nowhere + 1\n")
    (tmp_path / "main.xc").write_text('# main\ninclude "part.xc"\nprimary a\noption a\n')
    (tmp_path / "top.xc").write_text('include "main.xc"\n')
    result = excover("count", tmp_path / "top.xc")
    refused(result, "part.xc:2:9: unknown name 'nowhere'")
    assert result.stderr.decode().splitlines()[-2:] == [f"  included from {tmp_path / 'main.xc'}:2:9",
                                                         f"  included from {tmp_path / 'top.xc'}:1:9"]


def test_a_batch_skips_blank_lines_and_solves_around_a_bad_one(tmp_path):
    good = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    (tmp_path / "lines.txt").write_text(f"\n{good[:40]}\n\n{good}\n   \n")
    result = excover("run", "sudoku.xc", "--batch", f"givens={tmp_path / 'lines.txt'}")
    out = result.stdout.decode().splitlines()
    assert result.returncode == 2 and len(out) == 2
    assert out[0].startswith("error: line 2: ") and len(out[1]) == 81  # numbered as in the file
