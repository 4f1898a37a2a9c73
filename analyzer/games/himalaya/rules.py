"""Himalaya rules as data (rules spec: shared/rules/himalaya.md, from the Slovak Himalaya article of
seeds/wiki-games.cs.txt): the colours by value, the d20 placement rule, the inventory, the three-player winner and
every named setting as a frozen `Settings`.

The seed gives no split of the 60 resources per colour: `resources_per_colour` is a setting whose default (12) is
the spec's ILLUSTRATIVE one, and every output resting on it says so.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (3, 4)
COLOURS = ("salt", "barley", "tea", "jade", "gold")  # by value, lowest first
VILLAGES = 20
DIE = 20
PER_PLACEMENT = 5  # resources drawn into a village
TARGET = 5  # villages offering goods, and offering tasks, after a refill
ROUNDS = 12
INVENTORY_ROUNDS = (4, 8, 12)
INVENTORY_YAKS = 3
CATEGORIES = ("economy", "politics", "religion")  # the seed's tie order for three players


def landing(occupied, roll: int) -> int | None:
    """The village a placement lands in: the rolled one if free, else the numerically next free one, wrapping
    20 -> 1 ("najbližšej prázdnej dediny s vyšším číslom"); None when all 20 are occupied."""
    for step in range(VILLAGES):
        v = (roll - 1 + step) % VILLAGES + 1
        if v not in occupied:
            return v
    return None


def inventory_winner(counts: dict) -> str | None:
    """Who takes a colour's 3-yak token: the strict most cubes; a tie for the most: nobody ("Pri rovnosti nikto
    jakov nevyhrá"); nobody holding one: nobody."""
    best = max(counts.values(), default=0)
    leaders = [who for who, n in counts.items() if n == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def inventory_rewards(full_inventory: bool) -> tuple[str, ...]:
    """What a colour's winner may take: the token; with full_inventory also 2 delegations next to his leader or a
    stupa in a bordering level-1 village."""
    return ("yak_token", "two_delegations", "stupa") if full_inventory else ("yak_token",)


def three_player_winner(points: dict, reading: str = "two_of_three") -> str | None:
    """points: player -> (economy, politics, religion).  two_of_three: the player with the strict most points in two
    of the three categories; if nobody leads two, the most economy, among those tied the most politics, then
    religion.  sum_two: the most in the sum of his two best categories, ties by economy, politics, religion.
    None: still tied."""
    players = list(points)
    if reading == "sum_two":
        keys = {p: (sum(sorted(points[p])[1:]), *points[p]) for p in players}
        best = max(keys.values())
        top = [p for p in players if keys[p] == best]
        return top[0] if len(top) == 1 else None
    leads = {p: 0 for p in players}
    for i in range(len(CATEGORIES)):
        winner = inventory_winner({p: points[p][i] for p in players})
        if winner is not None:
            leads[winner] += 1
    two = [p for p in players if leads[p] >= 2]
    if two:
        return two[0]
    best = max(points.values())
    top = [p for p in players if tuple(points[p]) == tuple(best)]
    return top[0] if len(top) == 1 else None


def storm_last_move(storm_stop: str) -> bool:
    """Whether a 6th action that would leave a leader on a storm token is made: void (default) -> no."""
    return storm_stop == "allowed"


# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "occupied_means": ("goods_or_task", ("goods_or_task", "goods_only")),
    "resources_per_colour": (12, ()),
    "three_player": ("two_of_three", ("two_of_three", "sum_two")),
    "short_bag": ("place_what_is_left", ("place_what_is_left", "no_placement")),
    "full_inventory": (False, ()),
    "events": (False, ()),
    "storm_stop": ("void", ("void", "allowed")),
}
_DATA = ("resources_per_colour",)  # data with an illustrative default


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    occupied_means: str = "goods_or_task"  # what a goods placement skips; goods_only: only goods villages
    resources_per_colour: int = 12  # ILLUSTRATIVE: the seed gives 60 in 5 colours, no split
    three_player: str = "two_of_three"  # or sum_two: the sum of the two best categories
    short_bag: str = "place_what_is_left"  # fewer than 5 in the bag: place them; no_placement: place none
    full_inventory: bool = False  # the optional module: token, 2 delegations or a stupa
    events: bool = False  # yeti / storm / market tokens (market: traders choose their resource)
    storm_stop: str = "void"  # a 6th action leaving a leader on a storm is void; allowed: it is made

    @property
    def illustrative(self) -> tuple[str, ...]:
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    DEFAULT_LINE = "every named setting at the spec's default"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}

_SPECIAL = {"resources_per_colour": lambda value, field: sc.integer(value, field, 1, 40)}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults); `board` is parse_board's."""
    return core_settings.parse(Settings, SETTINGS, value, field, skip=frozenset({"board"}), special=_SPECIAL)


