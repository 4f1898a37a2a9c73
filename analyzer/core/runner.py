"""Chunked, seeded, parallel rollouts for any game.

A run is cut into chunks of a fixed size; chunk i draws from child i of
`SeedSequence(seed)` and the chunks are merged in index order, so the merged result
depends on the seed and rollout count only: never on `jobs`, the backend (local processes
or a Dask cluster), the order chunks finish in, or whether the run was resumed from a
checkpoint.  A task is a picklable callable `task(n, rng) -> dict` returning a flat dict
of counts or sums (str -> int, float or numeric numpy array); results merge by addition.

One entry point, `run(task, settings, label, halfwidths)`:

- a plain run does `settings.rollouts` rollouts;
- a precision run (`settings.precision`) adds chunks, in order, until every reported
  estimate's 95% half-width is at most the target, or `settings.max_rollouts` is reached.
  `halfwidths(merged) -> array of half-widths` is the analysis's own: it computes, from
  the merged accumulators, the half-widths of every estimate it reports, the same way its
  tables do.  A precision run that stops after N rollouts equals a plain run of N;
- `settings.checkpoint` saves the merged accumulators after every chunk; `settings.resume`
  continues from such a file (see `checkpoint.py`);
- `settings.backend == "dask"` runs the chunks on the Dask cluster at `settings.scheduler`
  (see `backends.py`).

The result is a `RunResult`: the merged dict, with how the run ended as attributes;
`annotate(result, run)` adds that to an analysis's notes and JSON.
"""
from __future__ import annotations

import math
import os
import sys
import threading
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from analyzer.core.errors import AnalyzerError, Interrupted
from analyzer.core.heap import keep_heap

CHUNK = 65_536  # rollouts per chunk: part of what a seed means, do not tune per machine
DEFAULT_MAX_ROLLOUTS = 20_000_000  # the cap of a precision run without --max-rollouts
MAX_ROLLOUTS = 10**12  # the most rollouts (or games) any run may ask for: far beyond any run that ends
BACKENDS = ("local", "dask")


@dataclass(frozen=True)
class RunSettings:
    rollouts: int = 200_000
    seed: int | None = None
    jobs: int | str = -1  # -1: every core; AUTO: from the measured work (local; Dask uses every worker thread)
    progress: bool = True
    backend: str = "local"  # "local" | "dask"
    scheduler: str | None = None  # Dask scheduler address, tcp://HOST:PORT
    precision: float | None = None  # stop when every reported 95% half-width is at most this
    max_rollouts: int | None = None  # the cap of a precision run [DEFAULT_MAX_ROLLOUTS]
    checkpoint: Path | None = None  # save the merged accumulators here after every chunk
    resume: Path | None = None  # continue the run saved here (and keep saving here)
    identity: dict | None = None  # what runs: {"command", "scenario" (a digest), "source"}; for checkpoints
    connect_timeout: float | None = None  # seconds to reach the Dask scheduler [backends.CONNECT_TIMEOUT]

    def with_seed(self) -> "RunSettings":
        """Fix a seed if none was given, so the output can say which one ran: a resumed run's, else a fresh one."""
        if self.seed is not None:
            return self
        if self.resume is not None:
            from analyzer.core import checkpoint

            return replace(self, seed=checkpoint.read_seed(self.resume))
        import secrets

        return replace(self, seed=secrets.randbelow(2**32))

    @property
    def limit(self) -> int:
        """The most rollouts this run may do."""
        if self.precision is None:
            return self.rollouts
        return self.max_rollouts or DEFAULT_MAX_ROLLOUTS

    @property
    def plan(self) -> dict:
        if self.precision is None:
            return {"rollouts": self.rollouts}
        return {"precision": self.precision, "max_rollouts": self.limit}


