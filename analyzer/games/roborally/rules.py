"""RoboRally rules as data (rules spec: shared/rules/roborally.md, from the RoboRally article of
seeds/wiki-games.cs.txt): the program cards and the deck, damage and locked registers, the typed board and every
named setting as a frozen `Settings`.

No public source gives a printed board: a scenario types one in (`analyzer board roborally --template`); the
default is a small ILLUSTRATIVE board, and every output built on it says so.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from math import comb

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError, did_you_mean

CARDS = ("M1", "M2", "M3", "BU", "RL", "RR", "UT")  # card ints 0..6
CARD_NAMES = dict(zip(CARDS, ("Move 1", "Move 2", "Move 3", "Back Up", "Rotate Left", "Rotate Right", "U-Turn")))
DECK = (18, 12, 6, 6, 18, 18, 6)  # 84 cards
MOVES = (1, 2, 3, -1, 0, 0, 0)  # squares forward (Back Up: one back)
TURNS = (0, 0, 0, 0, -1, 1, 2)  # quarter turns clockwise
PRIORITY_BANDS = {"UT": (10, 60, 10), "RL": (70, 410, 20), "RR": (80, 420, 20), "BU": (430, 480, 10),
                  "M1": (490, 660, 10), "M2": (670, 780, 10), "M3": (790, 840, 10)}  # (first, last, step)
REGISTERS = 5
DIRECTIONS = ("N", "E", "S", "W")  # 0..3; N is +y, E is +x
STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))
ELEMENTS = ("express", "conveyors", "gears", "pushers", "crushers")


def hand_chance_any(card: int, hand: int) -> tuple[int, int]:
    """P(a `hand`-card deal from the full deck holds >= 1 of `card`) as (numerator, denominator) unreduced."""
    total = sum(DECK)
    return comb(total, hand) - comb(total - DECK[card], hand), comb(total, hand)


# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "hand_base": (10, (10, 9)),
    "destroy_at": (11, (11, 10)),
    "pusher_crusher_order": ("pushers_first", ("pushers_first", "crushers_first")),
    "element_order": ("seed", ("seed",)),
    "lock_order": ((5, 4, 3, 2, 1), ()),
    "priorities": ("common_bands", ("common_bands", "any")),
    "ghost_start": (True, ()),
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default (the seed's)."""
    hand_base: int = 10  # cards dealt + damage = 10 (seed); 9: the common reading
    destroy_at: int = 11  # the 11th damage destroys (seed); 10: common
    pusher_crusher_order: str = "pushers_first"  # after express, conveyors, gears: pushers then crushers
    element_order: object = "seed"  # or a full order of ELEMENTS
    lock_order: tuple = (5, 4, 3, 2, 1)  # which registers lock first
    priorities: str = "common_bands"  # a written priority must lie in its card's band; any: 0-1000
    ghost_start: bool = True  # virtual robots at the start (no effect on a robot alone)

    DEFAULT_LINE = "every named setting at the spec's default (the seed's)"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def element_sequence(s: Settings) -> tuple[str, ...]:
    if s.element_order != "seed":
        return tuple(s.element_order)
    tail = ("pushers", "crushers") if s.pusher_crusher_order == "pushers_first" else ("crushers", "pushers")
    return ELEMENTS[:3] + tail


def cards_dealt(damage: int, s: Settings) -> int:
    """"Součet karet a poškozeníček ... musí vždy dávat deset": cards + damage = hand_base."""
    return max(0, s.hand_base - damage)


def locked_count(damage: int, s: Settings) -> int:
    """Registers locked: those the dealt cards cannot fill (7 damage: seed 2, common 3)."""
    return max(0, REGISTERS - cards_dealt(damage, s))


def locked_registers(damage: int, s: Settings) -> tuple[int, ...]:
    return tuple(s.lock_order[:locked_count(damage, s)])


