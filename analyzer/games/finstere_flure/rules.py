"""Finstere Flure (Fearsome Floors) rules as data (rules spec: shared/rules/finstere-flure.md): the monster deck,
the figures, directions, the printed board (`Board`, with the spec's illustrative 16 x 11 default) and every named
setting of the spec as a frozen `Settings`.

Squares are (x, y): x the column 0..w-1 left to right, y the row 0..h-1 top to bottom; the exit is (0, 0)
top-left and the entrance (w-1, h-1) bottom-right unless a board says otherwise.  Directions are indexed
N, E, S, W = 0..3 (a right turn is +1 mod 4).  Cards are the strings of `DECK` ("5" .. "10", "X1", "X2");
`card_effect` says what one does under a rule set.  The board holds the layout as it lies now (stones move in
play); the printed layout is in no source, so the default board is ILLUSTRATIVE and every output built on it
says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError, did_you_mean

# -- directions ----------------------------------------------------------------------------------
DIRS = ("N", "E", "S", "W")
N, E, S, W = range(4)
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) per direction index


def step(square: tuple[int, int], direction: int) -> tuple[int, int]:
    dx, dy = DELTA[direction]
    return square[0] + dx, square[1] + dy


def direction_index(value, field_name: str) -> int:
    if isinstance(value, str) and value.strip().upper() in DIRS:
        return DIRS.index(value.strip().upper())
    raise ScenarioError(field_name, f"got {value!r}; allowed: {', '.join(DIRS)}"
                                    f"{did_you_mean(value, DIRS)}")


# -- the monster deck ----------------------------------------------------------------------------
DECK = ("5", "7", "7", "8", "8", "10", "X1", "X2")
CARD_NAMES = ("5", "7", "8", "10", "X1", "X2")
CROSSES = {"X1": 1, "X2": 2}


def is_cross(card: str, settings: "Settings") -> bool:
    """A card that walks until figures are caught (the 5 too under five_is_three_crosses)."""
    return card in CROSSES or (card == "5" and settings.five_is_three_crosses)


def card_effect(card: str, settings: "Settings") -> tuple[int, int]:
    """(steps, crosses): a number card walks `steps` steps (crosses 0); a cross card walks until `crosses`
    figures are caught (eaten, pushed off, pushed into a teleporter), at most `steps` = cross_cap steps."""
    if card in CROSSES:
        return settings.cross_cap, CROSSES[card]
    if card == "5" and settings.five_is_three_crosses:
        return settings.cross_cap, 3
    return int(card), 0


def card_name(value, field_name: str) -> str:
    """A card as a scenario writes it: 5, 7, 8, 10 (numbers or strings), X1, X2 (also 1X, "1 cross", ...)."""
    text = str(value).strip().upper().replace(" ", "") if isinstance(value, (int, str)) and not isinstance(
        value, bool) else None
    aliases = {"1X": "X1", "2X": "X2", "1CROSS": "X1", "2CROSSES": "X2", "X": "X1"}
    text = aliases.get(text, text)
    if text in CARD_NAMES:
        return text
    raise ScenarioError(field_name, f"got {value!r}; allowed: 5, 7, 8, 10, X1, X2 (the deck: {', '.join(DECK)})")


# -- figures -------------------------------------------------------------------------------------
STONES_4 = ((6, 1), (4, 3), (3, 4), (2, 5))  # (black side, coloured side); 2-4 players
STONES_5 = ((6, 1), (3, 4), (2, 5))  # 5-7 players
PLAYERS = (2, 7)
COLOURS_WITH_4 = 4  # 25 figures: four colours of 4, three of 3


def stones_for(players: int) -> tuple[tuple[int, int], ...]:
    return STONES_4 if players <= 4 else STONES_5


def stone_name(stone: tuple[int, int]) -> str:
    return f"{stone[0]}/{stone[1]}"


def to_win(players: int) -> int:
    """Figures out through the exit that win at once: all but one."""
    return len(stones_for(players)) - 1


def face_up(stone: tuple[int, int], round_no: int) -> int:
    """The value a figure shows at the start of round `round_no` (1-based): coloured in odd rounds."""
    return stone[1] if round_no % 2 == 1 else stone[0]


# -- the board -----------------------------------------------------------------------------------
TURNS = ("left", "right", "half")


@dataclass(frozen=True)
class Board:
    """A board as it lies: size, exit and entrance corners, the tiles.  `teleports` is a tuple of (square, arrow
    direction) in pairs: teleports[0] <-> [1], [2] <-> [3].  `blood` a tuple of pools, each a tuple of squares.
    `turn_stones` maps a square to its arrow: left, right or half (180 degrees)."""
    width: int = 16
    height: int = 11
    exit: tuple[int, int] = (0, 0)
    entrance: tuple[int, int] = (15, 10)
    stones: frozenset = frozenset()
    crystals: frozenset = frozenset()
    turn_stones: dict = field(default_factory=dict, hash=False)
    teleports: tuple = ()
    blood: tuple = ()
    illustrative: bool = False

    def on_board(self, square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def blood_squares(self) -> frozenset:
        return frozenset(q for pool in self.blood for q in pool)

    def blocks(self) -> frozenset:
        """Every square holding a stone of any kind (stones, crystals, turn stones)."""
        return self.stones | self.crystals | frozenset(self.turn_stones)

    def layout(self) -> tuple:
        """Everything but the label, to compare boards."""
        return (self.width, self.height, self.exit, self.entrance, self.stones, self.crystals,
                tuple(sorted(self.turn_stones.items())), self.teleports, self.blood)


LONG_POOL = ((4, 9), (5, 9), (6, 9), (7, 9))
SQUARE_POOL = ((8, 1), (9, 1), (8, 2), (9, 2))
# The 11 basic-game stones, drawn once under the advanced placement restriction (corners and the two squares
# beside each free, no overlap with the pools) and shipped: ILLUSTRATIVE (the printed diagram is missing).
DEFAULT_STONES = frozenset({(3, 3), (6, 3), (12, 2), (2, 6), (5, 6), (9, 5), (13, 5), (7, 8), (11, 8), (14, 7),
                            (10, 9)})
DEFAULT_BOARD = Board(stones=DEFAULT_STONES, blood=(LONG_POOL, SQUARE_POOL), illustrative=True)
MAX_SIDE = 40


def corner_neighbours(board: Board) -> frozenset:
    """The squares the placement restriction keeps free: both corners and the squares beside each."""
    out = set()
    for corner in (board.exit, board.entrance):
        out.add(corner)
        out.update(q for d in range(4) if board.on_board(q := step(corner, d)))
    return frozenset(out)


def square(value, field_name: str, board: Board, alternative: str = "") -> tuple[int, int]:
    """A square on `board`: [x, y], "x,y" or its name, h4 (`core.scenario.grid_square`; `alternative`: the
    other words the field allows, for the message)."""
    return sc.grid_square(value, field_name, board.width, board.height, alternative)


def parse_board(value, field_name: str = "board") -> Board:
    """A scenario's board block -> Board.  No block: the illustrative default; a block with keys left out: 16 x 11,
    exit [0, 0], entrance [w-1, h-1] and no tiles of the kinds left out.  Tiles must lie on the board, off the exit
    and entrance corners, and not on each other (a stone may lie on blood)."""
    if value is None:
        return DEFAULT_BOARD
    keys = {"width", "height", "exit", "entrance", "stones", "crystals", "turn_stones", "teleports", "blood"}
    block = sc.mapping(value, field_name, keys)
    d = DEFAULT_BOARD
    for key in ("stones", "blood"):
        if key in block and block[key] is None:
            raise ScenarioError(f"{field_name}.{key}", "blank: list them as they lie on your board ([] for none)")
    w = sc.integer(block.get("width", d.width), f"{field_name}.width", 3, MAX_SIDE)
    h = sc.integer(block.get("height", d.height), f"{field_name}.height", 3, MAX_SIDE)
    exit_ = sc.grid_square(block.get("exit", [0, 0]), f"{field_name}.exit", w, h)
    entrance = sc.grid_square(block.get("entrance", [w - 1, h - 1]), f"{field_name}.entrance", w, h)
    if exit_ == entrance:
        raise ScenarioError(f"{field_name}.entrance", "must differ from the exit")
    taken: dict = {exit_: "the exit", entrance: "the entrance"}

    def place(q, where: str, what: str, on_blood: bool = True):
        if q in taken:
            raise ScenarioError(where, f"{list(q)} is already {taken[q]}; one tile per square")
        if not on_blood and q in blood_at:
            raise ScenarioError(where, f"{list(q)} is blood; a {what} may not lie on a pool")
        taken[q] = f"a {what}"

    blood, blood_at = [], set()
    for i, pool in enumerate(sc.sequence(block.get("blood", []), f"{field_name}.blood")):
        where = f"{field_name}.blood[{i}]"
        squares = tuple(sc.grid_square(q, f"{where}[{j}]", w, h) for j, q in enumerate(sc.sequence(pool, where)))
        if not squares:
            raise ScenarioError(where, "a pool is a non-empty list of squares")
        for j, q in enumerate(squares):
            if q in blood_at or q in (exit_, entrance):
                raise ScenarioError(f"{where}[{j}]", f"{list(q)} is already blood or a corner; pools do not overlap")
            blood_at.add(q)
        blood.append(squares)

    def squares_of(key: str, what: str, on_blood: bool) -> frozenset:
        out = []
        for i, q in enumerate(sc.sequence(block.get(key, []), f"{field_name}.{key}")):
            sq = sc.grid_square(q, f"{field_name}.{key}[{i}]", w, h)
            place(sq, f"{field_name}.{key}[{i}]", what, on_blood)
            out.append(sq)
        return frozenset(out)

    def pieces_of(key: str, what: str, on_blood: bool, shape: str, read) -> list[tuple]:
        """[(square, read(second, field))] from a list of [[x, y], second] pairs under `key`."""
        out = []
        for i, item in enumerate(sc.sequence(block.get(key, []), f"{field_name}.{key}")):
            where = f"{field_name}.{key}[{i}]"
            pair = sc.sequence(item, where) if isinstance(item, (list, tuple)) else None
            if pair is None or len(pair) != 2:
                raise ScenarioError(where, f"a {what} is [[x, y], {shape}]")
            sq = sc.grid_square(pair[0], f"{where}[0]", w, h)
            place(sq, where, what, on_blood)
            out.append((sq, read(pair[1], f"{where}[1]")))
        return out

    stones = squares_of("stones", "stone", True)
    crystals = squares_of("crystals", "crystal", True)
    turn_stones = dict(pieces_of("turn_stones", "turn stone", True, "left|right|half",
                                 lambda v, f: sc.choice(v, f, TURNS)))
    teleports = pieces_of("teleports", "teleporter", False, "arrow N|E|S|W", direction_index)
    if len(teleports) % 2:
        raise ScenarioError(f"{field_name}.teleports", "teleporters come in pairs ([0]<->[1], [2]<->[3]); "
                                                       f"got {len(teleports)}")
    board = Board(w, h, exit_, entrance, stones, crystals, turn_stones, tuple(teleports), tuple(blood))
    return Board(w, h, exit_, entrance, stones, crystals, turn_stones, tuple(teleports), tuple(blood),
                 illustrative=board.layout() == DEFAULT_BOARD.layout())


def board_mapping(board: Board) -> dict:
    """A board as a scenario writes it."""
    return {"width": board.width, "height": board.height, "exit": list(board.exit),
            "entrance": list(board.entrance), "stones": [list(q) for q in sorted(board.stones)],
            "crystals": [list(q) for q in sorted(board.crystals)],
            "turn_stones": [[list(q), t] for q, t in sorted(board.turn_stones.items())],
            "teleports": [[list(q), DIRS[d]] for q, d in board.teleports],
            "blood": [[list(q) for q in pool] for pool in board.blood]}


def board_template() -> str:
    """`analyzer board finstere_flure --template`: a `rules: board:` block with the stones and pools blank (null),
    the illustrative default in the comments; it loads only once they are copied from a real board."""
    m = board_mapping(DEFAULT_BOARD)

    def flow(value) -> str:
        return str(value).replace("'", "")

    lines = [
        "# Finstere Flure board file: the printed board, which no public source gives in full.",
        "# Replace each null with YOUR board (the tiles where they lie now: stones move in play), check the",
        "# size, then put this rules: block in a position scenario.  Squares are [x, y]: x the column from the",
        "# left, y the row from the top; the exit is top-left, the entrance bottom-right.  The comments hold the",
        "# ILLUSTRATIVE 16 x 11 default the analyzer uses when a scenario gives no board.",
        "# Advanced tiles: crystals [[x, y], ...], turn_stones [[[x, y], left|right|half], ...], teleports",
        "# [[[x, y], N|E|S|W], ...] in pairs ([0]<->[1], [2]<->[3]; the arrow is the way the monster leaves).",
        "rules:",
        "  board:",
        f"    width: {m['width']}",
        f"    height: {m['height']}          # unverified: a guess from one public port",
        f"    exit: {m['exit']}",
        f"    entrance: {m['entrance']}",
        f"    stones: null   # illustrative: {flow(m['stones'])}",
        "    crystals: []",
        "    turn_stones: []",
        "    teleports: []",
        f"    blood: null    # illustrative (rows unverified): {flow(m['blood'])}",
    ]
    return "\n".join(lines) + "\n"


# -- the named settings ---------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "wrap": ("mirror", ("mirror", "torus")),
    "sight_wraps": (False, (False, True)),
    "stage_cards": (8, (8, 7)),
    "five_is_three_crosses": (False, (False, True)),
    "cross_ban": ("first_round_of_game", ("first_round_of_game", "first_round_of_each_stage")),
    "others_still_to_move": ("fixed", ("fixed", "greedy")),
    "blood_stop": ("far_end", ("far_end", "entry")),
    "exit_on": ("corner", ("corner", "beyond")),
    "cross_cap": (20, ()),
    "turn_cap": (200, ()),
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting, at the spec's default reading (see SETTINGS and the spec's "Ambiguities")."""
    wrap: str = "mirror"  # leaving the board: re-enter at the mirrored square of the far edge, or torus
    sight_wraps: bool = False  # does the monster see across an edge
    stage_cards: int = 8  # cards played in stage 1 (7: the 8th is not played)
    five_is_three_crosses: bool = False  # the 6-7 player variant
    cross_ban: str = "first_round_of_game"  # when crosses are redrawn
    others_still_to_move: str = "fixed"  # question 2: the figures still to move this round stay put, or greedy
    blood_stop: str = "far_end"  # where a piece that cannot slide off blood stops
    exit_on: str = "corner"  # a figure is out on the exit corner, or one step beyond it
    cross_cap: int = 20  # the most steps a cross card walks
    turn_cap: int = 200  # rounds; a full game reaching it stops and is counted apart (capped)

    DEFAULT_LINE = "every named setting at its default"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _stage_cards(value, field_name: str) -> int:
    if not isinstance(value, bool) and value in (8, 7, "8", "7"):
        return int(value)
    raise ScenarioError(field_name, f"got {value!r}; allowed: 8, 7")


_SPECIAL = {"stage_cards": _stage_cards,
            "cross_cap": lambda value, where: sc.integer(value, where, 1, 1000),
            "turn_cap": lambda value, where: sc.integer(value, where, 1, 100_000)}


def parse_settings(value, field_name: str = "rules", skip: frozenset = frozenset({"board"})) -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults); keys in `skip` are the caller's."""
    return core_settings.parse(Settings, SETTINGS, value, field_name, skip, _SPECIAL)
