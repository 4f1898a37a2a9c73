"""Goa benchmarks: whole games per second from the set-up, random players (the issue's target: at least 200
4-player games/s) and greedy players, medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing), on the illustrative board data; then the exact questions' compute time on
their slowest shipped scenario (target under 0.2 s).  No public engine plays these policies, so there is no
comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.goa import play as pl
from analyzer.games.goa.policies import Policy


def games_per_second(kind: str, players: int, games: int, repeats: int) -> float:
    """Median over `repeats` batches of `games` games each."""
    config = pl.GameConfig(pl.RuleSet(), players, (Policy(kind),) * players)
    return core_bench.per_second(lambda n, rng: pl.play(config, n, rng), games, repeats)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    rows = []
    for kind, games, target in (("random", 2000 if quick else 10_000, ">=200/s"),
                                ("greedy", 2000 if quick else 10_000, "")):
        rows.append({"what": f"goa full 4-player games (illustrative board), {kind} players, 1 process (games/s, "
                             f"median of {repeats})",
                     "ours": games_per_second(kind, 4, games, repeats), "comparison": None, "ratio": None,
                     "target": target})
    return rows + core_bench.exact_questions("goa", ("odds", "hand_needed", "nachschub", "hold_or_play"), repeats)
