"""Exact answers (spec "What the analyzer is asked", 1-6) in rationals: plain functions of the board, the robber,
my buildings and hand, so the tests can state the spec's reference figures directly.

- spot income: Σ pips(n)/36 over a vertex's hexes that are not robbed (×2 for a city), per resource;
- the 7: 1 - (5/6)^rolls;
- the discard before my next roll: a DP over my hand SIZE (only the total decides a discard and its size);
- turns until I can afford X: a DP over my hand by resource (the discard policy looks at each resource), with
  integer weights over the common denominator 36^rolls, states merged, a state absorbed at the first build phase
  that can pay; once the states outgrow `STATE_BUDGET`, the same DP in floating point (`afford_kernel`, numba);
- the development deck: hypergeometric over the unseen cards;
- the robber: the cards each hex denies its owners per round.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from analyzer.games.catan import board as bo
from analyzer.games.catan import rules as r

R = len(r.RESOURCES)
ZERO = (0,) * R
STATE_BUDGET = 400  # hand states kept by the turns-to-afford DP before it stops extending the horizon
BASE = 64  # a hand as one int: count of resource k in digit k (hands stay far below 64 of a kind)


def hexes_of(v: int) -> list[int]:
    return [int(h) for h in bo.VERTEX_HEXES[v] if h >= 0]


def producing(board: bo.Board, robber: int | None, v: int) -> list[int]:
    """The hexes around vertex v that pay on their number: not the desert, not the robber's."""
    return [h for h in hexes_of(v) if board.number[h] and h != robber]


def income(board: bo.Board, robber: int | None, v: int, mult: int = 1) -> tuple[Fraction, ...]:
    """Expected cards per roll by resource for a building of `mult` (1 settlement, 2 city) on vertex v."""
    out = [Fraction(0)] * R
    for h in producing(board, robber, v):
        out[board.resource(h)] += Fraction(mult * bo.pips(board.number[h]), 36)
    return tuple(out)


def p_pays(board: bo.Board, robber: int | None, v: int) -> Fraction:
    """P(one roll pays vertex v anything): its distinct numbers, a number on two of its hexes counted once."""
    return Fraction(sum(bo.pips(n) for n in {board.number[h] for h in producing(board, robber, v)}), 36)


def p_nothing(p_any: Fraction, rolls: int) -> Fraction:
    return (1 - p_any) ** rolls


def production(board: bo.Board, robber: int | None, buildings) -> dict[int, tuple[int, ...]]:
    """Roll sum -> my cards by resource, from my buildings [(vertex, mult)]; the robber's hex pays nothing."""
    out: dict[int, list[int]] = {}
    for v, mult in buildings:
        for h in producing(board, robber, v):
            out.setdefault(board.number[h], [0] * R)[board.resource(h)] += mult
    return {s: tuple(c) for s, c in sorted(out.items())}


def p_seven(rolls: int) -> Fraction:
    """P(at least one 7 in `rolls` rolls of 2d6)."""
    return 1 - Fraction(5, 6) ** rolls


# ------------------------------------------------------------------------------------------------
# the discard before my next roll (question 3)


@dataclass(frozen=True)
class Discard:
    p_discard: Fraction  # P(at least one discard)
    expected_lost: Fraction
    size: dict  # hand size at the end -> P


def discard_risk(cards: int, prod: dict, rolls: int, rounding: str) -> Discard:
    """Over `rolls` rolls: each non-7 adds my production's card count, a 7 with over 7 cards discards."""
    gain = {s: sum(prod.get(s, ZERO)) for s in r.WAYS if s != 7}
    dist = {(cards, False): Fraction(1)}
    lost = Fraction(0)
    for _ in range(rolls):
        new: dict = {}
        for (n, hit), p in dist.items():
            for s, ways in r.WAYS.items():
                q = p * Fraction(ways, 36)
                if s == 7:
                    k = r.discard_count(n, rounding)
                    lost += q * k
                    key = (n - k, hit or k > 0)
                else:
                    key = (n + gain[s], hit)
                new[key] = new.get(key, 0) + q
        dist = new
    size: dict = {}
    for (n, _), p in dist.items():
        size[n] = size.get(n, 0) + p
    return Discard(sum((p for (n, hit), p in dist.items() if hit), Fraction(0)), lost, dict(sorted(size.items())))


