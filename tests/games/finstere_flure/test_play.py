"""Whole games through play.py (the balance contract's arrays, by turn-order rank, common random numbers) and the
escape rollouts of question 3 (deterministic given the Generator, counts that make sense on hand-made
positions)."""
from dataclasses import replace

import numpy as np

from analyzer.games.finstere_flure import play as pl
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure import state
from analyzer.games.finstere_flure.policies import Policy


def config(players=4, kind="random", **changes):
    return pl.GameConfig(pl.RuleSet(replace(r.Settings(), **changes)), players, (Policy(kind),) * players)


def test_play_gives_the_balance_contract_by_turn_order_rank():
    res = pl.play(config(5, "greedy"), 64, np.random.default_rng(2))
    assert res["credit"].shape == (64, 5) and np.allclose(res["credit"].sum(1), 1)
    assert res["actions"].shape == (5, len(pl.WHOLE.record.kinds)) and set(pl.WHOLE.record.length_names) <= set(res)
    assert (res["actions"][:, 0] == res["money"].sum(0)).all()
    ends = res["won by escaping"] + res["stage 2 emptied"] + res["stage 2 cards out"] + res["capped"]
    assert (ends == 1).all()


def test_rule_sets_meet_the_same_luck():
    """stage_cards 7 changes nothing before stage 1's 7th card: the first 6 rounds' games that end early agree."""
    a = pl.play(config(), 200, np.random.default_rng(9))
    b = pl.play(config(stage_cards=7), 200, np.random.default_rng(9))
    early = (a["rounds"] <= 6) & (a["won by escaping"] == 1)
    assert (a["credit"][early] == b["credit"][early]).all()


def position(figures, **fields):
    data = {"game": "finstere_flure", "players": 2,
            "position": {"me": 0, "stage": 1, "round": 4, "cards_left": ["5", "7", "8", "10", "X2"],
                         "monster": {"pos": [15, 0], "facing": "S"}, "start_player": 0, "to_move": 0,
                         "figures": figures, **fields}}
    return state.parse_position(data)


FIGS = [{"owner": 0, "stone": "6/1", "pos": [3, 0], "moved": False},
        {"owner": 0, "stone": "4/3", "pos": [8, 5], "moved": False},
        {"owner": 1, "stone": "6/1", "pos": [12, 8], "moved": False},
        {"owner": 1, "stone": "3/4", "pos": "off", "moved": False}]


def test_escape_is_deterministic_and_a_figure_beside_the_exit_gets_out_at_once():
    p = position(FIGS)
    a = pl.escape(p, 0, 3, 200, np.random.default_rng(4))
    assert a == pl.escape(p, 0, 3, 200, np.random.default_rng(4))
    assert a["games"] == 200 and a["escaped_1"] == 200 == a["escaped_3"] and a["caught_stage1"] == 0


def test_escape_counts_grow_with_k():
    p = position(FIGS)
    c = pl.escape(p, 1, 4, 300, np.random.default_rng(5))
    k = [c[f"escaped_{i}"] for i in range(1, 5)]
    assert k == sorted(k) and 0 <= c["caught_stage1"] <= 300 and c["capped"] == 0
