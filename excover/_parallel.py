"""Parallel and distributed search: subtrees of one search tree, searched by many workers.

The top levels of the search tree are explored first (a search's ``split``), down to a depth
with many more nodes than workers, so that uneven subtrees even out. Each node there is a
*subproblem*, named by its path: the branch taken at each level above it. A worker runs the
same deterministic search restarted with that path (``search(..., path=...)``) and explores
that subtree alone. The subtrees do not overlap and, with the solutions found above the
split depth, hold every solution, so counts add up and enumerations have neither duplicates
nor gaps. This holds for every model, multiplicities and colours included, because a path
replays the engine's own branching; when every primary item is covered exactly once it
comes to forcing the options chosen along it.

Workers are local processes (``jobs``), or a Dask cluster (``cluster``: a scheduler address),
which gets the compiled matrix once per worker. A ``Checkpoint`` file records the finished
subproblems, so an interrupted count resumes where it stopped.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import attrs

from excover import _interrupt, engine
from excover._errors import ExcoverError
from excover._matrix import Matrix

SUBPROBLEMS_PER_WORKER = 200  # enough for uneven subtrees to even out
CLUSTER_TIMEOUT = "10s"  # to reach the Dask scheduler
PROBE_SECONDS = 0.02  # subproblems are searched here this long before workers start: small models pay nothing


@attrs.frozen
class Split:
    """The top of the tree: the paths to the subtrees at `depth`, and the solutions above."""

    depth: int
    paths: tuple[tuple[int, ...], ...]
    above: tuple[tuple[int, ...], ...]
    nodes: int = 0  # the nodes above the split


def split(matrix: Matrix, forced: Sequence[int], subproblems: int, depth: int | None = None) -> Split:
    """Split at `depth`, or else at a depth with at least `subproblems` subtrees (or none
    left: the search ended in the top levels). Each try searches the top of the tree again,
    so while the subtrees are few (a narrow tree, where they barely multiply from one level to
    the next) the depth doubles; once they are many it grows a level at a time, since a wide
    tree multiplies them at each level."""
    fixed = depth is not None
    at = depth if depth is not None else 1
    while True:
        search = engine.search(matrix, forced=forced)
        paths, above = search.split(at)
        if fixed or not paths or len(paths) >= subproblems or at > matrix.primary_count:
            return Split(at, tuple(paths), tuple(above), search.nodes)
        at = at * 2 if len(paths) * 16 < subproblems else at + 1


# -- the work of one subproblem (runs in a worker) ----------------------------------------

_adopted: tuple[Matrix, tuple[int, ...]] | None = None


def _adopt(matrix: Matrix, forced: Sequence[int], parent: int) -> None:
    """Worker start-up: keep the model (its native arrays get built on first use)."""
    global _adopted
    _adopted = (matrix, tuple(forced))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and ends them with SIGTERM (not the handler it forked with)
    if hasattr(signal, "pthread_sigmask"):  # forked while the pool was made, with both held back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _interrupt.die_with_parent(parent)


def _subtree(model: tuple[Matrix, tuple[int, ...]], path: tuple[int, ...]):
    """A search of the subtree at `path`: one search object a model and process, restarted."""
    matrix, forced = model
    search = matrix.engine_cache.get("subtree search")
    if search is None or not search.restart(forced, path):
        search = matrix.engine_cache["subtree search"] = engine.search(matrix, forced=forced, path=path)
    return search


def subtree_count(model: tuple[Matrix, tuple[int, ...]], path: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """(path, solutions in the subtree, nodes searched)."""
    search = _subtree(model, path)
    return path, search.count(), search.nodes


def subtree_solutions(model: tuple[Matrix, tuple[int, ...]],
                      path: tuple[int, ...]) -> tuple[tuple[int, ...], list[tuple[int, ...]], int]:
    """(path, the solutions in the subtree, nodes searched)."""
    search = _subtree(model, path)
    return path, [tuple(solution) for solution in search.solutions()], search.nodes


def subtrees(what: str, model: tuple[Matrix, tuple[int, ...]], paths: Sequence[tuple[int, ...]]) -> list[tuple]:
    """The work of one trip to a worker: several subtrees, counted or enumerated."""
    task = subtree_count if what == "count" else subtree_solutions
    return [task(model, path) for path in paths]


def _adopted_subtrees(what: str, paths: Sequence[tuple[int, ...]]) -> list[tuple]:
    assert _adopted is not None  # a pool worker adopts its model when it starts
    return subtrees(what, _adopted, paths)


GUIDED_CHUNK = 8  # the most subtrees a worker takes at once: a checkpoint is never far behind
IN_FLIGHT = 3  # chunks a worker may have handed out and unread: enough to keep it busy
TERMINATE_SECONDS = 5.0  # an interrupted pool is given this long to stop (see LocalWorkers.close)
# The longest wait for results without a look at Ctrl-C: the kernel may hand SIGINT to one of
# the pool's threads, and Python then runs its handler in the main thread only once that
# thread runs again, which a wait without a timeout never does while the subtrees are long.
SIGNAL_WAIT = 0.1


def _guided(paths: list, workers: int) -> list[list]:
    """Paths in chunks that shrink as the work runs out: fewer trips while there is much to do,
    single subtrees at the end so that no worker waits long for the last one. A chunk is at
    most GUIDED_CHUNK subtrees, since its results (and a checkpoint's records) come back
    together."""
    chunks, start = [], 0
    while start < len(paths):
        size = max(1, min(GUIDED_CHUNK, (len(paths) - start) // (4 * workers)))
        chunks.append(paths[start:start + size])
        start += size
    return chunks


# -- where the subproblems run ---------------------------------------------------------------


class InProcess:
    """One job: the subproblems one after the other, in this process (checkpoints need them)."""

    workers = 1

    def __init__(self, matrix: Matrix, forced: Sequence[int]) -> None:
        self.model = (matrix, tuple(forced))

    def run(self, what: str, paths: Iterable[tuple[int, ...]]) -> Iterator[tuple]:
        for path in paths:
            yield from subtrees(what, self.model, [path])

    def probe(self, what: str, path: tuple[int, ...], seconds: float) -> tuple | None:
        """The subtree's result if its search ends within `seconds`; else None, and the work
        done on it is dropped (a subtree's solutions are reported together, so none was)."""
        matrix, forced = self.model
        search = engine.search(matrix, forced=forced, path=path, time_limit=max(seconds, 0.0))
        found: int | list[tuple[int, ...]] = \
            search.count() if what == "count" else [tuple(solution) for solution in search.solutions()]
        return None if search.stopped_by is not None else (path, found, search.nodes)

    def close(self, finished: bool) -> None:
        pass


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back for a moment and delivered after it (where the system can
    do so), so that their exception is not raised while a lock is held."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = block(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, previous)


class LocalWorkers:
    """`jobs` processes on this machine, each with the model sent once."""

    def __init__(self, matrix: Matrix, forced: Sequence[int], jobs: int) -> None:
        self.workers = jobs
        self.pool = multiprocessing.get_context().Pool(jobs, initializer=_adopt,
                                                       initargs=(matrix, tuple(forced), os.getpid()))

    def run(self, what: str, paths: Iterable[tuple[int, ...]]) -> Iterator[tuple]:
        """The results as the workers finish them, with at most IN_FLIGHT chunks per worker
        handed out and not yet taken: the solutions stream through a bounded buffer, however
        slowly they are printed."""
        import queue

        finished: queue.SimpleQueue = queue.SimpleQueue()
        chunks = iter(_guided(list(paths), self.workers))
        task = functools.partial(_adopted_subtrees, what)

        def hand_out() -> bool:
            chunk = next(chunks, None)
            if chunk is None:
                return False
            with _signals_deferred():  # Ctrl-C inside the pool's locks would leave them held
                self.pool.apply_async(task, (chunk,), callback=finished.put, error_callback=finished.put)
            return True

        out = sum(hand_out() for _ in range(IN_FLIGHT * self.workers))
        while out:
            try:
                results = finished.get(timeout=SIGNAL_WAIT)
            except queue.Empty:
                continue
            out -= 1
            if isinstance(results, BaseException):
                raise results
            out += hand_out()
            yield from results

    def close(self, finished: bool) -> None:
        if finished:
            self.pool.close()
            self.pool.join()
            return
        # Interrupted: the subproblems still running are dropped. Pool.terminate kills the
        # workers and then joins its own threads, and one of them can wait for ever on a lock
        # that a worker held when it was killed, mid-write (a race inside multiprocessing,
        # seen here once in a few hundred interruptions under load). So it gets a few seconds
        # in a thread of its own; after that the workers are killed, if any is left, and the
        # process goes on to exit (the pool's threads are daemons).
        stopper = threading.Thread(target=self._stop, daemon=True)
        stopper.start()
        stopper.join(TERMINATE_SECONDS)
        if stopper.is_alive():
            for process in multiprocessing.active_children():
                process.kill()

    def _stop(self) -> None:
        self.pool.terminate()
        self.pool.join()


def _lost(error: Exception) -> ExcoverError:
    return ExcoverError(f"the Dask cluster was lost mid-run ({type(error).__name__}: {error}); "
                        "with --checkpoint FILE, a run again resumes where it stopped")


class ClusterWorkers:
    """A Dask cluster: the model is scattered to every worker once; a subproblem lost with a
    worker is run again by the scheduler, and each result is taken once."""

    def __init__(self, matrix: Matrix, forced: Sequence[int], address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ExcoverError("--cluster needs Dask: pip install 'excover[dask]'") from None
        try:
            self.client = Client(address, timeout=CLUSTER_TIMEOUT)
        except Exception as error:  # unreachable, or an address Dask cannot use (no port, TLS unset)
            raise ExcoverError(f"--cluster {address}: cannot reach the Dask scheduler ({error})") from None
        try:
            self.workers = max(1, sum(self.client.nthreads().values()))
            self.model = self.client.scatter((matrix, tuple(forced)), broadcast=True, hash=False)
        except Exception as error:
            self.client.close()
            raise _lost(error) from None

    def run(self, what: str, paths: Iterable[tuple[int, ...]]) -> Iterator[tuple]:
        from distributed import as_completed

        try:
            futures = [self.client.submit(subtrees, what, self.model, chunk, pure=False)
                       for chunk in _guided(list(paths), self.workers)]
            for future in as_completed(futures):
                results = future.result()
                yield from results
        except (GeneratorExit, KeyboardInterrupt):
            raise
        except Exception as error:  # the scheduler (or the connection to it) is gone
            raise _lost(error) from None

    def close(self, finished: bool) -> None:
        self.client.close()


class Workers:
    """Where the subproblems run: first here, for a moment (a small search ends before any
    worker starts), then in `jobs` processes or on the cluster, started on first need."""

    def __init__(self, matrix: Matrix, forced: Sequence[int], jobs: int | None, cluster: str | None) -> None:
        self.matrix, self.forced, self.cluster = matrix, tuple(forced), cluster
        self.here = InProcess(matrix, forced)
        self.remote: ClusterWorkers | LocalWorkers | None = \
            ClusterWorkers(matrix, forced, cluster) if cluster is not None else None
        self.jobs = self.remote.workers if self.remote is not None else jobs or os.cpu_count() or 1

    def run(self, what: str, paths: Sequence[tuple[int, ...]]) -> Iterator[tuple]:
        paths = list(paths)
        if self.remote is None and self.jobs == 1:
            yield from self.here.run(what, paths)
            return
        if self.remote is None:
            # A subtree that outlasts the probe goes to the workers whole: a probe that waited
            # for it could keep a long count on one core for ever.
            until = time.monotonic() + PROBE_SECONDS
            while paths and time.monotonic() < until:
                result = self.here.probe(what, paths[0], until - time.monotonic())
                if result is None:
                    break
                paths.pop(0)
                yield result
            if paths:
                # Made and kept with Ctrl-C held back: one inside the pool's constructor would
                # leave workers and threads that no one stops (its threads even replace workers
                # as they are stopped at exit). Its threads keep the signals blocked, so that
                # they reach the main thread.
                with _signals_deferred():
                    self.remote = LocalWorkers(self.matrix, self.forced, self.jobs)
        if paths and self.remote is not None:
            yield from self.remote.run(what, paths)

    def close(self, finished: bool) -> None:
        if self.remote is not None:
            self.remote.close(finished)


# -- checkpoints ------------------------------------------------------------------------------


class Checkpoint:
    """A file of finished subproblems, one JSON line each after a header naming the work
    (counting, or printing the solutions), the model (a hash of its matrix and forced options)
    and the split depth. Lines are flushed to disk as subproblems finish. The solutions above
    the split count as the path [].

    Nothing in the file is trusted: every record carries a checksum of the model, its path
    and its count, and must be a path of the split's depth with a whole, non-negative count,
    recorded once. A line cut short by a crash (the last one) is dropped, and its subproblem
    searched again; any other damage, or a file of another model or work, is refused with a
    message. `check_paths` then refuses records of subproblems the split does not have.

    A run holds the file locked (flock) from the moment it opens it until `close`: a second
    run given the same file is refused while the first goes on, rather than both appending
    records that would make it unreadable. An empty file is a checkpoint not yet begun."""

    def __init__(self, path: str | Path, matrix: Matrix, forced: Sequence[int], work: str = "count") -> None:
        self.path = Path(path)
        self.model = _fingerprint(matrix, forced)
        self.work = work
        self.most_depth = matrix.primary_count + len(matrix.options)  # no search goes deeper
        self.depth: int | None = None
        self.done: dict[tuple[int, ...], int] = {}
        self._lock: int | None = None
        if self.path.exists() and not self.path.is_file():  # (a FIFO or a device would block, or never end)
            raise self._refuse("it is not a regular file")
        self._lock = self._locked()
        try:
            self._read()
        except BaseException:
            self.close()
            raise

    def _locked(self) -> int | None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on this system: no lock
            return None
        try:
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise ExcoverError(f"--checkpoint {self.path}: cannot open it ({error.strerror})") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)
            raise self._refuse("another excover run is using it (it is locked)") from None
        return handle

    def __del__(self) -> None:
        self.close()

    def close(self) -> None:
        """Let the file go (its lock with it)."""
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def _refuse(self, why: str) -> ExcoverError:
        return ExcoverError(f"--checkpoint {self.path}: {why}; it is left as it is (remove it to start afresh)")

    def _read(self) -> None:
        from excover._errors import read_text

        try:
            text = read_text(self.path, "it")
        except ExcoverError as error:
            raise ExcoverError(f"--checkpoint {self.path}: {error.message}") from None
        if not text:
            return  # begun by a run that stopped before its header: a new one
        lines = text.splitlines(keepends=True)
        header = _json_line(lines[0]) if lines else None
        if not isinstance(header, dict) or header.get("excover checkpoint") != 1:
            raise self._refuse("not an excover checkpoint file")
        if header.get("model") != self.model:
            raise self._refuse("it belongs to another model (or other params)")
        if header.get("work", "count") != self.work:
            raise self._refuse(f"it records {header.get('work', 'count')}, not {self.work}")
        depth = header.get("depth")
        if type(depth) is not int or not 0 <= depth <= self.most_depth or not lines[0].endswith("\n"):
            raise self._refuse("its header is damaged")
        whole = len(lines[0])
        for number, line in enumerate(lines[1:], start=2):
            if not line.endswith("\n") and number == len(lines):  # cut short by a crash: searched again
                break
            record = _json_line(line)
            if record is None or not line.endswith("\n"):
                raise self._refuse(f"line {number} is damaged")
            path, count = self._valid(record, depth, number)
            if path in self.done:
                raise self._refuse(f"line {number} records the subproblem {list(path)} a second time")
            self.done[path] = count
            whole += len(line)
        if whole < len(text):
            self.path.write_text(text[:whole], encoding="utf-8")  # so that new lines start clean
        self.depth = depth

    def _valid(self, record, depth: int, number: int) -> tuple[tuple[int, ...], int]:
        path, count = (record.get("path"), record.get("count")) if isinstance(record, dict) else (None, None)
        if (not isinstance(path, list) or not all(type(step) is int and step >= 0 for step in path)
                or len(path) not in (depth, 0) or type(count) is not int or count < 0):
            raise self._refuse(f"line {number} is not a record of a finished subproblem")
        if record.get("check") != _check(self.model, path, count):
            raise self._refuse(f"line {number} fails its checksum (the file was changed)")
        return tuple(path), count

    def check_paths(self, paths: Sequence[tuple[int, ...]]) -> None:
        """Refuse records of subproblems the split has not (the path [] stands for the top)."""
        known = set(paths) | {()}
        stray = next((path for path in self.done if path not in known), None)
        if stray is not None:
            raise self._refuse(f"it records a subproblem {list(stray)} that this search does not have")

    def start(self, depth: int) -> None:
        """A new checkpoint for a split at `depth` (nothing to do when resuming)."""
        if self.depth is None:
            self.depth = depth
            self._write({"excover checkpoint": 1, "work": self.work, "model": self.model, "depth": depth}, mode="w")

    def record(self, path: tuple[int, ...], count: int) -> None:
        self.done[path] = count
        self._write({"path": list(path), "count": count, "check": _check(self.model, list(path), count)}, mode="a")

    def _write(self, record: dict, mode: str) -> None:
        try:
            with open(self.path, mode, encoding="utf-8") as file:
                file.write(json.dumps(record) + "\n")
                file.flush()
                os.fsync(file.fileno())
        except OSError as error:
            raise ExcoverError(f"--checkpoint {self.path}: cannot write it ({error.strerror})") from None


def _json_line(line: str):
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # not JSON (a number past Python's limit on digits; brackets nested deep)
        return None


def _check(model: str, path: list[int], count: int) -> str:
    return hashlib.sha256(f"{model} {path} {count}".encode()).hexdigest()[:16]


def _fingerprint(matrix: Matrix, forced: Sequence[int]) -> str:
    text = json.dumps([matrix.primary_count, matrix.lo, matrix.hi, matrix.options, sorted(set(forced))])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


# -- the searches -------------------------------------------------------------------------------


@attrs.define
class Progress:
    """What a running parallel search has done so far (for a progress display)."""

    subproblems: int = 0
    done: int = 0
    solutions: int = 0
    nodes: int = 0
    started: float = attrs.Factory(time.monotonic)


def count(matrix: Matrix, forced: Sequence[int] = (), *, jobs: int | None = None, cluster: str | None = None,
          checkpoint: str | Path | None = None,
          watch: Callable[[Progress], None] | None = None) -> tuple[int, Progress]:
    """The number of solutions, searched by `jobs` processes (default: every core) or by a Dask
    `cluster`; (the count, the progress record with the nodes searched)."""
    progress = Progress()
    if jobs == 1 and cluster is None and checkpoint is None:
        search = engine.search(matrix, forced=forced)
        progress.solutions = search.count()
        progress.nodes = search.nodes
        return progress.solutions, progress
    saved = Checkpoint(checkpoint, matrix, forced) if checkpoint is not None else None
    workers = Workers(matrix, forced, jobs, cluster)
    finished = False
    try:
        plan = split(matrix, forced, SUBPROBLEMS_PER_WORKER * workers.jobs, saved.depth if saved else None)
        if saved is not None:
            saved.start(plan.depth)
            saved.check_paths(plan.paths)
        done = saved.done if saved is not None else {}
        progress.subproblems, progress.done = len(plan.paths), sum(1 for path in plan.paths if path in done)
        progress.solutions = len(plan.above) + sum(done.get(path, 0) for path in plan.paths)
        progress.nodes = plan.nodes
        for path, found, nodes in workers.run("count", [path for path in plan.paths if path not in done]):
            if saved is not None:
                saved.record(path, found)
            progress.done += 1
            progress.solutions += found
            progress.nodes += nodes
            if watch is not None:
                watch(progress)
        finished = True
        return progress.solutions, progress
    finally:
        workers.close(finished)
        if saved is not None:
            saved.close()


def solutions(matrix: Matrix, forced: Sequence[int] = (), *, jobs: int | None = None, cluster: str | None = None,
              checkpoint: str | Path | None = None, progress: Progress | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution, each once, as the workers find them (subtree by subtree). With a
    checkpoint, a subtree is recorded once all its solutions were taken, and a resumed run
    yields only the others (a subtree cut short by the interruption comes again whole).
    `progress`, if given, is kept up to date (subproblems, solutions, nodes)."""
    progress = progress if progress is not None else Progress()
    if jobs == 1 and cluster is None and checkpoint is None:
        search = engine.search(matrix, forced=forced)
        for solution in search.solutions():
            progress.solutions += 1
            progress.nodes = search.nodes
            yield solution
        progress.nodes = search.nodes
        return
    saved = Checkpoint(checkpoint, matrix, forced, work="solutions") if checkpoint is not None else None
    workers = Workers(matrix, forced, jobs, cluster)
    finished = False
    try:
        plan = split(matrix, forced, SUBPROBLEMS_PER_WORKER * workers.jobs, saved.depth if saved else None)
        done = {}
        if saved is not None:
            saved.start(plan.depth)
            saved.check_paths(plan.paths)
            done = saved.done
        progress.subproblems, progress.nodes = len(plan.paths), plan.nodes
        progress.done = sum(1 for path in plan.paths if path in done)
        if () not in done:
            progress.solutions += len(plan.above)
            yield from plan.above
            if saved is not None:
                saved.record((), len(plan.above))
        for path, subtree, nodes in workers.run("solutions", [path for path in plan.paths if path not in done]):
            progress.done += 1
            progress.nodes += nodes
            progress.solutions += len(subtree)
            yield from subtree
            if saved is not None:
                saved.record(path, len(subtree))
        finished = True
    finally:
        workers.close(finished)
        if saved is not None:
            saved.close()


def already_found(checkpoint: str | Path, matrix: Matrix, forced: Sequence[int]) -> int:
    """How many solutions a checkpointed run of `solutions` has yielded so far (0 for none)."""
    if not Path(checkpoint).exists():
        return 0
    saved = Checkpoint(checkpoint, matrix, forced, work="solutions")
    saved.close()
    return sum(saved.done.values())
