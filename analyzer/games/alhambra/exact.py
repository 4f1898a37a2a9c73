"""Exact answers (Fractions) from a position:

- `scoring_within(p, k)`: P(scoring card 1 / 2 / either shows within the next k deck draws), each unseen scoring
  card uniform over the deck positions of its window (rules.scoring_windows) not yet drawn (question 1);
  `scoring_within_money(p, m)`: the same while the refills draw m money cards (a scoring card drawn is replaced,
  so it adds a draw): question 1 "before my next turn" under a given number of display cards taken;
- `subset_sums`, `exact_now`, `money_takes`, `completing_cards`, `p_complete`: exact change (question 2);
- `allocation(hands, market)`: who receives each leftover market tile at the end (question 4, known money).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import NamedTuple

from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.state import EMPTY, N_SORTS, Position, sort_of

# ------------------------------------------------------------------------------------------------
# question 1: when the scoring cards come


def open_windows(p: Position) -> dict[int, tuple[int, int]]:
    """Scoring card (1, 2) -> the deck positions it may still lie at, for each card not shown yet."""
    windows = r.scoring_windows(p.money_left, p.settings.pile_split)
    return {card: (max(first, p.draws + 1), last) for card, (first, last) in zip((1, 2), windows)
            if card not in p.scoring_seen}


def _share(window: tuple[int, int], last_drawn: int) -> Fraction:
    """P(a card uniform over `window` lies at or before deck position `last_drawn`)."""
    first, last = window
    return Fraction(max(0, min(last, last_drawn) - first + 1), last - first + 1)


class ScoringOdds(NamedTuple):
    card1: Fraction  # P(scoring card 1 shows within the draws); 0 once it has shown
    card2: Fraction
    either: Fraction
    both: Fraction


def _odds(q1: Fraction, q2: Fraction) -> ScoringOdds:
    """The two cards lie independently in disjoint windows."""
    return ScoringOdds(q1, q2, 1 - (1 - q1) * (1 - q2), q1 * q2)


def scoring_within(p: Position, k: int) -> ScoringOdds:
    """P(each scoring card, either, both show within the next k deck draws (scoring cards count as draws))."""
    windows = open_windows(p)
    q = {card: _share(w, p.draws + k) for card, w in windows.items()}
    return _odds(q.get(1, Fraction(0)), q.get(2, Fraction(0)))


def scoring_within_money(p: Position, m: int) -> ScoringOdds:
    """The same while the refills draw m money cards: a scoring card is drawn iff fewer than m money cards lie
    above it; card 1 (when unseen) always lies above card 2, so card 2 then needs a position <= m + 1."""
    windows = open_windows(p)
    q1 = _share(windows[1], p.draws + m) if 1 in windows else Fraction(0)
    q2 = _share(windows[2], p.draws + m + (1 in windows)) if 2 in windows else Fraction(0)
    return _odds(q1, q2)


# ------------------------------------------------------------------------------------------------
# question 2: exact change


def subset_sums(values) -> set[int]:
    """Every total a subset of the cards' values makes (the empty one too)."""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums


def values_in(hand, cur: int) -> list[int]:
    return sorted(v for c, v in hand if c == cur)


def exact_now(hand, tile: int, cur: int) -> bool:
    """Whether the hand pays the tile's price exactly in the currency of its market space."""
    return r.TILE_COST[tile] in subset_sums(values_in(hand, cur))


def affordable(hand, tile: int, cur: int) -> bool:
    return sum(values_in(hand, cur)) >= r.TILE_COST[tile]


def money_takes(display) -> list[tuple[int, ...]]:
    """Every legal take, as indices into the display: one card of any value, or several totalling <= 5."""
    n = len(display)
    out = []
    for mask in range(1, 1 << n):
        chosen = tuple(i for i in range(n) if mask >> i & 1)
        if len(chosen) == 1 or sum(display[i][1] for i in chosen) <= r.TAKE_LIMIT:
            out.append(chosen)
    return sorted(out, key=lambda t: (len(t), t))


def completing_cards(hand, tile: int, cur: int) -> tuple[int, ...]:
    """The values v of one more card in the tile's currency that let the hand pay it exactly (the card used)."""
    cost, sums = r.TILE_COST[tile], subset_sums(values_in(hand, cur))
    return tuple(v for v in r.VALUES if cost - v in sums)


def unseen_total(p: Position) -> int:
    return sum(p.unseen)


def p_complete(p: Position, tile: int, cur: int, reveal: int) -> tuple[Fraction, int, int]:
    """(P(the next `reveal` revealed money cards hold one completing exact change for the tile), completing
    unseen cards, unseen cards): hypergeometric over the unseen money (a scoring card is replaced, not counted)."""
    hand = p.hands[p.me]
    good = sum(p.unseen[sort_of((cur, v))] for v in completing_cards(hand, tile, cur))
    total = unseen_total(p)
    r_ = min(reveal, total)
    if total == 0:
        return Fraction(0), good, total
    return 1 - Fraction(comb(total - good, r_), comb(total, r_)), good, total


class TakeResult(NamedTuple):
    take: tuple  # indices into the display
    cards: tuple  # the cards taken
    exact: tuple  # market currencies whose tile the hand then pays exactly
    new: tuple  # of those, the ones it did not pay exactly before


def take_results(p: Position) -> list[TakeResult]:
    hand = p.hands[p.me]
    before = {c for c, t in enumerate(p.market) if t != EMPTY and exact_now(hand, t, c)}
    out = []
    for take in money_takes(p.display):
        cards = tuple(p.display[i] for i in take)
        after = tuple(c for c, t in enumerate(p.market) if t != EMPTY and exact_now(hand + cards, t, c))
        out.append(TakeResult(take, cards, after, tuple(c for c in after if c not in before)))
    return out


# ------------------------------------------------------------------------------------------------
# question 4: the end allocation


def totals(hand) -> list[int]:
    out = [0] * len(r.CURRENCIES)
    for c, v in hand:
        out[c] += v
    return out


def allocation(hands, market) -> list[int | None]:
    """For each market space: the seat holding the highest total in its currency (None: a tie, nobody holding
    any is a tie too, or the space is empty)."""
    sums = [totals(h) for h in hands]
    out = []
    for c, tile in enumerate(market):
        best = max(s[c] for s in sums)
        top = [seat for seat, s in enumerate(sums) if s[c] == best]
        out.append(top[0] if tile != EMPTY and len(top) == 1 else None)
    return out


def unseen_cards(p: Position) -> list[tuple[int, int]]:
    """The unseen money as a list of cards, by sort."""
    return [(s // len(r.VALUES), s % len(r.VALUES) + 1) for s in range(N_SORTS) for _ in range(p.unseen[s])]
