"""Samarkand's hooks for core's balance runner: `analyzer balance` and `analyzer report` on Samarkand.

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 5), `policies`
(random, greedy, route-planner with `plan_weight`), `seating` (fixed, rotate) and any rule: every §10 setting
of `rules.SETTINGS` (`turn_cap` is the turn cap: games that reach it are stopped, scored as they stand and
counted apart, `capped`), and `board` (as in a position scenario).  Scores are VP.  Every game on the
illustrative board (the default) says so.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core import engine
from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen.play import WHOLE, GameConfig, RuleSet
from analyzer.games.samarkand_queen.policies import parse_policies

RULE_KEYS = frozenset({"board", *r.SETTINGS})


def parse_rules(block) -> RuleSet:
    block = dict(sc.mapping(block, "rules"))
    board = r.parse_board(block.pop("board"), "rules.board") if "board" in block else r.DEFAULT_BOARD
    settings = r.parse_settings(block, "rules")
    return RuleSet(board, settings)


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    g.settings_vector(rules.settings, players)  # a seat handicap that does not fit the table fails here, not in play
    return GameConfig(rules, players, tuple(policies), seating, bd=g.board_vector(rules.board))


def rule_lines(c: GameConfig) -> list[str]:
    return [c.rules.board.label()] + c.rules.settings.labels()


HOOKS = engine.SettingsRules(r, RuleSet, (
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "lengths: turns in all; `capped` the share of games stopped by the turn cap (turn_cap), `five "
    "relationships end` the share ended by a family's 5th relationship (else every family had one); "
    "reshuffles of the discards, marriages and sales per game; `VP from ... (all seats)` the VP the "
    "whole table scored from each source (cards in hand, goods markers, relationship markers, Dirham)",
    "actions: per seat, marriages, one- and two-camel extensions, passes, and for cards whose space was "
    "reached first while in the seat's hand, sold or kept"), labels=rule_lines, models_note=engine.BOARD_MODELS_NOTE)


def rule_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, board, and every §10 setting any of them changes."""
    def own(c: GameConfig) -> dict:
        b = c.rules.board
        return {"board": b.name + (" (illustrative)" if b.illustrative else ""),
                "dowries": ", ".join(f"{f} {d}" for f, d in zip(b.families, b.dowry)),
                "hand limit": c.rules.settings.limit(c.players)}
    return summary.rule_table(configs, own)


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy values actions by the immediate score change only (spec §9), not by search; route-planner adds "
            "a distance term; both are cheap heuristics",
            "every figure is on the ILLUSTRATIVE board (spec §7's invented map and dowries) unless the scenario "
            "supplies the printed one", "the numbers describe these player models at this table, not human play"]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, parse_rules=parse_rules, make_config=make_config, rule_table=rule_table,
    setup=None, report_notes=report_notes, illustrative=engine.illustrative_board, rule_keys=RULE_KEYS,
    money_name="VP", money_range=(0, 200), default_games=2_000, title="seat, player-count and rule balance")
