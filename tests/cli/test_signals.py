"""What CliRunner cannot show, in real processes: Ctrl-C and SIGTERM stop a run cleanly (checkpoint kept, nothing
half-written, workers ended, one line, exit 130 / 143), on local workers and on Dask; after kill -9 of the main
process its worker processes end by themselves; paths under /proc are refused before any work."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.core import checkpoint

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
QUICK = "game: camelup\nplayers: 3\npolicies: random\nvariants: {base: {}, rich: {starting_money: 5}}\n"


def long_run(tmp_path) -> list:
    """A run that goes on far longer than any test: full games (Monte Carlo whatever the engine can do exactly)."""
    path = tmp_path / "quick.yaml"
    path.write_text(QUICK)
    return ["balance", str(path), "-n", "1000000000", "--seed", "5", "--no-progress"]


def analyzer(*args, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANALYZER_")}
    return subprocess.Popen([sys.executable, "-m", "analyzer", *map(str, args)], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def started(proc, ck: Path, workers: int = 0):
    """Wait until the run has saved its first chunk (and has its worker processes)."""
    try:
        wait_for(lambda: ck.exists() or proc.poll() is not None, 120, "the first checkpoint")
        assert proc.poll() is None, proc.communicate()
        if workers:
            wait_for(lambda: len(children(proc.pid)) >= workers, 30, "the worker processes")
    except BaseException:
        proc.kill()
        raise


@pytest.mark.parametrize("sig,code,word", [(signal.SIGINT, 130, "interrupted"),
                                           (signal.SIGTERM, 143, "terminated (SIGTERM)")])
def test_a_signal_stops_a_local_run_cleanly(tmp_path, sig, code, word):
    ck = tmp_path / "run.ck"
    proc = analyzer(*long_run(tmp_path), "-j", 2, "--checkpoint", ck, "-o", tmp_path / "out", cwd=tmp_path)
    started(proc, ck, workers=2)
    workers = children(proc.pid)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {word} after "), err
    assert f"--resume {ck}" in lines[0] and out == ""
    kept = checkpoint.load(ck)
    assert kept.done + len(kept.pending) >= 1  # the chunks done are kept (a later one may finish first)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml", "run.ck"]  # no --out, no temporary file
    wait_for(lambda: not any(alive(w) for w in workers), 15, "the workers to end")


def test_after_kill_9_the_workers_end_by_themselves(tmp_path):
    ck = tmp_path / "run.ck"
    proc = analyzer(*long_run(tmp_path), "-j", 2, "--checkpoint", ck, cwd=tmp_path)
    started(proc, ck, workers=2)
    workers = children(proc.pid)
    assert len(workers) >= 2
    proc.kill()
    try:
        proc.wait(timeout=30)
        wait_for(lambda: not any(alive(w) for w in workers), 15, "the orphaned workers to end")
    finally:
        for w in workers:
            if alive(w):
                os.kill(w, signal.SIGKILL)


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=":0") as c:
        yield c


@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_a_dask_run_with_one_line(tmp_path, cluster, sig, code):
    ck = tmp_path / "run.ck"
    proc = analyzer(*long_run(tmp_path), "--backend", "dask", "--scheduler", cluster.scheduler_address, "--checkpoint", ck,
                    cwd=tmp_path)
    started(proc, ck)
    time.sleep(0.5)  # chunks in flight on the cluster when the signal comes
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "after" in lines[0], err


@pytest.mark.parametrize("args,words", [
    (["odds", MID_LEG, "-n", 2000, "-o", "/proc/x"], ["/proc/x", "cannot write"]),
    (["report", ROOT / "scenarios" / "camelup" / "balance-policies.yaml", "-o", "/proc/a.html"], ["/proc/a.html"]),
    (["report", ROOT / "scenarios" / "camelup" / "balance-policies.yaml", "-o", "/dev/null"], ["/dev/null"]),
])
def test_paths_under_proc_and_dev_are_refused_before_any_work(tmp_path, args, words):
    start = time.monotonic()
    proc = analyzer(*args, cwd=tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == "", err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and all(w in lines[0] for w in words), err
    assert time.monotonic() - start < 20  # no games were played first
    assert not os.path.lexists("/dev/null.html") and list(tmp_path.iterdir()) == []
