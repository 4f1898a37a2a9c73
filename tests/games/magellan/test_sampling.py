"""Hidden cards are sampled consistently with everything public."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import rule_set
from analyzer.games.magellan.state import parse_position
from tests.games.magellan.helpers import scenario_from_game


def mid_game(seed: int, side: str, players: int, auctions: int) -> ref.Game:
    rng = np.random.default_rng(seed)
    rules = rule_set(side)
    g = ref.Game(rules, players, ref.Chance.random(rules, players, rng))
    ref.play(g, [pol.PRESETS["random"]] * players, auctions=auctions)
    return g


def check(g: ref.Game, me: int, samples: int = 64, bid: int = 0):
    data = scenario_from_game(g, me)
    state = parse_position(data)
    rng = np.random.default_rng(1)
    hands, pile, tucked = sim.sample_hidden(state, samples, rng)
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
    # the true deal is a possible sample: its size pattern fits
    assert state.draw_pile == sum(g.pile)
    # tucked crowns: known stacks exactly, hidden ones within bounds
    for i, s in enumerate(state.stacks):
        if s.tucked is not None:
            assert (tucked[:, i] == np.array(s.tucked) @ np.array(g.rules.card_crowns)).all()
        else:
            assert ((tucked[:, i] >= s.level) & (tucked[:, i] <= 3 * s.level)).all()
    # samples differ where something is hidden
    if any(not h.full for h in state.hands):
        assert len({hands[i].tobytes() for i in range(samples)}) > 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from("AB"), st.integers(3, 6), st.integers(0, 35))
def test_sampled_hands_fit_every_public_fact(seed, side, players, auctions):
    g = mid_game(seed, side, players, auctions)
    if g.phase > 3 or not g.deck or g.open_auction().to_act is None:
        return
    check(g, me=g.open_auction().to_act)


def test_a_standing_bid_is_always_payable_in_the_samples():
    g = mid_game(5, "A", 4, 3)
    g.open_hands.clear()  # no hand face up
    me = g.open_auction().to_act
    data = scenario_from_game(g, me)
    bidder = (me + 2) % 4
    other = (me + 1) % 4
    high = sum(v * c for v, c in zip(range(1, 10), g.hands[bidder])) - 1
    # player `other` opened with high - 5, `bidder` raised to high, the next passed; `me` to act
    data["position"]["auction"].update({"high_bid": high, "high_bidder": bidder, "passed": [(me + 3) % 4],
                                        "to_act": me, "bids": {other: high - 5}})
    data["position"]["auction"]["opener"] = other
    state = parse_position(data)
    hands, _, _ = sim.sample_hidden(state, 400, np.random.default_rng(3))
    gold = hands @ np.arange(1, 10)
    assert (gold[:, bidder] >= high).all() and (gold[:, other] >= high - 5).all()
    # without the bids, poorer deals happen
    data["position"]["auction"].update({"high_bid": 0, "high_bidder": None, "passed": [], "bids": {}})
    data["position"]["auction"]["opener"] = me
    free, _, _ = sim.sample_hidden(parse_position(data), 400, np.random.default_rng(3))
    assert ((free @ np.arange(1, 10))[:, bidder] < high).any()