def validate(settings: RunSettings, unit: int = 1) -> None:
    """One-line errors for settings no run can use (`unit`: rollouts per thing counted, as in `run`)."""
    if settings.backend not in BACKENDS:
        raise AnalyzerError(f"--backend: got {settings.backend!r}; allowed: {', '.join(BACKENDS)}")
    if settings.rollouts < 1:
        raise AnalyzerError(f"--rollouts: got {settings.rollouts}; allowed: a positive number")
    if settings.rollouts > MAX_ROLLOUTS * unit:
        raise AnalyzerError(f"--rollouts: got {_big(settings.rollouts // unit)}; allowed: at most {MAX_ROLLOUTS:,} "
                            "(10^12, far beyond any run that ends)")
    p = settings.precision
    if p is not None and not (isinstance(p, (int, float)) and math.isfinite(p) and p > 0):
        raise AnalyzerError(f"--precision: got {p}; allowed: a positive number, the widest 95% half-width to "
                            "accept, e.g. 0.005")
    if settings.max_rollouts is not None:
        if settings.precision is None:
            raise AnalyzerError("--max-rollouts: only with --precision (without it, --rollouts is the run's size)")
        if settings.max_rollouts < 1:
            raise AnalyzerError(f"--max-rollouts: got {settings.max_rollouts}; allowed: a positive number")
        if settings.max_rollouts > MAX_ROLLOUTS * unit:
            raise AnalyzerError(f"--max-rollouts: got {_big(settings.max_rollouts // unit)}; allowed: at most "
                                f"{MAX_ROLLOUTS:,} (10^12)")
    t = settings.connect_timeout
    if t is not None and not (isinstance(t, (int, float)) and math.isfinite(t) and 0 < t <= 3600):
        raise AnalyzerError(f"--connect-timeout: got {t}; allowed: seconds, more than 0 and at most 3600")
    if settings.backend == "local":
        resolve_jobs(settings.jobs)


def _big(n: int) -> str:
    """A whole number for a message: in full up to 33 digits, else how many digits it has."""
    return str(n) if n.bit_length() < 110 else f"a number of about {int(n.bit_length() * 0.30103) + 1:,} digits"


class Sizes:
    """The chunk sizes of a run, without a list of them (a run of 10^12 rollouts has 15 million chunks)."""

    def __init__(self, rollouts: int, chunk: int | None = None):
        self.rollouts, self.chunk = rollouts, chunk or CHUNK
        self.full, self.rest = divmod(rollouts, self.chunk)

    def __len__(self) -> int:
        return self.full + (1 if self.rest else 0)

    def __getitem__(self, i: int) -> int:
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.chunk if i < self.full else self.rest

    def before(self, i: int) -> int:
        """Rollouts in chunks 0 .. i-1."""
        return min(i * self.chunk, self.rollouts)


def chunk_sizes(rollouts: int, chunk: int | None = None) -> list[int]:
    chunk = chunk or CHUNK
    full, rest = divmod(rollouts, chunk)
    return [chunk] * full + ([rest] if rest else [])


def merge(total: dict | None, part: dict) -> dict:
    if total is None:
        import numpy as np

        return {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in part.items()}
    for key, value in part.items():
        total[key] = total[key] + value
    return total


def seed_child(seed: int, index: int) -> np.random.SeedSequence:
    """Child `index` of SeedSequence(seed), the same as `SeedSequence(seed).spawn(index + 1)[index]`."""
    import numpy as np

    return np.random.SeedSequence(seed, spawn_key=(index,))


def _run_chunk(task, n, seed, index):
    distributed = sys.modules.get("distributed")
    if distributed is not None and isinstance(task, distributed.Future):
        task = task.result()  # joblib runs the chunks here when the cluster has one thread: the task, from it
    import numpy as np

    keep_heap()
    return index, task(n, np.random.default_rng(seed_child(seed, index)))


PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _worker_start(parent: int, forked: bool = False) -> None:
    """First thing in every local worker process (the pool's initializer), before any chunk.

    Ctrl-C reaches the whole process group, workers too: they ignore it, and the run's own process answers it (it
    ends the workers and says, in one line, what was kept); a worker's KeyboardInterrupt would print a traceback.
    After a kill -9 of the run's process nothing else would end its workers: on Linux the kernel sends each one
    SIGKILL the moment its parent dies (PR_SET_PDEATHSIG), whatever it is doing (a compiled kernel that holds the
    GIL included); elsewhere a thread polls the parent.  A `forked` worker also drops the SIGTERM answer and the
    progress bar it inherited: they are the parent's."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if forked:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _CURRENT.clear()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
                if os.getppid() != parent:  # it died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    _watch_parent(parent)


def _watch_parent(parent: int, every: float = 0.2) -> None:
    """In a worker process whose parent is `parent`: a daemon thread that ends the process soon after the parent
    dies (an orphan is handed to init, or to a subreaper, at once)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="analyzer-parent-watch", daemon=True).start()


