"""--scheduler: the address is checked before any work, and a service that is not a Dask scheduler (one that
greets with a banner, one that says nothing, like an HTTP server) is a one-line error within --connect-timeout.
Only services on 127.0.0.1 are contacted."""
import socket
import threading
import time
from pathlib import Path

import pytest

from analyzer.core import backends
from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
RUN = ["odds", MID_LEG, "-n", 1000, "--no-progress", "--backend", "dask"]


@pytest.fixture
def service():
    """A TCP service on 127.0.0.1: `greeting` bytes sent on every connection (None: it never speaks)."""
    servers = []

    def start(greeting, hang_up=False):
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        held = []

        def serve():
            while True:
                try:
                    conn, _ = server.accept()
                except OSError:
                    return
                held.append(conn)
                if greeting is not None:
                    try:
                        conn.sendall(greeting)
                    except OSError:
                        pass
                if hang_up:
                    conn.close()

        threading.Thread(target=serve, daemon=True).start()
        servers.append((server, held))
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for server, held in servers:
        server.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize("address,words", [
    ("foo", ["'foo'", "no port"]),
    ("tcp://", ["--scheduler"]),
    ("http://127.0.0.1:8786", ["protocol 'http'"]),
    ("tcp://127.0.0.1:99999", ["port"]),
    ("tcp://127.0.0.1:80/path", ["--scheduler"]),
    ("a b:1", ["--scheduler"]),
    ("", ["missing"]),
])
def test_a_bad_address_is_refused_at_once(address, words):
    start = time.monotonic()
    one_line_error(invoke(*RUN, "--scheduler", address), "--scheduler", *words)
    assert time.monotonic() - start < 2


def test_a_service_with_a_banner_is_not_a_scheduler(service):
    address = service(b"SSH-2.0-OpenSSH_9.6\r\n" * 4)
    one_line_error(invoke(*RUN, "--scheduler", address), "not a Dask scheduler", address)


def test_a_silent_service_is_not_a_scheduler_within_the_timeout(service):
    address = service(None)  # an HTTP server waits for a request: it never speaks first
    start = time.monotonic()
    one_line_error(invoke(*RUN, "--scheduler", address, "--connect-timeout", "0.5"), "not a Dask scheduler",
                   "sent nothing in 0.5 s")
    assert time.monotonic() - start < 5
    start = time.monotonic()
    one_line_error(invoke(*RUN, "--scheduler", address, env={"ANALYZER_CONNECT_TIMEOUT": "0.3"}), "0.3 s")
    assert time.monotonic() - start < 5


def test_a_service_that_hangs_up_is_not_a_scheduler(service):
    start = time.monotonic()
    one_line_error(invoke(*RUN, "--scheduler", service(b"bye", hang_up=True)), "not a Dask scheduler", "3 bytes")
    one_line_error(invoke(*RUN, "--scheduler", service(b"", hang_up=True)), "not a Dask scheduler", "closed")
    one_line_error(invoke(*RUN, "--scheduler", service(b"\x20\x00\x00\x00\x00\x00\x00\x00", hang_up=True)),
                   "within its Dask handshake")
    assert time.monotonic() - start < 5


def test_nothing_listening_is_one_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    one_line_error(invoke(*RUN, "--scheduler", f"tcp://127.0.0.1:{port}"), "cannot reach", "connection refused")


@pytest.mark.parametrize("value", ["0", "-1", "nan", "7200"])
def test_a_bad_connect_timeout_is_one_line(value):
    one_line_error(invoke(*RUN, "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", value), "--connect-timeout")


def test_the_address_check_knows_dask_forms():
    for good in ("tcp://10.0.0.5:8786", "10.0.0.5:8786", "tls://sched.example.org:8786", "tcp://[::1]:8786",
                 "inproc://x"):
        assert backends.check_address(good) == good
    for bad in ("foo", "tcp://h", "ftp://h:1", "h:0", "h:70000", "tcp://h:1 x"):
        with pytest.raises(backends.SchedulerError):
            backends.check_address(bad)


def test_a_real_scheduler_passes_the_probe():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as cluster:
        assert backends.probe(cluster.scheduler_address, 5) == cluster.scheduler_address
