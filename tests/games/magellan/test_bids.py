"""A bid is a sum the bidder's hand can lay out ("omezen součty, které se dají vytvořit z karet"):
`rules.bids: exact_sum` (default) everywhere (rules engine, bots, `ev`, the batched engine), and
`up_to_total` as the other reading.  Paying may still overpay ("může i přeplatit")."""
import copy

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan import sim
from analyzer.games.magellan.reference import IllegalMove
from analyzer.games.magellan.rules import bid_list, legal_bids, next_bid, ranges
from analyzer.games.magellan.state import parse_position
from tests.games.magellan.helpers import COOK, MAGELLAN, POLO, counts, game
from tests.games.magellan.test_cli import LATE


def test_a_five_and_a_nine_bid_five_nine_or_fourteen_only():
    g = game(deck=[POLO] * 18)
    g.hands[0] = counts(5, 9)
    assert bid_list(g.legal(0, POLO)) == [5, 9, 14]
    for amount in (1, 4, 6, 7, 8, 10, 11, 12, 13):
        a = g.open_auction()
        with pytest.raises(IllegalMove, match="lay out"):
            g.bid(a, 0, amount)
    a = g.open_auction()
    g.bid(a, 0, 14)
    g = game(deck=[POLO] * 18, bids="up_to_total")  # the other reading: any amount up to the hand's gold
    g.hands[0] = counts(5, 9)
    assert bid_list(g.legal(0, POLO)) == list(range(1, 15))
    g.bid(g.open_auction(), 0, 7)


def test_a_card_to_keep_takes_the_whole_hand_out_of_the_sums():
    g = game(deck=[MAGELLAN] * 18)
    g.hands[0] = counts(1, 2, 4)
    assert bid_list(g.legal(0, MAGELLAN)) == [1, 2, 3, 4, 5, 6]  # 7 is the whole hand: a card must stay
    g.hands[0] = counts(5, 9)
    assert bid_list(g.legal(0, MAGELLAN)) == [5, 9]


def test_a_bot_raises_to_the_smallest_sum_its_hand_can_make():
    g = game(deck=[COOK] * 3 + [POLO] * 15)
    g.hands = [counts(5, 9), counts(2, 9), [0] * 9, [0] * 9]  # nobody else can bid
    policies = [pol.preset("value", rate=(9.0, 9.0, 9.0))] * 4  # limits up to their hands
    a = g.open_auction()
    g.bid(a, 0, 5)
    for p in (1, 2, 3):  # player 1 raises to 9 (2 + ... no: 9 is his smallest sum above 5), the others pass
        step = next_bid(g.legal(p, COOK), a.high)
        if step is not None and step <= g.cap(p, COOK):
            g.bid(a, p, step)
        else:
            g.pass_(a, p)
    assert (a.high, a.holder) == (9, 1)
    g.bid(a, 0, 14)  # 5 + 9; 10-13 are no sums of his
    g.pass_(a, 1)  # 11 is his only sum above 9, and it does not beat 14
    assert a.over and (a.holder, a.high) == (0, 14)
    # the same, played by the bots
    g = game(deck=[COOK] * 3 + [POLO] * 15)
    g.hands = [counts(5, 9), counts(2, 9), [0] * 9, [0] * 9]
    ref.step(g, policies, [0.0] * 4)
    assert g.ships[COOK][0] == [0] and g.disc == counts(5, 9) and g.bids[:2] == [2, 1]


def test_ev_offers_only_the_sums_of_the_hand():
    data = copy.deepcopy(LATE)  # phase III, player 1 to act with 2 5 9 on Cook B (a card to keep), high bid 2
    state = parse_position(data)
    assert state.raises() == [5, 7, 9, 11, 14]
    data["rules"]["bids"] = "up_to_total"
    assert parse_position(data).raises() == list(range(3, 15))


