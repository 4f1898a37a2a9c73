"""Hidden cards are dealt consistently with everything public: phase-I hands from the start sets and
the history, every standing bid a sum the bidder's hand can lay out (deal.py)."""
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import deal
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan.rules import legal_bids, rule_set
from analyzer.games.magellan.state import parse_position
from tests.games.magellan.helpers import scenario_from_game

BID = Path(__file__).resolve().parents[3] / "scenarios" / "magellan" / "bid.yaml"
START = np.ones(9, dtype=int)


def mid_game(seed: int, side: str, players: int, auctions: int, bids: str = "exact_sum") -> ref.Game:
    rng = np.random.default_rng(seed)
    rules = rule_set(side, bids=bids)
    g = ref.Game(rules, players, ref.Chance.random(rules, players, rng))
    ref.play(g, [pol.PRESETS["random"]] * players, auctions=auctions)
    return g


def counts(values) -> np.ndarray:
    return np.bincount(np.asarray(values, dtype=int) - 1, minlength=9) if len(values) else np.zeros(9, dtype=int)


def check(g: ref.Game, me: int, samples: int = 64, data: dict | None = None):
    data = data or scenario_from_game(g, me)
    state = parse_position(data)
    hands, pile, tucked = deal.sample(state, samples, np.random.default_rng(1))
    # sizes and known cards
    assert (hands.sum(2) == [h.size for h in state.hands]).all()
    for p, h in enumerate(state.hands):
        assert (hands[:, p] >= np.array(h.known)).all()
    assert (hands[:, me] == g.hands[me]).all()
    for p in g.open_hands:  # Cook A: face up
        assert (hands[:, p] == g.hands[p]).all()
    # every card somewhere: hands, pile, discard, and (hidden) stacks
    tucked_known = sum((np.array(s.tucked) for s in state.stacks if s.tucked is not None), np.zeros(9, int))
    hidden_tucks = sum(s.level for s in state.stacks if s.tucked is None)
    per_value = hands.sum(1) + pile + np.array(g.disc) + tucked_known
    assert (per_value.sum(1) + hidden_tucks == 63).all()
    assert (per_value <= 7).all()
    assert (pile.sum(1) == sum(g.pile)).all()
    assert state.draw_pile == sum(g.pile)
    for i, s in enumerate(state.stacks):
        if s.tucked is not None:
            assert (tucked[:, i] == np.array(s.tucked) @ np.array(g.rules.card_crowns)).all()
        else:
            assert ((tucked[:, i] >= s.level) & (tucked[:, i] <= 3 * s.level)).all()
    if g.phase == 1:  # a hand is the start set less what left it, plus at most its da Gama draws
        for p in range(g.players):
            h = g.history[p]
            out = counts(h["paid"]) + counts(h["discarded"])
            extra = np.maximum(hands[:, p] + out - START, 0).sum(1)
            assert (extra <= len(h["drew"])).all(), p
            if not h["drew"]:
                assert (hands[:, p] <= START).all()  # never two cards of one value
        law = deal.phase_one(state)
        for p in range(g.players):  # the true hand is one the law allows
            assert law.distribution(p).get(tuple(g.hands[p]), 0) > 0
    for p, amount in state.bids:
        for hand in hands[:, p]:
            assert legal_bids(hand, state.spare_needed(), state.rules.bids) >> amount & 1
    if any(not h.full for h in state.hands) and g.phase > 1:
        assert len({hands[i].tobytes() for i in range(samples)}) > 1
    return state, hands


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from("AB"), st.integers(3, 6), st.integers(0, 35))
def test_sampled_hands_fit_every_public_fact(seed, side, players, auctions):
    g = mid_game(seed, side, players, auctions)
    if g.phase > 3 or not g.deck or g.open_auction().to_act is None:
        return
    g.current = None
    check(g, me=g.open_auction().to_act)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from("AB"), st.integers(3, 6), st.integers(1, 17), st.data())
def test_phase_one_hands_come_from_the_start_sets_the_history_and_the_standing_bids(seed, side, players, auctions,
                                                                                   data):
    """The property the issue names: with a standing bid placed on top, no sampled hand contradicts the start
    set, the payments, the discards or the bids."""
    g = mid_game(seed, side, players, auctions)
    if g.phase != 1 or not g.deck:
        return
    a = g.open_auction()
    if a.to_act is None:
        return
    me = a.to_act
    scenario = scenario_from_game(g, me)
    others = [p for p in a.eligible if p != me]
    if others:  # someone after me holds a bid his hand can make (he bid last round; nobody passed)
        bidder = data.draw(st.sampled_from(others))
        legal = [b for b in range(1, 100) if g.legal(bidder, a.card) >> b & 1]
        if legal:
            amount = data.draw(st.sampled_from(legal))
            scenario["position"]["auction"].update(high_bid=amount, high_bidder=bidder, to_act=me,
                                                   passed=[p for p in range(players) if p not in a.eligible])
            scenario["position"]["auction"].pop("opener")
            # the players between the bidder and me have passed
            p = (bidder + 1) % players
            while p != me:
                scenario["position"]["auction"]["passed"].append(p)
                p = (p + 1) % players
    g.current = None
    try:
        check(g, me, data=scenario)
    except ScenarioError as exc:  # the only refusal allowed: the bid placed cannot be my own turn order
        assert "passed" in str(exc) or "to_act" in exc.field, exc


