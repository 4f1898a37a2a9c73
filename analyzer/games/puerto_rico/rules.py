"""Puerto Rico rules as data (rules spec: shared/rules/puerto-rico.md, from the Puerto Rico article of
seeds/wiki-games.cs.txt): the components, the set-up by player count, the building table, the builder's cost rule,
and every named setting as a frozen `Settings`.

The seed has the flow and the building texts but no cost/VP table, no tile or goods counts and no trading prices:
the spec took them from public tables (Brettspielwelt, the Order of Gamers sheet, a public code's data.py), and
they are now checked against the rulebook's contents list and public building references: PRINTED (`PRINTED`
names each table's sources).  Each is a setting (`plantations`, `goods`, `buildings`) whose default is the
printed table (`Settings.printed` names those at it), and a scenario may give its own.

Ints shared with the engine: crops 0..4 (`CROPS`, ordered by trading price, so a crop's index is its price),
`QUARRY` = 5 (a plantation kind, `PLANTATION_KINDS`), buildings by index into `BUILDING_NAMES`, roles by index into
`ROLES` (a game's role cards: `role_cards(players)`, the prospector once with 4 players and twice with 5).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core import sources
from analyzer.core.errors import ScenarioError

PLAYERS = (3, 5)
CROPS = ("corn", "indigo", "sugar", "tobacco", "coffee")  # the index is the trading house price (0..4)
CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
PRICES = (0, 1, 2, 3, 4)
QUARRY = len(CROPS)  # 5
PLANTATION_KINDS = (*CROPS, "quarry")
PLANTATION_TILES = (10, 12, 11, 9, 8)  # by CROPS: corn 10, indigo 12, sugar 11, tobacco 9, coffee 8 (50; printed)
QUARRIES = 8
GOODS = (10, 11, 11, 9, 9)  # barrels by CROPS (printed)
RULEBOOK = ("Puerto Rico rulebook (alea / Rio Grande, English), 'Contents', as reproduced at "
            "vdocuments.us/puerto-rico-rules-en.html; the Ravensburger edition's 'Game pieces' at vdocument.in")
PRINTED = {
    "plantations": sources.Printed(
        "plantation and quarry tile counts", RULEBOOK,
        "58 island tiles: 8 quarries and 50 plantations (8 coffee, 9 tobacco, 10 corn, 11 sugar, 12 indigo)"),
    "goods": sources.Printed(
        "goods counts", RULEBOOK, "50 goods: 9 coffee, 9 tobacco, 10 corn, 11 sugar, 11 indigo"),
    "buildings": sources.Printed(
        "building costs, VP, columns, circles and copies",
        RULEBOOK + "; boardgamehelpers.com/PuertoRico/BuildingReference.aspx; sob-zine.org/PlayerAids/"
        "Puerto_Rico_Player_Aid.html; jergames.webs.com/PR_buildings.txt",
        "49 buildings: 20 production (4 small indigo, 4 small sugar, 3 of each large one), 2 each of 12 small "
        "violet, 5 large violet; cost, VP and quarry column (= VP) of every building; circles of the production "
        "buildings (1, 1, 3, 3, 3, 2), one for each violet one"),
}
ISLAND_SPACES = 12  # seed: "libovolné z 12 políček na svém ostrově"
CITY_SPACES = 12
TRADING_HOUSE_SLOTS = 4
ROLES = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR = range(7)
PROSPECTOR_DOUBLOONS = 1

# -- set-up by players (seed, the Order of Gamers summary) -----------------------------------------------------
DOUBLOONS = {3: 2, 4: 3, 5: 4}
VP_CHIPS = {3: 75, 4: 100, 5: 122}
COLONISTS = {3: 55, 4: 75, 5: 95}  # the supply; the ship's start colonists (one per player) come on top
CARGO_SHIPS = {3: (4, 5, 6), 4: (5, 6, 7), 5: (6, 7, 8)}
START_CROPS = {  # by seat from the governor (spec "Start crops", setting start_crops: fixed)
    3: (INDIGO, INDIGO, CORN),
    4: (INDIGO, INDIGO, CORN, CORN),
    5: (INDIGO, INDIGO, INDIGO, CORN, CORN),
}
START_CROPS_READINGS = ("fixed", "all_corn", "all_indigo")


def role_cards(players: int) -> tuple[int, ...]:
    """The role cards of a game: 6 with 3 players, 7 (one prospector) with 4, 8 (two prospectors) with 5."""
    return tuple(range(PROSPECTOR)) + (PROSPECTOR,) * (players - 3)


def display_size(players: int) -> int:
    """Face-up plantation tiles of a settler display: players + 1."""
    return players + 1


# -- buildings (cost, column = VP, count, circles: printed) ------------------------------------------------------
class Building(NamedTuple):
    name: str
    cost: int
    column: int  # 1..4: its VP, and the most occupied quarries that cut its cost
    count: int  # copies in the supply
    circles: int  # colonists it holds
    good: int  # the crop a production building makes; -1 for a violet one
    size: int = 1  # city spaces (a large building: 2)


BUILDINGS = (
    Building("small_indigo_plant", 1, 1, 4, 1, INDIGO),
    Building("small_sugar_mill", 2, 1, 4, 1, SUGAR),
    Building("indigo_plant", 3, 2, 3, 3, INDIGO),
    Building("sugar_mill", 4, 2, 3, 3, SUGAR),
    Building("tobacco_storage", 5, 3, 3, 3, TOBACCO),
    Building("coffee_roaster", 6, 3, 3, 2, COFFEE),
    Building("small_market", 1, 1, 2, 1, -1),
    Building("hacienda", 2, 1, 2, 1, -1),
    Building("construction_hut", 2, 1, 2, 1, -1),
    Building("small_warehouse", 3, 1, 2, 1, -1),
    Building("hospice", 4, 2, 2, 1, -1),
    Building("office", 5, 2, 2, 1, -1),
    Building("large_market", 5, 2, 2, 1, -1),
    Building("large_warehouse", 6, 2, 2, 1, -1),
    Building("factory", 7, 3, 2, 1, -1),
    Building("university", 8, 3, 2, 1, -1),
    Building("harbor", 8, 3, 2, 1, -1),
    Building("wharf", 9, 3, 2, 1, -1),
    Building("guild_hall", 10, 4, 1, 1, -1, 2),
    Building("residence", 10, 4, 1, 1, -1, 2),
    Building("fortress", 10, 4, 1, 1, -1, 2),
    Building("customs_house", 10, 4, 1, 1, -1, 2),
    Building("city_hall", 10, 4, 1, 1, -1, 2),
)
BUILDING_NAMES = tuple(b.name for b in BUILDINGS)
BUILDING = {b.name: i for i, b in enumerate(BUILDINGS)}
PRODUCTION = tuple(i for i, b in enumerate(BUILDINGS) if b.good >= 0)
LARGE = tuple(i for i, b in enumerate(BUILDINGS) if b.size == 2)
BUILDING_TABLE = tuple((b.cost, b.column, b.count, b.circles) for b in BUILDINGS)  # the `buildings` default
BUILDING_FIELDS = ("cost", "column", "count", "circles")
assert len(BUILDINGS) == 23 and sum(PLANTATION_TILES) == 50

# end bonuses of the occupied large buildings (seed texts)
RESIDENCE_BONUS = ((9, 4), (10, 5), (11, 6), (12, 7))  # (island spaces filled at most, VP)
FORTRESS_COLONISTS_PER_VP = 3


def residence_bonus(filled: int) -> int:
    return next(vp for most, vp in RESIDENCE_BONUS if filled <= most)


def build_cost(cost: int, column: int, builder_privilege: bool, occupied_quarries: int, floor: int = 0) -> int:
    """The builder's price: cost - 1 for the builder's privilege - one per occupied quarry, at most `column`
    quarries counting, never below `floor` (setting cost_floor)."""
    return max(floor, cost - int(builder_privilege) - min(occupied_quarries, column))


# -- the named settings ----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "start_tiles_from_pool": (True, ()),
    "reshuffle": ("rest_first", ("rest_first", "merge")),
    "cost_floor": (0, ()),
    "end_colonists_reading": ("not_enough", ("not_enough", "enough")),
    "wharf_capacity": (11, ()),
    "start_crops": ("fixed", START_CROPS_READINGS),
    "plantations": (PLANTATION_TILES + (QUARRIES,), ("printed",)),
    "goods": (GOODS, ("printed",)),
    "buildings": (BUILDING_TABLE, ("printed",)),
    "turn_cap": (60, ()),
    **core_settings.HANDICAP_SETTING,
}
_DATA = ("plantations", "goods", "buildings")  # scenario data with printed defaults


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    start_tiles_from_pool: bool = True  # the start plantations are taken out of the 50 (false: from outside)
    reshuffle: str = "rest_first"  # a stack too short: the old stack is drawn first, then the shuffled discards
    # (merge: the old stack and the discards shuffled together)
    cost_floor: int = 0  # the builder's price never drops below this (the seed is silent)
    end_colonists_reading: str = "not_enough"  # the game ends when the ship cannot be refilled in full; enough:
    # the seed read literally, it ends at the end of a round whose mayor refilled the ship in full
    wharf_capacity: int = 11  # barrels the wharf's imaginary ship takes
    start_crops: str = "fixed"  # by seat from the governor (START_CROPS); all_corn, all_indigo: house rules
    plantations: tuple[int, ...] = PLANTATION_TILES + (QUARRIES,)  # tiles by PLANTATION_KINDS
    goods: tuple[int, ...] = GOODS  # barrels by CROPS
    buildings: tuple = BUILDING_TABLE  # (cost, column, count, circles) by BUILDING_NAMES
    turn_cap: int = 60  # rounds; a game reaching it stops and counts apart
    seat_handicap: tuple = ()  # doubloons added to each turn-order rank's start (core/settings.py); (): none

    @property
    def printed(self) -> tuple[str, ...]:
        """The data settings left at the printed tables (`PRINTED`)."""
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    @property
    def tiles(self) -> tuple[int, ...]:
        """Plantation tiles by crop (no quarries)."""
        return self.plantations[:QUARRY]

    @property
    def quarries(self) -> int:
        return self.plantations[QUARRY]

    def building(self, b: int) -> Building:
        """Building b with this rule set's cost, column, count and circles."""
        cost, column, count, circles = self.buildings[b]
        return BUILDINGS[b]._replace(cost=cost, column=column, count=count, circles=circles)

    def start_crops_by_seat(self, players: int) -> tuple[int, ...]:
        """The start plantation of each seat, seat 0 the governor."""
        if self.start_crops == "fixed":
            return START_CROPS[players]
        return ((CORN if self.start_crops == "all_corn" else INDIGO),) * players

    def show(self, name: str):
        value = getattr(self, name)
        if name == "plantations":
            return dict(zip(PLANTATION_KINDS, value))
        if name == "goods":
            return dict(zip(CROPS, value))
        if name == "buildings":
            return {BUILDING_NAMES[i]: dict(zip(BUILDING_FIELDS, row)) for i, row in enumerate(value)
                    if row != BUILDING_TABLE[i]}
        return value

    DEFAULT_LINE = "every named setting at the spec's default"
    GIVEN = _DATA  # data: the labels name it only as given


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


