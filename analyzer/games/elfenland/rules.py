"""Elfenland rules as data (rules spec: shared/rules/elfenland.md, from the Elfenland / Země Elfů article of
seeds/wiki-games.cs.txt; the travel-deck mix from the English rulebook's contents page): the travel cards, the
transport counters, the cost table, the caravan, and every named setting as a frozen `Settings`.

The map (towns, roads, terrain, rivers) is not in any public text and the question that needs it (towns reachable
this round) is out of scope: a route is typed as legs, each with its kind and its terrain (or its cost).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import settings as core_settings

PLAYERS = (2, 6)
ROUNDS = 4
CARD_KINDS = ("dragon", "unicorn", "troll", "cycle", "cloud", "pig", "raft")
CARD_COUNTS = {**{k: 10 for k in CARD_KINDS[:-1]}, "raft": 12}  # 72 travel cards
COUNTER_KINDS = ("dragon", "cycle", "unicorn", "cloud", "troll", "pig")
COUNTERS_EACH = 8  # 48 transport counters
HAND = 8  # every hand refilled to 8 at the deal
KEEP = 4  # cards kept at the end of one's turn
OPEN = 5  # face-up counters on display
MAX_HELD = 5  # counters held: a kept one + 1 face down + 3 picked
PICKS = 3
CARAVAN = 3  # any 3 cards instead of the matching ones (4 with an obstacle)
OBSTACLE_EXTRA = 1
TOWN_PIECES = 20

TERRAINS = ("plain", "forest", "desert", "mountain")
_COSTS = {  # plain, forest, desert, mountain; None: not allowed ("–")
    "pig": (1, 1, None, None),
    "cycle": (1, 1, None, 2),
    "cloud": (2, 2, None, 1),
    "unicorn": (None, 1, 2, 1),
    "troll": (1, 2, 2, 2),
    "dragon": (1, 2, 1, 1),
}
COST = {kind: dict(zip(TERRAINS, costs)) for kind, costs in _COSTS.items()}
WATERS = ("downstream", "upstream", "lake")
RAFT_COST = {"downstream": 1, "upstream": 2, "lake": 2}  # rafts: no counter, no caravan, no obstacle


def leg_cost(kind: str, where: str, obstacle: bool = False) -> int | None:
    """The cards a leg costs: `where` a terrain (a counter's kind) or a water (raft); None where not allowed."""
    base = RAFT_COST.get(where) if kind == "raft" else COST[kind].get(where)
    return None if base is None else base + (OBSTACLE_EXTRA if obstacle else 0)


def caravan_cost(obstacle: bool) -> int:
    return CARAVAN + (OBSTACLE_EXTRA if obstacle else 0)


# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "caravan_when": ("lacking", ("lacking", "any")),
    "opponent_keep": ("exchangeable", ("exchangeable",)),
    "elvenhold_piece": (False, ()),
    "later_round_counters": ("two_face_down", ("two_face_down", "one_face_down")),
    "deck_reshuffle": ("every_round", ("every_round", "when_empty")),
    "town_cards": (False, ()),
    "town_distance": ("roads", ("roads", "towns_between")),
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    caravan_when: str = "lacking"  # a caravan only on a leg the cards left cannot pay; any: on every counter leg
    opponent_keep: str = "exchangeable"  # opponents' kept cards are unseen like the deck's
    elvenhold_piece: bool = False  # a town piece on Elvenhold too (the seed's "all 20 towns" read the other way)
    later_round_counters: str = "two_face_down"  # from round 2 the kept counter may be face down too
    deck_reshuffle: str = "every_round"  # the whole deck reshuffled each round; when_empty: discards stay out
    town_cards: bool = False  # the town-card variant
    town_distance: str = "roads"  # the variant's distance: roads travelled, or towns in between

    DEFAULT_LINE = "every named setting at the spec's default"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field)


def hidden_counters_allowed(round_: int, settings: Settings) -> int:
    """Face-down counters I may hold: 1, or 2 from round 2 (the kept one face down too) under two_face_down."""
    return 2 if round_ > 1 and settings.later_round_counters == "two_face_down" else 1
