"""Puerto Rico benchmarks: whole games per second from the set-up, greedy players (the issue's target: at least
50 4-player games/s) and random players, medians of repeated batches, one process (the numba kernel is compiled
or loaded from its cache before timing), on the printed tables; then the exact questions' compute time on their
slowest shipped scenario (target under 0.2 s).  No public engine plays these policies, so there is no comparison
column.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import bench as core_bench
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import play as pl
from analyzer.games.puerto_rico.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    games = 1000 if quick else 5000
    runs = (("greedy", games, ">=50/s"), ("random", games, ">=50/s"))
    rows = core_bench.engine_games("puerto_rico", pl, Policy, runs, repeats)
    rows += core_bench.exact_questions("puerto_rico", ("odds", "hacienda"), repeats)
    rows += core_bench.default_jobs_rows("puerto_rico", "balance-start-crops.yaml", (None,), quick)
    return rows + core_bench.search_rows("puerto_rico", g.MODEL, search_decisions(4 if quick else 12), g.P_GREEDY, 3,
                                         (("search:64", "search:64", 4, 8 if quick else 16, ">=0.5/s"),
                                          ("search:64", "greedy", 4, 16 if quick else 48, ">=2/s")),
                                         1 if quick else 3)


def search_decisions(k: int) -> list:
    """k decisions of two or more options from seeded greedy 4-player games, spread over the game."""
    cfg = g.settings_vector(None, 4)

    def new_game(seed):
        s = np.zeros(g.SSIZE, dtype=np.int64)
        streams = g.Chance(1, np.random.default_rng(seed)).seeds
        g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
              pols=np.full((1, 4), g.P_GREEDY, dtype=np.int64))
        return s, cfg, streams[0]

    return core_bench.spread_decisions(g.MODEL, new_game, k, g.P_GREEDY)
