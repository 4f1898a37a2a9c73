"""San Marco rules as data (rules spec: shared/rules/san-marco.md).

Districts are indexed 0..5 in `DISTRICTS` order (also their illustrative die faces 1..6).  Action
cards are indexed 0..9: a district card is its district's index, then `BRIDGE`, `TRANSFER`, `DOGE`,
`BANISH`.  The printed board numbers (high/low values, die faces, which districts touch) are not in
any source: the default `Board` is **illustrative** and every output built on it says so.

Every reading the spec leaves open (§10) is a named setting in `SETTINGS` (name -> (default,
allowed readings)) and a field of the frozen `Settings`; `parse_settings` and `parse_board` read a
scenario's mapping and raise `ScenarioError(field, what is allowed)`.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields

from analyzer.core import scenario as sc, settings
from analyzer.core.settings import Readings
from analyzer.core.errors import ScenarioError, did_you_mean

DISTRICTS = ("Cannaregio", "Santa Croce", "San Polo", "San Marco", "Dorsoduro", "Castello")
SAN_MARCO = DISTRICTS.index("San Marco")  # the final tie-break: most aristocrats here
CASTELLO = DISTRICTS.index("Castello")

# action cards: 0..5 district cards, then these
BRIDGE, TRANSFER, DOGE, BANISH = 6, 7, 8, 9
ACTION_KINDS = ("district", "bridge", "transfer", "doge", "banish")
CARD_NAMES = DISTRICTS + ("Bridge", "Transfer", "Doge", "Banish")
ACTION_COUNTS = (5,) * 6 + (6, 12, 10, 4)  # per card index: 62 in all
ACTION_DECK = sum(ACTION_COUNTS)
DISTRICT_CARDS_EACH = 5
KIND_COUNTS = {"district": 30, "bridge": 6, "transfer": 12, "doge": 10, "banish": 4}

LIMIT_VALUES = (1, 2, 3)
LIMIT_COUNTS = (8, 10, 10)  # per value: 28 cards, 58 points
LIMIT_DECK = sum(LIMIT_COUNTS)
LIMIT_STOP = 10  # a limit total at or above this ends the player's passage

ARISTOCRATS = 25  # per colour
BRIDGES = 12  # the common pool
MAX_BRIDGES_PER_PAIR = 3
PASSAGES = 3
SETUP_ROLLS = 4
SETUP_PIECES_PER_ROLL = 2
COLOURS = ("red", "blue", "green", "yellow")
PLAYERS = (3, 4)

# (action cards, limit cards) a distributor draws, by how many play the round (2: the extra round)
DRAW = {4: (5, 3), 3: (6, 4), 2: (5, 3)}
PILES = {4: 2, 3: 3, 2: 2}  # piles per distributor
ROLES = {4: ("D1", "R1", "D2", "R2"), 3: ("D", "R1", "R2"), 2: ("D", "R")}

# ILLUSTRATIVE (spec §2): invented values; only Castello = 6 and the "8/6", "6/5" examples are sourced.
ILLUSTRATIVE_HIGH = (7, 5, 6, 8, 6, 7)
ILLUSTRATIVE_LOW = (5, 4, 5, 6, 4, 5)
ILLUSTRATIVE_DIE = (1, 2, 3, 4, 5, 6)
ILLUSTRATIVE_PAIRS_NAMED = (
    ("Cannaregio", "Castello"), ("Cannaregio", "San Marco"), ("Castello", "San Marco"),
    ("Santa Croce", "San Polo"), ("San Polo", "Dorsoduro"), ("Santa Croce", "Dorsoduro"),
    ("Cannaregio", "Santa Croce"), ("Cannaregio", "San Polo"), ("San Marco", "San Polo"),
    ("San Marco", "Dorsoduro"),
)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


ILLUSTRATIVE_PAIRS = tuple(sorted(_pair(DISTRICTS.index(a), DISTRICTS.index(b)) for a, b in ILLUSTRATIVE_PAIRS_NAMED))


# ------------------------------------------------------------------------------------------------
# names


def _key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in plain if ch.isascii() and ch.isalnum())


_DISTRICT_KEYS = {_key(name): i for i, name in enumerate(DISTRICTS)}
_CARD_KEYS = {**_DISTRICT_KEYS, "bridge": BRIDGE, "most": BRIDGE, "transfer": TRANSFER, "vymena": TRANSFER,
              "exchange": TRANSFER, "doge": DOGE, "dozhe": DOGE, "banish": BANISH, "banishment": BANISH,
              "vyhnanstvi": BANISH}


def district(value, field: str) -> int:
    """A district name (case, spaces and underscores ignored) -> its index."""
    if isinstance(value, str) and _key(value) in _DISTRICT_KEYS:
        return _DISTRICT_KEYS[_key(value)]
    raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(DISTRICTS)}"
                               f"{did_you_mean(value, DISTRICTS)}")


def card(value, field: str) -> int:
    """An action card name: a district (its district card), Bridge, Transfer, Doge or Banish -> index."""
    if isinstance(value, str) and _key(value) in _CARD_KEYS:
        return _CARD_KEYS[_key(value)]
    raise ScenarioError(field, f"got {value!r}; allowed: a district ({', '.join(DISTRICTS)}), "
                               "Bridge, Transfer, Doge, Banish")


def card_kind(index: int) -> str:
    return "district" if index < 6 else ACTION_KINDS[index - 5]


# ------------------------------------------------------------------------------------------------
# the board


@dataclass(frozen=True)
class Board:
    high: tuple[int, ...] = ILLUSTRATIVE_HIGH
    low: tuple[int, ...] = ILLUSTRATIVE_LOW
    die: tuple[int, ...] = ILLUSTRATIVE_DIE  # die face of each district
    pairs: tuple[tuple[int, int], ...] = ILLUSTRATIVE_PAIRS  # (a, b), a < b: where a bridge may stand
    source: str = "illustrative"  # illustrative | printed
    supplied: tuple[str, ...] = ()  # which of values, die, adjacent the scenario gave

    @property
    def illustrative(self) -> bool:
        return self.source != "printed"

    def district_of_face(self, face: int) -> int:
        return self.die.index(face)

    def adjacent(self, a: int, b: int) -> bool:
        return _pair(a, b) in self.pairs

    def neighbours(self, d: int) -> tuple[int, ...]:
        return tuple(sorted({b if a == d else a for a, b in self.pairs if d in (a, b)}))

    def label(self) -> str:
        """The note every output built on this board carries."""
        if not self.illustrative:
            return "board: printed values supplied by the scenario"
        missing = [k for k in ("values", "die", "adjacent") if k not in self.supplied]
        return ("ILLUSTRATIVE BOARD: the printed prestige values, die faces and adjacency are unknown; "
                f"{', '.join(missing) or 'none'} from the invented default of spec §2 (scenario `rules.board` supplies them)")


BOARD_KEYS = {"source", "districts", "adjacent"}
DISTRICT_KEYS = {"high", "low", "die"}


def parse_board(value, field: str = "board") -> Board:
    """A scenario's board mapping (or None: the illustrative default)."""
    block = sc.mapping(value, field, BOARD_KEYS)
    high, low, die = list(ILLUSTRATIVE_HIGH), list(ILLUSTRATIVE_LOW), list(ILLUSTRATIVE_DIE)
    supplied = []
    given = sc.mapping(block.get("districts"), f"{field}.districts")
    entries = {}
    for name, entry in given.items():
        d = district(name, f"{field}.districts")
        if d in entries:
            raise ScenarioError(f"{field}.districts.{name}", "this district is given twice")
        entries[d] = sc.mapping(entry, f"{field}.districts.{name}", DISTRICT_KEYS)
    for keys, what in ((("high", "low"), "values"), (("die",), "die")):
        having = {d for d, e in entries.items() if any(k in e for k in keys)}
        if not having:
            continue
        for d in range(6):
            for k in keys:
                if d not in having or k not in entries[d]:
                    raise ScenarioError(f"{field}.districts.{DISTRICTS[d]}.{k}",
                                        f"missing; give {'/'.join(keys)} for all six districts or for none")
        supplied.append(what)
        for d, e in entries.items():
            if what == "values":
                high[d] = sc.integer(e["high"], f"{field}.districts.{DISTRICTS[d]}.high", 0, 99)
                low[d] = sc.integer(e["low"], f"{field}.districts.{DISTRICTS[d]}.low", 0, high[d])
            else:
                die[d] = sc.integer(e["die"], f"{field}.districts.{DISTRICTS[d]}.die", 1, 6)
        if what == "die" and sorted(die) != [1, 2, 3, 4, 5, 6]:
            raise ScenarioError(f"{field}.districts", "the die faces must be 1..6, each on one district")
    pairs = ILLUSTRATIVE_PAIRS
    if "adjacent" in block:
        found = []
        for i, item in enumerate(sc.sequence(block["adjacent"], f"{field}.adjacent")):
            where = f"{field}.adjacent[{i}]"
            two = sc.sequence(item, where)
            if len(two) != 2:
                raise ScenarioError(where, "a pair of two district names")
            a, b = district(two[0], where), district(two[1], where)
            if a == b or _pair(a, b) in found:
                raise ScenarioError(where, "two different districts, each pair listed once")
            found.append(_pair(a, b))
        if not found:
            raise ScenarioError(f"{field}.adjacent", "at least one pair of adjacent districts")
        pairs = tuple(sorted(found))
        supplied.append("adjacent")
    complete = len(supplied) == 3
    source = sc.choice(block.get("source", "printed" if complete else "illustrative"), f"{field}.source",
                       ("illustrative", "printed"))
    if source == "printed" and not complete:
        missing = [k for k in ("values", "die", "adjacent") if k not in supplied]
        raise ScenarioError(f"{field}.source", f"printed needs the whole board; missing: {', '.join(missing)}")
    return Board(tuple(high), tuple(low), tuple(die), pairs, source, tuple(supplied))


