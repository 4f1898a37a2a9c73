"""Seeded Monte Carlo of the exact questions' chance (the d20 refill, the bag's draw), vectorised with numpy: the
check that exact.py's fractions fall inside the estimates' 95% intervals.  Full games wait for the printed board.
"""
from __future__ import annotations

import numpy as np

from analyzer.games.himalaya import rules as r


def refill_hits(goods, tasks, n_goods: int, n_tasks: int, village: int, n: int, rng: np.random.Generator):
    """(hits of `village` getting goods, of it getting a task) in n refills (goods_or_task)."""
    rolls = rng.integers(1, r.DIE + 1, size=(n, n_goods + n_tasks))
    got_goods = got_task = 0
    for row in rolls:
        occupied = set(goods) | set(tasks)
        for i, roll in enumerate(row):
            v = r.landing(occupied, int(roll))
            occupied.add(v)
            if v == village:
                got_goods += i < n_goods
                got_task += i >= n_goods
    return got_goods, got_task


def bag_shows(bag: dict, n: int, rng: np.random.Generator) -> dict[str, int]:
    """colour -> in how many of n draws of 5 from `bag` it shows."""
    cubes = np.repeat(np.arange(len(r.COLOURS)), [bag.get(c, 0) for c in r.COLOURS])
    drawn = cubes[np.argsort(rng.random((n, len(cubes))), axis=1)[:, :r.PER_PLACEMENT]]
    return {c: int((drawn == i).any(axis=1).sum()) for i, c in enumerate(r.COLOURS)}
