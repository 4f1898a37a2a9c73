"""The questions Himalaya answers at the table (spec "What the analyzer is asked", 1-3): `(position, run settings)
-> Result`, from my view.  All exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact`
"p/q"): `odds` (1: the d20 refill odds per village and where the new goods land), `ask bag` (2: what a refilled
village shows), `ask inventory` (3: P(I win each colour's inventory)).  Question 4 (a 6-action program's value)
waits for the board and task data.
"""
from __future__ import annotations

from functools import partial

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.himalaya import exact
from analyzer.games.himalaya import rules as r
from analyzer.games.himalaya.state import Position

fs, both = stats.fraction_text, stats.with_exact
SPLIT_NOTE = ("ILLUSTRATIVE split of the 60 resources: {n} a colour (the seed gives none): give the printed one as "
              "rules.resources_per_colour")
PRIOR_NOTE = ("ILLUSTRATIVE prior for the untracked holdings: every cube nobody has counted went to one untracked "
              "opponent, each equally likely")
TOP_SETS = 20  # where the new goods land: the likeliest sets shown


_payload = named_payload
_title = partial(named_title, "Himalaya")


def _occupied(p: Position) -> str:
    return (f"goods at {', '.join(str(v) for v, _ in p.goods) or 'none'}; tasks at "
            f"{', '.join(str(v) for v, _ in p.tasks) or 'none'}")


# ------------------------------------------------------------------------------------------------
# question 1: odds (the refill)

