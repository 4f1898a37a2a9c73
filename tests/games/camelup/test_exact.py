"""Exact leg odds: the reference figures of camelup.md §4, the reference engine, Monte Carlo."""
from fractions import Fraction

import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.camelup import exact, reference, sim
from tests.games.camelup.helpers import B, G, O, W, Y, position


def test_all_five_stacked_on_space_one():
    probs = exact.leg_exact(position({1: [B, G, O, Y, W]})).rank_probs[0]
    assert probs[B, 0] == pytest.approx(487 / 5832, abs=1e-13)
    assert probs[W, 0] == pytest.approx(4583 / 14580, abs=1e-13)
    assert probs.sum(axis=1) == pytest.approx(np.ones(5))
    assert probs.sum(axis=0) == pytest.approx(np.ones(5))


def test_five_dice_are_29160_equally_likely_sequences_when_no_camel_can_finish():
    # camelup.md §4: k!·3^k (order, value) sequences, 29,160 for k = 5; from one stack on space 1 no camel can
    # pass space 16 in a leg (at most 5 moves of 3), so every sequence is a leaf of weight 1/29160: counting is exact
    from collections import Counter
    from itertools import permutations, product

    start = {1: [B, G, O, Y, W]}
    sequences = [(order, values) for order in permutations(range(5)) for values in product((1, 2, 3), repeat=5)]
    assert len(sequences) == 29160
    wins = Counter()
    for order, values in sequences:
        stacks = {s: list(v) for s, v in start.items()}
        for camel, steps in zip(order, values):
            reference.move(stacks, camel, steps, {})
        wins[reference.ranking(stacks)[0]] += 1
    probs = exact.leg_exact(position(start)).rank_probs[0]
    for camel in range(5):
        assert probs[camel, 0] == pytest.approx(wins[camel] / 29160, abs=1e-13)
    assert wins[B] == 2435 and wins[W] == 9166  # 487/5832 and 4583/14580 of 29,160


def test_two_camels_the_back_one_can_only_win_by_riding():
    # the back camel wins only by rolling 3 first, landing on top, then being carried
    probs = exact.leg_exact(position({1: [B], 4: [W]})).rank_probs[0]
    assert probs[W, 0] == pytest.approx(5 / 6, abs=1e-13)
    assert probs[B, 0] == pytest.approx(1 / 6, abs=1e-13)


def test_reference_engine_gives_the_same_fractions():
    probs, _ = reference.leg_odds({1: [B], 4: [W]}, (B, W), {}, (1, 2, 3), 16, 5)
    assert probs[W][0] == Fraction(5, 6)


def _random_position(rng, dice_count):
    stacks = {}
    for c in rng.permutation(5):
        stacks.setdefault(int(rng.integers(9, 16)), []).append(int(c))
    free = [s for s in range(2, 17) if s not in stacks]
    desert = []
    for s in rng.permutation(free):
        if len(desert) < 2 and all(abs(int(s) - t) > 1 for t, _ in desert):
            desert.append((int(s), int(rng.choice([-1, 1]))))
    dice = sorted(int(c) for c in rng.permutation(5)[:dice_count])
    return stacks, dice, dict(desert)


@pytest.mark.parametrize("seed", range(6))
def test_vectorised_exact_equals_the_reference_with_desert_tiles_and_finishes(seed):
    rng = np.random.default_rng(seed)
    stacks, dice, desert = _random_position(rng, dice_count=3)
    pos = position(stacks, dice, list(desert.items()))
    got = exact.leg_exact(pos)
    probs, landings = reference.leg_odds({s: list(v) for s, v in stacks.items()}, tuple(dice), desert,
                                         (1, 2, 3), 16, 5)
    assert got.rank_probs[0] == pytest.approx(np.array(probs, dtype=float), abs=1e-12)
    for space, value in landings.items():
        assert got.landings[0, space] == pytest.approx(float(value), abs=1e-12)


def test_a_race_ending_mid_leg_books_its_probability_once():
    # white on 16: any white roll ends the race; blue's die may or may not come first
    pos = position({10: [B], 16: [W]}, dice=[B, W])
    got = exact.leg_exact(pos)
    assert got.finish_prob[0] == pytest.approx(1.0)
    assert got.rank_probs[0].sum(axis=1)[[B, W]] == pytest.approx([1, 1])
    assert got.rank_probs[0][W, 0] == pytest.approx(1.0)


def test_several_layouts_in_one_pass_equal_separate_runs():
    pos = position({1: [B, G], 3: [O], 4: [Y, W]}, dice=[B, O, W])
    from analyzer.games.camelup.state import DesertTile

    layouts = [(), (DesertTile(5, 1, 0),), (DesertTile(6, -1, 0),), (DesertTile(2, -1, 1),)]
    together = exact.leg_exact(pos, layouts)
    for i, tiles in enumerate(layouts):
        alone = exact.leg_exact(pos, [tiles])
        assert together.rank_probs[i] == pytest.approx(alone.rank_probs[0], abs=1e-12)
        assert together.landings[i] == pytest.approx(alone.landings[0], abs=1e-12)


@pytest.mark.parametrize("desert", [(), ((5, 1), (8, -1))])
def test_monte_carlo_leg_odds_lie_inside_their_intervals_of_the_exact_odds(desert):
    pos = position({1: [B, G], 2: [O], 3: [Y, W]}, desert=list(desert))
    truth = exact.leg_exact(pos)
    n = 200_000
    mc = sim.leg_rank_counts(pos, n, np.random.default_rng(2024))
    lo, hi = stats.wilson(mc["rank_counts"], n, z=3.89)  # 99.99%: 25 cells must all hold
    assert np.all((lo <= truth.rank_probs[0]) & (truth.rank_probs[0] <= hi))
    for space, _ in desert:
        mean = mc["landings"][space + sim.BIAS] / n
        assert abs(mean - truth.landings[0, space]) < 4 * np.sqrt(truth.landings[0, space] / n)


def test_monte_carlo_race_odds_agree_with_exact_when_the_race_must_end_this_leg():
    # every camel's die is in the pyramid and the leader is on 16: the race ends this leg,
    # so race winner/loser odds are the exact first/last leg odds
    pos = position({13: [B], 14: [G, O], 16: [Y], 15: [W]})
    truth = exact.leg_exact(pos)
    assert truth.finish_prob[0] == pytest.approx(1.0)
    n = 200_000
    mc = sim.race_counts(pos, n, np.random.default_rng(5))
    assert mc["legs"][1] == n
    for counts, rank in ((mc["win"], 0), (mc["lose"], 4)):
        lo, hi = stats.wilson(counts, n, z=3.48)
        p = truth.rank_probs[0][:, rank]
        assert np.all((lo <= p) & (p <= hi))
