"""Per-game stream seeds for engines that draw their chance up front (the `Chance` convention of core/game.py).

An engine names its streams (start player, deck, dice, one per seat's choices...) and subclasses `StreamSeeds`;
game j of every rule set reads row j, so rule sets and candidate moves meet the same luck.  Light on purpose (numpy
only): engines import it at compile time.
"""
from __future__ import annotations

import numpy as np


class StreamSeeds:
    """Every game's stream seeds, drawn up front: `seeds` is (n, len(STREAMS)) uint64, one row per game."""

    STREAMS: tuple = ()

    def __init__(self, n: int, rng: np.random.Generator):
        self.seeds = rng.integers(0, 2**63, size=(n, len(self.STREAMS)), dtype=np.int64).astype(np.uint64)

    def __len__(self) -> int:
        return len(self.seeds)
