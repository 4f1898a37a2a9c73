"""Seeded Monte Carlo of the next deal (spec question 2), vectorised with numpy: real shuffled deals, each hand
checked against the minimal card sets of the reaching programs; the check that exact.deal_chance's fraction falls
inside the estimate's 95% interval.
"""
from __future__ import annotations

import numpy as np


def deal_hits(unseen, size: int, needs: np.ndarray, n: int, rng: np.random.Generator) -> int:
    """Of n deals of `size` cards from the deck `unseen` (7 per-type counts), how many hold some card set of
    `needs` (rows of 7 counts)."""
    cards = np.repeat(np.arange(len(unseen)), list(unseen))
    keys = rng.random((n, len(cards)))
    hands = cards[np.argsort(keys, axis=1)[:, :size]]
    counts = np.stack([(hands == c).sum(axis=1) for c in range(len(unseen))], axis=1)
    if not len(needs):
        return 0
    return int((counts[:, None, :] >= needs[None, :, :]).all(axis=2).any(axis=1).sum())
