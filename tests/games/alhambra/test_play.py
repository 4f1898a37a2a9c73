"""Whole games and rollouts from a position: the balance contract's arrays by turn-order rank, credit sums to 1,
common random numbers across rule sets, the turn cap counted apart; the bridge hands the engine a position as
state.py reads it and deals the hidden chance right (hidden hands' counts, the deck, the scoring cards inside
their windows, the stack); the position rollouts are seeded and equal their task run on the runner's chunk."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance.run import by_turn_rank
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import play as pl
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra import sim, state
from analyzer.games.alhambra.policies import Policy

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "alhambra"


def config(players=4, kind="greedy", seating="fixed", **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players, (Policy(kind),) * players, seating)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_play_gives_the_contract_arrays_and_credit_sums_to_one(players):
    out = pl.play(config(players, "random"), 64, np.random.default_rng(1))
    assert out["credit"].shape == (64, players) and np.allclose(out["credit"].sum(1), 1)
    assert out["money"].shape == (64, players) and (out["money"] >= 0).all()
    assert out["actions"].shape == (players, len(pl.WHOLE.record.kinds)) and out["policy"].shape == (64, players)
    assert set(pl.WHOLE.record.length_names) <= set(out)
    assert ((out["capped"] + out["ended by an empty market space"] + out["ended by the empty stack"]) == 1).all()


def test_rule_sets_meet_the_same_luck_game_by_game():
    a, _ = pl.play_games(config(), 64, np.random.default_rng(5))
    b, _ = pl.play_games(config(tie_split="rank_only"), 64, np.random.default_rng(5))
    assert (a[:, g.ST_START] == b[:, g.ST_START]).all()
    assert (a[:, g.ST_POINTS:g.ST_POINTS + 4] != b[:, g.ST_POINTS:g.ST_POINTS + 4]).any()


def test_seat_zero_is_the_start_player_by_rank():
    out, _ = pl.play_games(config(kind="random"), 32, np.random.default_rng(2))
    ranked = by_turn_rank(out[:, g.ST_POINTS:g.ST_POINTS + 4], out[:, g.ST_START], 4)
    for j in range(32):
        assert ranked[j, 0] == out[j, g.ST_POINTS + out[j, g.ST_START]]


def test_capped_games_are_counted_apart_and_still_credited():
    out = pl.play(config(kind="random", turn_cap=5), 32, np.random.default_rng(3))
    assert out["capped"].all() and (out["turns"] == 20).all() and np.allclose(out["credit"].sum(1), 1)


def position(name="next-turn"):
    return state.parse_position(scenario.load(SCENARIOS / f"{name}.yaml"))


def dealt(p, seed=0):
    """The engine state after FROM_POSITION dealt the hidden chance (no turn played)."""
    s0, hidden, pools = sim.position_state(p, ("greedy",) * p.players)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    stats = np.zeros((1, g.STSIZE), dtype=np.int64)
    g.run(g.settings_vector(p.settings, p.players), g.Chance(1, np.random.default_rng(seed)).seeds, stats, s,
          g.FROM_POSITION, 0, s0=s0, hidden=hidden, pools=pools)
    return s


@pytest.mark.parametrize("name", ["next-turn", "majority", "spec-position"])
def test_the_bridge_holds_the_position_and_deals_the_hidden_chance(name):
    p = position(name)
    for seed in range(5):
        s = dealt(p, seed)
        snap = sim.snapshot(s)
        assert snap["display"][:len(p.display)] == p.display
        assert snap["market"] == tuple(None if t < 0 else t for t in p.market)
        assert snap["scores"] == p.scores and snap["to_move"] == p.to_move
        for q in range(p.players):
            assert len(snap["hands"][q]) == p.hand_counts[q]
            if p.hands[q] is not None:
                assert snap["hands"][q] == p.hands[q]
            assert sim.alhambra_of(s, q) == p.alhambras[q]
        deck = [int(c) for c in s[g.DECK:g.DECK + s[g.DN]]]
        assert len(deck) == sum(p.pile_sizes) - p.draws
        for k, (first, last) in enumerate(r.scoring_windows(p.money_left, p.settings.pile_split)):
            where = [i for i, c in enumerate(deck) if c == g.SCORING1 + k]
            if k + 1 in p.scoring_seen:
                assert where == []
            else:
                assert len(where) == 1 and max(first, p.draws + 1) <= where[0] + p.draws + 1 <= last
        stack = [int(t) for t in s[g.STK:g.STK + s[g.SN]]]
        assert len(stack) == p.tiles_left and set(stack) <= set(p.stack)
        money = [c for h in snap["hands"] for c in h] + list(p.display) + list(snap["discards"])
        assert len(money) + len([c for c in deck if c < g.NSORT]) == r.N_MONEY


def test_refill_draws_and_majority_are_seeded_and_equal_their_task():
    p = position("majority")
    settings = runner.RunSettings(rollouts=300, seed=4, jobs=1, progress=False)
    a, b = pl.refill_draws(p, settings), pl.refill_draws(p, settings)
    assert (np.asarray(a["draws"]) == np.asarray(b["draws"])).all() and a["draws"].sum() == 300
    task = pl.position_task(p, "draws")
    direct = task(300, np.random.default_rng(runner.seed_child(4, 0)))
    assert (direct["draws"] == np.asarray(a["draws"])).all()
    m = pl.majority(p, settings)
    assert (np.asarray(m["rank"]).sum(2) == 300).all() and m["scoring"].sum() == 300
    assert m["scoring"][0] == 300  # scoring card 1 has not shown: it comes first


def test_a_kind_nobody_else_holds_is_mine_at_the_next_scoring():
    p = position("majority")
    m = pl.majority(p, runner.RunSettings(rollouts=200, seed=1, jobs=1, progress=False))
    seraglio = r.KINDS.index("seraglio")  # seat 0 holds one; the others none, and few come in three turns
    rank = np.asarray(m["rank"])
    assert rank[0, seraglio, 0] > 0.9 * 200


@pytest.mark.slow
def test_an_unseen_scoring_card_lies_uniformly_over_its_window_left():
    p = position("next-turn")  # 14 draws made: scoring card 1 anywhere in deck positions 17-33
    first, last = r.scoring_windows(p.money_left, p.settings.pile_split)[0]
    where = []
    for seed in range(1700):
        s = dealt(p, seed)
        deck = list(s[g.DECK:g.DECK + s[g.DN]])
        where.append(deck.index(g.SCORING1) + p.draws + 1)
    counts = np.bincount(where, minlength=last + 1)[first:last + 1]
    expected = len(where) / (last - first + 1)
    assert ((counts - expected) ** 2 / expected).sum() < 39.3  # 16 degrees of freedom, p = 0.001
