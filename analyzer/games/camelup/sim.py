"""The vectorised Camel Up engine: one row per rollout, the board packed into two uint64.

Byte c of `pos` is camel c's space plus BIAS (0 = not in this race); byte c of `height`
is its level in its stack (0 = bottom).  Moves are SIMD-within-a-register (SWAR) byte
arithmetic on whole rows, so a move costs a few dozen numpy operations on 1-D arrays
whatever the number of camels (at most 8).  Finished rows are absorbing: `live` is False
there and a move changes nothing.  `exact.py` runs the same `move` over every dice
outcome; this module draws outcomes at random.  `reference.py` is the readable version.

Speed (issue 11): a leg takes one uniform draw per row (`LegPlan`: the roll order and faces,
decoded by table lookup when the leg has few outcomes) and is then played BLOCK rows at a time,
so every temporary stays in cache and below glibc's mmap threshold (no page faults from the
heap shrinking and regrowing); with no tiles and no crazy camels a move is `move_forward`, a
shorter `move`.  The draws, and so the results for a seed, are those of the plain version
(tests/games/camelup/test_sim_speed.py keeps it as the reference).  Whole races (`race_counts`) are
played one race at a time by the compiled kernel in `race_kernel.py` on the same two-word board.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

import numpy as np

from analyzer.games.camelup.state import Position

BIAS = 8  # byte value of space 0; keeps every reachable space a positive byte
TABLE = 256  # length of a desert-effects lookup table, indexed by byte value
RANK_BASE = 16  # height < RANK_BASE, so space * RANK_BASE + height orders camels
LO = np.uint64(0x0101010101010101)
HI = np.uint64(0x8080808080808080)
LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_BYTE = np.uint64(0xFF)
_ZERO, _ONE, _THREE, _SEVEN = np.uint64(0), np.uint64(1), np.uint64(3), np.uint64(7)
_SHIFTS = np.arange(8, dtype=np.uint64) * np.uint64(8)


def bytes_equal(word, values):
    """High bit of byte c set where byte c of `word` equals the row's value (uint64 < 128)."""
    x = word ^ (values * LO)
    return ~(((x & LOW7) + LOW7) | x) & HI


def bytes_at_least(word, values):
    """High bit of byte c set where byte c of `word` >= the row's value (all bytes < 128)."""
    return ((word | HI) - values * LO) & HI


def full_bytes(high_bits):
    """0xFF in every byte whose high bit is set, 0 elsewhere."""
    return (high_bits >> np.uint64(7)) * _BYTE


def pack(columns) -> np.ndarray:
    """(rows, camels) small ints -> one uint64 per row."""
    columns = np.asarray(columns, dtype=np.uint64)
    return (columns << _SHIFTS[: columns.shape[1]]).sum(axis=1, dtype=np.uint64)


def unpack(words, camels: int) -> np.ndarray:
    return ((words[:, None] >> _SHIFTS[:camels]) & _BYTE).astype(np.int16)


def move(pos, height, camel, steps, effects, variant=None, backward=None, want_unit=False):
    """Move `camel[i]` by `steps[i]` spaces in every row i, carrying the camels above it.

    `effects[byte]` (or `effects[variant[i], byte]`) is the push of the player tile on that
    space as a uint64: +1 oasis/cheering (one further, on top), -1 mod 2**64 mirage/booing
    (one back, under what is there), 0 none; None when there are no tiles.  `camel` and
    `steps` are uint64; a step of 0 changes nothing, which is how finished rows stand still.
    Where `backward[i]` (a crazy camel) the steps, and the tile's push, count backwards
    (`steps` then holds -k mod 2**64).
    Returns the new (pos, height), the byte each unit was rolled to and the byte it ended
    on (they differ where it landed on a tile); with want_unit also the moved camels' bytes.
    """
    shift = camel << _THREE
    start = (pos >> shift) & _BYTE
    level = (height >> shift) & _BYTE
    unit = bytes_equal(pos, start) & bytes_at_least(height, level)
    target = start + steps
    if effects is None:  # no tiles: every unit lands on top
        end, under = target, None
    else:
        push = effects[target] if variant is None else effects[variant, target]
        under = push > _ONE  # a mirage/booing tile, whichever way the unit runs
        if backward is not None:
            push = np.where(backward, _ZERO - push, push)
        end = target + push
    others = bytes_equal(pos, end) & ~unit
    unit_bytes = full_bytes(unit)
    pos = (pos & ~unit_bytes) | (end * LO & unit_bytes)
    lift = np.bitwise_count(others)  # on top of what is there
    if under is not None and under.any():  # slides under what is there
        lift = np.where(under, _ZERO, lift)
        height = height + (np.where(under, np.bitwise_count(unit), _ZERO) * LO & full_bytes(others))
    height = height - (level * LO & unit_bytes) + (lift * LO & unit_bytes)
    if want_unit:
        return pos, height, target, end, unit
    return pos, height, target, end


