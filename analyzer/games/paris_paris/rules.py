"""Paris Paris rules as data (rules spec: shared/rules/paris-paris.md, from the Paris Paris article of
seeds/wiki-games.cs.txt): the bus map, its stop tiles, the columns, the small and the big tour, opening a shop,
and every named setting as a frozen `Settings`.

No source gives the map graph (it is only pictured): the default is an ILLUSTRATIVE map with the spec's derived
shape (5 lines of 7 stops, every two lines crossing once: 10 crossings, 25 stops, 30 segments, 60 tiles); a
scenario gives the printed one as rules.map.  Every output resting on it says so.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 4)
LINE_COLOURS = ("blue", "red", "green", "yellow", "brown")  # one bus line and one bonus marker each
PLAYER_COLOURS = ("grey", "purple", "black", "white")
SHOPS_PER_PLAYER = 20  # 80 shops
CROSSING_CAPACITY, STOP_CAPACITY = 2, 1
SLOTS = 5  # the discard slots "P"


def column_size(players: int) -> int:
    """Tiles in a column: players + 1 (2 players 20 x 3, 3 players 15 x 4, 4 players 12 x 5)."""
    return players + 1


@dataclass(frozen=True)
class Map:
    """The bus lines: ((colour, (stop, stop, ...)), ...), each line a path in order."""
    lines: tuple

    @property
    def stops(self) -> tuple[str, ...]:
        seen: dict = {}
        for _, stops in self.lines:
            seen.update(dict.fromkeys(stops))
        return tuple(seen)

    def line(self, colour: str) -> tuple[str, ...]:
        return dict(self.lines)[colour]

    def lines_of(self, stop: str) -> tuple[str, ...]:
        return tuple(colour for colour, stops in self.lines if stop in stops)

    def is_crossing(self, stop: str) -> bool:
        return len(self.lines_of(stop)) > 1

    def capacity(self, stop: str) -> int:
        return CROSSING_CAPACITY if self.is_crossing(stop) else STOP_CAPACITY

    def crossings(self, colour: str) -> tuple[str, ...]:
        return tuple(s for s in self.line(colour) if self.is_crossing(s))

    def neighbours(self, stop: str) -> tuple[str, ...]:
        """The directly adjacent stops, on either line."""
        out = []
        for colour in self.lines_of(stop):
            stops = self.line(colour)
            i = stops.index(stop)
            out += [stops[j] for j in (i - 1, i + 1) if 0 <= j < len(stops)]
        return tuple(out)

    def pool(self) -> dict:
        """Every tile, (stop, colour) -> n: one per end of each segment, in that segment's line colour
        (tile_colour adjacency_line)."""
        out: dict = {}
        for colour, stops in self.lines:
            for a, b in zip(stops, stops[1:]):
                for s in (a, b):
                    out[s, colour] = out.get((s, colour), 0) + 1
        return out

    def degree(self, stop: str) -> int:
        return len(self.neighbours(stop))


# -- the ILLUSTRATIVE map: every two lines cross once, each line 4 crossings and 3 other stops --------------------
ILLUSTRATIVE_MAP = Map((
    ("blue", ("Les Halles", "Pompidou", "Opera", "Louvre", "Bastille", "Montparnasse", "Madeleine")),
    ("red", ("Pompidou", "Odeon", "Pantheon", "Nation", "Chatelet", "Invalides", "Cluny")),
    ("green", ("Luxembourg", "Odeon", "Opera", "Pigalle", "Republique", "Trocadero", "Etoile")),
    ("yellow", ("Marais", "Bastille", "Nation", "Belleville", "Republique", "Bercy", "Vincennes")),
    ("brown", ("Orsay", "Montparnasse", "Invalides", "Alma", "Trocadero", "Bercy", "Passy")),
))
ILLUSTRATIVE_EPSILON = Fraction(1, 3)  # a shop away from one's own bonus line, relative to one on it


# -- tours -------------------------------------------------------------------------------------------------------

def _add(points: dict, owner: str, n: int = 1) -> None:
    points[owner] = points.get(owner, 0) + n


def small_tour(board: Map, shops: dict, stop: str, nearest_tie: str = "global") -> dict:
    """{owner: points} of the small tour on a leftover tile at `stop`: each shop there scores 1; else the
    nearest shop(s) along its line(s) score 1 each (all equally near ones), nothing on empty lines.  At a crossing
    with no shop: one nearest distance over both lines (global) or each line's nearest (per_line)."""
    points: dict = {}
    if shops.get(stop):
        for owner in shops[stop]:
            _add(points, owner)
        return points
    by_line = []
    for colour in board.lines_of(stop):
        stops = board.line(colour)
        i = stops.index(stop)
        near = [(abs(j - i), s) for j, s in enumerate(stops) if shops.get(s)]
        if near:
            d = min(x for x, _ in near)
            by_line.append((d, {s for x, s in near if x == d}))
    if nearest_tie == "global" and by_line:
        d = min(x for x, _ in by_line)
        by_line = [(x, s) for x, s in by_line if x == d]
    for s in set().union(*(s for _, s in by_line)) if by_line else ():
        for owner in shops[s]:
            _add(points, owner)
    return points


