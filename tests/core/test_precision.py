"""Precision-targeted runs: stop within the bound, equal a plain run of the same size, and honest intervals."""
from functools import partial

import numpy as np
import pytest

from analyzer.core import runner, stats
from analyzer.core.errors import AnalyzerError
from analyzer.games.camelup import analysis, exact, sim
from tests.core.test_runner import coin_task
from tests.games.camelup.helpers import B, G, O, W, Y, position
from tests.cli_helpers import invoke

CHUNK = runner.CHUNK


def coin_halfwidths(merged):
    return stats.wilson_halfwidth([merged["heads"]], merged["n"])


def settings(**kw):
    kw.setdefault("seed", 11)
    kw.setdefault("jobs", 1)
    return runner.RunSettings(progress=False, **kw)


def test_a_precision_run_stops_at_the_first_chunk_that_meets_the_bound():
    # p = 0.3: the 95% half-width is about 1.96 * sqrt(0.21 / n); 0.0015 needs n >= 358,000, i.e. 6 chunks
    run = runner.run(coin_task, settings(precision=0.0015), halfwidths=coin_halfwidths)
    assert run.stopped_by == "precision"
    assert run.rollouts == run["n"] == 6 * CHUNK and run.chunks == 6
    assert run.widest == pytest.approx(coin_halfwidths(run)[0]) and run.widest <= 0.0015
    one_less = runner.run(coin_task, settings(rollouts=5 * CHUNK))
    assert coin_halfwidths(one_less)[0] > 0.0015  # it did not run a chunk more than it needed
    assert "--precision" in run.note and "0.0015" in run.note


def test_a_precision_run_equals_a_plain_run_of_the_same_size():
    run = runner.run(coin_task, settings(precision=0.002), halfwidths=coin_halfwidths)
    plain = runner.run(coin_task, settings(rollouts=run.rollouts))
    assert run["heads"] == plain["heads"] and np.array_equal(run["hist"], plain["hist"])


def test_a_precision_run_is_the_same_for_one_or_two_jobs():
    one = runner.run(coin_task, settings(precision=0.002, jobs=1), halfwidths=coin_halfwidths)
    two = runner.run(coin_task, settings(precision=0.002, jobs=2), halfwidths=coin_halfwidths)
    assert one.rollouts == two.rollouts
    assert one["heads"] == two["heads"] and np.array_equal(one["hist"], two["hist"])


def test_max_rollouts_stops_a_run_that_cannot_reach_the_bound():
    cap = 3 * CHUNK + 5
    run = runner.run(coin_task, settings(precision=1e-6, max_rollouts=cap), halfwidths=coin_halfwidths)
    assert run.stopped_by == "max-rollouts" and run.rollouts == run["n"] == cap
    assert run.widest > 1e-6
    plain = runner.run(coin_task, settings(rollouts=cap))
    assert run["heads"] == plain["heads"]
    assert "--max-rollouts" in run.note


def test_wilson_intervals_of_precision_runs_cover_the_true_value():
    """Optional stopping must not break the claim: 95% intervals hold p = 0.3 about 95% of the time."""
    hits = 0
    for seed in range(60):
        run = runner.run(coin_task, settings(seed=seed, precision=0.003), halfwidths=coin_halfwidths)
        lo, hi = stats.wilson([run["heads"]], run["n"])
        hits += bool(lo[0] <= 0.3 <= hi[0])
    assert hits >= 52  # 95% of 60 is 57; 52 or fewer has probability about 0.3%


def monte_carlo(pos):
    """The position with its race odds by rollouts (rules.race_method), as every precision run needs."""
    from dataclasses import replace

    return replace(pos, rules=replace(pos.rules, race_method="monte_carlo"))