# ------------------------------------------------------------------------------------------------
# settings (spec §10): name -> (default, allowed readings)

SETTINGS: dict[str, tuple] = {
    "doge_start": ("off_board", ("off_board",) + DISTRICTS),  # or a district the Doge stands in from the start
    "setup_quad_reroll": ("always", ("always", "never")),
    "setup_bridges": ({3: 2, 4: 1}, "{3: 0..4, 4: 0..3}"),
    "roles": ("random", ("random", "chosen")),
    "receiver_sees_piles": (True, (True, False)),
    "split_timing_4p": ("simultaneous", ("simultaneous", "sequential")),
    "next_distributor_3p": ("second_receiver", ("second_receiver", "clockwise")),
    "pick_then_play_3p": (True, (True, False)),
    "may_skip_action": (True, (True, False)),
    "district_card_hops": (1, (1, "per_round")),
    "empty_supply_move": ("placing", ("placing", "district_only")),
    "moved_bridge_owner": ("original", ("original", "mover")),
    "canal_crossing": ("isolated_only", ("isolated_only", "always", "never")),
    "canal_cost": (2, "0..20"),
    "score_floor": (0, (0, "none")),  # 0: a walk one cannot pay for is illegal; none: scores may go below 0
    "second_place_tie": ("zero", ("zero", "all_low")),
    "catchup_eligibility": ("below_10", ("below_10", "not_eliminated")),
    "passage_banish": ("optional", ("optional", "mandatory")),
    "passage_start": ("left_of_previous", ("left_of_previous", "left_of_game_start", "continue_rotation")),
    "early_end": ("immediate", ("immediate", "round_end")),
    "final_round_start": ("next_in_clockwise", ("next_in_clockwise",)),
    "passage_reshuffle": ("all", ("all", "discards_only")),
    "empty_deck": ("reshuffle_discards", ("reshuffle_discards",)),
    "banish_target": ("banisher", ("banisher",)),
    **settings.HANDICAP_SETTING,
}

