"""core/engine.py: the stats record's readings and the summary by turn-order rank, on hand-made stats rows (the
engines themselves: tests/core/test_engine_answers.py and each game's tests)."""
from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from analyzer.core import engine

# a stats row: start seat, turns, end reason, 3 scores, then 3 seats x 2 action kinds
START, TURNS, END, POINTS, ACT = 0, 1, 2, 3, 6


def test_each_length_reads_its_column_as_declared():
    out = np.array([[0, 5, 1], [1, 8, 2], [2, 0, 0]])
    assert engine.Length("turns", 1).read(out, 4).tolist() == [5, 8, 0]
    assert engine.Length("rounds", 1, "rounds").read(out, 4).tolist() == [2, 2, 0]
    assert engine.Length("by two", 2, "equals", 2).read(out, 4).tolist() == [0, 1, 0]
    assert engine.Length("moved", 2, "positive").read(out, 4).tolist() == [1, 1, 0]
    assert engine.Length("all seats", 0, "seats", stride=2).read(out, 2).tolist() == [1, 3, 2]  # columns 0 and 2
    with pytest.raises(ValueError, match="how"):
        engine.Length("x", 0, "sometimes")


def test_action_counts_read_seat_by_seat_or_kind_by_kind():
    seat_major = np.arange(12).reshape(2, 6)  # seat 0 kinds 0 1, seat 1 kinds 0 1, seat 2 ...
    kind_major = seat_major.reshape(2, 3, 2).transpose(0, 2, 1).reshape(2, 6)
    a = engine.Record(0, 0, 0, ("a", "b"), 3, ()).action_counts(seat_major, 2)
    b = engine.Record(0, 0, 0, ("a", "b"), 3, (), kind_major=True).action_counts(kind_major, 2)
    assert a.shape == (2, 2, 2)
    np.testing.assert_array_equal(a, b)


@pytest.fixture
def whole():
    fake = types.ModuleType("fake_engine")
    fake.credit = lambda out, players: engine.shared_win(out[:, POINTS:POINTS + players])
    sys.modules["fake_engine"] = fake
    yield engine.WholeGames("fake_engine", engine.Record(
        START, POINTS, ACT, ("buy", "pass"), 3,
        (*engine.turns_and_rounds(TURNS), *engine.ended(END, {"capped": 9, "by the bag": 1}))))
    del sys.modules["fake_engine"]


def test_the_summary_is_by_turn_order_rank(whole):
    # game 0: seat 2 starts and wins alone; game 1: seat 0 starts, seats 0 and 1 tie
    out = np.array([[2, 7, 1, 3, 4, 9, 1, 0, 0, 1, 5, 6],
                    [0, 6, 9, 8, 8, 2, 0, 2, 3, 0, 0, 0]])
    res = whole.summarize(out, 3)
    np.testing.assert_array_equal(res["money"], [[9, 3, 4], [8, 8, 2]])
    np.testing.assert_array_equal(res["credit"], [[1, 0, 0], [0.5, 0.5, 0]])
    assert res["turns"].tolist() == [7, 6] and res["rounds"].tolist() == [3, 2]
    assert res["capped"].tolist() == [0, 1] and res["by the bag"].tolist() == [1, 0]
    np.testing.assert_array_equal(res["actions"], [[5 + 0, 6 + 2], [1 + 3, 0 + 0], [0 + 0, 1 + 0]])
    assert list(res) == ["credit", "money", "turns", "rounds", "capped", "by the bag", "actions"]


def launch(config, n, rng, seat_policy):
    """Two hand-made games by seat with the scores apart (no start column: seat 0 starts both)."""
    return {"stats": np.array([[7, 1, 0, 1, 2, 0, 5, 5], [6, 9, 3, 0, 0, 1, 0, 0]]),
            "scores": np.array([[4, 9], [8, 2]]), "credit": np.array([[0.0, 1.0], [1.0, 0.0]])}


def seat_kinds(games, config):
    return {"first seat's pass": games["stats"][:, 3]}


def test_a_launched_engine_is_summarized_by_seat_with_its_own_lengths():
    """An engine core's run does not drive (`launch`): credit and money from the launch, the seats as they sit,
    a per-seat count summed over the table, and the game's own lengths after the record's."""
    record = engine.Record(None, None, 2, ("buy", "pass"), 3, (
        engine.Length("turns", 0), engine.Length("buys", 2, "seats", stride=2)))
    whole = engine.WholeGames("numpy", record, slow_chunk=16, launch=launch, own=seat_kinds,
                              own_lengths=("first seat's pass",))
    config = engine.GameConfig(None, 2, (types.SimpleNamespace(kind="greedy"),) * 2, "rotate")
    res = whole.play(config, 2, np.random.default_rng(0))
    np.testing.assert_array_equal(res["money"], [[4, 9], [8, 2]])
    np.testing.assert_array_equal(res["credit"], [[0, 1], [1, 0]])
    assert res["turns"].tolist() == [7, 6] and res["buys"].tolist() == [2, 3]
    np.testing.assert_array_equal(res["actions"], [[3, 1], [2, 1]])
    assert res["first seat's pass"].tolist() == [1, 0]
    np.testing.assert_array_equal(res["policy"], [[0, 1], [1, 0]])
    assert whole.lengths == ("turns", "buys", "first seat's pass")
    random = engine.GameConfig(None, 2, (types.SimpleNamespace(kind="random"),) * 2)
    assert (whole.games_per_chunk(config), whole.games_per_chunk(random)) == (16, engine.CHUNK)
