"""Alhambra benchmarks: whole games per second from the set-up, random players (the issue's target: at least 500
4-player games/s) and greedy players, medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing); then the exact questions' compute time on their slowest shipped scenario
(target under 0.2 s; `end` is exact only with every hand known, so only end-known.yaml); then the search player's
rows (its driver's share of a decision, search:64 whole games on 2 workers against greedy at the usual 4 players,
target 1 game/s, base policy greedy).  No public engine plays these policies, so there is no comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import play as pl
from analyzer.games.alhambra.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 2000 if quick else 10_000, ">=500/s"), ("greedy", 1000 if quick else 5000, ""))
    rows = core_bench.engine_games("alhambra", pl, Policy, runs, repeats)
    rows += core_bench.exact_questions("alhambra", ("odds", "change"), repeats)
    rows += core_bench.exact_questions("alhambra", ("end",), repeats, names=("end-known.yaml",))
    decisions = core_bench.spread_decisions(g.MODEL, new_game, 4 if quick else 12, g.P_GREEDY)
    return rows + core_bench.search_rows("alhambra", g.MODEL, decisions, g.P_GREEDY, len(g.Chance.STREAMS),
                                         (("search:64", "greedy", 4, 16 if quick else 48, ">=1/s"),),
                                         1 if quick else 3)


def new_game(seed: int):
    """Game `seed` dealt for 4 greedy players: (forward state, settings, chance streams)."""
    s, cfg, rs = core_bench.dealt_game(g, seed)
    return g.forward(s, 4, True), cfg, rs
