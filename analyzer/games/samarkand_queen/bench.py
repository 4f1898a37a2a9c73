"""Samarkand benchmarks: whole 4-player games per second with random and with greedy players (the issue's
targets: >= 2,000/s and >= 100/s on 2 cores), route-planner games, and the exact marriage-draw table for a
30-card unseen pool (target < 0.1 s; A's `exact.py`); then the search player: its driver's share of a decision and
one search:64 seat against three greedy ones on 2 workers (target at least 1 game/s).  Medians of repeated batches, one process (the numba
kernel is compiled or loaded from its cache before timing).  On the illustrative board.

No public engine plays Samarkand, so there is no comparison column.
"""
from __future__ import annotations

import statistics
import time
from fractions import Fraction

from analyzer.core import bench as core_bench
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen.policies import Policy


def draw_table_seconds(repeats: int, unseen: int = 30) -> float:
    """The exact marriage-draw table of a 30-card pool: every card's P(drawn), P(any of 4) and the best keep's
    gain distribution (C(30, 3) = 4,060 subsets, counted by value groups), median seconds."""
    from analyzer.games.samarkand_queen import exact

    spec = exact.DrawSpec(3, tuple(range(1, unseen + 1)), 0, (), 2, (31, 32))
    value = {c: Fraction(c % 9) for c in range(1, 34)}.__getitem__
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        for c in spec.unseen:
            exact.p_any(spec, [c])
        exact.p_any(spec, [1, 2, 3, 4])
        exact.mean(exact.keep_distribution(spec, value))
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 2000 if quick else 10_000, ">=2,000/s on 2 cores"),
            ("greedy", 200 if quick else 1000, ">=100/s on 2 cores"), ("route-planner", 100 if quick else 400, ""))
    rows = core_bench.board_games("samarkand_queen", g, Policy, runs, repeats)
    rows.append({"what": f"samarkand_queen exact marriage-draw table, 30 unseen cards (s, median of {repeats})",
                 "ours": draw_table_seconds(repeats), "comparison": None, "ratio": None, "target": "<0.1 s"})
    greedy = g.POLICY_CODES["greedy"]
    decisions = core_bench.spread_decisions(g.MODEL, lambda seed: g.new_game(4, seed), 6 if quick else 24, greedy)
    return rows + core_bench.search_rows("samarkand_queen", g.MODEL, decisions, greedy, g.NSTREAMS,
                                         (("search:64", "greedy", 4, 16 if quick else 48, ">=1/s"),),
                                         1 if quick else 3)
