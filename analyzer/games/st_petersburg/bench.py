"""Sankt Petersburg benchmarks: whole games per second from the set-up, random and greedy players (the issue's
target: at least 200 4-player games/s), medians of repeated batches, one process (the numba kernel is compiled or
loaded from its cache before timing); then the exact questions' compute time on their shipped scenarios (target
under 0.2 s).  No public engine plays these policies, so there is no comparison column.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench
from analyzer.games.st_petersburg import play as pl
from analyzer.games.st_petersburg.policies import Policy

EXACT_QUESTIONS = ("odds", "end", "ev")


def games_per_second(kind: str, players: int, games: int, repeats: int) -> float:
    """Median over `repeats` batches of `games` games each."""
    config = pl.GameConfig(pl.RuleSet(), players, (Policy(kind),) * players)
    return core_bench.per_second(lambda n, rng: pl.play(config, n, rng), games, repeats)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    rows = []
    for kind, games in (("random", 1000 if quick else 5000), ("greedy", 1000 if quick else 5000)):
        rows.append({"what": f"st_petersburg full 4-player games, {kind} players, 1 process (games/s, median of "
                             f"{repeats})",
                     "ours": games_per_second(kind, 4, games, repeats), "comparison": None, "ratio": None,
                     "target": ">=200/s"})
    return rows + core_bench.exact_questions("st_petersburg", EXACT_QUESTIONS, repeats)
