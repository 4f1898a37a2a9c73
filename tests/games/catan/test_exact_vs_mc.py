"""Seeded Monte Carlo inside the 95% interval of the exact values: the discard before my next roll and the turns
until a city (the same rollouts that answer bank_trades: true, here with no trades)."""
import numpy as np

from analyzer.core import stats
from analyzer.games.catan import analysis, exact
from analyzer.games.catan import rules as r


def inside(hits, n, value, z=stats.Z95) -> bool:
    lo, hi = stats.wilson(hits, n, z)
    return lo <= float(value) <= hi


def test_simulated_discards_match_485_7776():
    rng = np.random.default_rng(3)
    n = 40_000
    dice = rng.integers(1, 7, size=(3, 2, n)).sum(1)
    cards = np.full(n, 7)
    hit = np.zeros(n, dtype=bool)
    for s in dice:
        seven = (s == 7) & (cards > 7)
        hit |= seven
        cards = np.where(seven, cards - (cards + 1) // 2, cards + (s == 6))
    assert inside(hit.sum(), n, exact.discard_risk(7, {6: (0, 0, 0, 0, 1)}, 3, "up").p_discard)


def test_rollouts_without_trades_match_the_exact_turns_to_a_city():
    prod = {6: (0, 0, 0, 0, 1), 8: (0, 0, 0, 1, 0), 5: (1, 0, 0, 0, 0)}
    table = tuple(tuple(prod.get(s, exact.ZERO)) for s in range(13))
    for rounding in ("up", "down"):
        want = exact.afford((2, 0, 0, 1, 0), prod, r.COSTS["city"], 2, 4, 6, rounding).cumulative()
        task = analysis.AffordRollouts((2, 0, 0, 1, 0), table, r.COSTS["city"], 2, 4, 6, rounding, None)
        counts = task(30_000, np.random.default_rng(8))["turn"]
        assert counts.sum() == 30_000
        cum = np.cumsum(counts[:-1])
        # six intervals at once: Bonferroni's z for a 95% family
        assert all(inside(cum[t], 30_000, want[t], 2.64) for t in range(6)), (rounding, cum / 30_000, want)
