"""The questions Camel Up answers: leg and race odds, and the EV of every action.

EV convention: an action's EV is the change it makes to the expected coins of the player
to move, counted until the end of this leg (overall cards: until the end of the race),
against taking no action, with nobody else acting.  So a desert placement counts its
expected landings plus what it does to the leg tiles the player holds, and moving one's
own tile loses the landings it would have had where it lies.
"""
from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.tables import Plot, Result
from analyzer.games.camelup import exact, sim
from analyzer.games.camelup.state import DesertTile, Position

RANK_NAMES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
UNKNOWN_CARDS_NOTE = ("overall cards: the cards already on a pile are taken to back the same camel, "
                      "so a correct card pays the next rung of the ladder (a lower bound)")


def race_odds(position: Position, settings: runner.RunSettings) -> dict:
    """Monte Carlo race odds: win/lose counts per camel over settings.rollouts races."""
    return runner.run(partial(sim.race_counts, position), settings, label="races")


def leg_tile_ev(value: int, first: float, second: float, rules) -> float:
    return value * first + rules.leg_second_pays * second + rules.leg_other_pays * (1 - first - second)


def held_tiles_ev(position: Position, player: int, rank_probs: np.ndarray) -> np.ndarray:
    """Expected leg payout of the tiles `player` holds, per variant of rank_probs."""
    total = np.zeros(rank_probs.shape[0])
    for camel, value in position.held_leg_tiles[player] if position.held_leg_tiles else ():
        total += leg_tile_ev(value, rank_probs[:, camel, 0], rank_probs[:, camel, 1], position.rules)
    return total


def desert_options(position: Position, player: int) -> list[DesertTile]:
    """Every legal place for `player`'s desert tile: a move, if it is already down."""
    others = [t for t in position.desert if t.owner != player]
    own = [t.space for t in position.desert if t.owner == player]
    options = []
    for space in range(2, position.rules.track_length + 1):
        if space in position.stacks or space in own or any(abs(t.space - space) <= 1 for t in others):
            continue
        options += [DesertTile(space, 1, player), DesertTile(space, -1, player)]
    return options


def odds(position: Position, settings: runner.RunSettings) -> Result:
    settings = settings.with_seed()
    leg = exact.leg_exact(position)
    race = race_odds(position, settings)
    n = race["n"]
    names = position.camel_names
    camels = position.on_track
    ranks = list(RANK_NAMES[: len(camels)])
    leg_table = pd.DataFrame(leg.rank_probs[0][camels][:, : len(camels)], index=[names[c] for c in camels],
                             columns=ranks)
    leg_table.index.name = "camel"
    win_hw = stats.wilson_halfwidth(race["win"], n)
    lose_hw = stats.wilson_halfwidth(race["lose"], n)
    race_table = pd.DataFrame({
        "win": race["win"][camels] / n, "win ±95%": win_hw[camels],
        "lose": race["lose"][camels] / n, "lose ±95%": lose_hw[camels],
    }, index=leg_table.index)
    tables = {"leg": leg_table, "race": race_table}
    payload = {
        "leg": {names[c]: leg.rank_probs[0][c][: len(camels)].tolist() for c in camels},
        "race_win": {names[c]: race["win"][c] / n for c in camels},
        "race_lose": {names[c]: race["lose"][c] / n for c in camels},
        "race_win_ci95": {names[c]: win_hw[c] for c in camels},
        "race_lose_ci95": {names[c]: lose_hw[c] for c in camels},
        "leg_ends_race": leg.finish_prob[0],
        "rollouts": n, "seed": settings.seed, "exact": ["leg", "desert_landings"],
    }
    if position.desert:
        desert_table = pd.DataFrame({
            "space": [t.space for t in position.desert], "side": [t.side for t in position.desert],
            "owner": [t.owner for t in position.desert],
            "expected landings": [leg.landings[0, t.space] for t in position.desert],
        }).set_index("space")
        tables["desert"] = desert_table
        payload["desert_landings"] = {str(t.space): leg.landings[0, t.space] for t in position.desert}
    notes = [
        "leg: exact; race: Monte Carlo of the remaining legs with no desert tiles after this leg",
        f"P(the race ends this leg) = {leg.finish_prob[0]:.4f}",
        f"race: {n:,} rollouts, seed {settings.seed}, 95% Wilson intervals",
    ]
    plots = [Plot("leg_ranks", "stacked_bars", "leg", {"title": "Leg-end rank probabilities (exact)"})]
    return Result("Camel Up odds", tables, payload, notes, plots)


