"""The seat handicap (`analyzer tune`): points each turn-order rank starts with (printed: 0), read alike by the
engine and the reference; it counts where points do (the bar's payments, the final score)."""
from dataclasses import replace

import numpy as np

from analyzer.games.cafe_international import game, sim
from analyzer.games.cafe_international import reference_policies as rp
from analyzer.games.cafe_international.rules import DEFAULT_SETTINGS

POLICIES = ("greedy", "random", "greedy")


def _game(settings, turns):
    seeds = game.Chance(1, np.random.default_rng(11)).seeds[0]
    return sim.engine_game(settings, 3, POLICIES, seeds, turns)


def test_the_handicap_reaches_the_start_points_by_rank_in_engine_and_reference():
    handicapped = replace(DEFAULT_SETTINGS, seat_handicap=(0, 5, 9))
    record, snaps = _game(handicapped, 12)
    _, plain = _game(DEFAULT_SETTINGS, 12)
    start = snaps[0]["start"]
    assert [snaps[0]["scores"][(start + k) % 3] for k in range(3)] == [0, 5, 9]
    assert plain[0]["scores"] == (0, 0, 0) and plain[0]["start"] == start
    assert rp.play(handicapped, 3, POLICIES, record, 12) == snaps
