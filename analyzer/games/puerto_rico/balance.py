"""Puerto Rico's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec question 3:
the seat advantage of the fixed start crops, and house rules such as all-corn starts), on the PRINTED
building, plantation and goods tables (`rules.PRINTED` names the sources).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (3 to 5), `policies`
(greedy, random, noisy or noisy:EPSILON; one per turn-order rank), `seating` (fixed, rotate) and any rule of
`rules.SETTINGS` (`start_crops`, `reshuffle`, ...; `turn_cap`: rounds after which a game stops, counted apart as
`capped`).

"Seat" in every balance table is the turn-order rank from the first governor: rank 0 is the governor of round 1
and, under the fixed start crops, the ranks' crops are indigo, indigo, corn(, corn) (5 players: indigo x3,
corn x2).  Scores are victory points.
"""
from __future__ import annotations

from analyzer.core import scenario as sc
from analyzer.core import sources
from analyzer.core.balance import summary
from analyzer.core.game import FullGames
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.play import KINDS, LENGTHS, SEATINGS, GameConfig, RuleSet
from analyzer.games.puerto_rico.policies import parse_policies

RULE_KEYS = frozenset(r.SETTINGS)
VARIANT_KEYS = frozenset()


def parse_rules(block) -> RuleSet:
    return RuleSet(r.parse_settings(dict(sc.mapping(block, "rules")), "rules"))


def players(rules: RuleSet | None) -> tuple[int, int]:
    return r.PLAYERS


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    g.settings_vector(rules.settings, players)  # a seat handicap that does not fit the table fails here, not in play
    return GameConfig(rules, players, tuple(policies), seating)


def printed(configs: dict[str, GameConfig]) -> list[str]:
    return sources.labels(r.PRINTED[t] for c in configs.values() for t in c.rules.settings.printed)


SEAT_NOTE = ("seat k in these tables is TURN-ORDER RANK k from the first governor: seat 0 governs round 1; under "
             "the fixed start crops seats 0-1 (3 and 4 players) or 0-2 (5 players) start with indigo, the rest "
             "with corn; policies are seated by rank")


def notes(configs: dict[str, GameConfig]) -> list[str]:
    out = summary.rule_lines(configs, lambda c: c.rules.settings.labels())
    out += [SEAT_NOTE,
            "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
            "money = victory points at the end (chips, buildings, occupied large buildings' bonuses); lengths: "
            "rounds played and `capped` (stopped by turn_cap, counted apart)",
            "actions: per seat, the role cards it chose (settler, mayor, builder, craftsman, trader, captain, "
            "prospector)",
            "the numbers describe these player models, not human play"]
    return out


def rule_table(configs: dict[str, GameConfig]):
    """The rule sets side by side: table, policies, and every setting any of them changes."""
    return summary.rule_table(configs, lambda c: {})


def seats(configs: dict[str, GameConfig]) -> list:
    """The report's set-up item saying what a seat is here."""
    return [("Seats are turn-order ranks", "Seat k in every table and plot is turn-order rank k from the first "
             "governor (drawn at random): seat 0 chooses first in round 1.  With the fixed start crops the first "
             "seats start with an indigo plantation and the last with corn (4 players: indigo, indigo, corn, "
             "corn).  The policies are seated by rank.  Game j of every rule set meets the same governor draw, "
             "stack shuffle and random choices (common random numbers).  Unless a rule set gives its own, all games "
             "run on the printed building, tile and goods tables (the notes name the sources).")]


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy is a fixed-value role chooser (barrels it would make, load or sell, a building it wants, the "
            "card's doubloons), not search; random chooses uniformly; noisy is greedy taking a uniformly random "
            "legal option with probability epsilon at each decision it owns: the figures measure the rules under "
            "these models",
            "the numbers describe these player models, not human play"]


FULL_GAMES = FullGames(
    play="analyzer.games.puerto_rico.play:play", parse_rules=parse_rules, parse_policies=parse_policies,
    make_config=make_config, players=players, games_per_chunk="analyzer.games.puerto_rico.play:games_per_chunk",
    rule_table=rule_table, notes=notes, report_notes=report_notes, setup=seats, printed=printed,
    rule_keys=RULE_KEYS, variant_keys=VARIANT_KEYS, seatings=SEATINGS, action_kinds=KINDS, lengths=LENGTHS,
    money_name="points", money_range=(0, 120), default_policy="greedy", default_players=4, default_games=4_000,
    title="start-crop seat advantage and house rules",
)
