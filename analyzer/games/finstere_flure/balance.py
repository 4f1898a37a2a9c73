"""Finstere Flure's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec
question 4).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 7), `policies`
(greedy, random; one per turn-order rank), `seating` (fixed, rotate), any rule of `rules.SETTINGS` and `board`
(the printed board, `analyzer board finstere_flure --template`; omitted: the illustrative 16 x 11 default).

"Seat" in every balance table is the turn-order rank: seat 0 is round 1's start player (play.py).  Scores are
figures out.  Every game on the illustrative default board is marked illustrative.
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.play import WHOLE, RuleSet
from analyzer.games.finstere_flure.policies import parse_policies


def parse_rules(block) -> RuleSet:
    block = dict(sc.mapping(block, "rules"))
    board = r.parse_board(block["board"], "rules.board") if "board" in block else r.DEFAULT_BOARD
    return RuleSet(r.parse_settings(block, "rules"), board)


def illustrative(configs: dict) -> str:
    return "illustrative" if any(c.rules.illustrative for c in configs.values()) else ""


def board_note(configs: dict) -> list[str]:
    return ["board: the spec's illustrative 16 x 11 default (pools per the seed, the 11 stones drawn once; the "
            "printed board is missing): ILLUSTRATIVE"] if illustrative(configs) else []


def rule_table(configs: dict):
    """The rule sets side by side: table, policies, and every setting any of them changes (the board by name)."""
    return summary.rule_table(configs, lambda c: {"board": "illustrative default" if c.rules.illustrative
                                                   else f"{c.rules.board.width} x {c.rules.board.height} given"})


HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is TURN-ORDER RANK k: seat 0 is round 1's start player (drawn at random), then "
    "clockwise; the start player passes on every round; policies are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = figures out through the exit at the end; lengths: rounds; `capped` the share of games stopped by "
    "turn_cap; how each game ended; the share that reached stage 2",
    "actions: per seat, figures out and figures lost to the monster (stage-1 losses re-enter)"),
    "Seat k in every table and plot is turn-order rank k: seat 0 is round 1's start player (drawn at random each "
    "game), seat 1 moves next clockwise, and so on; the start player passes on every round.  The policies are "
    "seated by rank.  Game j of every rule set meets the same start player, monster-card draws and random choices "
    "(common random numbers).", board_note, frozenset(r.SETTINGS) | {"board"})


def report_notes(configs: dict) -> list[str]:
    return ["greedy is the spec's safest-square player (question 2: fewest catching cards this round, then fewest "
            "steps to the exit), not search; random moves uniformly: the figures measure the rules under these "
            "models",
            "the default board is the spec's illustrative 16 x 11 layout: ILLUSTRATIVE", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, parse_rules=parse_rules, rule_table=rule_table, report_notes=report_notes,
    illustrative=illustrative, money_name="figures out", money_range=(0, 4), default_games=2_000,
    title="seat and house-rule balance")
