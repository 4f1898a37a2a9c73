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

from analyzer.core import engine, sources
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.play import WHOLE, RuleSet
from analyzer.games.puerto_rico.policies import parse_policies


def printed(configs: dict) -> list[str]:
    return sources.labels(r.PRINTED[t] for c in configs.values() for t in c.rules.settings.printed)


HOOKS = engine.SettingsRules(r, RuleSet, (
    "seat k in these tables is TURN-ORDER RANK k from the first governor: seat 0 governs round 1; under the fixed "
    "start crops seats 0-1 (3 and 4 players) or 0-2 (5 players) start with indigo, the rest with corn; policies "
    "are seated by rank",
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = victory points at the end (chips, buildings, occupied large buildings' bonuses); lengths: rounds "
    "played and `capped` (stopped by turn_cap, counted apart)",
    "actions: per seat, the role cards it chose (settler, mayor, builder, craftsman, trader, captain, "
    "prospector)"),
    "Seat k in every table and plot is turn-order rank k from the first governor (drawn at random): seat 0 chooses "
    "first in round 1.  With the fixed start crops the first seats start with an indigo plantation and the last "
    "with corn (4 players: indigo, indigo, corn, corn).  The policies are seated by rank.  Game j of every rule "
    "set meets the same governor draw, stack shuffle and random choices (common random numbers).  Unless a rule "
    "set gives its own, all games run on the printed building, tile and goods tables (the notes name the "
    "sources).", check=g.settings_vector)


def report_notes(configs: dict) -> list[str]:
    return ["greedy is a fixed-value role chooser (barrels it would make, load or sell, a building it wants, the "
            "card's doubloons), not search; random chooses uniformly; noisy is greedy taking a uniformly random "
            "legal option with probability epsilon at each decision it owns: the figures measure the rules under "
            "these models", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, report_notes=report_notes, printed=printed, money_name="points",
    money_range=(0, 120), title="start-crop seat advantage and house rules")
