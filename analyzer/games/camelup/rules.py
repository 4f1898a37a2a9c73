"""Camel Up rules as data (rules spec: shared/rules/camelup.md).

The engine reads a `RuleSet`; it never asks which edition it is playing.  House rules
are `RuleSet` fields too, so a variant is a scenario's `rules:` mapping, not code.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

FIRST_EDITION_CAMELS = ("blue", "green", "orange", "yellow", "white")


@dataclass(frozen=True)
class RuleSet:
    edition: str = "first"
    camels: tuple[str, ...] = FIRST_EDITION_CAMELS
    track_length: int = 16  # the finish line is after this space
    die_faces: tuple[int, ...] = (1, 2, 3)  # each face equally likely
    start_spaces: tuple[int, ...] = (1, 2, 3)
    leg_tiles: tuple[int, ...] = (5, 3, 2)  # one stack per camel, top first
    leg_second_pays: int = 1
    leg_other_pays: int = -1
    pyramid_tile_pays: int = 1
    desert_tile_pays: int = 1  # per landing unit, to the tile's owner
    overall_payouts: tuple[int, ...] = (8, 5, 3, 2, 1)  # 1 for every later correct card
    overall_wrong_pays: int = -1
    starting_money: int = 3
    money_floor: int | None = 0  # unverified for the first edition (camelup.md §1)
    max_players: int = 8

    @property
    def letters(self) -> dict[str, str]:
        return {name[0]: name for name in self.camels}

    def overall_payout(self, earlier_cards: int) -> int:
        """What a correct overall card pays when `earlier_cards` correct cards lie above it."""
        ladder = self.overall_payouts
        return ladder[earlier_cards] if earlier_cards < len(ladder) else ladder[-1]


EDITIONS = {"first": RuleSet()}

# Fields a scenario's `rules:` mapping may set besides `edition` (house rules).
HOUSE_RULE_FIELDS = {
    f.name: f.type for f in fields(RuleSet) if f.name not in ("edition", "camels")
}


def rule_set(edition: str = "first", **house_rules) -> RuleSet:
    return replace(EDITIONS[edition], **house_rules)
