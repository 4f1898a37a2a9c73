"""The Dask backend: an existing cluster that runs the runner's chunks (local ones use joblib's loky).

Dask is imported here only, and only when `--backend dask` asks for it, so the CLI starts
fast and Dask stays an optional extra (`pip install 'analyzer[dask]'`).  On Dask the task
(the scenario, the position, the rule set) is scattered to every worker once, before the
first chunk; each chunk then sends only its size and index.  A worker that dies takes its
chunk with it; the scheduler runs that chunk again elsewhere, with the same index and so
the same seed child, and the merged tables do not change.
"""
from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager

from analyzer.core.errors import AnalyzerError

SCHEDULER_ENV = "ANALYZER_SCHEDULER"
CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler
WORKERS_TIMEOUT = 10.0  # seconds to wait for a scheduler with no workers to get one
_ADDRESS = re.compile(r"^(?:(tcp|tls|ws|wss|inproc|ucx)://)?[^\s/:]+(?::\d{1,5})?$"  # [proto://]host[:port]
                      r"|^(?:tcp|tls)://\[[0-9a-fA-F:]+\]:\d{1,5}$")  # an IPv6 host


class SchedulerError(AnalyzerError):
    """No Dask scheduler to run on: none given, a bad address, unreachable, no workers, lost."""


def check_address(address: str | None) -> str:
    if not address:
        raise SchedulerError(f"--scheduler: missing; --backend dask needs the address of a running Dask scheduler, "
                             f"e.g. tcp://10.0.0.5:8786 (or set {SCHEDULER_ENV})")
    address = address.strip()
    if not _ADDRESS.match(address):
        raise SchedulerError(f"--scheduler: got {address!r}; allowed: a Dask scheduler address, tcp://HOST:PORT")
    return address


_TUNED = False


def tune_worker() -> None:
    """Undo, for this worker process, the allocator setting that makes rollouts ~3x slower on Dask.

    Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, which turns off glibc's
    adaptive mmap threshold: every temporary array of a chunk (hundreds of kB) is then mapped
    and unmapped afresh, page faults and all.  Rollouts allocate such temporaries by the
    thousand, so on a worker with that variable set this raises the mmap threshold to 32 MiB
    and the trim threshold to 64 MiB (at most that much freed heap is kept).  Once per process."""
    global _TUNED
    if _TUNED:
        return
    _TUNED = True
    if "MALLOC_TRIM_THRESHOLD_" not in os.environ or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-1, 64 << 20)  # M_TRIM_THRESHOLD
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):  # not glibc: nothing to undo
        pass


def _distributed():
    try:
        import distributed
    except ImportError:
        raise AnalyzerError("--backend dask: Dask is not installed; pip install 'analyzer[dask]'") from None
    return distributed


def connect(address: str | None):
    """A `distributed.Client` on the scheduler at `address`, or a one-line SchedulerError."""
    address = check_address(address)
    distributed = _distributed()
    try:
        return distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = "timed out" if isinstance(exc, TimeoutError) or "Timed out" in str(exc) else type(exc).__name__
        raise SchedulerError(f"--scheduler: cannot reach a Dask scheduler at {address} ({reason} after "
                             f"{CONNECT_TIMEOUT:g} s); start one with `dask scheduler`, and workers with "
                             f"`dask worker {address}`") from None


class Cluster:
    """The connected cluster of one run: its client, and how to explain its failures."""

    def __init__(self, client, address: str):
        self.client, self.address = client, address
        distributed = _distributed()
        errors = [OSError, TimeoutError, distributed.comm.core.CommClosedError]
        killed = getattr(distributed, "KilledWorker", None) or getattr(distributed.scheduler, "KilledWorker", None)
        if killed is not None:
            errors.append(killed)
        self.errors = tuple(errors)  # the cluster failed us, not the task

    def failure(self, exc: BaseException) -> SchedulerError:
        text = str(exc)
        if isinstance(exc, TimeoutError) and ("no worker" in text or "wait_for_workers" in text or "workers" in text):
            return SchedulerError(f"--scheduler: the Dask scheduler at {self.address} has no workers (waited "
                                  f"{WORKERS_TIMEOUT:g} s); start some with `dask worker {self.address}`")
        first = text.splitlines()[0] if text else ""
        return SchedulerError(f"--scheduler: the Dask cluster at {self.address} failed the run "
                              f"({type(exc).__name__}{': ' + first if first else ''})")


@contextmanager
def dask(address: str | None, scatter: list):
    """joblib's dask backend on the cluster at `address`, with `scatter` sent to every worker once.

    Yields a `Cluster`; within the block `joblib.Parallel` runs on it."""
    from joblib import parallel_config

    client = connect(address)
    cluster = Cluster(client, check_address(address))
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
            config = parallel_config(backend="dask", client=client, scatter=scatter,
                                     wait_for_workers_timeout=WORKERS_TIMEOUT)
        except cluster.errors as exc:
            raise cluster.failure(exc) from None
        with config:
            yield cluster
    finally:
        client.close()