def test_a_standing_bid_the_hand_cannot_lay_out_is_refused():
    data = copy.deepcopy(LATE)
    data["position"]["hands"][0] = [5, 9]
    data["position"]["auction"]["high_bid"] = 7
    with pytest.raises(ScenarioError, match="cannot lay out 7") as exc:
        parse_position(data)
    assert exc.value.field == "position.auction.high_bid"
    data["rules"]["bids"] = "up_to_total"
    parse_position(data)


def test_ranges_read_well():
    assert ranges([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8" and ranges([]) == "none"


hands = st.lists(st.integers(0, 4), min_size=9, max_size=9)


@settings(max_examples=200, deadline=None)
@given(st.lists(hands, min_size=1, max_size=6), st.booleans())
def test_batched_sums_equal_the_readable_ones(batch, spare):
    arr = np.array(batch, dtype=np.int64)
    bits = sim.legal_bits(arr, np.full(len(arr), spare))
    for row, hand in zip(bits, batch):
        mask = sum(int(w) << (64 * i) for i, w in enumerate(row))
        assert mask == legal_bids(hand, spare)
        total = sum(v * c for v, c in zip(range(1, 10), hand))
        for h in (0, 3, total // 2, max(total - 1, 0)):
            expected = next_bid(mask, h)
            got = int(sim.next_above(row[None, :], np.array([h]))[0])
            assert got == (sim.BIG if expected is None else expected)
    gap = sim.first_gap(arr)
    for g, hand in zip(gap, batch):
        s = legal_bids(hand, False)
        assert not s >> int(g) & 1 and all(s >> b & 1 for b in range(1, int(g)))


def literal(limits, high, holder, start, masks):
    """The protocol as written: in turn, raise to your smallest bid above the high bid while within your limit,
    else pass for good; over when the turn comes back to the holder or everyone has passed."""
    P = len(limits)
    passed = [False] * P
    bids = [0] * P
    p = start
    while True:
        if not passed[p] and p != holder:
            step = next_bid(masks[p], high)
            if step is not None and step <= limits[p]:
                high, holder = step, p
                bids[p] += 1
            else:
                passed[p] = True
        alive = [q for q in range(P) if not passed[q]]
        if not alive or alive == [holder]:
            return (-1 if holder is None else holder), high, bids
        p = (p + 1) % P
        while passed[p]:
            p = (p + 1) % P
        if p == holder:
            return holder, high, bids


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 6), st.data())
def test_auctions_stepped_bid_by_bid_follow_the_protocol(P, data):
    hands_ = [data.draw(hands) for _ in range(P)]
    limits = [data.draw(st.integers(0, 30)) for _ in range(P)]
    start = data.draw(st.integers(0, P - 1))
    holder = data.draw(st.one_of(st.none(), st.integers(0, P - 1).filter(lambda h: h != start)))
    masks = [legal_bids(h, False) for h in hands_]
    high = 0
    if holder is not None:
        legal = bid_list(masks[holder])
        if not legal:
            return
        high = data.draw(st.sampled_from(legal))
        limits[holder] = max(limits[holder], high)
        p = (holder + 1) % P  # the seats between the holder and `start` have passed
        while p != start:
            limits[p] = 0
            p = (p + 1) % P
    expected = literal(limits, high, holder, start, masks)
    bits = sim.legal_bits(np.array(hands_, dtype=np.int64), np.zeros(P, dtype=bool))[None]
    got = sim.resolve_steps(np.array([limits]), np.array([high]), np.array([-1 if holder is None else holder]),
                            np.array([start]), bits)
    assert (int(got[0][0]), int(got[1][0]), got[2][0].tolist()) == expected
    if all(sim.first_gap(np.array([h]))[0] > lim for h, lim in zip(hands_, limits) if lim > high):
        closed = sim.resolve(np.array([limits]), np.array([high]), np.array([-1 if holder is None else holder]),
                             np.array([start]))  # hands that lay out every amount: raises go by 1
        assert (int(closed[0][0]), int(closed[1][0]), closed[2][0].tolist()) == expected
