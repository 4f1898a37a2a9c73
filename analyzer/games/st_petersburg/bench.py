"""Sankt Petersburg benchmarks: whole games per second from the set-up, random and greedy players (the issue's
target: at least 200 4-player games/s), medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing); then the exact questions' compute time on their shipped scenarios (target
under 0.2 s).  No public engine plays these policies, so there is no comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.st_petersburg import play as pl
from analyzer.games.st_petersburg.policies import Policy

EXACT_QUESTIONS = ("odds", "end", "ev")


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 1000 if quick else 5000, ">=200/s"), ("greedy", 1000 if quick else 5000, ">=200/s"))
    rows = core_bench.full_games("st_petersburg", lambda kind: pl.GameConfig(pl.RuleSet(), 4, (Policy(kind),) * 4),
                                 pl.play, runs, repeats)
    return rows + core_bench.exact_questions("st_petersburg", EXACT_QUESTIONS, repeats)
