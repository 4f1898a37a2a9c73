"""The questions Caylus answers at the table (spec "What the analyzer is asked", 1-2): `(position, run settings)
-> Result`.  All exact (exact.py): `odds` (the neutral layout and start-money odds, Fractions; the JSON keeps
`<key>_exact` "p/q" beside each float), `ev` (the end bonus), `ask worker_cost`, `ask provost`, `ask castle`,
`ask section` (whole numbers).  The seat balance (question 3) waits for the verified card list and road layout.
"""
from __future__ import annotations

from functools import partial

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.caylus import exact
from analyzer.games.caylus import rules as r
from analyzer.games.caylus.state import Position

fs, both = stats.fraction_text, stats.with_exact
SIZES_NOTE = ("ILLUSTRATIVE castle sizes: dungeon 6, walls 10, towers 14 spaces (the pindia/caylus fan implementation, "
              "sourced, unverified): give the printed ones as rules.castle_sizes")


_payload = named_payload
_title = partial(named_title, "Caylus")


def _colours(p: Position) -> list[str]:
    return [pl.colour for pl in p.players_state]


def _need_players(p: Position, question: str) -> None:
    if not p.players_state:
        raise ScenarioError("position.players_state", f"{question} needs the players: give at least one "
                                                      "{colour, deniers, cubes, ...}")


# ------------------------------------------------------------------------------------------------
# odds: the neutral layout and the start money

def odds(p: Position, settings) -> Result:
    chances = exact.layout_odds(p.neutral_order)
    k_max = len(r.NEUTRALS)
    first = {name: [{"k": k, **both("p", chances["first_k"][name, k])} for k in range(1, k_max + 1)]
             for name in r.NEUTRALS}
    first_rows = [{"building": name, **{f"k={k}": fs(chances["first_k"][name, k]) for k in range(1, k_max + 1)}}
                  for name in r.NEUTRALS]
    adjacent = [{"a": a, "b": b, **both("p", q)} for (a, b), q in chances["adjacent"].items()]
    money = exact.start_money_odds(p.players)
    known = [n or "?" for n in p.neutral_order]
    notes = [*p.settings.labels(),
             f"neutral road spaces 1-6: {', '.join(known)} (?: not known); the {len(exact.layouts(p.neutral_order))} "
             "orders of 720 agreeing with what is known, equally likely",
             f"{p.players} players: start deniers by first-round order {', '.join(map(str, r.start_money(p.players)))}"
             " (2 players: both 5), each of the n! orders equally likely", "exact"]
    payload = _payload(p, (), neutral_order=list(p.neutral_order), orders=len(exact.layouts(p.neutral_order)),
                       first_k=first, adjacent=adjacent,
                       start_money=[{"deniers": d, **both("p", q)} for d, q in money.items()])
    tables = {"in the first k road spaces": pd.DataFrame(first_rows).set_index("building"),
              "adjacent": pd.DataFrame([{"a": x["a"], "b": x["b"], "P": x["p_exact"]} for x in adjacent]
                                       ).set_index(["a", "b"]),
              "start money": pd.DataFrame([{"deniers": d, "P": fs(q)} for d, q in money.items()]).set_index("deniers")}
    return Result(_title("the neutral buildings' layout and the start money (exact)", ()), tables, payload, notes,
                  exact={name: True for name in tables})


# ------------------------------------------------------------------------------------------------
# ev: the end bonus

def ev(p: Position, settings) -> Result:
    _need_players(p, "the end bonus")
    rows = []
    for pl in p.players_state:
        other = sum(pl.cube(c) for c in r.CUBES if c != "gold")
        bonus = exact.end_bonus(pl.cube("gold"), other, pl.deniers)
        rows.append({"colour": pl.colour, "gold": pl.cube("gold"), "other_cubes": other, "deniers": pl.deniers,
                     "bonus": bonus, "points": pl.points, "final": pl.points + bonus})
    notes = [*p.settings.labels(), "end bonus: 3 per gold, 1 per 3 other cubes (all kinds together), 1 per 4 "
             "deniers, rounded down; final = points + bonus", "exact"]
    return Result(_title("the end bonus (exact)", ()), {"end bonus": pd.DataFrame(rows).set_index("colour")},
                  _payload(p, (), rows=rows), notes, exact={"end bonus": True})