def big_tour(board: Map, shops: dict, colour: str, double_owner_adjacent: str = "once") -> dict:
    """{owner: points} of a big tour of line `colour`: at each of its crossings every shop scores 1, and each owner
    of a shop there 1 more per shop of his on a directly adjacent stop (either line); holding both shops of the
    crossing, his adjacent shops count once (once) or once per shop held (per_shop)."""
    points: dict = {}
    for crossing in board.crossings(colour):
        here = shops.get(crossing, ())
        for owner in here:
            _add(points, owner)
        for owner in dict.fromkeys(here):
            adjacent = sum(shops.get(n, ()).count(owner) for n in board.neighbours(crossing))
            _add(points, owner, adjacent * (here.count(owner) if double_owner_adjacent == "per_shop" else 1))
    return {o: p for o, p in points.items() if p}


def open_shop(board: Map, shops: dict, stop: str, owner: str) -> tuple[dict, str | None]:
    """(shops after `owner` opens one at `stop`, the owner of the pushed shop or None).  A full stop pushes the
    first listed shop not his own (the mover's choice at a crossing, read as that); his own shops alone: nothing
    changes (his pushed shop returns to him)."""
    here = list(shops.get(stop, ()))
    pushed = None
    if len(here) >= board.capacity(stop):
        others = [i for i, o in enumerate(here) if o != owner]
        if not others:
            return shops, None
        pushed = here.pop(others[0])
    return {**shops, stop: tuple(here + [owner])}, pushed


# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "opponent_pick": ("uniform", ("uniform", "weighted")),
    "tile_colour": ("adjacency_line", ("adjacency_line", "typed")),
    "full_slots_rule": ("fifth_tours", ("fifth_tours", "redundant")),
    "nearest_tie": ("global", ("global", "per_line")),
    "double_owner_adjacent": ("once", ("once", "per_shop")),
    "map": (ILLUSTRATIVE_MAP, ("illustrative",)),
    "bonus_epsilon": (ILLUSTRATIVE_EPSILON, ()),
}
_DATA = ("map", "bonus_epsilon")  # data with illustrative defaults


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    opponent_pick: str = "uniform"  # later pickers take a tile uniformly, or by position.pick_weights (weighted)
    tile_colour: str = "adjacency_line"  # a tile has its segment's line colour; typed: the scenario's per tile
    full_slots_rule: str = "fifth_tours"  # the 5th distinct colour filling the last slot tours at once; redundant
    nearest_tie: str = "global"  # a crossing with no shop: one nearest distance over both lines; per_line
    double_owner_adjacent: str = "once"  # both shops of a toured crossing: adjacent shops once; per_shop
    map: Map = ILLUSTRATIVE_MAP
    bonus_epsilon: Fraction = ILLUSTRATIVE_EPSILON  # likelihood of a shop off one's bonus line (on it: 1)

    @property
    def illustrative(self) -> tuple[str, ...]:
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    def show(self, name: str):
        value = getattr(self, name)
        if name == "map":
            return {"lines": {c: list(s) for c, s in value.lines}}
        return str(value) if name == "bonus_epsilon" else value

    DEFAULT_LINE = "every named setting at the spec's default"
    GIVEN = ("map",)  # data: the labels name it only as given


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


# -- parsing ---------------------------------------------------------------------------------------------------

def colour(value, field: str) -> str:
    return sc.choice(value, field, LINE_COLOURS)


def _map(value, field: str) -> Map:
    if value == "illustrative":
        return ILLUSTRATIVE_MAP
    block = sc.mapping(value, field, {"lines"})
    lines = sc.mapping(block.get("lines"), f"{field}.lines", set(LINE_COLOURS))
    missing = [c for c in LINE_COLOURS if c not in lines]
    if missing:
        raise ScenarioError(f"{field}.lines.{missing[0]}", f"missing; give every line ({', '.join(LINE_COLOURS)}) "
                                                           "as its stops in order")
    out, segments = [], set()
    for c in LINE_COLOURS:
        where = f"{field}.lines.{c}"
        stops = sc.sequence(lines[c], where)
        for i, s in enumerate(stops):
            if not isinstance(s, str) or not s.strip() or "/" in s or not s.isprintable():
                raise ScenarioError(f"{where}[{i}]", f"got {s!r}; allowed: a stop's name (text without '/')")
        if len(stops) < 2 or len(set(stops)) != len(stops):
            raise ScenarioError(where, "at least 2 stops, each once, in the line's order")
        for a, b in zip(stops, stops[1:]):
            if frozenset((a, b)) in segments:
                raise ScenarioError(where, f"{a} - {b} is on two lines; allowed: lines that share no segment")
            segments.add(frozenset((a, b)))
        out.append((c, tuple(stops)))
    board = Map(tuple(out))
    for s in board.stops:
        if len(board.lines_of(s)) > 2:
            raise ScenarioError(f"{field}.lines", f"{s} is on {len(board.lines_of(s))} lines; allowed: at most 2 "
                                                  "(a crossing holds 2 shops)")
    return board


def _epsilon(value, field: str) -> Fraction:
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        eps = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError, OverflowError):
        eps = Fraction(-1)
    if not 0 < eps <= 1:
        raise ScenarioError(field, f"got {value!r}; allowed: a likelihood in (0, 1] (a decimal or \"p/q\")")
    return eps


_SPECIAL = {"map": _map, "bonus_epsilon": _epsilon}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
