"""Goa rules as data (rules spec: shared/rules/goa.md, from the Goa article of seeds/wiki-games.cs.txt): the
components, the expedition deck, the development board, the tiles, the scoring tables, and every named setting as
a frozen `Settings`.

The seed lacks the expedition deck mix, the development-board numbers and the full tile lists: each is a setting
whose default is the spec's ILLUSTRATIVE data (`Settings.illustrative` says which are at it), and a scenario may
give the real ones.

Ints shared with the engine: spices 0..4 (`SPICES`), symbols 0..4 (`SYMBOLS`), effects 0..9 (`EFFECTS`, the five
tied to an action first), colonies 0..3 (`COLONIES`), development columns 0..4 (`COLUMNS`), development rows 1..5
(index 0..4), tiles by index into `TILE_NAMES`.  An expedition card is (effect, colonists 1..3, symbol).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core import sources
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 4)  # four player colours; auction markers 1-5 (4 players), 1-4 (3), 1-3 (2)
MARKERS = {2: 3, 3: 4, 4: 5}
ROUNDS = 8  # phase A: rounds 1-4, phase B: rounds 5-8
PHASES = ("A", "B")
ACTIONS_PER_ROUND = 3
START_SHIPS, START_COLONISTS = 4, 2
START_DUCATS, START_PLAYER_DUCATS = 10, 7  # the start player (first tiger flipped) takes the flag and 7
EXTRA_ACTION_CARDS = 10
EXTRA_ACTIONS_KEPT = 1  # into the next round

SPICES = ("ginger", "pepper", "cinnamon", "nutmeg", "clove")
SYMBOLS = ("tiger", "fish", "palms", "shell", "statue")
TIGER = 0
EFFECTS = ("harvest_any_mix", "colony_three_cards", "advance_ships_only", "advance_spices_only", "advance_ducats",
           "two_ships", "two_colonists", "five_ducats", "two_spices", "sell_spices")
TIED_TO_ACTION = frozenset(range(5))  # played only before their action
COLONY_THREE_CARDS, TWO_COLONISTS = EFFECTS.index("colony_three_cards"), EFFECTS.index("two_colonists")
COLONIST_NUMBERS = (1, 2, 3)
DECK_SIZE = 30
PER_SYMBOL = 6  # seed: each symbol is on six cards

# -- colonies: the colonists each needs, the tiles of each in the supply -------------------------------------
COLONIES = ("quilon", "cochin", "madras", "calicut")
COLONY_TARGETS = (6, 8, 10, 12)
COLONY_TILES = (5, 4, 5, 4)
COLONY_FLIP = 2  # expedition cards flipped when founding; 3 with the colony_three_cards card
FAIL_COLONISTS = 1  # a failed founding gives one colonist from the supply

# -- scoring --------------------------------------------------------------------------------------------------
ROW_POINTS = (0, 1, 3, 6, 10)  # a development marker in row 1..5 (the seed's "row one" typo read as rows 1 and 2)
COLONY_POINTS = (0, 1, 3, 6, 10)  # by colonies founded, 0..4
SET_VALUES = (1, 3, 5, 10, 15, 20)  # 1..6 expedition cards of one symbol ("20?!" doubted by the translator)
DUCAT_MAJORITY = 3
DUTY_POINTS, DUTY_SPICES = 4, 6
EXPEDITION_CARDS_FOR_ROWS = 10  # first to the next-to-last / last row of a column: a card each, 10 at most

# -- the development board (ILLUSTRATIVE where the seed gives no number) ---------------------------------------
COLUMNS = ("ships", "harvest", "taxes", "expedition", "colonists")
ROWS = 5
ILLUSTRATIVE_DEVELOPMENT = (
    (1, 2, 3, 4, 5),  # ships built (illustrative)
    (1, 2, 3, 4, 5),  # spices harvested (illustrative)
    (4, 6, 8, 10, 12),  # ducats of taxes (seed: rows 1, 2, 4; rows 3 and 5 illustrative)
    ((1, 1), (1, 2), (2, 3), (2, 4), (3, 5)),  # expedition: cards taken / hand limit (seed: rows 1 and 4)
    (0, 1, 2, 3, 4),  # colonists added when founding (seed: row 1 = 0)
)
_G, _P, _C, _N, _K = range(5)  # ginger, pepper, cinnamon, nutmeg, clove
# ADVANCE_SPICES[column][n - 1]: the spices paid for row n -> n + 1, each with one ship (seed: the first two steps
# of ships, taxes, colonists; the rest ILLUSTRATIVE, n spices of the column's kinds for row n -> n + 1)
ADVANCE_SPICES = (
    ((_G,), (_G, _C), (_G, _C, _N), (_G, _C, _N, _K)),
    ((_P,), (_P, _N), (_P, _N, _G), (_P, _N, _G, _C)),
    ((_C,), (_C, _P), (_C, _P, _K), (_C, _P, _K, _N)),
    ((_N,), (_N, _K), (_N, _K, _P), (_N, _K, _P, _G)),
    ((_K,), (_G, _K), (_G, _K, _P), (_G, _K, _P, _N)),
)
SHIPS_PER_SPICE = 1

# -- the expedition deck (ILLUSTRATIVE: the seed gives 10 effects, colonist numbers 1-3, 6 cards per symbol) ---
# 3 cards per effect with 1, 2, 3 colonists (10 of each number); the symbols run so that each is on 6 cards and
# each (colonists, symbol) pair is on 2.
ILLUSTRATIVE_DECK = tuple((i // 3, i % 3 + 1, (i + 3) % 5) for i in range(DECK_SIZE))

# -- the tiles (seed list and the sob-zine.org player aid: A's 27 PRINTED there, `PRINTED_TILES_A`; B's list is
# partial there, so ILLUSTRATIVE) ----------------------------------------------------------------------------------
TILE_NAMES = (
    *(f"plantation_{n}_{s}" for n in (1, 2, 3) for s in SPICES),  # 1, 2 or 3 spice spaces; a 1-plantation: 1 VP
    "ships_4", "colonists_4", "ships_or_colonists_3",
    "settlement",  # 1 ship + 1 extra action + 1 colonist
    "extra_actions_2", "expeditions_2", "expeditions_3",  # cards, no hand limit
    "red_ship", "red_colonist", "red_spice", "red_ducats",  # once per round: 1 ship / 1 colonist / 1 spice / 4 ducats
    "duty",  # Abgaben: 4 VP once 6 spices are returned
    "spionage", "zusatzernte", "nachschub", "vize_koenig", "tausch",  # dark blue, once per game (tausch: a swap)
    "mission_2", "mission_3",
)
TILE = {name: i for i, name in enumerate(TILE_NAMES)}
TILES_A = (
    *(f"plantation_1_{s}" for s in SPICES), *(f"plantation_2_{s}" for s in SPICES for _ in range(2)),
    "red_ship", "red_ducats", "red_colonist", "red_spice", "duty", "extra_actions_2", "expeditions_2", "ships_4",
    "colonists_4", "settlement", "ships_or_colonists_3", "ships_or_colonists_3",
)
ILLUSTRATIVE_TILES_B = (
    *(f"plantation_2_{s}" for s in SPICES), *(f"plantation_3_{s}" for s in SPICES),
    "spionage", "zusatzernte", "nachschub", "vize_koenig", "tausch", "mission_2", "mission_2", "mission_3",
    "mission_3", "expeditions_3", "expeditions_3", "extra_actions_2", "ships_4", "colonists_4",
    "ships_or_colonists_3", "ships_or_colonists_3", "settlement",
)
PRINTED_TILES_A = sources.Printed(
    "phase A tiles", "Goa player aid, sob-zine.org/PlayerAids/Goa_player_aid.html ('Phase A Tiles', with the number "
    "of each); the rulebook's 27 A tiles (component list reproduced at jeuxstrategieter.free.fr/Goa_complet.php)",
    "the 27 A tiles: a single and two double plantations of each spice, one each of the ship, ducats, colonist and "
    "spice tiles, duty, 2 extra actions, 2 expeditions, 4 ships, 4 colonists, settlement, two 3 ships-or-colonists")
TILES_PER_PHASE = 27
GRID = 5  # 25 of the 27 tiles of the phase on a 5 x 5 grid, 2 unused

# -- the immediate end-game value of playing an expedition card's effect instead of holding it (question 4),
# in victory points: ILLUSTRATIVE (no source prices them; a position gives its own under hold_or_play)
ILLUSTRATIVE_EFFECT_VALUES = {
    "harvest_any_mix": 1, "colony_three_cards": 2, "advance_ships_only": 2, "advance_spices_only": 2,
    "advance_ducats": 3, "two_ships": 1, "two_colonists": 1, "five_ducats": 1, "two_spices": 1, "sell_spices": 1,
}

# -- the named settings ----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "expedition_limit": ("after_action", ("after_action", "always")),
    "set_values": (SET_VALUES, ()),
    "ducat_tie": ("all", ("all", "none")),
    "final_tie": ("shared", ("shared",)),
    "expedition_reshuffle": ("discard_under", ("discard_under", "shuffle_together")),
    "expedition_deck": (ILLUSTRATIVE_DECK, ("illustrative",)),
    "development": (ILLUSTRATIVE_DEVELOPMENT, ("illustrative",)),
    "tiles_a": (TILES_A, ("printed",)),
    "tiles_b": (ILLUSTRATIVE_TILES_B, ("illustrative",)),
    "advanced_start": ("none", ("none", "two_markers_row2", "ten_ducats")),
    "turn_cap": (400, ()),
    **core_settings.HANDICAP_SETTING,
}
_DATA = ("expedition_deck", "development", "tiles_b")  # scenario data with illustrative defaults


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    expedition_limit: str = "after_action"  # first edition: the hand limit is checked only right after the action
    set_values: tuple[int, ...] = SET_VALUES
    ducat_tie: str = "all"  # every player tied for the most ducats scores 3 (none: nobody does)
    final_tie: str = "shared"  # tied on points and ducats: the win is shared
    expedition_reshuffle: str = "discard_under"  # a deck too short: the discard shuffled under the cards left
    expedition_deck: tuple[tuple[int, int, int], ...] = ILLUSTRATIVE_DECK  # 30 (effect, colonists, symbol)
    development: tuple = ILLUSTRATIVE_DEVELOPMENT  # by COLUMNS: 5 rows each (expedition: (take, limit) pairs)
    tiles_a: tuple[str, ...] = TILES_A
    tiles_b: tuple[str, ...] = ILLUSTRATIVE_TILES_B
    advanced_start: str = "none"  # two_markers_row2: two development markers start in row 2; ten_ducats: 10 more
    turn_cap: int = 400  # actions per game, extra actions included; a game reaching it stops and counts apart
    seat_handicap: tuple = ()  # ducats added to each turn-order rank's start (7 / 10; core/settings.py); (): none

    @property
    def illustrative(self) -> tuple[str, ...]:
        """The data settings left at the spec's illustrative defaults."""
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    @property
    def printed(self) -> tuple:
        """The printed tables (`core.sources.Printed`) these settings rest on."""
        return (PRINTED_TILES_A,) if self.tiles_a == TILES_A else ()

    @property
    def deck_illustrative(self) -> bool:
        return "expedition_deck" in self.illustrative

    LISTS = True

    def show(self, name: str):
        value = getattr(self, name)
        if name == "expedition_deck":
            return [{"effect": EFFECTS[e], "colonists": c, "symbol": SYMBOLS[s]} for e, c, s in value]
        if name == "development":
            return {col: [list(x) if isinstance(x, tuple) else x for x in rows] for col, rows in zip(COLUMNS, value)}
        return super().show(name)

    DEFAULT_LINE = "every named setting at the spec's default"
    GIVEN = _DATA + ("tiles_a",)  # data: the labels name it only as given


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def set_value(n: int, values=SET_VALUES) -> int:
    """Points of n expedition cards of one symbol (0 for none)."""
    return values[n - 1] if n else 0