# ------------------------------------------------------------------------------------------------
# ask worker_cost

def worker_cost(p: Position, settings) -> Result:
    passed = len(p.passing_track)
    if passed >= p.players:
        raise ScenarioError("position.passing_track", f"at most {p.players - 1} passed: every player has passed, "
                                                      "no worker is left to place")
    s = p.settings
    who = [pl for pl in p.players_state if pl.colour not in p.passing_track] or [None]
    rows = []
    for pl in who:
        inn = bool(pl and pl.at_inn)
        rows.append({"colour": pl.colour if pl else "next player", "at_inn": inn,
                     "workers_left": pl.workers_left if pl else None,
                     "own building": exact.worker_cost(passed, p.players, True, inn, s),
                     "elsewhere": exact.worker_cost(passed, p.players, False, inn, s),
                     "deniers": pl.deniers if pl else None})
    bonus = r.FIRST_PASS_BONUS if passed == 0 else 0
    rule = ("1 + players passed" if s.passing_track_values == "one_plus_passed" else "1, then 2 once anyone passed")
    notes = [*s.labels(), f"passed so far: {', '.join(p.passing_track) or 'nobody'}; the passing track's value: "
             f"{exact.track_value(passed, s)} ({rule}); on one's own building 1",
             *(["2 players, the other passed: 3 elsewhere (the seed's 2-player rule)"]
               if p.players == 2 and passed and s.two_player_pass_cost == "seed_1_own_3_else" else []),
             *(["a worker holding the inn: his later workers cost 1 each (sixth_special_hold)"]
               if s.sixth_special_hold and any(x["at_inn"] for x in rows) else []),
             f"passing now gains {bonus} denier" + ("" if bonus == 1 else "s (only the first to pass gains 1)"),
             "exact"]
    payload = _payload(p, (), passed=list(p.passing_track), track_value=exact.track_value(passed, s),
                       pass_bonus=bonus, rows=rows)
    return Result(_title("the next worker's cost (exact)", ()), {"worker cost": pd.DataFrame(rows).set_index("colour")},
                  payload, notes, exact={"worker cost": True})


# ------------------------------------------------------------------------------------------------
# ask provost

def provost(p: Position, settings) -> Result:
    buildings = {space: (building, owner) for space, building, owner, _ in p.road}
    moves, rows = [], []
    for space in exact.provost_moves(p.provost, p.road_length):
        gone = exact.cancelled(p.road_workers, space)
        lost: dict = {}
        for _, colour in gone:
            lost[colour] = lost.get(colour, 0) + 1
        step = exact.bailiff_step(space, p.bailiff)
        moves.append({"move": space - p.provost, "space": space, "cost": abs(space - p.provost),
                      "cancelled": [{"space": s, "building": buildings[s][0], "worker": c} for s, c in gone],
                      "lost": lost, "bailiff_step": step})
        rows.append({"move": space - p.provost, "space": space, "cost": abs(space - p.provost),
                     "cancelled": ", ".join(f"{c} on {buildings[s][0]} ({s})" for s, c in gone) or "none",
                     "bailiff moves": step})
    notes = [*p.settings.labels(), f"the provost on space {p.provost}, the bailiff on {p.bailiff}; in passing order "
             "each player may move the provost 1-3 spaces either way, 1 denier a space (the table: one bribe "
             "from here)", "road buildings beyond the provost do nothing this round (their workers go home)",
             "road spaces count from 1 (the first neutral building's); the provost never goes before it"
             + (f" nor past the road's end ({p.road_length})" if p.road_length else
                " (road_length not given: no end assumed)"),
             "bailiff moves 2 when the provost ends ahead of it, else 1", "exact"]
    payload = _payload(p, (), provost=p.provost, bailiff=p.bailiff, road_length=p.road_length, moves=moves)
    return Result(_title("the provost's reach and what each bribe cancels (exact)", ()),
                  {"provost": pd.DataFrame(rows).set_index("move")}, payload, notes, exact={"provost": True})


