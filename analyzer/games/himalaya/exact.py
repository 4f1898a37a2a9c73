"""Exact answers in Fractions: the d20 refill law (a distribution over the occupied villages, placement by
placement, goods first), the bag's hypergeometric odds and the inventory's winner over the opponents' unknown cubes.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

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


def _place(law: dict, placements: int, kind: int) -> dict:
    """`law`: {(bitmask of the villages a placement skips, of the new goods villages, of the new task villages):
    ways}, after `placements` more placements of `kind` (0 goods, 1 a task); each placement multiplies the ways by
    the 20 faces (bit v - 1 is village v)."""
    for _ in range(placements):
        nxt: dict = {}
        for key, ways in law.items():
            skip = key[0]
            if skip == FULL:
                nxt[key] = nxt.get(key, 0) + ways * r.DIE
                continue
            for roll in range(r.DIE):
                v = roll
                while skip >> v & 1:
                    v = (v + 1) % r.VILLAGES
                bit = 1 << v
                new = (skip | bit, key[1] | bit, key[2]) if kind == 0 else (skip | bit, key[1], key[2] | bit)
                nxt[new] = nxt.get(new, 0) + ways
        law = nxt
    return law


def _mask(villages) -> int:
    return sum(1 << (v - 1) for v in villages)


def _villages(mask: int) -> frozenset:
    return frozenset(v for v in range(1, r.VILLAGES + 1) if mask >> (v - 1) & 1)


FULL = (1 << r.VILLAGES) - 1


def goods_placements(n_goods: int, bag_size: int, short_bag: str) -> int:
    """The goods placements a refill makes: each draws 5, the last one what is left (place_what_is_left) or
    nothing when fewer than 5 are left (no_placement)."""
    whole, left = divmod(bag_size, r.PER_PLACEMENT)
    return min(n_goods, whole + (1 if left and short_bag == "place_what_is_left" else 0))


def _ways(goods, tasks, n_goods: int, n_tasks: int, settings) -> dict:
    """{(bitmask of the new goods villages, of the new task villages): ways out of 20^(placements)}."""
    g, t = _mask(goods), _mask(tasks)
    skip = g | t if settings.occupied_means == "goods_or_task" else g
    law = _place({(skip, 0, 0): 1}, n_goods, 0)
    start: dict = {}
    for (_, new_goods, _), ways in law.items():
        key = (g | t | new_goods, new_goods, 0)
        start[key] = start.get(key, 0) + ways
    out: dict = {}
    for (_, ng, nt), ways in _place(start, n_tasks, 1).items():
        out[ng, nt] = out.get((ng, nt), 0) + ways
    return out


def refill_law(goods, tasks, n_goods: int, n_tasks: int, settings) -> dict:
    """{(new goods villages, new task villages): Fraction}: n_goods goods placements, then n_tasks task ones.  A goods
    placement skips goods and task villages (occupied_means goods_or_task) or goods only (goods_only); a task one
    skips both."""
    every = r.DIE ** (n_goods + n_tasks)
    return {(_villages(ng), _villages(nt)): Fraction(ways, every)
            for (ng, nt), ways in _ways(goods, tasks, n_goods, n_tasks, settings).items()}


def refill_odds(goods, tasks, n_goods: int, n_tasks: int, settings) -> tuple[dict, dict]:
    """(village -> (P it gets goods, P it gets a task), {new goods villages: Fraction}): refill_law's marginals and
    goods law, summed in whole numbers of roll sequences."""
    every = r.DIE ** (n_goods + n_tasks)
    sets: dict = {}
    task_sets: dict = {}
    for (ng, nt), ways in _ways(goods, tasks, n_goods, n_tasks, settings).items():
        sets[ng] = sets.get(ng, 0) + ways
        task_sets[nt] = task_sets.get(nt, 0) + ways
    counts = [[0, 0] for _ in range(r.VILLAGES)]
    for kind, law in enumerate((sets, task_sets)):
        for mask, ways in law.items():
            for v in range(r.VILLAGES):
                if mask >> v & 1:
                    counts[v][kind] += ways
    marg = {v + 1: (Fraction(cg, every), Fraction(ct, every)) for v, (cg, ct) in enumerate(counts)}
    return marg, {_villages(m): Fraction(ways, every) for m, ways in sets.items()}


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