def test_camelup_race_odds_meet_the_bound_and_hold_the_exact_values():
    """A race that must end this leg (orange on 16, its die unrolled): race odds are the exact leg odds."""
    pos = monte_carlo(position({14: [Y, W], 15: [B, G], 16: [O]}))
    leg = exact.leg_exact(pos)
    assert leg.finish_prob[0] == pytest.approx(1.0)
    result = analysis.odds(pos, settings(precision=0.004, seed=5))
    payload = result.payload
    assert payload["stopped_by"] == "precision" and payload["widest_ci95"] <= 0.004
    names = pos.camel_names
    misses, worst = 0, 0.0
    for c in pos.on_track:
        for key, rank in (("race_win", 0), ("race_lose", 4)):
            half = payload[f"{key}_ci95"][names[c]]
            assert half <= 0.004
            z = abs(payload[key][names[c]] - leg.rank_probs[0][c, rank]) / max(half, 1e-12)
            misses += z > 1
            worst = max(worst, z)
    assert misses <= 2 and worst < 2  # 10 estimates at 95%: about 0.5 misses expected
    assert any("stopped by --precision" in note for note in result.notes)
    plain = runner.run(partial(sim.race_counts, pos), settings(rollouts=payload["rollouts"], seed=5))
    assert [payload["race_win"][names[c]] for c in pos.on_track] == list(plain["win"][pos.on_track] / plain["n"])


def test_ev_precision_is_in_coins_and_counts_every_overall_card():
    pos = monte_carlo(position({1: [B, G], 2: [O], 3: [Y, W]}))
    result = analysis.ev(pos, settings(precision=0.08, seed=2))
    cards = [a for a in result.payload["actions"] if not a["exact"]]
    assert len(cards) == 10
    assert max(a["ci95"] for a in cards) == pytest.approx(result.payload["widest_ci95"])
    assert result.payload["widest_ci95"] <= 0.08 and result.payload["stopped_by"] == "precision"


def test_a_plain_run_reports_no_precision():
    result = analysis.odds(position({1: [B, G], 2: [O], 3: [Y, W]}), settings(rollouts=1000))
    assert "stopped_by" not in result.payload


@pytest.mark.parametrize("bad", [0, -0.1, float("nan"), float("inf")])
def test_a_bad_precision_is_a_clear_error(bad):
    with pytest.raises(AnalyzerError, match="--precision"):
        runner.run(coin_task, settings(precision=bad), halfwidths=coin_halfwidths)


def test_max_rollouts_needs_precision():
    with pytest.raises(AnalyzerError, match="--max-rollouts"):
        runner.run(coin_task, settings(max_rollouts=10))


def test_precision_needs_a_halfwidth_function():
    with pytest.raises(AnalyzerError, match="--precision"):
        runner.run(coin_task, settings(precision=0.01))



MID_LEG = __import__("pathlib").Path(__file__).resolve().parents[2] / "scenarios" / "camelup" / "mid-leg-monte-carlo.yaml"


def test_cli_precision_run_equals_the_plain_run_it_stopped_at():
    import json

    precise = invoke("odds", MID_LEG, "--precision", 0.003, "--seed", 2, "-j", 1, "--no-progress", "-f", "json")
    assert precise.exit_code == 0, precise.output
    data = json.loads(precise.stdout)
    assert data["stopped_by"] == "precision" and data["widest_ci95"] <= 0.003
    plain = invoke("odds", MID_LEG, "-n", data["rollouts"], "--seed", 2, "--no-progress", "-f", "json")
    plain = json.loads(plain.stdout)
    for key in ("race_win", "race_lose", "race_win_ci95", "race_lose_ci95", "rollouts"):
        assert data[key] == plain[key]
    quick = invoke("camelup", "ev", "--track", "1:bg 3:y 4:rp 15:w 16:k", "--edition", "second", "--precision", 0.1,
                   "--seed", 2, "-j", 1, "--no-progress")  # second edition: no exact race odds
    assert quick.exit_code == 0, quick.output
    assert "stopped by --precision" in quick.stdout


@pytest.mark.parametrize("args, words", [
    (["--precision", "-0.5"], ["--precision", "positive"]),
    (["--precision", "nan"], ["--precision"]),
    (["--precision", "0.01", "-n", "1000"], ["--rollouts and --precision"]),
    (["--max-rollouts", "1000"], ["--max-rollouts", "only with --precision"]),
])
def test_cli_bad_precision_options_are_one_line_errors(args, words):
    result = invoke("odds", MID_LEG, "--no-progress", *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0]
