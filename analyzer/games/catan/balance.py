"""Catan's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it.

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (3 or 4), `policies`
(greedy, trader; one per placement rank), `seating` (fixed, rotate) and any rule: every setting of
`rules.SETTINGS` (`turn_cap`: own turns per player after which a game stops, counted apart as `capped`, its
credit split among the players with most points) and `board`: absent or {source: random} for a random
standard board per game (the default), or a board as a position scenario gives one ({source: default},
{source: random, seed: n} for one fixed random board, or `hexes:` and `harbors:`).

"Seat" in every balance table is the placement rank of the snake draft (play.py).  Scores are victory points.
Random boards follow the rulebook's variable set-up (printed data, sources in board.py); a fixed default board is
illustrative and says so.
"""
from __future__ import annotations

from analyzer.core import engine
from analyzer.core import scenario as sc
from analyzer.core import sources
from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import rules as r
from analyzer.games.catan.play import WHOLE, GameConfig, RuleSet
from analyzer.games.catan.policies import parse_policies

RULE_KEYS = frozenset({"board", *r.SETTINGS})


def parse_rules(block) -> RuleSet:
    block = dict(sc.mapping(block, "rules"))
    value = block.pop("board", None)
    settings = r.parse_settings(block, "rules")
    if value is None or value == {"source": "random"}:
        return RuleSet(None, settings)
    return RuleSet(bo.parse_board(value, "rules.board", settings.token_sequence, settings.harbor_kinds), settings)


def _board(c: GameConfig) -> dict:
    b = c.rules.board
    if b is None:
        return {"board": "a random standard board per game (the rulebook's variable set-up)"}
    return {"board": f"{b.source} board" + (" (illustrative)" if b.illustrative else "")}


def illustrative(configs: dict[str, GameConfig]) -> str:
    return "illustrative" if any(c.rules.illustrative for c in configs.values()) else ""


def printed(configs: dict[str, GameConfig]) -> list[str]:
    return sources.labels(p for c in configs.values() for p in c.rules.printed)


HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is PLACEMENT RANK k of the snake draft (seat 0 won the start-order roll: it places "
    "first, places last in the second round and moves first); policies are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = victory points at the end (the winner's 10 or more); lengths: main-game turns in all and rounds; "
    "`capped` the share of games stopped by the turn cap; 7s rolled and cards discarded per game (all seats); the "
    "share of games that end with longest road / largest army held",
    "actions: per seat, the share of its builds, plays and trades of each kind"),
    "Seat k in every table and plot is placement rank k of the snake draft: seat 0 won the start-order roll (ties "
    "re-rolled), placed first in the first round and last in the second, and moves first; the main game then goes "
    "on in seat order round the table, so seat 1 is not always the second to move.  The policies are seated by "
    "placement rank.", keys=RULE_KEYS, extra=_board, seat_title="Seats are placement ranks")


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy and trader are simple fixed heuristics (spec question 7), not search: they build whatever the "
            "priority city > settlement > development card > road allows, so the figures measure the rules under "
            "these models", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, parse_rules=parse_rules, report_notes=report_notes, illustrative=illustrative,
    printed=printed, money_name="points", money_range=(0, 16), default_games=2_000,
    title="placement rank and house-rule balance")
