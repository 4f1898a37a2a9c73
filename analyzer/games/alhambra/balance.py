"""Alhambra's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec question 5).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (3 to 6), `policies`
(greedy, random, search[:N[:BASE]]; one per turn-order rank), `seating` (fixed, rotate) and any rule of
`rules.SETTINGS` (`turn_cap`: own turns per player after which a game stops, counted apart as `capped`).

"Seat" in every balance table is the turn-order rank: seat 0 is the start player, chosen by the fewest-cards rule
(play.py).  Scores are points.  The tile list and points table are BGA's printed data (the spec's source).
"""
from __future__ import annotations

from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.core.game import FullGames
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.play import KINDS, LENGTHS, SEATINGS, GameConfig, RuleSet
from analyzer.games.alhambra.policies import parse_policies

RULE_KEYS = frozenset(r.SETTINGS)
VARIANT_KEYS = frozenset()


def parse_rules(block) -> RuleSet:
    return RuleSet(r.parse_settings(dict(sc.mapping(block, "rules")), "rules"))


def players(rules: RuleSet | None) -> tuple[int, int]:
    return r.PLAYERS


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    return GameConfig(rules, players, tuple(policies), seating)


SEAT_NOTE = ("seat k in these tables is TURN-ORDER RANK k: seat 0 is the start player (dealt the fewest start "
             "cards, then the lowest total, then start_tie), then clockwise; policies are seated by rank")


def notes(configs: dict[str, GameConfig]) -> list[str]:
    out = summary.rule_lines(configs, lambda c: c.rules.settings.labels())
    out += [SEAT_NOTE,
            "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
            "hands_open changes no full game: neither policy looks at the other hands",
            "money = points at the end (three scorings: majorities by kind and the longest outer wall); lengths: "
            "turns in all and rounds; `capped` the share of games stopped by the turn cap; how each game ended",
            "actions: per seat, money takes, exact and overpaying buys, tiles placed, tiles to the reserve and "
            "leftover market tiles received at the end",
            "the numbers describe these player models, not human play"]
    return out


def rule_table(configs: dict[str, GameConfig]):
    """The rule sets side by side: table, policies, and every setting any of them changes."""
    return summary.rule_table(configs, lambda c: {})


def seats(configs: dict[str, GameConfig]) -> list:
    """The report's set-up item saying what a seat is here."""
    return [("Seats are turn-order ranks", "Seat k in every table and plot is turn-order rank k: seat 0 is the start "
             "player (the one dealt the fewest start cards, ties the lower total, then start_tie), seat 1 moves next "
             "clockwise, and so on.  The policies are seated by rank.  Game j of every rule set meets the same money "
             "deck, scoring card places, tile stack and random choices (common random numbers).")]


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy is the spec's question-5 player (exact payments by points per cost, else the money for the most "
            "exact payments; walls when placing), not search; random acts uniformly: the figures measure the rules "
            "under these models",
            "the numbers describe these player models, not human play"]


FULL_GAMES = FullGames(
    play="analyzer.games.alhambra.play:play", parse_rules=parse_rules, parse_policies=parse_policies,
    make_config=make_config, players=players, games_per_chunk="analyzer.games.alhambra.play:games_per_chunk",
    rule_table=rule_table, notes=notes, report_notes=report_notes, setup=seats,
    rule_keys=RULE_KEYS, variant_keys=VARIANT_KEYS, seatings=SEATINGS, action_kinds=KINDS, lengths=LENGTHS,
    money_name="points", money_range=(0, 200), default_policy="greedy", default_players=4, default_games=4_000,
    title="seat and rule-reading balance",
)
