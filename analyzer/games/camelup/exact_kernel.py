"""The small exact legs compiled (numba): `exact._walk`, the plain walk of one to three dice, move for move.

`exact._leg_small` packs the position into `spec` (laid out below) and this kernel books into the same
sums as the plain walk, adding the same terms in the same order, so the two give identical floats
(tests/games/camelup/test_exact_small.py holds them equal to the last bit).  Finished branches, when asked
for, come back as rows of (variant, space per camel, height per camel) and their probabilities, or are
looked up in a table at once (the race table, `race_exact`).

spec, bytes (every value fits one; bytes convert faster than an array at this size): n camels, ranked camels
(the racing ones, numbered first), track length, dice left at a leg's end, stacks on the track, the leaves'
mode (0: none, 1: their boards, 2: looked up in a table); per stack, in any order, its space, its height and
its camels from the bottom; then per variant: the camera's space (0: none), its dice count and per die
(camel, face count, faces...), its desert tiles count and per tile (space, push + 1).

numba is imported by this module only, and `exact` imports it only where it pays (see `exact.small_kernel`).
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

HEADER = 6  # the spec's scalars before the stacks (ctx[4] becomes the camels on the track)
CAMERA, VARIANT, LEAVES, RANKS = 6, 7, 8, 9  # ctx, the walk's context: the spec's header, then these (RANKS: n cells)
_NJ = dict(cache=True, no_cpython_wrapper=True)
_SPEC = types.Bytes(types.uint8, 1, "C", readonly=True)


@njit(types.void(types.int64[::1], types.int64[:, ::1], types.float64[::1], types.int64[::1], types.float64[::1],
                 types.int64[:, ::1], types.int64[:, ::1], types.int64, types.float64), **_NJ)
def _leaf(ctx, leaf_board, leaf_prob, lookup, values, orders, spaces, e, prob):
    """A finished branch, the board in row `e` of `orders` and `spaces`: row ctx[LEAVES] of the leaves, (variant,
    space per camel, height per camel) and its probability (mode 1), or its values looked up in a table and summed
    into leaf_prob (mode 2, one variant): `lookup` is (width, boards, k, the k camels, the weights); a board's index
    is the sum over the camels of weights[rank * width + space], its values (win, then lose, by rank)
    values[min(index, boards) * 2k:], exactly as `race_exact.RaceTable.lookup` reads them.  Indexed, not sliced:
    a view costs its array's reference count twice (an atomic call each), as much as the walk's own work."""
    n, m = ctx[0], ctx[4]
    if ctx[5] == 2:
        width, boards, k = lookup[0], lookup[1], lookup[2]
        r = 0
        for j in range(m - 1, -1, -1):
            ctx[RANKS + orders[e, j]] = r
            r += 1 if orders[e, j] < ctx[1] else 0
        index = 0
        for i in range(k):
            c = lookup[3 + i]
            index += lookup[3 + k + ctx[RANKS + c] * width + spaces[e, c]]
        base = min(index, boards) * 2 * k
        for i in range(k):
            c = lookup[3 + i]
            leaf_prob[i] += values[base + ctx[RANKS + c]] * prob
            leaf_prob[k + i] += values[base + k + ctx[RANKS + c]] * prob
        return
    row = ctx[LEAVES]
    leaf_board[row, 0] = ctx[VARIANT]
    for j in range(1, leaf_board.shape[1]):
        leaf_board[row, j] = 0
    for c in range(n):
        leaf_board[row, 1 + c] = spaces[e, c]
    below, at = 0, -1
    for j in range(m):
        c = orders[e, j]
        below = below + 1 if spaces[e, c] == at else 0
        leaf_board[row, 1 + n + c], at = below, spaces[e, c]
    leaf_prob[row] = prob
    ctx[LEAVES] = row + 1


@njit(types.void(types.int64[::1], types.float64[:, :, ::1], types.float64[:, ::1], types.int64[:, ::1],
                 types.float64[::1], types.int64[::1], types.float64[::1], types.int64[::1], types.int64[:, ::1],
                 types.int64[:, ::1], types.int64[:, ::1], types.int64[:, ::1], types.int64, types.int64, types.float64,
                 types.boolean), **_NJ)
def _walk(ctx, rank, rest, leaf_board, leaf_prob, lookup, values, push, orders, spaces, dice, dfaces, depth, nd,
          prob, camera_on):
    """Every roll of the rest of the leg from the board in row `depth` of `orders` and `spaces` (`exact._walk`:
    the same moves, the same sums in the same order); the children are built in row depth + 1 (indexed, not
    sliced: see `_leaf`).  `dice[:, i]`: die i's camel, its faces count, whether it is rolled in this branch (its
    faces in dfaces[i]).  `rest[v]`: P(the race ends), the camera holder's coins, then the landings per space."""
    ranked, length, keep, m = ctx[1], ctx[2], ctx[3], ctx[4]
    want, camera, v = ctx[5], ctx[CAMERA], ctx[VARIANT]
    d, e = depth, depth + 1  # the board's row, its children's
    leaf = nd - 1 <= keep
    for i in range(dice.shape[1]):
        if dice[2, i]:
            continue
        camel, nf = dice[0, i], dice[1, i]
        share = prob / (nd * nf)
        start = spaces[d, camel]
        a = 0
        while orders[d, a] != camel:
            a += 1
        b = a + 1
        while b < m and spaces[d, orders[d, b]] == start:
            b += 1
        dice[2, i] = 1
        for f in range(nf):
            target = start + dfaces[i, f]
            step = push[target]
            end = target + step
            at = 0  # others before the unit: on spaces below `end` (a mirage: under), or up to it (on top)
            for j in range(m):
                if (j < a or j >= b) and (spaces[d, orders[d, j]] < end or
                                          (step >= 0 and spaces[d, orders[d, j]] == end)):
                    at += 1
            k = 0
            for j in range(m):
                if j < a or j >= b:
                    if k == at:
                        k += b - a
                    orders[e, k] = orders[d, j]
                    k += 1
            for j in range(a, b):
                orders[e, at + j - a] = orders[d, j]
            if step != 0:
                rest[v, 2 + target] += share
            on_camera = camera_on
            if camera_on and end == camera:
                rest[v, 1] += share * (b - a)
                on_camera = False
            done = leaf or end > length
            if done:
                if end > length:
                    rest[v, 0] += share
                r = 0
                for j in range(m - 1, -1, -1):  # the leader first
                    c = orders[e, j]
                    if c < ranked:
                        rank[v, c, r] += share
                        r += 1
                if want == 0:
                    continue
            for j in range(spaces.shape[1]):
                spaces[e, j] = spaces[d, j]
            for j in range(a, b):
                spaces[e, orders[d, j]] = end
            if done:
                _leaf(ctx, leaf_board, leaf_prob, lookup, values, orders, spaces, e, share)
            else:
                _walk(ctx, rank, rest, leaf_board, leaf_prob, lookup, values, push, orders, spaces, dice, dfaces,
                      depth + 1, nd - 1, share, on_camera)
        dice[2, i] = 0


