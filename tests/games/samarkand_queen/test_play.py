"""Rollouts from a position (`play.py`): hidden cards dealt uniformly from my unseen ones, common random
numbers across candidate actions and sell/keep, reproducible for a seed, probabilities where they are sure."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import play, sim
from analyzer.games.samarkand_queen import state as stt

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"
RUN = runner.RunSettings(rollouts=120, seed=7, progress=False, jobs=1)


def _position(name):
    return stt.parse_position(scenario.load(SCENARIOS / name))


def test_hidden_hands_are_dealt_uniformly_from_my_unseen_cards():
    p = _position("relationship.yaml")
    s0 = sim.state_vector(p)
    unseen = p.unseen(p.me)
    counts = np.zeros(g.NCARD + 1)
    rs = g.Chance(1, np.random.default_rng(1)).seeds[0]
    buf = np.zeros(g.NCARD, dtype=np.int64)
    n = 3000
    for _ in range(n):
        s = s0.copy()
        g.shuffle_hidden(s, p.me, rs, False, buf)
        loc = s[g.CLOC:g.CLOC + g.NCARD + 1]
        assert sorted(np.flatnonzero(loc == g.LOC_HAND + p.me)) == sorted(p.seats[p.me].hand)
        assert [(loc == g.LOC_HAND + q).sum() for q in range(4)] == [q.hand_count for q in p.seats]
        counts += loc == g.LOC_HAND + 1
    share = p.seats[1].hand_count / len(unseen)
    sd = np.sqrt(share * (1 - share) / n)
    assert all(abs(counts[c] / n - share) < 5 * sd for c in unseen)


def test_route_odds_are_reproducible_and_sure_where_the_route_is_there():
    p = _position("levant-start.yaml")
    goals = [("reach", 6, 16), ("meet", 6, 4)]
    a, done = play.route_odds(p, RUN, goals)
    b, _ = play.route_odds(p, RUN, goals)
    assert a == b and a["rollouts"] == 120 and done.seed == 7
    assert [x["goal"] for x in a["goals"]] == ["levant reaches goods space 16", "levant meets china"]
    assert all(x["lo95"] <= x["p"] <= x["hi95"] for x in a["goals"])
    assert sum(a["end"].values()) == pytest.approx(1) and sum(a["turns_left"].values()) == pytest.approx(1)


def test_action_values_share_the_games_of_every_action():
    p = _position("levant-start.yaml")
    first = ("extend", 6, (p.board.cell("3,3", "cell"),))
    out, _ = play.action_values(p, RUN, actions=[first, first, ("marry", 0)])
    same, other = out["actions"][1], out["actions"][2]
    assert same["diff_vs_first"] == 0 and same["ev"] == out["actions"][0]["ev"]
    assert out["actions"][0]["action"] == first and other["win_lo95"] <= other["win"] <= other["win_hi95"]


def test_sell_or_keep_compares_both_on_the_same_games():
    p = _position("levant-start.yaml")
    out, _ = play.sell_or_keep(p, RUN, 16)
    assert out["sell"] == 3 and out["diff"] == pytest.approx(out["ev_keep"] - out["ev_sell"])
    assert out["decision"] == ("keep" if out["diff"] > 0 else "sell" if out["diff"] < 0 else "either")
    assert 0 <= out["keep_value"] <= 8
    with pytest.raises(ValueError):
        play.sell_or_keep(p, RUN, 1)


def test_reach_probabilities_are_one_where_my_camel_stands_and_in_range_elsewhere():
    p = _position("relationship.yaml")  # Tomáš holds byzantium; his cards 5, 12, 30
    probs, done = play.reach_probabilities(p, RUN)
    assert set(probs) == {5, 12, 30} and all(0 <= v <= 1 for v in probs.values())
    cell = p.board.goods_cell[1]  # goods 1 is next to the Byzantine start: put a Byzantine camel on it
    camels = list(p.camels)
    camels[cell] = (0,)
    there = replace(p, camels=tuple(camels), goods_taken=p.goods_taken | {1})
    assert play.reach_probabilities(there, RUN, cards=[1], families=[0])[0] == {1: 1.0}
    assert play.reach_probabilities(there, RUN, cards=[1], families=[6])[0][1] <= 1.0
    default, done = play.reach_probabilities(p, None, cards=[12])
    assert done["n"] == play.REACH_ROLLOUTS and done.seed == 0


def test_a_finished_game_is_scored_as_it_stands():
    p = _position("levant-start.yaml")
    over = replace(p, turn=p.settings.turn_cap)
    out, _ = play.route_odds(over, RUN, [("reach", 6, 16)])
    assert out["turns_left"] == {0: 1.0} and out["end"]["capped"] == 1.0 and out["goals"][0]["p"] == 0.0
