"""Whole games for balance: the contract's shapes, credit summing to 1, the same games for the same seed whatever
the batch split, seats reported by turn-order rank, and common random numbers across rule sets."""
from dataclasses import replace

import numpy as np

from analyzer.games.goa import game as g
from analyzer.games.goa import play as pl
from analyzer.games.goa import rules as r
from analyzer.games.goa.policies import Policy


def config(players=4, kinds=("greedy",), **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players,
                         tuple(Policy(kinds[q % len(kinds)]) for q in range(players)))


def test_play_gives_the_balance_contract():
    for players in (2, 3, 4):
        out = pl.play(config(players, ("random", "greedy")), 40, np.random.default_rng(1))
        assert out["credit"].shape == out["money"].shape == out["policy"].shape == (40, players)
        assert np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (players, len(pl.WHOLE.record.kinds))
        assert set(pl.WHOLE.record.length_names) <= set(out) and not out["capped"].any()


def test_the_same_seed_gives_the_same_games_in_one_batch_or_two():
    seeds = g.Chance(64, np.random.default_rng(5)).seeds
    cfg = g.settings_vector(None, 4)
    pols = np.zeros((64, 4), dtype=np.int64)
    pols[:, 1::2] = 1
    whole = np.zeros((64, g.STSIZE), dtype=np.int64)
    g.run(cfg, seeds.copy(), whole, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME, pols=pols)  # streams advance in place
    parts = np.zeros_like(whole)
    for a in (0, 32):
        g.run(cfg, np.ascontiguousarray(seeds[a:a + 32]), parts[a:a + 32], np.zeros(g.SSIZE, dtype=np.int64),
              g.NEW_GAME, pols=np.ascontiguousarray(pols[a:a + 32]))
    assert (whole == parts).all()
    a = pl.play(config(), 32, np.random.default_rng(9))
    b = pl.play(config(), 32, np.random.default_rng(9))
    assert all((a[k] == b[k]).all() for k in a)


def test_seats_are_turn_order_ranks():
    out, _ = pl.play_games(config(4, ("greedy", "random", "random", "random")), 200, np.random.default_rng(2))
    res = pl.summarize(out, 4)
    starts = out[:, g.ST_START]
    assert len(set(starts)) == 4  # every seat starts sometimes
    pts = out[:, g.ST_POINTS:g.ST_POINTS + 4]
    assert (res["money"][:, 0] == pts[np.arange(200), starts]).all()
    assert res["money"][:, 0].mean() > res["money"][:, 1:].mean()  # the greedy start player outscores the random


def test_rule_sets_meet_the_same_luck():
    a, _ = pl.play_games(config(ducat_tie="none"), 64, np.random.default_rng(3))
    b, _ = pl.play_games(config(), 64, np.random.default_rng(3))
    assert (a[:, g.ST_START] == b[:, g.ST_START]).all()  # the same decks, so the same tiger search
    assert (a[:, g.ST_ACTS] == b[:, g.ST_ACTS]).all()  # ducat_tie changes only the scoring
    c, _ = pl.play_games(config(advanced_start="ten_ducats"), 64, np.random.default_rng(3))
    assert (a[:, g.ST_START] == c[:, g.ST_START]).all()
    assert (c[:, g.ST_POINTS:g.ST_POINTS + 4] != b[:, g.ST_POINTS:g.ST_POINTS + 4]).any()
