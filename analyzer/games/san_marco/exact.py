"""Exact answers on a position (spec §9): limit odds, the splits of a draw, the best play of a pile,
the divider's split table under a chooser model, banishment and the Doge's walks, action options.

Values are `Fraction`s wherever the model allows (a softmax chooser's pick probabilities are floats).
A pile's value to its player is the change of his standing (prestige + S_p, reference.standing)
under his best play order: every order of its action cards and every option of each, a banishment
by its six faces (he sees the roll before playing on).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from math import comb

from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.state import Pile, Position

# ------------------------------------------------------------------------------------------------
# limit cards (§9.3)


def limit_sum_distribution(deck, k: int) -> dict[int, Fraction]:
    """The sum of k limit cards drawn from `deck` (counts of 1s, 2s, 3s), hypergeometric, exact."""
    total = sum(deck)
    if k > total:
        raise ValueError(f"{k} cards from a deck of {total}")
    out: dict[int, Fraction] = {}
    for ones in range(min(k, deck[0]) + 1):
        for twos in range(min(k - ones, deck[1]) + 1):
            threes = k - ones - twos
            if threes > deck[2]:
                continue
            ways = comb(deck[0], ones) * comb(deck[1], twos) * comb(deck[2], threes)
            s = ones + 2 * twos + 3 * threes
            out[s] = out.get(s, 0) + Fraction(ways, comb(total, k))
    return dict(sorted(out.items()))


def reach_probability(total: int, deck, k: int, stop: int = r.LIMIT_STOP) -> Fraction:
    """P(total + the sum of k cards from `deck` >= stop)."""
    return sum((p for s, p in limit_sum_distribution(deck, k).items() if total + s >= stop), Fraction(0))


def mean(dist: dict) -> Fraction:
    return sum((x * p for x, p in dist.items()), Fraction(0))


# ------------------------------------------------------------------------------------------------
# splits (§9.1, §12.5)


def multiset_splits(counts: tuple[int, ...], parts: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every distinct split of a multiset (counts per type) into `parts` unlabeled non-empty piles,
    each as a tuple of count vectors in non-increasing order."""
    def subs(c):
        return product(*[range(n + 1) for n in c])

    def minus(a, b):
        return tuple(x - y for x, y in zip(a, b))

    out = []
    if parts == 1:
        return [(tuple(counts),)] if any(counts) else []
    for first in subs(counts):
        rest = minus(counts, first)
        if not any(first) or not any(rest):
            continue
        for tail in multiset_splits(rest, parts - 1):
            if first >= tail[0]:
                out.append((first,) + tail)
    return out


def splits(drawn: Pile, parts: int) -> list[tuple[Pile, ...]]:
    """The distinct splits of a draw into `parts` piles (§12.5: 127 for 8 distinct cards into 2)."""
    kinds = sorted(set(("a", c) for c in drawn.action) | set(("l", v) for v in drawn.limit))
    counts = tuple(list(drawn.action).count(k) if t == "a" else list(drawn.limit).count(k) for t, k in kinds)
    out = []
    for split in multiset_splits(counts, parts):
        out.append(tuple(Pile(tuple(k for (t, k), n in zip(kinds, v) if t == "a" for _ in range(n)),
                              tuple(k for (t, k), n in zip(kinds, v) if t == "l" for _ in range(n)))
                         for v in split))
    return out


# ------------------------------------------------------------------------------------------------
# the best play of a pile's action cards


def state_key(p: Position) -> tuple:
    return (p.aristocrats, p.supply, p.scores, p.bridges, p.bridge_pool, p.doge, p.hopped)