def crazy_mover(pos, height, named, crazy: tuple[int, int], racing: int):
    """Which crazy camel a grey-die face moves (camelup.md §3): the one that alone carries
    racing camels; else the top one of two sitting directly on each other; else `named`."""
    first, second = crazy
    racing_bytes = np.uint64((1 << (8 * racing)) - 1) & HI

    def parts(c):
        shift = np.uint64(8 * c)
        return (pos >> shift) & _BYTE, (height >> shift) & _BYTE

    (p1, h1), (p2, h2) = parts(first), parts(second)
    carries1 = (bytes_equal(pos, p1) & bytes_at_least(height, h1 + _ONE) & racing_bytes) != _ZERO
    carries2 = (bytes_equal(pos, p2) & bytes_at_least(height, h2 + _ONE) & racing_bytes) != _ZERO
    same_space = p1 == p2
    mover = np.where(same_space & (h2 == h1 + _ONE), np.uint64(second), named)
    mover = np.where(same_space & (h1 == h2 + _ONE), np.uint64(first), mover)
    return np.where(carries1 != carries2, np.where(carries1, np.uint64(first), np.uint64(second)), mover)


def grey_camel(pos, height, camel, named, grey, crazy: tuple[int, int], racing: int):
    """`camel`, with the crazy camel `crazy_mover` picks in the rows where the grey die rolled."""
    rows = np.flatnonzero(grey)
    if rows.size:
        camel = np.array(camel, dtype=np.uint64)
        camel[rows] = crazy_mover(pos[rows], height[rows], named[rows], crazy, racing)
    return camel


def order_keys(pos, height, camels: int, racing: int | None = None):
    """(rows, camels) sort keys, larger = further ahead; camels not in the race, and crazy
    camels (index >= racing), get -1."""
    space = unpack(pos, camels)
    key = space * RANK_BASE + unpack(height, camels)
    key = np.where(space > 0, key, -1)
    if racing is not None and racing < camels:
        key[:, racing:] = -1
    return key


def ranks(pos, height, camels: int, racing: int | None = None):
    """rank[i, c]: how many racing camels are ahead of camel c in row i (0 = leading)."""
    key = order_keys(pos, height, camels, racing)
    return (key[:, None, :] > key[:, :, None]).sum(2)


def start_words(position: Position, rows: int):
    space, level = position.arrays()
    space = np.where(space > 0, space + BIAS, 0)
    pos, height = pack(space[None, :]), pack(level[None, :])
    return np.repeat(pos, rows), np.repeat(height, rows)


def effects_table(tiles) -> np.ndarray:
    """Desert tiles -> push by byte value, as uint64 (a mirage's -1 wraps around)."""
    table = np.zeros(TABLE, dtype=np.uint64)
    for tile in tiles:
        table[tile.space + BIAS] = np.uint64(tile.push % 2**64)
    return table


GREY = -1  # a slot for the grey die: the face names the crazy camel
LAST = -2  # a slot for the boost die of whichever racing camel is last at leg start


@dataclass(frozen=True)
class Dice:
    """The dice in the pyramid: slot d moves camel[d] by faces[d][f] spaces, f uniform.

    A GREY slot's face f moves the crazy camel colour[d][f] (before the override rules)."""
    camel: tuple[int, ...]
    faces: tuple[tuple[int, ...], ...]
    colour: tuple[tuple[int, ...], ...] = ()

    def __len__(self):
        return len(self.camel)


def leg_dice(rules, camels=(), grey: bool = False, boost=(), boost_last: bool = False) -> Dice:
    """Dice for base dice of `camels`, the grey die, and boost dice of `boost` (and of the last camel)."""
    slots = [(c, tuple(rules.die_faces), ()) for c in camels]
    if grey:
        first, second = rules.racing, rules.racing + 1
        slots.append((GREY, tuple(rules.die_faces) * 2, (first,) * len(rules.die_faces) + (second,) * len(rules.die_faces)))
    slots += [(c, tuple(rules.boost_faces), ()) for c in boost]
    if boost_last:
        slots.append((LAST, tuple(rules.boost_faces), ()))
    return Dice(tuple(s[0] for s in slots), tuple(s[1] for s in slots), tuple(s[2] for s in slots))


