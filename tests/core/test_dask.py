"""The Dask backend on LocalClusters over loopback: the same tables as a local run, the task sent once, lost workers."""
import json
import os
import signal
import subprocess
import sys
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from tests.cli_helpers import invoke, one_line_error
from analyzer.core import backends, runner, stats
from analyzer.games.camelup import sim
from tests.core.test_runner import coin_task
from tests.games.camelup.helpers import B, G, O, W, Y, position

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg-monte-carlo.yaml"  # race odds by rollouts
CHUNK = runner.CHUNK
LOOPBACK = dict(n_workers=2, threads_per_worker=1, protocol="tcp://", host="127.0.0.1", dashboard_address=":0")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(processes=False, **LOOPBACK) as c:
        yield c


def settings(**kw):
    kw.setdefault("seed", 31)
    return runner.RunSettings(progress=False, **kw)


def on(cluster, **kw):
    return settings(backend="dask", scheduler=cluster.scheduler_address, **kw)


def same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_dask_gives_the_local_tables(cluster):
    plan = dict(rollouts=5 * CHUNK + 17)
    same(runner.run(coin_task, on(cluster, **plan)), runner.run(coin_task, settings(jobs=1, **plan)))
    task = partial(sim.race_counts, position({1: [B, G], 2: [O], 3: [Y, W]}))
    plan = dict(rollouts=3 * CHUNK + 5)
    same(runner.run(task, on(cluster, **plan)), runner.run(task, settings(jobs=1, **plan)))


def test_a_precision_run_on_dask_stops_where_the_local_one_does(cluster):
    def halfwidths(merged):
        return stats.wilson_halfwidth([merged["heads"]], merged["n"])

    there = runner.run(coin_task, on(cluster, precision=0.0015), halfwidths=halfwidths)
    here = runner.run(coin_task, settings(jobs=1, precision=0.0015), halfwidths=halfwidths)
    assert there.stopped_by == here.stopped_by == "precision" and there.rollouts == here.rollouts == 6 * CHUNK
    same(there, here)


PICKLED = {"count": 0}


def _rebuild(p):
    return CountedTask(p)


class CountedTask:
    """A coin task that counts how often it is pickled (sent) by this process."""

    def __init__(self, p):
        self.p = p

    def __reduce__(self):
        PICKLED["count"] += 1
        return _rebuild, (self.p,)

    def __call__(self, n, rng):
        return {"n": n, "heads": int((rng.random(n) < self.p).sum())}


def test_the_task_is_sent_once_not_per_chunk(cluster, monkeypatch):
    shares, first_args, scatters = [], [], []
    submit = distributed.Client.submit

    def spy_submit(self, func, *args, **kwargs):
        if func is backends._itself:
            shares.append(args)
        for _, task_args, _ in kwargs.get("tasks", ()):
            first_args.append(task_args[0])
        return submit(self, func, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "submit", spy_submit)
    monkeypatch.setattr(distributed.Client, "scatter", lambda *a, **k: scatters.append(a) or pytest.fail("scattered"))
    PICKLED["count"] = 0
    task = CountedTask(0.3)
    result = runner.run(task, on(cluster, rollouts=24 * CHUNK))
    assert result["n"] == 24 * CHUNK
    assert shares == [(task,)] and scatters == []  # once, as a task of its own (computed again if its worker dies)
    assert len(first_args) == 24 and all(isinstance(a, distributed.Future) for a in first_args)  # chunks: a reference
    assert len({a.key for a in first_args}) == 1
    assert PICKLED["count"] < 12  # a copy per worker (and Dask's hash of it), not one per chunk


def test_a_dask_checkpoint_resumes_locally(cluster, tmp_path):
    path = tmp_path / "dask.ck"
    plan = dict(rollouts=4 * CHUNK, identity={"command": "coins", "scenario": "x"})
    first = runner.run(coin_task, on(cluster, checkpoint=path, **plan))
    same(runner.run(coin_task, settings(jobs=1, resume=path, **plan)), first)




