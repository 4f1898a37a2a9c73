"""The Dask backend: an existing cluster that runs the runner's chunks (local ones use joblib's loky).

Dask is imported here only, and only when `--backend dask` asks for it, so the CLI starts
fast and Dask stays an optional extra (`pip install 'analyzer[dask]'`).  On Dask the task
(the scenario, the position, the rule set) is sent to the cluster once, before the first
chunk, as a Dask task that returns it; each chunk then sends only its size, its index and
that task's key, and each worker fetches the task once.  A worker that dies takes its chunk
with it; the scheduler runs that chunk again elsewhere, with the same index and so the same
seed child, and the merged tables do not change.  The task is not scattered data: a worker
that dies holding the only copy of scattered data loses it for good (and every chunk with
it), while a task's result is computed again.
"""
from __future__ import annotations

import logging
import re
import sys
import threading
import time
from contextlib import contextmanager

from analyzer.core.errors import AnalyzerError

SCHEDULER_ENV = "ANALYZER_SCHEDULER"
TIMEOUT_ENV = "ANALYZER_CONNECT_TIMEOUT"
CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler (--connect-timeout)
WORKERS_TIMEOUT = 10.0  # seconds to wait for a scheduler with no workers to get one
PROTOCOLS = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
_ADDRESS = re.compile(r"^(?:(?P<proto>[A-Za-z][A-Za-z0-9+.-]*)://)?"
                      r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(?P<port>\d{1,5}))?$")
_HANDSHAKE_MAX = 1 << 20  # a Dask handshake is a few hundred bytes; a banner read as its length is far more


class SchedulerError(AnalyzerError):
    """No Dask scheduler to run on: none given, a bad address, unreachable, no workers, lost."""


def _timeout(timeout) -> float:
    return float(CONNECT_TIMEOUT if timeout is None else timeout)


def check_address(address: str | None) -> str:
    """The address as given, if it is one a Dask client can use: [PROTOCOL://]HOST:PORT; a one-line error else."""
    if not address or not address.strip():
        raise SchedulerError(f"--scheduler: missing; --backend dask needs the address of a running Dask scheduler, "
                             f"e.g. tcp://10.0.0.5:8786 (or set {SCHEDULER_ENV})")
    address = address.strip()
    m = _ADDRESS.match(address)
    shown = address if len(address) <= 80 else address[:77] + "..."
    if not m or m["host"].strip(".-") == "":
        raise SchedulerError(f"--scheduler: got {shown!r}; allowed: a Dask scheduler address, tcp://HOST:PORT")
    proto = (m["proto"] or "tcp").lower()
    if proto not in PROTOCOLS:
        raise SchedulerError(f"--scheduler: got {shown!r}: protocol {proto!r}; allowed: {', '.join(PROTOCOLS)} "
                             "(a Dask scheduler listens on tcp://HOST:8786 by default)")
    if proto != "inproc":
        if m["port"] is None:
            raise SchedulerError(f"--scheduler: got {shown!r}, no port; allowed: tcp://HOST:PORT (a Dask scheduler "
                                 "listens on port 8786 by default)")
        if not 0 < int(m["port"]) < 65536:
            raise SchedulerError(f"--scheduler: got {shown!r}; the port must be from 1 to 65535")
    return address


def _parts(address: str):
    m = _ADDRESS.match(address)
    return (m["proto"] or "tcp").lower(), m["host"].strip("[]"), int(m["port"]) if m["port"] else None


_PROBED: set = set()  # addresses that answered as a Dask scheduler, in this process
CLIENTS = {"tried": 0}  # Dask clients this process tried to make (the CLI tidies up after one)


