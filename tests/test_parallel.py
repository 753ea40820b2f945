"""Parallel and distributed search: the same counts and solutions as one search, with 1, 2
and 4 jobs, on a Dask cluster bound to 127.0.0.1, and after a killed run resumed from its
checkpoint."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given

from excover import Problem
from excover import _parallel as parallel
from excover.cli import main
from excover.language import evaluate_file
from excover._matrix import compile_problem

from thorough import examples
from strategies import problems
from terminal import run_on_terminal

PUZZLES = Path(__file__).parent.parent / "puzzles"
PENTOMINO_4X15 = [str(PUZZLES / "pentomino.xc"), "-p", "width=15", "-p", "height=4"]  # 1472 tilings


@pytest.fixture
def no_probe(monkeypatch):
    """Workers start at once, and the split stops early, even for models a single search
    would finish in no time."""
    monkeypatch.setattr(parallel, "PROBE_SECONDS", 0.0)
    monkeypatch.setattr(parallel, "SUBPROBLEMS_PER_WORKER", 4)


MODELS = [
    ("pentomino.xc", {"width": "15", "height": "4"}),  # 1472 tilings, every piece exactly once
    ("queens.xc", {"n": "8"}),  # secondary items
    ("langford.xc", {"n": "7"}),
    ("soma.xc", {}),
]


@pytest.mark.parametrize("name, params", [pytest.param("pentomino.xc", {"width": "20", "height": "3"}, marks=pytest.mark.heavy),
                                          *MODELS[1:3], pytest.param(*MODELS[3], marks=pytest.mark.heavy)])
def test_counts_with_1_2_and_4_jobs_are_the_single_search_count(name, params, no_probe):
    model = evaluate_file(PUZZLES / name, params)
    single = model.problem.count(forced=model.forced, method="search")
    for jobs in (1, 2, 4):
        total, progress = parallel.count(model.problem.matrix, model.forced, jobs=jobs)
        assert total == single, jobs
        assert jobs == 1 or progress.done == progress.subproblems > 1


def strip_tilings(length: int):
    """Monominoes and dominoes, as many of each as wanted (multiplicities): Fibonacci."""
    from excover import Item, Problem

    cells = [f"c{k}" for k in range(length)]
    options = [[cell, "mono"] for cell in cells] + [[a, b, "domino"] for a, b in zip(cells, cells[1:])]
    return Problem(primary=[*cells, Item("mono", 0, None), Item("domino", 0, None)], options=options)


def test_colour_and_multiplicity_models_count_alike_with_1_2_and_4_jobs(no_probe):
    killer = evaluate_file(PUZZLES / "killer.xc", {"cages": "a a . .\n. . . .\n. . b b\n. . . .",
                                           "sums": "3 - - -\n. . . .\n. . 7 .\n. . . .",
                                           "whole": "0"})  # cages agree by colour
    strip = strip_tilings(20)
    for problem, forced, expected in [(killer.problem, killer.forced, 16), (strip, (), 10946)]:
        assert problem.count(forced=forced) == expected
        for jobs in (1, 2, 4):
            total, progress = parallel.count(problem.matrix, forced, jobs=jobs)
            assert total == expected and (jobs == 1 or progress.subproblems > 1)


@examples(25)
@given(problem=problems())  # multiplicities and colours
def test_random_models_with_multiplicities_and_colours_count_and_enumerate_alike(problem):
    saved = parallel.PROBE_SECONDS, parallel.SUBPROBLEMS_PER_WORKER
    parallel.PROBE_SECONDS, parallel.SUBPROBLEMS_PER_WORKER = 0.0, 2
    try:
        matrix = compile_problem(problem)
        alone = sorted(tuple(sorted(s)) for s in problem.search().solutions())
        assert parallel.count(matrix, jobs=2)[0] == len(alone)
        assert sorted(tuple(sorted(s)) for s in parallel.solutions(matrix, jobs=2)) == alone
    finally:
        parallel.PROBE_SECONDS, parallel.SUBPROBLEMS_PER_WORKER = saved


@pytest.mark.parametrize("name, params", [pytest.param(*MODELS[0], marks=pytest.mark.heavy), MODELS[1]])
def test_enumeration_in_parallel_gives_the_same_solutions_once_each(name, params, no_probe):
    model = evaluate_file(PUZZLES / name, params)
    alone = sorted(tuple(sorted(s)) for s in model.problem.search(forced=model.forced).solutions())
    together = [tuple(sorted(s)) for s in parallel.solutions(model.problem.matrix, model.forced, jobs=2)]
    assert sorted(together) == alone and len(set(together)) == len(together)


def test_a_search_that_ends_while_split_starts_no_workers(monkeypatch):
    def no_pool(*args, **kwargs):
        raise AssertionError("no worker should start")

    monkeypatch.setattr(parallel, "LocalWorkers", no_pool)
    model = evaluate_file(PUZZLES / "queens.xc", {"n": "6"})
    assert parallel.count(model.problem.matrix, jobs=2)[0] == 4


@pytest.mark.heavy
def test_the_probe_finishes_small_subtrees_here(monkeypatch):
    monkeypatch.setattr(parallel, "PROBE_SECONDS", 60.0)  # every subtree searched in this process
    monkeypatch.setattr(parallel, "LocalWorkers", None)
    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "15", "height": "4"})
    assert parallel.count(model.problem.matrix, model.forced, jobs=2)[0] == 1472
    alone = sorted(tuple(sorted(s)) for s in model.problem.search(forced=model.forced).solutions())
    assert sorted(tuple(sorted(s)) for s in parallel.solutions(model.problem.matrix, model.forced, jobs=2)) == alone


def test_a_subtree_that_outlasts_the_probe_goes_to_the_workers_whole(monkeypatch):
    """The probe searches here for PROBE_SECONDS at most: a subtree it cannot finish (of 12x12
    domino tilings, trillions each) is handed to the workers, not searched here for ever."""
    handed = []

    class Recording:
        workers = 2

        def __init__(self, matrix, forced, jobs):
            pass

        def run(self, what, paths):
            handed.extend(paths)
            return iter(())

        def close(self, finished):
            pass

    monkeypatch.setattr(parallel, "LocalWorkers", Recording)
    cells = [f"{r}_{c}" for r in range(12) for c in range(12)]
    options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(12) for c in range(11)]
    options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(11) for c in range(12)]
    matrix = Problem(primary=cells, options=options).matrix
    paths = parallel.split(matrix, (), 8).paths
    workers = parallel.Workers(matrix, (), 2, None)
    assert list(workers.run("count", paths)) == [] and handed == list(paths)


def test_the_command_line_counts_and_enumerates_in_parallel(capsys, no_probe):
    argv = [str(PUZZLES / "queens.xc"), "-p", "n=6"]
    assert main(["count", *argv, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == "4\n"
    assert main(["run", *argv, "--all", "--jobs", "2", "--format", "json"]) == 0
    *solutions, summary = capsys.readouterr().out.splitlines()
    assert len(solutions) == 4 and json.loads(summary)["summary"]["solutions"] == 4
    assert main(["count", *argv, "--jobs", "2", "--seed", "3"]) == 2
    assert "--jobs does not go with --seed: they split the search" in capsys.readouterr().err
    assert main(["run", *argv, "--jobs", "2"]) == 2
    assert "run with --all" in capsys.readouterr().err


def test_progress_lines_report_subproblems_and_solutions(capsys, no_probe):
    assert main(["count", str(PUZZLES / "langford.xc"), "-p", "n=7", "--jobs", "2", "--progress"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "52\n"
    assert "subproblems, " in captured.err and " solutions" in captured.err


def counting_with_a_checkpoint(checkpoint: Path, lines: int) -> tuple[list[str], subprocess.Popen]:
    """A pentomino count on two jobs, started in its own process group, once its checkpoint
    holds `lines` lines: (its command, the running process)."""
    argv = [sys.executable, "-m", "excover.cli", "count", *PENTOMINO_4X15, "--jobs", "2",
            "--checkpoint", str(checkpoint)]
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if checkpoint.exists() and len(checkpoint.read_text().splitlines()) > lines:
            break
        time.sleep(0.005)
    return argv, child


@pytest.mark.heavy
def test_a_killed_count_resumes_from_its_checkpoint(tmp_path):
    checkpoint = tmp_path / "pentomino.checkpoint"
    argv, child = counting_with_a_checkpoint(checkpoint, 100)
    os.killpg(child.pid, signal.SIGKILL)  # the parent and its workers, mid-run
    child.wait()
    recorded = len(checkpoint.read_text().splitlines())
    assert 100 < recorded
    with open(checkpoint, "a") as file:
        file.write('{"path": [1, 2')  # a line cut short by the crash
    resumed = subprocess.run([*argv, "--stats"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0 and resumed.stdout == "1472\n"
    done, total = map(int, resumed.stderr.split(" subproblems")[0].split(", ")[-1].split(" of "))
    assert done == total and recorded - 1 < total  # it was killed before the end, and resumed
    other = subprocess.run([sys.executable, "-m", "excover.cli", "count", str(PUZZLES / "queens.xc"),
                            "--checkpoint", str(checkpoint)], capture_output=True, text=True, timeout=60)
    assert other.returncode == 2 and "belongs to another model" in other.stderr


@pytest.mark.heavy
def test_a_dask_cluster_on_localhost_gives_the_same_counts_even_when_it_loses_a_worker():
    distributed = pytest.importorskip("distributed", reason="Dask is an optional extra: pip install 'excover[dask]'")
    import multiprocessing

    model = evaluate_file(PUZZLES / "pentomino.xc", {"width": "15", "height": "4"})
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as cluster:
        total, progress = parallel.count(model.problem.matrix, model.forced, cluster=cluster.scheduler_address)
        assert total == 1472 and progress.subproblems > 1
        queens = evaluate_file(PUZZLES / "queens.xc", {"n": "9"})
        assert len(set(map(frozenset, parallel.solutions(queens.problem.matrix, (),
                                                         cluster=cluster.scheduler_address)))) == 352
        assert main(["count", str(PUZZLES / "queens.xc"), "--cluster", cluster.scheduler_address]) == 0

        # A worker killed mid-run costs no subtree and counts none twice (the nanny starts another).
        pids = [child.pid for child in multiprocessing.active_children() if "Dask Worker" in child.name]
        assert len(pids) == 2
        killed = []

        def kill_one_worker(progress):
            if not killed:  # at the first finished chunk, with the others still running or waiting
                os.kill(pids[0], signal.SIGKILL)
                killed.append(progress.done)

        total, progress = parallel.count(model.problem.matrix, model.forced, cluster=cluster.scheduler_address,
                                         watch=kill_one_worker)
        assert killed and killed[0] < progress.subproblems
        assert total == 1472 and progress.done == progress.subproblems


@pytest.mark.heavy
def test_a_scheduler_lost_mid_run_is_said_in_a_sentence(tmp_path):
    """A real scheduler and workers, each its own process group on 127.0.0.1; the scheduler is
    killed once the cluster has finished a chunk, well before the count could end."""
    pytest.importorskip("distributed")
    address_file = tmp_path / "scheduler.json"

    def start(*argv):
        return subprocess.Popen([sys.executable, "-m", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)

    scheduler = start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                      "--scheduler-file", str(address_file))
    workers = None
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() or not address_file.read_text().strip():
            assert time.monotonic() < deadline and scheduler.poll() is None
            time.sleep(0.1)
        address = json.loads(address_file.read_text())["address"]
        workers = start("distributed.cli.dask_worker", address, "--host", "127.0.0.1", "--nworkers", "1",
                        "--nthreads", "1", "--no-dashboard")
        child = subprocess.Popen([sys.executable, "-m", "excover", "count", str(PUZZLES / "queens.xc"), "-p", "n=16",
                                  "--cluster", address, "--progress"],  # 14,772,512 solutions: half a minute
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for line in child.stderr:
            if line.startswith("progress:") and int(line.split()[1].split("/")[0]) > 1:
                break  # a chunk came back from the cluster
        os.killpg(scheduler.pid, signal.SIGKILL)
        os.killpg(workers.pid, signal.SIGKILL)
        out, err = child.communicate(timeout=120)
    finally:
        for process in (scheduler, workers):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
    assert child.returncode == 2 and out == ""
    assert "the Dask cluster was lost mid-run" in err and "--checkpoint" in err and "Traceback" not in err


def test_a_cluster_that_cannot_be_reached_is_a_clear_error(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(parallel, "CLUSTER_TIMEOUT", "1s")
    assert main(["count", str(PUZZLES / "queens.xc"), "--cluster", "tcp://127.0.0.1:9"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


@pytest.mark.heavy
def test_ctrl_c_stops_the_workers_and_the_checkpoint_resumes(tmp_path):
    argv, child = counting_with_a_checkpoint(tmp_path / "pentomino.checkpoint", 20)
    os.killpg(child.pid, signal.SIGINT)  # as Ctrl-C on a terminal reaches the whole group
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130 and b"interrupted" in err
    resumed = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0 and resumed.stdout == "1472\n"


@pytest.mark.heavy
def test_a_progress_bar_on_a_terminal_shows_subproblems_and_solutions():
    out, shown = run_on_terminal(["count", str(PUZZLES / "pentomino.xc"), "-p", "width=15", "-p", "height=4",
                                  "--jobs", "2"])
    assert out == b"1472\n"
    assert b"subproblems" in shown and b"solutions" in shown


@pytest.mark.heavy
def test_an_enumeration_killed_midway_resumes_and_prints_every_solution(tmp_path):
    checkpoint = tmp_path / "run.checkpoint"
    argv = [sys.executable, "-m", "excover.cli", "run", *PENTOMINO_4X15, "--all", "--jobs", "2",
            "--format", "json", "--checkpoint", str(checkpoint)]
    first = tmp_path / "first.txt"
    with open(first, "w") as out:
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            if checkpoint.exists() and len(checkpoint.read_text().splitlines()) > 100:
                break
            time.sleep(0.005)
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    printed = [json.loads(line) for line in first.read_text().split("\n") if line.endswith("}")]
    resumed = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0
    *rest, summary = [json.loads(line) for line in resumed.stdout.splitlines()]
    assert printed and rest and rest[-1]["solution"] == 1472  # numbered on from where it stopped
    assert summary == {"summary": {"solutions": 1472, "stopped_by": None, "report": []}}
    assert len({tuple(sorted(record["indices"])) for record in printed + rest}) == 1472
    count = subprocess.run([sys.executable, "-m", "excover.cli", "count", *PENTOMINO_4X15,
                            "--checkpoint", str(checkpoint)], capture_output=True, text=True, timeout=60)
    assert count.returncode == 2 and "it records solutions, not count" in count.stderr


def test_stats_of_a_split_search_count_every_node(capsys, no_probe):
    argv = [str(PUZZLES / "queens.xc"), "-p", "n=6"]
    assert main(["count", *argv, "--jobs", "2", "--stats"]) == 0
    out, err = capsys.readouterr()
    nodes = int(err.split(" nodes")[0].rsplit(" ", 1)[1])
    alone = evaluate_file(PUZZLES / "queens.xc", {"n": "6"}).problem.search()
    alone.count()
    assert out == "4\n" and err.startswith("4 solutions, ") and nodes >= alone.nodes  # paths replayed count twice
    assert main(["run", *argv, "--all", "--jobs", "2", "--stats", "--format", "grid"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("4 solutions, ") and int(err.split(" nodes")[0].rsplit(" ", 1)[1]) >= alone.nodes
    assert main(["count", str(PUZZLES / "queens.xc"), "-p", "n=2", "--jobs", "2", "--stats"]) == 1
    assert capsys.readouterr().err.startswith("0 solutions, ")


def processes_running(marker: str) -> list[int]:
    """The processes whose command line holds `marker` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds the workers through /proc")
