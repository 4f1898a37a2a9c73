"""Seeded Monte Carlo of the exact questions' chance (the blind buys' goods, the lion's timing), vectorised with
numpy: the check that exact.py's fractions fall inside the estimates' 95% intervals.  The symbol-driven pirate
penalty (spec question 4) and full games wait for the printed card list.
"""
from __future__ import annotations

import numpy as np


def goods_counts(pool: dict, k: int, n: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """n samples of k blind buys from `pool` (good -> cards): good -> (n,) the cards of that good bought."""
    cards = np.repeat(np.arange(len(pool)), list(pool.values()))
    keys = rng.random((n, len(cards)))
    bought = cards[np.argsort(keys, axis=1)[:, :k]]  # the first k of a random shuffle
    return {g: (bought == i).sum(axis=1) for i, g in enumerate(pool)}


def lion_hits(depths: dict, drawn: int, draws: dict, n: int, rng: np.random.Generator) -> tuple[int, int]:
    """(samples with the lion still in the deck, of those the ones where it comes before my next turn), n samples
    of the depth d and the draws X from their pmfs."""
    d = rng.choice(list(depths), size=n, p=[float(p) for p in depths.values()])
    x = rng.choice(list(draws), size=n, p=[float(p) for p in draws.values()])
    alive = d > drawn
    return int(alive.sum()), int((alive & (d <= drawn + x)).sum())