SETTING_HELP = {
    "doge_start": "off_board: the first Doge card places him in any district, free; a district: he starts there",
    "setup_quad_reroll": "always: a fourth roll equal to the first three is rerolled to another face; never",
    "setup_bridges": "bridges each player places at set-up, by player count",
    "roles": "4 players: random: R1/D2/R2 by lot; chosen: the round start player assigns them",
    "receiver_sees_piles": "true: R1 (R2) sees both piles before choosing; false: a blind pick",
    "split_timing_4p": "simultaneous: D1 and D2 split at once; sequential: D2 splits after pair 1 has played",
    "next_distributor_3p": "second_receiver: R2 distributes next and the player above him is R1; clockwise",
    "pick_then_play_3p": "true: all three pick, then play in the same order; false: each plays on picking",
    "may_skip_action": "true: an action card may go unused (limit cards always count); false: use it if legal",
    "district_card_hops": "1: each district card may cross one own bridge; per_round: one crossing per round",
    "empty_supply_move": "placing: with an empty supply, district, transfer and bridge cards move a board "
                         "aristocrat instead; district_only: only district cards",
    "moved_bridge_owner": "pool empty, a bridge moved: original: it keeps its owner; mover: it becomes the mover's",
    "canal_crossing": "isolated_only: the Doge crosses a canal only from a district with no bridge; always; never",
    "canal_cost": "prestige a canal crossing costs (paid to the bank)",
    "score_floor": "0: a Doge walk whose tolls the player cannot pay is illegal; none: scores may go below 0",
    "second_place_tie": "zero: players tied for second get nothing; all_low: they each get low",
    "catchup_eligibility": "below_10: bonus to players below 10 at passage end; not_eliminated: to every "
                           "player not knocked out before the passage's last round",
    "passage_banish": "optional: the strictly fewest-limit player may banish; mandatory: he must",
    "passage_start": "who starts passages 2 and 3: left_of_previous, left_of_game_start, continue_rotation",
    "early_end": "fewer than 2 below 10: immediate: the round stops after that pile; round_end",
    "final_round_start": "the extra round: the next still-in player clockwise from the round start distributes",
    "passage_reshuffle": "all: every card back in the decks at a passage start; discards_only",
    "empty_deck": "a deck runs out mid-passage: reshuffle its discards",
    "banish_target": "the banisher picks the removed colours, opponents first",
    "seat_handicap": "prestige points each seat starts with, seat 0 the game's start player (core/settings.py)",
}


