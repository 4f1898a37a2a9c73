"""The questions Paris Paris answers at the table (spec "What the analyzer is asked", 1-4): `(position, run
settings) -> Result`, from my view.  All exact (exact.py, Fractions; the JSON keeps each value as a float and
`<key>_exact` "p/q"): `odds` (2: each stop in the next column, >= 1 and >= 2 times), `ask leftover` (1: P(stop S
is the leftover) for each pick of mine, with this round's expected tour points), `ask big_tour` (3: a big tour of
each colour next round), `ask bonus` (4: the opponents' bonus markers).  The EV of a shop by Monte Carlo is not
built.
"""
from __future__ import annotations

from functools import partial

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result, named_payload, named_title
from analyzer.games.paris_paris import exact
from analyzer.games.paris_paris import rules as r
from analyzer.games.paris_paris.state import Position, tile_text

fs, both = stats.fraction_text, stats.with_exact
MAP_NOTE = ("ILLUSTRATIVE map: 5 lines of 7 stops, every two lines crossing once (no source gives the printed map): "
            "give the real one as rules.map {lines: {colour: [stops in order]}}")
EPSILON_NOTE = ("ILLUSTRATIVE likelihood: a shop off an opponent's bonus line weighs bonus_epsilon = 1/3 against 1 "
                "on it: set rules.bonus_epsilon")
WEIGHTS_NOTE = ("ILLUSTRATIVE pick weights (opponent_pick weighted): a crossing's tiles 2, another stop's 1: give "
                "position.pick_weights")
NOTES = {"map": MAP_NOTE, "bonus_epsilon": EPSILON_NOTE, "pick_weights": WEIGHTS_NOTE}


def _ill(p: Position, uses: tuple) -> tuple:
    return tuple(name for name in p.illustrative if name in uses)


_payload = named_payload
_title = partial(named_title, "Paris Paris")


def _notes(p: Position, ill: tuple, *lines) -> list[str]:
    return [*(NOTES[name] for name in ill), *p.settings.labels(), *lines, "exact"]


def _stops(p: Position, stops) -> list:
    return [p.stop] if p.stop is not None else sorted(stops)


def _need_unseen(p: Position) -> dict:
    if not p.unseen:
        raise ScenarioError("position.unseen_tiles", "no unseen tile: give at least one")
    return dict(p.unseen)


# ------------------------------------------------------------------------------------------------
# spec question 2: odds (the next column)

def odds(p: Position, settings) -> Result:
    unseen = _need_unseen(p)
    size = min(r.column_size(p.players), sum(unseen.values()))
    chances = exact.appearance(unseen, size)
    counts = exact.by_stop(unseen)
    rows, out = [], {}
    for stop in _stops(p, chances):
        one, two = chances.get(stop, (0, 0))
        rows.append({"stop": stop, "unseen tiles": counts.get(stop, 0), "P(appears)": float(one),
                     "exact": fs(one), "P(>= 2 times)": float(two), "exact >= 2": fs(two)})
        out[stop] = {"tiles": counts.get(stop, 0), **both("p", one), **both("p2", two)}
    ill = _ill(p, ("map",)) if p.settings.tile_colour == "adjacency_line" else ()
    notes = _notes(p, ill, f"{p.players} players: the next column is {size} tiles from the {sum(unseen.values())} "
                           "unseen (face down, every used tile was seen face up)", "hypergeometric by stop")
    payload = _payload(p, ill, column_size=size, unseen=sum(unseen.values()), stops=out)
    return Result(_title("P(each stop appears in the next column) (exact)", ill),
                  {"next column": pd.DataFrame(rows).set_index("stop")}, payload, notes, exact={"next column": True})


# ------------------------------------------------------------------------------------------------
# spec question 1: ask leftover