# ------------------------------------------------------------------------------------------------
# turns until I can afford X (question 4)


def _decode(code: int) -> list[int]:
    return [(code // BASE ** k) % BASE for k in range(R)]


def _encode(hand) -> int:
    return sum(int(n) * BASE ** k for k, n in enumerate(hand))


def drop(hand, cost, k: int) -> tuple[int, ...]:
    """The spec's discard policy: k cards, one at a time, each of the held resource with the largest surplus over
    the cost (ties: grain, ore, sheep, brick, wood)."""
    h = list(hand)
    for _ in range(k):
        best = -1
        for x in r.PREF:  # a later resource replaces the best only when its surplus is larger
            if h[x] > 0 and (best < 0 or h[x] - cost[x] > h[best] - cost[best]):
                best = x
        h[best] -= 1
    return tuple(h)


@dataclass(frozen=True)
class Afford:
    by_turn: tuple  # P(first payable at my t-th build phase), t = 1..horizon: Fractions, then floats
    horizon: int  # build phases computed
    asked: int  # build phases asked for
    rational: int  # build phases computed in rationals (the rest in floating point, once the states outgrew
    #                STATE_BUDGET)
    states: int  # the most hand states held at once

    @property
    def later(self):
        return 1 - sum(self.by_turn, Fraction(0))

    def cumulative(self) -> list:
        out, acc = [], Fraction(0)
        for p in self.by_turn:
            acc += p
            out.append(acc)
        return out


def _paid(h, v) -> tuple[int, ...]:
    """Production v onto hand h: a resource of which I would hold more than the bank's 19 is not paid."""
    return tuple(a + b if a + b <= r.BANK else a for a, b in zip(h, v))


# hand codes digit by digit (no digit carries: counts stay under 32): digit + 12 >= 32 when it is over 19, and
# digit + 32 - cost >= 32 when it pays the cost
_TWELVES, _BITS = _encode((32 - r.BANK - 1,) * R), _encode((32,) * R)


def afford(hand, prod: dict, cost, first: int, every: int, turns: int, rounding: str,
           budget: int = STATE_BUDGET) -> Afford:
    """Exact distribution of the first of my build phases at which my hand pays `cost`.

    My build phases come after roll `first`, then every `every` rolls; each roll adds my production (the
    robber where it stands; no more than 19 of a resource), a 7 makes me discard per `drop`; no trades, no
    steals.  In rationals (integer weights over 36^rolls, hands as `_encode` ints) while the hand states number
    at most `budget`, then the same DP in floating point (`afford_kernel`)."""
    if max(hand) > r.BANK:
        raise ValueError(f"a hand holds more than the bank's {r.BANK} of a resource: {hand}")
    outs: dict[tuple, int] = {}
    for s, ways in r.WAYS.items():
        if s != 7:
            v = tuple(prod.get(s, ZERO))
            outs[v] = outs.get(v, 0) + ways
    outs_list = list(outs.items())
    gains = [(_encode(v), ways) for v, ways in outs_list]
    need = _BITS - _encode(cost)
    trans: dict[int, tuple] = {}

    def moves(code: int) -> tuple:
        got = trans.get(code)
        if got is None:
            step: dict[int, int] = {}
            for gain, ways in gains:
                over = (code + gain + _TWELVES) & _BITS  # bit 5 of each digit the bank cannot pay
                dest = code + gain - (gain & (over >> 5) * (BASE - 1))
                step[dest] = step.get(dest, 0) + ways
            h = _decode(code)
            seven = _encode(drop(h, cost, r.discard_count(sum(h), rounding))) if sum(h) > r.HAND_LIMIT else code
            step[seven] = step.get(seven, 0) + r.WAYS[7]
            got = trans[code] = tuple(step.items())
        return got

    dist = {_encode(hand): 1}
    rolls, by_turn, most, rational = 0, [], 1, None
    floats = None  # (hands, probabilities) once in floating point
    for t in range(1, turns + 1):
        for _ in range(first if t == 1 else every):
            if floats is None and len(dist) > budget:
                from analyzer.games.catan import afford_kernel as kernel

                rational = len(by_turn)
                den = 36 ** rolls
                floats = (np.array([_decode(c) for c in dist], dtype=np.int64).reshape(-1, R),
                          np.array([w / den for w in dist.values()]))  # int / int: correctly rounded
                vs = np.array([v for v, _ in outs_list], dtype=np.int64).reshape(-1, R)
                p = np.array([ways / 36 for _, ways in outs_list] + [r.WAYS[7] / 36])
                args = (vs, p, np.array(cost, dtype=np.int64), rounding == "up")
            if floats is None:
                new: dict[int, int] = {}
                get = new.get
                for code, w in dist.items():
                    for dest, ways in moves(code):
                        new[dest] = get(dest, 0) + w * ways
                dist = new
                most = max(most, len(dist))
            else:
                floats = kernel.roll(*floats, *args)
                most = max(most, len(floats[0]))
            rolls += 1
        if floats is None:
            hit = 0
            for code in [c for c in dist if (c + need) & _BITS == _BITS]:
                hit += dist.pop(code)
            by_turn.append(Fraction(hit, 36 ** rolls))
            left = len(dist)
        else:
            hands, w = floats
            ok = (hands >= np.array(cost)).all(1)
            by_turn.append(float(w[ok].sum()))
            floats = (hands[~ok], w[~ok])
            left = len(floats[0])
        if not left:
            break
    return Afford(tuple(by_turn), len(by_turn), turns, len(by_turn) if rational is None else rational, most)


def drop_rows(h: np.ndarray, cost: np.ndarray, rounding: str) -> np.ndarray:
    """`drop` on many hands at once (rows of h; the Monte Carlo with trades): each hand over 7 cards discards half,
    the largest surplus first."""
    h = h.copy()
    total = h.sum(1)
    rows = np.flatnonzero(total > r.HAND_LIMIT)
    if not len(rows):
        return h
    k = (total[rows] + 1) // 2 if rounding == "up" else total[rows] // 2
    most = np.argsort(-k, kind="stable")  # the rows dropping most first: each step works on a prefix
    rows, k = rows[most], k[most]
    order = np.array(r.PREF)
    sub, need, tie = h[rows][:, order], cost[order], np.arange(len(order))
    active = np.searchsorted(-k, -np.arange(int(k[0])), side="left")  # per step: the rows with k > step
    for n in active:
        part = sub[:n]
        key = np.where(part > 0, (part - need) * 8 - tie, -10**9)  # 8 > 4: the tie order breaks ties only
        part[np.arange(n), key.argmax(1)] -= 1
    h[rows[:, None], order] = sub
    return h


# ------------------------------------------------------------------------------------------------
# the development deck (question 5) and the robber (question 6)


def next_card(unseen) -> dict[str, Fraction]:
    """P(the next card drawn is each type): uniform over the cards I have not seen (deck + others' hands)."""
    total = sum(unseen)
    return {name: Fraction(n, total) if total else Fraction(0) for name, n in zip(r.DEV, unseen)}


def p_at_least_one(unseen, kind: int, buys: int) -> Fraction:
    """P(at least one card of `kind` among `buys` cards drawn from the unseen ones)."""
    total = sum(unseen)
    if buys > total:
        raise ValueError("more buys than unseen cards")
    return 1 - Fraction(comb(total - unseen[kind], buys), comb(total, buys))


def denied(board: bo.Board, h: int, buildings, players: int) -> dict[int, Fraction]:
    """Owner -> expected cards the robber on hex h denies him per round of `players` rolls."""
    out: dict[int, Fraction] = {}
    if not board.number[h]:
        return out
    verts = set(int(v) for v in bo.HEX_VERTICES[h])
    for v, owner, mult in buildings:
        if v in verts:
            out[owner] = out.get(owner, 0) + Fraction(players * mult * bo.pips(board.number[h]), 36)
    return out
