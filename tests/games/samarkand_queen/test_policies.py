"""The player models: greedy's closed-form marriage value against enumeration, its tie rule, route-planner
reducing to greedy at weight 0, and reading policies from a scenario."""
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import sim
from analyzer.games.samarkand_queen import state as stt
from analyzer.games.samarkand_queen.policies import Policy, parse_policies, parse_policy


def brute_gain(hand, unseen, kmax):
    """E[best kept sum - hand sum] over every 3-subset: keep the top len(hand) + kmax of hand + drawn."""
    total = Fraction(0)
    subsets = list(combinations(unseen, 3))
    for drawn in subsets:
        pool = sorted(list(hand) + list(drawn), reverse=True)
        total += sum(pool[:len(hand) + kmax]) - sum(hand)
    return total / len(subsets)


def closed(hand, unseen, kmax):
    hv = np.zeros(40)
    hv[:len(hand)] = hand
    v = np.zeros(40)
    v[:len(unseen)] = unseen
    return g.expected_draw_gain(hv, len(hand), v, len(unseen), kmax)


def test_the_closed_form_draw_value_is_spec_11_3():
    """10 unseen values 8,4,4,1,1,1,0,0,0,0, old cards all worth at least 8, room for one: E[best] = 103/24."""
    assert closed([8, 9, 8], [8, 4, 4, 1, 1, 1, 0, 0, 0, 0], 1) == pytest.approx(103 / 24, abs=1e-12)


@pytest.mark.parametrize("seed", range(12))
def test_the_closed_form_draw_value_equals_enumeration(seed):
    rng = np.random.default_rng(seed)
    unseen = list(rng.choice([0, 1, 2, 4, 5, 8], size=int(rng.integers(3, 14))))
    hand = list(rng.choice([0, 1, 4, 8], size=int(rng.integers(0, 5))))
    for kmax in (1, 2, 3):
        assert closed(hand, unseen, kmax) == pytest.approx(float(brute_gain(hand, unseen, kmax)), abs=1e-9)


def _first_moves(policy, players=4, n=3):
    out = []
    for seed in range(n):
        seeds = g.Chance(1, np.random.default_rng(seed)).seeds
        s, bd, cfg, pols, pars = sim._start(players, r.Settings(), seeds, r.DEFAULT_BOARD)
        pols[:], pars[:] = g.policy_arrays([policy] * players, 1)
        trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
        sim.step(s, bd, cfg, pols, pars, seeds, 1, trace)
        out.append(sim.action_of(trace[0, g.TR_OPT:g.TR_OPT + 4]))
    return out


def test_greedy_breaks_ties_by_the_cheaper_dowry_then_the_lower_family_id():
    """At the set-up no card scores yet, so every marriage is worth -dowry: china (3) before egypt (3, id 5)."""
    assert _first_moves(Policy("greedy")) == [("marry", 4)] * 3


def test_route_planner_at_weight_zero_plays_exactly_like_greedy():
    a = g.play_games(None, None, 4, [Policy("greedy")] * 4, 60, np.random.default_rng(2))
    b = g.play_games(None, None, 4, [Policy("route-planner", 0.0)] * 4, 60, np.random.default_rng(2))
    c = g.play_games(None, None, 4, [Policy("route-planner", 1.0)] * 4, 60, np.random.default_rng(2))
    assert (a["scores"] == b["scores"]).all()
    assert not (a["scores"] == c["scores"]).all()


def test_greedy_sells_only_when_3_beats_the_cards_score():
    """A greedy holder of card 16 (no Levant tile) sells when a Levant camel reaches its space first."""
    p = stt.start_position(3, r.DEFAULT_BOARD, r.Settings(), hands=[[1, 2], [16, 20], [3, 4]])
    fams = list(p.families)
    fams[6] = replace(fams[6], treasury=5, tiles_left=1)
    seats = list(p.seats)
    seats[0] = replace(seats[0], tiles=(6,))
    p = replace(p, families=tuple(fams), seats=tuple(seats))
    s = sim.state_vector(p)
    bd = g.board_vector(p.board)
    cfg = g.settings_vector(p.settings, 3)
    cell = p.board.goods_cell[16]
    row = np.array([g.T_EXT1, 6, cell, -1], dtype=np.int64)
    seeds = g.Chance(1, np.random.default_rng(0)).seeds
    pols, pars = g.policy_arrays([Policy("greedy")] * 3, 1)
    trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
    g.batch(s, False, -1, -1, row, 1, bd, cfg, pols, pars, seeds, np.zeros((1, 3), dtype=np.int64),
            np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_GOALS, np.zeros((1, 0), dtype=np.int64), trace)
    assert trace[0, g.TR_SELL] == 16 and trace[0, g.TR_SELL + 1] == 1
    after = sim.position_of(s, p)
    assert after.seats[1].sold == (16,) and after.seats[1].money == 13 and after.seats[0].goods_markers == (16,)


def test_policies_read_from_a_scenario():
    assert parse_policies(None, "policies", 3) == (Policy("greedy"),) * 3
    mixed = parse_policies(["random", {"kind": "route-planner", "plan_weight": 2}], "policies", 2)
    assert [p.label for p in mixed] == ["random", "route-planner(plan_weight=2)"]
    assert all(p.describe() for p in mixed)
    for bad, field in (("smart", "policies"), ({"kind": "route-planner", "plan_weight": -1}, "policies.plan_weight"),
                       ({"kind": "greedy", "beta": 1}, "policies")):
        with pytest.raises(ScenarioError) as err:
            parse_policy(bad, "policies")
        assert err.value.field.startswith(field)
    with pytest.raises(ScenarioError):
        parse_policies(["random"], "policies", 3)
