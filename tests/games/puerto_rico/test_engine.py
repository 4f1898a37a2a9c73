"""The engine's invariants over seeded whole games (every component conserved, every board legal, after every
round), its set-up, the same games whatever the batch split, and the question-4 start from a position."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico import sim


def check(snap, settings, players):
    up = r.setup(players, settings)
    P = range(players)
    goods = np.array(snap["goods_supply"]) + np.sum(snap["goods"], 0)
    for k in snap["trading_house"]:
        goods[k] += 1
    for cap, kind, load in snap["ships"]:
        assert 0 <= load <= cap and (kind >= 0) == (load > 0)
        if kind >= 0:
            goods[kind] += load
    assert tuple(goods) == settings.goods
    assert len({kind for _, kind, _ in snap["ships"] if kind >= 0}) == sum(k >= 0 for _, k, _ in snap["ships"])
    on_boards = sum(sum(snap["occupied"][q]) + sum(c for _, c in snap["buildings"][q]) + snap["san_juan"][q]
                    for q in P)
    assert snap["colonist_supply"] + snap["colonist_ship"] + on_boards == up.colonists + players
    tiles = np.bincount(snap["stack"], minlength=5) + np.array(snap["discard"]) + np.bincount(snap["display"],
                                                                                             minlength=5)
    tiles += np.sum(snap["plantations"], 0)[:5]
    extra = 0 if settings.start_tiles_from_pool else np.bincount(up.start_crops, minlength=5)
    assert tuple(tiles - extra) == settings.tiles
    assert snap["quarries"] + sum(snap["plantations"][q][5] for q in P) == settings.quarries
    assert snap["vp_supply"] + sum(snap["vp"]) == up.vp_chips
    owned = np.zeros(23, dtype=int)
    for q in P:
        assert snap["doubloons"][q] >= 0 and min(snap["goods"][q]) >= 0
        assert sum(snap["plantations"][q]) <= r.ISLAND_SPACES
        assert all(0 <= o <= t for o, t in zip(snap["occupied"][q], snap["plantations"][q]))
        spaces = 0
        for b, c in snap["buildings"][q]:
            owned[b] += 1
            spaces += r.BUILDINGS[b].size
            assert 0 <= c <= settings.buildings[b][3]
        assert spaces <= r.CITY_SPACES and snap["san_juan"][q] >= 0
    assert tuple(owned + snap["buildings_left"]) == tuple(row[2] for row in settings.buildings)
    assert len(snap["trading_house"]) < 4


GAMES = [(4, {}, ("random",)), (4, {}, ("greedy",)), (3, {}, ("greedy", "random")), (5, {}, ("random", "greedy")),
         (4, {"reshuffle": "merge"}, ("random",)), (5, {"start_tiles_from_pool": False}, ("greedy", "random")),
         (3, {"cost_floor": 1, "wharf_capacity": 4}, ("random",)), (4, {"start_crops": "all_corn"}, ("greedy",))]


@pytest.mark.parametrize("players,changes,names", GAMES)
def test_every_round_conserves_every_component_and_keeps_boards_legal(players, changes, names):
    settings = replace(r.Settings(), **changes)
    rng = np.random.default_rng(7)
    for _ in range(6):
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = sim.engine_game(settings, players, policies, g.Chance(1, rng).seeds[0])
        for snap in snaps:
            check(snap, settings, players)
        last = snaps[-1]
        assert last["ended"] and not last["capped"] and 8 <= last["round"] < 40
        assert record[0] == ("governor", snaps[0]["governor"])
        assert [k for kind, k in record if kind == "stack"][r.display_size(players):] == list(snaps[0]["stack"])


def test_the_setup_follows_the_spec():
    snap = sim.start(None, 4, ("greedy",) * 4, [5, 6, 7]).s
    snap = sim.snapshot(snap)
    gov = snap["governor"]
    crops = [snap["plantations"][(gov + k) % 4].index(1) for k in range(4)]
    assert crops == [r.INDIGO, r.INDIGO, r.CORN, r.CORN]
    assert snap["doubloons"] == (3,) * 4 and snap["colonist_ship"] == 4 and snap["colonist_supply"] == 75
    assert len(snap["display"]) == 5 and len(snap["stack"]) == 41 and snap["ships"][0] == (5, -1, 0)


def test_the_same_seed_gives_the_same_games_in_one_batch_or_two():
    seeds = g.Chance(64, np.random.default_rng(5)).seeds
    cfg = g.settings_vector(None, 4)
    pols = np.zeros((64, 4), dtype=np.int64)
    pols[:, 1::2] = 1
    whole = np.zeros((64, g.STSIZE), dtype=np.int64)
    g.run(cfg, seeds.copy(), whole, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME, pols=pols)
    parts = np.zeros_like(whole)
    for a in (0, 32):
        g.run(cfg, np.ascontiguousarray(seeds[a:a + 32]), parts[a:a + 32], np.zeros(g.SSIZE, dtype=np.int64),
              g.NEW_GAME, pols=np.ascontiguousarray(pols[a:a + 32]))
    assert (whole == parts).all()
    assert whole[:, g.ST_CAPPED].sum() == 0


def test_a_forced_first_role_is_taken_by_the_governor():
    seeds = g.Chance(32, np.random.default_rng(2)).seeds
    cfg = g.settings_vector(None, 3)
    out = np.zeros((32, g.STSIZE), dtype=np.int64)
    g.run(cfg, seeds, out, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME, 1, np.ones((32, 3), dtype=np.int64),
          force=g.TRADER)
    roles = out[:, g.ST_ROLE:g.ST_ROLE + 3 * 7].reshape(32, 3, 7)
    gov = out[:, g.ST_GOV]
    assert (roles[np.arange(32), gov, g.TRADER] == 1).all()


def batch_stats(players, names, n=96, seed=4):
    """n games from the set-up, policies by rank (names), on one seed: the engine's stats."""
    cfg = g.settings_vector(None, players)
    pols = np.tile(g.policy_codes([names[q % len(names)] for q in range(players)]), (n, 1))
    out = np.zeros((n, g.STSIZE), dtype=np.int64)
    g.run(cfg, g.Chance(n, np.random.default_rng(seed)).seeds, out, np.zeros(g.SSIZE, dtype=np.int64),
          g.NEW_GAME, pols=pols)
    return out