class BestPlay:
    """Best play order for one seat (memoized over positions and the cards still to play)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.memo: dict = {}

    def value(self, p: Position, cards: tuple[int, ...]) -> Fraction:
        """The seat's expected standing after playing `cards` in the best order with the best options."""
        return self._solve(p, tuple(sorted(cards)))[0]

    def _solve(self, p: Position, cards):
        key = (state_key(p), cards)
        if key in self.memo:
            return self.memo[key]
        if not cards:
            result = (ref.standing(p, self.seat), None)
        else:
            result = None
            for i, card in enumerate(cards):
                if i and card == cards[i - 1]:
                    continue
                rest = cards[:i] + cards[i + 1:]
                for action in self._options(p, card, rest):
                    v = self._after(p, action, rest)
                    if result is None or v > result[0]:
                        result = (v, action)
        self.memo[key] = result
        return result

    def _options(self, p: Position, card: int, rest) -> list:
        """ref.options, less options that cannot do better for this player: where no Doge follows, every bridge
        marked from his supply away from the districts of the district cards still to play leaves his standing
        and later options as they are (keep one); a player's points
        never fall with one more of his pieces, so while his supply lasts a district card or transfer beats
        skipping it, and the Doge staying (or placed) beats leaving the card unused."""
        found = ref.options(p, self.seat, card)
        if card == r.BRIDGE and r.DOGE not in rest:
            hops = {c for c in rest if c < 6}  # a bridge matters later only for these district cards' hops

            def matters(a):
                return a.kind == "skip" or a.source is not None or bool(hops & set(a.pair or ()) | hops & set(
                    a.bridge[0] if a.bridge else ()))
            first = next((a for a in found if not matters(a)), None)
            return [a for a in found if a is first or matters(a)]
        if len(found) > 1 and (card == r.DOGE or (r.card_kind(card) in ("district", "transfer")
                                                   and p.supply[self.seat] > len(rest))):
            return [a for a in found if a.kind != "skip"]  # skipping never does better (see _options' doc)
        return found

    def _after(self, p: Position, action, rest) -> Fraction:
        def value(q):
            return self._solve(q, rest)[0] if rest else ref.standing(q, self.seat)
        if action.kind == "banish":
            return sum((value(ref.apply(p, self.seat, action, die=f)) for f in range(1, 7)), Fraction(0)) / 6
        return value(ref.apply(p, self.seat, action))

    def first(self, p: Position, cards):
        """The best first action for these cards."""
        return self._solve(p, tuple(sorted(cards)))[1]

    def line(self, p: Position, cards) -> list:
        """The best order as a list of actions (a banishment's continuation shown for no face: it stops there)."""
        cards, out = tuple(sorted(cards)), []
        while cards:
            action = self._solve(p, cards)[1]
            out.append(action)
            i = cards.index(action.card)
            cards = cards[:i] + cards[i + 1:]
            if action.kind == "banish":
                break
            p = ref.apply(p, self.seat, action)
        return out

    def outcomes(self, p: Position, cards) -> list[tuple[Fraction, Position]]:
        """The positions the best play leads to, with their probabilities."""
        cards = tuple(sorted(cards))
        if not cards:
            return [(Fraction(1), p)]
        action = self._solve(p, cards)[1]
        i = cards.index(action.card)
        rest = cards[:i] + cards[i + 1:]
        if action.kind != "banish":
            return self.outcomes(ref.apply(p, self.seat, action), rest)
        merged: dict = {}
        for face in range(1, 7):
            for prob, q in self.outcomes(ref.apply(p, self.seat, action, die=face), rest):
                k = state_key(q)
                merged[k] = (merged[k][0] + prob / 6, q) if k in merged else (prob / 6, q)
        return list(merged.values())


# ------------------------------------------------------------------------------------------------
# the divider's split table (§9.1) and the chooser's piles (§9.2)


@dataclass
class PileValue:
    pile: Pile
    delta: Fraction  # ΔS of its best play
    limit_after: int
    value: Fraction  # delta - lambda * limit - penalty if it takes him to >= 10 outside the final round
    line: list


