"""What CliRunner cannot show, in real processes: Ctrl-C and SIGTERM stop a run cleanly (checkpoint kept, nothing
half-written, workers ended, one line, exit 130 / 143), on local workers and on Dask, Ctrl-C to the whole process
group too (workers starting or running); after kill -9 of the main process its worker and resource-tracker processes
end within seconds by themselves, a worker inside a long call that holds the GIL included; paths under /proc are
refused before any work."""
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


def analyzer(*args, cwd, group: bool = False):
    """The command line in a process of its own (`group`: in a process group of its own, as a shell starts a job)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANALYZER_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.Popen([sys.executable, "-m", "analyzer", *map(str, args)], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=group,
                            preexec_fn=_ends_with_the_test)


def _ends_with_the_test():
    """In the child: SIGTERM when the test's process dies (a killed pytest leaves no billion-game run behind)."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG


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


@pytest.mark.parametrize("jobs", [["-j", "2"], []], ids=["fresh workers", "forked workers (the default)"])
@pytest.mark.parametrize("sig,code,word", [(signal.SIGINT, 130, "interrupted"),
                                           (signal.SIGTERM, 143, "terminated (SIGTERM)")])
def test_a_signal_stops_a_local_run_cleanly(tmp_path, sig, code, word, jobs):
    ck = tmp_path / "run.ck"
    proc = analyzer(*long_run(tmp_path), *jobs, "--checkpoint", ck, "-o", tmp_path / "out", cwd=tmp_path)
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
    assert ("finished ahead" in lines[0]) == bool(kept.pending)  # and the line says which
    assert " after 0 of " not in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml", "run.ck"]  # no --out, no temporary file
    wait_for(lambda: not any(alive(w) for w in workers), 15, "the workers to end")


GONE_WITHIN = 3.0  # seconds after a kill -9 for every child to end: "within a second", with room for a busy machine


def ended_within(pids: list[int], seconds: float) -> list[int]:
    """Wait at most `seconds` for `pids` to end; the ones still alive then (killed, so that none outlives the test)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.02)
    left = [p for p in pids if alive(p)]
    for p in left:
        os.kill(p, signal.SIGKILL)
    return left


@pytest.mark.parametrize("jobs", [["-j", "2"], []], ids=["fresh workers", "forked workers (the default)"])
def test_after_kill_9_the_workers_and_trackers_end_by_themselves(tmp_path, jobs):
    ck = tmp_path / "run.ck"
    proc = analyzer(*long_run(tmp_path), *jobs, "--checkpoint", ck, cwd=tmp_path)
    started(proc, ck, workers=2)
    workers = children(proc.pid)  # the two workers, and the resource trackers loky starts
    assert len(workers) >= 2
    proc.kill()
    proc.wait(timeout=30)
    assert ended_within(workers, GONE_WITHIN) == []


HOLD_THE_GIL = """
import sys
from pathlib import Path
from analyzer.core import runner

def task(n, rng):
    Path(sys.argv[1], str(rng.integers(1 << 30))).touch()  # this worker is in its chunk
    return {"n": sum(range(10 ** 13))}  # one C call, minutes long, that never lets another thread run

runner.run(task, runner.RunSettings(rollouts=4 * runner.CHUNK, seed=1, jobs=2, progress=False))
"""


def test_a_worker_in_a_call_that_holds_the_gil_ends_with_its_parent(tmp_path):
    """A compiled kernel may hold the GIL for a whole chunk: no thread of the worker can watch its parent then, so the
    kernel ends it (PR_SET_PDEATHSIG)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-c", HOLD_THE_GIL, str(tmp_path)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: len(list(tmp_path.iterdir())) >= 2 or proc.poll() is not None, 120, "both workers in a chunk")
        assert proc.poll() is None, proc.communicate()
        workers = children(proc.pid)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert ended_within(workers, GONE_WITHIN) == []


@pytest.mark.parametrize("when", ["workers starting", "workers running", "forked workers running"])
def test_ctrl_c_to_the_process_group_is_one_line(tmp_path, when):
    """Ctrl-C reaches every process of the terminal's foreground group: workers ignore it (from their first
    instruction), and the run's one line is all that is printed."""
    ck = tmp_path / "run.ck"
    jobs = [] if when.startswith("forked") else ["-j", "2"]  # the default forks its workers
    proc = analyzer(*long_run(tmp_path), *jobs, "--checkpoint", ck, cwd=tmp_path, group=True)
    try:
        if when == "workers starting":
            wait_for(lambda: any(b"loky" in _cmdline(c) for c in children(proc.pid)) or proc.poll() is not None, 120,
                     "a worker process")
        else:
            started(proc, ck, workers=2)
        workers = children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: interrupted after "), err
    assert out == ""
    assert ended_within(workers, 15) == []


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


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