# -- the board (no source prints it: ILLUSTRATIVE unless typed; these questions read none of it) -------------------
ROADS = ("clay", "ice", "stone")
LEVELS = (1, 2, 3)  # house, temple, monastery
REGIONS = 8
BOARD_KEYS = {"levels", "roads", "regions"}


@dataclass(frozen=True)
class Board:
    levels: tuple  # village 1..20 -> level
    roads: tuple  # ((village, village, kind), ...)
    regions: tuple  # 8 tuples of villages


def _illustrative_board() -> Board:
    """A ring 1-2-...-20-1 whose road kinds alternate so no village has two of a kind, chords of the third kind,
    levels 1, 1, 2, 1, 3 repeating, regions of 2 or 3 neighbours."""
    ring = tuple((v, v % VILLAGES + 1, ROADS[v % 3]) for v in range(1, VILLAGES + 1))
    chords = tuple((a, a + 9, ROADS[(a + 1) % 3]) for a in (2, 5, 8))
    cuts = (0, 3, 5, 8, 10, 13, 15, 18, 20)
    regions = tuple(tuple(range(cuts[i] + 1, cuts[i + 1] + 1)) for i in range(REGIONS))
    return Board(tuple((1, 1, 2, 1, 3)[(v - 1) % 5] for v in range(1, VILLAGES + 1)), ring + chords, regions)


ILLUSTRATIVE_BOARD = _illustrative_board()


def parse_board(value, field: str) -> Board:
    """illustrative, or {levels: {village: 1-3} for all 20, roads: [[a, b, clay|ice|stone], ...] with at most one
    road of each kind at a village (a move token names only a kind), regions: 8 lists of villages}."""
    if value is None or value == "illustrative":
        return ILLUSTRATIVE_BOARD
    block = sc.mapping(value, field, BOARD_KEYS)
    levels = sc.mapping(block.get("levels"), f"{field}.levels")
    if len(levels) != VILLAGES:
        raise ScenarioError(f"{field}.levels", f"a level (1-3) for each of the {VILLAGES} villages; got {len(levels)}")
    by_village = {sc.integer(v, f"{field}.levels.{sc.key_name(v)}", 1, VILLAGES): sc.integer(
        n, f"{field}.levels.{sc.key_name(v)}", 1, 3) for v, n in levels.items()}
    roads, kinds = [], set()
    for i, road in enumerate(sc.sequence(block.get("roads"), f"{field}.roads")):
        where = f"{field}.roads[{i}]"
        items = sc.sequence(road, where)
        if len(items) != 3:
            raise ScenarioError(where, "[village, village, clay | ice | stone]")
        a, b = (sc.integer(x, where, 1, VILLAGES) for x in items[:2])
        kind = sc.choice(items[2], where, ROADS)
        for v in (a, b):
            if (v, kind) in kinds:
                raise ScenarioError(where, f"village {v} has a {kind} road already: at most one of each kind")
            kinds.add((v, kind))
        roads.append((a, b, kind))
    regions = sc.sequence(block.get("regions"), f"{field}.regions")
    if len(regions) != REGIONS:
        raise ScenarioError(f"{field}.regions", f"{REGIONS} regions, each a list of villages; got {len(regions)}")
    parsed = tuple(tuple(sc.integer(v, f"{field}.regions[{i}]", 1, VILLAGES) for v in sc.sequence(
        region, f"{field}.regions[{i}]")) for i, region in enumerate(regions))
    return Board(tuple(by_village[v] for v in range(1, VILLAGES + 1)), tuple(roads), parsed)


def board_template() -> str:
    """`analyzer board himalaya --template`: the `rules:` block of the printed board, its blanks null; each line's
    comment holds the ILLUSTRATIVE board, so the file parses only once filled in from a real one."""
    b = ILLUSTRATIVE_BOARD
    lines = ["# Himalaya board file: village levels, roads and regions, which no public source gives.",
             "# Replace every null from YOUR board, then put this rules: block in your scenario.  The comments hold",
             "# the ILLUSTRATIVE board the analyzer uses when none is given.", "rules:", "  board:", "    levels:"]
    lines += [f"      {v}: null   # illustrative: {b.levels[v - 1]}" for v in range(1, VILLAGES + 1)]
    lines.append("    roads:   # [village, village, clay | ice | stone], at most one road of each kind at a village")
    lines += [f"      - [null, null, null]   # illustrative: [{a}, {c}, {k}]" for a, c, k in b.roads]
    lines.append("    regions:   # 8 lists of villages")
    lines += [f"      - [null]   # illustrative: {list(region)}" for region in b.regions]
    return "\n".join(lines) + "\n"


def colour(value, field: str) -> str:
    return sc.choice(value, field, COLOURS)
