"""Café International rules as data (rules spec: shared/rules/cafe-international.md, from the Café International
article of seeds/wiki-games.cs.txt): the tiles, the board's tables and chairs, the bar, the scoring constants, and
every named setting as a frozen `Settings`.

The seed lacks the table/chair layout and the bar values (pictures): each is a setting whose default is the spec's
ILLUSTRATIVE data (`Settings.illustrative` says which are at it), and a scenario may give the real ones.

Ints shared with the engine: nationalities 0..11 (`NATIONALITIES`, "N1".."N12"), `JOKER` = 12, sexes 0 = f,
1 = m; a tile kind is `kind(nat, sex)` = 2 * nat + sex (jokers 24, 25), `KINDS` = 26 with `KIND_COUNTS` tiles each.
A layout is a tuple of tables (name, nat, chairs) in board order, chairs by name; a chair named at two tables is
shared by them (never by more).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 4)
NATIONALITIES = tuple(f"N{i}" for i in range(1, 13))
JOKER = len(NATIONALITIES)  # 12
SEXES = ("f", "m")
PER_SEX = 4  # of each nationality: 4 women + 4 men
JOKERS_PER_SEX = 2
KINDS = 2 * (JOKER + 1)  # 26
KIND_COUNTS = tuple(JOKERS_PER_SEX if k >= 2 * JOKER else PER_SEX for k in range(KINDS))
TILES = sum(KIND_COUNTS)  # 100
HAND = 5
SEATS_PER_TABLE = 4  # inferred from the seed's maxima (spec "Components")
MAX_TABLES, MAX_CHAIRS = 64, 100  # a supplied layout's size: every legal move of a turn fits the engine's move list
SINGLE_NATIONALITY_POINTS = 8  # a completed table of one nationality (jokers allowed) scores double
COFFEE_PARTY_POINTS, COFFEE_PARTY_SINGLE_POINTS = 20, 40
PENALTY_TILE, PENALTY_JOKER = 5, 10  # points lost at the end per tile left in hand
BAG_END = 4  # the game ends when only this many tiles are left in the bag (bag_end)
COMPLETIONS_TO_EMPTY_HAND = 5  # five single-nationality completions shrink a hand of 5 to none
assert TILES == 100


def kind(nat: int, sex: int) -> int:
    return 2 * nat + sex


def kind_nat(k: int) -> int:
    return k // 2


def kind_sex(k: int) -> int:
    return k % 2


def kind_name(k: int) -> str:
    nat = kind_nat(k)
    return f"{'joker' if nat == JOKER else NATIONALITIES[nat]} {SEXES[kind_sex(k)]}"


def end_penalty(normal: int, jokers: int) -> int:
    """Points lost at the end for the tiles left in hand (a negative number)."""
    return -(PENALTY_TILE * normal + PENALTY_JOKER * jokers)


# -- the board (ILLUSTRATIVE: 24 tables in a ring, N1..N12 twice, 4 chairs each, the end chairs shared) ---------
RING_TABLES = 24


def _ring() -> tuple:
    chairs = 3 * RING_TABLES  # 72: each table owns two middle chairs and shares one at each end
    return tuple((f"T{i + 1}", i % len(NATIONALITIES),
                  tuple(f"c{(3 * i + j) % chairs + 1}" for j in range(SEATS_PER_TABLE)))
                 for i in range(RING_TABLES))


ILLUSTRATIVE_LAYOUT = _ring()  # T1 [c1..c4], T2 [c4..c7], ..., T24 [c70, c71, c72, c1]

# -- the bar (ILLUSTRATIVE: the public Java port's 21 values; the board's 20 are the first 20) --------------------
PORT_BAR_VALUES = (1, 2, 3, 4, 5, -2, -4, -6, -8, -10, -4, -6, -8, -10, -12, -6, -8, -10, -12, -14, -16)
BAR_SPACES = (20, 21)
ILLUSTRATIVE_BAR = PORT_BAR_VALUES[:20]

# -- the named settings ----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "birthday_table": (False, ()),
    "birthday_score": (50, ()),
    "coffee_party": (False, ()),
    "lone_guest_rule": ("shared_group", ("shared_group", "never")),
    "table_scoring": ("per_table", ("per_table", "per_guest")),
    "bag_end": ("at_most_4", ("at_most_4", "exactly_4")),
    "bar_spaces": (20, BAR_SPACES),
    "dropout": ("hand_removed", ("hand_removed",)),
    "layout": (ILLUSTRATIVE_LAYOUT, ("illustrative_ring",)),
    "bar_values": (ILLUSTRATIVE_BAR, ("illustrative",)),
    "turn_cap": (300, ()),
    **core_settings.HANDICAP_SETTING,
}
_DATA = ("layout", "bar_values")  # scenario data with illustrative defaults


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    birthday_table: bool = False  # the first to birthday_score names a nationality: its two tables score double
    birthday_score: int = 50
    coffee_party: bool = False  # 3 or 4 tiles making 4 women / 4 men at one table: 20, 40 if single-nationality
    lone_guest_rule: str = "shared_group"  # a lone guest only on a chair shared with an occupied table; never
    table_scoring: str = "per_table"  # a table given two guests scores once (its count after both); per_guest
    bag_end: str = "at_most_4"  # ends once a full refill leaves <= 4 in the bag; exactly_4: refills stop at 4
    bar_spaces: int = 20  # 21 in the Java port
    dropout: str = "hand_removed"  # a player who cannot pay the bar: his hand leaves the game, his guests stay
    layout: tuple = ILLUSTRATIVE_LAYOUT  # (table, nat, chairs) in board order
    bar_values: tuple[int, ...] = ILLUSTRATIVE_BAR  # one value per bar space, filled in order
    turn_cap: int = 300  # turns of all players together; a game reaching it stops and counts apart
    seat_handicap: tuple = ()  # points each turn-order rank starts with (printed: 0; core/settings.py); (): none

    def __post_init__(self):
        if self.bar_spaces == 21 and self.bar_values == ILLUSTRATIVE_BAR:  # the illustrative bar of 21: the port's
            object.__setattr__(self, "bar_values", PORT_BAR_VALUES)
        if len(self.bar_values) != self.bar_spaces:
            raise ScenarioError("rules.bar_values", f"one value per bar space: bar_spaces is {self.bar_spaces}, "
                                                    f"got {len(self.bar_values)} values")

    @property
    def illustrative(self) -> tuple[str, ...]:
        """The data settings left at the spec's illustrative defaults."""
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name)
                     or (name == "bar_values" and self.bar_values == PORT_BAR_VALUES))

    LISTS = True

    def show(self, name: str):
        value = getattr(self, name)
        if name == "layout":
            return {t: {"nat": NATIONALITIES[n], "chairs": list(c)} for t, n, c in value}
        return super().show(name)

    def labels(self) -> list[str]:
        """The settings line (the illustrative data named apart by each output that rests on it)."""
        shown = {k: ("given" if k in _DATA else v) for k, v in self.shown().items() if k not in self.illustrative}
        return ["rules: " + (", ".join(f"{k}={v}" for k, v in shown.items()) + " (others at their defaults)"
                             if shown else "every named setting at the spec's default")]


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


