"""Sankt Petersburg's hooks for core's balance runner: `analyzer balance` and `analyzer report` on it (spec
question 4: the start stones' seat value; and rule readings A/B, e.g. upgrade_pairs by_symbol vs seed).

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (2 to 4), `policies`
(greedy, random, search[:N[:BASE]]; one per turn-order rank), `seating` (fixed, rotate) and any rule of
`rules.SETTINGS` that changes a whole game (card_table, upgrade_pairs, worker_refill_end, observatory_last_card,
hand_limit, turn_cap: rounds after which a game stops, counted apart as `capped`).

"Seat" in every balance table is the turn-order rank from the worker stone (play.py): with 4 players seat k holds
stone k at the start.  Scores are the final points (the aristocrat bonus, rubles and the hand penalty included).
"""
from __future__ import annotations

from analyzer.core import engine, sources
from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.play import WHOLE, RuleSet
from analyzer.games.st_petersburg.policies import parse_policies

RULE_KEYS = frozenset(r.SETTINGS) - {"takes_pmf", "observatory_draw_shown"}  # those two never change a whole game
STONES = ("worker", "building", "aristocrat", "upgrade")


def stones_held(players: int) -> list[str]:
    """The stones each turn-order rank holds at the start."""
    return [" + ".join(STONES[k] for k in range(4) if k % players == q) for q in range(players)]


def seat_note(configs: dict) -> str:
    tables = sorted({c.players for c in configs.values()})
    held = "; ".join(f"{p} players: " + ", ".join(f"seat {q} {s}" for q, s in enumerate(stones_held(p)))
                     for p in tables)
    return ("seat k in these tables is TURN-ORDER RANK k from the worker stone (dealt to a random seat, the others "
            f"clockwise after it), so a seat's credit is the value of the start stones it holds: {held}")


def printed(configs: dict) -> list[str]:
    return sources.labels(p for c in configs.values() for p in c.rules.settings.printed)


def seats(configs: dict) -> list:
    """The report's set-up item saying what a seat is here."""
    return [("Seats are start-stone holders", seat_note(configs) + ".  The policies are seated by rank.  Game j of "
             "every rule set meets the same decks, start stones and random choices (common random numbers).")]


HOOKS = engine.SettingsRules(r, RuleSet, (
    "engine readings where the spec is silent: " + "; ".join(g.ENGINE_READINGS),
    "money = final points (points + aristocrat bonus + 1 per 10 rubles - 5 per card in hand); lengths: rounds, "
    "moves (every seat's actions, passes included), `capped` the share of games stopped by turn_cap, and games "
    "ended at once by an emptied worker deck (worker_refill_end=immediate)",
    "actions: per seat, buys, upgrades, cards taken to hand, hand plays (an Observatory card played included), "
    "Observatory draws, passes and Pub points bought"), "", lambda configs: [seat_note(configs)], RULE_KEYS,
    check=g.settings_vector)


def report_notes(configs: dict) -> list[str]:
    return ["greedy buys the card of best value per ruble (one scoring's rubles + 2 per point), not search; random "
            "moves uniformly: the figures measure the rules under these models", engine.MODELS_NOTE]


FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, report_notes=report_notes, setup=seats, printed=printed, money_name="points",
    money_range=(-40, 200), title="start-stone seat value and rule-reading balance")