def odds(p: Position, settings) -> Result:
    want_goods, n_tasks = p.refill
    if not want_goods + n_tasks:
        free = (max(0, r.TARGET - len(p.goods)), max(0, r.TARGET - len(p.tasks)))
        if free == (0, 0):
            raise ScenarioError("position.refill", f"no placement to make: {len(p.goods)} villages offer goods and "
                                                   f"{len(p.tasks)} tasks, and a refill tops each up to {r.TARGET}")
        raise ScenarioError("position.refill", f"goods 0 and tasks 0 ask for no placement; allowed: at least one of "
                                               f"them from 1 to {r.TARGET} (left out: {r.TARGET} less the villages "
                                               f"offering each, here goods {free[0]} and tasks {free[1]})")
    bag_size = sum(dict(p.bag).values())
    n_goods = exact.goods_placements(want_goods, bag_size, p.settings.short_bag)
    goods, tasks = frozenset(v for v, _ in p.goods), frozenset(v for v, _ in p.tasks)
    marg, goods_law, n_sets = exact.refill_odds(goods, tasks, n_goods, n_tasks, p.settings, TOP_SETS)
    rows, villages = [], []
    for v, (pg, pt) in marg.items():
        state = "goods" if v in goods else "task" if v in tasks else "free"
        rows.append({"village": v, "now": state, "P(goods)": float(pg), "goods exact": fs(pg),
                     "P(task)": float(pt), "task exact": fs(pt)})
        villages.append({"village": v, "now": state, **both("goods", pg), **both("task", pt)})
    sets = list(goods_law.items())  # the likeliest first, ties by the sorted villages
    landing = [{"villages": sorted(s), **both("p", q)} for s, q in sets]
    set_rows = [{"new goods at": ", ".join(map(str, sorted(s))) or "none", "P": float(q), "exact": fs(q)}
                for s, q in sets]
    skips = "goods or a task" if p.settings.occupied_means == "goods_or_task" else "goods only"
    notes = [*p.settings.labels(), f"{_occupied(p)}; the first leader refills: {n_goods} goods placement(s) "
             f"first (of {want_goods} wanted; the bag holds {bag_size}, short_bag {p.settings.short_bag}), then "
             f"{n_tasks} task placement(s)",
             f"each placement: a d20 roll, the rolled village or the numerically next free one (20 wraps to 1); a "
             f"goods placement skips villages with {skips}, a task placement goods or a task",
             f"where the new goods land: the {len(sets)} likeliest of {n_sets} sets", "exact"]
    payload = _payload(p, (), refill={"goods": n_goods, "tasks": n_tasks}, villages=villages,
                       goods_sets=landing, goods_set_count=n_sets)
    tables = {"refill odds": pd.DataFrame(rows).set_index("village"),
              "where the goods land": pd.DataFrame(set_rows).set_index("new goods at")}
    return Result(_title(f"the refill odds per village, {n_goods} goods then {n_tasks} tasks (exact)", ()), tables,
                  payload, notes, exact={"refill odds": True, "where the goods land": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask bag

def bag(p: Position, settings) -> Result:
    cubes = dict(p.bag)
    size = sum(cubes.values())
    if not size:
        raise ScenarioError("position.bag", "empty: no cube to draw; give {colour: n}")
    draw = min(r.PER_PLACEMENT, size)
    chances = exact.bag_odds(cubes, draw)
    ill = p.settings.illustrative if p.bag_derived else ()
    rows, out = [], []
    for c in r.COLOURS:
        shows, lowest = chances[c]
        rows.append({"colour": c, "in the bag": cubes[c], "P(shows)": float(shows), "shows exact": fs(shows),
                     "P(lowest: I get it)": float(lowest), "lowest exact": fs(lowest)})
        out.append({"colour": c, "in_bag": cubes[c], **both("shows", shows), **both("lowest", lowest)})
    notes = [*([SPLIT_NOTE.format(n=p.settings.resources_per_colour)] if ill else []), *p.settings.labels(),
             f"a refilled village draws {draw} of the bag's {size} cubes (" + ", ".join(f"{c} {n}" for c, n in
                                                                                     cubes.items()) + ")"
             + (", derived: every cube not in a village or a holding" if p.bag_derived else ""),
             "P(shows c) = 1 - C(N - n_c, 5) / C(N, 5); the lowest cube is what a trader must take there; every "
             "village of one refill has this same law (the draws are exchangeable)", "exact"]
    payload = _payload(p, ill, bag=cubes, bag_size=size, draw=draw, colours=out)
    return Result(_title(f"what a refilled village shows, {draw} of {size} cubes (exact)", ill),
                  {"bag odds": pd.DataFrame(rows).set_index("colour")}, payload, notes, exact={"bag odds": True})


# ------------------------------------------------------------------------------------------------
# question 3: ask inventory

def inventory(p: Position, settings) -> Result:
    mine = dict(p.holdings[0][1])
    opponents = [(who, dict(known), unknown) for who, known, unknown in p.holdings[1:]]
    pool = p.pool
    laws = exact.inventory_odds(mine, opponents, pool)
    untracked = any(k is None for *_, k in opponents)
    ill = (*(p.settings.illustrative if sum(pool.values()) else ()), *(("prior",) if untracked else ()))
    rows, out = [], []
    for c in r.COLOURS:
        law = laws[c]
        me, nobody = law.get("me", 0), law.get(None, 0)
        rows.append({"colour": c, "mine": mine.get(c, 0), "P(I win)": float(me), "exact": fs(me),
                     "P(nobody)": float(nobody),
                     **{f"P({who} wins)": float(law.get(who, 0)) for who, *_ in opponents}})
        out.append({"colour": c, "mine": mine.get(c, 0), **both("p", me), **both("nobody", nobody),
                    "winners": {str(w): fs(q) for w, q in sorted(law.items(), key=lambda kv: str(kv[0]))}})
    nxt = next((k for k in r.INVENTORY_ROUNDS if k >= p.round), r.ROUNDS)
    notes = [*([PRIOR_NOTE] if "prior" in ill else []),
             *([SPLIT_NOTE.format(n=p.settings.resources_per_colour)] if "resources_per_colour" in ill else []),
             *p.settings.labels(),
             f"the holdings as they stand, scored at an inventory (the next: after round {nxt}); per colour the "
             "strict most cubes takes the 3-yak token, a tie for the most: nobody",
             "the opponents' unknown cubes: the " + ", ".join(f"{c} {n}" for c, n in pool.items() if n)
             + " nobody has counted (the colours less the bag, villages and known holdings), dealt at random (any left "
             "over are nobody's)"
             if sum(pool.values()) else "every holding tracked: each answer is certain",
             "rewards: " + ", ".join(r.inventory_rewards(p.settings.full_inventory)), "exact"]
    payload = _payload(p, ill, pool=pool, colours=out)
    return Result(_title("P(I win the inventory of each colour) (exact)", ill),
                  {"inventory": pd.DataFrame(rows).set_index("colour")}, payload, notes, exact={"inventory": True})
