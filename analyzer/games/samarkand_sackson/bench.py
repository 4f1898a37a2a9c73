"""Samarkand (Sackson) benchmarks: whole 4-player games per second with random, greedy and collector players
(the issue's targets: >= 2,000/s random and >= 200/s greedy on the 2-core machine); then the search player: its
driver's share of a decision and one search:64 seat (base greedy) against three greedy ones on 2 workers.
Medians of repeated batches, one process (the numba kernel is compiled or loaded from its cache before timing).
On the illustrative board.

No public engine plays Samarkand (Sackson), so there is no comparison column.
"""
from __future__ import annotations


from analyzer.core import bench as core_bench
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson.model import MODEL
from analyzer.games.samarkand_sackson.policies import Policy


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 2000 if quick else 10_000, ">=2,000/s on 2 cores"),
            ("greedy", 200 if quick else 1000, ">=200/s on 2 cores"), ("collector", 500 if quick else 2000, ""))
    rows = core_bench.board_games("samarkand_sackson", g, Policy, runs, repeats)
    greedy = g.POLICY_CODES["greedy"]
    decisions = core_bench.spread_decisions(MODEL, lambda seed: g.new_game(4, seed), 6 if quick else 24, greedy)
    return rows + core_bench.search_rows("samarkand_sackson", MODEL, decisions, greedy, g.NSTREAMS,
                                         (("search:64", "greedy", 4, 4 if quick else 8, ">=1/s"),),
                                         1 if quick else 3)
