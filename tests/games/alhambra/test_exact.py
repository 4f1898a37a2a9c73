"""Exact answers: the spec's reference figures (4/17, 11/101), the scoring windows conditioned on what has shown
(against a brute-force count of the deck positions), exact change by hand and against every subset, the legal
takes and the end allocation."""
import itertools
import random
from fractions import Fraction

import pytest

from analyzer.games.alhambra import exact
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.state import EMPTY
from tests.games.alhambra import MARKET, card, position

PILES = [16, 17, 16, 17, 16]
BLUE6 = {"kind": "pavilion", "cost": 6, "walls": [0]}


def deck(draws, seen=(), piles=PILES):
    return {"draws_since_setup": draws, "pile_sizes": piles, "scoring_cards_seen": list(seen)}


def test_reference_figure_draws_11_to_20_cover_4_of_the_17_positions_of_scoring_card_1():
    p = position(money_deck=deck(10))
    odds = exact.scoring_within(p, 10)
    assert odds.card1 == Fraction(4, 17) and odds.card2 == 0 and odds.either == Fraction(4, 17)


def test_a_card_not_shown_is_uniform_over_the_positions_left():
    p = position(money_deck=deck(20))  # positions 17..20 drawn and no scoring card: 21..33 left
    assert exact.scoring_within(p, 1).card1 == Fraction(1, 13)
    assert exact.scoring_within(p, 13).card1 == 1
    p = position(money_deck=deck(40, [1]))  # card 2 in 50..66, untouched
    odds = exact.scoring_within(p, 20)
    assert (odds.card1, odds.card2) == (0, Fraction(11, 17))  # positions 50..60


def test_the_fifths_reading_moves_the_windows():
    p = position(rules={"pile_split": "fifths"}, money_deck=deck(10))
    assert exact.open_windows(p) == {1: (14, 30), 2: (49, 65)}
    assert exact.scoring_within(p, 10).card1 == Fraction(7, 17)  # positions 14..20


def brute_force(p, k, money):
    """Count the joint positions of the unseen scoring cards (uniform, independent, not drawn yet)."""
    windows = exact.open_windows(p)
    spans = [range(a, b + 1) for a, b in (windows.get(1, (0, 0)), windows.get(2, (0, 0)))]
    hit = {1: 0, 2: 0, "either": 0, "both": 0}
    total = 0
    for a, b in itertools.product(*spans):
        pos = {c: x for c, x in ((1, a), (2, b)) if c in windows}
        drawn = {}
        for c, x in pos.items():
            above = sum(1 for d, y in pos.items() if y < x)  # scoring cards above it add a draw each
            drawn[c] = x <= p.draws + k + (above if money else 0)
        total += 1
        hit[1] += drawn.get(1, False)
        hit[2] += drawn.get(2, False)
        hit["either"] += any(drawn.values())
        hit["both"] += len(drawn) == 2 and all(drawn.values())
    return {key: Fraction(v, total) for key, v in hit.items()}


@pytest.mark.parametrize("split", ["larger_first", "fifths"])
def test_scoring_odds_equal_a_brute_force_count_on_random_positions(split):
    rng = random.Random(5)
    for _ in range(40):
        left = rng.randrange(60, 95)
        piles = list(r.pile_sizes(left))
        (a1, b1), (a2, b2) = r.scoring_windows(left, split)
        draws = rng.randrange(0, b2)
        seen = [c for c, a in ((1, a1), (2, a2)) if draws >= a and rng.random() < 0.5 or draws >= (b1, b2)[c - 1]]
        p = position(rules={"pile_split": split}, money_deck=deck(draws, seen, piles))
        for k in (0, 1, 5, 17, 40):
            for money, f in ((False, exact.scoring_within), (True, exact.scoring_within_money)):
                want = brute_force(p, k, money)
                got = f(p, k)
                assert (got.card1, got.card2, got.either, got.both) == (want[1], want[2], want["either"],
                                                                         want["both"]), (split, draws, seen, k)


