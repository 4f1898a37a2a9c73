"""Emerald rules as data (rules spec: shared/rules/emerald.md): the track and its integer encoding, the cards,
the stack patterns, every named setting as a frozen `Settings`, and the dragon's move as one pure function.

Track positions (ints, shared with the numba engine): 1..6 the field, 7..15 caves 1..9 (`cave_pos(c) = 6 + c`),
16 the treasure chamber, 17..21 the start squares s1..s5 (s5 the central building), 22 the nest.  A knight on a
start square stands before field 1: moving n spaces from it lands on field n.  A move past the chamber stops in
it.  Colours are 0..4 (`COLOURS`), gem kinds 0..3 (`GEMS`), gold values 1..5.

The dragon is (cave 1..9, facing +1 toward the chamber | -1 toward the entrance, trail_start 1..6): the trail
covers caves trail_start..trail_start+3.  `dragon_move` is the whole move (turns, steps); `trail_shift` the shift
after it; `dragon_step` both, and every exact chain, the reference and the engine's tests use it.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

# -- the track ------------------------------------------------------------------------------------
CAVES = 9
CAVE_1 = 7  # position of cave 1
CHAMBER = 16
S1 = 17  # start squares s1..s5 are 17..21
CENTRAL = 21  # s5, the central building (empty with 2 or 5 players)
NEST = 22
N_POSITIONS = 23  # index 0 unused
START_SQUARES = tuple(range(S1, S1 + 5))
ENTRANCE, TOWARD_CHAMBER = -1, 1
FACING = {"entrance": ENTRANCE, "chamber": TOWARD_CHAMBER}
FACING_NAME = {v: k for k, v in FACING.items()}

# -- pieces and cards -----------------------------------------------------------------------------
COLOURS = ("red", "blue", "green", "yellow", "black")
GEMS = ("ruby", "emerald", "garnet", "turquoise")
GEM_COPIES = 6  # of each kind: 24
GOLD_VALUES = (1, 2, 3, 4, 5)
GOLD_COPIES = 5  # of each value: 25
TREASURES, TREASURE_VALUE = 4, 5
GEM_POINTS, BONUS_POINTS = 1, 4
PLAYERS = (2, 5)
TRAIL_LENGTH, TRAIL_LAST = 4, 6  # the trail covers 4 caves; it stops when it covers caves 6..9
DRAGON_SETUP = (4, ENTRANCE, 1)  # cave 4, facing the entrance, trail 1..4
STACK_PATTERNS = {  # (gem stack sizes, gold stack sizes) for caves 1..9
    "gem_2_first": ((2, 3, 2, 3, 2, 3, 2, 3, 2), (3, 2, 3, 2, 3, 2, 3, 2, 3)),
    "gold_2_first": ((3, 2, 3, 2, 3, 2, 3, 2, 3), (2, 3, 2, 3, 2, 3, 2, 3, 2)),
}


def knights_per_colour(players: int) -> int:
    """5 players: 4 each; 3-4 players: 5 each; 2 players: 4 in each of two colours."""
    return 5 if players in (3, 4) else 4


def start_squares(players: int) -> tuple[int, ...]:
    """The used start squares: the central building (s5) stays empty with 2 or 5 players."""
    return START_SQUARES if players in (3, 4) else START_SQUARES[:4]


def cave_pos(cave: int) -> int:
    return CAVE_1 - 1 + cave


def cave_of(pos: int) -> int:
    """The cave 1..9 a position is, else 0."""
    return pos - CAVE_1 + 1 if CAVE_1 <= pos < CHAMBER else 0


def on_track(pos: int) -> bool:
    """Still in play: a start square, the field or the cave (not the chamber or the nest)."""
    return 1 <= pos < CHAMBER or S1 <= pos < NEST


def advance(pos: int, steps: int) -> int:
    """Where a knight on `pos` lands moving `steps` forward; a start square stands before field 1, a longer move
    stops in the chamber."""
    base = 0 if S1 <= pos < NEST else pos
    return min(base + steps, CHAMBER)


def position_name(pos: int) -> str:
    if S1 <= pos < NEST:
        return f"s{pos - S1 + 1}"
    if pos == CHAMBER:
        return "chamber"
    if pos == NEST:
        return "nest"
    if cave_of(pos):
        return f"cave {cave_of(pos)}"
    return f"field {pos}"


# -- the dragon -----------------------------------------------------------------------------------

def on_trail(cave: int, trail: int) -> bool:
    return trail <= cave < trail + TRAIL_LENGTH


def triggers(cave: int, dragon_cave: int, trail: int) -> bool:
    """A knight ending on cave `cave` (1..9) wakes the dragon: the dragon's space or a space beside the trail."""
    return cave == dragon_cave or on_trail(cave, trail)