_RUN = (_SPEC, types.float64[:, :, ::1], types.float64[:, ::1], types.int64[:, ::1], types.float64[::1],
        types.int64[::1], types.float64[::1])


@njit(types.int64(*_RUN), **_NJ)
def _run(spec, rank, rest, leaf_board, leaf_prob, lookup, values):
    """`leg`'s work (the entries below call it), on arrays made whole, not sliced from one (a view costs two
    reference-count calls, an allocation one: a `perf` profile of the one-die walk put ~40% of it there)."""
    n, stacks = np.int64(spec[0]), np.int64(spec[4])
    ctx = np.zeros(RANKS + n, dtype=np.int64)  # the spec's header, then the walk's context, then a leaf's ranks
    for j in range(HEADER):
        ctx[j] = spec[j]
    # the board: the stacks by space, the rearmost first; head: each stack's offset in the spec, done, the camels
    # from the rearmost, the space per camel
    head = np.zeros(2 * stacks + 2 * n, dtype=np.int64)
    at = HEADER
    for i in range(stacks):
        head[i] = at
        at += 2 + spec[at + 1]
    m = 0
    for _ in range(stacks):
        i = -1
        for j in range(stacks):
            if head[stacks + j] == 0 and (i < 0 or spec[head[j]] < spec[head[i]]):
                i = j
        head[stacks + i] = 1
        for h in range(spec[head[i] + 1]):
            c = np.int64(spec[head[i] + 2 + h])
            head[2 * stacks + m], head[2 * stacks + n + c] = c, spec[head[i]]
            m += 1
    ctx[4] = m
    keep = ctx[3]
    reach = rest.shape[1] + 8
    for v in range(rank.shape[0]):
        camera, nd = np.int64(spec[at]), np.int64(spec[at + 1])
        at += 2
        dice = np.zeros((3, nd), dtype=np.int64)
        dfaces = np.zeros((nd, 8), dtype=np.int64)
        push = np.zeros(reach, dtype=np.int64)
        orders = np.empty((nd + 2, m), dtype=np.int64)
        spaces = np.empty((nd + 2, n), dtype=np.int64)
        for d in range(nd):
            dice[0, d], dice[1, d] = spec[at], spec[at + 1]
            for f in range(dice[1, d]):
                dfaces[d, f] = spec[at + 2 + f]
            at += 2 + dice[1, d]
        for t in range(spec[at]):
            push[spec[at + 1 + 2 * t]] = np.int64(spec[at + 2 + 2 * t]) - 1
        at += 1 + 2 * np.int64(spec[at])
        for j in range(m):
            orders[0, j] = head[2 * stacks + j]
        for c in range(n):
            spaces[0, c] = head[2 * stacks + n + c]
        ctx[CAMERA], ctx[VARIANT] = camera, v
        if nd > keep:
            _walk(ctx, rank, rest, leaf_board, leaf_prob, lookup, values, push, orders, spaces, dice, dfaces, 0, nd,
                  1.0, camera != 0)
            continue
        r = 0
        for j in range(m - 1, -1, -1):
            c = orders[0, j]
            if c < ctx[1]:
                rank[v, c, r] += 1.0
                r += 1
        if ctx[5]:
            _leaf(ctx, leaf_board, leaf_prob, lookup, values, orders, spaces, 0, 1.0)
    return ctx[LEAVES]


