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

from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.core.game import FullGames
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.play import KINDS, LENGTHS, SEATINGS, GameConfig, RuleSet
from analyzer.games.cafe_international.policies import parse_policies

RULE_KEYS = frozenset(r.SETTINGS)
VARIANT_KEYS = frozenset()


def parse_rules(block) -> RuleSet:
    return RuleSet(r.parse_settings(dict(sc.mapping(block, "rules")), "rules"))


def players(rules: RuleSet | None) -> tuple[int, int]:
    return r.PLAYERS


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    return GameConfig(rules, players, tuple(policies), seating)


SEAT_NOTE = ("seat k in these tables is TURN-ORDER RANK k: seat 0 is the random start player, then clockwise; "
             "policies are seated by rank")


def _illustrative(configs: dict[str, GameConfig]) -> list[str]:
    data = sorted({name for c in configs.values() for name in c.rules.settings.illustrative})
    return [f"ILLUSTRATIVE: {' and '.join(data)} at the spec's illustrative default (the seed lacks the printed "
            "board); the figures describe that board"] if data else []


def notes(configs: dict[str, GameConfig]) -> list[str]:
    out = summary.rule_lines(configs, lambda c: c.rules.settings.labels())
    out += _illustrative(configs)
    out += [SEAT_NOTE,
            "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
            "money = points at the end, after the penalties (-5 a tile, -10 a joker left in hand); lengths: turns "
            "in all and rounds; `capped` the share of games stopped by the turn cap; how each game ended",
            "actions: per seat, one- and two-guest placements, coffee parties, joker swaps, bar moves, "
            "single-nationality completions, passes and dropouts",
            "the numbers describe these player models, not human play"]
    return out


def rule_table(configs: dict[str, GameConfig]):
    """The rule sets side by side: table, policies, and every setting any of them changes."""
    return summary.rule_table(configs, lambda c: {})


def seats(configs: dict[str, GameConfig]) -> list:
    """The report's set-up item saying what a seat is here."""
    return [("Seats are turn-order ranks", "Seat k in every table and plot is turn-order rank k: seat 0 is the "
             "random start player, seat 1 moves next clockwise, and so on.  The policies are seated by rank.  Game j "
             "of every rule set meets the same start player, bag draws and random choices (common random "
             "numbers).")]


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy is the spec's question-5 player (the best immediate score), not search; random moves "
            "uniformly: the figures measure the rules under these models",
            *_illustrative(configs),
            "the numbers describe these player models, not human play"]


FULL_GAMES = FullGames(
    play="analyzer.games.cafe_international.play:play", parse_rules=parse_rules, parse_policies=parse_policies,
    make_config=make_config, players=players,
    games_per_chunk="analyzer.games.cafe_international.play:games_per_chunk",
    rule_table=rule_table, notes=notes, report_notes=report_notes, setup=seats,
    rule_keys=RULE_KEYS, variant_keys=VARIANT_KEYS, seatings=SEATINGS, action_kinds=KINDS, lengths=LENGTHS,
    money_name="points", money_range=(-60, 200), default_policy="greedy", default_players=4, default_games=4_000,
    title="seat and rule-reading balance",
)