WORKER_START = 0.4  # seconds local worker processes take to start (measured on a 2-core machine)
ENGINE_START = 1.2  # seconds more for a worker that loads numba and a compiled engine (measured likewise)
FORK_START = 0.1  # seconds a worker forked from this process takes to start (measured likewise)
AUTO = "auto"  # --jobs chosen from the measured work: see `_measured`
WORTH = 3.0  # workers start once the chunks left would take one core WORTH times their start ...
FIRST_WORTH = 8.0  # ... or FIRST_WORTH times, judged from the first chunk alone (it may include first calls)
SERIAL_MAX = 16 * CHUNK  # 1,048,576: the largest run the default keeps in this process (`default_jobs`)


def default_jobs(rollouts: int, serial_max: int | None = None) -> int:
    """--jobs when neither the command line nor the scenario gives it, for a run of at most `rollouts`
    rollouts: 1 (this process, no workers) up to `serial_max` (default SERIAL_MAX) rollouts, else -1 (a
    worker per core).  A question whose rollouts are cheaper and whose workers start slower (a compiled
    race kernel: each worker loads numba, about 0.7 s more) sets its own (`Question.serial_max`).

    Starting workers costs about WORKER_START seconds, which a second worker earns back only when the
    run would take one core more than twice that: the cheapest rollouts here, races from the opening,
    go at about 1.4M/s on one core, so that is about 1.1M rollouts (measured on a quiet machine: at
    5*10^5 races 2 workers were 20% slower than 1; on a machine whose cores are busy, workers start far
    slower and gain nothing at any size).  Costlier rollouts gain from workers below it; the rule errs on
    the side of the cheapest.  The results are the same for any jobs (chunks are seeded by index), so the
    rule changes only the time (`bench.default_jobs_rows` times it)."""
    return 1 if rollouts <= (SERIAL_MAX if serial_max is None else serial_max) else -1


def resolve_jobs(jobs: int | str) -> int:
    """The most worker processes `jobs` may start (AUTO: one per core)."""
    if jobs == AUTO:
        return os.cpu_count() or 1
    if not isinstance(jobs, int) or jobs == 0 or jobs < -1:
        raise AnalyzerError(f"--jobs: got {jobs}; allowed: a positive number of workers, or -1 for every core")
    return os.cpu_count() or 1 if jobs == -1 else jobs


class RunResult(dict):
    """The merged accumulators of a run, and how it ended.

    Attributes: `rollouts` done, `chunks` merged, `stopped_by` ("rollouts": the planned
    number; "precision": every half-width reached the target; "max-rollouts": the cap came
    first), `precision` (the target or None), `widest` (the widest reported half-width at
    the end; None for a plain run), `label`, `seed` (the root seed it ran with)."""

    rollouts: int = 0
    chunks: int = 0
    stopped_by: str = "rollouts"
    precision: float | None = None
    widest: float | None = None
    label: str = "rollouts"
    seed: int | None = None

    @property
    def note(self) -> str:
        if self.stopped_by == "precision":
            return (f"stopped by --precision: every 95% half-width <= {self.precision:g} (widest {self.widest:.4g}) "
                    f"after {self.rollouts:,} {self.label}")
        if self.stopped_by == "max-rollouts":
            return (f"stopped by --max-rollouts: {self.rollouts:,} {self.label} done before every 95% half-width "
                    f"reached {self.precision:g} (widest {self.widest:.4g})")
        return f"{self.rollouts:,} {self.label}"


def annotate(result, run: RunResult):
    """Add how a precision run ended to an analysis result (its notes and JSON payload)."""
    if run is not None and run.precision is not None:
        result.notes.append(run.note)
        result.payload.update(precision=run.precision, stopped_by=run.stopped_by, widest_ci95=run.widest)
    return result


def _widest(halfwidths, total) -> float:
    import numpy as np

    hw = np.asarray(halfwidths(total), dtype=float).ravel()
    if hw.size == 0:
        return 0.0
    return float("inf") if np.isnan(hw).any() else float(hw.max())


def _identity(task, settings: RunSettings, label: str) -> dict:
    if settings.identity is not None:
        return settings.identity
    try:  # an API caller without a scenario: the pickled task stands for it
        import hashlib
        import pickle

        digest = hashlib.sha256(pickle.dumps(task, protocol=4)).hexdigest()[:20]
    except Exception:  # noqa: BLE001 - an unpicklable task can still run locally with jobs=1
        digest = f"unpicklable {type(task).__name__}"
    return {"command": label, "scenario": f"task:{digest}", "source": getattr(task, "__name__", type(task).__name__)}