@njit(types.int64(*_RUN), cache=True)
def leg(spec, rank, rest, leaf_board, leaf_prob, lookup, values):
    """Book the position's leg, variant by variant (rank.shape[0] of them), into `rank` (variant, camel, rank)
    and `rest` (variant: P(the race ends), the camera holder's coins, the landings per space), and the leaves
    as the spec's mode says (0: none, 1: into `leaf_board` and `leaf_prob`, 2: looked up, see `_leaf`);
    returns how many leaf rows."""
    return _run(spec, rank, rest, leaf_board, leaf_prob, lookup, values)


@njit(types.void(_SPEC, types.float64[:, :, ::1], types.float64[:, ::1]), cache=True)
def own_leg(spec, rank, rest):
    """`leg` with no leaves (mode 0), on fewer arguments (`exact._own_leg`): each costs the call about 0.08 us, and a
    one-die leg's whole compiled walk about 0.6 us."""
    none = np.empty(0)
    _run(spec, rank, rest, np.empty((0, 1), dtype=np.int64), none, np.empty(0, dtype=np.int64), none)


@njit(types.void(_SPEC, types.float64[::1], types.int64[::1], types.float64[::1]), cache=True)
def leaf_sums(spec, out, lookup, values):
    """`leg` of one variant in mode 2, the looked-up values summed into `out`; its rank and rest sums (not read) are
    made here (`exact.leaf_sums`)."""
    n = np.int64(spec[0])
    _run(spec, np.zeros((1, n, n)), np.zeros((1, np.int64(spec[2]) + 3)), np.empty((0, 1), dtype=np.int64), out,
         lookup, values)
