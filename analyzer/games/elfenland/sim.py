"""Seeded Monte Carlo of the deal question (spec question 1), vectorised with numpy: the check that exact.py's
fractions fall inside the estimates' 95% intervals.  Full games and towns reachable wait for the printed map.
"""
from __future__ import annotations

import numpy as np

from analyzer.games.elfenland import exact
from analyzer.games.elfenland import rules as r


def deals(hand: dict, pool: dict, to_deal: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n hands after the deal: (n, 7) cards of each kind (rules.CARD_KINDS order), my kept `hand` plus `to_deal`
    cards from a random shuffle of the unseen `pool`."""
    cards = np.repeat(np.arange(len(r.CARD_KINDS)), [pool.get(k, 0) for k in r.CARD_KINDS])
    dealt = cards[np.argsort(rng.random((n, len(cards))), axis=1)[:, :to_deal]]
    counts = np.stack([(dealt == i).sum(axis=1) for i in range(len(r.CARD_KINDS))], axis=1)
    return counts + np.array([hand.get(k, 0) for k in r.CARD_KINDS])


def payable_share(hands: np.ndarray, legs, caravans: bool) -> np.ndarray:
    """Which hands pay the route: with matching cards only, or with caravans allowed on any counter leg
    (caravan_when any: some set of caravan legs whose complement's cards are held, cards enough left over)."""
    options = exact.any_options(tuple(legs)) if caravans else ((exact.needs(legs), sum(exact.needs(legs))),)
    total = hands.sum(axis=1)
    ok = np.zeros(len(hands), dtype=bool)
    for need, cards in options:
        ok |= (hands >= np.array(need)).all(axis=1) & (total >= cards)
    return ok
