"""Pizarro's draw, exactly: the optimal stopping rule over a known deck composition.

The owner of the ship on Pizarro's last field (side B) draws gold cards one at a time from
a shuffled deck and may stop whenever he likes; drawn gold over `pizarro_limit` (20)
scores 0, otherwise the ship scores the drawn cards' crowns (or, in the `gold` reading,
their gold).  A state is the multiset of cards drawn; the next card is uniform over what
is left.  Values are Fractions (or floats, for the policies' quick estimates).

    V(drawn) = 0                                      if gold(drawn) > limit
             = max(score(drawn), E[V(drawn + card)])  otherwise (just score when the deck is empty)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

VALUES = tuple(range(1, 10))


@dataclass(frozen=True)
class Draw:
    """A Pizarro draw: the cards left in the deck and those drawn so far (counts per value 1..9)."""

    deck: tuple[int, ...]
    drawn: tuple[int, ...]
    limit: int
    card_crowns: tuple[int, ...]

    def gold(self, extra=None) -> int:
        return sum(v * (d + (extra[i] if extra else 0)) for i, (v, d) in enumerate(zip(VALUES, self.drawn)))

    def score(self, reading: str, extra=None) -> int:
        """What stopping scores with `drawn + extra` in hand."""
        counts = [d + (extra[i] if extra else 0) for i, d in enumerate(self.drawn)]
        if sum(v * c for v, c in zip(VALUES, counts)) > self.limit:
            return 0
        per_card = VALUES if reading == "gold" else self.card_crowns
        return sum(p * c for p, c in zip(per_card, counts))


def _solver(draw: Draw, reading: str, number, stop_at: int | None = None):
    """V(extra): the value of the state `drawn + extra` under optimal play (or the threshold
    rule `draw while gold < stop_at`).  Memoised per call."""
    one = number(1)

    @lru_cache(maxsize=None)
    def value(extra: tuple[int, ...]) -> object:
        gold = draw.gold(extra)
        if gold > draw.limit:
            return number(0)
        stop = number(draw.score(reading, extra))
        left = [d - e for d, e in zip(draw.deck, extra)]
        total = sum(left)
        if total == 0 or (stop_at is not None and gold >= stop_at):
            return stop
        cont = sum((number(n) * value(_plus(extra, i)) for i, n in enumerate(left) if n), number(0)) * (one / total)
        return cont if stop_at is not None else max(stop, cont)

    return value


def _plus(extra: tuple[int, ...], i: int) -> tuple[int, ...]:
    return extra[:i] + (extra[i] + 1,) + extra[i + 1:]


ZERO = (0,) * 9


def moves(draw: Draw, reading: str) -> dict:
    """Exact values of stopping now, drawing one more then playing optimally, drawing one more
    then stopping, and of optimal play."""
    value = _solver(draw, reading, Fraction)
    left = sum(draw.deck)
    stop = Fraction(draw.score(reading))
    if draw.gold() > draw.limit:
        return {"stop": Fraction(0), "draw": None, "draw_then_stop": None, "optimal": Fraction(0),
                "best": "stop", "bust_next": None}
    if left == 0:
        return {"stop": stop, "draw": None, "draw_then_stop": None, "optimal": stop, "best": "stop",
                "bust_next": None}
    room = draw.limit - draw.gold()
    cont = sum(Fraction(n) * value(_plus(ZERO, i)) for i, n in enumerate(draw.deck) if n) / left
    then_stop = sum(Fraction(n) * draw.score(reading, _plus(ZERO, i)) for i, n in enumerate(draw.deck) if n) / left
    bust = Fraction(sum(n for v, n in zip(VALUES, draw.deck) if v > room), left)
    return {"stop": stop, "draw": cont, "draw_then_stop": then_stop, "optimal": max(stop, cont),
            "best": "draw" if cont > stop else "stop", "bust_next": bust}


def stopping_rule(draw: Draw, reading: str) -> list[dict]:
    """Every state reachable from `draw` where the gold is not over the limit and cards are
    left, with the optimal decision and both values (exact)."""
    value = _solver(draw, reading, Fraction)
    rows, seen, todo = [], set(), [ZERO]
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        left = [d - e for d, e in zip(draw.deck, extra)]
        if draw.gold(extra) > draw.limit or sum(left) == 0:
            continue
        stop = Fraction(draw.score(reading, extra))
        best = value(extra)
        rows.append({"extra": extra, "gold": draw.gold(extra), "stop": stop, "value": best,
                     "decision": "stop" if best == stop else "draw"})
        todo += [_plus(extra, i) for i, n in enumerate(left) if n]
    rows.sort(key=lambda r: (r["gold"], r["extra"][::-1]))
    return rows


def rule_by_gold(rows: list[dict]) -> list[dict]:
    """The stopping rule summarised by the gold drawn: draw, stop, or mixed (depends on which cards)."""
    out: dict[int, dict] = {}
    for r in rows:
        entry = out.setdefault(r["gold"], {"gold": r["gold"], "states": 0, "draw": 0})
        entry["states"] += 1
        entry["draw"] += r["decision"] == "draw"
    for entry in out.values():
        entry["decision"] = ("draw" if entry["draw"] == entry["states"] else
                             "stop" if entry["draw"] == 0 else "mixed")
    return [out[g] for g in sorted(out)]


@lru_cache(maxsize=256)
def threshold_value(deck: tuple[int, ...], limit: int, card_crowns: tuple[int, ...], reading: str,
                    stop_at: int) -> float:
    """Expected score of `draw while gold < stop_at` from an empty hand (floats)."""
    return _solver(Draw(deck, ZERO, limit, card_crowns), reading, float, stop_at)(ZERO)


@lru_cache(maxsize=256)
def best_threshold(deck: tuple[int, ...], limit: int, card_crowns: tuple[int, ...], reading: str) -> tuple[int, float]:
    """The threshold rule with the highest expected score from an empty hand, and that score."""
    best = max(range(1, limit + 2), key=lambda t: (threshold_value(deck, limit, card_crowns, reading, t), -t))
    return best, threshold_value(deck, limit, card_crowns, reading, best)


# ----------------------------------------------------------------------------------------------
# playing the draw for the win: the other players' totals are known (Pizarro draws after all other scoring)


def win_share(base: int, others: tuple[int, ...], score: int) -> Fraction:
    """The owner's share of the win with `score` Pizarro crowns on top of `base`: 1 alone on top, 1/k for
    k players tied on top (the rules name no tie-break), else 0."""
    final = base + score
    best = max(others, default=-1)
    if final > best:
        return Fraction(1)
    if final == best:
        return Fraction(1, 1 + sum(1 for o in others if o == best))
    return Fraction(0)


def win_solver(draw: Draw, reading: str, base: int, others: tuple[int, ...]):
    """W(extra): the best chance of winning from the state `drawn + extra` (exact; busting scores 0)."""

    @lru_cache(maxsize=None)
    def value(extra: tuple[int, ...]) -> Fraction:
        stop = win_share(base, others, draw.score(reading, extra))
        if draw.gold(extra) > draw.limit:
            return stop
        left = [d - e for d, e in zip(draw.deck, extra)]
        total = sum(left)
        if total == 0:
            return stop
        cont = sum((n * value(_plus(extra, i)) for i, n in enumerate(left) if n), Fraction(0)) / total
        return max(stop, cont)

    return value


def rules_for(draw: Draw, reading: str, base: int, others: tuple[int, ...]) -> dict:
    """The stopping rules compared for the win: name -> decide(extra) -> True to draw one more.  Ties
    between stopping and drawing stop."""
    score = _solver(draw, reading, Fraction)
    win = win_solver(draw, reading, base, others)

    def cont(value, extra):
        left = [d - e for d, e in zip(draw.deck, extra)]
        total = sum(left)
        return sum((n * value(_plus(extra, i)) for i, n in enumerate(left) if n), Fraction(0)) / total

    def most_crowns(extra):
        return cont(score, extra) > draw.score(reading, extra)

    def most_wins(extra):
        return cont(win, extra) > win_share(base, others, draw.score(reading, extra))

    threshold = best_threshold(draw.deck, draw.limit, draw.card_crowns, reading)[0]
    return {"most wins": most_wins, "most crowns": most_crowns,
            f"draw while gold < {threshold}": lambda extra: draw.gold(extra) < threshold,
            "stop now": lambda extra: False}


def law(draw: Draw, reading: str, decide) -> dict[int, Fraction]:
    """The exact law of the Pizarro score when the owner draws one more card wherever decide(extra)."""

    @lru_cache(maxsize=None)
    def go(extra: tuple[int, ...]) -> tuple:
        stop = draw.score(reading, extra)
        left = [d - e for d, e in zip(draw.deck, extra)]
        total = sum(left)
        if draw.gold(extra) > draw.limit or total == 0 or not decide(extra):
            return ((stop, Fraction(1)),)
        out: dict[int, Fraction] = {}
        for i, n in enumerate(left):
            if n:
                for s, p in go(_plus(extra, i)):
                    out[s] = out.get(s, Fraction(0)) + p * Fraction(n, total)
        return tuple(sorted(out.items()))

    return dict(go(ZERO))
