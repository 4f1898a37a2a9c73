"""The seat handicap (`analyzer tune`): Dirham added to each seat's start of 10 (seat 0 moves first), in the
engine's set-up and the reference's start position alike."""
from dataclasses import replace

from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import state as stt
from analyzer.games.samarkand_queen import sim


def test_the_handicap_reaches_the_start_money_in_engine_and_reference():
    settings = replace(r.Settings(), seat_handicap=(0, 3, -4))
    s, _, _ = g.new_game(3, 1, r.DEFAULT_BOARD, settings)
    plain, _, _ = g.new_game(3, 1, r.DEFAULT_BOARD, r.Settings())
    assert [int(s[g.P_MONEY + p]) for p in range(3)] == [10, 13, 6]
    assert [int(plain[g.P_MONEY + p]) for p in range(3)] == [10, 10, 10]
    assert [q.money for q in stt.start_position(3, r.DEFAULT_BOARD, settings).seats] == [10, 13, 6]


def test_a_handicapped_game_agrees_with_the_reference():
    rows = sim.agreement(2, [(3, {"seat_handicap": (0, 3, -4)})], turn_cap=40)
    assert rows and all(engine == ref for _, engine, ref in rows)