class _Saver:
    """Keeps the checkpoint file in step with the run."""

    def __init__(self, task, settings: RunSettings, label: str):
        from analyzer.core import checkpoint

        self.ck = checkpoint
        self.fingerprint = checkpoint.fingerprint(_identity(task, settings, label), label, settings.seed,
                                                  settings.plan, CHUNK)
        self.path = Path(settings.checkpoint or settings.resume)
        if settings.checkpoint is not None and self.path.exists() and (
                settings.resume is None or Path(settings.resume).resolve() != self.path.resolve()):
            raise checkpoint.CheckpointError(f"--checkpoint: {self.path} exists; continue that run with --resume "
                                             f"{self.path}, or remove it first")

    def load(self, path) -> "object":
        state = self.ck.load(path)
        self.ck.check(state.fingerprint, self.fingerprint, path)
        return state

    def save(self, total, done, pending) -> None:
        self.ck.save(self.path, self.ck.State(self.fingerprint, total, done, dict(pending)))


def run(task, settings: RunSettings, label: str = "rollouts", halfwidths=None, unit: int = 1,
        stage: str = "", counted: str | None = None) -> RunResult:
    """Run `task` as `settings` says; returns the merged dict (a RunResult).

    `halfwidths(merged) -> array-like`: the 95% half-widths of every estimate the caller
    reports, from the merged accumulators; needed for a precision run, ignored otherwise.
    `unit`: rollouts per thing the progress bar and messages count, `counted` what they call it (a balance
    run counts games, each `unit` rollouts of the runner's; default: `label`, which checkpoints record);
    `stage`: what the bar says is going on (e.g. "playing")."""
    counted = counted or label
    settings = settings.with_seed()  # the CLI settles it once; an API caller may leave it to the run
    validate(settings, unit)
    if settings.precision is not None and halfwidths is None:
        raise AnalyzerError("--precision: this analysis reports no Monte Carlo estimate to narrow")
    sizes = Sizes(settings.limit)
    saver = _Saver(task, settings, label) if settings.checkpoint or settings.resume else None

    total, done, pending = None, 0, {}
    if settings.resume is not None:
        state = saver.load(settings.resume)
        total, done, pending = state.merged, state.done, state.pending

    end = {"reason": None, "widest": None}

    def check_stop() -> None:
        if total is not None and settings.precision is not None:
            end["widest"] = _widest(halfwidths, total)
            if end["widest"] <= settings.precision:
                end["reason"] = "precision"
                return
        if done >= len(sizes):
            end["reason"] = "rollouts" if settings.precision is None else "max-rollouts"

    def absorb() -> None:
        """Merge the chunks that are next in line, checking after each whether the run has enough."""
        nonlocal total, done
        while done in pending and end["reason"] is None:
            total = merge(total, pending.pop(done))
            done += 1
            check_stop()
            bar.advance(sizes[done - 1], end["widest"])
        if end["reason"] is not None:
            pending.clear()  # chunks past the stop are not part of this run

    bar = Progress(settings.limit, counted, enabled=settings.progress, target=settings.precision, unit=unit,
                   stage=stage)
    bar.done = bar.started_at = sizes.before(done)
    check_stop()
    absorb()
    start = done

    def todo():
        """Chunk indices still to run, in order; stops as soon as the run has what it needs."""
        for i in range(start, len(sizes)):
            if end["reason"] is not None:
                return
            if i not in pending:
                yield i

    try:
        if end["reason"] is None:
            for i, part in _results(task, settings, sizes, todo, len(sizes) - start - len(pending)):
                if end["reason"] is not None:
                    continue  # a chunk that was already running when the run had enough: not used
                pending[i] = part
                absorb()
                if saver is not None:
                    saver.save(total, done, pending)
    except KeyboardInterrupt:
        bar.close()
        raise Interrupted(_kept(saver, sizes, done, pending, settings.limit, unit, counted)) from None
    finally:
        bar.close()
    if saver is not None and start == done and end["reason"] is not None:
        saver.save(total, done, pending)  # resumed a finished run: keep the file where --checkpoint asked
    out = RunResult(total)
    out.rollouts, out.chunks, out.stopped_by, out.label = sizes.before(done), done, end["reason"], label
    out.precision, out.widest, out.seed = settings.precision, end["widest"], settings.seed
    return out


