"""Goa's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec question 5), on
ILLUSTRATIVE board data (the development numbers, the expedition deck mix and the tile lists the seed lacks).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 4), `policies`
(greedy, random; one per turn-order rank), `seating` (fixed, rotate) and any rule of `rules.SETTINGS`
(`advanced_start`, `expedition_limit`, ...; `turn_cap`: actions per game after which it stops, counted apart as
`capped`).

"Seat" in every balance table is the turn-order rank: seat 0 is the start player (the first tiger of the search:
the flag and 7 ducats), the others 10.  Scores are points.
"""
from __future__ import annotations

from analyzer.core import engine, sources
from analyzer.games.goa import game as g
from analyzer.games.goa import rules as r
from analyzer.games.goa.play import WHOLE, RuleSet
from analyzer.games.goa.policies import parse_policies


def printed(configs: dict) -> list[str]:
    return sources.labels(p for c in configs.values() for p in c.rules.settings.printed)


def illustrative(configs: dict) -> str:
    return "illustrative board data" if any(c.rules.settings.illustrative for c in configs.values()) else ""


HOOKS = engine.SettingsRules(r, RuleSet, (
    "ILLUSTRATIVE: whole games run on the spec's illustrative development board, expedition deck and phase B tile "
    "list (the seed lacks them); the figures describe that board, not the printed game",
    "seat k in these tables is TURN-ORDER RANK k: seat 0 is the start player (the first to flip a tiger: the flag "
    "and 7 ducats; everyone else 10), then clockwise; policies are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = points at the end (development rows, colonies, symbol sets, most ducats, 1-plantations, duty, "
    "missions); lengths: actions in the whole game and `capped` (stopped by turn_cap)",
    "actions: per seat, advances, ships built, harvests, taxes, expeditions, colonies founded and failed, extra "
    "actions played, tiles and the flag bought"),
    "Seat k in every table and plot is turn-order rank k: seat 0 is the start player, the first to flip a tiger in "
    "the set-up's search, who takes the flag and 7 ducats; every other seat starts with 10.  The policies are "
    "seated by rank.  Game j of every rule set meets the same expedition deck, tile layouts and random choices "
    "(common random numbers).  All games run on the spec's ILLUSTRATIVE board data.", check=g.settings_vector)


def report_notes(configs: dict) -> list[str]:
    return ["greedy is a fixed-priority player (colony at P(success) >= 1/2, the cheapest advance, ships and "
            "harvests for it, taxes, expeditions; bids a fixed value per tile), not search; random acts uniformly: "
            "the figures measure the rules under these models",
            "ILLUSTRATIVE board data throughout: the development numbers, the expedition deck mix and the tile lists "
            "are the spec's stand-ins", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, report_notes=report_notes, illustrative=illustrative, printed=printed,
    money_name="points", money_range=(0, 150), title="seat and rule-reading balance (illustrative board data)")
