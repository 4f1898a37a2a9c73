"""Whole games through play.py: the balance contract's shapes, one win handed out per game, seats as turn-order
ranks from the worker stone (policies seated by rank), common random numbers across rule sets."""
import numpy as np

from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import play
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.policies import Policy


def config(players=4, kinds=("greedy",), **rules):
    return play.GameConfig(play.RuleSet(r.Settings(**rules)), players,
                           tuple(Policy(kinds[k % len(kinds)]) for k in range(players)))


def test_the_contract_shapes_and_one_win_a_game():
    for players in (2, 3, 4):
        out = play.play(config(players, ("random", "greedy")), 64, np.random.default_rng(1))
        assert out["credit"].shape == out["money"].shape == (64, players)
        assert np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (players, len(play.WHOLE.record.kinds))
        assert (out["rounds"] >= 1).all() and (out["capped"] == 0).all()
        assert (out["policy"] == np.arange(players)).all()


def test_the_seats_are_ranks_from_the_worker_stone():
    cfg = config(4, ("random", "greedy", "greedy", "greedy"))
    stats, _ = play.play_games(cfg, 200, np.random.default_rng(2))
    out = play.summarize(stats, 4)
    # rank 0 (the random player) takes cards to hand, the greedy ranks never do, wherever the stone fell
    assert out["actions"][0, g.A_TAKE] > 0 and (out["actions"][1:, g.A_TAKE] == 0).all()
    assert len(set(stats[:, g.ST_STONE])) == 4
    assert out["credit"][:, 0].mean() < 0.15  # random against three greedy players


def test_the_same_seed_gives_the_same_games_and_rule_sets_share_the_decks():
    a = play.play(config(), 32, np.random.default_rng(3))
    b = play.play(config(), 32, np.random.default_rng(3))
    assert all((a[k] == b[k]).all() for k in a)
    seeds = g.Chance(1, np.random.default_rng(4)).seeds
    decks = []
    for settings in (r.Settings(), r.Settings(upgrade_pairs="seed")):
        s = np.zeros(g.SSIZE, dtype=np.int64)
        g.run(g.settings_vector(settings, 4), seeds.copy(), np.zeros((1, g.STSIZE), dtype=np.int64), s,
              g.NEW_GAME, 0)
        decks.append(s[g.DK:g.DK + 4 * g.MAXD].copy())
    assert (decks[0] == decks[1]).all()
