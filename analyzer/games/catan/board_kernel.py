"""Random standard boards drawn in the engine: `boards(rng, n, tokens, kinds)` gives n engine board rows, the
same boards `board.random_board` draws from the same Generator, bit for bit and in the same order (per board:
the terrain shuffled, the corner the token spiral starts from, the harbour kinds shuffled onto the slots).

numba's `Generator.shuffle` and `integers` are translations of NumPy's (the same bounded draws from the same bit
generator, whose state the compiled code advances in place), so a run's boards do not depend on where they were
drawn; `tests/games/catan/test_board_kernel.py` holds the two to each other."""
from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g

# the terrain bag in `board.random_board`'s order, as resource codes (-1 the desert)
BAG = np.array([bo.TERRAIN_RESOURCE[t] for t, k in bo.TERRAIN_COUNTS.items() for _ in range(k)], dtype=np.int64)
SPIRALS = np.array([bo.spiral(h) for h in bo.SPIRAL_STARTS], dtype=np.int64)  # hex ids in token order per corner
SLOTS = np.array(bo.HARBOR_SLOTS, dtype=np.int64)  # the harbour slots' two vertices


def harbor_code(kind: str) -> int:
    return bo.GENERIC if kind == "generic" else bo.RESOURCES.index(kind)


@njit(cache=True)
def _draw(rng, out, bag, spirals, slots, tokens, kinds):
    for j in range(out.shape[0]):
        row = out[j]
        terrain = bag.copy()
        rng.shuffle(terrain)
        start = rng.integers(0, spirals.shape[0])
        harbors = kinds.copy()
        rng.shuffle(harbors)
        row[:] = 0
        t = 0
        for i in range(spirals.shape[1]):
            h = spirals[start, i]
            row[g.B_RES + h] = terrain[h]
            if terrain[h] >= 0:
                row[g.B_NUM + h] = tokens[t]
                t += 1
        row[g.B_HARB:g.B_HARB + g.NV] = -1
        for k in range(harbors.shape[0]):
            row[g.B_HARB + slots[k, 0]] = harbors[k]
            row[g.B_HARB + slots[k, 1]] = harbors[k]


def boards(rng: np.random.Generator, n: int, tokens=bo.TOKEN_SEQUENCE, kinds=bo.HARBOR_KINDS) -> np.ndarray:
    """(n, BDSIZE): n random standard boards (the rule set's token sequence and harbour kinds) drawn from rng."""
    out = np.empty((n, g.BDSIZE), dtype=np.int64)
    _draw(rng, out, BAG, SPIRALS, SLOTS, np.array(tokens, dtype=np.int64),
          np.array([harbor_code(k) for k in kinds], dtype=np.int64))
    return out