def _kept(saver, sizes: Sizes, done: int, pending: dict, limit: int, unit: int, counted: str) -> str:
    """The one line of a stopped run: how far it got and what is kept.  With a checkpoint, what the file holds, read
    back (the stop may have come between a chunk's end and its save): the chunks in order, and any later ones that
    finished first (they are merged in their turn on --resume)."""
    if saver is not None:
        try:
            state = saver.ck.load(saver.path)
        except saver.ck.CheckpointError:  # never saved: no chunk had finished
            state = None
        if state is not None:
            first, ahead = sizes.before(state.done) // unit, sum(sizes[i] for i in state.pending) // unit
            chunks = "1 chunk that finished ahead of its turn" if len(state.pending) == 1 else \
                f"{len(state.pending)} chunks that finished ahead of their turn"
            what = f" ({first:,} in order, {ahead:,} in {chunks})" if ahead else ""
            return (f"interrupted after {first + ahead:,} of {limit // unit:,} {counted}; the checkpoint {saver.path} "
                    f"holds them{what}: continue with --resume {saver.path}")
    finished = (sizes.before(done) + sum(sizes[i] for i in pending)) // unit
    return f"interrupted after {finished:,} of {limit // unit:,} {counted}; nothing written"


def _unordered() -> str:
    """joblib's `return_as` for results as they finish ("generator_unordered" needs joblib 1.4)."""
    import joblib

    version = tuple(int(x) for x in joblib.__version__.split(".")[:2] if x.isdigit())
    return "generator_unordered" if version >= (1, 4) else "generator"


def _results(task, settings: RunSettings, sizes, todo, remaining: int):
    """(index, part) for every chunk index `todo()` yields, in any order."""
    if settings.backend == "dask":
        from joblib import Parallel, delayed

        from analyzer.core import backends

        with backends.dask(settings.scheduler, timeout=settings.connect_timeout) as cluster:
            try:
                shared = cluster.share(task)  # sent once; each chunk names it
                # batch_size=1: a worker that dies loses one chunk
                yield from Parallel(n_jobs=-1, batch_size=1, return_as=_unordered())(
                    delayed(_run_chunk)(shared, sizes[i], settings.seed, i) for i in todo())
            except cluster.errors as exc:
                raise cluster.failure(exc) from None
        return
    if settings.jobs == AUTO:
        yield from _measured(task, settings, sizes, todo(), remaining)
        return
    jobs = min(resolve_jobs(settings.jobs), max(remaining, 1))
    if jobs == 1:
        yield from (_run_chunk(task, sizes[i], settings.seed, i) for i in todo())
        return
    yield from _pooled(task, settings, sizes, todo(), jobs)


def _measured(task, settings: RunSettings, sizes, indices, remaining: int):
    """--jobs AUTO: the chunks in this process, timed, until the ones left would take one core long enough that
    workers earn back their start (`worth_workers`); then the rest on a worker per core.

    On Linux those workers are forked from this process, which has just played a chunk: they start with the
    engine loaded and its first calls made, in milliseconds, where a fresh worker spends about 1.5 s importing
    numba and loading the engine from the cache (ENGINE_START).  The first chunk may include this process's
    own first calls of the engine, so it alone decides only when the run is far beyond the line."""
    cores = os.cpu_count() or 1
    forked = _can_fork()
    start = FORK_START if forked else worker_start()
    times: list[float] = []
    for i in indices:
        began = time.perf_counter()
        part = _run_chunk(task, sizes[i], settings.seed, i)
        times.append(time.perf_counter() - began)
        yield part
        left = remaining - len(times)  # at most: a precision run may stop sooner
        if cores > 1 and left > 1 and worth_workers(times, left, start):
            jobs = min(cores, left)
            bar = _CURRENT.get("bar")
            if bar is not None:  # the workers' chunks name no stage here: the run's own, not the last chunk's
                bar.note(bar.initial)
            yield from (_forked(task, settings, sizes, indices, jobs) if forked else
                        _pooled(task, settings, sizes, indices, jobs))
            return


def _can_fork() -> bool:
    import multiprocessing

    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def worker_start() -> float:
    """Seconds a fresh local worker takes to start: the interpreter, numpy and joblib, and, when this process
    runs a compiled engine (numba is loaded), numba and the engine's functions from the cache, which every worker
    loads once (measured on a 2-core machine)."""
    return WORKER_START + (ENGINE_START if "numba" in sys.modules else 0.0)


