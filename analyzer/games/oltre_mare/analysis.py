"""The questions Oltre Mare answers at the table (spec "What the analyzer is asked", 1-3): `(position, run
settings) -> Result`, from my view.  All exact (exact.py, Fractions; the JSON keeps each value as a float and
`<key>_exact` "p/q"): `odds` (1: k blind buys' prices and goods odds), `ask lion` (2: the lion scoring before my
next turn), `ev` (3: the best cargo order).  Question 4 (the pirate penalty) waits for the per-card list.
"""
from __future__ import annotations

from functools import partial

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.oltre_mare import exact
from analyzer.games.oltre_mare import rules as r
from analyzer.games.oltre_mare.state import Position

fs, both = stats.fraction_text, stats.with_exact
RUN_TABLE_NOTE = ("ILLUSTRATIVE run table: gems [1, 5], the others [1, 3, 5, 8, 12] cut at scrolls 4, silk 4, salt 5, "
                  "ceramics 5, olives 5, grain 5 (the spec's; the seed's tables are pictures): give the printed ones "
                  "as rules.run_table")
DEPTH_NOTE = ("ILLUSTRATIVE lion depth: uniform over the deck's middle +- 5 cards (\"zhruba do jeho poloviny\"); give "
              "the table's own pmf as rules.lion_depth")
DRAWS_NOTE = ("ILLUSTRATIVE opponents' draws: each opponent draws 0-3 deck cards, equally likely; type them as "
              "position.lion.opponent_draws")
DECK_NOTE = ("ILLUSTRATIVE naval power for the cards written as a good alone (gems 6, scrolls 5, silk 5, salt 4, "
             "ceramics 4, olives 3, grain 3; bales = 7 - power): write a card's real power as [good, power]")
TIE_BREAKS = ("the next scoring's ducats (the lion's while it is in the deck, else the end's)",
              "then the end's ducats (while the lion is in the deck)",
              "then the higher naval power on top (a larger hand limit)", "then the order listed first")


_payload = named_payload
_title = partial(named_title, "Oltre Mare")


def _card(card) -> str:
    return f"{card[0]} {card[1]}"


# ------------------------------------------------------------------------------------------------
# question 1: odds

