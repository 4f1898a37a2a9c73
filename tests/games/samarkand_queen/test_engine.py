"""The numba engine (`game.py`) against the readable reference, and the rules it must hold by hand-stepped
positions: the Levant start counts (spec §11.6), the hand limit, the turn cap, common random numbers."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import reference as ref
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import sim
from analyzer.games.samarkand_queen import state as stt
from analyzer.games.samarkand_queen.policies import Policy

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"
LEVANT = 6


def test_the_engine_equals_the_reference_turn_by_turn_in_every_reading():
    """Every reading, whole random games (seed 11; the conformance suite's `engine_agrees` plays seed 4)."""
    checks = sim.agreement(11)
    assert len(checks) > 500
    ends = {engine for what, engine, _ in checks if what.endswith(": the end")}
    assert ends == {"all_related", "five_relationships", "capped"}
    for what, engine, reference in checks:
        assert engine == reference, what


def _levant_start(second_camel):
    settings = replace(r.Settings(), second_camel=second_camel)
    p = stt.start_position(3, r.DEFAULT_BOARD, settings, hands=[[16, 20], [1, 2], [3, 4]])
    fams = list(p.families)
    fams[LEVANT] = replace(fams[LEVANT], treasury=5, tiles_left=1)
    seats = list(p.seats)
    seats[0] = replace(seats[0], tiles=(LEVANT,), money=5)
    return replace(p, families=tuple(fams), seats=tuple(seats))


@pytest.mark.parametrize("rule,pairs", [("not_adjacent_to_first", 9), ("old_route_only", 15), ("free", None)])
def test_levant_at_the_start_has_6_single_and_9_double_placements_spec_11_6(rule, pairs):
    p = _levant_start(rule)
    s = sim.state_vector(p)
    acts = sim.legal_actions(s, g.board_vector(p.board), g.settings_vector(p.settings, 3))
    levant = [a for a in acts if a[0] == "extend" and a[1] == LEVANT]
    singles = [a for a in levant if len(a[2]) == 1]
    doubles = [a for a in levant if len(a[2]) == 2]
    assert len(singles) == 6
    assert len(doubles) == (pairs if pairs is not None else sum(1 for a in ref.legal_actions(p)
                                                                if a[0] == "extend" and len(a[2]) == 2))
    assert sorted(acts) == sorted(ref.legal_actions(p))


def _forced_turn(p, action, seed=0):
    """One turn of the engine from position p with `action` forced (random sales / keeps from the seed)."""
    s = sim.state_vector(p)
    bd = g.board_vector(p.board)
    cfg = g.settings_vector(p.settings, p.players)
    trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
    seeds = g.Chance(1, np.random.default_rng(seed)).seeds
    P = p.players
    g.batch(s, False, -1, -1, _row(action), 1, bd, cfg,
            np.zeros((1, P), dtype=np.int64), np.zeros((1, P)), seeds, np.zeros((1, P), dtype=np.int64),
            np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_GOALS, np.zeros((1, 0), dtype=np.int64), trace)
    return s, trace[0]


def _row(action):
    from analyzer.games.samarkand_queen.play import _option_row

    return _option_row(action)


def _known_hands(p):
    """p with every hidden hand filled from the unseen cards (lowest first) and the pile count kept."""
    free = [c for c in p.unseen(p.me) if all(c not in (q.hand or ()) for q in p.seats)]
    seats = []
    for q in p.seats:
        if q.hand is None:
            q = replace(q, hand=tuple(sorted(free[:q.hand_count])))
            free = free[q.hand_count:]
        seats.append(q)
    return replace(p, seats=tuple(seats))


@pytest.mark.parametrize("name", ["relationship.yaml", "levant-start.yaml", "sell-midgame.yaml"])
def test_every_extension_of_a_shipped_position_matches_the_reference(name):
    p = _known_hands(stt.parse_position(scenario.load(SCENARIOS / name)))
    like = p
    for action in ref.legal_actions(p):
        if action[0] != "extend":
            continue
        s, row = _forced_turn(p, action)
        sells = {int(row[g.TR_SELL + 2 * i]): bool(row[g.TR_SELL + 2 * i + 1]) for i in range(2)
                 if row[g.TR_SELL + 2 * i] > 0}
        expected = ref.apply(p, action, sells=sells)
        assert sim.canonical(sim.position_of(s, like)) == sim.canonical(expected), action


def test_the_rulebook_meeting_pays_3_and_1_and_gives_both_markers():
    """Spec §11.4: Tomáš (Byzantium) puts a camel on a Levant space: +3 and 2 markers for him, +1 for Petra."""
    p = _known_hands(stt.parse_position(scenario.load(SCENARIOS / "relationship.yaml")))
    moves = [a for a in ref.legal_actions(p) if a[0] == "extend" and a[1] == 0 and len(a[2]) == 1
             and LEVANT in p.camels[a[2][0]] and not p.board.is_water[a[2][0]]]
    assert moves, "a Byzantine camel can reach a Levant space"
    s, _ = _forced_turn(p, moves[0])
    after = sim.position_of(s, p)
    assert after.seats[0].money - p.seats[0].money == 3 and after.seats[0].relationships == 2
    assert after.seats[1].money - p.seats[1].money == 1
    assert (0, LEVANT) in after.met


@pytest.mark.parametrize("hand,sold,grows", [(6, 1, 0), (5, 1, 1), (6, 0, 1), (3, 0, 3)])
def test_a_marriage_keeps_at_least_one_more_card_within_the_limit(hand, sold, grows):
    """4 players, limit 7: h + s = L draws nothing; h + s = L - 1 grows by exactly one (Filip's example)."""
    p = stt.start_position(4, r.DEFAULT_BOARD, r.Settings(), hands=[[1, 2], [3, 4], [5, 6], [7, 8]])
    mine = tuple(range(10, 10 + hand))
    seats = list(p.seats)
    seats[0] = replace(seats[0], hand=mine, hand_count=hand, sold=tuple(range(20, 20 + sold)))
    p = replace(p, seats=tuple(seats), pile_count=p.pile_count - hand - sold + 2)
    for seed in range(4):
        s, row = _forced_turn(p, ("marry", 4), seed)
        after = sim.position_of(s, p)
        if grows == 0:
            assert after.seats[0].hand == mine and row[g.TR_ND] == -1
        elif grows == 1:
            assert len(after.seats[0].hand) == hand + 1
        else:
            assert hand + 1 <= len(after.seats[0].hand) <= hand + 3


def test_games_that_reach_the_turn_cap_are_stopped_and_counted_apart():
    settings = replace(r.Settings(), turn_cap=20)
    out = g.play_games(None, settings, 4, [Policy("random")] * 4, 50, np.random.default_rng(3))
    assert (out["stats"][:, g.ST_END] == 3).all() and (out["stats"][:, g.ST_TURNS] == 20).all()
    full = g.play_games(None, None, 4, [Policy("random")] * 4, 200, np.random.default_rng(3))
    assert (full["stats"][:, g.ST_END] != 3).all() and set(full["stats"][:, g.ST_END]) <= {1, 2}


def test_rule_sets_meet_the_same_deal_and_bag_common_random_numbers():
    seeds = g.Chance(1, np.random.default_rng(5)).seeds
    a = sim._start(2, r.Settings(), seeds.copy(), r.DEFAULT_BOARD)[0]
    b = sim._start(2, replace(r.Settings(), bag_tile="drawer_married", bonus_scope="first_per_family"),
                   seeds.copy(), r.DEFAULT_BOARD)[0]
    assert (a == b).all()
    five = sim._start(5, r.Settings(), seeds.copy(), r.DEFAULT_BOARD)[0]
    assert (five[g.PILE:g.PILE + 33] == a[g.PILE:g.PILE + 33]).any()


def test_whole_games_count_their_actions_and_scores_by_source():
    for players in (2, 3, 5):
        out = g.play_games(None, None, players, [Policy("random")] * players, 40, np.random.default_rng(players))
        st = out["stats"]
        acts = st[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NKINDS].reshape(40, g.MAXP, g.NKINDS)
        assert (acts[:, :, :4].sum((1, 2)) == st[:, g.ST_TURNS]).all()
        vp = st[:, g.ST_VP:g.ST_VP + 4 * g.MAXP].reshape(40, g.MAXP, 4)[:, :players].sum(2)
        assert (vp == out["scores"]).all()
        np.testing.assert_allclose(out["credit"].sum(1), 1.0)


def test_the_first_bag_tile_goes_to_its_domain_one_time_in_ten_spec_11_5():
    """Two players: after the game's first marriage the bag tile returns only if it is that family's (1/10)."""
    n, back = 2000, 0
    rng = np.random.default_rng(8)
    for _ in range(n):
        seeds = g.Chance(1, rng).seeds
        s, bd, cfg, pols, pars = sim._start(2, r.Settings(), seeds, r.DEFAULT_BOARD)
        trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
        sim.step(s, bd, cfg, pols, pars, seeds, 1, trace)
        assert trace[0, g.TR_OPT] == g.T_MARRY and trace[0, g.TR_BAG] >= 0
        back += int(s[g.F_OUT:g.F_OUT + g.NF].sum() == 0)
    half = 1.96 * np.sqrt(0.1 * 0.9 / n)
    assert abs(back / n - 0.1) < half * 1.5