@pytest.mark.parametrize("stop, code, words", [pytest.param(signal.SIGTERM, 143, "terminated", marks=pytest.mark.heavy),
                                               (signal.SIGINT, 130, "interrupted")])
def test_a_signal_to_the_parent_alone_ends_its_workers_cleanly(tmp_path, stop, code, words):
    checkpoint = tmp_path / "pentomino.checkpoint"
    _, child = counting_with_a_checkpoint(checkpoint, 20)
    child.send_signal(stop)  # to the parent only, as `kill PID` does
    _, err = child.communicate(timeout=60)
    assert child.returncode == code and err.decode() == f"excover: {words}\n"
    deadline = time.monotonic() + 30
    while processes_running(str(checkpoint)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not processes_running(str(checkpoint))  # no worker outlives the parent


def test_workers_take_few_subtrees_at_a_time_so_checkpoints_keep_up():
    chunks = parallel._guided(list(range(2000)), 2)
    assert sum(chunks, []) == list(range(2000))
    assert max(map(len, chunks)) <= parallel.GUIDED_CHUNK and len(chunks[-1]) == 1


def test_a_deep_narrow_tree_splits_without_a_search_per_level(tmp_path, capsys):
    chain = tmp_path / "chain.xc"
    chain.write_text("primary a(k) for k in 1..4000\noption a(k) for k in 1..4000\n")
    model = evaluate_file(chain)
    plan = parallel.split(model.problem.matrix, (), 400)
    assert plan.depth >= 2048 and not plan.paths and len(plan.above) == 1  # the depth doubled its way down
    assert main(["count", str(chain), "--jobs", "2"]) == 0 and capsys.readouterr().out == "1\n"


def test_enumeration_streams_through_a_bounded_window(no_probe):
    model = evaluate_file(PUZZLES / "queens.xc", {"n": "8"})
    workers = parallel.LocalWorkers(model.problem.matrix, (), 2)
    handed = []
    original = workers.pool.apply_async

    def counting(*args, **kwargs):
        handed.append(1)
        return original(*args, **kwargs)

    workers.pool.apply_async = counting
    try:
        plan = parallel.split(model.problem.matrix, (), 40)
        results = workers.run("solutions", plan.paths)
        next(results)
        assert len(handed) <= parallel.IN_FLIGHT * 2 + 1  # not every chunk at once
        rest = list(results)
        assert 1 + len(rest) == len(plan.paths)
    finally:
        workers.close(True)


def test_checkpoints_past_belief_are_refused_before_they_are_used(tmp_path, capsys):
    """An absurd split depth, a record of 100,000 nested brackets, and paths that are no
    regular file (a device, a FIFO: reading them would never end) are refused with a
    message, exit 2; nothing is lost."""
    queens = [str(PUZZLES / "queens.xc"), "-p", "n=9", "--method", "search", "--jobs", "2"]
    checkpoint = tmp_path / "queens.checkpoint"
    assert main(["count", *queens, "--checkpoint", str(checkpoint)]) == 0
    assert capsys.readouterr().out == "352\n"
    header, *records = checkpoint.read_text().splitlines(keepends=True)
    deep = json.loads(header)
    deep["depth"] = 10**12
    for text, message in [(json.dumps(deep) + "\n" + "".join(records), "its header is damaged"),
                          (header + "[" * 100_000 + "]" * 100_000 + "\n" + "".join(records), "line 2 is damaged")]:
        checkpoint.write_text(text)
        assert main(["count", *queens, "--checkpoint", str(checkpoint)]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err
        assert checkpoint.read_text() == text  # left as it is
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        assert main(["count", *queens, "--checkpoint", path]) == 2
        assert "it is not a regular file" in capsys.readouterr().err


def test_a_checkpoint_in_use_is_refused_to_a_second_run(tmp_path, capsys):
    """While one run holds the file (it is locked), a second is refused instead of both
    appending records; once the first is done, the second resumes from it."""
    checkpoint = tmp_path / "queens.checkpoint"
    matrix = evaluate_file(PUZZLES / "queens.xc", {"n": "6"}).problem.matrix
    first = parallel.Checkpoint(checkpoint, matrix, ())
    try:
        assert main(["count", str(PUZZLES / "queens.xc"), "-p", "n=6", "--method", "search", "--jobs", "2",
                     "--checkpoint", str(checkpoint)]) == 2
        assert "another excover run is using it (it is locked)" in capsys.readouterr().err
    finally:
        first.close()
    assert main(["count", str(PUZZLES / "queens.xc"), "-p", "n=6", "--method", "search", "--jobs", "2",
                 "--checkpoint", str(checkpoint)]) == 0
    assert capsys.readouterr().out == "4\n"
