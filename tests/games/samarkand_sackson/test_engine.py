"""The numba engine (`game.py`) against the readable reference: move for move on the engine's recorded chance in
every §10 reading, in distribution with random players, and the engine's own bookkeeping (turn cap, credit,
common random numbers, the spec's die reference figure)."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import reference as ref
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import sim
from analyzer.games.samarkand_sackson.policies import Policy


@pytest.mark.parametrize("seed", [11, 12])
def test_the_engine_equals_the_reference_turn_by_turn_in_every_reading(seed):
    """Every reading of sim.READINGS (all of spec §10), random, greedy and collector seats, whole games."""
    checks = sim.agreement(seed, max_turns=250)
    assert len(checks) > 800
    for what, engine, reference in checks:
        assert engine == reference, what
    ends = {engine for what, engine, _ in checks if what.endswith(": the end")}
    assert {"won", "last_standing"} <= ends
    text = {k: " ".join(w for w, _, _ in checks if w.startswith(f"game {k} ")) for k in range(len(sim.READINGS))}
    assert "bought:" in text[8] and any(f"'full_camp', {i}," in text[8] for i in range(10))  # choice, pay_all
    assert "'penalty'" in text[9] and "'discards': [{" in text[9]  # penalty cubes out of play, the empty bag
    assert all("'chain'" in text[k] for k in (0, 1, 2)) and "'chain'" not in text[3]  # extra_move off in game 3


def test_the_engine_and_the_reference_play_random_games_alike():
    """Random players on both sides (the reference's UniformDecider and RandomChance): the mean game length and
    the first seat's win share agree within their 95% intervals (4 players)."""
    rng = np.random.default_rng(5)
    turns, first = [], []
    for _ in range(200):
        t = ref.new_game(4, rng)
        ref.play_game(t, ref.RandomChance(rng), ref.UniformDecider(rng))
        turns.append(t.turn)
        first.append(t.winner == 0)
    out = g.play_games(None, None, 4, [Policy("random")] * 4, 2000, np.random.default_rng(6))
    et = out["stats"][:, g.ST_TURNS]
    se = np.sqrt(np.var(turns) / len(turns) + et.var() / len(et))
    assert abs(np.mean(turns) - et.mean()) < 3 * se
    ef = out["credit"][:, 0].mean()
    se = np.sqrt(np.mean(first) * (1 - np.mean(first)) / len(first) + ef * (1 - ef) / len(et))
    assert abs(np.mean(first) - ef) < 3 * se


def test_the_die_from_c2_lands_as_spec_11_6():
    b = r.DEFAULT_BOARD
    bd = g.board_vector(b)
    c2 = b.space("c2", "x")
    succ = [int(v) for v in bd[g.B_OUT + c2 * g.MAXDEG:g.B_OUT + c2 * g.MAXDEG + bd[g.B_NOUT + c2]]]
    assert sorted(b.space_ids[y] for y in succ) == ["b2", "c1"]
    pred = [int(v) for v in bd[g.B_IN + c2 * g.MAXDEG:g.B_IN + c2 * g.MAXDEG + bd[g.B_NIN + c2]]]
    assert sorted(b.space_ids[y] for y in pred) == ["c3", "d2"]  # the back face
    assert bd[g.B_DIST + c2 * g.MAXS + b.space("d1", "x")] == 2


def test_games_that_reach_the_turn_cap_are_stopped_credited_to_the_richest_and_counted_apart():
    settings = replace(r.Settings(), turn_cap=30)
    out = g.play_games(None, settings, 4, [Policy("greedy")] * 4, 64, np.random.default_rng(3))
    st = out["stats"]
    capped = st[:, g.ST_END] == g.E_CAPPED
    assert capped.any() and (st[capped, g.ST_TURNS] == 30).all() and (st[capped, g.ST_WINNER] == -1).all()
    money = st[capped][:, g.ST_MONEY:g.ST_MONEY + 4]
    rich = money == money.max(1, keepdims=True)
    np.testing.assert_allclose(out["credit"][capped], rich / rich.sum(1, keepdims=True))
    np.testing.assert_allclose(out["credit"].sum(1), 1.0)


def test_whole_games_count_every_turn_and_hand_out_one_win():
    for players in (2, 3, 5):
        for kind in ("random", "greedy", "collector"):
            out = g.play_games(None, None, players, [Policy(kind)] * players, 20, np.random.default_rng(players))
            st = out["stats"]
            acts = st[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(20, g.MAXP, g.NACT)
            moves = acts[:, :, [g.A_STEP, g.A_DIE]].sum((1, 2))
            assert (moves == st[:, g.ST_MYT:g.ST_MYT + g.MAXP].sum(1)).all()
            np.testing.assert_allclose(out["credit"].sum(1), 1.0)
            won = st[:, g.ST_END] == g.E_WON
            assert (st[won, g.ST_MONEY + 0] * 0 + st[won][np.arange(won.sum()), g.ST_MONEY + st[won, g.ST_WINNER]]
                    >= r.WIN).all()


def test_rule_sets_meet_the_same_set_up_common_random_numbers():
    seeds = g.Chance(1, np.random.default_rng(5)).seeds
    a = sim.start(4, r.Settings(), seeds.copy())[0]
    b = sim.start(4, replace(r.Settings(), market_disc="step_down", extra_move=False), seeds.copy())[0]
    c = sim.start(4, r.Settings(), seeds.copy(), policies=("greedy",))[0]
    assert (a[:g.DISC] == b[:g.DISC]).all() and (a == c).all()


def test_fixed_start_spaces_are_kept_and_random_ones_cover_the_board():
    b = r.DEFAULT_BOARD
    starts = g.start_array([b.space("d1", "x"), -1], 400, 2)
    out = g.play_games(None, None, 2, [Policy("random")] * 2, 400, np.random.default_rng(1), starts=starts)
    st = out["stats"]
    assert (st[:, g.ST_START] == b.space("d1", "x")).all()
    assert len(set(st[:, g.ST_START + 1])) == b.spaces
    free = g.play_games(None, None, 2, [Policy("random")] * 2, 400, np.random.default_rng(1))["stats"]
    assert (free[:, g.ST_START + 1] == st[:, g.ST_START + 1]).all()  # the fixed seat leaves the others' draws alone
