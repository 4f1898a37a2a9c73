"""Whole games and rollouts from a position: the balance contract's arrays by turn-order rank, credit sums to 1,
common random numbers across rule sets, the turn cap counted apart; the bridge hands the engine a position as
state.py reads it; the bar-pressure rollouts are seeded and their counts consistent."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core.balance.run import by_turn_rank
from analyzer.core import runner, scenario
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import play as pl
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international import sim, state
from analyzer.games.cafe_international.policies import Policy

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "cafe_international"


def config(players=4, kind="greedy", seating="fixed", **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players, (Policy(kind),) * players, seating)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_gives_the_contract_arrays_and_credit_sums_to_one(players):
    out = pl.play(config(players, "random"), 64, np.random.default_rng(1))
    assert out["credit"].shape == (64, players) and np.allclose(out["credit"].sum(1), 1)
    assert out["money"].shape == (64, players)
    assert out["actions"].shape == (players, len(pl.WHOLE.record.kinds)) and out["policy"].shape == (64, players)
    assert set(pl.WHOLE.record.length_names) <= set(out)
    assert (sum(out[name] for name in pl.WHOLE.record.length_names[2:]) == 1).all()


def test_rule_sets_meet_the_same_luck_game_by_game():
    a, _ = pl.play_games(config(), 64, np.random.default_rng(5))
    b, _ = pl.play_games(config(coffee_party=True), 64, np.random.default_rng(5))
    assert (a[:, g.ST_START] == b[:, g.ST_START]).all()
    assert (a[:, g.ST_POINTS:g.ST_POINTS + 4] != b[:, g.ST_POINTS:g.ST_POINTS + 4]).any()


def test_policies_are_seated_by_turn_order_rank():
    cfg = pl.GameConfig(pl.RuleSet(), 3, (Policy("random"), Policy("greedy"), Policy("greedy")))
    out, seat_policy = pl.play_games(cfg, 16, np.random.default_rng(2))
    assert (seat_policy == [0, 1, 2]).all()
    ranked = by_turn_rank(out[:, g.ST_POINTS:g.ST_POINTS + 3], out[:, g.ST_START], 3)
    for j in range(16):
        assert ranked[j, 0] == out[j, g.ST_POINTS + out[j, g.ST_START]]


def test_capped_games_are_counted_apart_and_still_credited():
    out = pl.play(config(kind="random", turn_cap=8), 32, np.random.default_rng(3))
    assert out["capped"].all() and (out["turns"] == 8).all() and np.allclose(out["credit"].sum(1), 1)


def position(name="bar-pressure"):
    return state.parse_position(scenario.load(SCENARIOS / f"{name}.yaml"))


def test_the_bridge_holds_the_position():
    p = position()
    s = sim.position_state(p, ("greedy",) * p.players)
    snap = sim.snapshot(s, len(sim.chair_index(p.settings.layout)))
    order = sim.chair_index(p.settings.layout)
    assert snap["scores"] == tuple(p.scores) and snap["to_move"] == p.to_move and snap["bar"] == p.bar_filled
    assert all(snap["seated"][order[c]] == r.kind(*t) for c, t in p.seated)
    for q in range(p.players):
        assert sum(snap["hands"][q]) == len(p.hands[q])
    assert sum(snap["bag"]) == sum(p.pool) and s[g.BARHID] == p.bar_hidden
    assert snap["targets"] == (r.HAND,) * p.players


def test_the_bridge_keeps_each_seat_s_refill_target():
    data = scenario.load(SCENARIOS / "bar-pressure.yaml")
    data["position"]["targets"] = {0: 4}
    data["position"]["hands"][0] = data["position"]["hands"][0][:4]
    p = state.parse_position(data)
    snap = sim.snapshot(sim.position_state(p, ("greedy",) * p.players), len(sim.chair_index(p.settings.layout)))
    assert snap["targets"] == (4,) + (r.HAND,) * (p.players - 1)


def test_bar_pressure_is_seeded_and_its_counts_consistent():
    settings = runner.RunSettings(rollouts=300, seed=4, progress=False, jobs=1)
    a, b = pl.bar_pressure(position(), settings), pl.bar_pressure(position(), settings)
    assert a["rollouts"] == 300 and a["end"].sum() + a["ended_by_dropouts"] == 300
    assert a["my_bar"] == b["my_bar"] and (a["end"] == b["end"]).all()
    assert a["my_dropout"] <= a["my_bar"] and a["my_bar_points_sq"] >= abs(a["my_bar_points"])
    task = pl.bar_task(position())
    one, two = task(100, np.random.default_rng(0)), task(100, np.random.default_rng(0))
    assert one["my_bar_points"] == two["my_bar_points"]
