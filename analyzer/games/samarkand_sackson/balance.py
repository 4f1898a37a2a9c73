"""Samarkand (Sackson)'s hooks for core's balance runner: `analyzer balance` and `analyzer report` on it.

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 5), `policies`
(random, greedy, collector with `roll_gain` / `sell_at`), `seating` (fixed, rotate), `start` (where the
figures start: `random` = a uniform space per seat, or one space id per seat, `random` allowed per seat) and
any rule: every §10 setting of `rules.SETTINGS` (`turn_cap` is the turn cap: games that reach it are stopped,
credited to the richest and counted apart, `capped`), `board` and `prices` (as in a position scenario).
Scores are piasters.  Every game on the illustrative board (the default) says so.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core import engine
from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.play import WHOLE, GameConfig, RuleSet
from analyzer.games.samarkand_sackson.policies import parse_policies

RULE_KEYS = frozenset({"board", "prices", *r.SETTINGS})
VARIANT_KEYS = frozenset({"start"})


def parse_rules(block) -> RuleSet:
    block = dict(sc.mapping(block, "rules"))
    board = r.parse_board(block.pop("board", None), "rules.board", block.pop("prices", None))
    settings = r.parse_settings(block, "rules")
    return RuleSet(board, settings)


def parse_start(value, field: str, players: int, board) -> tuple | None:
    """`random` (or absent): every seat on a uniform space; else one space id (or `random`) per seat."""
    if value is None or value == "random":
        return None
    items = sc.sequence(value, field)
    if len(items) != players:
        raise ScenarioError(field, f"one start space per seat ({players}) or `random`; got {len(items)}")
    return tuple(-1 if x == "random" else board.space(x, f"{field}[{i}]") for i, x in enumerate(items))


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    board = rules.board if rules.board is not None else r.DEFAULT_BOARD
    starts = parse_start(block.get("start"), f"{field}.start", players, board)
    g.settings_vector(rules.settings, players)  # a seat handicap that does not fit the table fails here, not in play
    return GameConfig(rules, players, tuple(policies), seating, bd=g.board_vector(rules.board), starts=starts)


def _start_text(c: GameConfig) -> str:
    if c.starts is None:
        return "random (a uniform space per seat)"
    b = c.rules.board if c.rules.board is not None else r.DEFAULT_BOARD
    return ", ".join("random" if x < 0 else b.space_ids[x] for x in c.starts)


def rule_lines(c: GameConfig) -> list[str]:
    board = r.DEFAULT_BOARD if c.rules.board is None else c.rules.board
    return [board.label()] + c.rules.settings.labels()


HOOKS = engine.SettingsRules(r, RuleSet, (
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "lengths: turns in all; `capped` the share of games stopped by the turn cap (turn_cap, credited to the "
    "richest), `won at 500` the share a sale to 500 ended, `last player standing` the share where every "
    "other player went broke (eliminate_broke); the bag's emptyings per game; sale income by market kind "
    "and the fines paid, all seats together; `winner started on a camp|oasis|city` the share of the win "
    "credit going to seats that started on that kind of space, `seat 0 started on a ...` how often seat 0 "
    "did (with random starts, compare the two for the start placement's effect)",
    "actions: per seat, the share of its turns with each move or act (free step, extra move, die; gift "
    "bought, trade, full camp, oasis 1 / 4 / penalty, sale, fine)"), labels=rule_lines,
    models_note=engine.BOARD_MODELS_NOTE)


def rule_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, start, board, and every §10 setting any of them changes."""
    def own(c: GameConfig) -> dict:
        b = c.rules.board if c.rules.board is not None else r.DEFAULT_BOARD
        return {"start spaces": _start_text(c), "board": b.name + (" (illustrative)" if b.illustrative else "")}
    return summary.rule_table(configs, own)


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy maximises the exact one-turn EV of W (spec §9.2) and collector follows a fixed plan (§9); both "
            "are cheap heuristics, not search",
            "under W a sale of a whole holding changes nothing (the cubes were already counted at the table's price), "
            "so greedy sells only where it lands and rarely races to 500: most all-greedy games end with the last "
            "player standing; collectors sell on purpose and end games at 500 far sooner",
            "every figure is on the ILLUSTRATIVE board (spec §7's invented board, markets and price tables) unless "
            "the scenario supplies the printed one", "the numbers describe these player models, not human play"]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, parse_rules=parse_rules, make_config=make_config, rule_table=rule_table,
    setup=None, report_notes=report_notes, illustrative=engine.illustrative_board, rule_keys=RULE_KEYS,
    variant_keys=VARIANT_KEYS, money_name="piasters", money_range=(0, 1024), default_games=2_000,
    title="seat, start, player-count and rule balance")
