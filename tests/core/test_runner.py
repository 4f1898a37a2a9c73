from functools import partial

import numpy as np
import pytest

from analyzer.core import checkpoint, runner
from analyzer.core.errors import AnalyzerError, Interrupted
from analyzer.games.camelup import sim
from tests.games.camelup.helpers import B, G, O, W, Y, position
from tests.cli_helpers import Terminal


def coin_task(n, rng):
    heads = int((rng.random(n) < 0.3).sum())
    return {"n": n, "heads": heads, "hist": np.bincount(rng.integers(0, 4, n), minlength=4)}


def test_chunks_cover_the_rollouts_exactly():
    assert runner.chunk_sizes(10, 4) == [4, 4, 2]
    assert runner.chunk_sizes(8, 4) == [4, 4]
    assert sum(runner.chunk_sizes(1_000_001)) == 1_000_001


def test_same_seed_same_result_whatever_the_jobs():
    settings = dict(rollouts=3 * runner.CHUNK + 123, seed=42, progress=False)
    one = runner.run(coin_task, runner.RunSettings(jobs=1, **settings))
    two = runner.run(coin_task, runner.RunSettings(jobs=2, **settings))
    assert one["n"] == settings["rollouts"]
    assert one["heads"] == two["heads"]
    assert np.array_equal(one["hist"], two["hist"])


def test_race_counts_are_reproducible_across_jobs():
    task = partial(sim.race_counts, position({1: [B, G], 2: [O], 3: [Y, W]}))
    settings = dict(rollouts=2 * runner.CHUNK + 7, seed=9, progress=False)
    one = runner.run(task, runner.RunSettings(jobs=1, **settings))
    two = runner.run(task, runner.RunSettings(jobs=2, **settings))
    for key in ("win", "lose", "legs"):
        assert np.array_equal(one[key], two[key])


def test_different_seeds_differ():
    a = runner.run(coin_task, runner.RunSettings(rollouts=10_000, seed=1, jobs=1, progress=False))
    b = runner.run(coin_task, runner.RunSettings(rollouts=10_000, seed=2, jobs=1, progress=False))
    assert a["heads"] != b["heads"]


def test_a_missing_seed_is_drawn_and_kept():
    settings = runner.RunSettings(rollouts=10, seed=None).with_seed()
    assert isinstance(settings.seed, int)
    assert settings.with_seed().seed == settings.seed


def test_bad_jobs_is_a_clear_error():
    with pytest.raises(AnalyzerError, match="--jobs"):
        runner.run(coin_task, runner.RunSettings(rollouts=10, seed=1, jobs=0))


def test_ctrl_c_stops_cleanly():
    calls = []

    def interrupted_task(n, rng):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return {"n": n}

    with pytest.raises(Interrupted, match="nothing written"):
        runner.run(interrupted_task, runner.RunSettings(rollouts=5 * runner.CHUNK, seed=1, jobs=1, progress=False))
    assert len(calls) == 2


def test_progress_bar_draws_only_on_a_terminal_after_the_delay():
    stream = Terminal()
    bar = runner.Progress(100, "races", stream=stream, delay=0.0)
    bar.advance(50)
    assert "50%" in stream.text
    bar.close()
    quiet = Terminal()
    bar = runner.Progress(100, "races", stream=quiet, delay=60.0)
    bar.advance(50)
    assert quiet.text == ""


def test_chunk_i_draws_from_child_i_of_the_root_seed():
    children = np.random.SeedSequence(42).spawn(4)
    for i, child in enumerate(children):
        assert np.array_equal(runner.seed_child(42, i).generate_state(4), child.generate_state(4))


def float_task(n, rng):
    x = rng.standard_normal(n)
    vec = np.bincount(rng.integers(0, 3, n), minlength=3) / 7
    return {"n": n, "sum": float(x.sum()), "sq": float((x * x).sum()), "vec": vec}


def test_float_sums_are_bit_identical_whatever_the_jobs():
    settings = dict(rollouts=6 * runner.CHUNK + 3, seed=8, progress=False)
    one = runner.run(float_task, runner.RunSettings(jobs=1, **settings))
    two = runner.run(float_task, runner.RunSettings(jobs=2, **settings))
    assert one["sum"] == two["sum"] and one["sq"] == two["sq"]  # merged in chunk order, not finishing order
    assert np.array_equal(one["vec"], two["vec"])


def test_a_plain_run_says_how_it_ended():
    result = runner.run(coin_task, runner.RunSettings(rollouts=2 * runner.CHUNK + 1, seed=3, jobs=1, progress=False),
                        label="coins")
    assert isinstance(result, dict) and result["n"] == result.rollouts == 2 * runner.CHUNK + 1
    assert result.chunks == 3 and result.stopped_by == "rollouts" and result.precision is None


