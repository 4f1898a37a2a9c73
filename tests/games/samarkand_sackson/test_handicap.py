"""The seat handicap (`analyzer tune`): piasters added to each seat's start of 200 (seat 0 moves first), in the
engine's set-up and the reference's start position alike; a handicapped game replays in the reference."""
from dataclasses import replace

import numpy as np

from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import sim
from analyzer.games.samarkand_sackson import state as stt

HANDICAP = (0, 40, -60)


def test_the_handicap_reaches_the_start_money_in_engine_and_reference():
    settings = replace(r.Settings(), seat_handicap=HANDICAP)
    s, *_ = sim.start(3, settings, g.Chance(1, np.random.default_rng(3)).seeds)
    plain, *_ = sim.start(3, r.Settings(), g.Chance(1, np.random.default_rng(3)).seeds)
    assert [int(s[g.MONEY + q]) for q in range(3)] == [200, 240, 140]
    assert [int(plain[g.MONEY + q]) for q in range(3)] == [200, 200, 200]
    position = stt.start_position(3, np.random.default_rng(0), settings=settings)
    assert [q.money for q in position.seats] == [200, 240, 140]


def test_a_handicapped_game_agrees_with_the_reference():
    rows = sim.agreement(4, [(3, {"seat_handicap": HANDICAP}, ("greedy", "random"))], max_turns=60)
    assert rows and all(engine == ref for _, engine, ref in rows)
