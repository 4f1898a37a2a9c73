"""Oltre Mare rules as data (rules spec: shared/rules/oltre-mare.md, from the Oltre Mare article of
seeds/wiki-games.cs.txt): the goods, the prices of blind buys, the symbol table, the run values, the majorities,
the lion's depth and every named setting as a frozen `Settings`.

The seed lacks the per-card data and the run-value tables (pictures): the run table is a setting whose default is
the spec's ILLUSTRATIVE one, and the ILLUSTRATIVE deck below gives each good one naval power (a position may give a
card's real power: `[olives, 5]`).  Every output resting on either says so.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 5)
GOODS = ("gems", "scrolls", "silk", "salt", "ceramics", "olives", "grain")
GOOD_COUNTS = dict(zip(GOODS, (8, 10, 12, 14, 16, 18, 20)))  # 98 cards
TWO_PLAYER_REMOVED = "grain"  # 2 players: 78 cards
START_DUCATS = 11
START_HAND = 5  # cards dealt to each player before the lion goes in (the spec's N = 98 - 5 * players)
MAX_BUYS = 4  # blind buys a turn
BUY_PRICE, DEBT_PRICE = 3, 4
GOOD_TERMS_PRICES = (1, 2, 3, 4)  # the good terms token: the 1st, 2nd, 3rd, 4th buy of the turn
DEBT_SURCHARGE = DEBT_PRICE - BUY_PRICE
POWER_PLUS_BALES = 7  # naval power 3-6 + bales 1-4 on every card (the BoardGameGeek review)
POWERS = (3, 4, 5, 6)
SYMBOLS = ("ducat", "pirate", "cards", "ship")
PORT_TOKENS = ("calm_sea", "compass", "pirates_beaten", "good_trade", "local_influence", "good_terms")
MAJORITY_POINTS = (6, 3, 1)  # prestige and port tokens, by dense rank
LION_SPREAD = 5  # uniform_mid_pm5: the middle of the deck +- 5 cards


def goods(players: int) -> tuple[str, ...]:
    return tuple(g for g in GOODS if players > 2 or g != TWO_PLAYER_REMOVED)


def card_count(players: int) -> int:
    return sum(GOOD_COUNTS[g] for g in goods(players))


def deck_after_setup(players: int) -> int:
    """N: the deck when the lion goes in (98, or 78 for 2 players, less 5 dealt to each player)."""
    return card_count(players) - START_HAND * players


def symbol_value(symbols: int, over_4: int = 6) -> int:
    """Ducats / pirate cards / cards / ship moves for `symbols` equal symbols played: 1 -> 1, 2 -> 3, 3 or 4 -> 6
    ("za tři nebo čtyři symboly šest"); 5 (a good trade token's extra ducat) -> `over_4` (symbols_over_4)."""
    if symbols < 0:
        raise ValueError("a count of symbols")
    return over_4 if symbols > 4 else (0, 1, 3, 6, 6)[symbols]


def majority_points(counts) -> tuple[int, ...]:
    """6/3/1 by dense ranking: tied counts share a place and the next count is the next place ("pořadí dalšího
    hráče se počítá jako druhé, nikoli třetí"); 0 tokens still ranks.  (3, 2, 2, 0) -> (6, 3, 3, 1)."""
    places = sorted(set(counts), reverse=True)
    return tuple(MAJORITY_POINTS[places.index(c)] if places.index(c) < len(MAJORITY_POINTS) else 0 for c in counts)


# -- run values (ILLUSTRATIVE default: the spec's gems [1, 5], others [1, 3, 5, 8, 12] cut per good) ---------------
_LADDER = (1, 3, 5, 8, 12)
_LONGEST = {"gems": 2, "scrolls": 4, "silk": 4, "salt": 5, "ceramics": 5, "olives": 5, "grain": 5}
ILLUSTRATIVE_RUN_TABLE = tuple((g, (1, 5) if g == "gems" else _LADDER[:_LONGEST[g]]) for g in GOODS)


def run_value(table, good: str, length: int) -> int:
    """A run of `length` cards of `good`: its table's value; longer than the table, the table's maximum (no new
    group starts)."""
    values = dict(table)[good]
    return values[min(length, len(values)) - 1] if length > 0 else 0


# -- the ILLUSTRATIVE deck: every card of a good has one naval power (power + bales = 7) --------------------------
ILLUSTRATIVE_POWER = {"gems": 6, "scrolls": 5, "silk": 5, "salt": 4, "ceramics": 4, "olives": 3, "grain": 3}


def bales(power: int) -> int:
    return POWER_PLUS_BALES - power


def _illustrative_deck() -> tuple:
    pairs = [(a, b) for i, a in enumerate(SYMBOLS) for b in SYMBOLS[i:]]  # the 10 pairs of symbols
    return tuple((g, pairs[(i + 3 * k) % len(pairs)], ILLUSTRATIVE_POWER[g], bales(ILLUSTRATIVE_POWER[g]))
                 for k, g in enumerate(GOODS) for i in range(GOOD_COUNTS[g]))


ILLUSTRATIVE_DECK = _illustrative_deck()  # (good, (symbol, symbol), power, bales) per card, 98 cards


# -- the lion's depth -------------------------------------------------------------------------------------------

def lion_depths(lion_depth, players: int) -> dict[int, Fraction]:
    """d (deck cards above the lion) -> probability: uniform over floor(N/2) +- 5 (uniform_mid_pm5), or the
    supplied pmf normalised."""
    if lion_depth == "uniform_mid_pm5":
        mid = deck_after_setup(players) // 2
        return {d: Fraction(1, 2 * LION_SPREAD + 1) for d in range(mid - LION_SPREAD, mid + LION_SPREAD + 1)}
    total = sum(w for _, w in lion_depth)
    return {d: Fraction(w) / total for d, w in lion_depth if w}


# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "lion_depth": ("uniform_mid_pm5", ("uniform_mid_pm5",)),
    "debt_rule": ("below_zero", ("below_zero", "zero_or_below")),
    "good_terms_debt": (False, ()),
    "symbols_over_4": (6, ()),
    "run_table": (ILLUSTRATIVE_RUN_TABLE, ("illustrative",)),
    "open_trade": (False, ()),
}
_DATA = ("lion_depth", "run_table")  # data with illustrative defaults


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    lion_depth: object = "uniform_mid_pm5"  # or ((d, weight), ...): the supplied pmf
    debt_rule: str = "below_zero"  # the debt price 4 when below 0 before the buy; zero_or_below: at 0 too
    good_terms_debt: bool = False  # the debt surcharge on top of the good terms prices 1, 2, 3, 4
    symbols_over_4: int = 6  # what 5 equal symbols give (cap at 6)
    run_table: tuple = ILLUSTRATIVE_RUN_TABLE  # ((good, (value of 1, 2, ... cards)), ...)
    open_trade: bool = False  # the translators' open trading: trades not only with the active player

    @property
    def illustrative(self) -> tuple[str, ...]:
        """The data settings left at the spec's illustrative defaults."""
        return tuple(name for name in _DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    def show(self, name: str):
        value = getattr(self, name)
        if name == "run_table":
            return {g: list(v) for g, v in value}
        if name == "lion_depth" and value != "uniform_mid_pm5":
            return {d: str(w) for d, w in value}
        return value

    DEFAULT_LINE = "every named setting at the spec's default"
    GIVEN = _DATA  # data: the labels name it only as given


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


# -- parsing ---------------------------------------------------------------------------------------------------

def good(value, field: str, players: int = 5) -> str:
    return sc.choice(value, field, goods(players))


def weight(value, field: str) -> Fraction:
    """A probability weight: a whole number, a decimal or "p/q", >= 0."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        w = Fraction(str(value).strip()) if not isinstance(value, int) else Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        w = Fraction(-1)
    if w < 0:
        raise ScenarioError(field, f"got {value!r}; allowed: a weight >= 0 (a whole number, a decimal or \"p/q\")")
    return w


def _lion_depth(value, field: str):
    if value == "uniform_mid_pm5":
        return value
    if not isinstance(value, dict) or not value:
        raise ScenarioError(field, f"got {value!r}; allowed: uniform_mid_pm5, or a pmf {{deck cards above the "
                                   "lion: weight}}")
    pmf = tuple(sorted((sc.integer(d, f"{field}.{sc.key_name(d)}", 0, card_count(5)),
                        weight(w, f"{field}.{sc.key_name(d)}")) for d, w in value.items()))
    if not any(w for _, w in pmf):
        raise ScenarioError(field, "the weights total 0; give at least one depth a weight > 0")
    return pmf


def _run_table(value, field: str) -> tuple:
    if value == "illustrative":
        return ILLUSTRATIVE_RUN_TABLE
    if not isinstance(value, dict):
        raise ScenarioError(field, f"got {value!r}; allowed: illustrative, or {{good: [value of 1, 2, ... cards]}} "
                                   f"for every good ({', '.join(GOODS)})")
    block = sc.mapping(value, field, set(GOODS))
    missing = [g for g in GOODS if g not in block]
    if missing:
        raise ScenarioError(f"{field}.{missing[0]}", f"missing; give a table for every good ({', '.join(GOODS)})")
    out = []
    for g in GOODS:
        where = f"{field}.{g}"
        items = sc.sequence(block[g], where)
        values = tuple(sc.integer(x, f"{where}[{i}]", 0, 1000) for i, x in enumerate(items))
        if not values or values[0] != 1:
            raise ScenarioError(where, "the values of a run of 1, 2, ... cards, starting at 1 (a single card scores "
                                       "1)")
        if any(b < a for a, b in zip(values, values[1:])):
            raise ScenarioError(where, f"got {list(values)}; allowed: values that never fall as the run grows")
        out.append((g, values))
    return tuple(out)


_SPECIAL = {
    "lion_depth": _lion_depth,
    "symbols_over_4": lambda value, field: sc.integer(value, field, 6, 100),
    "run_table": _run_table,
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
