"""Elfenland's exact answers (spec "What the analyzer is asked", 1-2), in Fractions: P(my deal lets me pay a planned
route), with and without caravans, over every hand composition of the cards still to be dealt (multivariate
hypergeometric over the 7 kinds); P(a blind counter is kind X) and the value of open against blind picks, from the
unseen counter pool.  reference.py computes each another way and `reference.reference_agrees` holds them equal.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import NamedTuple

from analyzer.games.elfenland import rules as r


class Leg(NamedTuple):
    kind: str  # a counter's kind, or raft
    cost: int  # matching cards, the obstacle's extra card included
    caravan: bool  # a caravan may pay it (a road with a counter; never water)
    obstacle: bool = False

    @property
    def caravan_cost(self) -> int:
        return r.caravan_cost(self.obstacle)


KIND_INDEX = {k: i for i, k in enumerate(r.CARD_KINDS)}


def _vector(hand: dict) -> tuple[int, ...]:
    return tuple(hand.get(k, 0) for k in r.CARD_KINDS)


def needs(legs) -> tuple[int, ...]:
    """The matching cards of each kind the whole route takes without caravans."""
    out = [0] * len(r.CARD_KINDS)
    for leg in legs:
        out[KIND_INDEX[leg.kind]] += leg.cost
    return tuple(out)


def _covers(have, need) -> bool:
    return all(h >= n for h, n in zip(have, need))


def any_options(legs) -> tuple:
    """caravan_when any: for every set S of caravan legs, (the matching cards the other legs take, the cards the
    whole route then takes: those plus S's caravans, of any kinds)."""
    free = [i for i, leg in enumerate(legs) if leg.caravan]
    options = set()
    for size in range(len(free) + 1):
        for chosen in combinations(free, size):
            need = needs(leg for i, leg in enumerate(legs) if i not in chosen)
            options.add((need, sum(need) + sum(legs[i].caravan_cost for i in chosen)))
    return tuple(options)


def _any_caravans(hand, options) -> bool:
    """Some set of caravan legs whose complement's matching cards are held, with cards enough left for the
    caravans."""
    total = sum(hand)
    return any(total >= cards and _covers(hand, need) for need, cards in options)


def _lacking_solver(legs):
    """caravan_when lacking: legs in route order; a leg is paid with its matching cards whenever the cards left can,
    else (a counter leg) by a caravan of any cards, the player choosing which; memoised over (leg, hand)."""
    legs = tuple(legs)

    @lru_cache(maxsize=None)
    def solve(i: int, hand: tuple) -> bool:
        if i == len(legs):
            return True
        leg = legs[i]
        k = KIND_INDEX[leg.kind]
        if hand[k] >= leg.cost:
            return solve(i + 1, hand[:k] + (hand[k] - leg.cost,) + hand[k + 1:])
        if not leg.caravan or sum(hand) < leg.caravan_cost:
            return False
        held = [j for j, n in enumerate(hand) if n]
        for spend in combinations_with_replacement(held, leg.caravan_cost):
            left = list(hand)
            for j in spend:
                left[j] -= 1
            if min(left) >= 0 and solve(i + 1, tuple(left)):
                return True
        return False

    return solve


def payable(hand: dict, legs, caravans: bool, caravan_when: str = "lacking") -> bool:
    """Whether `hand` (kind -> cards) pays every leg of the route: without caravans, or with them under
    caravan_when (lacking | any)."""
    vector = _vector(hand)
    if not caravans:
        return _covers(vector, needs(legs))
    if caravan_when == "any":
        return _any_caravans(vector, any_options(legs))
    return _lacking_solver(legs)(0, vector)


def compositions(pool: dict, n: int):
    """Every composition (kind -> cards) of n cards dealt from `pool` (kind -> unseen cards) with its
    multivariate hypergeometric probability: the product of C(pool[k], cards of k) over C(pool size, n)."""
    kinds = [k for k in r.CARD_KINDS if pool.get(k, 0)]
    total = comb(sum(pool.values()), n)

    def walk(i: int, left: int):
        if i == len(kinds):
            if left == 0:
                yield (), 1
            return
        for x in range(min(left, pool[kinds[i]]) + 1):
            for rest, ways in walk(i + 1, left - x):
                yield (x, *rest), comb(pool[kinds[i]], x) * ways

    for counts, ways in walk(0, n):
        yield dict(zip(kinds, counts)), Fraction(ways, total)


def deal_odds(hand: dict, pool: dict, to_deal: int, legs, caravan_when: str = "lacking") -> tuple[Fraction, Fraction]:
    """(P(the hand after the deal pays the route without caravans), P(with caravans)): my kept `hand` plus
    `to_deal` cards from the unseen `pool`, every composition enumerated."""
    legs = tuple(legs)
    solve, options, need = _lacking_solver(legs), any_options(legs), needs(legs)
    plain = with_caravans = Fraction(0)
    for dealt, p in compositions(pool, to_deal):
        full = tuple(hand.get(k, 0) + dealt.get(k, 0) for k in r.CARD_KINDS)
        if _covers(full, need):
            plain += p
            with_caravans += p
        elif _any_caravans(full, options) if caravan_when == "any" else solve(0, full):
            with_caravans += p
    return plain, with_caravans


# -- question 2: the counters ------------------------------------------------------------------------------------

def blind_odds(pool: dict) -> dict[str, Fraction]:
    """P(the next blind counter is kind X), X over every counter kind, from the unseen pool (kind -> counters)."""
    total = sum(pool.values())
    return {k: Fraction(pool.get(k, 0), total) for k in r.COUNTER_KINDS}


def pick_values(open_counters, pool: dict, wanted: dict) -> dict[str, Fraction]:
    """The expected number of my planned legs still lacking their counter that one pick covers (0 or 1): each
    distinct open counter, and a blind draw from the unseen pool (while any is left)."""
    values = {f"open {k}": Fraction(int(wanted.get(k, 0) > 0)) for k in dict.fromkeys(open_counters)}
    if sum(pool.values()):
        values["blind"] = sum((p for k, p in blind_odds(pool).items() if wanted.get(k, 0) > 0), Fraction(0))
    return values