@dataclass(frozen=True)
class SetUp:
    """The game's start for a player count and rule set (seats from the governor, seat 0)."""
    players: int
    doubloons: int  # each player's
    vp_chips: int
    colonists: int  # the supply
    ship_colonists: int  # on the colonist ship at the start (beyond the supply)
    ships: tuple[int, ...]  # cargo ship capacities
    roles: tuple[int, ...]  # the role cards in play
    start_crops: tuple[int, ...]  # by seat from the governor
    stack: tuple[int, ...]  # face-down plantation tiles by crop, before the first display is drawn
    quarries: int
    goods: tuple[int, ...]

    @property
    def display_size(self) -> int:
        return display_size(self.players)


def setup(players: int, settings: Settings = DEFAULT_SETTINGS) -> SetUp:
    """The set-up: with start_tiles_from_pool the start plantations leave the stack."""
    crops = settings.start_crops_by_seat(players)
    stack = list(settings.tiles)
    if settings.start_tiles_from_pool:
        for c in crops:
            stack[c] -= 1
    return SetUp(players, DOUBLOONS[players], VP_CHIPS[players], COLONISTS[players], players, CARGO_SHIPS[players],
                 role_cards(players), crops, tuple(stack), settings.quarries, settings.goods)


# -- parsing ---------------------------------------------------------------------------------------------------

