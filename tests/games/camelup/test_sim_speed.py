"""The race Monte Carlo's fast paths (sim.py) equal the readable ones: `move_forward` equals `move`,
a leg played in blocks with tabled draws equals the leg as it was played before (kept below as
the reference), for every rule set."""
import numpy as np
import pytest

from analyzer.games.camelup import sim
from analyzer.games.camelup.sim import GREY, LAST, TABLE, _ZERO, Dice, leg_dice
from analyzer.games.camelup.state import parse_position

BENCH = {
    "first": {"game": "camelup", "position": {
        "track": {1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
        "dice_left": ["blue", "green", "orange", "yellow", "white"],
        "desert": [{"space": 5, "side": "oasis", "owner": 0}, {"space": 7, "side": "mirage", "owner": 1}]}},
    "supercup": {"game": "camelup", "rules": {"supercup": ["long_track", "boost_dice"]}, "position": {
        "track": {1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
        "dice_left": ["blue", "green", "orange", "yellow", "white"], "boost_dice_left": ["blue"],
        "desert": [{"space": 4, "side": "mirage", "owner": 0}]}},
    "second": {"game": "camelup", "rules": {"edition": "second"}, "position": {
        "track": {1: ["blue", "green"], 2: ["yellow"], 3: ["red", "purple"], 15: ["white"], 16: ["black"]},
        "dice_left": ["blue", "green", "yellow", "red", "purple", "grey"],
        "desert": [{"space": 5, "side": "cheering", "owner": 0}]}},
    "short": {"game": "camelup", "rules": {"track_length": 6}, "position": {
        "track": {1: ["blue"], 3: ["green", "orange"]}, "dice_left": ["green"]}},
}


def play_leg_before(pos, height, live, dice, effects, rules, rng, landings=None):
    """sim.play_leg as it was before the blocks and tables (game version 1): the readable reference."""
    if not isinstance(dice, Dice):
        dice = leg_dice(rules, list(dice))
    k, n = len(dice), pos.shape[0]
    rolls = k - rules.dice_left_at_leg_end
    if rolls <= 0:
        return pos, height
    perms = sim._permutations(k)
    counts = np.array([len(f) for f in dice.faces], dtype=np.int64)
    draw = rng.integers(len(perms) * int(np.prod(counts)), size=n)
    order = np.ascontiguousarray(perms[draw % len(perms)].T)
    draw //= len(perms)
    slot_camel = np.array(dice.camel, dtype=np.int64)
    if (slot_camel == LAST).any():
        per_row = np.repeat(slot_camel[:, None].astype(np.uint64), n, 1)
        per_row[slot_camel == LAST] = sim.last_racing_camel(pos, height, rules)
        camel_of = lambda slot: per_row[slot, np.arange(n)]  # noqa: E731
    else:
        camel_of = lambda slot: slot_camel.astype(np.uint64)[slot]  # noqa: E731
    width = counts.max()
    steps_of = np.zeros((k, width), dtype=np.uint64)
    colour_of = np.zeros((k, width), dtype=np.uint64)
    for d in range(k):
        steps_of[d, : counts[d]] = dice.faces[d]
        if dice.camel[d] == GREY:
            colour_of[d, : counts[d]] = dice.colour[d]
    same_faces = len(set(dice.faces)) == 1
    grey_slots = [d for d in range(k) if dice.camel[d] == GREY]
    for i in range(rolls):
        slot = order[i]
        if same_faces:
            face = draw % counts[0]
            draw //= counts[0]
        else:
            radix = counts[slot]
            face = draw % radix
            draw //= radix
        steps = steps_of[slot, face]
        camel = camel_of(slot)
        backward = None
        if grey_slots:
            backward = np.isin(slot, grey_slots)
            camel = sim.grey_camel(pos, height, camel, colour_of[slot, face], backward,
                                   (rules.racing, rules.racing + 1), rules.racing)
            steps = np.where(backward, _ZERO - steps, steps)
        if not live.all():
            steps = np.where(live, steps, _ZERO)
        pos, height, target, end = sim.move(pos, height, camel, steps, effects, backward=backward)
        if landings is not None:
            landings += np.bincount(np.where(end != target, target, _ZERO), minlength=TABLE)
        live &= ~sim.race_over(end, rules)
    return pos, height


def _legs(position, n, seed, play, tiles: bool, block=None, table_max=None, monkeypatch=None):
    """Three legs in every row (the first with the position's dice and tiles), then the boards."""
    if block is not None:
        monkeypatch.setattr(sim, "BLOCK", block)
    if table_max is not None:
        monkeypatch.setattr(sim, "PLAN_TABLE_MAX", table_max)
        monkeypatch.setattr(sim, "_PLANS", {})
    rules, rng = position.rules, np.random.default_rng(seed)
    pos, height = sim.start_words(position, n)
    live = np.ones(n, dtype=bool)
    landings = np.zeros(TABLE, dtype=np.int64)
    effects = sim.effects_table(position.desert) if tiles else None
    out = []
    for leg in range(3):
        dice = sim.position_dice(position) if leg == 0 else sim.fresh_leg_dice(rules, position.racing_on_track)
        pos, height = play(pos, height, live, dice, effects if leg == 0 else None, rules, rng,
                           landings if leg == 0 and tiles else None)
        out += [pos.copy(), height.copy(), live.copy()]
    if monkeypatch is not None:
        monkeypatch.undo()
    return out + [landings]


@pytest.mark.parametrize("name", sorted(BENCH))
@pytest.mark.parametrize("tiles", [False, True])
@pytest.mark.parametrize("block, table_max", [(None, None), (97, None), (13, 0), (None, 1 << 21)])
def test_blocked_tabled_legs_equal_the_reference(name, tiles, block, table_max, monkeypatch):
    position = parse_position(BENCH[name])
    n = 1000
    want = _legs(position, n, 9, play_leg_before, tiles)
    got = _legs(position, n, 9, sim.play_leg, tiles, block, table_max, monkeypatch)
    for a, b in zip(want, got):
        assert np.array_equal(a, b)


def test_move_forward_equals_move_on_random_boards():
    rng = np.random.default_rng(4)
    n = 20_000
    space = rng.integers(1, 17, size=(n, 5))
    order = rng.random((n, 5)).argsort(1)  # a random stacking order on each space
    height = np.zeros((n, 5), dtype=np.int64)
    for i in range(5):
        c = order[:, i]
        same = (space == space[np.arange(n), c][:, None])
        height[np.arange(n), c] = (same & (np.argsort(order, 1) < i)).sum(1)
    pos, h = sim.pack(space + sim.BIAS), sim.pack(height)
    camel = rng.integers(0, 5, size=n).astype(np.uint64)
    steps = rng.integers(0, 4, size=n).astype(np.uint64)
    want = sim.move(pos, h, camel, steps, None)
    got = sim.move_forward(pos, h, camel << np.uint64(3), steps)
    assert np.array_equal(want[0], got[0]) and np.array_equal(want[1], got[1]) and np.array_equal(want[3], got[2])


def test_race_counts_do_not_move_camels_that_are_not_in_the_race():
    # two camels on the track: later legs roll only their dice
    position = parse_position({"game": "camelup", "position": {"track": {1: ["blue"], 3: ["green"]},
                                                               "dice_left": ["blue"]}})
    race = sim.race_counts(position, 2000, np.random.default_rng(1))
    assert race["win"][[0, 1]].sum() == race["lose"][[0, 1]].sum() == 2000
