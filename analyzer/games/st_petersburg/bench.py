"""Sankt Petersburg benchmarks: whole games per second from the set-up, random and greedy players (the issue's
target: at least 200 4-player games/s), medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing); then the exact questions' compute time on their shipped scenarios (target
under 0.2 s); then the search player's rows (its driver's share of a decision, search:64 whole games on 2 workers
against greedy at the usual 4 players, target 1 game/s, base policy greedy).  No public engine plays these
policies, so there is no comparison column.
"""
from __future__ import annotations

from functools import partial

from analyzer.core import bench as core_bench
from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import play as pl
from analyzer.games.st_petersburg.policies import Policy

EXACT_QUESTIONS = ("odds", "end", "ev")


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 1000 if quick else 5000, ">=200/s"), ("greedy", 1000 if quick else 5000, ">=200/s"))
    rows = core_bench.engine_games("st_petersburg", pl, Policy, runs, repeats)
    rows += core_bench.exact_questions("st_petersburg", EXACT_QUESTIONS, repeats)
    deal = partial(core_bench.dealt_game, g, seats=g.MAXP)
    decisions = core_bench.spread_decisions(g.MODEL, deal, 4 if quick else 12, g.P_GREEDY)
    return rows + core_bench.search_rows("st_petersburg", g.MODEL, decisions, g.P_GREEDY, len(g.Chance.STREAMS),
                                         (("search:64", "greedy", 4, 16 if quick else 48, ">=1/s"),),
                                         1 if quick else 3)

