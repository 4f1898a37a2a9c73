"""Caylus rules as data (rules spec: shared/rules/caylus.md, from the Caylus article of seeds/wiki-games.cs.txt):
the neutral buildings, start money, worker costs, the castle, section scoring, the end bonus and every named
setting as a frozen `Settings`.

The castle sizes (dungeon 6, walls 10, towers 14) come from a fan implementation (sourced, unverified): a setting
whose default every output built on it calls ILLUSTRATIVE.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 5)
NEUTRALS = ("carpenter", "farm", "forest", "sawmill", "quarry", "market")  # shuffled onto the first 6 road spaces
START_MONEY = (5, 6, 6, 7, 7)  # by first-round order; 2 players: both 5
TWO_PLAYER_MONEY = 5
CUBES = ("food", "wood", "stone", "cloth", "gold")
SECTIONS = ("dungeon", "walls", "towers")
CASTLE_POINTS = (5, 4, 3)  # a batch in the dungeon, walls, towers
FAN_CASTLE_SIZES = (6, 10, 14)  # pindia/caylus game/config.py: sourced, unverified
NOT_BUILDING_PENALTY = -2  # a worker in the castle that builds nothing (not once the castle is full)
# per section: (points when I have no house in it, ((at least h houses, favours), ...))
SECTION_TABLE = {"dungeon": (-2, ((2, 1),)), "walls": (-3, ((2, 1), (3, 2), (5, 3))),
                 "towers": (-4, ((2, 1), (4, 2), (6, 3)))}
FAVOUR_TRACKS = 4  # points, deniers, resources, building: a phase's favours go to different tracks
OWN_BUILDING_COST = 1
TWO_PLAYER_ELSEWHERE = 3  # the seed's 2-player rule once the other has passed
FIRST_PASS_BONUS = 1
PROVOST_REACH = 3  # 1-3 spaces either way, 1 denier a space
GOLD_POINTS, CUBES_PER_POINT, DENIERS_PER_POINT = 3, 3, 4

SETTINGS: dict[str, tuple] = {
    "passing_track_values": ("one_plus_passed", ("one_plus_passed", "two_after_first_pass")),
    "sixth_special_hold": (True, ()),
    "two_player_pass_cost": ("seed_1_own_3_else", ("seed_1_own_3_else", "track")),
    "castle_sizes": (FAN_CASTLE_SIZES, ("pindia_fan_unverified",)),
    "building_table": ("pindia_fan_unverified", ("pindia_fan_unverified",)),
}
_DATA = ("castle_sizes",)  # data with an unverified default


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    passing_track_values: str = "one_plus_passed"  # 1 + players passed; two_after_first_pass: 1, then 2 for all
    sixth_special_hold: bool = True  # a worker on the inn stays; while there his later workers cost 1 each
    two_player_pass_cost: str = "seed_1_own_3_else"  # 2 players, the other passed: 1 own, 3 elsewhere; or the track
    castle_sizes: tuple = FAN_CASTLE_SIZES  # spaces in the dungeon, walls, towers
    building_table: str = "pindia_fan_unverified"  # the card list (unused by the exact questions)

    @property
    def illustrative(self) -> tuple[str, ...]:
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    def show(self, name: str):
        value = getattr(self, name)
        return list(value) if name == "castle_sizes" else value

    DEFAULT_LINE = "every named setting at the spec's default"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _castle_sizes(value, field: str) -> tuple:
    if value == "pindia_fan_unverified":
        return FAN_CASTLE_SIZES
    if not isinstance(value, list) or len(value) != len(SECTIONS):
        raise ScenarioError(field, f"got {value!r}; allowed: pindia_fan_unverified, or [dungeon, walls, towers] "
                                   "spaces, each 1-40")
    return tuple(sc.integer(x, f"{field}[{i}]", 1, 40) for i, x in enumerate(value))


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special={"castle_sizes": _castle_sizes})


def start_money(players: int) -> tuple[int, ...]:
    """Start deniers by first-round order."""
    return (TWO_PLAYER_MONEY,) * 2 if players == 2 else START_MONEY[:players]
