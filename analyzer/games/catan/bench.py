"""Catan benchmarks: whole 4-player games per second, no trades (greedy) and with bank trades (trader), each
game on its own random standard board (drawn in Python, included in the time).  Medians of repeated batches,
one process (the numba kernel is compiled or loaded from its cache before timing).  The issue's target: at
least 200 no-trade games/s on the 2-core machine.

No public engine plays these policies, so there is no comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.catan import play as pl
from analyzer.games.catan.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    games = 500 if quick else 4000
    runs = (("greedy", games, ">=200/s on 2 cores"), ("trader", games, ""))
    rows = core_bench.full_games("catan", lambda kind: pl.make_config(pl.RuleSet(), 4, (Policy(kind),) * 4),
                                 pl.play, runs, repeats,
                                 note=" (random boards; printed tokens and harbours)")
    rows += core_bench.default_jobs_rows("catan", "balance-4p.yaml", (None, 65_536), quick)
    return rows + core_bench.exact_questions("catan", ("ev", "odds", "income", "seven", "discard", "afford", "deck", "robber"),
                                             repeats, names=("reference-city.yaml", "discard-seven-cards.yaml"))