def hand_points(symbols, values=SET_VALUES) -> int:
    """End points of an expedition hand: each symbol's set scored apart."""
    return sum(set_value(list(symbols).count(s), values) for s in range(len(SYMBOLS)))


# -- parsing ---------------------------------------------------------------------------------------------------

def _set_values(value, field: str) -> tuple[int, ...]:
    items = sc.sequence(value, field)
    if len(items) != PER_SYMBOL:
        raise ScenarioError(field, f"the points of 1..{PER_SYMBOL} cards of one symbol, e.g. {list(SET_VALUES)}; "
                                   f"got {len(items)} values")
    out = tuple(sc.integer(x, f"{field}[{i}]", 0, 1_000) for i, x in enumerate(items))
    if any(b < a for a, b in zip(out, out[1:])):
        raise ScenarioError(field, "points that never fall as the set grows, e.g. [1, 3, 5, 10, 15, 20]")
    return out


def parse_card(value, field: str, need: tuple[str, ...] = ("effect", "colonists", "symbol")) -> tuple:
    """{effect, colonists, symbol} -> (effect, colonists, symbol) ints, None for a part left out (only those not
    in `need` may be)."""
    e = sc.mapping(value, field, {"effect", "colonists", "symbol"})
    missing = [k for k in need if e.get(k) is None]
    if missing:
        raise ScenarioError(f"{field}.{missing[0]}", "an expedition card {effect, colonists: 1..3, symbol}: "
                                                     f"{', '.join(need)} needed")
    effect = None if e.get("effect") is None else EFFECTS.index(sc.choice(e["effect"], f"{field}.effect", EFFECTS))
    colonists = None if e.get("colonists") is None else sc.integer(e["colonists"], f"{field}.colonists", 1, 3)
    symbol = None if e.get("symbol") is None else SYMBOLS.index(sc.choice(e["symbol"], f"{field}.symbol", SYMBOLS))
    return effect, colonists, symbol