def leftover(p: Position, settings) -> Result:
    if not p.column:
        raise ScenarioError("position.column", "the column laid this round (players + 1 tiles)")
    ill = _ill(p, ("map", "pick_weights"))
    rows, picks = [], []
    stops = _stops(p, {t[0] for t in p.left})
    for pick in dict.fromkeys(p.left):
        dist = exact.leftover_by_stop(p, pick)
        points, tour = exact.round_points(p, pick)
        row = {"my pick": tile_text(pick), **{f"P({s})": float(dist.get(s, 0)) for s in stops},
               "P(big tour)": float(tour), f"E[{p.me} points]": float(points[p.me])}
        rows.append(row)
        picks.append({"pick": tile_text(pick), "leftover": {s: {**both("p", dist.get(s, 0))} for s in stops},
                      **both("p_big_tour", tour),
                      "points": {o: both("e", n) for o, n in points.items()}})
    policy = ("each later picker takes a tile uniformly at random (the survivor is uniform)"
              if p.settings.opponent_pick == "uniform" else
              "each later picker takes a tile with probability proportional to its stop's pick weight")
    notes = _notes(p, ill, f"column: {', '.join(tile_text(t) for t in p.column)}; picked before me: "
                           f"{', '.join(tile_text(t) for t in p.picked) or 'none'}; {p.later_pickers} pick after me",
                   policy, "points: this round's small tour on the leftover plus the big tour it starts "
                           f"(discard slots: {', '.join(p.discard_slots) or 'empty'}), every picker's shop opened")
    payload = _payload(p, ill, column=[tile_text(t) for t in p.column], picked=[tile_text(t) for t in p.picked],
                       later_pickers=p.later_pickers, policy=p.settings.opponent_pick, picks=picks)
    return Result(_title("P(each stop is the leftover tile) for each pick of mine (exact)", ill),
                  {"leftover": pd.DataFrame(rows).set_index("my pick")}, payload, notes, exact={"leftover": True})


# ------------------------------------------------------------------------------------------------
# spec question 3: ask big_tour

def big_tour(p: Position, settings) -> Result:
    if p.settings.opponent_pick != "uniform":
        raise ScenarioError("rules.opponent_pick", "big_tour is exact under uniform picks only; allowed: uniform")
    unseen = _need_unseen(p)
    chances = exact.big_tour_odds(unseen, p.discard_slots, p.settings.full_slots_rule)
    any_tour = sum(chances.values(), start=0)
    rows = [{"colour": c, "unseen tiles": sum(n for (_, x), n in unseen.items() if x == c), "in a slot": c in
             p.discard_slots, "P(big tour)": float(chances.get(c, 0)), "exact": fs(chances.get(c, 0))}
            for c in r.LINE_COLOURS]
    rows.append({"colour": "any", "unseen tiles": sum(unseen.values()), "in a slot": bool(p.discard_slots),
                 "P(big tour)": float(any_tour), "exact": fs(any_tour)})
    ill = _ill(p, ("map",)) if p.settings.tile_colour == "adjacency_line" else ()
    notes = _notes(p, ill, f"discard slots: {', '.join(p.discard_slots) or 'empty'}; the next leftover is a uniform "
                           f"draw from the {sum(unseen.values())} unseen tiles (uniform picks)",
                   f"full_slots_rule {p.settings.full_slots_rule}: " +
                   ("with 4 colours lying, the 5th fills the last slot and tours at once"
                    if p.settings.full_slots_rule == "fifth_tours" else "a 5th colour only fills the last slot"))
    payload = _payload(p, ill, slots=list(p.discard_slots), unseen=sum(unseen.values()),
                       colours={c: both("p", pc) for c, pc in chances.items()}, **both("p_any", any_tour))
    return Result(_title("P(a big tour of each colour next round) (exact)", ill),
                  {"big tour": pd.DataFrame(rows).set_index("colour")}, payload, notes, exact={"big tour": True})


# ------------------------------------------------------------------------------------------------
# spec question 4: ask bonus

def bonus(p: Position, settings) -> Result:
    if p.marker is None:
        raise ScenarioError("position.me.bonus_marker", "my bonus marker's colour (one of "
                                                        f"{', '.join(r.LINE_COLOURS)})")
    posterior, n = exact.bonus_posterior(p)
    ill = _ill(p, ("map", "bonus_epsilon"))
    rows = [{"opponent": o, **{c: float(x) for c, x in dist.items()}} for o, dist in posterior.items()]
    notes = _notes(p, ill, f"my marker {p.marker}" + (f", open {p.open_marker}" if p.open_marker else "") +
                   f"; {n} equally likely assignments of the unseen markers to the opponents before the shops",
                   f"likelihood: each shop 1 on its owner's bonus line, {p.settings.bonus_epsilon} off it")
    payload = _payload(p, ill, assignments=n, posterior={o: {c: both("p", x) for c, x in dist.items()}
                                                         for o, dist in posterior.items()})
    return Result(_title("the opponents' bonus markers, Bayesian posterior (exact)", ill),
                  {"bonus markers": pd.DataFrame(rows).set_index("opponent")}, payload, notes,
                  exact={"bonus markers": True})