def _int_choice(allowed):
    def parse(value, field):
        if isinstance(value, bool) or value not in allowed:
            raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(map(str, allowed))}"
                                       f"{did_you_mean(value, allowed)}")
        return value
    return parse


def _element_order(value, field):
    if value == "seed":
        return value
    items = sc.sequence(value, field) if not isinstance(value, str) else None
    if items is None or sorted(map(str, items)) != sorted(ELEMENTS):
        raise ScenarioError(field, f"got {value!r}; allowed: seed, or an order of all of {', '.join(ELEMENTS)}")
    return tuple(items)


def _lock_order(value, field):
    items = sc.sequence(value, field)
    if sorted(x for x in items if isinstance(x, int) and not isinstance(x, bool)) != [1, 2, 3, 4, 5]:
        raise ScenarioError(field, f"got {value!r}; allowed: an order of the registers 1, 2, 3, 4, 5")
    return tuple(items)


_SPECIAL = {"hand_base": _int_choice((10, 9)), "destroy_at": _int_choice((11, 10)),
            "element_order": _element_order, "lock_order": _lock_order}


def parse_settings(value, field: str = "rules") -> Settings:
    s = core_settings.parse(Settings, SETTINGS, value, field, skip=frozenset({"board"}), special=_SPECIAL)
    block = value or {}
    if s.element_order != "seed" and "pusher_crusher_order" in block:
        raise ScenarioError(f"{field}.pusher_crusher_order", "give the order once: element_order is a full order")
    return s


# -- cards -----------------------------------------------------------------------------------------------------

def parse_card(value, field: str, s: Settings) -> int:
    """"M1/520" (a priority in its band, or 0-1000 with priorities: any) or "M1" -> the card int."""
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    name, _, priority = text.partition("/")
    if name not in CARDS:
        raise ScenarioError(field, f"got {value!r}; allowed: a card {', '.join(CARDS)}, optionally /priority "
                                   "(e.g. M1/520)")
    if priority:
        first, last, step = PRIORITY_BANDS[name] if s.priorities == "common_bands" else (0, 1000, 1)
        if not priority.isdigit() or not first <= int(priority) <= last or (int(priority) - first) % step:
            raise ScenarioError(field, f"priority {priority!r}; allowed for {name}: {first}-{last} step {step} "
                                       f"(priorities: {s.priorities})")
    return CARDS.index(name)


# -- the board -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    width: int
    height: int
    walls: frozenset = frozenset()  # (x, y, side): on both squares' sides
    pits: frozenset = frozenset()
    conveyors: tuple = ()  # ((x, y), (direction, express))
    gears: tuple = ()  # ((x, y), +1 right / -1 left)
    pushers: tuple = ()  # ((x, y), (direction, registers))
    crushers: tuple = ()  # ((x, y), registers)
    lasers: tuple = ()  # ((x, y), direction, strength): the emitter's square is hit too
    repairs: tuple = ()  # ((x, y), wrenches)
    flags: tuple = ()  # (x, y) of flag 1, 2, ...
    illustrative: bool = False

    def on_board(self, sq) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def wall(self, x: int, y: int, side: int) -> bool:
        return (x, y, side) in self.walls

    def conveyor_at(self, sq):
        return dict(self.conveyors).get(tuple(sq))

    def gear_at(self, sq):
        return dict(self.gears).get(tuple(sq))

    def pusher_at(self, sq):
        return dict(self.pushers).get(tuple(sq))

    def crusher_at(self, sq):
        return dict(self.crushers).get(tuple(sq))


BOARD_KEYS = {"size", "walls", "pits", "conveyors", "express", "gears", "pushers", "crushers", "lasers", "repairs",
              "flags"}
MAX_SIDE = 32


def _direction(value, field) -> int:
    return DIRECTIONS.index(sc.choice(value, field, DIRECTIONS))


