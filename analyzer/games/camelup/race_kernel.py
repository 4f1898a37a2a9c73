"""Whole races from a position, compiled (numba): who wins, who loses, in how many legs (issue 11).

`play_races` plays the races of `sim.race_counts` (which builds its arrays from the position), for every
rule set the engine plays: the first edition, the Supercup modules (long track, boost dice: the
pyramid's boost dice in the current leg, the last camel's boost die in every later leg), the second
edition's crazy camels and its die left in the pyramid, desert (spectator) tiles in the current leg.
Later legs have no tiles: the players' future choices are not modelled.

Design: one race at a time, its board in two uint64 words as in `sim.py` (byte c of `pos` is camel c's
space + BIAS, 0 = not in this race; byte c of `height` its level in its stack), a move being the same
SIMD-within-a-register byte arithmetic on two scalars.  A leg picks each roll's die uniformly among the
dice still in the pyramid and its face uniformly (so the roll order is a uniform permutation, as in
the rules).  Randomness: one uint64 seed drawn from the `numpy.random.Generator` passed in (the
runner's chunk generator), then a splitmix64 stream inside the kernel, with exact (rejection) bounded
draws: a seed gives the same counts whatever the number of workers.  `reference.py` holds the readable
rules; tests/games/camelup/test_race_kernel.py holds this kernel to them (fixed rolls move for move,
race odds against the exact odds or a reference Monte Carlo).

numba is imported by this module only: `sim.race_counts` imports it on first use, so `analyzer --help`
and the table session (exact race odds) never load numba.  Every function has one explicit signature
(one specialisation, compiled once and cached); the helpers have no CPython wrapper.
"""
from __future__ import annotations

import numpy as np
from numba import njit

# as in sim.py (which imports this module, so this one imports nothing of the package; a test holds them equal)
BIAS = 8  # byte value of space 0
GREY, LAST = -1, -2  # a die slot's camel: the grey die, the last camel's boost die

_LO = np.uint64(0x0101010101010101)
_HI = np.uint64(0x8080808080808080)
_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_BYTE = np.uint64(0xFF)
_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_U1, _U3, _U7, _U27, _U30, _U31, _U32, _U56 = (np.uint64(s) for s in (1, 3, 7, 27, 30, 31, 32, 56))
_KEY_NONE = 1 << 14  # above every key (space byte * 16 + level)

# params: the rules the kernel reads, by index
PARAMS = ("track_length", "dice_left_at_leg_end", "racing", "crazy_camels", "max_legs", "camels", "tiles")
P_TRACK, P_LEAVE, P_RACING, P_CRAZY, P_MAX_LEGS, P_CAMELS, P_TILES = range(len(PARAMS))

_NJ = dict(cache=True, no_cpython_wrapper=True)


@njit("uint64(uint64[::1])", **_NJ)
def _next(state):
    """splitmix64: the next 64 random bits of the stream in state[0]."""
    z = state[0] + _GOLDEN
    state[0] = z
    z = (z ^ (z >> _U30)) * _MIX1
    z = (z ^ (z >> _U27)) * _MIX2
    return z ^ (z >> _U31)


@njit("int64(uint64, int64, uint64[::1])", **_NJ)
def _below(bits, m, state):
    """A uniform integer in [0, m) from 32 random bits (Lemire's multiply, exact: rejects the biased few)."""
    mm = np.uint64(m)
    p = bits * mm
    if (p & _M32) < mm:
        t = (_TWO32 - mm) % mm
        while (p & _M32) < t:
            p = (_next(state) >> _U32) * mm
    return np.int64(p >> _U32)


@njit("uint64(uint64, uint64)", **_NJ)
def _equal(word, value):
    """High bit of byte c set where byte c of `word` equals `value` (every byte < 128)."""
    x = word ^ (value * _LO)
    return ~(((x & _LOW7) + _LOW7) | x) & _HI


@njit("int64(uint64, uint64, int64, int64, int64)", **_NJ)
def _crazy_mover(pos, height, named, first, racing):
    """The crazy camel a grey-die face naming `named` moves (camelup.md §3; reference.crazy_mover): the one
    that alone carries racing camels; else the top one of two sitting directly on each other; else `named`."""
    second = first + 1
    racing_bytes = ((_U1 << np.uint64(8 * racing)) - _U1) & _HI  # the high bit of each racing camel's byte
    s1, s2 = np.uint64(8 * first), np.uint64(8 * second)
    p1, h1 = (pos >> s1) & _BYTE, (height >> s1) & _BYTE
    p2, h2 = (pos >> s2) & _BYTE, (height >> s2) & _BYTE
    carries1 = (_equal(pos, p1) & (((height | _HI) - (h1 + _U1) * _LO) & _HI) & racing_bytes) != 0
    carries2 = (_equal(pos, p2) & (((height | _HI) - (h2 + _U1) * _LO) & _HI) & racing_bytes) != 0
    if carries1 != carries2:
        return first if carries1 else second
    if p1 == p2 and h2 == h1 + _U1:
        return second
    if p1 == p2 and h1 == h2 + _U1:
        return first
    return named


