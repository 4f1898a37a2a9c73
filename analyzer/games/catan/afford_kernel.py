"""The floating-point stage of the turns-to-afford DP (`exact.afford`, once its hand states outgrow the budget),
compiled: one roll over every hand state at once, the hands reached merged through a dense slot array over the
box of counts (no sort), the spec's discard policy (`exact.drop`) inside.  Imported only when a DP gets there;
importing it compiles the kernels (explicit signatures) or loads them from numba's cache."""
from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.catan import rules as r

BANK, LIMIT, R = r.BANK, r.HAND_LIMIT, len(r.RESOURCES)
SIDE = BANK + 1  # a hand's cell in the box of counts 0..19 per resource: digits base 20
PREF = np.array(r.PREF, dtype=np.int64)
_SLOT: list = []  # the slot array, made once: -1, or the index of the hand reached in this roll


@njit("void(i8[::1], i8[::1], i8[::1], b1)", cache=True)
def discard(hand, cost, pref, up):
    """`exact.drop` in place: a hand of more than 7 cards drops half (rounded up or down).  Dropping one card at a
    time from the largest surplus over the cost is dropping the k cards of highest value, the j-th card from the
    top of resource x being worth surplus_x - j (ties: the first in `pref`)."""
    total = 0
    for x in range(R):
        total += hand[x]
    if total <= LIMIT:
        return
    k = (total + 1) // 2 if up else total // 2
    v = hand[0] - cost[0]
    for x in range(1, R):
        v = max(v, hand[x] - cost[x])
    while True:  # v: the value of the k-th card
        n = 0
        for x in range(R):
            n += max(0, min(hand[x], hand[x] - cost[x] - v + 1))
        if n >= k:
            break
        v -= 1
    for x in range(R):  # every card worth more than v goes
        gone = max(0, min(hand[x], hand[x] - cost[x] - v))
        hand[x] -= gone
        k -= gone
    for x in pref:  # then the first k of those worth v
        if k and hand[x] > 0 and hand[x] - cost[x] == v:
            hand[x] -= 1
            k -= 1


@njit("i8(i8[::1])", cache=True)
def _cell(hand):
    at = 0
    for x in range(R):
        at = at * SIDE + hand[x]
    return at


@njit("i8(i8[:, ::1], f8[::1], i8[:, ::1], f8[::1], i8[::1], i8[::1], b1, i8[:, ::1], f8[::1], i4[::1])",
      cache=True)
def _roll(h, w, vs, p, cost, pref, up, h2, w2, slot):
    """Hand i goes with probability p[j] to h[i] + vs[j] (a resource beyond the bank's 19 is not paid) and with
    p[-1] (a 7) to h[i] less its discard.  The hands reached go to h2, their probabilities to w2, in the order
    first met; returns their number, leaving `slot` all -1 again."""
    n, m = h.shape[0], vs.shape[0]
    top, off = np.zeros(R, np.int64), np.zeros(m, np.int64)
    for j in range(m):
        for x in range(R):
            top[x] = max(top[x], vs[j, x])
        off[j] = _cell(vs[j])
    hand = np.empty(R, np.int64)
    got = 0
    for i in range(n):
        cell = _cell(h[i])
        room = True  # the bank pays every outcome in full
        for x in range(R):
            room &= h[i, x] + top[x] <= BANK
        for j in range(m + 1):
            fast = j < m and room
            if fast:
                at = cell + off[j]
            else:
                for x in range(R):
                    hand[x] = h[i, x] + vs[j, x] if j < m and h[i, x] + vs[j, x] <= BANK else h[i, x]
                if j == m:
                    discard(hand, cost, pref, up)
                at = _cell(hand)
            if slot[at] < 0:
                slot[at] = got
                for x in range(R):
                    h2[got, x] = h[i, x] + vs[j, x] if fast else hand[x]
                w2[got] = 0.0
                got += 1
            w2[slot[at]] += w[i] * p[j]
    for s in range(got):
        slot[_cell(h2[s])] = -1
    return got


def roll(h: np.ndarray, w: np.ndarray, vs: np.ndarray, p: np.ndarray, cost: np.ndarray, up: bool):
    """One roll of the DP on hand states h (rows by resource, int64, counts at most 19) with probabilities w:
    outcome j adds vs[j] with probability p[j], the last p a 7.  Returns the hands reached, their probabilities."""
    if not _SLOT:
        _SLOT.append(np.full(SIDE ** R, -1, dtype=np.int32))
    size = len(h) * len(p)
    h2, w2 = np.empty((size, R), dtype=np.int64), np.empty(size)
    got = _roll(h, w, vs, p, cost, PREF, up, h2, w2, _SLOT[0])
    return h2[:got], w2[:got]