def odds(p: Position, settings) -> Result:
    if not p.max_buys:
        raise ScenarioError(f"position.{'me.pirate_pile' if p.buy_from == 'pirate_pile' else 'unseen'}",
                            "no card to buy: give at least one")
    good_terms = p.port_token == "good_terms"
    pool = p.pool
    buys, rows, odds_rows = [], [], []
    for k in range(1, p.max_buys + 1):
        steps = exact.buy_steps(p.ducats, k, good_terms, p.settings)
        prices = [price for price, _ in steps]
        rows.append({"buys": k, "prices": ", ".join(map(str, prices)), "spent": sum(prices), "left": steps[-1][1]})
        chances = exact.goods_odds(pool, k)
        odds = {}
        for g in pool:
            odds[g] = [{"j": j, **both("p", chances[g, j])} for j in range(1, k + 1)]
            odds_rows.append({"buys": k, "good": g, "unseen": pool[g],
                              **{f"P(>={j})": float(chances[g, j]) if j <= k else None
                                 for j in range(1, r.MAX_BUYS + 1)}})
        buys.append({"k": k, "prices": prices, "spent": sum(prices), "left": steps[-1][1], "odds": odds})
    source = ("my pirate pile's listed cards" if p.buy_from == "pirate_pile" and not isinstance(p.pirate_pile, int)
              else "the unseen pool" + (" (my pirate pile's cards are unknown: by exchangeability they buy like "
                                        "the unseen pool)" if p.buy_from == "pirate_pile" else ""))
    price_rule = ("good terms: 1, 2, 3, 4" + (" plus 1 in debt (good_terms_debt)" if p.settings.good_terms_debt
                                               else ", no debt surcharge") if good_terms else
                  f"3 each, 4 when {'below 0' if p.settings.debt_rule == 'below_zero' else '0 or below'} before "
                  "the buy")
    notes = [*p.settings.labels(), f"{p.players} players; my ducats {p.ducats}; blind buys from the "
             f"{p.buy_from.replace('_', ' ')} ({sum(pool.values())} cards: {source}); prices {price_rule}; at most "
             f"{r.MAX_BUYS} buys a turn", "goods odds: hypergeometric, P(at least j cards of the good)", "exact"]
    payload = _payload(p, (), ducats=p.ducats, port_token=p.port_token, buy_from=p.buy_from, pool=pool,
                       pool_size=sum(pool.values()), buys=buys)
    tables = {"blind buys": pd.DataFrame(rows).set_index("buys"),
              "goods odds": pd.DataFrame(odds_rows).set_index(["buys", "good"])}
    return Result(_title(f"the cost and goods odds of 1-{p.max_buys} blind buys (exact)", ()), tables, payload,
                  notes, exact={"blind buys": True, "goods odds": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask lion

def draws(p: Position) -> dict:
    """X: the deck cards drawn before my next turn (mine still to come this turn, then each opponent's)."""
    return exact.convolve([{p.my_draws: 1}, *[dict(pmf) for pmf in p.opponent_draws]])


def lion(p: Position, settings) -> Result:
    if p.lion_scored:
        raise ScenarioError("position.lion.scored", "true: the lion has scored, so no lion scoring is left to come")
    depths = r.lion_depths(p.settings.lion_depth, p.players)
    x = draws(p)
    chance = exact.lion_chance(depths, p.drawn, x)
    ill = tuple(name for name in ("lion_depth",) if name in p.illustrative) + (
        ("opponent_draws",) if p.draws_illustrative else ())
    alive = {d: w for d, w in depths.items() if d > p.drawn}
    rows = [{"draws": n, "P(draws)": float(px), "P(lion | draws)": float(exact.lion_chance(depths, p.drawn, {n: 1})),
             "exact": fs(exact.lion_chance(depths, p.drawn, {n: 1}))} for n, px in sorted(x.items())]
    tables = {"lion": pd.DataFrame([{"drawn since the lion": p.drawn, "depths left": f"{min(alive)}-{max(alive)}",
                                     "P(lion before my next turn)": float(chance), "exact": fs(chance)}]),
              "by draws": pd.DataFrame(rows).set_index("draws")}
    exact_tables = {"lion": True, "by draws": True}
    prestige = None
    if p.prestige is not None:
        points = r.majority_points([n for _, n in p.prestige])
        prestige = [{"player": who, "tokens": n, "points": pts} for (who, n), pts in zip(p.prestige, points)]
        tables["prestige at the lion"] = pd.DataFrame(prestige).set_index("player")
        exact_tables["prestige at the lion"] = True
    notes = [*([DEPTH_NOTE] if "lion_depth" in ill else []), *([DRAWS_NOTE] if "opponent_draws" in ill else []),
             *p.settings.labels(),
             f"{p.players} players; the deck held {r.deck_after_setup(p.players)} cards when the lion went in; "
             f"D = {p.drawn} drawn since, so the lion lies {min(alive)}-{max(alive)} cards deep (P(d > D) = "
             f"{fs(exact.lion_alive(depths, p.drawn))} of the depth's weight); X = {p.my_draws} more of mine plus "
             "the opponents' draws",
             "P = P(D < d <= D + X) / P(d > D): the lion drawn, or on top at a turn's end, before my next turn",
             *(["prestige at the lion: 6/3/1 by dense ranking (a tie shares a place, the next count is the next "
                "place; 0 tokens still ranks)"] if prestige else []), "exact"]
    payload = _payload(p, ill, drawn=p.drawn, depths={d: fs(w) for d, w in sorted(depths.items())},
                       draws={n: fs(w) for n, w in sorted(x.items())}, **both("p", chance), prestige=prestige)
    return Result(_title("P(the lion scoring comes before my next turn) (exact)", ill), tables, payload, notes,
                  exact=exact_tables)


# ------------------------------------------------------------------------------------------------
# question 3: ev (the best cargo order)

def ev(p: Position, settings) -> Result:
    if not p.play:
        raise ScenarioError("position.me.play", "the cards I play (my top card's bales), or my hand when it holds "
                                                "exactly that many")
    table = p.settings.run_table
    lion_first = not p.lion_scored
    orders = exact.cargo_orders(p.cargo, p.play, table, lion_first)
    ill = tuple(name for name in ("run_table",) if name in p.illustrative) + (() if p.powers_given else ("deck",))
    rows, out = [], []
    for rank, row in enumerate(orders, 1):
        order = [_card(c) for c in row["order"]]
        rows.append({"rank": rank, "order (bottom to top)": ", ".join(order),
                     **({"at the lion": row["lion"]} if lion_first else {}), "at the end": row["end"],
                     "next power": row["power"], "next bales": row["bales"]})
        out.append({"order": [{"good": g, "power": pw} for g, pw in row["order"]],
                    "lion": row["lion"] if lion_first else None,
                    "end": row["end"], "power": row["power"], "bales": row["bales"]})
    pile = ", ".join(p.cargo) or "empty"
    notes = [*([RUN_TABLE_NOTE] if "run_table" in ill else []), *([DECK_NOTE] if "deck" in ill else []),
             *p.settings.labels(),
             f"my cargo pile not yet scored (bottom to top): {pile}; the played cards go on top in the order shown, "
             "the last on top sets next turn's naval power (hand limit) and bales (cards to play)",
             "at the lion: every run below the top run (the top run stays as the new base); at the end: every run; a "
             "run longer than its good's table scores the table's maximum; no further cards counted",
             "best first: " + ", ".join(TIE_BREAKS) + ("" if lion_first else "; the lion has scored: the end's "
                                                                      "ducats, then the power, then the order"),
             "exact"]
    payload = _payload(p, ill, cargo=list(p.cargo), play=[{"good": g, "power": pw} for g, pw in p.play],
                       ranked_by="lion" if lion_first else "end", tie_breaks=list(TIE_BREAKS), orders=out,
                       best=out[0])
    return Result(_title(f"the best order of my {len(p.play)} played cards on my cargo pile (exact)", ill),
                  {"orders": pd.DataFrame(rows).set_index("rank")}, payload, notes, exact={"orders": True})
