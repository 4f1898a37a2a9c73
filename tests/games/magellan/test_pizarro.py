"""Pizarro's draw: the exact optimal stopping rule against brute force on small decks."""
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.games.magellan import exact
from analyzer.games.magellan.rules import DEFAULT_CARD_CROWNS


def score(cards, reading, limit=20, crowns=DEFAULT_CARD_CROWNS):
    if sum(cards) > limit:
        return Fraction(0)
    return Fraction(sum(cards) if reading == "gold" else sum(crowns[v - 1] for v in cards))


def brute(drawn, deck, reading, limit):
    """Expectimax over the deck as a list of distinct cards (no merging of equal states)."""
    if sum(drawn) > limit:
        return Fraction(0)
    stop = score(drawn, reading, limit)
    if not deck:
        return stop
    cont = sum(brute(drawn + [c], deck[:i] + deck[i + 1:], reading, limit) for i, c in enumerate(deck)) / len(deck)
    return max(stop, cont)


def by_permutations(drawn, deck, reading, limit, stop_at):
    """The threshold rule's value, averaged over every order of the deck."""
    orders = list(permutations(deck))
    total = Fraction(0)
    for order in orders:
        hand = list(drawn)
        for c in order:
            if sum(hand) >= stop_at:
                break
            hand.append(c)
        total += score(hand, reading, limit)
    return total / len(orders)


def counts(values):
    out = [0] * 9
    for v in values:
        out[v - 1] += 1
    return tuple(out)


decks = st.lists(st.integers(1, 9), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), max_size=2), decks, st.sampled_from(["crowns", "gold"]), st.integers(8, 20))
def test_exact_values_match_brute_force(drawn, deck, reading, limit):
    draw = exact.Draw(counts(deck), counts(drawn), limit, DEFAULT_CARD_CROWNS)
    moves = exact.moves(draw, reading)
    assert moves["optimal"] == brute(list(drawn), list(deck), reading, limit)
    if sum(drawn) <= limit:
        assert moves["stop"] == score(drawn, reading, limit)
        cont = sum(brute(list(drawn) + [c], deck[:i] + deck[i + 1:], reading, limit)
                   for i, c in enumerate(deck)) / len(deck)
        assert moves["draw"] == cont
        assert moves["best"] == ("draw" if cont > moves["stop"] else "stop")


@settings(max_examples=30, deadline=None)
@given(decks, st.sampled_from(["crowns", "gold"]), st.integers(1, 21))
def test_threshold_rule_values_match_every_order_of_the_deck(deck, reading, stop_at):
    value = exact.threshold_value(counts(deck), 20, DEFAULT_CARD_CROWNS, reading, stop_at)
    assert value == pytest.approx(float(by_permutations([], deck, reading, 20, stop_at)))


def test_the_stopping_rule_decides_as_brute_force_in_every_state():
    deck = [1, 2, 5, 7, 8, 9, 9]
    draw = exact.Draw(counts(deck), counts([]), 20, DEFAULT_CARD_CROWNS)
    for reading in ("crowns", "gold"):
        for row in exact.stopping_rule(draw, reading):
            drawn = [v for v in range(1, 10) for _ in range(row["extra"][v - 1])]
            left = list(deck)
            for v in drawn:
                left.remove(v)
            best = brute(drawn, left, reading, 20)
            assert row["value"] == best
            assert row["decision"] == ("stop" if best == score(drawn, reading) else "draw")


def test_a_known_small_case():
    # 12 gold drawn, deck {8, 9}: drawing busts for sure, so stop
    draw = exact.Draw(counts([9, 9]), counts([5, 7]), 20, DEFAULT_CARD_CROWNS)
    m = exact.moves(draw, "gold")
    assert m["stop"] == 12 and m["draw"] == 0 and m["best"] == "stop" and m["bust_next"] == 1
    # deck {1, 9}: one more card gives 13 or bust, i.e. 13/2 < 12 (gold); crowns: (3 + 3)/2 + 0 < 3
    draw = exact.Draw(counts([1, 9]), counts([5, 7]), 20, DEFAULT_CARD_CROWNS)
    assert exact.moves(draw, "gold")["draw_then_stop"] == Fraction(13, 2)
    assert exact.moves(draw, "crowns")["draw_then_stop"] == Fraction(6 + 0, 2)