def position_dice(position: Position) -> Dice:
    """The dice in the pyramid now."""
    return leg_dice(position.rules, [c for c in position.dice_left if c >= 0], grey=position.grey_die_left,
                    boost=position.boost_dice_left)


def fresh_leg_dice(rules, camels=None) -> Dice:
    """The dice of a new leg: every racing camel's (of `camels`, the racing camels on the track, when
    given), the grey die, the last camel's boost die."""
    camels = range(rules.racing) if camels is None else camels
    return leg_dice(rules, camels, grey=rules.crazy_camels > 0, boost_last=rules.boost_dice)


def last_racing_camel(pos, height, rules) -> np.ndarray:
    key = order_keys(pos, height, len(rules.camels), rules.racing)
    return np.where(key[:, : rules.racing] < 0, 1 << 14, key[:, : rules.racing]).argmin(1).astype(np.uint64)


_PERMUTATIONS: dict[int, np.ndarray] = {}


def _permutations(k: int) -> np.ndarray:
    if k not in _PERMUTATIONS:
        _PERMUTATIONS[k] = np.array(list(permutations(range(k))), dtype=np.int64).reshape(-1, k)
    return _PERMUTATIONS[k]


def race_over(end, rules):
    """Rows whose moved unit crossed the finish line (forwards, or a crazy camel backwards past 1)."""
    over = end > np.uint64(rules.track_length + BIAS)
    if rules.crazy_camels:
        over |= end < np.uint64(1 + BIAS)
    return over


BLOCK = 8192  # rows a leg is played on at a time: the temporaries stay in cache, and off mmap (no page faults)
PLAN_TABLE_MAX = 1 << 17  # draws decoded by table lookup up to this many outcomes (5 dice: 29,160)
_CODE_SHIFT, _CODE_CAMEL = np.uint16(8), np.uint16(255)


@dataclass(frozen=True)
class LegPlan:
    """How one uniform draw in [0, outcomes) picks a leg's roll order and faces.

    The draw's remainder mod k! picks the order (`_permutations(k)`), the quotient the faces:
    one base-`faces` digit per roll when every die has the same faces, else a digit of radix
    `len(faces[slot])` for the slot rolled.  Where `outcomes` is small the decoding is tabled:
    slot[i][draw], face[i][draw] for roll i, and for plain dice code[i][draw] = step << 8 | 8 * camel
    (one small table: one gather a roll, and it stays in cache)."""
    dice: Dice
    rolls: int
    outcomes: int
    steps_of: np.ndarray  # (k, widest): the step of each slot's face
    colour_of: np.ndarray  # (k, widest): for the grey die, the crazy camel a face names
    slot: np.ndarray | None = None  # (rolls, outcomes) tables, or None: decode arithmetically
    face: np.ndarray | None = None
    code: np.ndarray | None = None  # uint16

    @property
    def plain(self) -> bool:
        """Every slot a base or boost die of a fixed camel (no grey die, no last camel's boost die)."""
        return all(c >= 0 for c in self.dice.camel)

    def decode(self, draw):
        """(slot, face) per roll: lists of `rolls` arrays, from the draws."""
        if self.slot is not None:
            return [t.take(draw) for t in self.slot], [t.take(draw) for t in self.face]
        k = len(self.dice)
        counts = np.array([len(f) for f in self.dice.faces], dtype=np.int64)
        perms = _permutations(k)
        order = perms[draw % len(perms)].T
        draw = draw // len(perms)
        same = len(set(self.dice.faces)) == 1
        slots, faces = [], []
        for i in range(self.rolls):
            slot = order[i]
            radix = counts[0] if same else counts[slot]
            faces.append(draw % radix)
            draw = draw // radix
            slots.append(slot)
        return slots, faces


_PLANS: dict = {}


def leg_plan(dice: Dice, rolls: int) -> LegPlan:
    key = (dice, rolls)
    if key not in _PLANS:
        k = len(dice)
        counts = [len(f) for f in dice.faces]
        width = max(counts)
        steps_of = np.zeros((k, width), dtype=np.uint64)
        colour_of = np.zeros((k, width), dtype=np.uint64)
        for d in range(k):
            steps_of[d, : counts[d]] = dice.faces[d]
            if dice.camel[d] == GREY:
                colour_of[d, : counts[d]] = dice.colour[d]
        outcomes = len(_permutations(k)) * int(np.prod(counts))
        plan = LegPlan(dice, rolls, outcomes, steps_of, colour_of)
        if outcomes <= PLAN_TABLE_MAX:
            slots, faces = plan.decode(np.arange(outcomes))
            slot = np.array(slots, dtype=np.uint8).reshape(rolls, outcomes)
            face = np.array(faces, dtype=np.uint8).reshape(rolls, outcomes)
            camel = np.array([max(c, 0) for c in dice.camel], dtype=np.uint64)
            code = (steps_of[slot, face] << np.uint64(8)) | (camel[slot] << _THREE)
            plan = LegPlan(dice, rolls, outcomes, steps_of, colour_of, slot, face, code.astype(np.uint16))
        if len(_PLANS) > 64:
            _PLANS.clear()
        _PLANS[key] = plan
    return _PLANS[key]


