"""Second edition: crazy camels, the grey die's override rules, spectator tiles, 5 of 6 dice."""
import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.camelup import exact, reference, sim
from analyzer.games.camelup.rules import rule_set
from analyzer.games.camelup.state import DesertTile, Position, parse_position

RULES = rule_set("second")
B, G, Y, R, P, W, K = range(7)
RACING = set(range(5))
GREY = reference.GREY


def position(stacks, dice, grey=True, tiles=()):
    return Position(RULES, 4, {s: tuple(v) for s, v in stacks.items()}, tuple(sorted(dice)), tuple(tiles),
                    leg_tiles_left=((5, 3, 2, 2),) * 5 + ((), ()), held_leg_tiles=((),) * 4,
                    overall_cards_placed=(frozenset(),) * 4, money=(3,) * 4, grey_die_left=grey)


def vector_mover(stacks, named):
    pos, height = sim.start_words(position(stacks, []), 1)
    return int(sim.crazy_mover(pos, height, np.array([named], dtype=np.uint64), (W, K), 5)[0])


@pytest.mark.parametrize("stacks, named, mover", [
    ({3: [W, B], 9: [K]}, K, W),          # only white carries racing camels: it moves on a black face
    ({3: [G], 9: [K, Y, R], 12: [W]}, W, K),  # only black carries: black moves on a white face
    ({5: [W, K], 8: [B]}, W, K),          # black sits directly on white: the top one moves
    ({5: [K, W, G]}, K, W),               # both carry a racer, white sits on black: the top one
    ({5: [W, B, K], 9: [G]}, K, W),       # white carries, black carries none: white, whatever the face
    ({4: [W], 10: [K]}, K, K),            # neither carries nor sits on the other: the face decides
    ({4: [W], 10: [K]}, W, W),
])
def test_grey_die_override_rules(stacks, named, mover):
    assert reference.crazy_mover({s: list(v) for s, v in stacks.items()}, named, (W, K), RACING) == mover
    assert vector_mover(stacks, named) == mover


@pytest.mark.parametrize("seed", range(30))
def test_vectorised_crazy_mover_matches_the_reference_on_random_boards(seed):
    rng = np.random.default_rng(seed)
    stacks = {}
    for c in rng.permutation(7):
        stacks.setdefault(int(rng.integers(1, 6)), []).append(int(c))
    for named in (W, K):
        assert vector_mover(stacks, named) == reference.crazy_mover(stacks, named, (W, K), RACING)


def test_a_crazy_camel_carries_what_is_above_it_backwards_and_lands_on_top():
    stacks = {6: [G, W, R, B], 3: [Y]}
    reference.move(stacks, W, 3, {}, backward=True)
    assert stacks == {6: [G], 3: [Y, W, R, B]}


def test_cheering_sends_a_crazy_unit_one_further_backwards_on_top():
    stacks = {8: [W, B], 4: [Y]}
    reference.move(stacks, W, 3, {5: +1}, backward=True)
    assert stacks == {4: [Y, W, B]}


def test_booing_sends_a_crazy_unit_one_back_clockwise_and_under():
    stacks = {8: [W, B], 6: [Y]}
    reference.move(stacks, W, 3, {5: -1}, backward=True)
    assert stacks == {6: [W, B, Y]}


@pytest.mark.parametrize("stacks, tiles, camel, steps", [
    ({8: [W, B], 4: [Y]}, {5: 1}, W, 3),
    ({8: [W, B], 6: [Y]}, {5: -1}, W, 3),
    ({6: [G, W, R, B], 3: [Y]}, {}, W, 3),
    ({2: [K, P], 9: [W]}, {}, K, 2),
])
def test_vectorised_backward_moves_match_the_reference(stacks, tiles, camel, steps):
    ref = {s: list(v) for s, v in stacks.items()}
    reference.move(ref, camel, steps, tiles, backward=True)
    pos, height = sim.start_words(position(stacks, []), 1)
    table = sim.effects_table([DesertTile(s, p, 0) for s, p in tiles.items()])
    p, h, _, _ = sim.move(pos, height, np.array([camel], dtype=np.uint64), np.array([-steps % 2**64], dtype=np.uint64),
                          table, backward=np.array([True]))
    got = {}
    space, level = sim.unpack(p, 7)[0], sim.unpack(h, 7)[0]
    for c in np.argsort(level, kind="stable"):
        if space[c]:
            got.setdefault(int(space[c]) - sim.BIAS, []).append(int(c))
    assert got == {s: ref[s] for s in ref}


