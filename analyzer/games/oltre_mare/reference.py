"""The readable Oltre Mare answers, brute force and exact (rules spec: shared/rules/oltre-mare.md), computed
another way than exact.py so that the two can be held equal (`reference_agrees`):

- Blind buys: the purse is stepped buy by buy (the price, plus the debt surcharge if in debt before the buy).
- Goods odds: every ordered sequence of goods the k buys can turn up, each counted by the ordered draws of cards
  that give it (left[g] cards of good g for each draw in turn), over every ordered draw; no binomial coefficients.
- The lion: every lion depth d and every tuple of draws (mine still to come, then each opponent's), weighted; kept
  where the lion is still below the D cards drawn (d > D), counted where the draws reach it (d <= D + X: drawn, or
  on top at a turn's end).
- The cargo order: every order of the played cards is laid onto the pile card by card; a card scores what it adds
  to its run's value (nothing once the run is past its table); a run is banked when a card of another good covers
  it; the lion scores the banked runs (the top run stays as the new base), the end scores them all.
- Majorities: 6/3/1 by dense rank (1 + the number of distinct larger counts; 0 tokens still ranks).
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from analyzer.core.agreement import random_positions
from analyzer.games.oltre_mare import analysis, state
from analyzer.games.oltre_mare import rules as r

MAJORITY_POINTS = (6, 3, 1)


# -- actions and majorities -------------------------------------------------------------------------------------

def symbol_amount(symbols: int, over_4: int) -> int:
    """Ducats / cards / moves for `symbols` equal symbols: 1 -> 1, 2 -> 3, 3 or 4 -> 6; more than 4 -> `over_4`."""
    return over_4 if symbols > 4 else {0: 0, 1: 1, 2: 3, 3: 6, 4: 6}[symbols]


def dense_majority(counts) -> list[int]:
    """6/3/1 by dense rank, each player in the order given."""
    out = []
    for mine in counts:
        rank = len({c for c in counts if c > mine})  # 0 = first
        out.append(MAJORITY_POINTS[rank] if rank < len(MAJORITY_POINTS) else 0)
    return out


# -- question 1: blind buys --------------------------------------------------------------------------------------

def buy_steps(ducats: int, k: int, good_terms: bool, debt_rule: str, good_terms_debt: bool) -> list[tuple[int, int]]:
    """(price, ducats after) of each of k blind buys, stepped one by one."""
    assert 0 <= k <= 4, "at most 4 blind buys a turn"
    steps = []
    for i in range(k):
        price = i + 1 if good_terms else 3
        in_debt = ducats < 0 if debt_rule == "below_zero" else ducats <= 0
        if in_debt and (good_terms_debt or not good_terms):
            price += 1
        ducats -= price
        steps.append((price, ducats))
    return steps


def goods_odds(pool: dict, k: int) -> dict:
    """(good, j) -> P(at least j cards of the good among k blind buys from `pool` (good -> cards)), j = 1..k: the
    ordered draws of k distinct cards counted sequence of goods by sequence of goods."""
    ways = {(g, j): 0 for g in pool for j in range(1, k + 1)}
    for seq in product([g for g in pool if pool[g]], repeat=k):
        left, count = dict(pool), 1
        for g in seq:  # the cards this draw can be
            count *= max(left[g], 0)
            left[g] -= 1
        for g in set(seq):
            for j in range(1, seq.count(g) + 1):
                ways[g, j] += count
    total = sum(pool.values())
    draws = 1
    for i in range(k):
        draws *= total - i  # every ordered draw of k cards
    return {key: Fraction(n, draws) for key, n in ways.items()}


# -- question 2: the lion ----------------------------------------------------------------------------------------

def depth_pmf(lion_depth, players: int) -> dict:
    """d (deck cards above the lion) -> weight: the middle of the deck left after dealing 5 a player +- 5, or the
    supplied weights."""
    if lion_depth != "uniform_mid_pm5":
        return dict(lion_depth)
    cards = sum(n for g, n in r.GOOD_COUNTS.items() if players > 2 or g != "grain")
    middle = (cards - 5 * players) // 2
    return {d: 1 for d in range(middle - 5, middle + 6)}


def lion_chance(depth: dict, drawn: int, draws: list[dict]) -> Fraction:
    """P(the lion scoring comes before my next turn): `depth` d -> weight, `drawn` D, one dict x -> weight per
    player drawing before then (the weights' totals cancel in the ratio)."""
    alive = reached = Fraction(0)
    for xs in product(*(list(o.items()) for o in draws)):
        weight = Fraction(1)
        for _, wx in xs:
            weight *= Fraction(wx)
        more = sum(x for x, _ in xs)
        for d, wd in depth.items():
            if d > drawn:  # else drawn or on top already: it has scored
                alive += weight * wd
                if d <= drawn + more:
                    reached += weight * wd
    assert alive, "the lion cannot still be in the deck"
    return reached / alive


# -- question 3: the cargo order ---------------------------------------------------------------------------------

def run_value(values, length: int) -> int:
    """A run of `length` >= 1 cards of a good whose table is `values` (for 1, 2, ... cards)."""
    return values[min(length, len(values)) - 1]


def cargo_scores(pile, table: dict) -> tuple[int, int]:
    """(at the lion, at the end) of a cargo pile given bottom to top as goods, scored card by card."""
    banked = open_run = 0
    good, length = None, 0
    for g in pile:
        if g != good:
            banked += open_run
            good, length, open_run = g, 0, 0
        length += 1
        open_run += run_value(table[g], length) - (run_value(table[g], length - 1) if length > 1 else 0)
    return banked, banked + open_run


def orders(cards) -> list[tuple]:
    """Every distinct order of `cards`, in the order of the positions picked first, first occurrence kept."""
    if not cards:
        return [()]
    out = []
    for i, card in enumerate(cards):
        for rest in orders(cards[:i] + cards[i + 1:]):
            if (card, *rest) not in out:
                out.append((card, *rest))
    return out


def cargo_orders(pile, played, table: dict, lion_first: bool) -> list[dict]:
    """Every order of `played` ((good, power), the last on top) laid onto `pile`, best first: the next scoring,
    (the lion's while it waits, then the end's), then the higher power on top, then the first listed."""
    rows = []
    for order in orders(list(played)):
        lion, end = cargo_scores(list(pile) + [g for g, _ in order], table)
        power = order[-1][1]
        rows.append({"order": order, "lion": lion, "end": end, "power": power, "bales": 7 - power})
    ranked = []
    for row in rows:  # insertion: a row goes before the first it beats, so equals keep the listed order
        key = ((row["lion"], row["end"]) if lion_first else (row["end"],)) + (row["power"],)
        at = next((i for i, other in enumerate(ranked) if key > other[0]), len(ranked))
        ranked.insert(at, (key, row))
    return [row for _, row in ranked]


# -- the three answers of a position -----------------------------------------------------------------------------

def answers(p: state.Position) -> dict:
    """question -> the reference's answer for a parsed position (only the questions it supports)."""
    s, out = p.settings, {}
    listed_pile = p.buy_from == "pirate_pile" and not isinstance(p.pirate_pile, int)
    pool = {g: list(p.pirate_pile).count(g) for g in set(p.pirate_pile)} if listed_pile else dict(p.unseen)
    # a pile given as a count: its unknown cards buy like the unseen pool, but there are only so many of them
    buys = min(4, p.pirate_pile if p.buy_from == "pirate_pile" and not listed_pile else sum(pool.values()))
    if buys:
        out["odds"] = []
        for k in range(1, buys + 1):
            steps = buy_steps(p.ducats, k, p.port_token == "good_terms", s.debt_rule, s.good_terms_debt)
            out["odds"].append(((tuple(price for price, _ in steps), steps[-1][1]), goods_odds(pool, k)))
    if not p.lion_scored:
        draws = [{p.my_draws: 1}] + [dict(pmf) for pmf in p.opponent_draws]
        out["lion"] = lion_chance(depth_pmf(s.lion_depth, p.players), p.drawn, draws)
    if p.play:
        out["ev"] = cargo_orders(p.cargo, p.play, dict(s.run_table), not p.lion_scored)
        for row in out["ev"] if p.lion_scored else ():  # no lion scoring is left to come: not reported
            row["lion"] = None
    return out


def engine_answers(p: state.Position) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions)."""
    out, supported = {}, state.questions(p)
    if "odds" in supported:
        out["odds"] = [((tuple(b["prices"]), b["left"]),
                        {(g, j["j"]): _exact(j, "p") for g, js in b["odds"].items() for j in js})
                       for b in analysis.odds(p, None).payload["buys"]]
    if "lion" in supported:
        out["lion"] = _exact(analysis.lion(p, None).payload, "p")
    if "ev" in supported:
        out["ev"] = [{"order": tuple((c["good"], c["power"]) for c in row["order"]), "lion": row["lion"],
                      "end": row["end"], "power": row["power"], "bales": row["bales"]}
                     for row in analysis.ev(p, None).payload["orders"]]
    return out


def _exact(block: dict, key: str):
    text = block.get(f"{key}_exact")
    return Fraction(text) if text is not None else ("not exact", block[key])


# -- random positions --------------------------------------------------------------------------------------------

def random_run_table(rng: random.Random) -> dict:
    """A supplied table per good: 1 for one card, then never falling, 1 to 6 entries."""
    table = {}
    for g in r.GOODS:
        values = [1]
        for _ in range(rng.randrange(6)):
            values.append(values[-1] + rng.randrange(4))
        table[g] = values
    return table


def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: the setting readings cycle with i (debt_rule, good_terms_debt, lion_depth given
    or not, run_table given or not: all 16 mixes every 16 positions), the rest drawn."""
    players = 2 + i % 4
    goods = r.goods(players)
    rules = {"debt_rule": ("below_zero", "zero_or_below")[i % 2], "good_terms_debt": bool(i // 2 % 2),
             "symbols_over_4": rng.choice((6, 8)), "open_trade": rng.random() < 0.5}
    deck = r.deck_after_setup(players)
    if i // 4 % 2:
        low = rng.randrange(deck - 6)
        rules["lion_depth"] = {d: rng.randrange(4) for d in range(low, low + rng.randrange(1, 7))}
        rules["lion_depth"][low] = rng.randrange(1, 4)
        depths = [d for d, w in rules["lion_depth"].items() if w]
    else:
        middle = deck // 2
        depths = list(range(middle - 5, middle + 6))
    if i // 8 % 2:
        rules["run_table"] = random_run_table(rng)
    cargo = [rng.choice(goods[:3]) for _ in range(rng.randrange(7))]  # few goods, so runs form
    bales = rng.randrange(1, 5)
    play = [[rng.choice(goods[:3] + goods[-1:]), rng.choice(r.POWERS)] for _ in range(bales)]
    top_power = r.POWER_PLUS_BALES - bales
    me = {"cargo": cargo, "play": play, "power": top_power,
          "port_token": rng.choice(("good_terms", "good_terms", "calm_sea", "none"))}
    if rng.random() < 0.3:
        me["pirate_pile"] = [rng.choice(goods) for _ in range(rng.randrange(1, 6))]
    elif rng.random() < 0.2:
        me["pirate_pile"] = rng.randrange(1, 6)
    if rng.random() < 0.3:  # the hand holds exactly my bales: I play it
        me["hand"] = me.pop("play")
    seen = cargo + [c[0] for c in play] + (me["pirate_pile"] if isinstance(me.get("pirate_pile"), list) else [])
    position = {"ducats": rng.randrange(-5, 8), "me": me,
                "deck_drawn_since_lion": rng.randrange(0, max(depths)),
                "lion": {"scored": rng.random() < 0.15, "my_draws": rng.randrange(3),
                         "opponent_draws": "illustrative" if rng.random() < 0.4 else
                         [rng.randrange(5) if rng.random() < 0.5 else {x: rng.randrange(3) + (x == 0)
                                                                      for x in range(rng.randrange(1, 5))}
                          for _ in range(players - 1)]}}
    if rng.random() < 0.5 and not isinstance(me.get("pirate_pile"), int):  # derived: the pile fits in the pool
        position["unseen"] = {g: rng.randrange(r.GOOD_COUNTS[g] - seen.count(g) + 1) for g in goods}
    if "pirate_pile" in me and rng.random() < 0.7:
        position["buy_from"] = "pirate_pile"
    return {"game": "oltre_mare", "players": players, "rules": rules, "position": position}


def reference_agrees(seed: int, positions: int = 16) -> list[tuple]:
    """[(what, exact.py's answer via analysis, the reference's)] on `positions` random positions."""
    def label(p) -> str:
        s = p.settings
        return (f"{p.players}p, {s.debt_rule}, good_terms_debt={s.good_terms_debt}, "
                f"lion_depth {'uniform' if s.lion_depth == 'uniform_mid_pm5' else 'given'}, "
                f"run_table {'illustrative' if 'run_table' in s.illustrative else 'given'}")

    return random_positions(seed, positions, random_scenario, label, engine_answers, answers,
                            state.parse_position, special={"odds": odds_rows})


def odds_rows(label: str, engine: list, mine: list) -> list[tuple]:
    """The odds question's rows: each number of buys' prices and P(>= j of a good), then how many."""
    rows = []
    for k, (e, m) in enumerate(zip(engine, mine), 1):
        rows.append((f"{label}: odds, {k} buys: prices", e[0], m[0]))
        rows.append((f"{label}: odds, {k} buys: P(>= j of a good)", e[1], m[1]))
    return rows + [(f"{label}: odds, how many buys", len(engine), len(mine))]