def test_noisy_at_epsilon_zero_plays_greedys_games_and_more_noise_changes_them():
    for players, a, b in ((4, ("noisy:0",), ("greedy",)), (3, ("noisy:0", "random"), ("greedy", "random")),
                          (5, ("random", "noisy:0", "greedy"), ("random", "greedy", "greedy"))):
        assert (batch_stats(players, a) == batch_stats(players, b)).all()
    greedy = batch_stats(4, ("greedy",))
    scores = slice(g.ST_SCORE, g.ST_SCORE + 4)
    changed = [(batch_stats(4, (f"noisy:{eps}",))[:, scores] != greedy[:, scores]).any(1).mean()
               for eps in (0.01, 0.1, 0.5)]
    assert 0 < changed[0] < changed[2] and changed[1] > 0.5  # one exploring decision in a game changes it
    noisy = batch_stats(4, ("noisy:0.1",))
    assert (noisy[:, g.ST_CAPPED] == 0).all() and not (noisy[:, scores] == greedy[:, scores]).all()


def test_noisy_coins_are_recorded_and_explore_at_the_rate_epsilon():
    rng = np.random.default_rng(8)
    coins = explored = 0
    for _ in range(6):
        record, snaps = sim.engine_game(None, 4, ("noisy:0.3", "greedy") * 2, g.Chance(1, rng).seeds[0])
        for snap in snaps:
            check(snap, r.Settings(), 4)
        assert snaps[-1]["ended"] and not snaps[-1]["capped"]
        for i, (kind, u) in enumerate(record):
            if kind == "coin":
                coins += 1
                assert 0 <= u < g.NOISE_SCALE
                if u < 300_000:
                    explored += 1
                    assert record[i + 1][0] == "choice"  # random's draw follows an exploring coin
        assert all(record[i - 1][0] == "coin" for i, (kind, _) in enumerate(record) if kind == "choice")
    assert coins > 300 and abs(explored / coins - 0.3) < 0.06