def test_a_bad_backend_is_a_clear_error():
    with pytest.raises(AnalyzerError, match="--backend"):
        runner.run(coin_task, runner.RunSettings(rollouts=10, seed=1, backend="spark"))


def test_the_default_jobs_keep_short_runs_in_this_process_and_spread_long_ones():
    """One worker up to SERIAL_MAX rollouts (starting workers costs more than it saves), every core above;
    the command line and the scenario's analysis.jobs come first."""
    from analyzer.cli.options import RunOptions

    assert runner.SERIAL_MAX == 16 * runner.CHUNK
    assert runner.default_jobs(1) == runner.default_jobs(500_000) == runner.default_jobs(runner.SERIAL_MAX) == 1
    assert runner.default_jobs(runner.SERIAL_MAX + 1) == runner.default_jobs(10**7) == -1

    def jobs(options, block=None, **kw):
        return options.settle(block or {}, default_rollouts=200_000, identity={"command": "t", "scenario": "x"},
                              **kw).jobs

    assert jobs(RunOptions()) == 1  # 200,000 races: about 0.15 s on one core, less than the workers' start
    assert jobs(RunOptions(rollouts=500_000)) == 1
    assert jobs(RunOptions(rollouts=2_000_000)) == -1
    assert jobs(RunOptions(), {"rollouts": 2_000_000}) == -1
    assert jobs(RunOptions(precision=0.01)) == -1  # capped at --max-rollouts' default, 2*10^7
    assert jobs(RunOptions(precision=0.01, max_rollouts=100_000)) == 1
    assert jobs(RunOptions(rollouts=10**7, jobs=1)) == 1  # the command line decides
    assert jobs(RunOptions(rollouts=10**7), {"jobs": 1}) == 1  # then the scenario
    assert jobs(RunOptions(rollouts=100), default_jobs=-1) == -1  # a command's own default (balance)
    # a question of cheap rollouts whose workers start slowly keeps longer runs in one process
    assert jobs(RunOptions(rollouts=2_000_000), serial_max=4_194_304) == 1
    assert jobs(RunOptions(rollouts=4_194_305), serial_max=4_194_304) == -1
    assert runner.default_jobs(4_194_304, 4_194_304) == 1


def test_camel_up_races_keep_up_to_four_million_in_one_process():
    from analyzer.games.camelup import GAME

    assert GAME.question("odds").serial_max == GAME.question("ev").serial_max == 4_194_304



def test_a_stopped_run_says_what_its_checkpoint_holds_chunks_done_out_of_order_included(tmp_path, monkeypatch):
    """Chunks finish in any order: a later one saved before the first is in the checkpoint, and the line says so."""
    def results(task, settings, sizes, todo, remaining):
        yield 2, {"n": sizes[2], "heads": 0, "hist": np.zeros(4, int)}
        yield 0, {"n": sizes[0], "heads": 0, "hist": np.zeros(4, int)}
        yield 3, {"n": sizes[3], "heads": 0, "hist": np.zeros(4, int)}
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "_results", results)
    ck = tmp_path / "run.ck"
    plan = dict(rollouts=5 * runner.CHUNK, seed=1, progress=False, identity={"command": "coins", "scenario": "x"})
    with pytest.raises(Interrupted) as stopped:
        runner.run(coin_task, runner.RunSettings(checkpoint=ck, **plan), label="coins")
    held = checkpoint.load(ck)
    assert held.done == 1 and sorted(held.pending) == [2, 3]
    assert str(stopped.value) == (
        f"interrupted after {3 * runner.CHUNK:,} of {5 * runner.CHUNK:,} coins; the checkpoint {ck} holds them "
        f"({runner.CHUNK:,} in order, {2 * runner.CHUNK:,} in 2 chunks that finished ahead of their turn): "
        f"continue with --resume {ck}")

    def none_yet(task, settings, sizes, todo, remaining):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(runner, "_results", none_yet)
    with pytest.raises(Interrupted, match=f"after 0 of {5 * runner.CHUNK:,} coins; nothing written"):
        runner.run(coin_task, runner.RunSettings(checkpoint=tmp_path / "new.ck", **plan), label="coins")
    assert not (tmp_path / "new.ck").exists()


class PidTask:
    """Leaves a file named after the process that ran each chunk (and sleeps `pause` seconds in it)."""

    def __init__(self, folder, pause: float = 0.0):
        self.folder, self.pause = str(folder), pause

    def __call__(self, n, rng):
        import os
        import time
        from pathlib import Path

        time.sleep(self.pause)
        out = float_task(n, rng)
        Path(self.folder, f"{os.getpid()}-{rng.integers(1 << 40)}").touch()  # drawn after: the sums are float_task's
        return out


def pids(folder) -> set[int]:
    return {int(p.name.split("-")[0]) for p in folder.iterdir()}


