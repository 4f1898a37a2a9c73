"""Puerto Rico benchmarks: whole games per second from the set-up, greedy players (the issue's target: at least
50 4-player games/s) and random players, medians of repeated batches, one process (the numba kernel is compiled
or loaded from its cache before timing), on the sourced tables; then the exact questions' compute time on their
slowest shipped scenario (target under 0.2 s).  No public engine plays these policies, so there is no comparison
column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.puerto_rico import play as pl
from analyzer.games.puerto_rico.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    games = 1000 if quick else 5000
    runs = (("greedy", games, ">=50/s"), ("random", games, ">=50/s"))
    rows = core_bench.full_games("puerto_rico", lambda kind: pl.GameConfig(pl.RuleSet(), 4, (Policy(kind),) * 4),
                                 pl.play, runs, repeats)
    return rows + core_bench.exact_questions("puerto_rico", ("odds", "hacienda"), repeats)
