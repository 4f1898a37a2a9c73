"""Phase I hands come from the start sets: every player starts with one 1-9 set, and until the end of phase
I only da Gama's draws join a hand and only payments, Cook B's discards and Magellan A's tucks leave it
(`position.history`).  Hand sizes are bounded by the phase in every phase."""
import copy
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import yaml

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import deal
from analyzer.games.magellan.state import max_hand, parse_position

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "magellan"
BID = yaml.safe_load((ROOT / "bid.yaml").read_text())


def position(**changes) -> dict:
    data = copy.deepcopy(BID)
    data["position"].update(changes)
    return data


def refused(data, field, *words):
    with pytest.raises(ScenarioError) as exc:
        parse_position(data)
    assert exc.value.field == field, exc.value
    for word in words:
        assert word in str(exc.value), exc.value
    return exc.value


def test_the_hands_follow_from_the_history():
    state = parse_position(BID)
    assert [h.size for h in state.hands] == [4, 7, 7, 5]  # 9 + draws - paid - tucked
    assert state.hands[2].full and state.hands[2].known == (1, 1, 1, 1, 1, 0, 1, 1, 0)  # nothing hidden: known
    assert not state.hands[1].full and not state.hands[3].full  # a hidden draw; a face-down tuck
    assert state.discard == (0, 2, 1, 1, 2, 1, 2, 1, 2)  # what they paid, less nothing tucked face up
    assert state.draw_pile == 27 - 1


def test_a_twelve_card_phase_one_hand_is_refused():
    data = position()
    data["position"]["hands"][1] = 12
    refused(data, "position.hands.1", "12 card", "holds 7")
    data = position()
    del data["position"]["history"]
    data["position"]["hands"] = {0: [1, 2, 6, 8], 1: 7, 2: 7, 3: 5}
    refused(data, "position.history.1", "missing", "paid")


def test_a_player_who_won_nothing_holds_his_start_set():
    data = position(ships={"polo": [[1, 2]], "gama": [[1]], "colombo": [[2]], "magellan": [[0]]},
                    magellan=[{"owner": 0, "tucked": [3]}])
    data["position"]["history"][3] = {}
    data["position"]["auction"]["passed"] = [3]
    state = parse_position(data)
    assert state.hands[3].full and state.hands[3].known == (1,) * 9
    data["position"]["history"][3] = {"paid": [7]}
    refused(data, "position.history.3.paid", "won no card")


def test_the_discard_pile_is_what_was_paid_and_discarded():
    data = position(discard=[2, 2, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9])
    parse_position(data)
    data["position"]["discard"] = [2, 2, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 9]
    refused(data, "position.discard", "paid and discarded")


def test_paying_two_cards_of_a_value_needs_a_draw_of_it():
    data = position()
    data["position"]["history"][2] = {"paid": [9, 9]}  # one 9 in his start set, and no da Gama draw
    refused(data, "position.history.2", "more cards of a value")
    data = position()
    data["position"]["history"][1] = {"paid": [8, 8, 2]}  # his da Gama draw must have been the second 8
    state = parse_position(data)
    law = deal.phase_one(state).distribution(1)
    assert law == {(1, 0, 1, 1, 1, 1, 1, 0, 1): Fraction(1)}
    hands, pile, _ = deal.sample(state, 50, np.random.default_rng(0))
    assert (hands[:, 1] == [1, 0, 1, 1, 1, 1, 1, 0, 1]).all() and (pile[:, 7] == 2).all()


def test_draws_and_discards_are_counted_from_the_board():
    data = position()
    data["position"]["history"][1] = {"paid": [8, 5, 2], "drew": 2}
    refused(data, "position.history.1.drew", "drew 1 card")
    data["position"]["history"][1] = {"paid": [8, 5, 2], "drew": [4]}  # known: his hand is then known
    state = parse_position(data)
    assert state.hands[1].full and state.hands[1].known == (1, 0, 1, 2, 0, 1, 1, 0, 1)
    data = position()
    data["position"]["history"][2] = {"paid": [9, 6], "discarded": [5]}
    refused(data, "position.history.2.discarded", "Cook B 0 time")


def test_a_full_hand_with_no_draw_needs_no_history():
    data = position()
    del data["position"]["history"][0]  # my own: my hand and my face-up tuck say what I paid
    state = parse_position(data)
    assert state.history[0].paid == (0, 0, 0, 1, 1, 0, 1, 0, 1)
    data["position"]["hands"][0] = [1, 2, 6, 8, 8]  # two 8s, and no da Gama draw
    refused(data, "position.hands.0", "start set")


def test_history_is_read_in_phase_one_only():
    auction = yaml.safe_load((ROOT / "auction.yaml").read_text())
    auction["position"]["history"] = {0: {"paid": [3]}}
    refused(auction, "position.history", "phase I only")


def test_later_hands_are_bounded_by_the_phase():
    auction = yaml.safe_load((ROOT / "auction.yaml").read_text())
    state = parse_position(auction)
    # player 0: 9 + 2 drawn after phase I, Polo's bag (1); less a card for each of Polo, Colombo, Magellan and
    # two for each of his two Cook B cards (a card paid and one discarded)
    assert max_hand(state, 0) == 5
    auction["position"]["hands"][0] = {"size": 6, "known": [9, 2]}
    refused(auction, "position.hands.0", "at most 5")