@njit("UniTuple(uint64, 3)(uint64, uint64, int64, int64, boolean, int64[::1], boolean)", **_NJ)
def _move(pos, height, camel, steps, backward, effects, tiles):
    """Move `camel` and the camels on it `steps` spaces (backwards for a crazy camel): sim.move on one row.

    A tile's push (effects[byte]: +1 oasis/cheering, -1 mirage/booing) sends the unit one space further in
    its own direction, on top, or one back against it, under what is there.  Returns the new (pos,
    height) and the byte the unit ended on."""
    shift = np.uint64(8 * camel)
    start = (pos >> shift) & _BYTE
    level = ((height >> shift) & _BYTE) * _LO
    x = pos ^ (start * _LO)
    # the unit: same space (no nonzero byte of x) and at least as high (no borrow out of the byte)
    unit = ((((x & _LOW7) + _LOW7) | x | ~((height | _HI) - level)) & _HI) ^ _HI
    target = np.int64(start) - steps if backward else np.int64(start) + steps
    push = effects[target] if tiles else 0
    end = np.uint64(target - push if backward else target + push)
    y = pos ^ (end * _LO)
    others = ((((y & _LOW7) + _LOW7) | y | unit) & _HI) ^ _HI  # the camels already on the end space
    unit_bytes = (unit >> _U7) * _BYTE
    pos = (pos & ~unit_bytes) | (end * _LO & unit_bytes)
    if push < 0:  # under what is there: the unit from level 0, the others lifted by its size
        size = ((unit >> _U7) * _LO) >> _U56
        height = height - (level & unit_bytes) + (size * _LO & ((others >> _U7) * _BYTE))
    else:  # on top of what is there
        lift = ((others >> _U7) * _LO) >> _U56
        height = height - (level & unit_bytes) + (lift * _LO & unit_bytes)
    return pos, height, end


@njit("int64(uint64, uint64, int64, int64)", **_NJ)
def _last_racing(pos, height, racing, camels):
    """The racing camel last on the track (the lowest space, then the lowest level)."""
    best, who = _KEY_NONE, 0
    for c in range(racing):
        s = np.uint64(8 * c)
        space = np.int64((pos >> s) & _BYTE)
        if space > 0:
            key = space * 16 + np.int64((height >> s) & _BYTE)
            if key < best:
                best, who = key, c
    return who


@njit("int64(uint64, uint64, int64, uint64, int64[:, ::1], int64[:, ::1], int64[:, :, ::1], int64[:, :, ::1], "
      "int64[::1], int64[::1], int64[::1], int64[::1], int64[::1])", cache=True)
def play_races(pos0, height0, n, seed, camel, faces, steps, colour, effects, params, win, lose, legs):
    """Play `n` races from the board (pos0, height0); add each race's winner to win[c], its loser to
    lose[c] and its end to legs[leg] (leg 1 = the current leg).  Returns how many races were still running
    after params[P_MAX_LEGS] legs.

    Dice: row 0 of camel/faces/steps/colour describes the dice of the current leg, row 1 those of every
    later leg; slot d moves camel[r, d] (GREY: the crazy camel colour[r, d, f] names, backwards; LAST: the
    racing camel last at the leg's start) by steps[r, d, f] spaces, face f uniform in [0, faces[r, d]).
    `effects[byte]` is the push of the tile on that space in the current leg (with params[P_TILES])."""
    track_end = np.uint64(params[P_TRACK] + BIAS)
    first_space = np.uint64(1 + BIAS)
    leave, racing, crazy = params[P_LEAVE], params[P_RACING], params[P_CRAZY] != 0
    max_legs, camels, tiles = params[P_MAX_LEGS], params[P_CAMELS], params[P_TILES] != 0
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    slots = np.empty(camel.shape[1], dtype=np.int64)
    base = np.empty((2, camel.shape[1]), dtype=np.int64)
    count = np.zeros(2, dtype=np.int64)
    has_last = np.zeros(2, dtype=np.bool_)
    for r in range(2):
        for d in range(camel.shape[1]):
            if faces[r, d] > 0:
                base[r, count[r]] = d
                count[r] += 1
                if camel[r, d] == LAST:
                    has_last[r] = True
    running = 0
    for _ in range(n):
        pos, height = pos0, height0
        over = False
        leg = 0
        while leg < max_legs and not over:
            row = 0 if leg == 0 else 1
            on_tiles = tiles and leg == 0
            leg += 1
            k = count[row]
            for d in range(k):
                slots[d] = base[row, d]
            last = _last_racing(pos, height, racing, camels) if has_last[row] else 0
            for left in range(k, leave, -1):
                bits = _next(state)
                i = _below(bits >> _U32, left, state)
                d = slots[i]
                slots[i] = slots[left - 1]
                f = _below(bits & _M32, faces[row, d], state)
                who, back = camel[row, d], False
                if who == GREY:
                    who, back = _crazy_mover(pos, height, colour[row, d, f], racing, racing), True
                elif who == LAST:
                    who = last
                pos, height, end = _move(pos, height, who, steps[row, d, f], back, effects, on_tiles)
                if end > track_end or (crazy and end < first_space):
                    over = True
                    break
        if not over:
            running += 1
            continue
        legs[leg] += 1
        best, winner, worst, loser = -1, 0, _KEY_NONE, 0
        for c in range(camels):
            s = np.uint64(8 * c)
            space = np.int64((pos >> s) & _BYTE)
            key = space * 16 + np.int64((height >> s) & _BYTE) if c < racing and space > 0 else -1
            if key > best:
                best, winner = key, c
            if key >= 0 and key < worst:
                worst, loser = key, c
        win[winner] += 1
        lose[loser] += 1
    return running


@njit("UniTuple(uint64, 3)(uint64, uint64, int64, int64, int64, int64[::1], int64)", cache=True)
def roll(pos, height, who, steps, named, effects, racing):
    """One fixed roll through the kernel's move, for tests: camel `who` (GREY: the grey die, `named` the crazy
    camel its face names) `steps` spaces, the tiles in `effects`.  Returns (pos, height, end byte)."""
    back = who == GREY
    if back:
        who = _crazy_mover(pos, height, named, racing, racing)
    return _move(pos, height, who, steps, back, effects, True)