class Solver:
    """Shared best-play searches for one position."""

    def __init__(self, p: Position):
        self.p = p
        self.search = {s: BestPlay(s) for s in range(p.players)}
        self.lam = Fraction(str(p.models.lam))
        self.penalty = Fraction(str(p.models.elim_penalty))

    def delta(self, q: Position, seat: int, pile: Pile) -> Fraction:
        return self.search[seat].value(q, pile.action) - ref.standing(q, seat)

    def limit_cost(self, seat: int, pile: Pile) -> Fraction:
        after = self.p.limit_total(seat) + sum(pile.limit)
        out = self.lam * sum(pile.limit)
        if after >= r.LIMIT_STOP and not self.p.final_round:
            out += self.penalty
        return out

    def pile_value(self, q: Position, seat: int, pile: Pile) -> PileValue:
        delta = self.delta(q, seat, pile)
        return PileValue(pile, delta, self.p.limit_total(seat) + sum(pile.limit), delta - self.limit_cost(seat, pile),
                         self.search[seat].line(q, pile.action))

    def played(self, dist, seat: int, pile: Pile):
        """A distribution over positions, after `seat` plays `pile` (best play, limit cards face up)."""
        out = []
        for prob, q in dist:
            for prob2, q2 in self.search[seat].outcomes(q, pile.action):
                cards = list(q2.limit_cards)
                cards[seat] = tuple(sorted(cards[seat] + pile.limit))
                out.append((prob * prob2, replace(q2, limit_cards=tuple(cards))))
        return out


def pick_probabilities(values, model: str, beta: float, worst_for_divider=None) -> list:
    """P(each pile is taken) by a chooser model: greedy (ties uniform), softmax(beta), adversarial."""
    if model == "softmax":
        top = max(float(v) for v in values)
        weights = [math.exp(beta * (float(v) - top)) for v in values]
        return [w / sum(weights) for w in weights]
    key = values if model == "greedy" else [-v for v in worst_for_divider]
    best = max(key)
    ties = [i for i, v in enumerate(key) if v == best]
    return [Fraction(1, len(ties)) if i in ties else Fraction(0) for i in range(len(values))]


def receivers(p: Position, divider: int) -> list[int]:
    """Who chooses from this distributor's piles, in order."""
    role = p.role_of(divider)
    if role == "D1":
        return [p.role("R1")]
    if role == "D2":
        return [p.role("R2")]
    if len(p.roles) == 3:
        return [p.role("R1"), p.role("R2")]
    return [p.role("R")]


@dataclass
class SplitRow:
    piles: tuple[Pile, ...]
    picks: list  # per receiver: the probability of taking each pile
    divider_delta: Fraction | float
    divider_limit: Fraction | float
    divider_reach: Fraction | float  # P(his limit total >= 10 after his pile)
    divider_value: Fraction | float  # delta - lambda * limit - penalty * P(>= 10 outside the final round)


def split_table(p: Position, divider: int, drawn: Pile) -> list[SplitRow]:
    """Every distinct split of `drawn` with the receivers' picks under the chooser model and what the divider
    keeps, valued after the receivers have played (§9.1).  Sorted by the divider's value, best first."""
    solver = Solver(p)
    chooser = receivers(p, divider)
    rows = [_split_row(solver, divider, chooser, piles) for piles in splits(drawn, len(chooser) + 1)]
    rows.sort(key=lambda row: -row.divider_value)
    return rows


