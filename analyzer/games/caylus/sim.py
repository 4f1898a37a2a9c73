"""Seeded Monte Carlo of the exact odds (the neutral layout), vectorised with numpy: the check that exact.py's
fractions fall inside the estimates' 95% intervals.  Full games wait for the verified card list and road layout.
"""
from __future__ import annotations

import numpy as np

from analyzer.games.caylus import rules as r


def shuffled_layouts(n: int, rng: np.random.Generator) -> np.ndarray:
    """(n, 6) random orders of the neutral buildings (indices into rules.NEUTRALS), road space 1 first."""
    return np.argsort(rng.random((n, len(r.NEUTRALS))), axis=1)


def in_first_k(layouts: np.ndarray, name: str, k: int) -> int:
    """How many of the layouts put `name` on road space k or before."""
    return int((layouts[:, :k] == r.NEUTRALS.index(name)).any(axis=1).sum())


def adjacent(layouts: np.ndarray, a: str, b: str) -> int:
    """How many of the layouts put `a` and `b` on neighbouring spaces."""
    pos = np.argsort(layouts, axis=1)  # the space of each building
    return int((np.abs(pos[:, r.NEUTRALS.index(a)] - pos[:, r.NEUTRALS.index(b)]) == 1).sum())