@dataclass(frozen=True)
class Settings(Readings):
    doge_start: str = "off_board"
    setup_quad_reroll: str = "always"
    setup_bridges: tuple[tuple[int, int], ...] = ((3, 2), (4, 1))  # (players, bridges each)
    roles: str = "random"
    receiver_sees_piles: bool = True
    split_timing_4p: str = "simultaneous"
    next_distributor_3p: str = "second_receiver"
    pick_then_play_3p: bool = True
    may_skip_action: bool = True
    district_card_hops: int | str = 1
    empty_supply_move: str = "placing"
    moved_bridge_owner: str = "original"
    canal_crossing: str = "isolated_only"
    canal_cost: int = 2
    score_floor: int | str = 0
    second_place_tie: str = "zero"
    catchup_eligibility: str = "below_10"
    passage_banish: str = "optional"
    passage_start: str = "left_of_previous"
    early_end: str = "immediate"
    final_round_start: str = "next_in_clockwise"
    passage_reshuffle: str = "all"
    empty_deck: str = "reshuffle_discards"
    banish_target: str = "banisher"
    seat_handicap: tuple = ()  # prestige each seat starts with, seat 0 the game's start player; (): none

    def bridges_at_setup(self, players: int) -> int:
        return dict(self.setup_bridges)[players]



DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _bridges(value, field: str):
    out = dict(SETTINGS["setup_bridges"][0])
    for key, n in sc.mapping(value, field).items():
        players = sc.integer(key, field, 3, 4)
        out[players] = sc.integer(n, f"{field}.{key}", 0, BRIDGES // players)
    return tuple(sorted(out.items()))


def _number_or_word(name: str):
    """`district_card_hops` / `score_floor`: a number or a word among the readings."""
    def parse(value, field: str):
        for reading in SETTINGS[name][1]:
            if value == reading and not isinstance(value, bool) or str(value) == str(reading):
                return reading
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(map(str, SETTINGS[name][1]))}"
                                   f"{did_you_mean(value, SETTINGS[name][1])}")
    return parse


def _doge_start(value, field: str):
    if isinstance(value, str) and value != "off_board":
        return DISTRICTS[district(value, field)]
    return sc.choice(value, field, SETTINGS["doge_start"][1])


_SPECIAL = {"setup_bridges": _bridges, "canal_cost": lambda value, field: sc.integer(value, field, 0, 20),
            "district_card_hops": _number_or_word("district_card_hops"), "score_floor": _number_or_word("score_floor"),
            "doge_start": _doge_start}


def parse_settings(value, field: str = "settings", skip: frozenset = frozenset()) -> Settings:
    """A mapping of §10 settings -> Settings (omitted ones at their defaults).  Keys in `skip` are
    left for the caller (e.g. `board` in a `rules:` block)."""
    return settings.parse(Settings, SETTINGS, value, field, skip, _SPECIAL)


def parse_rules(value, field: str = "rules") -> tuple[Board, Settings]:
    """A scenario's `rules:` block: `board:` plus any §10 settings."""
    block = sc.mapping(value, field)
    return parse_board(block.get("board"), f"{field}.board"), parse_settings(block, field, frozenset({"board"}))