# ------------------------------------------------------------------------------------------------
# ask castle

def castle(p: Position, settings) -> Result:
    me = p.player(p.me) if p.me else None
    if me is None:
        raise ScenarioError("position.me", "castle needs my cubes: give players_state with my colour")
    ill = p.illustrative
    cubes = dict(me.cubes)
    room = p.castle_room
    most = min(exact.max_batches(cubes), room)
    order = list(p.castle_workers)
    at = order.index(me.colour) if me.colour in order else len(order)
    done = dict(p.batches)
    earlier = [done.get(c, 0) for c in order[:at]]
    later = [done.get(c, 0) for c in order[at + 1:]]
    rows = []
    for k in range(most + 1):
        points, placed = exact.batch_points(p.section, p.filled, k, p.settings.castle_sizes)
        penalty = r.NOT_BUILDING_PENALTY if k == 0 and room else 0
        rows.append({"batches": k, "points": points + penalty, **dict(zip(r.SECTIONS, placed)),
                     "least_gold": exact.least_gold(cubes, k), "favour": exact.castle_favour(k, earlier, later),
                     "points_after": exact.floor_points(me.points, points + penalty)})
    notes = [*([SIZES_NOTE] if "castle_sizes" in ill else []), *p.settings.labels(),
             f"{me.colour}'s cubes: " + ", ".join(f"{c} {cubes.get(c, 0)}" for c in r.CUBES) +
             f"; a batch = 1 food + 2 different other cubes; at most {exact.max_batches(cubes)} from these cubes, "
             f"{room} left in the castle",
             f"the castle at {r.SECTIONS[p.section]}, {p.filled} filled; 5 / 4 / 3 points a batch in the dungeon / "
             "walls / towers, into the next section once one is full; none once the towers are full",
             "0 batches: -2 points while the castle has room; points never below 0",
             "favour: the most batches this round (a tie to the worker earlier in the castle; others' batches from "
             "position.castle.batches, 0 when not given)", "least_gold: the fewest gold cubes k batches spend", "exact"]
    payload = _payload(p, ill, colour=me.colour, cubes=cubes, max_batches=most, room=room,
                       section=r.SECTIONS[p.section], filled=p.filled, rows=rows)
    return Result(_title("castle batches from my cubes (exact)", ill),
                  {"castle": pd.DataFrame(rows).set_index("batches")}, payload, notes, exact={"castle": True})


# ------------------------------------------------------------------------------------------------
# ask section

def section(p: Position, settings) -> Result:
    _need_players(p, "the section preview")
    ill = p.illustrative
    name = r.SECTIONS[p.section]
    full = p.section_full
    step = exact.bailiff_step(p.provost, p.bailiff)
    reaches = None if p.section_mark is None else p.bailiff + step >= p.section_mark
    rows = []
    for pl in p.players_state:
        delta, favours = exact.section_score(name, pl.houses)
        rows.append({"colour": pl.colour, "houses": pl.houses, "points": delta, "favours": favours,
                     "points_before": pl.points, "points_after": exact.floor_points(pl.points, delta)})
    penalty, steps = r.SECTION_TABLE[name]
    ends = full or bool(reaches)
    why = ("the section is full" if full else f"the bailiff reaches the mark ({p.section_mark})" if reaches else
           "not this round" if reaches is False else "only when full (section_mark not given)")
    notes = [*([SIZES_NOTE] if "castle_sizes" in ill else []), *p.settings.labels(),
             f"{name} scoring: no house {penalty}, " + ", ".join(f">= {h} houses {f} favour{'s' * (f > 1)}"
                                                                   for h, f in steps) + "; points never below 0",
             f"the section ends when the bailiff reaches its mark or it is full: {why}; the bailiff moves {step} "
             f"(from {p.bailiff}; the provost on {p.provost})", "a phase's favours go to different tracks", "exact"]
    payload = _payload(p, ill, section=name, full=full, bailiff_step=step, ends=ends, rows=rows)
    return Result(_title(f"the {name} scoring preview (exact)", ill),
                  {"section": pd.DataFrame(rows).set_index("colour")}, payload, notes, exact={"section": True})