# -- parsing ---------------------------------------------------------------------------------------------------

def nationality(value, field: str, joker: bool = True) -> int:
    """"N1".."N12" (or "joker" where allowed) -> 0..11 (JOKER)."""
    names = NATIONALITIES + (("joker",) if joker else ())
    return names.index(sc.choice(value if not isinstance(value, str) else value.strip(), field, names))


def sex(value, field: str) -> int:
    return SEXES.index(sc.choice(value, field, SEXES))


def parse_layout(value, field: str) -> tuple:
    """illustrative_ring, or a mapping table -> {nat, chairs: [chair, ...]} -> a layout tuple."""
    if value == "illustrative_ring":
        return ILLUSTRATIVE_LAYOUT
    if isinstance(value, str) or not isinstance(value, dict) or not value:
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative_ring, or a mapping table -> "
                                   "{nat: N1..N12, chairs: [chair ids]}")
    tables, seen = [], {}
    for name, raw in value.items():
        where = f"{field}.{sc.key_name(name)}"
        block = sc.mapping(raw, where, {"nat", "chairs"})
        if block.get("nat") is None:
            raise ScenarioError(f"{where}.nat", "the table's nationality, N1..N12")
        nat = nationality(block["nat"], f"{where}.nat", joker=False)
        chairs = tuple(str(c) for c in sc.sequence(block.get("chairs"), f"{where}.chairs"))
        if not 1 <= len(chairs) <= SEATS_PER_TABLE or len(set(chairs)) != len(chairs):
            raise ScenarioError(f"{where}.chairs", f"1 to {SEATS_PER_TABLE} distinct chair ids")
        for c in chairs:
            seen.setdefault(c, []).append(str(name))
            if len(seen[c]) > 2:
                raise ScenarioError(f"{where}.chairs", f"chair {c} is at {', '.join(seen[c])}: a chair is shared "
                                                       "by two tables at most")
        tables.append((str(name), nat, chairs))
    if len(tables) > MAX_TABLES or len(seen) > MAX_CHAIRS:
        raise ScenarioError(field, f"{len(tables)} tables and {len(seen)} chairs; allowed: at most {MAX_TABLES} tables "
                                   f"and {MAX_CHAIRS} chairs")
    return tuple(tables)


def _bar_values(value, field: str) -> tuple[int, ...]:
    if value == "illustrative":
        return ILLUSTRATIVE_BAR
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative, or a list of "
                                   f"{' or '.join(map(str, BAR_SPACES))} points (negative: paid)")
    items = sc.sequence(value, field)
    if len(items) not in BAR_SPACES:
        raise ScenarioError(field, f"one value per bar space ({' or '.join(map(str, BAR_SPACES))}); got {len(items)}")
    return tuple(sc.integer(x, f"{field}[{i}]", -1000, 1000) for i, x in enumerate(items))


def _bar_spaces(value, field: str) -> int:
    return BAR_SPACES[BAR_SPACES.index(int(sc.choice(str(value), field, map(str, BAR_SPACES))))]


_SPECIAL = {
    "birthday_score": lambda value, field: sc.integer(value, field, 1, 1000),
    "bar_spaces": _bar_spaces,
    "layout": parse_layout,
    "bar_values": _bar_values,
    "turn_cap": lambda value, field: sc.integer(value, field, 1, 100_000),
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
