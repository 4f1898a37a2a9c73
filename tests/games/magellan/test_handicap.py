"""The seat handicap (`analyzer tune`): gold cards each turn-order rank (rank 0 opens the first auction) draws
at the start on top of its 1-9 set, in the batched engine and the reference alike."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import rule_set

NAMES = ("value", "eager", "random", "thrifty")


def test_the_handicap_reaches_the_start_hands_and_the_engine_agrees_with_the_reference():
    rules = replace(rule_set("A"), start_player=1, seat_handicap=(0, 2, 0, 3))
    policies = [pol.PRESETS[name] for name in NAMES]
    rng = np.random.default_rng(9)
    chance, per_game = ref.same_chance(rules, 4, 6, rng)
    start = sim.Games.setup(sim.Tables(rules, policies), 6, rng, chance)
    assert (start.hand.sum(2) == np.array([12, 9, 11, 9])).all()  # the opener is seat 1: ranks 1 and 3 are seats 2, 0
    assert (start.gold == (start.hand * np.arange(1, 10)).sum(2)).all()
    played = start.play()
    for i, c in enumerate(per_game):
        game = ref.Game(rules, 4, c)
        assert [sum(h) for h in game.hands] == [12, 9, 11, 9]
        scores = ref.play(game, policies)
        assert (played.score[i].tolist(), played.bids[i].tolist()) == (scores, game.bids)


@pytest.mark.parametrize("handicap, match", [((0, 0, 1), "seat_handicap"), ((0, -1, 0, 0), r"seat_handicap\[1\]"),
                                              ((0, 0, 10, 0), r"seat_handicap\[2\]")])
def test_a_bad_handicap_is_refused(handicap, match):
    with pytest.raises(ScenarioError, match=match):
        replace(rule_set("A"), seat_handicap=handicap).extra_cards(4)
