"""Exact display and Hacienda odds: the spec's reference figures as fractions, and the reshuffle in both readings
against an independent enumeration of every tile order (small piles, random positions)."""
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from analyzer.games.puerto_rico import exact
from analyzer.games.puerto_rico import rules as r
from tests.games.puerto_rico import position


def _odds(p, crops):
    return next(o for o in exact.display_odds(p) if o.crops == crops)


def test_the_four_player_first_display():
    p = position(4)
    assert sum(p.stack) == 46
    coffee = _odds(p, (r.COFFEE,)).at_least_one
    assert coffee == 1 - Fraction(comb(38, 5), comb(46, 5)) == Fraction(20686, 32637)
    assert _odds(p, exact.COFFEE_OR_TOBACCO).at_least_one == 1 - Fraction(comb(29, 5), comb(46, 5)) \
        == Fraction(19873, 21758)
    assert round(float(coffee), 4) == 0.6338


def test_the_three_player_first_display():
    p = position(3)
    assert sum(p.stack) == 47 and p.stack[r.CORN] == 9
    assert _odds(p, (r.COFFEE,)).at_least_one == 1 - Fraction(comb(39, 4), comb(47, 4)) == Fraction(32038, 59455)


def test_the_expected_tiles_and_the_counts_add_up():
    p = position(5)
    for o in exact.display_odds(p):
        assert sum(o.counts) == 1 and len(o.counts) == 7
        assert o.expected == Fraction(6 * sum(p.stack[c] for c in o.crops), sum(p.stack))


def _tiles(counts):
    return [c for c, n in enumerate(counts) for _ in range(n)]


def _enumerated(stack, discard, k, reshuffle):
    """P(composition) over every order of the labelled tiles: rest_first deals the stack, then the shuffled
    discards; merge deals one shuffle of both."""
    out, total = Counter(), 0
    s, d = _tiles(stack), _tiles(discard)
    if len(s) >= k:  # no reshuffle
        orders = permutations(s)
    elif reshuffle == "rest_first":
        orders = (a + b for a in permutations(s) for b in permutations(d))
    else:
        orders = permutations(s + d)
    for order in orders:
        shown = Counter(order[:k])
        out[tuple(shown[c] for c in range(5))] += 1
        total += 1
    return {comp: Fraction(n, total) for comp, n in out.items()}


@pytest.mark.parametrize("reshuffle", ["rest_first", "merge"])
def test_the_reshuffle_against_every_tile_order(reshuffle):
    rng, short = random.Random(27), 0
    for _ in range(12):
        stack = tuple(rng.choice((0, 0, 1, 2)) for _ in range(5))
        discard = tuple(rng.choice((0, 0, 1, 2)) for _ in range(5))
        while sum(stack) + sum(discard) > 7:
            discard = tuple(max(0, x - 1) for x in discard)
        k = rng.choice((4, 5, 6))
        short += sum(stack) < k
        assert exact.display(stack, discard, k, reshuffle) == _enumerated(stack, discard, k, reshuffle), \
            (stack, discard, k)
    assert short >= 4  # most of them reshuffle


def test_rest_first_shows_the_whole_old_stack():
    p = position(4, rules={"reshuffle": "rest_first"}, stack={"coffee": 1, "corn": 1}, discard_pile={"sugar": 3},
                 display=["tobacco"], leftovers=["tobacco"])
    o = {x.crops: x for x in exact.display_odds(p)}
    assert o[(r.COFFEE,)].at_least_one == 1 and o[(r.CORN,)].at_least_one == 1
    assert o[(r.TOBACCO,)].at_least_one == 1 - Fraction(comb(3, 3), comb(4, 3))  # 3 of sugar x3 + tobacco


def test_merge_may_leave_the_old_stack_unseen():
    p = position(4, rules={"reshuffle": "merge"}, stack={"coffee": 1}, discard_pile={"sugar": 5})
    coffee = _odds(p, (r.COFFEE,)).at_least_one
    assert coffee == Fraction(5, 6)  # 5 of the 6 tiles shuffled together


def test_too_few_tiles_all_show():
    p = position(4, stack={"coffee": 1}, discard_pile={"corn": 1})
    assert exact.shown(p.stack, p.next_discard, 5) == 2
    assert _odds(p, (r.CORN,)).at_least_one == 1 == _odds(p, (r.COFFEE,)).at_least_one
    assert _odds(p, (r.SUGAR,)).at_least_one == 0


def test_the_hacienda_draw():
    p = position(4)
    probs, none = exact.hacienda(p)
    assert probs[r.SUGAR] == Fraction(11, 46) and none == 0 and sum(probs) == 1
    empty = position(4, stack={}, discard_pile={"corn": 1, "coffee": 3})
    probs, none = exact.hacienda(empty)
    assert probs[r.COFFEE] == Fraction(3, 4) and none == 0
    probs, none = exact.hacienda(position(4, stack={}))
    assert none == 1 and not any(probs)


def test_merge_by_the_split_is_one_draw_from_both_piles():
    stack, discard = (1, 1, 1, 1, 1), (7, 8, 8, 6, 5)
    merged = tuple(a + b for a, b in zip(stack, discard))
    assert exact.display(stack, discard, 6, "merge") == dict(exact.draws(merged, 6))