def _square(value, field, w, h) -> tuple[int, int]:
    items = sc.sequence(value, field)
    if len(items) != 2:
        raise ScenarioError(field, f"a square [x, y], 0 <= x < {w}, 0 <= y < {h}")
    return sc.integer(items[0], f"{field}[0]", 0, w - 1), sc.integer(items[1], f"{field}[1]", 0, h - 1)


def _registers(value, field) -> tuple[int, ...]:
    items = sc.sequence(value, field)
    regs = tuple(sc.integer(x, f"{field}[{i}]", 1, REGISTERS) for i, x in enumerate(items))
    if not regs:
        raise ScenarioError(field, "the registers it is active in, a list of 1-5")
    sc.within_box([(field, regs)], 1, "register", str, "list each register once")
    return regs


def _entries(field, block, key, w, h, parse_rest, rest_help, once=True):
    """Entries [x, y, ...rest] of one element kind -> [((x, y), parsed rest)]; `once`: at most one per square."""
    out = []
    for i, item in enumerate(sc.sequence(block.get(key), f"{field}.{key}")):
        where = f"{field}.{key}[{i}]"
        items = sc.sequence(item, where)
        if len(items) < 2:
            raise ScenarioError(where, f"[x, y{rest_help}]")
        sq = _square(items[:2], where, w, h)
        if once and any(sq == seen for seen, _ in out):
            raise ScenarioError(where, f"square {list(sq)} given twice")
        out.append((sq, parse_rest(items[2:], where)))
    return out if not once else dict(out)


def _board_file(value: dict, field: str):
    """{file: path} (relative to the scenario file's folder, else to the working directory): a board mapping, or a
    template's {rules: {board: ...}}."""
    sc.mapping(value, field, {"file"})
    data = sc.read_data(sc.data_file(str(value["file"])), f"{field}.file",
                        "a YAML board file (`analyzer board roborally --template`)")
    rules = data.get("rules") if isinstance(data, dict) else None
    return rules.get("board") if isinstance(rules, dict) and "board" in rules else data