def test_cli_on_dask_prints_the_local_table(cluster):
    args = ["odds", MID_LEG, "-n", 2 * CHUNK + 3, "--seed", 8, "--no-progress", "-f", "json"]
    local = invoke(*args, "--jobs", "1")
    there = invoke(*args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    from_env = invoke(*args, env={"ANALYZER_BACKEND": "dask", "ANALYZER_SCHEDULER": cluster.scheduler_address})
    assert local.exit_code == there.exit_code == from_env.exit_code == 0, there.output + from_env.output
    assert json.loads(there.stdout) == json.loads(local.stdout) == json.loads(from_env.stdout)


def test_balance_on_dask_prints_the_local_table(cluster, tmp_path):
    path = tmp_path / "balance.yaml"
    path.write_text("game: camelup\nplayers: 3\npolicies: random\nvariants: {base: {}, rich: {starting_money: 5}}\n")
    args = ["balance", path, "-n", 3000, "--seed", 2, "--no-progress", "-f", "json"]
    local = invoke(*args, "--jobs", "1")
    there = invoke(*args, "--backend", "dask", "--scheduler", cluster.scheduler_address)
    assert local.exit_code == there.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(local.stdout)


def test_tune_on_dask_gives_the_local_answer(cluster, tmp_path):
    """`tune`'s rounds of common random numbers: the same candidates, games and best value on Dask as locally."""
    path = tmp_path / "tune.yaml"
    path.write_text("game: st_petersburg\nplayers: 2\npolicies: greedy\ntune: {setting: hand_limit, values: [1, 3, 5]}\n")
    args = ["tune", path, "-n", 600, "--seed", 8, "--no-progress", "-f", "json"]
    local = json.loads(invoke(*args, "--jobs", "2").stdout)
    there = json.loads(invoke(*args, "--backend", "dask", "--scheduler", cluster.scheduler_address).stdout)
    for run in (local, there):
        run.pop("meta", None)
    assert there == local and there["rungs"][0]["best"] in ("1", "3", "5")


def test_search_players_on_dask_play_the_local_games(cluster, tmp_path):
    """A strength run of the search player and a ladder with a search rung: the same games on Dask as locally."""
    for args in (["strength", ROOT / "scenarios" / "puerto_rico" / "balance-start-crops.yaml", "--policy", "search:2",
                  "-n", 16, "--seed", 3],
                 ["balance", ROOT / "scenarios" / "puerto_rico" / "balance-start-crops-ladder-3p.yaml", "-n", 16,
                  "--seed", 3]):
        args += ["--no-progress", "-f", "json"]
        local = json.loads(invoke(*args, "--jobs", "1").stdout)
        there = json.loads(invoke(*args, "--backend", "dask", "--scheduler", cluster.scheduler_address).stdout)
        for run in (local, there):
            run.pop("games_per_second", None)
            run.pop("meta", None)
        assert there == local


def test_a_missing_scheduler_is_a_one_line_error():
    one_line_error(invoke("odds", MID_LEG, "--backend", "dask", env={"ANALYZER_SCHEDULER": ""}),
                   "--scheduler", "ANALYZER_SCHEDULER")
    one_line_error(invoke("odds", MID_LEG, "--backend", "dask", "--scheduler", "not an address"), "--scheduler")


def test_an_unreachable_scheduler_is_a_one_line_error(monkeypatch):
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 1.0)
    result = invoke("ev", MID_LEG, "-n", 1000, "--no-progress", "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9")
    one_line_error(result, "cannot reach", "tcp://127.0.0.1:9")


def test_a_scheduler_without_workers_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(backends, "WORKERS_TIMEOUT", 1.0)
    with distributed.LocalCluster(processes=False, **{**LOOPBACK, "n_workers": 0}) as empty:
        with pytest.raises(backends.SchedulerError, match="no workers"):
            runner.run(coin_task, on(empty, rollouts=100))


class KillOnce:
    """coin_task that, the first time it runs in a Dask worker process, kills that process (SIGKILL) mid-chunk."""

    def __init__(self, flag):
        self.flag = str(flag)

    def __call__(self, n, rng):
        heads = coin_task(n, rng)
        try:
            distributed.get_worker()
        except ValueError:
            return heads  # not in a worker: the local run
        try:
            os.close(os.open(self.flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return heads
        os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize("workers,threads", [(2, 1), (1, 2)])
def test_a_worker_that_dies_costs_only_its_chunk(tmp_path, workers, threads):
    """Whichever worker holds the task when it dies: with one worker, the only copy of everything dies with it (and
    its nanny starts another), so nothing the run needs may live on one worker alone."""
    flag = tmp_path / "killed"
    plan = dict(rollouts=8 * CHUNK + 1)
    shape = {**LOOPBACK, "n_workers": workers, "threads_per_worker": threads}
    with distributed.LocalCluster(processes=True, **shape) as procs:
        result = runner.run(KillOnce(flag), on(procs, **plan))
    assert flag.exists()  # a worker did die mid-run
    same(result, runner.run(coin_task, settings(jobs=1, **plan)))


def test_help_does_not_import_dask_or_joblib():
    code = ("import sys\nfrom analyzer.cli import app\ntry:\n    app(['odds', '--help'])\n"
            "except SystemExit:\n    pass\nprint(sorted(m for m in ('dask', 'distributed', 'joblib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