def worth_workers(times: list[float], left: int, start: float) -> bool:
    """Would `left` more chunks, at the pace of the chunks timed so far, go faster on every core than here?

    On one core they take left * t; on w workers about start + left * t / w, which beats it from left * t > 2 *
    start (w = 2).  The rule asks for WORTH times the start, so that a run near the line (or on a machine whose
    cores are busy, where workers start slower) stays at least as fast as on one core."""
    t = min(times)
    need = WORTH * start if len(times) > 1 else FIRST_WORTH * start
    return left * t > need


def _forked(task, settings: RunSettings, sizes, indices, jobs: int):
    """(index, part) for every chunk index of `indices`, on `jobs` processes forked from this one, in any order;
    at most two chunks per worker are queued, so that a run that has enough stops soon."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from contextlib import nullcontext

    for stream in (sys.stdout, sys.stderr):  # a forked worker flushes what it inherited when it ends
        stream.flush()
    bar = _CURRENT.get("bar")
    pool, running = None, set()
    try:
        # the bar's lock held while forking: its thread is not halfway through a write to stderr, whose lock a
        # worker would inherit taken
        with _spawning(), bar._lock if bar is not None else nullcontext():
            pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                                       initializer=_worker_start, initargs=(os.getpid(), True))

            def fill() -> None:
                while len(running) < 2 * jobs:
                    i = next(indices, None)
                    if i is None:
                        return
                    running.add(pool.submit(_run_chunk, task, sizes[i], settings.seed, i))

            fill()  # the first submit forks every worker
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                running.discard(future)
                yield future.result()
            fill()
    finally:
        if pool is not None:
            _end(pool, running)


def _end(pool, running) -> None:
    """Stop a forked pool: at once, the workers killed, if chunks are still running (a stopped or interrupted
    run); else let its idle workers exit."""
    if not running:
        pool.shutdown(wait=True)
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()  # SIGKILL: a chunk of a compiled kernel may not return for minutes
    for process in processes:
        process.join(timeout=5)
    if manager is not None:
        # ended before this process exits: its exit hook would otherwise wake the pool's manager thread through a
        # pipe that thread may be closing (Python 3.11: "Bad file descriptor" printed after the one line)
        manager.join(timeout=5)


def _pooled(task, settings: RunSettings, sizes, indices, jobs: int):
    """(index, part) for every chunk index of `indices`, on `jobs` local worker processes, in any order."""
    from joblib import Parallel, delayed

    _quiet_resource_tracker()
    with warnings.catch_warnings():
        # stopped by Ctrl-C or SIGTERM, joblib warns that the chunks in flight were cancelled: the CLI's one line
        # says what was kept
        warnings.filterwarnings("ignore", message=r"\d+ tasks which were still being processed", category=UserWarning)
        results = None
        try:
            with _spawning():  # every worker starts with _worker_start: it ignores Ctrl-C and ends with this process
                results = Parallel(n_jobs=jobs, batch_size=1, return_as=_unordered(), initializer=_worker_start,
                                   initargs=(os.getpid(),))(
                    delayed(_run_chunk)(task, sizes[i], settings.seed, i) for i in indices)
            yield from results
        finally:
            if results is not None:
                results.close()  # now, while its warning is ignored, not whenever it is collected


@contextmanager
def _spawning():
    """While the run starts its workers (joblib starts them all at its first chunk): Ctrl-C and SIGTERM wait.

    Ctrl-C is blocked in this thread, so each worker starts with it blocked (the mask is inherited through fork and
    exec) and none can reach it before it ignores it (a KeyboardInterrupt while it imports would print a traceback);
    and a Ctrl-C or SIGTERM that another thread takes meanwhile is answered when every worker has its start (one
    stopped halfway, reading what to run, would print a traceback)."""
    import signal

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    # started now, before the mask: the standard library's tracker, started by loky's first worker, unblocks SIGINT
    # and SIGTERM after starting (Python 3.11), where it should restore the mask it found
    resource_tracker.ensure_running()
    came: list = []
    answers = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        if callable(signal.getsignal(sig)):
            answers[sig] = signal.signal(sig, lambda signum, frame: came.append(signum))
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        for sig, answer in answers.items():
            signal.signal(sig, answer)
    if came:
        answers[came[0]](came[0], None)  # the answer it would have had: KeyboardInterrupt


def _quiet_resource_tracker() -> None:
    """loky's resource tracker (a process of its own, writing to our stderr) warns of "leaked semlock objects" when
    a run is stopped (Ctrl-C, SIGTERM) while its workers hold them; it cleans them up all the same.  Its warnings
    would follow the CLI's one line, so they are ignored in the processes the run starts from now on."""
    rule = "ignore:resource_tracker:UserWarning"
    current = os.environ.get("PYTHONWARNINGS", "")
    if rule not in current:
        os.environ["PYTHONWARNINGS"] = ",".join(filter(None, [current, rule]))


