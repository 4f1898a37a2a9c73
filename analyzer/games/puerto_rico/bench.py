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


def games_per_second(kind: str, players: int, games: int, repeats: int) -> float:
    """Median over `repeats` batches of `games` games each."""
    config = pl.GameConfig(pl.RuleSet(), players, (Policy(kind),) * players)
    return core_bench.per_second(lambda n, rng: pl.play(config, n, rng), games, repeats)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    games = 1000 if quick else 5000
    rows = []
    for kind, target in (("greedy", ">=50/s"), ("random", ">=50/s")):
        rows.append({"what": f"puerto_rico full 4-player games, {kind} players, 1 process (games/s, median of "
                             f"{repeats})",
                     "ours": games_per_second(kind, 4, games, repeats), "comparison": None, "ratio": None,
                     "target": target})
    return rows + core_bench.exact_questions("puerto_rico", ("odds", "hacienda"), repeats)
