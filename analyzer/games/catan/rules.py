"""Catan rules as data (rules spec: shared/rules/catan.md): costs, supplies, the development deck and every named
setting of the spec (the seed-vs-common table, the question settings and the ambiguities) as a frozen `Settings`.

Resources are indexed 0..4 in the spec's hand order (`RESOURCES`: wood, brick, sheep, grain, ore); development
cards 0..4 in `DEV` order (knight, vp, road_building, year_of_plenty, monopoly).  Each setting's default is the
seed's reading; `parse_settings` reads a scenario's `rules:` block and raises `ScenarioError(field, allowed)`.
The number-token sequence and the harbour kinds are not in the seed: their defaults are PRINTED (board.py names the
rulebook pages); `Settings.printed` says which a rule set still rests on.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError
from analyzer.games.catan import board as bo

RESOURCES = bo.RESOURCES
PREF = (3, 4, 2, 1, 0)  # the tie order for dropping a card (spec q4): grain, ore, sheep, brick, wood
COSTS = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
         "dev_card": (0, 0, 1, 1, 1)}
TARGETS = tuple(COSTS)
SUPPLY = {"road": 15, "settlement": 5, "city": 4}  # per colour
BANK = 19  # cards per resource
HAND_LIMIT = 7  # a 7 makes every player holding more than this discard half
DEV = ("knight", "vp", "road_building", "year_of_plenty", "monopoly")
DECK = (14, 5, 2, 2, 2)  # 25 cards, in DEV order
WIN = 10
PLAYERS = (3, 4)  # the base game
WAYS = {s: 6 - abs(7 - s) for s in range(2, 13)}  # 2d6: the ways to roll each sum, of 36


def discard_count(cards: int, rounding: str = "up") -> int:
    """Cards a player holding `cards` resource cards discards on a 7: none up to 7, else half, rounded per
    `discard_rounding` (the seed: up; the official rule: down)."""
    if cards <= HAND_LIMIT:
        return 0
    return (cards + 1) // 2 if rounding == "up" else cards // 2


def counts_text(c) -> str:
    return ", ".join(f"{n} {RESOURCES[k]}" for k, n in enumerate(c) if n) or "none"


def counts_dict(c) -> dict:
    return {RESOURCES[k]: int(n) for k, n in enumerate(c)}


# ------------------------------------------------------------------------------------------------
# the named settings

SETTINGS: dict[str, tuple] = {
    # the seed's readings that differ from the common rules (default: the seed)
    "discard_rounding": ("up", ("up", "down")),
    "harbor_delay": (True, (True, False)),
    "vp_cards": ("must_reveal", ("must_reveal", "hidden")),
    "start_die": ("1d6", ("1d6", "2d6")),
    "dev_cards_per_turn": ("1", ("1", "unlimited")),
    "steal": ("random", ("random", "chosen")),
    "settlement_needs_road": (True, (True, False)),
    "robber_target": ("land_other", ("land_other", "land_any")),
    # the questions' settings
    "include_my_roll": (False, (False, True)),
    "opponent_knights": ("ignore", ("ignore",)),
    "my_steals": ("ignore", ("ignore",)),
    "bank_trades": (False, (False, True)),
    # the ambiguities
    "auto_claim": (True, (True, False)),
    "road_split": (True, (True, False)),
    "token_sequence": (bo.TOKEN_SEQUENCE, ()),
    "harbor_kinds": (bo.HARBOR_KINDS, ()),
    "turn_cap": (300, ()),
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting, each at the seed's reading by default (see SETTINGS and the spec's tables)."""
    discard_rounding: str = "up"
    harbor_delay: bool = True
    vp_cards: str = "must_reveal"
    start_die: str = "1d6"
    dev_cards_per_turn: str = "1"  # limits PLAYING development cards per turn; buying is unlimited
    steal: str = "random"
    settlement_needs_road: bool = True
    robber_target: str = "land_other"
    include_my_roll: bool = False
    opponent_knights: str = "ignore"
    my_steals: str = "ignore"
    bank_trades: bool = False
    auto_claim: bool = True
    road_split: bool = True
    token_sequence: tuple = bo.TOKEN_SEQUENCE
    harbor_kinds: tuple = bo.HARBOR_KINDS
    turn_cap: int = 300  # own turns per player; a full game reaching it stops and is counted apart (capped)

    LISTS = True

    DEFAULT_LINE = "every named setting at its default (the seed's reading)"

    @property
    def printed(self) -> tuple:
        """The printed tables (`core.sources.Printed`) a random board under these settings rests on."""
        return bo.printed_tables(self.token_sequence, self.harbor_kinds)


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _dev_cards_per_turn(value, field: str) -> str:
    if type(value) is int and value == 1 or isinstance(value, str) and value in ("1", "unlimited"):
        return str(value)
    raise ScenarioError(field, f"got {value!r}; allowed: 1, unlimited")


def _token_sequence(value, field: str) -> tuple:
    items = sc.sequence(value, field)
    got = tuple(sc.integer(v, f"{field}[{i}]", 2, 12) for i, v in enumerate(items))
    if sorted(got) != sorted(bo.TOKENS):
        raise ScenarioError(field, "the 18 number tokens in letter order A..R: 2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, "
                                   "9, 10, 10, 11, 11, 12 in some order")
    return got


def _harbor_kinds(value, field: str) -> tuple:
    items = sc.sequence(value, field)
    if len(items) != len(bo.HARBOR_SLOTS):
        raise ScenarioError(field, f"{len(bo.HARBOR_SLOTS)} harbour kinds, one per slot, each of "
                                   f"{', '.join(bo.HARBOR_NAMES)}")
    return tuple(sc.choice(v, f"{field}[{i}]", bo.HARBOR_NAMES) for i, v in enumerate(items))


_SPECIAL = {"dev_cards_per_turn": _dev_cards_per_turn, "token_sequence": _token_sequence,
            "harbor_kinds": _harbor_kinds, "turn_cap": lambda value, field: sc.integer(value, field, 1, 100_000)}


def parse_settings(value, field: str = "rules", skip: frozenset = frozenset()) -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults); keys in `skip` are the caller's."""
    return core_settings.parse(Settings, SETTINGS, value, field, skip, _SPECIAL)
