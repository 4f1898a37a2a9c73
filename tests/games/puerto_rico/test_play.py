"""Whole games for balance: the contract's shapes, credit summing to 1, seats reported by turn-order rank, common
random numbers across rule sets; and question 4's rollouts from a position (every untaken card, paired)."""
from dataclasses import replace

import numpy as np

from analyzer.core import runner
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import play as pl
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico import state
from analyzer.games.puerto_rico.policies import Policy


def config(players=4, kinds=("greedy",), **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players,
                         tuple(Policy(kinds[q % len(kinds)]) for q in range(players)))


def test_play_gives_the_balance_contract():
    for players in (3, 4, 5):
        out = pl.play(config(players, ("random", "greedy")), 40, np.random.default_rng(1))
        assert out["credit"].shape == out["money"].shape == out["policy"].shape == (40, players)
        assert np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (players, len(pl.WHOLE.record.kinds))
        assert (out["actions"].sum(1) == out["rounds"].sum()).all()  # one role per seat per round
        assert set(pl.WHOLE.record.length_names) <= set(out) and not out["capped"].any()
    a = pl.play(config(), 32, np.random.default_rng(9))
    b = pl.play(config(), 32, np.random.default_rng(9))
    assert all((a[k] == b[k]).all() for k in a)


def test_seats_are_turn_order_ranks():
    out, _ = pl.play_games(config(4, ("greedy", "random", "random", "random")), 200, np.random.default_rng(2))
    res = pl.summarize(out, 4)
    govs = out[:, g.ST_GOV]
    assert len(set(govs)) == 4
    assert (res["money"][:, 0] == out[np.arange(200), g.ST_SCORE + govs]).all()
    assert res["money"][:, 0].mean() > res["money"][:, 1:].mean()  # the greedy rank 0 outscores the random


def test_rule_sets_meet_the_same_luck_and_the_turn_cap_counts_apart():
    a, _ = pl.play_games(config(cost_floor=0), 64, np.random.default_rng(3))
    b, _ = pl.play_games(config(start_crops="all_corn"), 64, np.random.default_rng(3))
    assert (a[:, g.ST_GOV] == b[:, g.ST_GOV]).all()
    assert (a[:, g.ST_SCORE:g.ST_SCORE + 4] != b[:, g.ST_SCORE:g.ST_SCORE + 4]).any()
    capped = pl.play(config(turn_cap=5), 16, np.random.default_rng(3))
    assert capped["capped"].all() and (capped["rounds"] == 5).all()


def test_role_ev_rolls_out_every_untaken_card_from_a_full_position():
    position = state.parse_position({"players": 3, "position": {"governor": 1}})
    result = pl.role_ev(position, runner.RunSettings(rollouts=64, seed=4, progress=False, jobs=1))
    k = len(position.untaken)
    assert result["rollouts"] == 64 and result["score"].shape == (k,)
    assert np.all(result["win"] <= 64) and np.all(result["score"] > 0)
    assert result["win"].sum() > 0 and not result["capped"].any()
    again = pl.role_ev(position, runner.RunSettings(rollouts=64, seed=4, progress=False, jobs=1))
    assert (again["score"] == result["score"]).all()


def test_role_ev_from_the_shipped_full_table():
    from pathlib import Path

    from analyzer.core import scenario
    path = Path(__file__).resolve().parents[3] / "scenarios" / "puerto_rico" / "role-ev.yaml"
    position = state.parse_position(scenario.load(path))
    s0 = g.position_state(position, ("greedy",) * 4)
    assert s0[g.PICKS] == 1 and s0[g.ROLE_TAKEN + r.BUILDER] == 1 and s0[g.ROUND] == 4
    result = pl.role_ev(position, runner.RunSettings(rollouts=48, seed=1, progress=False, jobs=1))
    assert result["score"].shape == (len(position.untaken),) and (result["score"] > 0).all()
    assert len(set(result["score"])) > 1  # the cards differ
