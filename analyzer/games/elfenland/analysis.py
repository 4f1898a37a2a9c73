"""The questions Elfenland answers at the table (spec "What the analyzer is asked", 1-2): `(position, run settings)
-> Result`, from my seat.  All exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact`
"p/q"): `odds` (1: P(my deal lets me pay my planned route), without and with caravans), `ask blind` (2: P(a blind
counter is kind X)) and `ev` (2: open against blind picks for my planned roads).  Question 3 (towns reachable over
the map) waits for the printed map.
"""
from __future__ import annotations

from functools import partial

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.elfenland import exact
from analyzer.games.elfenland import rules as r
from analyzer.games.elfenland.state import Position

fs, both = stats.fraction_text, stats.with_exact
DECK_NOTE = ("travel deck: 10 each of dragon, unicorn, troll wagon, elf-cycle, magic cloud, giant pig and 12 rafts = "
             "72 (the English rulebook's contents page; sourced, unverified against a box)")
EXCHANGEABLE = "opponents' kept cards are unseen, so the deal draws like a random subset of the unseen pool"


def _payload(p: Position, **extra) -> dict:
    return named_payload(p, round=p.round, **extra)


_title = partial(named_title, "Elfenland")


def _legs(p: Position) -> list[dict]:
    return [{"road": road, "kind": leg.kind, "cost": leg.cost, "obstacle": leg.obstacle,
             "caravan": leg.caravan_cost if leg.caravan else None} for leg, road in zip(p.legs, p.roads)]


# ------------------------------------------------------------------------------------------------
# question 1: odds

def odds(p: Position, settings) -> Result:
    if not p.legs:
        raise ScenarioError("position.route", "the planned legs: at least one {kind, terrain (or water), obstacle}")
    caravan_when = p.settings.caravan_when
    plain, caravans = exact.deal_odds(p.hand_dict, p.pool_dict, p.to_deal, p.legs, caravan_when)
    legs = _legs(p)
    route = pd.DataFrame([{"leg": i + 1, "road": leg["road"] or "", "kind": leg["kind"], "cards": leg["cost"],
                           "obstacle": leg["obstacle"], "caravan": leg["caravan"] or "no (water)"}
                          for i, leg in enumerate(legs)]).set_index("leg")
    deal = pd.DataFrame([{"payment": "matching cards only", "P(payable)": float(plain), "exact": fs(plain)},
                         {"payment": "with caravans", "P(payable)": float(caravans), "exact": fs(caravans)}]
                        ).set_index("payment")
    pool_size = sum(p.pool_dict.values())
    caravan_rule = ("a caravan only on a leg the cards left cannot pay, legs in route order, the player choosing "
                    "which cards" if caravan_when == "lacking" else "a caravan on any counter leg, even one I could "
                    "pay with its cards")
    notes = [*p.settings.labels(), DECK_NOTE,
             f"round {p.round}: my kept hand {', '.join(f'{n} {k}' for k, n in p.hand) or 'empty'} plus {p.to_deal} "
             f"cards dealt from {pool_size} unseen ({EXCHANGEABLE}"
             + ("; the discards stay out of the deck: deck_reshuffle when_empty)" if p.settings.deck_reshuffle ==
                "when_empty" else "; the whole deck reshuffled: deck_reshuffle every_round)"),
             f"caravan: any {r.CARAVAN} cards ({r.CARAVAN + r.OBSTACLE_EXTRA} with an obstacle) on a road with a "
             f"counter, never on water; caravan_when {caravan_when}: {caravan_rule}",
             "every hand composition enumerated (multivariate hypergeometric over the 7 kinds)", "exact"]
    payload = _payload(p, hand=p.hand_dict, cards_to_deal=p.to_deal, pool=p.pool_dict, pool_size=pool_size,
                       route=legs, caravan_when=caravan_when, **both("p_no_caravans", plain),
                       **both("p_caravans", caravans))
    return Result(_title(f"P(my deal pays my {len(legs)}-leg route) (exact)"), {"deal": deal, "route": route},
                  payload, notes, exact={"deal": True, "route": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask blind

def _counter_note(p: Position) -> str:
    pool = sum(p.counters_dict.values())
    return (f"unseen counters: {pool} = 48 less the open display, the placed ones, the face-up ones held and mine "
            "(opponents' face-down counters are unseen)")


def blind(p: Position, settings) -> Result:
    pool = p.counters_dict
    if not sum(pool.values()):
        raise ScenarioError("position.open_counters", "fewer counters seen: every one of the 48 is accounted for, "
                                                      "none is left to draw blind")
    chances = exact.blind_odds(pool)
    rows = [{"kind": k, "unseen": pool[k], "P(blind)": float(chances[k]), "exact": fs(chances[k])}
            for k in r.COUNTER_KINDS]
    notes = [*p.settings.labels(), _counter_note(p), "P(the next counter drawn blind is kind X) = unseen X / unseen",
             "exact"]
    payload = _payload(p, pool=pool, pool_size=sum(pool.values()),
                       odds={k: both("p", chances[k]) for k in r.COUNTER_KINDS})
    return Result(_title("P(a blind counter is kind X) (exact)"), {"blind": pd.DataFrame(rows).set_index("kind")},
                  payload, notes, exact={"blind": True})


# ------------------------------------------------------------------------------------------------
# question 2: ev (open against blind picks)

def ev(p: Position, settings) -> Result:
    wanted = dict(p.wanted)
    if not wanted:
        raise ScenarioError("position.route", "every leg already has its counter (on a placed road of its kind, or "
                                              "held by me), so no pick adds to it; ev needs a route with a leg still "
                                              "lacking its counter")
    pool = p.counters_dict
    if not sum(pool.values()) and not p.open_counters:
        raise ScenarioError("position.open_counters", "a counter to pick: open ones, or some left unseen")
    values = exact.pick_values(p.open_counters, pool, wanted)
    ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0] == "blind"))
    rows = [{"pick": name, "EV (legs covered)": float(v), "exact": fs(v)} for name, v in ranked]
    options = [{"pick": name, **both("value", v)} for name, v in ranked]
    notes = [*p.settings.labels(), _counter_note(p),
             f"my planned legs lacking a counter: {', '.join(f'{n} {k}' for k, n in wanted.items())}",
             "the value of one pick: the expected number of those legs it covers (an open counter 1 or 0, a blind one "
             "P(its kind is one I lack)); best first, an open pick before a blind one of equal value", "exact"]
    payload = _payload(p, wanted=wanted, open_counters=list(p.open_counters), pool=pool, options=options,
                       best=options[0]["pick"])
    return Result(_title("open against blind picks for my planned roads (exact)"),
                  {"picks": pd.DataFrame(rows).set_index("pick")}, payload, notes, exact={"picks": True})
