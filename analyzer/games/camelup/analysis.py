"""The questions Camel Up answers: leg and race odds, and the EV of every action.

EV convention: an action's EV is the change it makes to the expected coins of the player
to move, counted until the end of this leg (overall cards: until the end of the race),
against taking no action, with nobody else acting.  So a desert placement counts its
expected landings plus what it does to the leg tiles the player holds, and moving one's
own tile loses the landings it would have had where it lies.  `exact_ev.py` prices the leg
actions exactly; overall cards come from race rollouts.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from analyzer.core import runner, stats
from analyzer.core.flat import Flat
from analyzer.core.game import Plot, Result
from analyzer.games.camelup import exact
from analyzer.games.camelup.answers import action_rows
from analyzer.games.camelup.race import (FLOOR_NOTE, UNKNOWN_CARDS_NOTE, is_exact, race_halfwidths, race_odds,
                                         rules_label)
from analyzer.games.camelup.state import Position

RANK_NAMES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def odds(position: Position, settings: runner.RunSettings) -> Result:
    leg = exact.leg_exact(position)
    race = race_odds(position, settings, partial(race_halfwidths, position))
    n = race["n"]
    names = position.camel_names
    camels = position.racing_on_track
    ranks = list(RANK_NAMES[: len(camels)])
    # the tables as plain lists (core.flat): a one-shot answer at the terminal never imports pandas
    probs = leg.rank_probs[0][camels][:, : len(camels)]
    index = [names[c] for c in camels]
    leg_table = Flat.of({rank: probs[:, r].tolist() for r, rank in enumerate(ranks)}, index, "camel")
    exact_race = is_exact(race)
    zero = np.zeros(len(names))
    win_hw = zero if exact_race else stats.wilson_halfwidth(race["win"], n)
    lose_hw = zero if exact_race else stats.wilson_halfwidth(race["lose"], n)
    race_table = Flat.of({key: values.tolist() for key, values in (
        {"win": race["win"][camels] / n, "lose": race["lose"][camels] / n} if exact_race else {
            "win": race["win"][camels] / n, "win ±95%": win_hw[camels],
            "lose": race["lose"][camels] / n, "lose ±95%": lose_hw[camels]}).items()}, index, "camel")
    tables = {"leg": leg_table, "race": race_table}
    payload = {
        "rules": rules_label(position.rules),
        "leg": {names[c]: leg.rank_probs[0][c][: len(camels)].tolist() for c in camels},
        "race_win": {names[c]: race["win"][c] / n for c in camels},
        "race_lose": {names[c]: race["lose"][c] / n for c in camels},
        "race_win_ci95": {names[c]: None if exact_race else win_hw[c] for c in camels},
        "race_lose_ci95": {names[c]: None if exact_race else lose_hw[c] for c in camels},
        **_intervals(race, names, camels),
        "race_exact": exact_race,
        "leg_ends_race": leg.finish_prob[0],
        "rollouts": 0 if exact_race else n, "seed": race.seed,
        "exact": ["leg", "desert_landings"] + (["race"] if exact_race else []),
    }
    rules = position.rules
    if position.desert:
        desert_table = Flat.of({
            "side": [t.side(rules) for t in position.desert], "owner": [t.owner for t in position.desert],
            "expected landings": [float(leg.landings[0, t.space]) for t in position.desert],
        }, [t.space for t in position.desert], "space")
        tables[rules.tile_name] = desert_table
        payload["desert_landings"] = {str(t.space): leg.landings[0, t.space] for t in position.desert}
    if position.photographer:
        payload["camera_coins"] = leg.photo_coins[0]
    notes = [
        f"rules: {rules_label(rules)}",
        "leg: exact; race: " + ("exact, by backward induction over every leg-start position" if exact_race else
                                "Monte Carlo of the remaining legs") + ", with no player tiles after this leg",
        f"P(the race ends this leg) = {leg.finish_prob[0]:.4f}",
        "race: exact" if exact_race else f"race: {n:,} rollouts, seed {race.seed}, 95% Wilson intervals",
    ]
    if position.photographer:
        notes.append(f"camera on space {position.photographer[0]}: expected coins this leg "
                     f"{leg.photo_coins[0]:.4f} (exact)")
    plots = [Plot("leg_ranks", "stacked_bars", "leg", {"title": "Leg-end rank probabilities (exact)"}),
             Plot("race_odds", "race_odds", "race",
                  {"title": "Race odds (exact)" if exact_race else f"Race odds (Monte Carlo, {n:,} races, 95% CI)"})]
    exact_tables = {name: name != "race" or exact_race for name in tables}
    return runner.annotate(Result("Camel Up odds", tables, payload, notes, plots, exact_tables), race)


def ev(position: Position, settings: runner.RunSettings) -> Result:
    me = position.to_move
    rows, race = action_rows(position, settings)
    table = Flat.of({"action": [row["action"] for row in rows], "ev": [float(row["ev"]) for row in rows],
                     "ci95": [_num(row["ci95"]) for row in rows], "exact": [bool(row["exact"]) for row in rows]},
                    list(range(1, len(rows) + 1)), "rank", kinds={"ci95": "f"})
    payload = {
        "player": me,
        "rules": rules_label(position.rules),
        "actions": [{"action": r["action"], "ev": float(r["ev"]), "ci95": _num(r["ci95"]), "exact": r["exact"],
                     "ci_low": _num(r["ci_low"]), "ci_high": _num(r["ci_high"])} for r in rows],
        "rollouts": race["n"] if race and not is_exact(race) else 0,
        "seed": race.seed if race else settings.seed, "race_exact": bool(race is not None and is_exact(race)),
    }
    notes = [
        f"rules: {rules_label(position.rules)}",
        f"player {me} to move; EV = change in expected coins by leg end (overall cards: race end), "
        "against no action, nobody else acting",
        "exact: every leg action (tiles placed or moved count their landings and their effect on the leg tiles held)",
    ]
    if race is not None:
        notes += ["overall cards: exact race odds" if is_exact(race) else
                  f"overall cards: Monte Carlo, {race['n']:,} races, seed {race.seed}, 95% CI", UNKNOWN_CARDS_NOTE]
        if position.rules.money_floor is not None:
            notes.append(FLOOR_NOTE)
    result = Result("Camel Up: expected coins of every action", {"actions": table}, payload, notes,
                    exact={"actions": "exact"})
    result.plots.append(Plot("action_ev", "bars_with_ci", "actions",
                             {"value": "ev", "ci": "ci95", "label": "action", "xlabel": "expected coins",
                              "title": f"EV of each action for player {me}"}))
    return runner.annotate(result, race)


def _num(value):
    return None if value is None else float(value)


def _intervals(race, names, camels) -> dict:
    """The race odds' 95% Wilson intervals as bounds (they are not centred on the estimate)."""
    out = {}
    for key in ("win", "lose"):
        if is_exact(race):
            out[f"race_{key}_ci_low"] = out[f"race_{key}_ci_high"] = {names[c]: None for c in camels}
            continue
        lo, hi = stats.wilson(race[key], race["n"])
        out[f"race_{key}_ci_low"] = {names[c]: float(lo[c]) for c in camels}
        out[f"race_{key}_ci_high"] = {names[c]: float(hi[c]) for c in camels}
    return out