class Progress:
    """A one-line progress bar on stderr, on a terminal only: drawn from `delay` seconds on (and redrawn every
    half second, so a long first chunk still shows it), counting in `unit`s of rollouts, naming its stage."""

    def __init__(self, total: int, label: str, enabled: bool = True, stream=None, delay: float = 1.0,
                 target: float | None = None, unit: int = 1, stage: str = ""):
        self.total, self.label, self.done, self.target = total, label, 0, target
        self.unit, self.stage, self.widest = max(int(unit), 1), stage, None
        self.initial = stage
        self.stream = stream or sys.stderr
        self.enabled = enabled and getattr(self.stream, "isatty", lambda: False)()
        self.start, self.delay, self.shown = time.monotonic(), delay, False
        self.started_at = 0  # rollouts done before this session (a resumed run): not in the rate
        self._lock, self._stop, self._width = threading.RLock(), threading.Event(), 0
        self._thread = None
        if self.enabled:
            _CURRENT["bar"] = self
            self._thread = threading.Thread(target=self._tick, name="analyzer-progress", daemon=True)
            self._thread.start()

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            if time.monotonic() - self.start >= self.delay:
                self._draw()

    def advance(self, n: int, widest: float | None = None) -> None:
        with self._lock:
            self.done += n
            self.widest = widest
        if self.enabled and time.monotonic() - self.start >= self.delay:
            self._draw()

    def note(self, stage: str) -> None:
        self.stage = stage

    def _draw(self) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            elapsed = max(time.monotonic() - self.start, 1e-9)
            frac = min(self.done / self.total, 1.0) if self.total else 1.0
            bar = "#" * int(30 * frac)
            rate = (self.done - self.started_at) / self.unit / elapsed
            if self.done <= self.started_at:
                tail = f"{elapsed:.0f}s"  # nothing finished yet: the bar says it is alive
            elif self.target is not None and self.widest is not None:
                tail = f"{rate:,.0f}/s widest ±{self.widest:.4g} -> {self.target:g}"
            else:
                shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"  # whole games, engines: a few a second
                tail = f"{shown}/s eta {(self.total - self.done) / self.unit / rate:.0f}s"
            stage = f" · {self.stage}" if self.stage else ""
            line = (f"{self.label} [{bar:<30}] {frac:4.0%} {self.done // self.unit:,}/{self.total // self.unit:,} "
                    f"{tail}{stage}")
            self.stream.write("\r" + line.ljust(self._width))
            self.stream.flush()
            self._width, self.shown = len(line), True

    def close(self) -> None:
        self._stop.set()
        if _CURRENT.get("bar") is self:
            _CURRENT.pop("bar")
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        with self._lock:
            if self.shown:
                self.stream.write("\r" + " " * max(self._width, 1) + "\r")
                self.stream.flush()
                self.shown = False
            if self.enabled:
                _STAGE["enabled"] = True  # later stages of this command (tables, plots) may say so too


_CURRENT: dict = {}  # "bar": the progress bar of the run in progress in this process
_STAGE: dict = {"enabled": False, "width": 0}


def note(stage: str) -> None:
    """Name what the run in progress in this process is doing now (e.g. the rule set being played); in a worker
    process, or with no bar, nothing."""
    bar = _CURRENT.get("bar")
    if bar is not None:
        bar.note(stage)


def stage(text: str | None, stream=None) -> None:
    """After a run with a progress bar: say on stderr which stage is next (tables, plots, ...); None clears it."""
    if not _STAGE["enabled"]:
        return
    stream = stream or sys.stderr
    width = _STAGE["width"]
    if text is None:
        if width:
            stream.write("\r" + " " * width + "\r")
            stream.flush()
        _STAGE.update(width=0, enabled=False)
        return
    line = f"{text} ..."
    stream.write("\r" + line.ljust(width))
    stream.flush()
    _STAGE["width"] = len(line)