def _leaves(cave: int, facing: int, trail: int) -> bool:
    """Whether a step from `cave` in `facing` would leave the trail (on a trail end facing out, or behind it facing
    away)."""
    return not on_trail(cave + facing, trail)


def dragon_move(cave: int, facing: int, trail: int, roll: int, turn_on_arrival: bool = True) -> tuple[int, int]:
    """The dragon's move of `roll` spaces: (cave, facing) where it ends.  Turning is free: before each step a
    dragon about to leave the trail turns (this covers a dragon the trail shifted under, or left behind it, at
    the start of a move); with `turn_on_arrival` it also turns at once on reaching the trail end it faces."""
    for _ in range(roll):
        if _leaves(cave, facing, trail):
            facing = -facing
        cave += facing
        if turn_on_arrival and _leaves(cave, facing, trail):
            facing = -facing
    return cave, facing


def trail_shift(trail: int) -> int:
    """After every dragon move the trail shifts one cave toward the chamber, until it covers caves 6..9."""
    return min(trail + 1, TRAIL_LAST)


def dragon_step(state: tuple[int, int, int], roll: int, settings: "Settings") -> tuple[int, int, int]:
    """One wake-up: (cave, facing, trail) -> the same after the dragon moves `roll` spaces and the trail shifts.
    The dragon catches where it ends (`dragon_move`'s cave), before the shift."""
    cave, facing, trail = state
    cave, facing = dragon_move(cave, facing, trail, roll, settings.turn_on_arrival)
    return cave, facing, trail_shift(trail)


def dragon_states():
    """Every (cave, facing, trail) a position may hold: on the trail or one cave behind it."""
    return [(c, f, t) for t in range(1, TRAIL_LAST + 1) for c in range(max(1, t - 1), t + TRAIL_LENGTH)
            for f in (ENTRANCE, TOWARD_CHAMBER)]


# -- the named settings ---------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "die_faces": ((1, 2, 3), ()),
    "stack_pattern": ("gem_2_first", tuple(STACK_PATTERNS)),
    "chamber_ends_turn": (False, (False, True)),
    "last_knight_rule": ("on_track", ("on_track",)),
    "catch_choice": ("opponent_first", ("opponent_first",)),
    "knight_value": (5, ()),
    "turn_on_arrival": (True, (True, False)),
    "two_player_one_colour": (True, (True, False)),
    "turn_cap": (200, ()),
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    die_faces: tuple = (1, 2, 3)  # equally likely faces (a face given twice counts twice)
    stack_pattern: str = "gem_2_first"
    chamber_ends_turn: bool = False
    last_knight_rule: str = "on_track"  # knights in the chamber or the nest do not count
    catch_choice: str = "opponent_first"  # an opponent's knight, his owner holding the fewest gold cards, else own
    knight_value: int = 5  # illustrative: the cost of a lost knight when its owner holds no gold (= one treasure)
    turn_on_arrival: bool = True
    two_player_one_colour: bool = True
    turn_cap: int = 200  # own turns per player; a full game reaching it stops and is counted apart (capped)

    LISTS = True

    DEFAULT_LINE = "every named setting at the spec's default"

    @property
    def illustrative(self) -> bool:
        """Whether knight_value is the spec's illustrative default."""
        return self.knight_value == DEFAULT_KNIGHT_VALUE


DEFAULT_KNIGHT_VALUE = 5
DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _die_faces(value, field: str) -> tuple:
    items = sc.sequence(value, field)
    if not 1 <= len(items) <= 12:
        raise ScenarioError(field, "a list of 1 to 12 die faces, each a whole number from 1 to 6 (default [1, 2, 3])")
    return tuple(sc.integer(v, f"{field}[{i}]", 1, 6) for i, v in enumerate(items))


_SPECIAL = {"die_faces": _die_faces,
            "knight_value": lambda value, field: sc.integer(value, field, 0, 100),
            "turn_cap": lambda value, field: sc.integer(value, field, 1, 10_000)}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
