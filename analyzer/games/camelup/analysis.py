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
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.tables import Plot, Result
from analyzer.games.camelup import exact, sim
from analyzer.games.camelup.exact_ev import exact_actions
from analyzer.games.camelup.state import Position

RANK_NAMES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
UNKNOWN_CARDS_NOTE = ("overall cards: the cards already on a pile are taken to back the same camel, "
                      "so a correct card pays the next rung of the ladder (a lower bound)")


def rules_label(rules) -> str:
    label = f"{rules.edition} edition"
    if rules.supercup:
        label += " + Supercup " + ", ".join(rules.supercup)
    if rules.boost_dice:
        label += f" (boost dice faces {list(rules.boost_faces)}: unverified setting)"
    return label


def race_odds(position: Position, settings: runner.RunSettings, halfwidths=None) -> runner.RunResult:
    """Monte Carlo race odds: win/lose counts per camel over settings.rollouts races.

    `halfwidths(race) -> array`: the 95% half-widths of every estimate the caller reports (for --precision)."""
    return runner.run(partial(sim.race_counts, position), settings, label="races", halfwidths=halfwidths)


def race_halfwidths(position: Position, race: dict) -> np.ndarray:
    """The Wilson half-widths `odds` reports: win and lose, every racing camel on the track."""
    camels = position.racing_on_track
    return np.concatenate([stats.wilson_halfwidth(race["win"], race["n"])[camels],
                           stats.wilson_halfwidth(race["lose"], race["n"])[camels]])


def odds(position: Position, settings: runner.RunSettings) -> Result:
    leg = exact.leg_exact(position)
    race = race_odds(position, settings, partial(race_halfwidths, position))
    n = race["n"]
    names = position.camel_names
    camels = position.racing_on_track
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
        "rules": rules_label(position.rules),
        "leg": {names[c]: leg.rank_probs[0][c][: len(camels)].tolist() for c in camels},
        "race_win": {names[c]: race["win"][c] / n for c in camels},
        "race_lose": {names[c]: race["lose"][c] / n for c in camels},
        "race_win_ci95": {names[c]: win_hw[c] for c in camels},
        "race_lose_ci95": {names[c]: lose_hw[c] for c in camels},
        "leg_ends_race": leg.finish_prob[0],
        "rollouts": n, "seed": race.seed, "exact": ["leg", "desert_landings"],
    }
    rules = position.rules
    if position.desert:
        desert_table = pd.DataFrame({
            "space": [t.space for t in position.desert], "side": [t.side(rules) for t in position.desert],
            "owner": [t.owner for t in position.desert],
            "expected landings": [leg.landings[0, t.space] for t in position.desert],
        }).set_index("space")
        tables[rules.tile_name] = desert_table
        payload["desert_landings"] = {str(t.space): leg.landings[0, t.space] for t in position.desert}
    if position.photographer:
        payload["camera_coins"] = leg.photo_coins[0]
    notes = [
        f"rules: {rules_label(rules)}",
        "leg: exact; race: Monte Carlo of the remaining legs with no player tiles after this leg",
        f"P(the race ends this leg) = {leg.finish_prob[0]:.4f}",
        f"race: {n:,} rollouts, seed {race.seed}, 95% Wilson intervals",
    ]
    if position.photographer:
        notes.append(f"camera on space {position.photographer[0]}: expected coins this leg "
                     f"{leg.photo_coins[0]:.4f} (exact)")
    plots = [Plot("leg_ranks", "stacked_bars", "leg", {"title": "Leg-end rank probabilities (exact)"})]
    exact_tables = {name: name != "race" for name in tables}
    return runner.annotate(Result("Camel Up odds", tables, payload, notes, plots, exact_tables), race)


def ev(position: Position, settings: runner.RunSettings) -> Result:
    me = position.to_move
    rows = [(name, value, None, True) for name, value in exact_actions(position, me)]
    card_halfwidths = lambda race: [row[2] for row in _race_card_rows(position, me, race)]  # noqa: E731
    race = race_odds(position, settings, card_halfwidths) if _has_race_cards(position, me) else None
    if race is not None:
        rows += _race_card_rows(position, me, race)

    table = pd.DataFrame(rows, columns=["action", "ev", "ci95", "exact"])
    table = table.sort_values("ev", ascending=False, kind="stable").reset_index(drop=True)
    table.index = table.index + 1
    table.index.name = "rank"
    payload = {
        "player": me,
        "rules": rules_label(position.rules),
        "actions": [{"action": a, "ev": float(e), "ci95": None if c is None or pd.isna(c) else float(c),
                     "exact": bool(x)} for a, e, c, x in table.itertuples(index=False)],
        "rollouts": race["n"] if race else 0, "seed": race.seed if race else settings.seed,
    }
    notes = [
        f"rules: {rules_label(position.rules)}",
        f"player {me} to move; EV = change in expected coins by leg end (overall cards: race end), "
        "against no action, nobody else acting",
        "exact: every leg action (tiles placed or moved count their landings and their effect on the leg tiles held)",
    ]
    if race is not None:
        notes += [f"overall cards: Monte Carlo, {race['n']:,} races, seed {race.seed}, 95% CI",
                  UNKNOWN_CARDS_NOTE]
    plot_table = table.assign(ci95=pd.to_numeric(table["ci95"], errors="coerce"))
    result = Result("Camel Up: expected coins of every action", {"actions": plot_table}, payload, notes,
                    exact={"actions": "exact"})
    result.plots.append(Plot("action_ev", "bars_with_ci", "actions",
                             {"value": "ev", "ci": "ci95", "label": "action", "xlabel": "expected coins",
                              "title": f"EV of each action for player {me}"}))
    return runner.annotate(result, race)


def _has_race_cards(position: Position, player: int) -> bool:
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    return any(c not in placed for c in position.racing_on_track)


def _race_card_rows(position: Position, player: int, race: dict) -> list:
    rules, names, n = position.rules, position.camel_names, race["n"]
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    rows = []
    for pile, counts, earlier in (("winner", race["win"], position.race_bets[0]),
                                  ("loser", race["lose"], position.race_bets[1])):
        pays, wrong = rules.overall_payout(earlier), rules.overall_wrong_pays
        lo, hi = stats.wilson(counts, n)
        for camel in position.racing_on_track:
            if camel in placed:
                continue
            p = counts[camel] / n
            value = p * pays + (1 - p) * wrong
            half = (hi[camel] - lo[camel]) / 2 * (pays - wrong)
            rows.append((f"race-{pile} {names[camel]}", value, half, False))
    return rows
