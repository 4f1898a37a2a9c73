"""Exact answers (Fractions) from a position; the bag is known exactly (100 less everything visible).

- `draws(p)`: how many tiles I draw (my refill after the move, over focus.turns of my turns; by exchangeability the
  other players' draws in between, uniform and unseen when I plan, change nothing);
- `hits(p, kinds, d)`: the distribution of the number of tiles of `kinds` among d draws from the bag (question 1);
- `completion(p, table, d)`: the tiles that fit a table's open chairs and P(I hold or draw what completes it in
  one turn) (question 2);
- `moves(p)`: every legal placement, bar placement and joker swap of my hand with its points (question 3), scored by
  layout.py.

Unlisted bar tiles (`bar_hidden`): they are unseen non-jokers, so my d draws are k jokers, k ~ Hypergeom(bag,
jokers, d), and d - k tiles uniform from the pool's non-jokers (a uniform part of a uniform rest is uniform).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple

from analyzer.core.exact import convolve as _convolve
from analyzer.games.cafe_international import layout as lay
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.state import Position

Dist = dict  # count -> Fraction
JOKER_KINDS = (r.kind(r.JOKER, 0), r.kind(r.JOKER, 1))


def hypergeometric(total: int, good: int, d: int) -> Dist:
    """P(exactly j good among d drawn without replacement from `total` holding `good`)."""
    ways = comb(total, d)
    return {j: Fraction(comb(good, j) * comb(total - good, d - j), ways)
            for j in range(max(0, d - (total - good)), min(good, d) + 1)}


def targets(nationality: int, sex: int | None, jokers: bool) -> frozenset[int]:
    """The kinds that count as a guest of `nationality` (of `sex`, None: either), jokers of that sex if asked."""
    sexes = (0, 1) if sex is None else (sex,)
    return frozenset([r.kind(nationality, s) for s in sexes] + ([r.kind(r.JOKER, s) for s in sexes] if jokers else []))


def refill(p: Position) -> int:
    """Tiles I draw after my move: back to my refill target (5 less the completions I drew fewer for), less one per
    single-nationality table the move completes."""
    f = p.focus
    hand = len(p.my_hand)
    placed = min(2, hand) if f.placed is None else min(f.placed, hand)
    return max(0, p.targets[p.me] - (hand - placed) - f.completed)


def draws(p: Position) -> tuple[int, int]:
    """(draws asked, draws possible): focus.draws (or my refill) per turn over focus.turns turns, capped by the bag
    (bag_end exactly_4: refills stop with 4 left)."""
    f = p.focus
    asked = (refill(p) if f.draws is None else f.draws) * f.turns
    room = p.bag_size - (r.BAG_END if p.settings.bag_end == "exactly_4" else 0)
    return asked, max(0, min(asked, room))


def _joker_split(p: Position, d: int):
    """(k, P(k jokers among my d draws)) and the pools they come from."""
    jokers = sum(p.pool[k] for k in JOKER_KINDS)
    return hypergeometric(p.bag_size, jokers, d).items()


def hits(p: Position, kinds: frozenset[int], d: int) -> Dist:
    """P(exactly j tiles of `kinds` among my next d draws from the bag), j = 0..d."""
    if not p.bar_hidden:
        return hypergeometric(p.bag_size, sum(p.pool[k] for k in kinds), d)
    nonjokers = sum(p.pool[:2 * r.JOKER])
    good_n = sum(p.pool[k] for k in kinds if k not in JOKER_KINDS)
    jokers = sum(p.pool[k] for k in JOKER_KINDS)
    good_j = sum(p.pool[k] for k in kinds if k in JOKER_KINDS)
    out: Dist = {}
    for k, pk in _joker_split(p, d):
        for j, q in _convolve(hypergeometric(jokers, good_j, k), hypergeometric(nonjokers, good_n, d - k)).items():
            out[j] = out.get(j, 0) + pk * q
    return out


def at_least(dist: Dist, j: int) -> Fraction:
    return sum((q for n, q in dist.items() if n >= j), Fraction(0))


# ------------------------------------------------------------------------------------------------
# question 2: completing a table

class Completion(NamedTuple):
    table: int
    open_chairs: tuple[str, ...]
    fitting: tuple  # per open chair: the tiles that may sit there in the completing turn
    pairs: tuple  # two open chairs: the legal (tile at chair 1, tile at chair 2) pairs; else ()
    now: bool  # my hand completes it this turn
    p: Fraction | None  # P(hand + d draws hold what completes it in one turn); None: more than one turn's guests
    single_nationality: tuple  # the completing tiles (or pairs) that make it a single-nationality table


def _kinds_tiles():
    return [(nat, sex) for nat in range(r.JOKER + 1) for sex in (0, 1)]


def _is_legal(p: Position, placement) -> bool:
    """One given placement's end-of-turn check (layout.py's rules)."""
    return lay.is_legal(p.layout, p.board, placement, p.settings)


def completion(p: Position, table: int, d: int) -> Completion:
    geo = lay.geometry(p.layout)
    board = p.board
    chairs = tuple(c for c in geo.chairs[table] if c not in board)
    if len(chairs) > 2 or not chairs:
        return Completion(table, chairs, (), (), False, None if chairs else Fraction(1), ())
    tiles = _kinds_tiles()
    if len(chairs) == 1:
        (c,) = chairs
        fit = tuple(t for t in tiles if _is_legal(p, ((c, t),)))
        single = tuple(t for t in fit if lay.completions(p.layout, board, ((c, t),)))
        now = any(t in fit for t in p.my_hand)
        good = frozenset(r.kind(*t) for t in fit)
        prob = Fraction(1) if now else at_least(hits(p, good, d), 1)
        return Completion(table, chairs, (fit,), (), now, prob, single)
    c1, c2 = chairs
    cand1 = [t for t in tiles if lay.fits(p.layout, c1, t)]
    cand2 = [t for t in tiles if lay.fits(p.layout, c2, t)]
    pairs = [(a, b) for a in cand1 for b in cand2 if _is_legal(p, ((c1, a), (c2, b)))]
    fit = (tuple(sorted({a for a, _ in pairs})), tuple(sorted({b for _, b in pairs})))
    single = tuple(ab for ab in pairs if lay.completions(p.layout, board, ((c1, ab[0]), (c2, ab[1]))))
    hand = [r.kind(*t) for t in p.my_hand]
    members, legal = _classes(pairs)
    now = _has_pair([sum(hand.count(k) for k in ks) for ks in members], legal)
    prob = Fraction(1) if now else _pair_odds(p, pairs, hand, d)
    return Completion(table, chairs, fit, tuple(pairs), now, prob, single)


def _classes(pairs):
    """The kinds of the pairs grouped by their part in them (the same partners either way; jokers apart): equal
    kinds of a group are interchangeable, so the odds need only the groups' counts."""
    kinds = sorted({r.kind(*t) for ab in pairs for t in ab})
    legal = {(r.kind(*a), r.kind(*b)) for a, b in pairs}
    groups: dict = {}
    for k in kinds:
        sig = (k in JOKER_KINDS, frozenset(b for a, b in legal if a == k), frozenset(a for a, b in legal if b == k))
        groups.setdefault(sig, []).append(k)
    members = list(groups.values())
    index = {k: i for i, ks in enumerate(members) for k in ks}
    return members, {(index[a], index[b]) for a, b in legal}


