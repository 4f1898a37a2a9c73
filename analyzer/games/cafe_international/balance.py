"""Café International's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec
question 5).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 4), `policies`
(greedy, random; one per turn-order rank), `seating` (fixed, rotate) and any rule of `rules.SETTINGS` (among them
`birthday_table`, `coffee_party`, `layout`, `bar_values`, `turn_cap`: turns of all players together after which a
game stops, counted apart as `capped`).

"Seat" in every balance table is the turn-order rank: seat 0 is the random start player (play.py).  Scores are
points after the end penalties.  The default layout and bar values are ILLUSTRATIVE (the seed lacks the pictures).
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.play import WHOLE, RuleSet
from analyzer.games.cafe_international.policies import parse_policies


def _illustrative(configs: dict) -> list[str]:
    data = sorted({name for c in configs.values() for name in c.rules.settings.illustrative})
    return [f"ILLUSTRATIVE: {' and '.join(data)} at the spec's illustrative default (the seed lacks the printed "
            "board); the figures describe that board"] if data else []


HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is TURN-ORDER RANK k: seat 0 is the random start player, then clockwise; policies are "
    "seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = points at the end, after the penalties (-5 a tile, -10 a joker left in hand); lengths: turns in all "
    "and rounds; `capped` the share of games stopped by the turn cap; how each game ended",
    "actions: per seat, one- and two-guest placements, coffee parties, joker swaps, bar moves, single-nationality "
    "completions, passes and dropouts"),
    "Seat k in every table and plot is turn-order rank k: seat 0 is the random start player, seat 1 moves next "
    "clockwise, and so on.  The policies are seated by rank.  Game j of every rule set meets the same start "
    "player, bag draws and random choices (common random numbers).", _illustrative,
    check=g.settings_vector)


def report_notes(configs: dict) -> list[str]:
    return ["greedy is the spec's question-5 player (the best immediate score), not search; random moves "
            "uniformly: the figures measure the rules under these models", *_illustrative(configs),
            engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(WHOLE, HOOKS, parse_policies, report_notes=report_notes, money_name="points",
                               money_range=(-60, 200), title="seat and rule-reading balance")
