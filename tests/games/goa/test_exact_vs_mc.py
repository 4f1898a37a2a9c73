"""Monte Carlo inside its interval of the exact value (seeded): the expedition deck shuffled for real, the draw pile
dealt from the unseen cards, the flips taken off the top (a short pile completed by each expedition_reshuffle
reading), against the exact colony odds and the Nachschub distribution."""
import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.goa import exact
from analyzer.games.goa import rules as r
from tests.games.goa import position

Z_FAMILY = 3.2  # a family of ~20 intervals at once: each at 99.86%, so the family holds at about 95%
N = 20_000


def _unseen(p) -> np.ndarray:
    return np.repeat(np.array(r.COLONIST_NUMBERS), p.pool)


def _flips(p, k: int, rng: np.random.Generator) -> np.ndarray:
    """N simulated S_k: shuffle the unseen cards, the first deck_left are the pile (top first); the pile short,
    complete it from the listed discard by the reading."""
    unseen = _unseen(p)
    order = np.argsort(rng.random((N, len(unseen))), axis=1)
    pile = unseen[order[:, :p.deck_left]]
    if k <= p.deck_left:
        return pile[:, :k].sum(1)
    discard = np.repeat(np.array(r.COLONIST_NUMBERS), p.discard_counts)
    n = exact.cards_flipped(p, k)
    if p.settings.expedition_reshuffle == "discard_under":
        shuffled = discard[np.argsort(rng.random((N, len(discard))), axis=1)]
        return pile.sum(1) + shuffled[:, :n - p.deck_left].sum(1)
    both = np.concatenate([pile, np.broadcast_to(discard, (N, len(discard)))], axis=1)
    mixed = np.take_along_axis(both, np.argsort(rng.random(both.shape), axis=1), axis=1)
    return mixed[:, :n].sum(1)


def _inside(hits, want):
    lo, hi = stats.wilson(int(hits), N, Z_FAMILY)
    assert lo - 1e-12 <= float(want) <= hi + 1e-12, (float(want), lo, hi)


CASES = {
    "two cards, the illustrative deck": dict(colony_attempt={"level_colonists": 0, "hand_colonists": 3}),
    "three cards, a discard seen": dict(
        colony_attempt={"level_colonists": 1, "hand_colonists": 2, "cards_flipped": 3, "kolonista_tile": True},
        expedition={"discard": [{"colonists": 3}] * 4 + [{"colonists": 1}],
                    "my_hand": [{"effect": "colony_three_cards", "colonists": 2, "symbol": "palms"}]}),
    "a short pile, discard under": dict(
        rules={"expedition_reshuffle": "discard_under"}, colony_attempt={"level_colonists": 2, "hand_colonists": 2},
        expedition={"deck_left": 1, "discard": [{"colonists": 1}, {"colonists": 1}, {"colonists": 3}]}),
    "a short pile, shuffled together": dict(
        rules={"expedition_reshuffle": "shuffle_together"},
        colony_attempt={"level_colonists": 2, "hand_colonists": 2},
        expedition={"deck_left": 1, "discard": [{"colonists": 1}, {"colonists": 1}, {"colonists": 3}]}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_simulated_flips_hold_the_exact_colony_odds(case):
    p = position(**CASES[case])
    a = p.attempt
    s = _flips(p, a.flipped, np.random.default_rng(11))
    held = a.hand + a.extras
    for colony, o in exact.all_colonies(p).items():
        _inside(((s + held + a.level) >= r.COLONY_TARGETS[colony]).sum(), o.success)


def test_simulated_nachschub_flips_hold_the_exact_distribution():
    p = position(expedition={"discard": [{"colonists": 2}] * 3, "known_elsewhere": [{"colonists": 1}]})
    s = _flips(p, 2, np.random.default_rng(12))
    for total, q in exact.flip_sums(p, 2).items():
        _inside((s == total).sum(), q)
