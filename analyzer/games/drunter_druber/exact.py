"""Exact answers in rationals: the building posterior (spec question 1) over every deal of the secret cards I do
not hold, the outhouse vote's arithmetic (question 2) over every stance of the opponents, and the tile odds
(question 4): how many tiles of one kind my deal of one size holds, hypergeometric."""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, permutations, product

from analyzer.games.drunter_druber import rules as r


def vote_max(votes) -> tuple[int, int]:
    """(the most yes, the most no) a player's remaining vote cards can add; JEIN counts 2 for its holder's side."""
    return sum(r.VOTES[v][0] for v in votes), sum(r.VOTES[v][1] for v in votes)


def passes(yes: int, no: int) -> bool:
    """"Při rovnosti hlasů nebo když převažují hlasy pro": a tie or a yes majority covers the outhouse."""
    return yes >= no


def pass_chance(yes0: int, no0: int, opponents, against: Fraction) -> tuple[Fraction, list]:
    """P(pass) over the 2^k stances of the undecided voters `opponents` [(max yes, max no)] (each against with
    probability `against`, spending all its no-cards, else for, spending all its yes-cards), the decided votes
    (the proposer's and mine) adding yes0 and no0; and the stances themselves [(stance, P, yes, no, passes)], all
    for first, all against last."""
    total, rows = Fraction(0), []
    for stance in product((False, True), repeat=len(opponents)):  # True: against
        p = Fraction(1)
        yes, no = yes0, no0
        for is_against, (y, n) in zip(stance, opponents):
            p *= against if is_against else 1 - against
            no, yes = (no + n, yes) if is_against else (no, yes + y)
        ok = passes(yes, no)
        total += p if ok else 0
        rows.append((stance, p, yes, no, ok))
    return total, rows


def card_weight(evidence, card, eps: Fraction, vote_eps: Fraction) -> Fraction:
    """The likelihood factor of one player holding `card`, given his evidence (covered, cover votes, save votes:
    {type: n} each): eps per own square covered, vote_eps per yes vote on covering it, 1/vote_eps per no vote; a
    special card 1."""
    if card not in r.TYPES:
        return Fraction(1)
    covered, cover_votes, save_votes = evidence
    return eps ** covered.get(card, 0) * vote_eps ** (cover_votes.get(card, 0) - save_votes.get(card, 0))


def _posterior(hands, evidence, eps, vote_eps) -> list[dict[str, Fraction]]:
    """Per opponent, P(he holds building t) over the equally likely deals `hands` (one tuple of cards per
    opponent) weighted by the likelihood.  The factors are scaled to whole numbers per player (the same scale for
    every hand of one size), so the sum over deals runs in integers."""
    factors = []
    for ev in evidence:
        row = {c: card_weight(ev, c, eps, vote_eps) for c in r.EXPERT_CARDS}
        scale = math.lcm(*(w.denominator for w in row.values()))
        factors.append({c: int(w * scale) for c, w in row.items()})
    sums = [dict.fromkeys(r.TYPES, 0) for _ in evidence]
    total = 0
    for deal in hands:
        w = 1
        for f, hand in zip(factors, deal):
            for c in hand:
                w *= f[c]
        total += w
        for i, hand in enumerate(deal):
            for c in hand:
                if c in r.TYPES:
                    sums[i][c] += w
    return [{t: Fraction(s, total) for t, s in row.items()} for row in sums]


def basic_posterior(mine: str, evidence, eps: Fraction, vote_eps: Fraction = Fraction(1)) -> list[dict]:
    """The basic game: over the 5!/(5-k)! injective assignments of the types I don't hold to the k opponents."""
    free = [t for t in r.TYPES if t != mine]
    return _posterior((tuple((t,) for t in deal) for deal in permutations(free, len(evidence))),
                      evidence, eps, vote_eps)


def _hands(cards, k: int, size: int):
    """Every deal of `size` cards to each of k players from `cards` (the rest boxed), as tuples of hands."""
    if k == 0:
        yield ()
        return
    for hand in combinations(cards, size):
        rest = [c for c in cards if c not in hand]
        for others in _hands(rest, k - 1, size):
            yield (hand, *others)


def expert_hands(mine, k: int, deal: str):
    """The expert deals of 2 cards to each opponent: from the 10 cards I don't see (random), or one building and
    one special each (one_of_each)."""
    if deal == "random":
        yield from _hands([c for c in r.EXPERT_CARDS if c not in mine], k, 2)
        return
    buildings = [t for t in r.TYPES if t not in mine]
    specials = [s for s in r.SPECIALS if s not in mine]
    for bs in permutations(buildings, k):
        for ss in permutations(specials, k):
            yield tuple(zip(bs, ss))


def expert_posterior(mine, evidence, eps: Fraction, vote_eps: Fraction, deal: str) -> list[dict]:
    """The expert game: P(opponent i holds building t) over the 2-card deals (expert_deal), each building card
    weighted as in the basic game, the specials unweighted."""
    return _posterior(expert_hands(mine, len(evidence), deal), evidence, eps, vote_eps)


def hypergeometric(in_game: int, total: int, dealt: int) -> list[Fraction]:
    """P(my deal of `dealt` tiles, drawn from the `total` tiles of one size, holds exactly j of the `in_game` tiles
    of one kind), j = 0..dealt: C(in_game, j) C(total - in_game, dealt - j) / C(total, dealt)."""
    deals = math.comb(total, dealt)
    return [Fraction(math.comb(in_game, j) * math.comb(total - in_game, dealt - j), deals) for j in range(dealt + 1)]


def at_least(exactly: list[Fraction]) -> list[Fraction]:
    """P(at least j), j = 0..len - 1, from P(exactly j)."""
    out, tail = [], Fraction(0)
    for p in reversed(exactly):
        tail += p
        out.append(tail)
    return out[::-1]


def tile_odds(split, players: int) -> list[list[list[Fraction]]]:
    """Per size (triple, double, single) and kind (wall, river, road): P(my deal holds exactly j of that kind),
    j = 0..the tiles of that size dealt to each player (rules.TILES), for `split` the rules' tile_kinds."""
    return [[hypergeometric(n, total, dealt) for n in counts]
            for counts, total, dealt in zip(split, r.SIZE_TOTALS, r.TILES[players])]
