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

from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.core.game import FullGames
from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.play import KINDS, LENGTHS, SEATINGS, GameConfig, RuleSet
from analyzer.games.emerald.policies import parse_policies

RULE_KEYS = frozenset(r.SETTINGS)
VARIANT_KEYS = frozenset()


def parse_rules(block) -> RuleSet:
    return RuleSet(r.parse_settings(dict(sc.mapping(block, "rules")), "rules"))


def players(rules: RuleSet | None) -> tuple[int, int]:
    return r.PLAYERS


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    return GameConfig(rules, players, tuple(policies), seating)


def illustrative(configs: dict[str, GameConfig]) -> str:
    return "illustrative" if any(c.rules.illustrative for c in configs.values()) else ""


def notes(configs: dict[str, GameConfig]) -> list[str]:
    out = summary.rule_lines(configs, lambda c: c.rules.settings.labels())
    if any(c.rules.illustrative for c in configs.values()):
        out.append("knight_value is the spec's illustrative default 5 (the bribe threshold and greedy's price of a "
                   "lost knight): ILLUSTRATIVE")
    out += ["seat k in these tables is TURN-ORDER RANK k: seat 0 is the start player (drawn at random), then "
            "clockwise; policies are seated by rank",
            "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
            "money = points at the end (gold, treasure 5, gem 1, bonus cards 4); lengths: turns in all and rounds; "
            "`capped` the share of games stopped by the turn cap; how each game ended",
            "actions: per seat, the share of its cards taken (gem, gold, treasure), dragon wake-ups, bribes paid "
            "and knights lost to the nest",
            "the numbers describe these player models, not human play"]
    return out


def rule_table(configs: dict[str, GameConfig]):
    """The rule sets side by side: table, policies, and every setting any of them changes."""
    return summary.rule_table(configs, lambda c: {})


def seats(configs: dict[str, GameConfig]) -> list:
    """The report's set-up item saying what a seat is here."""
    return [("Seats are turn-order ranks", "Seat k in every table and plot is turn-order rank k: seat 0 is the start "
             "player (drawn at random each game), seat 1 moves next clockwise, and so on.  The policies are seated "
             "by rank.  Game j of every rule set meets the same start player, deal, die rolls and random choices "
             "(common random numbers).")]


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy is the spec's one-ply EV player (question 2), not search; random moves uniformly: the figures "
            "measure the rules under these models",
            "knight_value 5 is the spec's illustrative default: ILLUSTRATIVE",
            "the numbers describe these player models, not human play"]


FULL_GAMES = FullGames(
    play="analyzer.games.emerald.play:play", parse_rules=parse_rules, parse_policies=parse_policies,
    make_config=make_config, players=players, games_per_chunk="analyzer.games.emerald.play:games_per_chunk",
    rule_table=rule_table, notes=notes, report_notes=report_notes, illustrative=illustrative, setup=seats,
    rule_keys=RULE_KEYS, variant_keys=VARIANT_KEYS, seatings=SEATINGS, action_kinds=KINDS, lengths=LENGTHS,
    money_name="points", money_range=(0, 80), default_policy="greedy", default_players=4, default_games=4_000,
    title="seat and house-rule balance",
)
