"""Café International benchmarks: whole games per second from the set-up, random players (the issue's target: at
least 1,000 4-player games/s) and greedy players, medians of repeated batches, one process (the numba kernel is
compiled or loaded from its cache before timing); then the exact questions' compute time on their shipped
scenarios (target under 0.2 s); then the search player: its driver's share of a decision and one search:64 seat
against three greedy ones on 2 workers (target at least 1 game/s).  No public engine plays these policies, so there is no comparison column.
"""
from __future__ import annotations

from functools import partial

from analyzer.core import bench as core_bench
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import play as pl
from analyzer.games.cafe_international.policies import Policy

EXACT_QUESTIONS = ("odds", "complete", "ev")


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 2000 if quick else 10_000, ">=1000/s"), ("greedy", 1000 if quick else 5000, ""))
    rows = core_bench.engine_games("cafe_international", pl, Policy, runs, repeats)
    rows += core_bench.exact_questions("cafe_international", EXACT_QUESTIONS, repeats)
    decisions = core_bench.spread_decisions(g.MODEL, partial(core_bench.dealt_game, g), 6 if quick else 24, g.P_GREEDY)
    return rows + core_bench.search_rows("cafe_international", g.MODEL, decisions, g.P_GREEDY, 3,
                                         (("search:64", "greedy", 4, 16 if quick else 48, ">=1/s"),),
                                         1 if quick else 3)

