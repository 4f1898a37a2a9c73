"""Seeded Monte Carlo of the exact questions' chance, vectorised with numpy: the check that exact.py's fractions
fall inside the estimates' 95% intervals.  The building guess by rejection sampling (a uniform deal kept with
probability its likelihood over the largest), the vote by drawing the undecided voters' stances.  The covering EV
and full games wait for the board data (the tile odds are hypergeometric, held to a brute force in reference.py).
"""
from __future__ import annotations

from itertools import permutations

import numpy as np

from analyzer.games.drunter_druber import exact
from analyzer.games.drunter_druber import rules as r


def building_hits(mine: str, evidence, eps, vote_eps, n: int, rng: np.random.Generator) -> tuple[int, np.ndarray]:
    """(deals kept, (opponents, types) how many kept deals gave opponent i type t) of n uniform basic deals."""
    free = [t for t in r.TYPES if t != mine]
    deals = np.array(list(permutations(range(len(free)), len(evidence))))
    weights = np.ones(len(deals))
    for i, ev in enumerate(evidence):
        factor = np.array([float(exact.card_weight(ev, t, eps, vote_eps)) for t in free])
        weights *= factor[deals[:, i]]
    index = rng.integers(len(deals), size=n)
    kept = deals[index[rng.random(n) * weights.max() < weights[index]]]
    counts = np.zeros((len(evidence), len(r.TYPES)), dtype=np.int64)
    for i in range(len(evidence)):
        for j, t in enumerate(free):
            counts[i, r.TYPES.index(t)] = int((kept[:, i] == j).sum())
    return len(kept), counts


def vote_hits(yes0: int, no0: int, voters, against, n: int, rng: np.random.Generator) -> int:
    """How many of n draws of the undecided voters' stances (each against with probability `against`) pass."""
    maxima = np.array(voters, dtype=np.int64).reshape(-1, 2)
    opposed = rng.random((n, len(maxima))) < float(against)
    yes = yes0 + (~opposed * maxima[:, 0]).sum(axis=1)
    no = no0 + (opposed * maxima[:, 1]).sum(axis=1)
    return int((yes >= no).sum())