def crop(value, field: str, quarry: bool = False) -> int:
    """A crop name (or quarry where allowed) -> its index."""
    names = PLANTATION_KINDS if quarry else CROPS
    return names.index(sc.choice(value, field, names))


def counts(value, field: str, names: tuple[str, ...], high: int, default=None) -> tuple[int, ...]:
    """A mapping name -> count (missing names 0, or `default`'s) -> a tuple by `names`."""
    out = list(default) if default is not None else [0] * len(names)
    for key, n in sc.mapping(value, field).items():
        where = f"{field}.{sc.key_name(key)}"
        out[names.index(sc.choice(key, where, names))] = sc.integer(n, where, 0, high)
    return tuple(out)


def _table(value, field: str, names: tuple[str, ...], default: tuple, high: int) -> tuple:
    if value == "printed":
        return default
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: printed, or a mapping {', '.join(names)} -> count")
    return counts(value, field, names, high, default)


def _plantations(value, field: str) -> tuple[int, ...]:
    out = _table(value, field, PLANTATION_KINDS, PLANTATION_TILES + (QUARRIES,), 100)
    for c, name in enumerate(CROPS):
        if out[c] < 1:
            raise ScenarioError(f"{field}.{name}", "at least 1 tile of every crop (a start plantation may need it)")
    return out


def _buildings(value, field: str) -> tuple:
    """printed, or a mapping building -> {cost, column, count, circles} overriding the printed rows given."""
    if value == "printed":
        return BUILDING_TABLE
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: printed, or a mapping building -> {{cost, column, "
                                   "count, circles}")
    rows = list(BUILDING_TABLE)
    limits = {"cost": (0, 30), "column": (1, 4), "count": (0, 6), "circles": (1, 3)}
    for key, raw in sc.mapping(value, field).items():
        where = f"{field}.{sc.key_name(key)}"
        b = BUILDING[sc.choice(key, where, BUILDING_NAMES)]
        block = sc.mapping(raw, where, set(BUILDING_FIELDS))
        row = list(rows[b])
        for i, name in enumerate(BUILDING_FIELDS):
            if block.get(name) is not None:
                row[i] = sc.integer(block[name], f"{where}.{name}", *limits[name])
        rows[b] = tuple(row)
    return tuple(rows)


_SPECIAL = {
    "cost_floor": lambda value, field: sc.integer(value, field, 0, 10),
    "wharf_capacity": lambda value, field: sc.integer(value, field, 1, 100),
    "plantations": _plantations,
    "goods": lambda value, field: _table(value, field, CROPS, GOODS, 100),
    "buildings": _buildings,
    "turn_cap": lambda value, field: sc.integer(value, field, 1, 1000),
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
