"""San Marco benchmarks: whole 4-player games per second with random and with greedy players (the issue's
targets: >= 2,000/s and >= 50/s on 2 cores), and 3-player greedy games; medians of repeated batches, one
process (the numba kernel is compiled or loaded from its cache before timing).  Then the search player: its
driver's share of a decision and one search:64 seat (base greedy) against three greedy ones on 2 workers.

No public engine plays San Marco, so there is no comparison column.  On the illustrative board.
"""
from __future__ import annotations


from analyzer.core import bench as core_bench
from analyzer.games.san_marco import game as g
from analyzer.games.san_marco import model
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.policies import Policy


def games_per_second(kind: str, players: int, games: int, repeats: int) -> float:
    """Median over `repeats` batches of `games` games each."""
    policies = [Policy(kind)] * players
    return core_bench.per_second(
        lambda n, rng: g.play_games(r.Board(), r.Settings(), players, policies, n, rng),
        games, repeats)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    rows = []
    for kind, players, games, target in (("random", 4, 2000 if quick else 10_000, ">=2,000/s on 2 cores"),
                                         ("greedy", 4, 50 if quick else 300, ">=50/s on 2 cores"),
                                         ("greedy", 3, 30 if quick else 150, "")):
        rows.append({"what": f"san_marco full {players}-player games, {kind} players, 1 process (games/s, median "
                             f"of {repeats})", "ours": games_per_second(kind, players, games, repeats),
                     "comparison": None, "ratio": None, "target": target})
    greedy = g.POLICY_CODES["greedy"]
    decisions = core_bench.spread_decisions(model.MODEL, lambda seed: model.new_game(4, seed), 6 if quick else 24,
                                            greedy)
    return rows + core_bench.search_rows("san_marco", model.MODEL, decisions, greedy, model.NSTREAMS,
                                         (("search:64", "greedy", 4, 4 if quick else 8, ">=1/s"),),
                                         1 if quick else 3)
