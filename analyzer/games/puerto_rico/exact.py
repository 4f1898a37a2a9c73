"""Exact answers (Fractions) from a position:

- `display(stack, discard, k, reshuffle)`: the distribution of the next settler display's crops (how many of each
  show), k = players + 1 tiles drawn without replacement from the stack; a stack too short by the `reshuffle`
  reading, conditioning on the split between the old stack and the shuffled discards (question 1);
- `display_odds(p)`: from it, P(at least one) and E[tiles shown] per crop and for coffee or tobacco;
- `hacienda(p)`: P(my Hacienda draw is crop X): one blind tile from the stack, the discards reshuffled into a
  new stack when it is empty (question 2).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple

from analyzer.core.exact import draws
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.state import Position

Dist = dict  # composition (tiles shown by crop) -> Fraction
COFFEE_OR_TOBACCO = (r.COFFEE, r.TOBACCO)


def shown(stack: tuple[int, ...], discard: tuple[int, ...], k: int) -> int:
    """How many tiles the display gets: k, or fewer when the stack and the discards together hold fewer."""
    return min(k, sum(stack) + sum(discard))


def display(stack: tuple[int, ...], discard: tuple[int, ...], k: int, reshuffle: str) -> Dist:
    """The next display's composition.  A stack of s >= k tiles: k drawn from it.  s < k: rest_first shows all s,
    then the other k - s come from the shuffled discards; merge shuffles the stack and the discards together and
    draws k, i.e. j tiles from the old stack with P(j) = C(s, j) C(d, k - j) / C(s + d, k), each part a uniform
    draw from its pile.  Fewer than k in both: all of them show."""
    s = sum(stack)
    if s >= k:
        return dict(draws(stack, k))
    n = shown(stack, discard, k)
    d = sum(discard)
    out: Dist = {}
    splits = [(s, Fraction(1))] if reshuffle == "rest_first" else [
        (j, Fraction(comb(s, j) * comb(d, n - j), comb(s + d, n))) for j in range(max(0, n - d), min(s, n) + 1)]
    for j, w in splits:
        for a, p in draws(stack, j):
            for b, q in draws(discard, n - j):
                comp = tuple(x + y for x, y in zip(a, b))
                out[comp] = out.get(comp, 0) + w * p * q
    return out


class CropOdds(NamedTuple):
    crops: tuple[int, ...]  # one crop, or coffee and tobacco together
    at_least_one: Fraction
    expected: Fraction  # E[tiles of these crops shown]
    counts: tuple[Fraction, ...]  # P(exactly j shown), j = 0..k


def display_odds(p: Position) -> list[CropOdds]:
    """Per crop (and for coffee or tobacco): P(at least one shows), E[shown], P(exactly j)."""
    k = r.display_size(p.players)
    dist = display(p.stack, p.next_discard, k, p.settings.reshuffle)
    out = []
    for crops in [(c,) for c in range(len(r.CROPS))] + [COFFEE_OR_TOBACCO]:
        exactly = [Fraction(0)] * (k + 1)
        for comp, q in dist.items():
            exactly[sum(comp[c] for c in crops)] += q
        out.append(CropOdds(crops, 1 - exactly[0], sum(j * q for j, q in enumerate(exactly)), tuple(exactly)))
    return out


def hacienda(p: Position) -> tuple[tuple[Fraction, ...], Fraction]:
    """(P(the blind tile is crop c) for each crop, P(no tile at all)): the top of the stack, or of the discard pile
    shuffled into a new stack when the stack is empty (both reshuffle readings agree: the old stack holds none)."""
    pile = p.stack if sum(p.stack) else p.discard
    n = sum(pile)
    if not n:
        return (Fraction(0),) * len(r.CROPS), Fraction(1)
    return tuple(Fraction(x, n) for x in pile), Fraction(0)