def _has_pair(counts, legal) -> bool:
    return any(counts[a] >= 2 if a == b else counts[a] and counts[b] for a, b in legal)


def _pair_odds(p: Position, pairs, hand: list[int], d: int) -> Fraction:
    """P(my hand and d draws hold a legal completing pair), exact: a walk over the groups of the pairs' kinds keeping
    each group's count (capped at 2) and the tiles drawn so far, a state that holds a pair already kept as one.
    With unlisted bar tiles the jokers and the non-jokers are drawn apart (k jokers ~ `_joker_split`)."""
    members, legal = _classes(pairs)
    apart = bool(p.bar_hidden)
    joker = [apart and ks[0] in JOKER_KINDS for ks in members]
    size = [sum(p.pool[k] for k in ks) for ks in members]
    states = {(tuple(sum(hand.count(k) for k in ks) for ks in members), 0, 0): 1}  # (counts, jokers, others): ways
    done: dict = {}  # (group, jokers, others) drawn by the time a pair was held (up to that group) -> ways
    if _has_pair(next(iter(states))[0], legal):
        return Fraction(1)
    for i, n in enumerate(size):
        nxt: dict = {}
        for (counts, uj, un), w in states.items():
            for x in range(0, min(n, d - uj - un) + 1):
                c = counts[:i] + (min(counts[i] + x, 2),) + counts[i + 1:]
                key = (uj + x, un) if joker[i] else (uj, un + x)
                ways = w * comb(n, x)
                if x and _has_pair(c, legal):
                    done[(i, *key)] = done.get((i, *key), 0) + ways
                else:
                    nxt[(c, *key)] = nxt.get((c, *key), 0) + ways
        states = nxt
    jokers = sum(p.pool[k] for k in JOKER_KINDS) if apart else 0

    def rest(i: int) -> tuple[int, int]:
        """The jokers and the others not in groups 0..i (drawn freely once a pair is held)."""
        return (jokers - sum(n for n, j in zip(size[:i + 1], joker) if j),
                sum(p.pool) - jokers - sum(n for n, j in zip(size[:i + 1], joker) if not j))

    splits = _joker_split(p, d) if apart else [(0, Fraction(1))]
    total = Fraction(0)
    for k, pk in splits:
        good = sum(w * comb(rest(i)[0], k - uj) * comb(rest(i)[1], d - k - un) for (i, uj, un), w in done.items()
                   if uj <= k and un <= d - k)
        total += pk * Fraction(good, comb(jokers, k) * comb(sum(p.pool) - jokers, d - k))
    return total


