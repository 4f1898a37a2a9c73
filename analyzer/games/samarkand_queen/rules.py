"""Samarkand: Routes to Riches rules as data (rules spec: shared/rules/samarkand-queen.md).

Families are indexed 0..F-1 (the default board: `FAMILIES` order, spec §7), goods cards by their
number 1..N, cells 0..C-1 (the default board: 12·row + col, id "row,col").  The printed map, the
dowries and most family names are in no source: the default `Board` (`illustrative-hex-84`, spec
§7) is **illustrative** and every output built on it says so; a scenario may carry the printed map
inline (`parse_board`).

Every reading the spec leaves open (§10) is a field of the frozen `Settings`; `parse_settings`
reads a scenario's mapping and raises `ScenarioError(field, what is allowed)`.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, fields

from analyzer.core import scenario as sc, settings
from analyzer.core.scenario import key_name, mapping  # noqa: F401 (state.py reads them from here)
from analyzer.core.settings import Readings
from analyzer.core.errors import ScenarioError, did_you_mean

CAMELS = 12  # per family
TILES = 2  # per family
MARKERS = 5  # relationship markers per family (4 grey under 1 dark green)
START_MONEY = 10
DEAL = 2  # goods cards dealt to each player
DRAW = 3  # cards drawn at a marriage
SECOND_CAMEL_COST = 1  # Dirham from the family's treasury
SALE = 3  # Dirham for selling a card
ACTIVE_BONUS, PASSIVE_BONUS = 3, 1  # a new relationship: per holder of the active / passive family
OWN_VP, OTHER_VP = 4, 1  # per camel on a card's space: of a family the holder has a tile of / another
PLAYERS = (2, 5)
MAX_CELLS = 400

# ------------------------------------------------------------------------------------------------
# the illustrative default board (spec §7)

ILLUSTRATIVE_GRID = """\
.. Ab 01 .. 02 .. 03 .. Dt 04 .. 05
06 .. 07 Bc .. 08 ~~ .. 09 .. 10 ..
.. 11 .. 12 .. Cm ~~ 13 .. 14 .. Ec
15 .. Gl 16 .. 17 .. 18 Ip .. 19 ..
.. ~~ 20 .. 21 .. 22 .. 23 .. 24 Ji
Fe ~~ .. 25 .. ~~ ~~ 26 .. 27 .. 28
29 ~~ .. Ha 30 .. ~~ 31 .. 32 .. 33"""
# family: (start code, domain edge, dowry)
ILLUSTRATIVE_FAMILIES = {
    "byzantium": ("Ab", "top", 4), "caucasus": ("Bc", "top", 5), "mesopotamia": ("Cm", "top", 6),
    "turkestan": ("Dt", "top", 5), "china": ("Ec", "top", 3), "egypt": ("Fe", "bottom", 3),
    "levant": ("Gl", "bottom", 5), "arabia": ("Ha", "bottom", 4), "persia": ("Ip", "bottom", 6),
    "india": ("Ji", "bottom", 4),
}
FAMILIES = tuple(ILLUSTRATIVE_FAMILIES)
DOMAINS = ("top", "bottom")
KINDS = ("land", "water")


def hex_neighbours(r: int, c: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """Spec §7: odd rows shifted half a cell right."""
    if r % 2 == 0:
        near = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    else:
        near = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    return [(a, b) for a, b in near if 0 <= a < rows and 0 <= b < cols]


@dataclass(frozen=True)
class Board:
    """The map and the families' printed data.  Everything an engine needs is precomputed:
    `neighbours[cell]`, `goods_cell[card]` (index 0 unused, -1), `goods_at[cell]` (0: no goods),
    `start_cell[family]`, `distance[a][b]` (BFS steps over all cells, land and water)."""
    name: str
    source: str  # illustrative | printed
    cell_ids: tuple[str, ...]
    is_water: tuple[bool, ...]
    goods_at: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    families: tuple[str, ...]
    start_cell: tuple[int, ...]
    dowry: tuple[int, ...]
    domain: tuple[str, ...]
    cards: int = 0  # N, set in __post_init__
    goods_cell: tuple[int, ...] = ()
    distance: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self):
        goods = {n: cell for cell, n in enumerate(self.goods_at) if n}
        object.__setattr__(self, "cards", len(goods))
        object.__setattr__(self, "goods_cell", (-1,) + tuple(goods[n] for n in range(1, len(goods) + 1)))
        object.__setattr__(self, "distance", tuple(_bfs(self.neighbours, a) for a in range(len(self.cell_ids))))
        object.__setattr__(self, "_ids", {cid: i for i, cid in enumerate(self.cell_ids)})  # not a field

    @property
    def illustrative(self) -> bool:
        return self.source != "printed"

    @property
    def cells(self) -> int:
        return len(self.cell_ids)

    def cell(self, value, field: str) -> int:
        """A cell id ("row,col" on the default board) -> its index."""
        key = _cell_key(value)
        if key in self._ids:
            return self._ids[key]
        raise ScenarioError(field, f"got {value!r}; allowed: a cell id of the board, e.g. {self.cell_ids[0]!r}"
                                   f"{did_you_mean(key, self.cell_ids)}")

    def family(self, value, field: str) -> int:
        if isinstance(value, str) and value.strip().lower() in self.families:
            return self.families.index(value.strip().lower())
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(self.families)}"
                                   f"{did_you_mean(value, self.families)}")

    def label(self) -> str:
        if self.illustrative and self.name == "illustrative-hex-84":
            return (f"ILLUSTRATIVE BOARD {self.name}: the printed map and dowries are in no source; spec §7's "
                    "invented hex map (a scenario's `rules.board` can carry the printed one)")
        if self.illustrative:
            return f"ILLUSTRATIVE BOARD {self.name}: an invented map given inline (source: illustrative)"
        return f"board {self.name}: the map supplied by the scenario"


def _cell_key(value) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                   for v in value):
        return f"{value[0]},{value[1]}"
    if isinstance(value, (str, int)):
        return str(value).replace(" ", "")
    return None


def _bfs(neighbours, start: int) -> tuple[int, ...]:
    far = len(neighbours) + 1  # unreachable
    dist = [far] * len(neighbours)
    dist[start] = 0
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in neighbours[a]:
            if dist[b] == far:
                dist[b] = dist[a] + 1
                todo.append(b)
    return tuple(dist)


def _illustrative_board() -> Board:
    rows = [line.split() for line in ILLUSTRATIVE_GRID.splitlines()]
    R, C = len(rows), len(rows[0])
    starts = {code: name for name, (code, _, _) in ILLUSTRATIVE_FAMILIES.items()}
    ids, water, goods, start_of = [], [], [], {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            ids.append(f"{r},{c}")
            water.append(token == "~~")
            goods.append(int(token) if token.isdigit() else 0)
            if token in starts:
                start_of[starts[token]] = r * C + c
    neighbours = tuple(tuple(sorted(a * C + b for a, b in hex_neighbours(r, c, R, C)))
                       for r in range(R) for c in range(C))
    return Board("illustrative-hex-84", "illustrative", tuple(ids), tuple(water), tuple(goods), neighbours,
                 FAMILIES, tuple(start_of[f] for f in FAMILIES),
                 tuple(d for _, _, d in ILLUSTRATIVE_FAMILIES.values()),
                 tuple(e for _, e, _ in ILLUSTRATIVE_FAMILIES.values()))


DEFAULT_BOARD = _illustrative_board()
BOARDS = {DEFAULT_BOARD.name: DEFAULT_BOARD}

# ------------------------------------------------------------------------------------------------
# an inline board from a scenario

BOARD_KEYS = {"name", "source", "cells", "adjacency", "families"}
CELL_KEYS = {"kind", "goods", "start"}
FAMILY_KEYS = {"dowry", "domain"}


def parse_board(value, field: str = "rules.board") -> Board:
    """`illustrative-hex-84` (or None), or an inline mapping: cells {id: {kind, goods, start}},
    adjacency {id: [ids]} (made symmetric), families {name: {dowry, domain}}; source printed (default)."""
    if value is None:
        return DEFAULT_BOARD
    if isinstance(value, str):
        if value in BOARDS:
            return BOARDS[value]
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(BOARDS)} or an inline mapping "
                                   f"(cells, adjacency, families){did_you_mean(value, BOARDS)}")
    block = mapping(value, field, BOARD_KEYS)
    name = block.get("name", "inline")
    if not isinstance(name, str) or not name.strip():
        raise ScenarioError(f"{field}.name", "a board name (text)")
    source = sc.choice(block.get("source", "printed"), f"{field}.source", ("printed", "illustrative"))
    fams = mapping(block.get("families"), f"{field}.families")
    if not 2 <= len(fams) <= 20:
        raise ScenarioError(f"{field}.families", "2 to 20 families, each {dowry, domain}")
    families, dowry, domain = [], [], []
    for key, entry in fams.items():
        where = f"{field}.families.{key_name(key)}"
        if not isinstance(key, str) or not key.strip() or key.strip().lower() in families:
            raise ScenarioError(where, "a family name (text), each given once")
        entry = mapping(entry, where, FAMILY_KEYS)
        families.append(key.strip().lower())
        dowry.append(sc.integer(entry.get("dowry"), f"{where}.dowry", 0, 99))
        domain.append(sc.choice(entry.get("domain", "top"), f"{where}.domain", DOMAINS))
    cells = mapping(block.get("cells"), f"{field}.cells")
    if not 2 <= len(cells) <= MAX_CELLS:
        raise ScenarioError(f"{field}.cells", f"2 to {MAX_CELLS} cells, each {{kind, goods, start}}")
    ids, water, goods, starts = [], [], [], {}
    for key, entry in cells.items():
        where = f"{field}.cells.{key_name(key)}"
        cid = _cell_key(key)
        if cid is None or not cid or cid in ids:
            raise ScenarioError(where, "a cell id (text or number), each given once")
        entry = mapping(entry, where, CELL_KEYS)
        kind = sc.choice(entry.get("kind", "land"), f"{where}.kind", KINDS)
        n = sc.integer(entry.get("goods", 0), f"{where}.goods", 0, 99)
        start = entry.get("start")
        if start is not None:
            if not isinstance(start, str) or start.strip().lower() not in families:
                raise ScenarioError(f"{where}.start", f"got {start!r}; allowed: {', '.join(families)}"
                                                      f"{did_you_mean(start, families)}")
            f = families.index(start.strip().lower())
            if f in starts:
                raise ScenarioError(f"{where}.start", f"{families[f]} already starts on {ids[starts[f]]}")
            starts[f] = len(ids)
        if (kind == "water") and (n or start is not None):
            raise ScenarioError(where, "a water space holds no goods and no start")
        if n and start is not None:
            raise ScenarioError(where, "a start space holds no goods")
        ids.append(cid)
        water.append(kind == "water")
        goods.append(n)
    numbers = sorted(n for n in goods if n)
    if numbers != list(range(1, len(numbers) + 1)) or not numbers:
        raise ScenarioError(f"{field}.cells", "goods numbers must be 1..N, each on one land space")
    for f, fam in enumerate(families):
        if f not in starts:
            raise ScenarioError(f"{field}.families.{fam}", "no cell names this family as its start")
    index = {cid: i for i, cid in enumerate(ids)}
    near = [set() for _ in ids]
    adjacency = mapping(block.get("adjacency"), f"{field}.adjacency")
    for key, items in adjacency.items():
        where = f"{field}.adjacency.{key_name(key)}"
        a = index.get(_cell_key(key))
        if a is None:
            raise ScenarioError(where, "not a cell of the board")
        for i, other in enumerate(sc.sequence(items, where)):
            b = index.get(_cell_key(other))
            if b is None or b == a:
                raise ScenarioError(f"{where}[{i}]", "another cell of the board")
            near[a].add(b)
            near[b].add(a)
    neighbours = tuple(tuple(sorted(s)) for s in near)
    board = Board(name.strip(), source, tuple(ids), tuple(water), tuple(goods), neighbours, tuple(families),
                  tuple(starts[f] for f in range(len(families))), tuple(dowry), tuple(domain))
    if any(d > len(ids) for d in board.distance[0]):
        raise ScenarioError(f"{field}.adjacency", "every cell must be reachable from every other")
    return board


def board_mapping(board: Board) -> dict:
    """A board as the inline mapping `parse_board` reads (the board template)."""
    cells = {}
    for i, cid in enumerate(board.cell_ids):
        entry = {"kind": "water" if board.is_water[i] else "land"}
        if board.goods_at[i]:
            entry["goods"] = board.goods_at[i]
        if i in board.start_cell:
            entry["start"] = board.families[board.start_cell.index(i)]
        cells[cid] = entry
    return {"name": board.name, "source": board.source, "cells": cells,
            "adjacency": {cid: [board.cell_ids[b] for b in board.neighbours[i]]
                          for i, cid in enumerate(board.cell_ids)},
            "families": {f: {"dowry": board.dowry[i], "domain": board.domain[i]} for i, f in enumerate(board.families)}}


# ------------------------------------------------------------------------------------------------
# settings (spec §10): name -> (default, allowed readings)

SETTINGS: dict[str, tuple] = {
    "second_camel": ("not_adjacent_to_first", ("not_adjacent_to_first", "old_route_only", "free")),
    "bonus_scope": ("new_pair", ("new_pair", "first_per_family")),
    "markers_exhausted": ("skip", ("skip",)),
    "discard_pile": ("public", ("public", "hidden")),
    "empty_deck": ("draw_what_exists", ("draw_what_exists",)),
    "bag_tile": ("someone_married", ("someone_married", "drawer_married")),
    "no_legal_action": ("pass", ("pass",)),
    "hand_limit": ({2: 10, 3: 10, 4: 7, 5: 6}, "{2..5: 1..33}"),
    "two_player_bag": (True, (True, False)),
    "turn_cap": (400, "1..100000"),
    **settings.HANDICAP_SETTING,
}

SETTING_HELP = {
    "second_camel": "not_adjacent_to_first: the second camel may not touch the first; old_route_only: it must touch "
                    "the route as it stood before this turn; free: any space next to its colour",
    "bonus_scope": "new_pair: every first meeting of two families pays 3/1 and gives markers; first_per_family: "
                   "Dirham only on the paid family's first relationship (markers still per new pair)",
    "markers_exhausted": "skip: a 6th relationship in one turn pays its bonuses, the missing marker is not taken",
    "discard_pile": "public: the discards are known, so not in my unseen pool; hidden: they are",
    "empty_deck": "draw_what_exists: pile and discards both empty, a marriage draws what there is",
    "bag_tile": "2 players: someone_married: a drawn tile goes to its domain if anybody married into the family, "
                "else leaves; drawer_married: only if the drawer did",
    "no_legal_action": "pass: a player with no affordable dowry and no legal placement passes",
    "hand_limit": "hand + sold cards allowed, by player count",
    "two_player_bag": "2 players: true: one tile per family on its domain, the other in the bag; false: both on "
                      "the domains, one tile per family per player",
    "turn_cap": "full games end after this many turns in all (counted apart as 'cap')",
    "seat_handicap": "Dirham added to each seat's start of 10, seat 0 moving first (core/settings.py)",
}


class AtTable:
    """What the settings fix for a table of `players` (a position's, a replayed game's): mixed into
    state.Position and reference.Table, which both hold `settings` and `players`."""

    @property
    def limit(self) -> int:
        return self.settings.limit(self.players)

    @property
    def uses_bag(self) -> bool:
        return self.settings.bag(self.players)


@dataclass(frozen=True)
class Settings(Readings):
    second_camel: str = "not_adjacent_to_first"
    bonus_scope: str = "new_pair"
    markers_exhausted: str = "skip"
    discard_pile: str = "public"
    empty_deck: str = "draw_what_exists"
    bag_tile: str = "someone_married"
    no_legal_action: str = "pass"
    hand_limit: tuple[tuple[int, int], ...] = ((2, 10), (3, 10), (4, 7), (5, 6))
    two_player_bag: bool = True
    turn_cap: int = 400
    seat_handicap: tuple = ()  # Dirham added to each seat's 10 (seat 0 moves first; core/settings.py); (): none

    def limit(self, players: int) -> int:
        return dict(self.hand_limit)[players]

    def bag(self, players: int) -> bool:
        """Whether the two-player bag rules apply at this table."""
        return players == 2 and self.two_player_bag


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _hand_limit(value, field: str):
    out = dict(SETTINGS["hand_limit"][0])
    for key, n in mapping(value, field).items():
        players = sc.integer(key, field, *PLAYERS)
        out[players] = sc.integer(n, f"{field}.{key_name(key)}", 1, 99)
    return tuple(sorted(out.items()))


_SPECIAL = {"hand_limit": _hand_limit, "turn_cap": lambda value, field: sc.integer(value, field, 1, 100_000)}


def parse_settings(value, field: str = "rules", skip: frozenset = frozenset()) -> Settings:
    """A mapping of §10 settings -> Settings (omitted ones at their defaults); keys in `skip` are the caller's."""
    return settings.parse(Settings, SETTINGS, value, field, skip, _SPECIAL)