def play_leg(pos, height, live, dice, effects, rules, rng, landings=None):
    """Roll the dice of a leg in a random order in all live rows, until the leg ends
    (all dice out, or all but `rules.dice_left_at_leg_end`).

    A row whose race ends stops there (live becomes False).  If `landings` is given,
    landings[byte] counts the units that landed on the player tile there.
    `dice` is a Dice, or a list of camels whose base dice are in the pyramid.
    One draw per row (`LegPlan`) picks the leg; the rows are then played BLOCK at a time.
    Returns the new (pos, height)."""
    if not isinstance(dice, Dice):
        dice = leg_dice(rules, list(dice))
    k, n = len(dice), pos.shape[0]
    rolls = k - rules.dice_left_at_leg_end
    if rolls <= 0:
        return pos, height
    plan = leg_plan(dice, rolls)
    draw = rng.integers(plan.outcomes, size=n)
    if n <= BLOCK:
        return _play_block(pos, height, live, draw, plan, effects, rules, landings)
    new_pos, new_height = np.empty_like(pos), np.empty_like(height)
    for a in range(0, n, BLOCK):
        b = slice(a, a + BLOCK)
        new_pos[b], new_height[b] = _play_block(pos[b], height[b], live[b], draw[b], plan, effects, rules, landings)
    return new_pos, new_height


def _play_block(pos, height, live, draw, plan: LegPlan, effects, rules, landings):
    """play_leg on rows whose draws are drawn; updates `live` (a view) in place."""
    if plan.plain and plan.code is not None and effects is None and not rules.crazy_camels and landings is None:
        limit = np.uint64(rules.track_length + BIAS)
        for i in range(plan.rolls):
            code = plan.code[i].take(draw)
            steps = (code >> _CODE_SHIFT).astype(np.uint64)
            if not live.all():
                steps *= live
            pos, height, end = move_forward(pos, height, (code & _CODE_CAMEL).astype(np.uint64), steps)
            live &= end <= limit
        return pos, height
    dice = plan.dice
    slots, faces = plan.decode(draw)
    slot_camel = np.array([max(c, 0) for c in dice.camel], dtype=np.uint64)
    last_slot = dice.camel.index(LAST) if LAST in dice.camel else None
    if last_slot is not None:  # the boost die of the camel last at the leg's start
        last_camel = last_racing_camel(pos, height, rules)
    forward = effects is None and not rules.crazy_camels and landings is None
    limit = np.uint64(rules.track_length + BIAS)
    grey_slots = [d for d in range(len(dice)) if dice.camel[d] == GREY]
    for i in range(plan.rolls):
        slot, face = slots[i], faces[i]
        steps = plan.steps_of[slot, face]
        camel = slot_camel[slot]
        if last_slot is not None:
            camel = np.where(slot == last_slot, last_camel, camel)
        if forward:  # no tiles, no crazy camels: the short move
            if not live.all():
                steps *= live
            pos, height, end = move_forward(pos, height, camel << _THREE, steps)
            live &= end <= limit
            continue
        backward = None
        if grey_slots:
            backward = np.isin(slot, grey_slots)
            camel = grey_camel(pos, height, camel, plan.colour_of[slot, face], backward,
                               (rules.racing, rules.racing + 1), rules.racing)
            steps = np.where(backward, _ZERO - steps, steps)
        if not live.all():
            steps = np.where(live, steps, _ZERO)
        pos, height, target, end = move(pos, height, camel, steps, effects, backward=backward)
        if landings is not None:
            landings += np.bincount(np.where(end != target, target, _ZERO), minlength=TABLE)
        live &= ~race_over(end, rules)
    return pos, height