def _split_row(solver: Solver, divider: int, chooser: list[int], piles) -> SplitRow:
    p, m = solver.p, solver.p.models
    start = ref.standing(p, divider)
    base_limit = p.limit_total(divider)

    def resolve(dist, left: list[int], remaining: list[int], order):
        """Expected (delta, limit, reach, value) for the divider and each receiver's pick probabilities."""
        if not left:
            (k,) = remaining
            pile = piles[k]
            delta = sum((prob * solver.search[divider].value(q, pile.action) for prob, q in dist), Fraction(0)) - start
            limit = sum(pile.limit)
            reach = Fraction(int(base_limit + limit >= r.LIMIT_STOP))
            return (delta, Fraction(limit), reach, delta - solver.limit_cost(divider, pile)), []
        seat = left[0]
        view = [(Fraction(1), p)] if p.settings.pick_then_play_3p or not order else dist
        values = [sum((prob * solver.pile_value(q, seat, piles[k]).value for prob, q in view), Fraction(0))
                  for k in remaining]
        def branch(i):
            k = remaining[i]
            rest = remaining[:i] + remaining[i + 1:]
            return resolve(solver.played(dist, seat, piles[k]), left[1:], rest, order + [k])

        if not p.settings.receiver_sees_piles and len(piles) == 2:  # face-down piles: a blind pick
            probs = [Fraction(1, len(remaining))] * len(remaining)
            branches = [branch(i) for i in range(len(remaining))]
        elif m.chooser == "adversarial":  # needs every branch to find the worst for the divider
            branches = [branch(i) for i in range(len(remaining))]
            probs = pick_probabilities(values, m.chooser, m.beta, [b[0][3] for b in branches])
        else:  # a pile nobody takes needs no play-out
            probs = pick_probabilities(values, m.chooser, m.beta)
            branches = [branch(i) if pr else ((0, 0, 0, 0), [{}] * (len(left) - 1)) for i, pr in enumerate(probs)]
        total = [sum(pr * b[0][j] for pr, b in zip(probs, branches)) for j in range(4)]
        picks = [{k: pr for k, pr in zip(remaining, probs)}]
        later = [b[1] for b in branches]
        for depth in range(len(later[0]) if later and later[0] else 0):
            merged: dict = {}
            for pr, branch in zip(probs, later):
                for k, q in branch[depth].items():
                    merged[k] = merged.get(k, 0) + pr * q
            picks.append(merged)
        return tuple(total), picks

    (delta, limit, reach, value), picks = resolve([(Fraction(1), p)], chooser, list(range(len(piles))), [])
    table = [[pick.get(k, 0) for k in range(len(piles))] for pick in picks]
    return SplitRow(piles, table, delta, limit, reach, value)


def pile_table(p: Position, chooser: int, piles) -> list[PileValue]:
    """The chooser's value of each pile on offer (best play order, ΔS, limit after, value), §9.2."""
    solver = Solver(p)
    return [solver.pile_value(p, chooser, pile) for pile in piles]


# ------------------------------------------------------------------------------------------------
# banishment (§9.4), the Doge (§9.5), action options (§9.6)


@dataclass
class FaceOutcome:
    face: int
    removed: tuple[int, ...]  # per seat
    points: tuple[int, ...]  # pts_d for every seat after
    delta: Fraction  # the banisher's ΔS


def banish_faces(p: Position, seat: int, d: int) -> list[FaceOutcome]:
    before = ref.standing(p, seat)
    out = []
    for face in range(1, 7):
        removal = ref.banish_removal(p, seat, d, face)
        after = ref.banish(p, seat, d, face)
        out.append(FaceOutcome(face, removal, ref.points(after, d), ref.standing(after, seat) - before))
    return out


def doge_table(p: Position, seat: int) -> list[dict]:
    """Every district the Doge can reach for `seat`: cheapest walk, tolls and each seat's gain (points + tolls)."""
    if p.doge is None:
        walks = {d: (0, (), []) for d in range(6)}
    else:
        walks = ref.doge_walks(p, seat)
    rows = []
    for d, (cost, walk, paid) in sorted(walks.items()):
        after = ref.doge(p, seat, d, walk)
        rows.append({"district": d, "cost": cost, "walk": walk, "paid": paid,
                     "gain": tuple(a - b for a, b in zip(after.scores, p.scores))})
    return rows


def option_delta(p: Position, seat: int, action) -> Fraction:
    """ΔS of one option now (a banishment: the mean over its six faces)."""
    before = ref.standing(p, seat)
    if action.kind == "banish":
        return sum((ref.standing(ref.apply(p, seat, action, die=f), seat) for f in range(1, 7)), Fraction(0)) / 6 - before
    return ref.standing(ref.apply(p, seat, action), seat) - before