def probe(address: str | None, timeout: float | None = None) -> str:
    """Check, within `timeout` seconds, that a Dask scheduler answers at `address` (a plain TCP one: its host
    resolves, it accepts a connection and it sends a Dask handshake); a one-line SchedulerError otherwise.

    A Dask server speaks first, so a service that sends something else (a banner) or nothing (an HTTP server
    waits for a request) is found out here, before distributed would read a banner as a message length."""
    import socket
    import struct
    import threading

    address = check_address(address)
    proto, host, port = _parts(address)
    if proto != "tcp" or address in _PROBED:
        return address
    timeout = _timeout(timeout)
    deadline = time.monotonic() + timeout
    found: dict = {}

    def resolve():
        try:
            found["addrs"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as exc:
            found["error"] = exc

    resolver = threading.Thread(target=resolve, daemon=True)  # getaddrinfo has no timeout of its own
    resolver.start()
    resolver.join(timeout)
    if "addrs" not in found:
        why = "its host name does not resolve" if "error" in found else f"no answer for its host name in {timeout:g} s"
        raise _unreachable(address, why, timeout)
    family, kind, proto_num, _, where = found["addrs"][0]
    try:
        with socket.socket(family, kind, proto_num) as sock:
            sock.settimeout(max(deadline - time.monotonic(), 0.05))
            try:
                sock.connect(where)
            except ConnectionRefusedError:
                raise _unreachable(address, "connection refused: nothing listens there", timeout) from None
            except (socket.timeout, TimeoutError):
                raise _unreachable(address, f"timed out after {timeout:g} s", timeout) from None
            except OSError as exc:
                raise _unreachable(address, exc.strerror or type(exc).__name__, timeout) from None
            head = b""
            try:
                while len(head) < 16:
                    sock.settimeout(max(deadline - time.monotonic(), 0.05))
                    part = sock.recv(16 - len(head))
                    if not part:
                        break
                    head += part
                    if len(head) >= 8 and not 16 <= struct.unpack("<Q", head[:8])[0] <= _HANDSHAKE_MAX:
                        break  # not the length of a Dask handshake: no need to wait for more
            except (socket.timeout, TimeoutError):
                if not head:
                    raise _not_dask(address, f"it accepted the connection but sent nothing in {timeout:g} s, "
                                             "where a Dask scheduler greets at once") from None
            except OSError as exc:
                raise _not_dask(address, f"the connection failed: {exc.strerror or type(exc).__name__}") from None
    except OSError as exc:  # the socket itself
        raise _unreachable(address, exc.strerror or type(exc).__name__, timeout) from None
    if len(head) < 8 or not 16 <= struct.unpack("<Q", head[:8])[0] <= _HANDSHAKE_MAX:
        raise _not_dask(address, f"it sent {len(head)} bytes that are no Dask handshake" if head
                        else "it closed the connection without a Dask handshake")
    if len(head) < 16:
        raise _not_dask(address, "it closed the connection within its Dask handshake")
    total, frames = struct.unpack("<QQ", head)
    if not (16 <= total <= _HANDSHAKE_MAX and 1 <= frames <= 64 and 8 * (frames + 1) <= total):
        raise _not_dask(address, "it answered, but not with a Dask handshake")
    _PROBED.add(address)
    return address


def _unreachable(address: str, why: str, timeout: float) -> SchedulerError:
    return SchedulerError(f"--scheduler: cannot reach a Dask scheduler at {address} ({why}); start one with "
                          f"`dask scheduler`, and workers with `dask worker {address}`")


def _not_dask(address: str, why: str) -> SchedulerError:
    return SchedulerError(f"--scheduler: {address} is not a Dask scheduler ({why}); give the address `dask "
                          "scheduler` prints, tcp://HOST:8786 by default")


def _distributed():
    try:
        import distributed
    except ImportError:
        raise AnalyzerError("--backend dask: Dask is not installed; pip install 'analyzer[dask]'") from None
    return distributed


def connect(address: str | None, timeout: float | None = None):
    """A `distributed.Client` on the scheduler at `address`, or a one-line SchedulerError."""
    address = probe(address, timeout)
    timeout = _timeout(timeout)
    distributed = _distributed()
    CLIENTS["tried"] += 1
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, MemoryError, OverflowError, TypeError) as exc:
        reason = (f"timed out after {timeout:g} s" if isinstance(exc, TimeoutError) or "Timed out" in str(exc)
                  else type(exc).__name__)
        raise _unreachable(address, reason, timeout) from None


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

    def share(self, value):
        """`value` on the cluster, once, as a Future to pass to every chunk in its place (see the module's help)."""
        import uuid

        return self.client.submit(_itself, value, key=f"analyzer-task-{uuid.uuid4().hex}", pure=False)

    def failure(self, exc: BaseException) -> SchedulerError:
        text = str(exc)
        if isinstance(exc, TimeoutError) and ("no worker" in text or "wait_for_workers" in text or "workers" in text):
            return SchedulerError(f"--scheduler: the Dask scheduler at {self.address} has no workers (waited "
                                  f"{WORKERS_TIMEOUT:g} s); start some with `dask worker {self.address}`")
        first = text.splitlines()[0] if text else ""
        return SchedulerError(f"--scheduler: the Dask cluster at {self.address} failed the run "
                              f"({type(exc).__name__}{': ' + first if first else ''})")


@contextmanager
def quiet():
    """Silence Dask's and tornado's loggers, and exceptions nobody can catch (a loop callback's, a __del__'s),
    while a client is torn down on Ctrl-C: the one line the CLI prints is the whole story."""
    hooks = sys.unraisablehook, threading.excepthook
    logging.disable(logging.CRITICAL)
    sys.unraisablehook = lambda *a: None
    threading.excepthook = lambda *a: None
    try:
        yield
    finally:
        sys.unraisablehook, threading.excepthook = hooks
        logging.disable(logging.NOTSET)


def _close(client, timeout: float = 2.0) -> None:
    try:
        client.close(timeout=timeout)
    except Exception:  # noqa: BLE001 - a client torn down mid-run may fail to say goodbye: it is gone either way
        pass


def _itself(value):
    return value


@contextmanager
def dask(address: str | None, timeout: float | None = None):
    """joblib's dask backend on the cluster at `address`.

    Yields a `Cluster`; within the block `joblib.Parallel` runs on it (`Cluster.share` sends what every chunk
    needs).  On Ctrl-C (or SIGTERM) the client is closed with Dask's complaints about the cancelled tasks silenced."""
    from joblib import parallel_config

    client = connect(address, timeout)
    cluster = Cluster(client, check_address(address))
    try:
        try:
            client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
            config = parallel_config(backend="dask", client=client, wait_for_workers_timeout=WORKERS_TIMEOUT)
        except cluster.errors as exc:
            raise cluster.failure(exc) from None
        with config:
            yield cluster
    except BaseException:
        with quiet():
            _close(client)
            time.sleep(0.2)  # let the client's loop finish its cancelled callbacks while they are silenced
        raise
    else:
        _close(client, 10.0)
