"""Exact answers at the table (spec §9 items 1-4), in Fractions, from the view of `position.me`.

- `reach(p)`: the final spaces of each move option (free step, the extra-move chains, the die per face) and
  P(the die can end on a space / on any city) = faces that allow it / faces.
- `ev(p)`: the exact one-turn EV of each move option under W = money + Σ price(kind, count): step to y: V(y);
  extra move via camp y to z (one extra step): the gift at y, then V(z); die: -5 + mean over faces of the best
  landing's V, with 5 piasters less.  V(space) = expected ΔW after acting there, with its best sale, trade or
  purchase (the greedy player's valuation, coordination notes).
- `draws(pool, n)`, `p_at_least`, `oasis_choices`, `penalty`: the oasis (multivariate hypergeometric over the
  pool: the bag when counted, else my unseen pool = totals - my hand - fields - others' known cubes).
- `best_gift`, `trades`, `best_trade`, `reach_trade`: the nomad camp; `sales`: a city's legal sales and the fine.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from itertools import product
from math import comb

from analyzer.games.samarkand_sackson import reference as ref
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.state import Position

K = len(r.KINDS)
CHAIN_DEPTH = 12  # the longest extra-move chain `reach` follows


def W(p: Position, money: int, hand) -> int:
    return r.wealth(p.board, money, hand)


def add(a, b, sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b))


# ------------------------------------------------------------------------------------------------
# chance: uniform draws without replacement


def draws(pool, n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """The distribution of n cubes drawn from `pool` (counts by kind; n capped at what it holds): [(counts, P)]."""
    n = min(n, sum(pool))
    total = comb(sum(pool), n)
    return [(combo, Fraction(ways, total)) for combo, ways in _compositions(tuple(pool), n)]


@lru_cache(maxsize=4096)
def _compositions(pool: tuple, n: int) -> tuple:
    """((counts, ways), ...): every way to draw n cubes of `pool` by kind, kind 0 first, with its count of subsets."""
    if not pool:
        return (((), 1),) if n == 0 else ()
    out = []
    for x in range(min(pool[0], n) + 1):
        out += [((x,) + rest, comb(pool[0], x) * ways) for rest, ways in _compositions(pool[1:], n - x)]
    return tuple(out)


def p_at_least(pool, n: int, kind: int, k: int) -> Fraction:
    return sum((q for c, q in draws(pool, n) if c[kind] >= k), Fraction(0))


def gain(p: Position, money: int, hand, got) -> int:
    """ΔW of adding `got` to the hand (money unchanged)."""
    return W(p, money, add(hand, got)) - W(p, money, hand)


def expected_gain(p: Position, money: int, hand, pool, n: int) -> Fraction:
    return sum((q * gain(p, money, hand, c) for c, q in draws(pool, n)), Fraction(0))


@dataclass(frozen=True)
class OasisChoice:
    cubes: int  # 1 or 4 (0: the penalty)
    price: int
    allowed: bool
    gain: Fraction  # E[ΔW of the cubes] (penalty: E[ΔW of the cubes lost], <= 0)
    net: Fraction  # gain - price


def oasis_choices(p: Position, space: int, money: int, hand, pool) -> list[OasisChoice]:
    """Spec §4: under 5 piasters the penalty; else 1 for 5 (always) and 4 for P (with >= P)."""
    if money < r.ONE_CUBE:
        loss = sum((q * -gain(p, money, add(hand, c, -1), c) for c, q in penalty(hand)), Fraction(0))
        return [OasisChoice(0, 0, True, loss, loss)]
    price4 = p.board.price4[space]
    out = []
    for n, price in ((1, r.ONE_CUBE), (r.OASIS_CUBES, price4)):
        g = expected_gain(p, money, hand, pool, n)
        out.append(OasisChoice(n, price, money >= price, g, g - price))
    return out


def penalty(hand) -> list[tuple[tuple[int, ...], Fraction]]:
    """The cubes lost to an oasis penalty: min(3, H) uniform cubes of the hand."""
    return draws(hand, r.PENALTY)


# ------------------------------------------------------------------------------------------------
# the nomad camp


def best_gift(p: Position, money: int, hand) -> tuple[int | None, int, int]:
    """(kind or None = bought, ΔW, piasters paid): the gift losing least W (ties: the lowest kind); no cube: buy."""
    return gifts(p, money, hand)[0]


def gifts(p: Position, money: int, hand) -> list[tuple[int | None, int, int]]:
    """Every greeting gift he may give: [(kind, ΔW, 0)] for each kind he holds, in the tie order of a joint
    choice (the least W loss first, then the lowest kind); no cube: [(None, -paid, paid)] (bought)."""
    if not sum(hand):
        paid = min(r.GIFT_PRICE, money)
        return [(None, -paid, paid)]
    w = W(p, money, hand)
    out = [(k, W(p, money, add(hand, unit(k), -1)) - w, 0) for k in range(K) if hand[k]]
    return sorted(out, key=lambda g: (-g[1], g[0]))


def unit(k: int) -> tuple[int, ...]:
    return tuple(int(j == k) for j in range(K))


def sub_lots(counts, size: int | None = None):
    """Every sub-multiset of `counts` (of the given size)."""
    for combo in product(*(range(c + 1) for c in counts)):
        if size is None or sum(combo) == size:
            yield combo


def trades(p: Position, money: int, hand, fld, capacity: int):
    """Every legal (give, take) at a field (after the gift), with ΔW; trade_counts equal: m for m, m >= 1.
    A kind both given and taken changes nothing a smaller trade does not, so the given kinds are the others."""
    base = W(p, money, hand)
    takes = [t for t in sub_lots(fld) if sum(t)]
    for take in takes:
        mine = tuple(0 if take[k] else hand[k] for k in range(K))
        if p.settings.trade_counts == "equal":
            gives = sub_lots(mine, sum(take))
        else:
            gives = (g for g in sub_lots(mine) if sum(fld) - sum(take) + sum(g) <= capacity)
        for give in gives:
            yield give, take, W(p, money, add(add(hand, give, -1), take)) - base


def best_trade(p: Position, money: int, hand, fld, capacity: int, keep=lambda give, take: True):
    """(give, take, ΔW) of the best trade under W among those `keep` allows, no trade (ΔW 0) among them (ties: the
    fewest cubes moved, then the first); None when `keep` allows none."""
    none = ((0,) * K, (0,) * K)
    best = (*none, 0) if keep(*none) else None
    for give, take, d in trades(p, money, hand, fld, capacity):
        if not keep(give, take):
            continue
        if best is None or d > best[2] or (d == best[2] and sum(give) + sum(take) < sum(best[0]) + sum(best[1])):
            best = (give, take, d)
    return best


def reach_trade(p: Position, money: int, hand, fld, capacity: int, kind: int, n: int):
    """The best trade (by ΔW, ties as `best_trade`) that leaves >= n cubes of `kind` in hand, no trade included
    when the hand holds them already; None if none does."""
    return best_trade(p, money, hand, fld, capacity, lambda give, take: hand[kind] - give[kind] + take[kind] >= n)


def bought_gift(p: Position, pool) -> list[tuple[tuple[int, ...] | None, Fraction]]:
    """The cube a bought gift puts on the field, as a trade after it sees it: [(cube, P)] drawn from `pool`
    (gift_purchase blind) or every colour it holds (choice: he names one, P 1); [(None, 1)] when no trade can take
    it (trade_counts equal: he has no cube of his own to give; or an empty pool)."""
    if p.settings.trade_counts == "equal" or not sum(pool):
        return [(None, Fraction(1))]
    if p.settings.gift_purchase == "choice":
        return [(c, Fraction(1)) for c, _ in draws(pool, 1)]
    return draws(pool, 1)


# ------------------------------------------------------------------------------------------------
# the city


def sales(p: Position, space: int, hand):
    """[(market, lot, income, ΔW)] of every legal sale at this city with this hand, canonical order."""
    out = []
    for m, lot in ref.legal_sales(p.board, p.settings, p.disc, hand, space):
        pay = ref.income(p.board, p.settings, p.disc, m, lot)
        out.append((m, lot, pay, pay + W(p, 0, add(hand, lot, -1)) - W(p, 0, hand)))
    return out


def best_sale(p: Position, space: int, hand):
    """The best legal sale by ΔW (ties: the larger lot), or None."""
    best = None
    for m, lot, pay, d in sales(p, space, hand):
        if best is None or d > best[3] or (d == best[3] and sum(lot) > sum(best[1])):
            best = (m, lot, pay, d)
    return best


# ------------------------------------------------------------------------------------------------
# a space's value and the move options


def camp_choice(p: Position, money: int, hand, fld, cap: int) -> tuple[int, Fraction]:
    """(gift kind, V) at a camp that is not full, for a hand with a cube: the gift is chosen jointly with the trade
    after it, V = max over the kinds he holds of [ΔW of giving it + the best trade with the hand and field after
    it] (ties: the least W loss, then the lowest kind).  The trade may take the gift back, so every gift leaves the
    same hands reachable and the least-loss gift attains the max; the max is taken all the same."""
    best = None
    for k, d, _ in gifts(p, money, hand):
        v = d + best_trade(p, money, add(hand, unit(k), -1), add(fld, unit(k)), cap)[2]
        if best is None or v > best[1]:
            best = (k, Fraction(v))
    return best


def extra_choice(p: Position, y: int, z: int, money: int, hand, pool) -> tuple[int | None, Fraction]:
    """(gift kind or None = bought, value) of the extra move via camp y (not full) on to z: the gift at y chosen
    jointly with what z gives after it, max over the gifts of [ΔW(gift) + V(z) with the hand, money and fields
    after that gift] (ties: the least W loss, then the lowest kind)."""
    best = None
    for k, d, paid in gifts(p, money, hand):
        fields = list(p.fields)
        if k is not None:
            fields[p.board.camp_of[y]] = add(fields[p.board.camp_of[y]], unit(k))
        hand2 = hand if k is None else add(hand, unit(k), -1)
        v = d + value(p, z, money - paid, hand2, fields, pool)
        if best is None or v > best[1]:
            best = (k, v)
    return best


def value(p: Position, space: int, money: int, hand, fields, pool) -> Fraction:
    """V(space): the expected ΔW of acting there now (no extra move), best choice."""
    b = p.board
    kind = b.kind[space]
    if kind == r.CAMP:
        fld, cap = fields[b.camp_of[space]], b.capacity[space]
        if sum(fld) >= cap:
            if money < r.FULL_CAMP_PRICE and p.settings.full_camp_unpaid == "nothing":
                return Fraction(0)
            return Fraction(gain(p, money, hand, fld) - min(r.FULL_CAMP_PRICE, money))
        k, d, paid = best_gift(p, money, hand)
        if k is not None:
            return camp_choice(p, money, hand, fld, cap)[1]
        cubes = bought_gift(p, pool)
        if cubes[0][0] is None:  # bought: no cube of his own to trade
            return Fraction(d)
        after = [(q, best_trade(p, money - paid, hand, add(fld, c), cap)[2]) for c, q in cubes]
        if p.settings.gift_purchase == "choice":
            return Fraction(d + max(t for _, t in after))
        return d + sum((q * t for q, t in after), Fraction(0))
    if kind == r.OASIS:
        return max(c.net for c in oasis_choices(p, space, money, hand, pool) if c.allowed)
    best = best_sale(p, space, hand)
    return Fraction(best[3]) if best else Fraction(-min(r.FINE, money))


@dataclass
class Option:
    label: str
    kind: str  # step | extra | die
    ev: Fraction
    detail: list  # step/extra: [(space, V)]; die: [(face, best landing, V)]
    gift: int | None = None  # extra: the gift kind at the camp passed (None: bought)


def ev(p: Position) -> list[Option]:
    """The exact one-turn EV of each move option of `me` (spec §9.2), in canonical order."""
    b, s, seat = p.board, p.settings, p.me
    q = p.seats[seat]
    money, hand, here, pool = q.money, q.known, q.space, p.pool(seat)
    out = []
    for y in b.succ[here]:
        v = value(p, y, money, hand, p.fields, pool)
        out.append(Option(f"step to {b.space_ids[y]}", "step", v, [(y, v)]))
    for y in b.succ[here]:
        if b.kind[y] != r.CAMP or not s.extra_move or sum(p.field_of(y)) >= b.capacity[y]:
            continue
        for z in b.succ[y]:
            k, v = extra_choice(p, y, z, money, hand, pool)
            out.append(Option(f"step to {b.space_ids[y]}, gift, on to {b.space_ids[z]}", "extra", v, [(z, v)], k))
    if money >= r.DIE_COST:
        total, detail = Fraction(0), []
        for face in s.die:
            ends = r.die_ends(b, here, face)
            vals = [(value(p, z, money - r.DIE_COST, hand, p.fields, pool), z) for z in ends]
            v, z = max(vals, key=lambda x: (x[0], -x[1]))
            detail.append((face, z, v))
            total += v
        out.append(Option("roll the die", "die", -r.DIE_COST + total / len(s.die), detail))
    return out


# ------------------------------------------------------------------------------------------------
# where can I get to


@dataclass
class Reach:
    step: tuple  # successors
    chain: tuple  # final spaces of a free step with any extra moves (extra_move on), incl. the plain step
    die: list  # per face: (face, landings)
    p_space: dict  # space -> P(the die can end there), exact
    p_city: Fraction
    die_allowed: bool


def chain_ends(p: Position, start: int) -> frozenset:
    """Where a free step and any chain of extra moves can end (each gift fills its camp by one)."""
    b = p.board
    ends, seen = set(), set()
    todo = [(y, tuple(sum(f) for f in p.fields), 0) for y in b.succ[start]]
    while todo:
        y, filled, depth = todo.pop()
        if (y, filled) in seen:
            continue
        seen.add((y, filled))
        ends.add(y)
        if not p.settings.extra_move or b.kind[y] != r.CAMP or depth >= CHAIN_DEPTH:
            continue
        c = b.camp_of[y]
        if filled[c] >= b.capacity[y]:
            continue
        more = filled[:c] + (filled[c] + 1,) + filled[c + 1:]
        todo += [(z, more, depth + 1) for z in b.succ[y]]
    return frozenset(ends)


def reach(p: Position) -> Reach:
    b, s = p.board, p.settings
    q = p.seats[p.me]
    die = [(face, r.die_ends(b, q.space, face)) for face in s.die]
    n = len(s.die)
    p_space = {z: Fraction(sum(z in ends for _, ends in die), n) for z in range(b.spaces)}
    p_city = Fraction(sum(any(b.kind[z] == r.CITY for z in ends) for _, ends in die), n)
    return Reach(b.succ[q.space], tuple(sorted(chain_ends(p, q.space))), die, p_space, p_city,
                 q.money >= r.DIE_COST)