def move_forward(pos, height, shift, steps):
    """`move` without tiles or crazy camels, fewer operations: the camel is given as `shift` (8 * camel).

    Returns the new (pos, height) and the byte the unit ended on."""
    start = (pos >> shift) & _BYTE
    level = ((height >> shift) & _BYTE) * LO
    x = pos ^ (start * LO)
    # the unit: same space (no nonzero byte of x) and at least as high (no borrow out of the byte)
    unit = (((x & LOW7) + LOW7) | x | ~((height | HI) - level)) & HI ^ HI
    end = start + steps
    y = pos ^ (end * LO)
    others = (((y & LOW7) + LOW7) | y | unit) & HI ^ HI  # camels already on the end space
    unit_bytes = (unit >> _SEVEN) * _BYTE
    pos = (pos & ~unit_bytes) | (end * LO & unit_bytes)
    height = height - (level & unit_bytes) + (np.bitwise_count(others) * LO & unit_bytes)
    return pos, height, end


def leg_rank_counts(position: Position, n: int, rng) -> dict:
    """Monte Carlo of the rest of this leg: counts[c, r] of racing camel c ending rank r."""
    rules = position.rules
    c = len(rules.camels)
    pos, height = start_words(position, n)
    live = np.ones(n, dtype=bool)
    landings = np.zeros(TABLE, dtype=np.int64)
    pos, height = play_leg(pos, height, live, position_dice(position), effects_table(position.desert),
                           rules, rng, landings)
    r = ranks(pos, height, c, rules.racing)
    counts = np.zeros((c, c), dtype=np.int64)
    for camel in position.on_track:
        if camel < rules.racing:
            counts[camel] = np.bincount(r[:, camel], minlength=c)
    return {"n": n, "rank_counts": counts, "landings": landings}


def race_counts(position: Position, n: int, rng, max_legs: int = 64) -> dict:
    """Monte Carlo of the whole race from the position: who wins, who loses, in how many legs.

    The current leg uses the tiles on the board; later legs have none, since the players'
    future choices are not modelled.  Played by the compiled kernel (`race_kernel.play_races`, numba,
    imported here on first use) from one uint64 seed drawn from `rng`.  Returns win and lose counts per
    camel, and legs[l], the races that ended in leg l (1 = the current leg)."""
    from analyzer.games.camelup import race_kernel as rk

    rules = position.rules
    c = len(rules.camels)
    win = np.zeros(c, dtype=np.int64)
    lose = np.zeros(c, dtype=np.int64)
    legs = np.zeros(max_legs + 1, dtype=np.int64)
    seed = rng.integers(0, 2**64, dtype=np.uint64)
    if n <= 0:
        return {"n": n, "win": win, "lose": lose, "legs": legs}
    params = np.zeros(len(rk.PARAMS), dtype=np.int64)
    params[rk.P_TRACK], params[rk.P_LEAVE], params[rk.P_RACING] = (rules.track_length, rules.dice_left_at_leg_end,
                                                                   rules.racing)
    params[rk.P_CRAZY], params[rk.P_MAX_LEGS], params[rk.P_CAMELS] = rules.crazy_camels, max_legs, c
    params[rk.P_TILES] = bool(position.desert)
    pos, height = start_words(position, 1)
    dice = kernel_dice(position_dice(position), fresh_leg_dice(rules, position.racing_on_track))
    running = rk.play_races(pos[0], height[0], int(n), seed, *dice, kernel_effects(position.desert), params,
                            win, lose, legs)
    if running:
        raise RuntimeError(f"{running} races still running after {max_legs} legs")
    return {"n": n, "win": win, "lose": lose, "legs": legs}


def kernel_dice(*legs: Dice):
    """(camel, faces, steps, colour) arrays for `race_kernel.play_races`: one row per leg's dice."""
    width = max([len(d) for d in legs] + [1])
    widest = max([len(f) for d in legs for f in d.faces] + [1])
    camel = np.zeros((len(legs), width), dtype=np.int64)
    faces = np.zeros((len(legs), width), dtype=np.int64)
    steps = np.zeros((len(legs), width, widest), dtype=np.int64)
    colour = np.zeros((len(legs), width, widest), dtype=np.int64)
    for r, dice in enumerate(legs):
        for d in range(len(dice)):
            camel[r, d] = dice.camel[d]
            faces[r, d] = len(dice.faces[d])
            steps[r, d, : faces[r, d]] = dice.faces[d]
            if dice.camel[d] == GREY:
                colour[r, d, : faces[r, d]] = dice.colour[d]
    return camel, faces, steps, colour


def kernel_effects(tiles) -> np.ndarray:
    """Desert tiles -> push by byte value, as int64 (+1, -1, 0 none) for `race_kernel`."""
    effects = np.zeros(TABLE, dtype=np.int64)
    for tile in tiles:
        effects[tile.space + BIAS] = tile.push
    return effects