def _deck(value, field: str) -> tuple:
    if value == "illustrative":
        return ILLUSTRATIVE_DECK
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative, or a list of {DECK_SIZE} "
                                   "{effect, colonists, symbol}")
    items = sc.sequence(value, field)
    if len(items) != DECK_SIZE:
        raise ScenarioError(field, f"illustrative, or a list of all {DECK_SIZE} cards {{effect, colonists, "
                                   f"symbol}}; got {len(items)} cards")
    deck = tuple(parse_card(x, f"{field}[{i}]") for i, x in enumerate(items))
    for s, name in enumerate(SYMBOLS):
        n = sum(1 for c in deck if c[2] == s)
        if n != PER_SYMBOL:
            raise ScenarioError(field, f"each symbol on {PER_SYMBOL} cards (seed); {name} is on {n}")
    return deck


def _development(value, field: str) -> tuple:
    if value == "illustrative":
        return ILLUSTRATIVE_DEVELOPMENT
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative, or a mapping of the columns "
                                   f"{', '.join(COLUMNS)}")
    block = sc.mapping(value, field, set(COLUMNS))
    out = []
    for col in COLUMNS:
        if block.get(col) is None:
            raise ScenarioError(f"{field}.{col}", f"the whole board: every column ({', '.join(COLUMNS)}), "
                                                  f"{ROWS} rows each")
        rows = sc.sequence(block[col], f"{field}.{col}")
        if len(rows) != ROWS:
            raise ScenarioError(f"{field}.{col}", f"{ROWS} rows; got {len(rows)}")
        if col == "expedition":
            pairs = []
            for i, x in enumerate(rows):
                pair = sc.sequence(x, f"{field}.{col}[{i}]")
                if len(pair) != 2:
                    raise ScenarioError(f"{field}.{col}[{i}]", "[cards taken, hand limit], e.g. [2, 4]")
                pairs.append((sc.integer(pair[0], f"{field}.{col}[{i}][0]", 1, 10),
                              sc.integer(pair[1], f"{field}.{col}[{i}][1]", 1, DECK_SIZE)))
            out.append(tuple(pairs))
        else:
            out.append(tuple(sc.integer(x, f"{field}.{col}[{i}]", 0, 30) for i, x in enumerate(rows)))
    return tuple(out)


def _tiles(value, field: str, default: tuple[str, ...], name: str) -> tuple[str, ...]:
    if value == name:
        return default
    if isinstance(value, str):
        raise ScenarioError(field, f"got {value!r}; allowed: {name}, or a list of {TILES_PER_PHASE} tile names")
    items = sc.sequence(value, field)
    if len(items) != TILES_PER_PHASE:
        raise ScenarioError(field, f"{name}, or the phase's {TILES_PER_PHASE} tiles; got {len(items)}")
    return tuple(sc.choice(x, f"{field}[{i}]", TILE_NAMES) for i, x in enumerate(items))


_SPECIAL = {
    "set_values": _set_values,
    "expedition_deck": _deck,
    "development": _development,
    "tiles_a": lambda value, field: _tiles(value, field, TILES_A, "printed"),
    "tiles_b": lambda value, field: _tiles(value, field, ILLUSTRATIVE_TILES_B, "illustrative"),
    "turn_cap": lambda value, field: sc.integer(value, field, 1, 100_000),
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