def ev(position: Position, settings: runner.RunSettings) -> Result:
    settings = settings.with_seed()
    rules, me, names = position.rules, position.to_move, position.camel_names
    mine_now = [t for t in position.desert if t.owner == me]
    options = desert_options(position, me)
    others = tuple(t for t in position.desert if t.owner != me)
    layouts = [position.desert] + [others + (tile,) for tile in options]
    leg = exact.leg_exact(position, layouts)
    held = held_tiles_ev(position, me, leg.rank_probs)
    base = held[0] + sum(leg.landings[0, t.space] for t in mine_now) * rules.desert_tile_pays
    probs = leg.rank_probs[0]

    rows = []
    for camel in position.on_track:
        stack = position.leg_tiles_left[camel]
        if stack:
            rows.append((f"leg-bet {names[camel]} {stack[0]}",
                         leg_tile_ev(stack[0], probs[camel, 0], probs[camel, 1], rules), None, True))
    for i, tile in enumerate(options, start=1):
        value = leg.landings[i, tile.space] * rules.desert_tile_pays + held[i] - base
        rows.append((f"desert {tile.side} {tile.space}", value, None, True))
    if position.dice_left:
        rows.append(("pyramid", float(rules.pyramid_tile_pays), None, True))

    race = race_odds(position, settings) if _has_race_cards(position, me) else None
    if race is not None:
        rows += _race_card_rows(position, me, race)

    table = pd.DataFrame(rows, columns=["action", "ev", "ci95", "exact"])
    table = table.sort_values("ev", ascending=False, kind="stable").reset_index(drop=True)
    table.index = table.index + 1
    table.index.name = "rank"
    payload = {
        "player": me,
        "actions": [{"action": a, "ev": float(e), "ci95": None if c is None or pd.isna(c) else float(c),
                     "exact": bool(x)} for a, e, c, x in table.itertuples(index=False)],
        "rollouts": race["n"] if race else 0, "seed": settings.seed,
    }
    notes = [
        f"player {me} to move; EV = change in expected coins by leg end (overall cards: race end), "
        "against no action, nobody else acting",
        "exact: leg bets, desert tiles (landings + effect on held leg tiles), pyramid tile",
    ]
    if race is not None:
        notes += [f"overall cards: Monte Carlo, {race['n']:,} races, seed {settings.seed}, 95% CI",
                  UNKNOWN_CARDS_NOTE]
    plot_table = table.assign(ci95=pd.to_numeric(table["ci95"], errors="coerce"))
    result = Result("Camel Up: expected coins of every action", {"actions": plot_table}, payload, notes)
    result.plots.append(Plot("action_ev", "bars_with_ci", "actions",
                             {"value": "ev", "ci": "ci95", "label": "action", "xlabel": "expected coins",
                              "title": f"EV of each action for player {me}"}))
    return result


def _has_race_cards(position: Position, player: int) -> bool:
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    return any(c not in placed for c in position.on_track)


def _race_card_rows(position: Position, player: int, race: dict) -> list:
    rules, names, n = position.rules, position.camel_names, race["n"]
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    rows = []
    for pile, counts, earlier in (("winner", race["win"], position.race_bets[0]),
                                  ("loser", race["lose"], position.race_bets[1])):
        pays, wrong = rules.overall_payout(earlier), rules.overall_wrong_pays
        lo, hi = stats.wilson(counts, n)
        for camel in position.on_track:
            if camel in placed:
                continue
            p = counts[camel] / n
            value = p * pays + (1 - p) * wrong
            half = (hi[camel] - lo[camel]) / 2 * (pays - wrong)
            rows.append((f"race-{pile} {names[camel]}", value, half, False))
    return rows