# ------------------------------------------------------------------------------------------------
# question 3: every move of my hand

class Move(NamedTuple):
    action: str  # seat | bar | joker_swap
    placement: tuple  # ((chair, tile), ...); bar: ((None, tile),); swap: ((chair, hand tile),)
    points: int
    completions: int  # single-nationality tables completed: the refill may be that many shorter
    refill: int  # tiles drawn back to my refill target (before the bag caps it)

    @property
    def refill_shortened(self) -> int:
        """The refill drawing one tile fewer per single-nationality completion (never below none)."""
        return max(0, self.refill - self.completions)
    effect: str  # "chairs full" / "bar full" (the game ends), "I drop out" (cannot pay the bar), or ""


def moves(p: Position) -> list[Move]:
    s, layout, board, hand = p.settings, p.layout, p.board, list(p.my_hand)
    chairs = len(lay.geometry(layout).chair_order)

    def back_to_five(used: int) -> int:
        return max(0, p.targets[p.me] - (len(hand) - used))

    out = []
    birthday = p.birthday if s.birthday_table else None
    for placement in lay.legal_placements(layout, board, hand, s, first_turn=p.first_turn and p.me == p.to_move):
        full = len(board) + len(placement) == chairs
        out.append(Move("seat", placement, lay.score(layout, board, placement, s, birthday),
                        lay.completions(layout, board, placement), back_to_five(len(placement)),
                        "chairs full" if full else ""))
    if p.bar_filled < s.bar_spaces:
        value = s.bar_values[p.bar_filled]
        last = p.bar_filled + 1 == s.bar_spaces
        for tile in sorted({t for t in hand if t[0] != r.JOKER}):
            broke = p.scores[p.me] + value < 0
            out.append(Move("bar", ((None, tile),), value, 0, back_to_five(1),
                            "bar full" if last else ("I drop out" if broke else "")))
    for chair, tile in lay.joker_swaps(layout, board, hand):
        out.append(Move("joker_swap", ((chair, tile),), 0, 0, back_to_five(0), ""))
    return sorted(out, key=lambda m: -m.points)


def hand_penalty(hand) -> int:
    """What the tiles left in a hand cost at the end."""
    jokers = sum(1 for t in hand if t[0] == r.JOKER)
    return r.end_penalty(len(hand) - jokers, jokers)