def test_money_draws_a_scoring_card_replaced_adds_a_draw():
    # both cards unseen, card 1's window entirely drawn within m: card 2 at position <= m + 1 is drawn
    p = position(money_deck=deck(33 - 1))  # card 1 at 33 for sure; card 2 in 50..66
    assert exact.scoring_within(p, 1).card1 == 1
    assert exact.scoring_within_money(p, 18).card2 == Fraction(2, 17)  # positions 50, 51 (33 + 18 = 51 with +1)
    assert exact.scoring_within(p, 18).card2 == Fraction(1, 17)


def test_reference_figure_blue_2_3_7_price_6_completed_by_11_of_101_unseen():
    market = {**MARKET, "blue": BLUE6}
    display = [card("green", 1), card("green", 2), card("orange", 3), card("yellow", 4)]
    p = position(hands={0: [card("blue", 2), card("blue", 3), card("blue", 7)]}, display=display, market=market)
    tile = p.market[0]
    assert exact.subset_sums([2, 3, 7]) == {0, 2, 3, 5, 7, 9, 10, 12}
    assert exact.completing_cards(p.hands[0], tile, 0) == (1, 3, 4, 6)
    assert exact.p_complete(p, tile, 0, 1) == (Fraction(11, 101), 11, 101)
    assert not exact.exact_now(p.hands[0], tile, 0) and exact.affordable(p.hands[0], tile, 0)
    two = exact.p_complete(p, tile, 0, 2)[0]
    assert two == 1 - Fraction(90 * 89, 101 * 100)


def test_subset_sums_equal_every_subset():
    rng = random.Random(2)
    for _ in range(50):
        values = [rng.randrange(1, 10) for _ in range(rng.randrange(0, 8))]
        want = {sum(s) for n in range(len(values) + 1) for s in itertools.combinations(values, n)}
        assert exact.subset_sums(values) == want


def test_exact_change_uses_only_the_space_currency():
    p = position(hands={0: [card("green", 8), card("blue", 5), card("blue", 3)]})  # blue: pavilion 8
    assert exact.exact_now(p.hands[0], p.market[0], 0)
    assert not exact.exact_now(p.hands[0], p.market[1], 1)  # green seraglio 9: green 8 only


def test_legal_takes_one_card_or_several_totalling_at_most_5():
    display = [(0, 1), (1, 4), (2, 2), (3, 9)]
    takes = exact.money_takes(display)
    assert set(takes) == {(0,), (1,), (2,), (3,), (0, 1), (0, 2)}  # 1+4, 1+2; 4+2 = 6 and 1+4+2 = 7 too much
    assert exact.money_takes([(0, 1), (1, 1), (2, 1), (3, 2)])[-1] == (0, 1, 2, 3)  # 1+1+1+2 = 5


def test_a_take_makes_tiles_exactly_payable():
    market = {**MARKET, "blue": BLUE6}
    p = position(hands={0: [card("blue", 2), card("blue", 3)]}, market=market,
                 display=[card("blue", 1), card("blue", 4), card("green", 9), card("orange", 1)])
    results = {tuple(x.cards): x for x in exact.take_results(p)}
    assert results[((0, 1),)].new == (0,)  # 2 + 3 + 1
    assert results[((0, 4),)].new == (0,)  # 2 + 4
    assert results[((1, 9),)].new == (1,)  # green 9 pays the seraglio 9
    assert results[((0, 1), (2, 1))].new == (0,)
    assert results[((2, 1),)].new == ()


def test_end_allocation_highest_total_a_tie_gets_nothing():
    hands = [((0, 9), (1, 3)), ((0, 4), (0, 5), (1, 3)), ((2, 1),)]
    assert exact.allocation(hands, (1, 2, 3, EMPTY)) == [None, None, 2, None]  # blue 9 = 9, green 3 = 3
    hands = [((0, 9), (0, 1)), ((0, 4), (0, 5)), ()]
    assert exact.allocation(hands, (1, 2, 3, 4)) == [0, None, None, None]  # nobody holds green: a tie of zeros
