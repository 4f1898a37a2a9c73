"""Seeded Monte Carlo of the exact questions' chance (the next column's tiles, the leftover under uniform picks),
vectorised with numpy: the check that exact.py's fractions fall inside the estimates' 95% intervals.
"""
from __future__ import annotations

import numpy as np


def appearances(unseen: dict, stop: str, size: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """n samples of a column of `size` tiles from `unseen` ((stop, colour) -> n): (n,) the tiles of `stop` in it."""
    tiles = np.repeat([t[0] == stop for t in unseen], list(unseen.values()))
    keys = rng.random((n, len(tiles)))
    return tiles[np.argsort(keys, axis=1)[:, :size]].sum(axis=1)


def leftovers(tiles: list, n: int, rng: np.random.Generator) -> np.ndarray:
    """n samples of uniform removals from `tiles` down to one: (n,) the index of the survivor."""
    keys = rng.random((n, len(tiles)))
    return np.argsort(keys, axis=1)[:, -1]
