"""The vectorised Camel Up engine: one row per rollout, the board packed into two uint64.

Byte c of `pos` is camel c's space plus BIAS (0 = not in this race); byte c of `height`
is its level in its stack (0 = bottom).  Moves are SIMD-within-a-register (SWAR) byte
arithmetic on whole rows, so a move costs a few dozen numpy operations on 1-D arrays
whatever the number of camels (at most 8).  Finished rows are absorbing: `live` is False
there and a move changes nothing.  `exact.py` runs the same `move` over every dice
outcome; this module draws outcomes at random.  `reference.py` is the readable version.
"""
from __future__ import annotations

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
_ZERO, _ONE, _THREE = np.uint64(0), np.uint64(1), np.uint64(3)
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


def move(pos, height, camel, steps, effects, variant=None):
    """Move `camel[i]` by `steps[i]` spaces in every row i, carrying the camels above it.

    `effects[byte]` (or `effects[variant[i], byte]`) is the push of the desert tile on that
    space as a uint64: +1 oasis (one further, on top), -1 mod 2**64 mirage (one back, under
    what is there), 0 none; None when there are no tiles.  `camel` and `steps` are uint64;
    a step of 0 changes nothing,
    which is how finished rows stand still.
    Returns the new (pos, height), the byte each unit was rolled to and the byte it ended on
    (they differ where it landed on a desert tile).
    """
    shift = camel << _THREE
    start = (pos >> shift) & _BYTE
    level = (height >> shift) & _BYTE
    unit = bytes_equal(pos, start) & bytes_at_least(height, level)
    target = start + steps
    if effects is None:  # no desert tiles: every unit lands on top
        end, under = target, None
    else:
        push = effects[target] if variant is None else effects[variant, target]
        end = target + push
        under = push > _ONE
    others = bytes_equal(pos, end) & ~unit
    unit_bytes = full_bytes(unit)
    pos = (pos & ~unit_bytes) | (end * LO & unit_bytes)
    lift = np.bitwise_count(others)  # on top of what is there
    if under is not None and under.any():  # a mirage slides the unit under what is there
        lift = np.where(under, _ZERO, lift)
        height = height + (np.where(under, np.bitwise_count(unit), _ZERO) * LO & full_bytes(others))
    height = height - (level * LO & unit_bytes) + (lift * LO & unit_bytes)
    return pos, height, target, end


def finished(pos, track_length: int):
    """Rows where some camel is past the finish line."""
    return ((pos | HI) - np.uint64(track_length + BIAS + 1) * LO) & HI != _ZERO


def order_keys(pos, height, camels: int):
    """(rows, camels) sort keys, larger = further ahead; camels not racing get -1."""
    space = unpack(pos, camels)
    key = space * RANK_BASE + unpack(height, camels)
    return np.where(space > 0, key, -1)


def ranks(pos, height, camels: int):
    """rank[i, c]: how many camels are ahead of camel c in row i (0 = leading)."""
    key = order_keys(pos, height, camels)
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


_PERMUTATIONS: dict[int, np.ndarray] = {}


def _permutations(k: int) -> np.ndarray:
    if k not in _PERMUTATIONS:
        _PERMUTATIONS[k] = np.array(list(permutations(range(k))), dtype=np.int64).reshape(-1, k)
    return _PERMUTATIONS[k]


def play_leg(pos, height, live, dice, effects, rules, rng, landings=None):
    """Roll every die in `dice` once, in a random order, in all live rows.

    A row whose race ends stops there (live becomes False).  If `landings` is given,
    landings[byte] counts the units that landed on the desert tile there.
    Returns the new (pos, height)."""
    dice = np.asarray(dice, dtype=np.uint64)
    k, n = dice.size, pos.shape[0]
    if k == 0:
        return pos, height
    perms = _permutations(k)
    faces = np.asarray(rules.die_faces, dtype=np.uint64)
    draw = rng.integers(len(perms) * len(faces) ** k, size=n)
    order = np.ascontiguousarray(dice[perms[draw % len(perms)]].T)  # order[i]: the i-th die of each row
    draw //= len(perms)
    line = np.uint64(rules.track_length + BIAS)
    for i in range(k):
        steps = faces[draw % len(faces)]
        if not live.all():
            steps = np.where(live, steps, _ZERO)
        draw //= len(faces)
        pos, height, target, end = move(pos, height, order[i], steps, effects)
        if landings is not None:
            landings += np.bincount(np.where(end != target, target, _ZERO), minlength=TABLE)
        live &= end <= line
    return pos, height


def leg_rank_counts(position: Position, n: int, rng) -> dict:
    """Monte Carlo of the rest of this leg: counts[c, r] of camel c ending rank r."""
    c = len(position.rules.camels)
    pos, height = start_words(position, n)
    live = ~finished(pos, position.rules.track_length)
    landings = np.zeros(TABLE, dtype=np.int64)
    pos, height = play_leg(pos, height, live, position.dice_left, effects_table(position.desert),
                           position.rules, rng, landings)
    r = ranks(pos, height, c)
    counts = np.zeros((c, c), dtype=np.int64)
    for camel in position.on_track:
        counts[camel] = np.bincount(r[:, camel], minlength=c)
    return {"n": n, "rank_counts": counts, "landings": landings}


def race_counts(position: Position, n: int, rng, max_legs: int = 64) -> dict:
    """Monte Carlo of the whole race from the position: who wins, who loses, in how many legs.

    The current leg uses the desert tiles on the board; later legs have none, since the
    players' future choices are not modelled."""
    rules = position.rules
    c = len(rules.camels)
    win = np.zeros(c, dtype=np.int64)
    lose = np.zeros(c, dtype=np.int64)
    legs = np.zeros(max_legs + 1, dtype=np.int64)
    pos, height = start_words(position, n)
    live = ~finished(pos, rules.track_length)
    dice, effects = position.dice_left, effects_table(position.desert) if position.desert else None
    for leg in range(1, max_legs + 1):
        pos, height = play_leg(pos, height, live, dice, effects, rules, rng)
        done = ~live
        if done.any():
            key = order_keys(pos[done], height[done], c)
            win += np.bincount(key.argmax(1), minlength=c)
            lose += np.bincount(np.where(key < 0, 1 << 14, key).argmin(1), minlength=c)
            legs[leg] += int(done.sum())
            pos, height, live = pos[live], height[live], live[live]
        if not live.size:
            break
        dice, effects = position.on_track, None
    else:
        raise RuntimeError(f"{live.size} races still running after {max_legs} legs")
    return {"n": n, "win": win, "lose": lose, "legs": legs}