def test_bid_yaml_hands_never_hold_two_cards_of_a_value_without_a_draw():
    state = parse_position(yaml.safe_load(BID.read_text()))
    hands, pile, _ = deal.sample(state, 4000, np.random.default_rng(5))
    assert (hands[:, 2] == [1, 1, 1, 1, 1, 0, 1, 1, 0]).all()  # player 2 drew nothing and tucked nothing: known
    assert (hands[:, 3] <= 1).all() and (hands[:, 3].sum(1) == 5).all()  # his start set less 3 paid, 1 tucked
    assert (np.maximum(hands[:, 1] - 1, 0).sum(1) <= 1).all()  # one da Gama draw at most doubles a value
    assert (hands[:, 1] >= [1, 0, 1, 1, 0, 1, 1, 0, 1]).all()  # his start set less what he paid is all there
    assert pile.sum(1).min() == 27 - 1  # the 3 sets outside the start sets less player 1's draw


def test_the_law_of_a_phase_one_hand_is_exact():
    state = parse_position(yaml.safe_load(BID.read_text()))
    law = deal.phase_one(state)
    d1 = law.distribution(1)  # start set less 8 5 2, plus one card of the 27 outside the start sets (3 a value)
    assert sum(d1.values()) == 1 and len(d1) == 9
    assert all(p == Fraction(1, 9) for p in d1.values())
    d3 = law.distribution(3)  # start set less 7 3 2 = 1 4 5 6 8 9, one of them tucked face down
    assert len(d3) == 6 and all(p == Fraction(1, 6) for p in d3.values())
    hands, _, tucked = deal.sample(state, 6000, np.random.default_rng(2))
    tucked_value = np.argmax(START - counts([7, 3, 2]) - hands[:, 3] > 0, axis=1)  # the card missing from his hand
    share = np.bincount(tucked_value, minlength=9)[[0, 3, 4, 5, 7, 8]] / 6000
    crowns = np.array([3, 2, 2, 2, 1, 1])[np.searchsorted([0, 3, 4, 5, 7, 8], tucked_value)]
    assert (tucked[:, 1] == crowns).all()  # the stack holds exactly the card missing from the hand
    assert np.all(np.abs(share - 1 / 6) < 4 * np.sqrt(1 / 6 * 5 / 6 / 6000))


def test_a_standing_bid_is_always_one_the_bidder_can_lay_out():
    data = yaml.safe_load(BID.read_text())
    data["position"]["history"][3] = {"paid": [9, 8, 7]}  # player 3: 1 2 3 4 5 6 less one tucked
    data["position"]["auction"].update(high_bid=20, high_bidder=3, passed=[], to_act=0, opener=3, bids={})
    data["position"]["auction"]["passed"] = [1, 2]
    state = parse_position(data)
    hands, _, tucked = deal.sample(state, 500, np.random.default_rng(3))
    assert (hands[:, 3] @ np.arange(1, 10) == 20).all()  # only tucking the 1 leaves 20 (2+3+4+5+6)
    assert (tucked[:, 1] == 3).all()  # the 1 carries 3 crowns
    data["position"]["auction"]["high_bid"] = 21
    with pytest.raises(ScenarioError, match="bid of 21"):
        parse_position(data)


def test_later_phases_deal_only_hands_that_can_make_their_bids():
    g = mid_game(5, "A", 4, 20)
    assert g.phase == 2
    g.open_hands.clear()
    me = g.open_auction().to_act
    g.current = None
    data = scenario_from_game(g, me)
    bidder = next(p for p in range(4) if p != me and g.legal(p, g.card))
    hand = g.hands[bidder]
    amount = max(b for b in range(1, 100) if g.legal(bidder, g.card) >> b & 1)
    data["position"]["auction"] = {"card": data["position"]["auction"]["card"], "high_bid": amount,
                                   "high_bidder": bidder, "to_act": me,
                                   "passed": [p for p in range(4) if p not in (me, bidder)]}
    state = parse_position(data)
    hands, _, _ = deal.sample(state, 300, np.random.default_rng(3))
    for h in hands[:, bidder]:
        assert legal_bids(h, state.spare_needed()) >> amount & 1
    assert sum(hand) == hands[0, bidder].sum()
