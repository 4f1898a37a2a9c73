"""Monte Carlo inside its interval of the exact value (seeded): the engine's own draw (its stack shuffle, the
display refill with each reshuffle reading) from a position with no display yet, against the exact display odds;
the first tile drawn is the Hacienda's blind tile (when no merge happens first), against the exact Hacienda
odds."""
import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.puerto_rico import exact
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r
from tests.games.puerto_rico import position

Z_FAMILY = 3.2  # ~12 intervals per case at once: each at 99.86%, so the family holds at about 95%
N = 3_000
SHORT = {"stack": {"coffee": 1, "tobacco": 1}, "discard_pile": {"corn": 3, "sugar": 2, "indigo": 1, "coffee": 2}}
CASES = [
    (3, {}, {}), (4, {}, {}), (5, {}, {}),
    (4, {"reshuffle": "rest_first"}, SHORT), (4, {"reshuffle": "merge"}, SHORT),
    (5, {"reshuffle": "merge"}, {"stack": {}, "discard_pile": {"sugar": 4, "coffee": 3}}),
]


def _engine_displays(p, seed: int) -> np.ndarray:
    """N first displays drawn by the engine from the position (tiles in draw order, -1 past the end)."""
    cfg = g.settings_vector(p.settings, p.players)
    s0 = g.position_state(p, ("greedy",) * p.players)
    seeds = g.Chance(N, np.random.default_rng(seed)).seeds
    s, st = np.zeros(g.SSIZE, dtype=np.int64), np.zeros((1, g.STSIZE), dtype=np.int64)
    out = np.full((N, r.display_size(p.players)), -1, dtype=np.int64)
    for j in range(N):
        g.run(cfg, seeds[j:j + 1], st, s, g.FROM_STATE, 0, s0=s0)
        out[j, :s[g.DISPN]] = s[g.DISP:g.DISP + s[g.DISPN]]
    return out


def _inside(hits: int, p_exact) -> bool:
    if p_exact in (0, 1):
        return hits == p_exact * N
    lo, hi = stats.wilson(hits, N, Z_FAMILY)
    return lo <= float(p_exact) <= hi


@pytest.mark.parametrize("players, rules, kw", CASES)
def test_the_engine_draws_the_display_and_the_hacienda_tile_at_the_exact_odds(players, rules, kw):
    p = position(players, rules=rules, **kw)
    shown = _engine_displays(p, 27 + players)
    for o in exact.display_odds(p):
        hits = int(np.isin(shown, o.crops).any(1).sum())
        assert _inside(hits, o.at_least_one), (o.crops, hits / N, float(o.at_least_one))
        mean = np.isin(shown, o.crops).sum(1)
        half = Z_FAMILY * mean.std() / np.sqrt(N) + 1e-12
        assert abs(mean.mean() - float(o.expected)) <= half, (o.crops, mean.mean(), float(o.expected))
    if p.settings.reshuffle == "merge" and sum(p.stack):
        return  # the display's first tile then comes from the merged piles; a Hacienda draws from the stack
    probs, none = exact.hacienda(p)
    for c, q in enumerate(probs):
        assert _inside(int((shown[:, 0] == c).sum()), q), (r.CROPS[c], float(q))
    assert none == 0
