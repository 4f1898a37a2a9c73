"""Exact answers (Fractions) from a position:

- `flip_sums(p, k)`: the distribution of S_k, the colonist numbers of the next k expedition cards flipped, drawn
  without replacement from the unseen pool (the draw pile a random part of it); a pile shorter than k is completed
  by the `expedition_reshuffle` reading from the listed discard (questions 1 and 3: the Nachschub tile is k = 2);
- `colony_odds(p, colony, hand)`: P(L + S_k + H >= T), P(fail), E[colonists paid from hand | success] and
  P(the two-colonists card is needed) (question 1); `best_colony`; `hand_needed` (question 2);
- `card_values`, `best_plan`: hold or play each expedition card at the end (question 4).
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from analyzer.core.exact import convolve as _convolve, draws
from analyzer.games.goa import rules as r
from analyzer.games.goa.state import TWO_COLONISTS_GAIN, Position

Dist = dict  # sum -> Fraction


# ------------------------------------------------------------------------------------------------
# the flips

def _colonists(comp) -> int:
    return sum(v * a for v, a in zip(r.COLONIST_NUMBERS, comp))


def sums(counts: tuple[int, ...], k: int) -> Dist:
    out: Dist = {}
    for comp, p in draws(counts, k):
        s = _colonists(comp)
        out[s] = out.get(s, 0) + p
    return out


def cards_flipped(p: Position, k: int) -> int:
    """How many cards k flips turn over: fewer only when the pile and the discard together hold fewer."""
    return min(k, p.deck_left + sum(p.discard_counts)) if p.deck_left < k else k


def flip_sums(p: Position, k: int) -> Dist:
    """Distribution of S_k.  The draw pile is a uniformly random deck_left of the unseen cards, so its top k are k
    drawn from the unseen pool.  Fewer than k in the pile: all of it, then (discard_under) the rest from the
    shuffled discard laid under it, or (shuffle_together) the pile and the discard shuffled together first."""
    d = p.deck_left
    if k <= d:
        return sums(p.pool, k)
    discard = p.discard_counts
    n = cards_flipped(p, k)
    if p.settings.expedition_reshuffle == "discard_under":
        return _convolve(sums(p.pool, d), sums(discard, n - d))
    out: Dist = {}
    for comp, w in draws(p.pool, d):
        for s, q in sums(tuple(a + b for a, b in zip(comp, discard)), n).items():
            out[s] = out.get(s, 0) + w * q
    return out


# ------------------------------------------------------------------------------------------------
# question 1: founding a colony

class ColonyOdds(NamedTuple):
    success: Fraction
    fail: Fraction  # then +1 colonist, the cards kept
    spent: Fraction | None  # E[colonists paid from hand | success], the tile's and card's counted; None: no success
    card_needed: Fraction  # P(the two-colonists card is played, and the colony founded)
    target: int
    need: int  # colonists still missing before the flip: T - L


def colony_odds(p: Position, colony: int, hand: int | None = None) -> ColonyOdds:
    """P(L + S_k + H >= T) for one colony type; `hand` overrides the attempt's hand colonists (question 2).
    Hand colonists are committed after the flip, paying only what is missing; the Kolonista tile adds one, the
    two-colonists card two but only when still short (one card per action, so never with the three-card flip)."""
    a = p.attempt
    target = r.COLONY_TARGETS[colony]
    held = (a.hand if hand is None else hand) + a.extras
    card = TWO_COLONISTS_GAIN if a.two_colonists else 0
    success = spent = card_needed = Fraction(0)
    for s, q in flip_sums(p, a.flipped).items():
        missing = max(0, target - a.level - s)
        if missing <= held + card:
            success += q
            spent += q * missing
            if missing > held:
                card_needed += q
    return ColonyOdds(success, 1 - success, spent / success if success else None, card_needed, target,
                      target - a.level)


def all_colonies(p: Position) -> dict[int, ColonyOdds]:
    return {c: colony_odds(p, c) for c in p.open_colonies}


def best_colony(odds: dict[int, ColonyOdds]) -> int | None:
    """The type to try now: the highest P(success); then fewer colonists paid; then the larger target (the easier
    one stays open for later).  None when no type can succeed."""
    best = min(odds, key=lambda c: (-odds[c].success, odds[c].spent or 0, -odds[c].target))
    return best if odds[best].success else None


# ------------------------------------------------------------------------------------------------
# question 2: hand colonists needed

def hand_needed(p: Position, colony: int, want: Fraction) -> tuple[int, Fraction]:
    """(the smallest H with P(success) >= want, that P).  H = T - L (minus the tile) always succeeds."""
    for hand in range(r.COLONY_TARGETS[colony] + 1):
        prob = colony_odds(p, colony, hand).success
        if prob >= want:
            return hand, prob
    raise AssertionError("a hand of T colonists always founds the colony")


# ------------------------------------------------------------------------------------------------
# question 4: hold or play an expedition card at the end

class CardValue(NamedTuple):
    card: tuple  # (effect, colonists, symbol)
    same_symbol: int  # other cards of its symbol in my hand
    keep: int  # v(n + 1) - v(n): the set points it adds when held to the end
    play: int  # the effect's immediate value
    verdict: str  # hold, play or either


def card_values(p: Position) -> list[CardValue]:
    values = p.settings.set_values
    out = []
    for i, card in enumerate(p.my_hand):
        n = sum(1 for j, c in enumerate(p.my_hand) if j != i and c[2] == card[2])
        keep = r.set_value(n + 1, values) - r.set_value(n, values)
        play = p.effect_values[card[0]]
        out.append(CardValue(card, n, keep, play, "hold" if keep > play else "play" if play > keep else "either"))
    return out


def best_plan(p: Position) -> tuple[int, tuple[int, ...]]:
    """(the most end points, which cards of my hand to play for them): at most plays_left cards played, each for
    its effect's value, the rest scored as symbol sets.  Per symbol, playing j of its m cards plays the j most
    valuable effects and keeps v(m - j); a knapsack over the symbols on the number of plays."""
    values = p.settings.set_values
    best = {0: (0, ())}  # plays used -> (points, cards played)
    for s in range(len(r.SYMBOLS)):
        cards = sorted((i for i, c in enumerate(p.my_hand) if c[2] == s),
                       key=lambda i: (-p.effect_values[p.my_hand[i][0]], i))
        options = [(j, sum(p.effect_values[p.my_hand[i][0]] for i in cards[:j]) + r.set_value(len(cards) - j, values),
                    tuple(cards[:j])) for j in range(len(cards) + 1)]
        nxt: dict = {}
        for used, (pts, played) in best.items():
            for j, gain, which in options:
                if used + j <= p.plays_left:
                    cand = (pts + gain, tuple(sorted(played + which)))
                    if used + j not in nxt or cand[0] > nxt[used + j][0]:
                        nxt[used + j] = cand
        best = nxt
    return max(best.values(), key=lambda x: (x[0], -len(x[1])))
