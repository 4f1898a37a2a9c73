"""Exact answers in Fractions: the d20 refill law (a distribution over the occupied villages, placement by
placement, goods first; one occupancy bitmask a state, numpy over the states, whole numbers of roll sequences), the bag's hypergeometric odds and the inventory's winner over the opponents' unknown cubes.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

import numpy as np

from analyzer.games.himalaya import rules as r


def single_placement(occupied, village: int) -> Fraction:
    """P(one placement lands in `village`): (1 + the run of occupied villages just below it, cyclically) / 20; 0
    when it is occupied."""
    if village in occupied:
        return Fraction(0)
    run = 0
    while run < r.VILLAGES - 1 and (village - 2 - run) % r.VILLAGES + 1 in occupied:
        run += 1
    return Fraction(1 + run, r.DIE)


FULL = (1 << r.VILLAGES) - 1
_BELOW = ((1 << np.arange(r.VILLAGES, dtype=np.int64)) - 1)[:, None]  # roll s + 1: the bits below bit s


def _landed(masks: np.ndarray) -> np.ndarray:
    """(20, n): each mask (bit v - 1: village v is skipped; 20 bits) with the village each roll lands in added: the
    rolled village or the numerically next one not skipped, the lowest zero bit of the mask with the bits below the
    roll set, or (none above: 20 wraps to 1) the mask's lowest zero bit; a full mask stays (nowhere to place)."""
    m = masks[None, :]
    x = m | _BELOW.astype(masks.dtype)
    low = ~x & (x + 1)
    low = np.where(low > FULL, (~masks & (masks + 1))[None, :], low)
    return m | (low & FULL)


def _merge(masks: np.ndarray, ways: np.ndarray, dense: int = 0):
    """Equal masks merged, their ways summed: by np.unique, or (dense: the masks below it, and many) one bincount
    over every mask.  bincount adds in float64, exact while every sum is a whole number under 2^53 (the ways of a
    law total 20^placements, at most 20^10 here)."""
    if dense and len(masks) > dense // 8:
        summed = np.bincount(masks, weights=ways, minlength=dense)
        out = np.flatnonzero(summed)
        return out.astype(masks.dtype), summed[out].astype(np.int64)
    out, inverse = np.unique(masks, return_inverse=True)
    return out, np.bincount(inverse.ravel(), weights=ways, minlength=len(out)).astype(np.int64)


def _place(masks: np.ndarray, ways: np.ndarray, placements: int, tagged: bool = False):
    """The law (masks, ways: int64 arrays, the masks distinct) after `placements` more placements, each multiplying
    the ways by the 20 faces.  Tagged: the bits above the 20 villages (refill_law's goods-phase mask) ride along;
    else the masks go as int32 (20 bits: half the memory traffic) and merge densely."""
    assert int(ways.sum()) * r.DIE ** placements < 2 ** 53
    if not tagged:
        masks = masks.astype(np.int32)
    for _ in range(placements):
        nxt = (_landed(masks) if not tagged else (masks & ~FULL)[None, :] | _landed(masks & FULL)).ravel()
        masks, ways = _merge(nxt, np.broadcast_to(ways, (r.DIE, len(ways))).ravel(), 0 if tagged else FULL + 1)
    return masks.astype(np.int64), ways


def _mask(villages) -> int:
    return sum(1 << (v - 1) for v in villages)


_HALF = r.VILLAGES // 2
_LOW = [tuple(v + 1 for v in range(_HALF) if m >> v & 1) for m in range(1 << _HALF)]
_HIGH = [tuple(v + 1 + _HALF for v in range(_HALF) if m >> v & 1) for m in range(1 << _HALF)]


def _villages(mask: int) -> frozenset:
    return frozenset(_LOW[mask & (1 << _HALF) - 1] + _HIGH[mask >> _HALF])