def test_the_measured_jobs_keep_a_short_run_in_this_process(tmp_path):
    import os

    settings = runner.RunSettings(rollouts=4 * runner.CHUNK, seed=3, jobs=runner.AUTO, progress=False)
    got = runner.run(PidTask(tmp_path), settings)
    assert pids(tmp_path) == {os.getpid()} and len(list(tmp_path.iterdir())) == 4
    assert got["sum"] == runner.run(float_task, runner.RunSettings(rollouts=4 * runner.CHUNK, seed=3, jobs=1,
                                                                    progress=False))["sum"]


def test_the_measured_jobs_spread_a_long_run_with_the_same_result(tmp_path):
    """Chunks of 0.2 s: twelve of them are worth workers from the first one on; the sums are bit-identical."""
    import os

    settings = runner.RunSettings(rollouts=12 * runner.CHUNK + 5, seed=4, jobs=runner.AUTO, progress=False)
    got = runner.run(PidTask(tmp_path, pause=0.2), settings)
    seen = pids(tmp_path)
    assert os.getpid() in seen and len(seen) > 1  # the first chunk here, the rest on workers
    one = runner.run(float_task, runner.RunSettings(rollouts=12 * runner.CHUNK + 5, seed=4, jobs=1, progress=False))
    assert got["sum"] == one["sum"] and got["sq"] == one["sq"] and np.array_equal(got["vec"], one["vec"])
    assert got.chunks == 13


def test_workers_are_worth_their_start_only_well_past_it():
    start = 1.5
    assert not runner.worth_workers([0.15, 0.15], 16, start)  # 2.4 s left on one core: two workers would gain little
    assert runner.worth_workers([0.15, 0.15], 64, start)  # 9.6 s left
    assert not runner.worth_workers([0.5], 16, start)  # the first chunk alone may include first calls: wait
    assert runner.worth_workers([0.5, 0.15], 64, start)  # the fastest chunk counts
    assert runner.worth_workers([1.0], 60, runner.FORK_START)  # a forked worker starts in milliseconds


def test_a_precision_run_on_forked_workers_stops_without_waiting_for_the_chunks_in_flight():
    def halfwidths(total):
        return [1.0 / total["n"] ** 0.5]

    settings = runner.RunSettings(seed=5, jobs=runner.AUTO, progress=False, precision=1 / 700,
                                  max_rollouts=400 * runner.CHUNK)
    got = runner.run(partial(slow_coin, 0.05), settings, halfwidths=halfwidths)
    assert got.stopped_by == "precision" and got.rollouts < 400 * runner.CHUNK


def slow_coin(pause, n, rng):
    import time

    time.sleep(pause)
    return coin_task(n, rng)


def test_a_second_run_reuses_the_workers_of_the_first(tmp_path):
    """One pool per command: loky keeps the workers of a run for the next (a report's questions, a bench's rows)."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir(), second.mkdir()
    for folder in (first, second):
        runner.run(PidTask(folder), runner.RunSettings(rollouts=4 * runner.CHUNK, seed=1, jobs=2, progress=False))
    assert pids(first) == pids(second) and len(pids(first)) == 2


def test_the_measured_jobs_start_fresh_workers_where_processes_cannot_fork(tmp_path, monkeypatch):
    """Elsewhere than Linux: the same rule with a fresh worker's start (about 1.6 s with an engine), on joblib's
    workers; the sums are the same."""
    import os

    monkeypatch.setattr(runner, "_can_fork", lambda: False)
    monkeypatch.setattr(runner, "worker_start", lambda: 0.05)
    settings = runner.RunSettings(rollouts=8 * runner.CHUNK, seed=6, jobs=runner.AUTO, progress=False)
    got = runner.run(PidTask(tmp_path, pause=0.2), settings)
    assert len(pids(tmp_path) - {os.getpid()}) >= 1
    one = runner.run(float_task, runner.RunSettings(rollouts=8 * runner.CHUNK, seed=6, jobs=1, progress=False))
    assert got["sum"] == one["sum"] and np.array_equal(got["vec"], one["vec"])


def staged_task(n, rng):
    import time

    runner.note("playing rule set 3/3")
    time.sleep(0.2)
    return {"n": n}


def test_a_run_handed_to_workers_shows_its_own_stage_again(monkeypatch):
    """The chunks played here name their stage (the rule set being played); once workers take over, the bar
    names the run's stage, not the last chunk's."""
    bars = []

    class Recorded(runner.Progress):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            bars.append(self)

    monkeypatch.setattr(runner, "Progress", Recorded)
    monkeypatch.setattr("sys.stderr", Terminal())
    settings = runner.RunSettings(rollouts=8 * runner.CHUNK, seed=2, jobs=runner.AUTO, progress=True)
    runner.run(staged_task, settings, stage="playing 3 rule sets")
    (bar,) = bars
    assert bar.enabled and bar.initial == bar.stage == "playing 3 rule sets"
