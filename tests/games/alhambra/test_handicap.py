"""The seat handicap (`analyzer tune`): after the start deal names the start player, each turn-order rank is dealt
on, a card at a time, until its money has grown by its handicap; engine and reference alike."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import game, sim
from analyzer.games.alhambra import reference_policies as rp
from analyzer.games.alhambra.rules import DEFAULT_SETTINGS

POLICIES = ("greedy", "random", "greedy")


def _game(settings, turns):
    seeds = game.Chance(1, np.random.default_rng(5)).seeds[0]
    return sim.engine_game(settings, 3, POLICIES, seeds, turns)


def _totals(snap):
    start = snap["to_move"]  # the start player moves first
    return [sum(v for _, v in snap["hands"][(start + k) % 3]) for k in range(3)], start


def test_the_handicap_deals_more_money_by_rank_in_engine_and_reference():
    handicapped = replace(DEFAULT_SETTINGS, seat_handicap=(0, 4, 9))
    record, snaps = _game(handicapped, 10)
    _, plain = _game(DEFAULT_SETTINGS, 10)
    (given, start), (printed, plain_start) = _totals(snaps[0]), _totals(plain[0])
    assert start == plain_start and given[0] == printed[0] and all(v >= 20 for v in printed)
    assert printed[1] + 4 <= given[1] < printed[1] + 4 + 9 and printed[2] + 9 <= given[2] < printed[2] + 9 + 9
    assert snaps[0]["deck_left"] < plain[0]["deck_left"]
    assert rp.play(handicapped, 3, POLICIES, record, 10) == snaps


@pytest.mark.parametrize("handicap, match", [((0, -1, 0), r"seat_handicap\[1\]"), ((0, 0, 21), r"seat_handicap\[2\]")])
def test_a_handicap_only_adds_and_at_most_another_start_deal(handicap, match):
    with pytest.raises(ScenarioError, match=match):
        game.settings_vector(replace(DEFAULT_SETTINGS, seat_handicap=handicap), 3)
