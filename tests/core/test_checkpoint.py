"""Checkpoints: an interrupted or killed run, resumed, equals the uninterrupted one; a foreign checkpoint is refused."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import checkpoint, runner, stats
from analyzer.core.errors import AnalyzerError, Interrupted
from tests.core.test_runner import coin_task
from tests.cli_helpers import invoke

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg-monte-carlo.yaml"  # race odds by rollouts
OPENING = ROOT / "scenarios" / "camelup" / "second-edition-opening.yaml"  # race odds by rollouts
CHUNK = runner.CHUNK
IDENTITY = {"command": "coins", "scenario": "p=0.3", "source": "test"}


class SlowCoin:
    """coin_task, slowed down so that a run can be killed part way."""

    def __init__(self, delay):
        self.delay = delay

    def __call__(self, n, rng):
        time.sleep(self.delay)
        return coin_task(n, rng)


class InterruptAt:
    """coin_task that raises KeyboardInterrupt (as Ctrl-C does) on its k-th call."""

    def __init__(self, k):
        self.k, self.calls = k, 0

    def __call__(self, n, rng):
        self.calls += 1
        if self.calls == self.k:
            raise KeyboardInterrupt
        return coin_task(n, rng)


def settings(**kw):
    kw.setdefault("seed", 21)
    kw.setdefault("jobs", 1)
    kw.setdefault("identity", IDENTITY)
    return runner.RunSettings(progress=False, **kw)


def same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_ctrl_c_keeps_the_checkpoint_and_resume_equals_an_uninterrupted_run(tmp_path):
    path = tmp_path / "run.ck"
    plan = dict(rollouts=6 * CHUNK + 99)
    with pytest.raises(Interrupted, match="--resume"):
        runner.run(InterruptAt(4), settings(checkpoint=path, **plan))
    state = checkpoint.load(path)
    assert state.done == 3 and state.merged["n"] == 3 * CHUNK and not state.pending
    resumed = runner.run(coin_task, settings(resume=path, **plan))
    same(resumed, runner.run(coin_task, settings(**plan)))
    assert checkpoint.load(path).done == 7  # it kept saving to the file it resumed


def test_a_run_killed_part_way_resumes_to_the_same_tables(tmp_path):
    path = tmp_path / "killed.ck"
    plan = dict(rollouts=12 * CHUNK)
    code = ("import sys; from pathlib import Path; from analyzer.core import runner; "
            "from tests.core.test_checkpoint import SlowCoin, settings; "
            f"runner.run(SlowCoin(0.25), settings(checkpoint=Path(sys.argv[1]), rollouts={plan['rollouts']}))")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 120  # a guard against a hang, not a speed test
        while not (path.exists() and checkpoint.load(path).done >= 3):
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert proc.poll() is None
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    done = checkpoint.load(path).done  # whole, even if the kill fell mid-write (that went to a temporary file)
    assert 3 <= done < 12
    same(runner.run(coin_task, settings(resume=path, **plan)), runner.run(coin_task, settings(**plan)))


def test_out_of_order_chunks_are_kept_and_merged_in_order(tmp_path):
    path = tmp_path / "pending.ck"
    plan = dict(rollouts=5 * CHUNK)
    full = runner.run(coin_task, settings(**plan))
    seed = settings().seed
    parts = {i: coin_task(n, np.random.default_rng(runner.seed_child(seed, i)))
             for i, n in enumerate(runner.chunk_sizes(plan["rollouts"]))}
    fp = checkpoint.fingerprint(IDENTITY, "rollouts", seed, {"rollouts": plan["rollouts"]}, CHUNK)
    checkpoint.save(path, checkpoint.State(fp, runner.merge(None, parts[0]), 1, {3: parts[3], 4: parts[4]}))
    calls = []

    def counting(n, rng):
        calls.append(n)
        return coin_task(n, rng)

    same(runner.run(counting, settings(resume=path, **plan)), full)
    assert len(calls) == 2  # chunks 1 and 2 only


def test_a_precision_run_resumes_to_the_same_stop(tmp_path):
    path = tmp_path / "precise.ck"

    def halfwidths(merged):
        return stats.wilson_halfwidth([merged["heads"]], merged["n"])

    plan = dict(precision=0.0015)
    with pytest.raises(Interrupted):
        runner.run(InterruptAt(3), settings(checkpoint=path, **plan), halfwidths=halfwidths)
    resumed = runner.run(coin_task, settings(resume=path, **plan), halfwidths=halfwidths)
    whole = runner.run(coin_task, settings(**plan), halfwidths=halfwidths)
    same(resumed, whole)
    assert resumed.stopped_by == whole.stopped_by == "precision" and resumed.rollouts == whole.rollouts


def test_resuming_a_finished_run_runs_nothing(tmp_path):
    path = tmp_path / "done.ck"
    first = runner.run(coin_task, settings(rollouts=2 * CHUNK, checkpoint=path))

    def never(n, rng):
        raise AssertionError("no chunk should run")

    same(runner.run(never, settings(rollouts=2 * CHUNK, resume=path)), first)


def test_accumulator_types_survive_the_file(tmp_path):
    path = tmp_path / "types.ck"
    merged = {"n": 5, "mean_sum": 2.5, "scalar": np.float32(1.5), "counts": np.arange(4, dtype=np.int64),
              "grid": np.ones((2, 3))}
    checkpoint.save(path, checkpoint.State({"seed": 1}, merged, 1, {2: {"n": 7}}))
    state = checkpoint.load(path)
    assert type(state.merged["n"]) is int and type(state.merged["mean_sum"]) is float
    assert state.merged["scalar"].dtype == np.float32 and state.merged["grid"].shape == (2, 3)
    assert state.pending == {2: {"n": 7}} and state.fingerprint == {"seed": 1}


@pytest.mark.parametrize("change, words", [
    (dict(seed=22), ["seed 21, not 22", "--seed 21"]),
    (dict(rollouts=3 * CHUNK), ["--rollouts 131,072, not --rollouts 196,608"]),
    (dict(identity={**IDENTITY, "scenario": "p=0.4"}), ["another scenario", "test"]),
    (dict(identity={**IDENTITY, "command": "dice"}), ["`coins`, not `dice`"]),
    (dict(precision=0.01), ["not --precision 0.01"]),
])
def test_a_checkpoint_of_another_run_is_refused(tmp_path, change, words):
    path = tmp_path / "other.ck"
    runner.run(coin_task, settings(rollouts=2 * CHUNK, checkpoint=path))
    kw = {**dict(rollouts=2 * CHUNK, resume=path), **change}
    with pytest.raises(checkpoint.CheckpointError) as err:
        runner.run(coin_task, settings(**kw), halfwidths=lambda m: [0.0])
    for word in words:
        assert word in str(err.value)


def test_an_api_run_without_identity_is_told_apart_by_its_task(tmp_path):
    path = tmp_path / "task.ck"
    runner.run(SlowCoin(0), runner.RunSettings(rollouts=CHUNK, seed=1, jobs=1, progress=False, checkpoint=path))
    with pytest.raises(checkpoint.CheckpointError, match="another scenario"):
        runner.run(SlowCoin(0.001), runner.RunSettings(rollouts=CHUNK, seed=1, jobs=1, progress=False, resume=path))


def test_damaged_missing_and_existing_files_are_clear_errors(tmp_path):
    bad = tmp_path / "bad.ck"
    bad.write_text("not a checkpoint")
    with pytest.raises(checkpoint.CheckpointError, match="not an analyzer checkpoint"):
        runner.run(coin_task, settings(rollouts=CHUNK, resume=bad))
    with pytest.raises(checkpoint.CheckpointError, match="no checkpoint"):
        runner.run(coin_task, settings(rollouts=CHUNK, resume=tmp_path / "missing.ck"))
    with pytest.raises(checkpoint.CheckpointError, match="exists"):
        runner.run(coin_task, settings(rollouts=CHUNK, checkpoint=bad))
    assert issubclass(checkpoint.CheckpointError, AnalyzerError)


def test_a_resumed_run_without_a_seed_takes_the_checkpoints(tmp_path):
    path = tmp_path / "seed.ck"
    runner.run(coin_task, settings(rollouts=CHUNK, seed=77, checkpoint=path))
    assert runner.RunSettings(seed=None, resume=path).with_seed().seed == 77



def test_cli_checkpoint_and_resume(tmp_path):
    path = tmp_path / "odds.ck"
    args = ["odds", MID_LEG, "-n", 2 * CHUNK + 1, "--seed", 4, "--no-progress", "-f", "json"]
    first = invoke(*args, "--checkpoint", path)
    assert first.exit_code == 0, first.output
    again = invoke(*args, "--resume", path)
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == json.loads(first.stdout)
    for other, word in ((["odds", OPENING, *args[2:]], "another scenario"), (["ev", *args[1:]], "`odds`, not `ev`"),
                        ([*args[:4], "--seed", 5, *args[6:]], "seed 4, not 5")):
        refused = invoke(*other, "--resume", path)
        assert refused.exit_code == 2, refused.output
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: --resume") and word in lines[0], refused.stderr


def test_a_resume_across_an_engine_version_change_is_refused(tmp_path, monkeypatch):
    import dataclasses

    from analyzer.games import camelup

    path = tmp_path / "odds.ck"
    args = ["odds", MID_LEG, "-n", 2 * CHUNK, "--seed", 4, "--no-progress", "-f", "json"]
    assert invoke(*args, "--checkpoint", path).exit_code == 0
    version = camelup.GAME.version
    monkeypatch.setattr(camelup, "GAME", dataclasses.replace(camelup.GAME, version=version + 1))
    refused = invoke(*args, "--resume", path)
    assert refused.exit_code == 2, refused.output
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and f"engine version camelup {version}, this is camelup {version + 1}" in lines[0], \
        refused.stderr
