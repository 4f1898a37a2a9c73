"""Monte Carlo inside its interval of the exact value (seeded): the bag dealt for real (the unlisted bar tiles taken
out of the unseen non-jokers first, then my draws off a shuffled bag), against the exact draw odds of question 1
and the completion odds of question 2."""
import numpy as np

from analyzer.core import stats
from analyzer.games.cafe_international import exact
from analyzer.games.cafe_international import rules as r
from tests.games.cafe_international import position

Z_FAMILY = 3.2  # a family of ~10 intervals at once: each at 99.86%
N = 10_000


def _draws(p, d: int, rng: np.random.Generator) -> np.ndarray:
    """N simulated draws (N, d) of tile kinds: the hidden bar tiles removed from the non-jokers, then d off the top."""
    pool = np.repeat(np.arange(r.KINDS), p.pool)
    keys = rng.random((N, len(pool)))
    keys[:, pool >= 2 * r.JOKER] += 2.0  # jokers sort last among the hidden candidates: never hidden
    order = np.argsort(keys, axis=1)
    hidden = order[:, :p.bar_hidden]
    mask = np.ones((N, len(pool)), dtype=bool)
    np.put_along_axis(mask, hidden, False, axis=1)
    rest = np.argsort(np.where(mask, rng.random((N, len(pool))), 2.0), axis=1)[:, :d]
    return pool[rest]


def _inside(hits, want):
    lo, hi = stats.wilson(int(hits), N, Z_FAMILY)
    assert lo - 1e-12 <= float(want) <= hi + 1e-12, (float(want), lo, hi)


def _mid_game(**kw):
    return position(players=3, seated={"c5": ["N2", "f"], "c6": ["N2", "m"], "c8": ["N3", "f"], "c9": ["N3", "m"]},
                    hands={0: [["N3", "m"], ["N1", "f"]], 1: [["joker", "m"]] * 2, 2: [["N2", "f"]]}, **kw)


def test_the_draw_odds_match_simulated_draws_with_and_without_unlisted_bar_tiles():
    rng = np.random.default_rng(11)
    for p in (_mid_game(), _mid_game(bar_filled=9)):
        draws = _draws(p, 4, rng)
        for kinds in (exact.targets(2, 0, True), exact.targets(0, None, False), frozenset(exact.JOKER_KINDS)):
            got = np.isin(draws, list(kinds)).sum(1)
            dist = exact.hits(p, kinds, 4)
            _inside((got >= 1).sum(), exact.at_least(dist, 1))
            _inside((got == 2).sum(), dist.get(2, 0))


def test_the_completion_odds_match_simulated_draws():
    rng = np.random.default_rng(12)
    p = position(players=2, seated={"c2": ["N1", "f"], "c3": ["N1", "m"]}, hands={0: [["N1", "f"]]}, bar_filled=5)
    c = exact.completion(p, 0, 3)
    legal = {(r.kind(*a), r.kind(*b)) for a, b in c.pairs}
    draws = _draws(p, 3, rng)
    hand = [r.kind(0, 0)]
    ok = sum(any((a, b) in legal for i, a in enumerate(have) for j, b in enumerate(have) if i != j)
             for have in (hand + list(row) for row in draws))
    _inside(ok, c.p)
