"""Hand-stepped moves, each on the readable reference and on the vectorised engine."""
import numpy as np
import pytest

from analyzer.games.camelup import reference
from tests.games.camelup.helpers import B, G, O, W, Y, vector_move


def both(stacks, camel, steps, desert=None):
    ref = {s: list(v) for s, v in stacks.items()}
    landed = reference.move(ref, camel, steps, desert or {})
    ref = {s: ref[s] for s in sorted(ref)}
    vec, vec_landed = vector_move(stacks, camel, steps, desert)
    assert vec == ref
    assert vec_landed == landed
    return ref, landed


def test_a_camel_carries_every_camel_above_it_and_leaves_those_below():
    after, _ = both({1: [B, G, O]}, G, 2)
    assert after == {1: [B], 3: [G, O]}


def test_a_unit_lands_on_top_of_an_occupied_space():
    after, _ = both({1: [B, G], 3: [Y, W]}, B, 2)
    assert after == {3: [Y, W, B, G]}


def test_the_top_camel_moves_alone():
    after, _ = both({2: [B, G, O]}, O, 1)
    assert after == {2: [B, G], 3: [O]}


def test_oasis_moves_one_further_and_lands_on_top():
    after, landed = both({1: [B, G], 5: [Y]}, B, 3, {4: +1})
    assert after == {5: [Y, B, G]}
    assert landed == 4


def test_mirage_moves_one_back_and_slides_under():
    after, landed = both({1: [B], 3: [Y, W]}, B, 3, {4: -1})
    assert after == {3: [B, Y, W]}
    assert landed == 4


def test_mirage_back_to_the_space_it_left_goes_under_the_camels_left_there():
    after, landed = both({2: [B, G, O]}, G, 1, {3: -1})
    assert after == {2: [G, O, B]}
    assert landed == 3


def test_mirage_on_space_two_sends_the_unit_back_to_one():
    after, _ = both({1: [B, Y]}, Y, 1, {2: -1})
    assert after == {1: [Y, B]}


def test_moving_past_the_finish_line_and_ranking_there():
    after, _ = both({15: [B], 16: [G, O]}, B, 3)
    assert after == {16: [G, O], 18: [B]}
    assert reference.finished(after, 16)
    assert reference.ranking(after) == [B, O, G]


def test_ranking_past_the_line_by_distance_then_height():
    stacks = {17: [B, G], 19: [O], 12: [Y, W]}
    assert reference.ranking(stacks) == [O, G, B, W, Y]


@pytest.mark.parametrize("seed", range(40))
def test_vectorised_moves_match_the_reference_on_random_boards(seed):
    rng = np.random.default_rng(seed)
    camels = list(rng.permutation(5))
    stacks: dict[int, list[int]] = {}
    for c in camels:
        stacks.setdefault(int(rng.integers(1, 12)), []).append(int(c))
    free = [s for s in range(2, 17) if s not in stacks]
    desert = {}
    for s in rng.permutation(free)[:3]:
        if all(abs(int(s) - t) > 1 for t in desert):
            desert[int(s)] = int(rng.choice([-1, 1]))
    for _ in range(5):
        camel = int(rng.integers(5))
        steps = int(rng.integers(1, 4))
        stacks, _ = both(stacks, camel, steps, desert)
        if reference.finished(stacks, 16):
            break