def _likeliest_first(masks: np.ndarray, ways: np.ndarray) -> list[int]:
    """The order of the sets: most ways first, ties by their sorted villages (as lists).  Sets of one size compare
    as lists by their lowest differing village, the set holding it first: the bit-reversed mask, larger first."""
    sizes = sum(masks >> v & 1 for v in range(r.VILLAGES)) if len(masks) else masks
    if len(np.unique(sizes)) > 1:
        return sorted(range(len(masks)), key=lambda i: (-int(ways[i]), sorted(_villages(int(masks[i])))))
    rev = sum((masks >> v & 1) << (r.VILLAGES - 1 - v) for v in range(r.VILLAGES))
    return np.lexsort((-rev, -ways)).tolist()


def _counts(masks: np.ndarray, ways: np.ndarray) -> list[int]:
    """Per village (index v - 1): the ways whose mask holds it."""
    return [int(ways[(masks >> v & 1).astype(bool)].sum()) for v in range(r.VILLAGES)]


def goods_placements(n_goods: int, bag_size: int, short_bag: str) -> int:
    """The goods placements a refill makes: each draws 5, the last one what is left (place_what_is_left) or
    nothing when fewer than 5 are left (no_placement)."""
    whole, left = divmod(bag_size, r.PER_PLACEMENT)
    return min(n_goods, whole + (1 if left and short_bag == "place_what_is_left" else 0))


def _phases(goods, tasks, n_goods: int, settings):
    """(goods, task villages, the mask a goods placement skips, the law over it after the goods placements)."""
    g, t = _mask(goods), _mask(tasks)
    skip = g | t if settings.occupied_means == "goods_or_task" else g
    one = np.ones(1, dtype=np.int64)
    return g, t, skip, _place(np.array([skip], dtype=np.int64), one, n_goods)


def refill_odds(goods, tasks, n_goods: int, n_tasks: int, settings, top: int | None = None) -> tuple[dict, dict,
                                                                                                     int]:
    """(village -> (P it gets goods, P it gets a task), {new goods villages: Fraction} likeliest first, ties by the
    sorted villages, only the `top` likeliest when given, the number of such sets): n_goods goods placements, then
    n_tasks task ones (at most 5 + 5).  A goods placement skips goods and task villages (occupied_means
    goods_or_task) or goods only (goods_only); a task one skips both.  One occupancy mask
    per state: after the goods placements the new goods are its villages outside the skipped start; the task
    placements start from it and the task villages, and a village gets a task exactly when it is in the final mask
    and not in that start, so P(task at v) = P(v in the final mask) - P(v in the start).  Counted in whole numbers
    of roll sequences."""
    every = r.DIE ** (n_goods + n_tasks)
    _, t, skip, (m1, w1) = _phases(goods, tasks, n_goods, settings)
    start = m1 | t
    start, w_start = _merge(start, w1) if t & ~skip else (start, w1)  # goods_only: the tasks join the mask now
    scale = r.DIE ** n_tasks  # the goods-phase ways, each followed by every task roll sequence
    final, w_final = _place(start, w_start, n_tasks)
    g_counts, before, after = _counts(m1, w1), _counts(start, w_start), _counts(final, w_final)
    marg = {v + 1: (Fraction(0 if skip >> v & 1 else g_counts[v] * scale, every),
                    Fraction(after[v] - before[v] * scale, every)) for v in range(r.VILLAGES)}
    new, counts = (m1 & ~skip).tolist(), w1.tolist()
    order = _likeliest_first(m1 & ~skip, w1)[:top]
    return marg, {_villages(new[i]): Fraction(counts[i] * scale, every) for i in order}, len(new)


def refill_law(goods, tasks, n_goods: int, n_tasks: int, settings) -> dict:
    """{(new goods villages, new task villages): Fraction}, the full joint law (refill_odds' rules): each state the
    goods-phase mask (bits above the 20 villages) and the occupancy mask; slower than refill_odds, for checks."""
    every = r.DIE ** (n_goods + n_tasks)
    _, t, skip, (m1, w1) = _phases(goods, tasks, n_goods, settings)
    final, ways = _place(m1 << r.VILLAGES | m1 | t, w1, n_tasks, tagged=True)
    out: dict = {}
    for code, w in zip(final.tolist(), ways.tolist()):
        before = code >> r.VILLAGES
        key = (_villages(before & ~skip), _villages(code & FULL & ~(before | t)))
        out[key] = out.get(key, 0) + w
    return {k: Fraction(w, every) for k, w in out.items()}


