"""Alhambra's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec question 5).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (3 to 6), `policies`
(greedy, random, search[:N[:BASE]]; one per turn-order rank), `seating` (fixed, rotate) and any rule of
`rules.SETTINGS` (`turn_cap`: own turns per player after which a game stops, counted apart as `capped`).

"Seat" in every balance table is the turn-order rank: seat 0 is the start player, chosen by the fewest-cards rule
(play.py).  Scores are points.  The tile list and points table are BGA's printed data (the spec's source).
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.play import WHOLE, RuleSet
from analyzer.games.alhambra.policies import parse_policies

HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is TURN-ORDER RANK k: seat 0 is the start player (dealt the fewest start cards, then "
    "the lowest total, then start_tie), then clockwise; policies are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "hands_open changes no full game: neither policy looks at the other hands",
    "money = points at the end (three scorings: majorities by kind and the longest outer wall); lengths: turns in "
    "all and rounds; `capped` the share of games stopped by the turn cap; how each game ended",
    "actions: per seat, money takes, exact and overpaying buys, tiles placed, tiles to the reserve and leftover "
    "market tiles received at the end"),
    "Seat k in every table and plot is turn-order rank k: seat 0 is the start player (the one dealt the fewest "
    "start cards, ties the lower total, then start_tie), seat 1 moves next clockwise, and so on.  The policies are "
    "seated by rank.  Game j of every rule set meets the same money deck, scoring card places, tile stack and "
    "random choices (common random numbers).", check=g.settings_vector)


def report_notes(configs: dict) -> list[str]:
    return ["greedy is the spec's question-5 player (exact payments by points per cost, else the money for the most "
            "exact payments; walls when placing), not search; random acts uniformly: the figures measure the rules "
            "under these models", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(WHOLE, HOOKS, parse_policies, report_notes=report_notes, money_name="points",
                               money_range=(0, 200), title="seat and rule-reading balance")