def test_ranking_ignores_crazy_camels():
    assert reference.ranking({3: [B, W], 5: [K, G]}, RACING) == [G, B]
    got = exact.leg_exact(position({3: [B, W], 5: [K, G]}, [], grey=False)).rank_probs[0]
    assert got[G, 0] == 1 and got[B, 1] == 1
    assert got[W].sum() == 0 and got[K].sum() == 0


def test_a_crazy_camel_crossing_space_one_ends_the_race_and_its_riders_rank_last():
    # white on 1 carrying blue; only the grey die left besides green's: any white move crosses
    pos = position({1: [W, B], 4: [G], 9: [K]}, [G])
    got = exact.leg_exact(pos)
    probs, _ = reference.leg_odds({1: [W, B], 4: [G], 9: [K]}, (G, GREY), {}, (1, 2, 3), 16, 7, crazy=(W, K),
                                  dice_left_at_end=1)
    assert got.rank_probs[0] == pytest.approx(np.array(probs, dtype=float), abs=1e-12)
    assert got.finish_prob[0] > 0
    assert got.rank_probs[0][B, 1] > 0  # carried across the line: behind green


def test_a_leg_ends_with_one_die_still_in_the_pyramid():
    assert exact.leg_exact(position({1: [B], 3: [G], 14: [W], 15: [K]}, [B], grey=False)).rank_probs[0][G, 0] == 1


@pytest.mark.parametrize("seed", range(5))
def test_exact_equals_the_reference_on_random_second_edition_positions(seed):
    rng = np.random.default_rng(seed)
    stacks = {}
    for c in rng.permutation(7):
        stacks.setdefault(int(rng.integers(3, 14)), []).append(int(c))
    free = [s for s in range(2, 17) if s not in stacks]
    tiles = {}
    for s in rng.permutation(free):
        if len(tiles) < 2 and all(abs(int(s) - t) > 1 for t in tiles):
            tiles[int(s)] = int(rng.choice([-1, 1]))
    dice = sorted(int(c) for c in rng.permutation(5)[:2])
    pos = position(stacks, dice, tiles=[DesertTile(s, p, i) for i, (s, p) in enumerate(tiles.items())])
    got = exact.leg_exact(pos)
    probs, landings = reference.leg_odds(stacks, tuple(dice) + (GREY,), tiles, (1, 2, 3), 16, 7, crazy=(W, K),
                                         dice_left_at_end=1)
    assert got.rank_probs[0] == pytest.approx(np.array(probs, dtype=float), abs=1e-12)
    for space, value in landings.items():
        assert got.landings[0, space] == pytest.approx(float(value), abs=1e-12)


def test_monte_carlo_leg_odds_agree_with_exact_with_all_six_dice():
    pos = parse_position({"game": "camelup", "rules": {"edition": "second"}, "position": {
        "track": {1: ["blue", "green"], 2: ["yellow"], 3: ["red", "purple"], 15: ["white"], 16: ["black"]},
        "dice_left": ["blue", "green", "yellow", "red", "purple", "grey"],
        "desert": [{"space": 6, "side": "booing", "owner": 1}]}})
    truth = exact.leg_exact(pos)
    n = 200_000
    mc = sim.leg_rank_counts(pos, n, np.random.default_rng(11))
    lo, hi = stats.wilson(mc["rank_counts"][:5, :5], n, z=3.89)
    assert np.all((lo <= truth.rank_probs[0][:5, :5]) & (truth.rank_probs[0][:5, :5] <= hi))
    assert abs(mc["landings"][6 + sim.BIAS] / n - truth.landings[0, 6]) < 4 * np.sqrt(truth.landings[0, 6] / n)


def test_race_monte_carlo_agrees_with_exact_when_the_race_must_end_this_leg():
    # purple on 16 with 5 racing dice + grey in; every leg rolls purple unless its die is the one left,
    # so pick a position where any racing move ends it: all racers on 15-16
    stacks = {15: [B, G], 16: [Y, R, P], 10: [W], 11: [K]}
    pos = position(stacks, [B, G, Y, R, P])
    truth = exact.leg_exact(pos)
    assert truth.finish_prob[0] == pytest.approx(1.0)
    n = 100_000
    mc = sim.race_counts(pos, n, np.random.default_rng(3))
    lo, hi = stats.wilson(mc["win"][:5], n, z=3.48)
    assert np.all((lo <= truth.rank_probs[0][:5, 0]) & (truth.rank_probs[0][:5, 0] <= hi))