def marginals(law: dict) -> dict[int, tuple[Fraction, Fraction]]:
    """village -> (P it gets goods, P it gets a task) from a refill law."""
    out = {v: [Fraction(0), Fraction(0)] for v in range(1, r.VILLAGES + 1)}
    for (new_goods, new_tasks), p in law.items():
        for v in new_goods:
            out[v][0] += p
        for v in new_tasks:
            out[v][1] += p
    return {v: (g, t) for v, (g, t) in out.items()}


def goods_law(law: dict) -> dict[frozenset, Fraction]:
    """The joint law of where the new goods land (their set of villages)."""
    out: dict = {}
    for (new_goods, _), p in law.items():
        out[new_goods] = out.get(new_goods, 0) + p
    return out


# -- the bag -----------------------------------------------------------------------------------------------------

def bag_odds(bag: dict, draw: int = r.PER_PLACEMENT) -> dict[str, tuple[Fraction, Fraction]]:
    """colour -> (P the drawn village shows it, P it is the lowest-value cube there: the one a trader must take),
    `draw` cubes without replacement from `bag` {colour: n}."""
    total = sum(bag.values())
    draw = min(draw, total)
    ways = comb(total, draw)
    out, below = {}, 0
    for c in r.COLOURS:
        n = bag.get(c, 0)
        shows = 1 - Fraction(comb(total - n, draw), ways) if ways else Fraction(0)
        rest = total - below  # no cube below c
        lowest = Fraction(comb(rest, draw) - comb(rest - n, draw), ways) if ways else Fraction(0)
        out[c] = (shows, lowest)
        below += n
    return out


# -- the inventory -----------------------------------------------------------------------------------------------

def _hyper(total: int, good: int, draw: int) -> dict[int, Fraction]:
    ways = comb(total, draw)
    return {x: Fraction(comb(good, x) * comb(total - good, draw - x), ways)
            for x in range(max(0, draw - (total - good)), min(good, draw) + 1)}


def _spread(cubes: int, players: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Each of `cubes` cubes to one of `players` equally likely: (counts, probability)."""
    if players == 0:  # no untracked opponent: leftover cubes are nobody's
        return [((), Fraction(1))]
    out = []

    def split(left, parts):
        if len(parts) == players - 1:
            counts = (*parts, left)
            ways = factorial(cubes)
            for n in counts:
                ways //= factorial(n)
            out.append((counts, Fraction(ways, players ** cubes)))
            return
        for n in range(left + 1):
            split(left - n, (*parts, n))

    split(cubes, ())
    return out


def inventory_odds(mine: dict, opponents: list, pool: dict) -> dict[str, dict]:
    """colour -> {winner: Fraction}, winner "me", an opponent's name or None (a tie for the most, or nobody holds
    one).  opponents: [(name, known {colour: n}, unknown)], unknown a whole number (his cubes of unseen colour,
    a uniform draw without replacement from `pool`) or None (untracked: the pool's cubes left after the counted
    ones go each to one of the untracked opponents, equally likely; ILLUSTRATIVE)."""
    tracked = [(i, k) for i, (_, _, k) in enumerate(opponents) if k is not None]
    untracked = [i for i, (_, _, k) in enumerate(opponents) if k is None]
    total = sum(pool.values())
    out = {}
    for c in r.COLOURS:
        law: dict = {}

        def go(step, left_total, left_c, extra, p):
            if step < len(tracked):
                i, k = tracked[step]
                for x, q in _hyper(left_total, left_c, k).items():
                    go(step + 1, left_total - k, left_c - x, {**extra, i: x}, p * q)
                return
            for counts, q in _spread(left_c, len(untracked)):
                more = {**extra, **dict(zip(untracked, counts))}
                holding = {"me": mine.get(c, 0), **{name: known.get(c, 0) + more.get(i, 0)
                                                    for i, (name, known, _) in enumerate(opponents)}}
                who = r.inventory_winner(holding)
                law[who] = law.get(who, 0) + p * q

        go(0, total, pool.get(c, 0), {}, Fraction(1))
        out[c] = law
    return out
