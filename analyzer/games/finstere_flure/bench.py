"""Finstere Flure benchmarks: whole games per second from the set-up on the illustrative board, random players
(the issue's target: at least 2,000 4-player games/s on the 2-core machine) and greedy players (every end of
every figure still to move tried against each distinct card left).  Medians of repeated batches, one process (the
numba kernel is compiled or loaded from its cache before timing); and the random games as `analyzer balance`
plays them (chunks, accumulators, the runner) on 1 and 2 local workers, the pool started before timing.  No
public engine plays these policies, so there is no comparison column.  Then the search player's rows: its
driver's share of a search:64 decision, and 4-player games with one search:64 seat (base greedy, the default)
against greedy (greedy playouts are whole games of the safest-square player: a few games only).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from analyzer.core import bench as core_bench
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import play as pl
from analyzer.games.finstere_flure.policies import Policy


def balance_games_per_second(jobs: int, games: int, repeats: int) -> float:
    """Median rate of `analyzer balance` on four random players (one rule set) with `jobs` local workers."""
    import statistics
    import time

    from analyzer.core import registry, runner
    from analyzer.core.balance.run import run as play_balance
    from analyzer.core.balance import variants

    data = {"game": "finstere_flure", "rules": {}, "players": 4, "policies": "random"}
    spec, _ = variants.parse(registry.game("finstere_flure").full(), data, "finstere_flure")
    settings = runner.RunSettings(rollouts=games, seed=1, progress=False, jobs=jobs)
    play_balance(spec, replace(settings, rollouts=spec.chunk * jobs))  # start and warm the workers
    rates = []
    for k in range(repeats):
        t = time.perf_counter()
        play_balance(spec, replace(settings, seed=k + 1))
        rates.append(games / (time.perf_counter() - t))
    return statistics.median(rates)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    runs = (("random", 4000 if quick else 20_000, ">=2,000/s"), ("greedy", 200 if quick else 1000, ""))
    rows = core_bench.engine_games("finstere_flure", pl, Policy, runs, repeats)
    games = 4 * 4096 if quick else 16 * 4096
    for jobs in (1, 2):
        rows.append({"what": f"finstere_flure `analyzer balance`, 4 random players, {games:,} games, {jobs} local "
                             f"worker{'s' if jobs > 1 else ''} (games/s, median of 3)",
                     "ours": balance_games_per_second(jobs, games, 3), "comparison": None, "ratio": None,
                     "target": ">=2,000/s on 2 cores" if jobs == 2 else ""})
    rows += core_bench.exact_questions("finstere_flure", ("odds", "ev"), repeats)
    decisions = core_bench.spread_decisions(g.MODEL, new_game, 3 if quick else 12, g.P_GREEDY)
    return rows + core_bench.search_rows("finstere_flure", g.MODEL, decisions, g.P_GREEDY, g.NSTREAMS,
                                         (("search:64:greedy", "greedy", 4, 2 if quick else 4, ">=1/s"),), 1)


def new_game(seed: int):
    """Seeded 4-player game `seed` set up, greedy in every seat: (state, cfg, chance streams)."""
    cfg = g.settings_vector(None, None, 4)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    s = g.state()
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, 4), g.P_GREEDY, dtype=np.int64))
    return s, cfg, streams[0]
