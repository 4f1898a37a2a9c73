"""Goa benchmarks: whole games per second from the set-up, random players (the issue's target: at least 200
4-player games/s) and greedy players, medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing), on the illustrative board data; then the exact questions' compute time on
their slowest shipped scenario (target under 0.2 s).  No public engine plays these policies, so there is no
comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.goa import play as pl
from analyzer.games.goa.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 2000 if quick else 10_000, ">=200/s"), ("greedy", 2000 if quick else 10_000, ""))
    rows = core_bench.full_games("goa", lambda kind: pl.GameConfig(pl.RuleSet(), 4, (Policy(kind),) * 4),
                                 pl.play, runs, repeats,
                                 note=" (illustrative board)")
    return rows + core_bench.exact_questions("goa", ("odds", "hand_needed", "nachschub", "hold_or_play"), repeats)
