"""The EV of every action as plain rows (numpy only, no pandas): what `analysis.ev` tabulates and the
table session prints.  Leg actions are exact (`exact_ev.py`); overall cards come from the race odds."""
from __future__ import annotations

from analyzer.core import runner
from analyzer.games.camelup.exact_ev import exact_actions
from analyzer.games.camelup.race import has_race_cards, race_card_rows, race_odds
from analyzer.games.camelup.state import Position


def action_rows(position: Position, settings: runner.RunSettings, player: int | None = None):
    """(rows best first, the race run or None): a row is {action, ev, ci95, exact, ci_low, ci_high}."""
    me = position.to_move if player is None else player
    rows = [{"action": name, "ev": float(value), "ci95": None, "exact": True, "ci_low": None, "ci_high": None}
            for name, value in exact_actions(position, me)]
    race = None
    if has_race_cards(position, me):
        race = race_odds(position, settings, lambda r: [row["ci95"] for row in race_card_rows(position, me, r)])
        rows += race_card_rows(position, me, race)
    rows.sort(key=lambda row: -row["ev"])  # stable: ties keep the engine's order
    return rows, race
