"""Emerald's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec question 5).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 5), `policies`
(greedy, random; one per turn-order rank), `seating` (fixed, rotate) and any rule of `rules.SETTINGS`
(`turn_cap`: own turns per player after which a game stops, counted apart as `capped`; its credit goes by the
usual points / treasure / gems order).

"Seat" in every balance table is the turn-order rank: seat 0 is the start player (play.py).  Scores are points.
Every game on the illustrative knight_value default (the greedy players' price of a lost knight, and the bribe
threshold) is marked illustrative.
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.play import WHOLE, RuleSet
from analyzer.games.emerald.policies import parse_policies


def illustrative(configs: dict) -> str:
    return "illustrative" if any(c.rules.illustrative for c in configs.values()) else ""


def knight_value_note(configs: dict) -> list[str]:
    return ["knight_value is the spec's illustrative default 5 (the bribe threshold and greedy's price of a lost "
            "knight): ILLUSTRATIVE"] if illustrative(configs) else []


HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is TURN-ORDER RANK k: seat 0 is the start player (drawn at random), then clockwise; "
    "policies are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = points at the end (gold, treasure 5, gem 1, bonus cards 4); lengths: turns in all and rounds; "
    "`capped` the share of games stopped by the turn cap; how each game ended",
    "actions: per seat, the share of its cards taken (gem, gold, treasure), dragon wake-ups, bribes paid and "
    "knights lost to the nest"),
    "Seat k in every table and plot is turn-order rank k: seat 0 is the start player (drawn at random each game), "
    "seat 1 moves next clockwise, and so on.  The policies are seated by rank.  Game j of every rule set meets the "
    "same start player, deal, die rolls and random choices (common random numbers).", knight_value_note)


def report_notes(configs: dict) -> list[str]:
    return ["greedy is the spec's one-ply EV player (question 2), not search; random moves uniformly: the figures "
            "measure the rules under these models",
            "knight_value 5 is the spec's illustrative default: ILLUSTRATIVE", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, report_notes=report_notes, illustrative=illustrative, money_name="points",
    money_range=(0, 80), title="seat and house-rule balance")
