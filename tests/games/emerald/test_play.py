"""Whole games and the gem race: the balance contract's arrays by turn-order rank, credit sums to 1, common random
numbers across rule sets, the turn cap counted apart; the race is seeded, matches its task run directly, and a
card already held is certain; the bridge hands the engine every shipped position as the reference reads it."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance.run import by_turn_rank
from analyzer.games.emerald import game as g
from analyzer.games.emerald import play as pl
from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from analyzer.games.emerald import sim, state
from analyzer.games.emerald.policies import Policy


def config(players=4, kind="greedy", seating="fixed", **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players, (Policy(kind),) * players, seating)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_gives_the_contract_arrays_and_credit_sums_to_one(players):
    out = pl.play(config(players, "random"), 64, np.random.default_rng(1))
    assert out["credit"].shape == (64, players) and np.allclose(out["credit"].sum(1), 1)
    assert out["money"].shape == (64, players) and (out["money"] >= 0).all()
    assert out["actions"].shape == (players, len(pl.WHOLE.record.kinds)) and out["policy"].shape == (64, players)
    assert set(pl.WHOLE.record.length_names) <= set(out)
    ends = out["capped"] + out["ended by the last treasure"] + out["ended by a last knight"]
    assert (ends == 1).all()


def test_rule_sets_meet_the_same_luck_game_by_game():
    a, _ = pl.play_games(config(chamber_ends_turn=False), 64, np.random.default_rng(5))
    b, _ = pl.play_games(config(chamber_ends_turn=True), 64, np.random.default_rng(5))
    assert (a[:, g.ST_START] == b[:, g.ST_START]).all()
    assert (a[:, g.ST_POINTS:g.ST_POINTS + 4] != b[:, g.ST_POINTS:g.ST_POINTS + 4]).any()


def test_seat_zero_is_the_start_player_by_rank():
    out, _ = pl.play_games(config(kind="random"), 32, np.random.default_rng(2))
    ranked = by_turn_rank(out[:, g.ST_POINTS:g.ST_POINTS + 4], out[:, g.ST_START], 4)
    for j in range(32):
        assert ranked[j, 0] == out[j, g.ST_POINTS + out[j, g.ST_START]]


def test_capped_games_are_counted_apart_and_still_credited():
    out = pl.play(config(kind="random", turn_cap=4), 32, np.random.default_rng(3))
    assert out["capped"].all() and (out["turns"] == 16).all() and np.allclose(out["credit"].sum(1), 1)


def race_position():
    return state.parse_position({"players": 2, "position": {
        "colours": [["red", "blue"], ["green", "yellow"]], "to_move": 0,
        "knights": {"red": ["s1", 9, 11, "chamber"], "blue": ["s3", 8, "nest", "nest"], "green": ["s1", 3, 12, 14],
                    "yellow": ["s2", 13, "chamber", 6]},
        "stacks": {5: {"gem": {"top": "ruby", "below": 1}, "gold": {"top": 3, "below": 0}},
                   9: {"gem": {"top": "emerald", "below": 1}, "gold": {"top": 4, "below": 2}}},
        "dragon": {"cave": 5, "facing": "chamber"}, "trail_start": 4, "treasure_left": 2,
        "holdings": {"red": {"gold": [2], "gems": {"ruby": 3, "emerald": 1, "garnet": 1, "turquoise": 1},
                             "bonus": ["four_kinds"], "treasure": 1},
                     "green": {"treasure": 1}}}})


def test_the_race_is_seeded_and_a_card_already_held_is_certain():
    p = race_position()
    a, b = pl.race(p, 400, seed=9), pl.race(p, 400, seed=9)
    assert a["seats"] == b["seats"] and a["rollouts"] == 400
    assert a["seats"][0]["four_kinds"]["p"] == 1.0 and a["seats"][1]["four_kinds"]["p"] == 0.0
    for k, gem in enumerate(r.GEMS):
        total = sum(s["majority"][gem]["p"] for s in a["seats"]) + a["nobody"]["majority"][gem]
        assert total == pytest.approx(1.0)
    assert a["seats"][0]["majority"]["ruby"]["p"] > 0.9  # 3 rubies against none, one ruby showing


def test_the_race_equals_its_task_run_on_the_runners_first_chunk():
    p = race_position()
    done = pl.race(p, 300, seed=4)
    task = pl.race_task(p)
    direct = task(300, np.random.default_rng(runner.seed_child(done["seed"], 0)))
    assert (np.asarray(direct["majority"]) == np.asarray(done["run"]["majority"])).all()


SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "emerald"


@pytest.mark.parametrize("path", sorted(p for p in SCENARIOS.glob("*.yaml") if not p.name.startswith("balance")),
                         ids=lambda p: p.name)
def test_the_bridge_gives_the_engine_the_position_the_reference_reads(path):
    p = state.parse_position(scenario.load(path))
    s, gem_pool, gold_pool = sim.position_state(p, ("greedy",) * p.players)
    mine, theirs = sim.reference_table(s, p.settings), ref.Table.from_position(p)
    unknown = [[None if c == -1 else c for c in stack] for stack in mine.gems]
    assert unknown == theirs.gems
    assert [[None if c == -1 else c for c in stack] for stack in mine.gold] == theirs.gold
    for name in ("knights", "dragon", "treasure_left", "gold_held", "gems_held", "treasure", "four_kinds", "to_move",
                 "steps", "first_colour"):
        assert getattr(mine, name) == getattr(theirs, name), name
    assert tuple(mine.colours) == tuple(theirs.colours)
    assert sorted(mine.barred) == sorted(theirs.barred) and mine.barred[:1] == theirs.barred[:1]
    assert sorted(gem_pool[:sum(p.unseen_gems)]) == sorted(k for k in range(4) for _ in range(p.unseen_gems[k]))
    assert sum(p.unseen_gold) == int((gold_pool > 0).sum())
