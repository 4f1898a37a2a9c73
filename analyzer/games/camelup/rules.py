"""Camel Up rules as data (rules spec: shared/rules/camelup.md).

The engine reads a `RuleSet`; it never asks which edition it is playing.  Editions,
Supercup modules and house rules are all `RuleSet` fields, so a variant is a scenario's
`rules:` mapping, not code.  Racing camels come first in `camels`, crazy camels after.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class RuleSet:
    edition: str = "first"
    supercup: tuple[str, ...] = ()  # the Supercup modules in play, by name
    camels: tuple[str, ...] = ("blue", "green", "orange", "yellow", "white")
    camel_letters: str = "bgoyw"  # quick-entry letter of each camel
    crazy_camels: int = 0  # how many of `camels`, at the end, run backwards
    track_length: int = 16  # the finish line is after this space
    die_faces: tuple[int, ...] = (1, 2, 3)  # each face equally likely
    dice_left_at_leg_end: int = 0  # second edition: one die stays in the pyramid
    tile_name: str = "desert"  # the player's own track tile
    tile_sides: tuple[str, str] = ("oasis", "mirage")  # its +1 and -1 sides
    leg_tiles: tuple[int, ...] = (5, 3, 2)  # one stack per racing camel, top first
    leg_second_pays: int = 1
    leg_other_pays: int = -1
    pyramid_tiles: int = 5
    pyramid_tile_pays: int = 1
    desert_tile_pays: int = 1  # per landing unit, to the tile's owner
    overall_payouts: tuple[int, ...] = (8, 5, 3, 2, 1)  # 1 for every later correct card
    overall_wrong_pays: int = -1
    starting_money: int = 3
    seat_handicap: tuple[int, ...] = ()  # full games: coins added to each seat's start, seat 0 first (core/settings.py)
    money_floor: int | None = 0  # unverified for the first edition (camelup.md §1)
    max_players: int = 8
    # Supercup modules (camelup.md §2); partnerships are also part of the second edition
    boost_dice: bool = False
    boost_faces: tuple[int, ...] = (1, 2)  # unverified: the printed numbers were lost
    boost_action: bool = False
    photographer: bool = False
    placement_bets: bool = False
    placement_places: tuple[int, ...] = (2, 3, 4, 5)
    placement_hit_pays: int = 3
    placement_miss_pays: int = -1
    partnerships: bool = False
    partnership_min_players: int = 6
    # how `odds` and `ev` get race odds: exact (race_exact.py) where the rule set allows, else Monte Carlo
    race_method: str = "exact"

    @property
    def racing(self) -> int:
        """Racing camels are camels[:racing]."""
        return len(self.camels) - self.crazy_camels

    @property
    def letters(self) -> dict[str, str]:
        """Quick-entry letter -> camel name."""
        return dict(zip(self.camel_letters, self.camels))

    def overall_payout(self, earlier_cards: int) -> int:
        """What a correct overall card pays when `earlier_cards` correct cards lie above it."""
        ladder = self.overall_payouts
        return ladder[earlier_cards] if earlier_cards < len(ladder) else ladder[-1]


EDITIONS = {
    "first": RuleSet(),
    "second": RuleSet(
        edition="second",
        camels=("blue", "green", "yellow", "red", "purple", "white", "black"),
        camel_letters="bgyrpwk",
        crazy_camels=2,
        dice_left_at_leg_end=1,
        tile_name="spectator",
        tile_sides=("cheering", "booing"),
        leg_tiles=(5, 3, 2, 2),
        partnerships=True,
    ),
}

SUPERCUP_MODULES = {
    "long_track": {"track_length": 20, "pyramid_tiles": 6, "leg_tiles": (5, 3, 2, 2)},
    "boost_dice": {"boost_dice": True},
    "boost_action": {"boost_dice": True, "boost_action": True},
    "photographer": {"photographer": True},
    "placement_bets": {"placement_bets": True, "leg_tiles": (5, 3, 2, 2)},
    "partnerships": {"partnerships": True},
}
SUPERCUP_MAX_PLAYERS = 10

# Fields a scenario's `rules:` mapping may set besides `edition` and `supercup` (house rules).
HOUSE_RULE_FIELDS = {
    f.name: f.type for f in fields(RuleSet)
    if f.name not in ("edition", "supercup", "camels", "camel_letters", "crazy_camels", "tile_name", "tile_sides")
}


def rule_set(edition: str = "first", supercup=(), **house_rules) -> RuleSet:
    rules = EDITIONS[edition]
    if supercup:
        rules = replace(rules, max_players=SUPERCUP_MAX_PLAYERS, supercup=tuple(supercup))
    for module in supercup:
        rules = replace(rules, **SUPERCUP_MODULES[module])
    return replace(rules, **house_rules)
