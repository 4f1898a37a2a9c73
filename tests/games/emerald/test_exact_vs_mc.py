"""Monte Carlo inside the 95% interval of the exact value (seeded): the dragon chain simulated roll by roll."""
from fractions import Fraction

import numpy as np

from analyzer.core import stats
from analyzer.games.emerald import exact
from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from tests.games.emerald import table


Z_FAMILY = 3.2  # a family of ~20 intervals at once: each at 99.86%, so the family holds at about 95%


def test_simulated_dragon_chains_hold_the_exact_distribution_and_hit_odds():
    for settings in (r.Settings(), r.Settings(turn_on_arrival=False, die_faces=(1, 2, 2, 3))):
        k, n = 4, 4000
        dists, hits = exact.dragon_chain(r.DRAGON_SETUP, k, settings)
        rolls = np.random.default_rng(7).choice(settings.die_faces, size=(n, k))
        ends, hit = [], np.zeros((n, r.CAVES), dtype=bool)
        for i in range(n):
            s = r.DRAGON_SETUP
            for roll in rolls[i]:
                s = r.dragon_step(s, int(roll), settings)
                hit[i, s[0] - 1] = True
            ends.append(s)
        for state, p in dists[-1].items():
            lo, hi = stats.wilson(sum(1 for e in ends if e == state), n, Z_FAMILY)
            assert lo <= p <= hi, (state, p)
        lo, hi = stats.wilson(hit.sum(0), n, Z_FAMILY)
        assert all(lo[c] - 1e-12 <= hits[-1][c] <= hi[c] + 1e-12 for c in range(r.CAVES))


def test_simulated_moves_hold_the_exact_catch_odds():
    t = table(3, knights={"red": ["s1", "s2", "s3", "s4", r.cave_pos(2)], "blue": ["s1", "s2", "s3", "s4", 10],
                          "green": ["s1", "s2", "s3", "s4", "s5"]},
              dragon={"cave": 3, "facing": "entrance"}, trail_start=2, rules={"die_faces": [1, 2, 3, 3]})
    odds = {o.move: o for o in exact.catch_odds(t)}[(0, r.cave_pos(2))]
    rng = np.random.default_rng(11)
    n, caught = 3000, {}
    for roll in rng.choice(t.settings.die_faces, n):
        info = ref.step(t.copy(), 0, r.cave_pos(2), lambda f=int(roll): f)
        caught[info["caught"]] = caught.get(info["caught"], 0) + 1
    for knight, p in odds.caught.items():
        lo, hi = stats.wilson(caught.get(knight, 0), n)
        assert lo <= p <= hi
    assert odds.caught[(1, 10)] == Fraction(1, 2)  # a 3 (two faces of four) ends on blue's cave 4