def parse_board(value, field: str = "board") -> Board:
    if value is None or value == "illustrative":
        return ILLUSTRATIVE_BOARD
    if isinstance(value, dict) and "file" in value:
        return parse_board(_board_file(value, field), f"{field}.file")
    block = sc.mapping(value, field, BOARD_KEYS) if isinstance(value, dict) else None
    if block is None:
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative, {{file: path}} or a board "
                                   f"mapping (keys {', '.join(sorted(BOARD_KEYS))}; `analyzer board roborally "
                                   "--template`)")
    size = sc.sequence(block.get("size"), f"{field}.size")
    if len(size) != 2:
        raise ScenarioError(f"{field}.size", f"[width, height], each 1-{MAX_SIDE}")
    w, h = (sc.integer(v, f"{field}.size[{i}]", 1, MAX_SIDE) for i, v in enumerate(size))

    def one(n, hint):
        def parse(rest, where):
            if len(rest) != n:
                raise ScenarioError(where, f"[x, y{hint}]")
            return rest
        return parse

    walls, given = set(), []
    for sq, (side,) in _entries(field, block, "walls", w, h, one(1, ", side N|E|S|W"), ", side", once=False):
        d = _direction(side, f"{field}.walls")
        given.append((*sq, d))
        walls.add((*sq, d))
        dx, dy = STEP[d]
        walls.add((sq[0] + dx, sq[1] + dy, (d + 2) % 4))
    pits = frozenset(_entries(field, block, "pits", w, h, one(0, ""), ""))
    belts = {sq: (_direction(r[0], f"{field}.conveyors"), False)
             for sq, r in _entries(field, block, "conveyors", w, h, one(1, ", direction"), ", direction").items()}
    for sq, r in _entries(field, block, "express", w, h, one(1, ", direction"), ", direction").items():
        if sq in belts:
            raise ScenarioError(f"{field}.express", f"square {list(sq)} is a normal conveyor too")
        belts[sq] = (_direction(r[0], f"{field}.express"), True)
    gears = {sq: (-1 if sc.choice(r[0], f"{field}.gears", ("L", "R")) == "L" else 1)
             for sq, r in _entries(field, block, "gears", w, h, one(1, ", L|R"), ", L|R").items()}
    pushers = {sq: (_direction(r[0], f"{field}.pushers"), _registers(r[1], f"{field}.pushers"))
               for sq, r in _entries(field, block, "pushers", w, h, one(2, ", direction, [registers]"),
                                     ", direction, [registers]").items()}
    crushers = {sq: _registers(r[0], f"{field}.crushers")
                for sq, r in _entries(field, block, "crushers", w, h, one(1, ", [registers]"), ", [registers]").items()}
    lasers = tuple((sq, _direction(r[0], f"{field}.lasers"), sc.integer(r[1], f"{field}.lasers", 1, 3))
                   for sq, r in _entries(field, block, "lasers", w, h, one(2, ", direction, strength 1-3"),
                                         ", direction, strength", once=False))
    sc.within_box([(f"{field}.walls", given)], 1, "wall", lambda x: f"[{x[0]}, {x[1]}, {'NESW'[x[2]]}]",
                  "a side of a square has one wall")
    sc.within_box([(f"{field}.lasers", [(sq, d) for sq, d, _ in lasers])], 1, "laser",
                  lambda x: f"at [{x[0][0]}, {x[0][1]}] facing {'NESW'[x[1]]}", "one laser a square and direction")
    repairs = {sq: sc.integer(r[0], f"{field}.repairs", 1, 2)
               for sq, r in _entries(field, block, "repairs", w, h, one(1, ", wrenches 1|2"), ", wrenches").items()}
    flags = tuple(_square(f, f"{field}.flags[{i}]", w, h) for i, f in enumerate(sc.sequence(block.get("flags"),
                                                                                              f"{field}.flags")))
    if len(flags) < 2:
        raise ScenarioError(f"{field}.flags", "at least 2 flags [x, y] in order (flag 1 is the start)")
    if len(set(flags)) != len(flags):
        raise ScenarioError(f"{field}.flags", "two flags on one square")
    for name, squares in (("conveyors", belts), ("gears", gears), ("crushers", crushers), ("pushers", pushers)):
        if set(squares) & pits:
            raise ScenarioError(f"{field}.{name}", f"square {list(sorted(set(squares) & pits)[0])} is a pit")
    if set(flags) & pits:
        raise ScenarioError(f"{field}.flags", f"square {list(sorted(set(flags) & pits)[0])} is a pit")
    return Board(w, h, frozenset(walls), pits, tuple(sorted(belts.items())), tuple(sorted(gears.items())),
                 tuple(sorted(pushers.items())), tuple(sorted(crushers.items())), lasers,
                 tuple(sorted(repairs.items())), flags)


ILLUSTRATIVE_BOARD_DATA = {
    "size": [8, 8],
    "walls": [[3, 3, "N"], [5, 2, "E"], [1, 5, "E"]],
    "pits": [[2, 4], [6, 6]],
    "conveyors": [[4, 5, "E"], [5, 5, "E"], [6, 5, "S"], [6, 4, "S"]],
    "express": [[1, 1, "N"], [1, 2, "N"], [1, 3, "E"]],
    "gears": [[4, 1, "R"], [3, 6, "L"]],
    "pushers": [[0, 4, "E", [1, 3, 5]]],
    "crushers": [[5, 3, [2, 4]]],
    "lasers": [[7, 2, "W", 1]],
    "repairs": [[0, 7, 1], [7, 0, 2]],
    "flags": [[3, 0], [5, 4], [2, 7]],
}
ILLUSTRATIVE_BOARD = Board(**{**parse_board(ILLUSTRATIVE_BOARD_DATA).__dict__, "illustrative": True})
