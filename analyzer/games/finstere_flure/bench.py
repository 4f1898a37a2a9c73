"""Finstere Flure benchmarks: whole games per second from the set-up on the illustrative board, random players
(the issue's target: at least 2,000 4-player games/s on the 2-core machine) and greedy players (every end of
every figure still to move tried against each distinct card left).  Medians of repeated batches, one process (the
numba kernel is compiled or loaded from its cache before timing).  No public engine plays these policies, so
there is no comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.finstere_flure import play as pl
from analyzer.games.finstere_flure.policies import Policy


def games_per_second(kind: str, players: int, games: int, repeats: int) -> float:
    """Median over `repeats` batches of `games` games each."""
    config = pl.GameConfig(pl.RuleSet(), players, (Policy(kind),) * players)
    return core_bench.per_second(lambda n, rng: pl.play(config, n, rng), games, repeats)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    rows = []
    for kind, games, target in (("random", 4000 if quick else 20_000, ">=2,000/s on 2 cores"),
                                ("greedy", 200 if quick else 1000, "")):
        rows.append({"what": f"finstere_flure full 4-player games, {kind} players, 1 process (games/s, median of "
                             f"{repeats})",
                     "ours": games_per_second(kind, 4, games, repeats), "comparison": None, "ratio": None,
                     "target": target})
    return rows + core_bench.exact_questions("finstere_flure", ("odds", "ev"), repeats)
