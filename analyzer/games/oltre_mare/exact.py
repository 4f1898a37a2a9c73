"""Oltre Mare's exact answers (spec "What the analyzer is asked", 1-3), in Fractions: the blind buys' prices and
goods odds (hypergeometric), the lion's timing, and every cargo order's runs.  reference.py computes each another
way (stepping, enumerating) and `reference.reference_agrees` holds the two equal.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb

from analyzer.games.oltre_mare import rules as r
from analyzer.games.oltre_mare.rules import Settings


# -- question 1: blind buys -------------------------------------------------------------------------------------

def in_debt(ducats: int, debt_rule: str) -> bool:
    return ducats < 0 if debt_rule == "below_zero" else ducats <= 0


def buy_steps(ducats: int, k: int, good_terms: bool, settings: Settings) -> tuple[tuple[int, int], ...]:
    """(price, ducats after) of each of `k` blind buys (k <= 4) from `ducats`: 3 each, 4 when in debt before the buy
    (debt_rule); with the good terms token 1, 2, 3, 4, the debt surcharge on top only with good_terms_debt."""
    if not 0 <= k <= r.MAX_BUYS:
        raise ValueError(f"at most {r.MAX_BUYS} blind buys a turn")
    out = []
    for i in range(k):
        surcharge = in_debt(ducats, settings.debt_rule) and (settings.good_terms_debt or not good_terms)
        price = (r.GOOD_TERMS_PRICES[i] if good_terms else r.BUY_PRICE) + (r.DEBT_SURCHARGE if surcharge else 0)
        ducats -= price
        out.append((price, ducats))
    return tuple(out)


def at_least(pool: dict, good: str, k: int, j: int) -> Fraction:
    """P(at least j cards of `good` among k cards drawn from `pool` (good -> unseen cards)), hypergeometric."""
    total, hits = sum(pool.values()), pool.get(good, 0)
    return sum((Fraction(comb(hits, i) * comb(total - hits, k - i), comb(total, k)) for i in range(j, min(k, hits) + 1)),
               Fraction(0))


def goods_odds(pool: dict, k: int) -> dict[tuple[str, int], Fraction]:
    """(good, j) -> P(at least j cards of the good among k blind buys), j = 1..k, every good of the pool."""
    return {(g, j): at_least(pool, g, k, j) for g in pool for j in range(1, k + 1)}


# -- question 2: the lion ---------------------------------------------------------------------------------------

def convolve(pmfs) -> dict[int, Fraction]:
    """The distribution of a sum of independent draws, each a pmf x -> weight (normalised here)."""
    out = {0: Fraction(1)}
    for pmf in pmfs:
        total = sum(pmf.values())
        step = {}
        for s, p in out.items():
            for x, w in pmf.items():
                if w:
                    step[s + x] = step.get(s + x, Fraction(0)) + p * Fraction(w) / total
        out = step
    return out


def lion_alive(depths: dict, drawn: int) -> Fraction:
    """P(d > D): the lion is still in the deck after D cards drawn (the weight that is left)."""
    return sum((p for d, p in depths.items() if d > drawn), Fraction(0))


def lion_chance(depths: dict, drawn: int, draws: dict) -> Fraction:
    """P(the lion scoring comes before my next turn) = P(D < d <= D + X) / P(d > D): `depths` d -> P (deck cards
    above the lion), D = `drawn`, X ~ `draws` (x -> P, the deck cards drawn before my next turn)."""
    alive = lion_alive(depths, drawn)
    if not alive:
        raise ValueError("the lion cannot still be in the deck")
    reached = sum((px * pd for x, px in draws.items() for d, pd in depths.items() if drawn < d <= drawn + x),
                  Fraction(0))
    return reached / alive


# -- question 3: the cargo order --------------------------------------------------------------------------------

def runs(pile) -> list[tuple[str, int]]:
    """The runs of a cargo pile given bottom to top as goods: (good, length), bottom first."""
    out: list[list] = []
    for g in pile:
        if out and out[-1][0] == g:
            out[-1][1] += 1
        else:
            out.append([g, 1])
    return [(g, n) for g, n in out]


def cargo_scores(pile, table) -> tuple[int, int]:
    """(at the lion: every run but the top one, which stays as the new base; at the end: every run)."""
    values = [r.run_value(table, g, n) for g, n in runs(pile)]
    return sum(values[:-1]), sum(values)


def cargo_orders(pile, played, table, lion_first: bool) -> list[dict]:
    """Every distinct order of the `played` cards ((good, power), the last one on top) laid onto `pile` (goods,
    bottom to top), best first: by the score of the next scoring (the lion's if `lion_first`, else the end's), then
    the other scoring's, then the higher naval power on top (fewer cards to the pirate pile), then the order
    listed first (after the lion has scored only the end counts: no second key)."""
    orders = list(dict.fromkeys(permutations(played)))
    rows = []
    for index, order in enumerate(orders):
        lion, end = cargo_scores(list(pile) + [g for g, _ in order], table)
        top = order[-1][1] if order else None
        rows.append({"order": order, "lion": lion, "end": end, "power": top,
                     "bales": None if top is None else r.bales(top), "index": index})
    scores = ("lion", "end") if lion_first else ("end",)
    rows.sort(key=lambda row: (*(-row[s] for s in scores), -(row["power"] or 0), row["index"]))
    return rows
