"""Emerald benchmarks: whole games per second from the set-up, random players (the issue's target: at least
2,000 4-player games/s on the 2-core machine) and greedy players (the exact one-ply EV of every plan each
step).  Medians of repeated batches, one process (the numba kernel is compiled or loaded from its cache before
timing).  No public engine plays these policies, so there is no comparison column.  Then the search player's
rows: its driver's share of a search:64 decision, and 4-player games with one search:64 seat against greedy
(base greedy, and base random: the cheap base that meets 1 game/s).
"""
from __future__ import annotations

from functools import partial

from analyzer.core import bench as core_bench
from analyzer.games.emerald import game as g
from analyzer.games.emerald import play as pl
from analyzer.games.emerald.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 4000 if quick else 20_000, ">=2,000/s on 2 cores"), ("greedy", 200 if quick else 1000, ""))
    rows = core_bench.engine_games("emerald", pl, Policy, runs, repeats)
    rows += core_bench.exact_questions("emerald", ("ev", "catch", "dragon"), repeats)
    decisions = core_bench.spread_decisions(g.MODEL, partial(core_bench.dealt_game, g), 3 if quick else 12, g.P_GREEDY)
    return rows + core_bench.search_rows("emerald", g.MODEL, decisions, g.P_GREEDY, g.NSTREAMS,
                                         (("search:64:greedy", "greedy", 4, 8 if quick else 16, ">=1/s"),
                                          ("search:64:random", "greedy", 4, 16 if quick else 48, ">=1/s")),
                                         1 if quick else 3)

