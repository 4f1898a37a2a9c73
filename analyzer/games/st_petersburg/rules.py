"""Sankt Petersburg rules as data (rules spec: shared/rules/st-petersburg.md, from the Sankt Petersburg article of
seeds/wiki-games.cs.txt): the card table, the decks and phases, the scoring constants, and every named setting as a
frozen `Settings`.

The default card table is the spec's first-edition table from a public Board Game Arena implementation, now checked
against the rulebook's Game Material list (every deck size and every card's copies agree): PRINTED (`PRINTED_CARDS`
names both sources and what each covers); a scenario may supply its own (`rules.card_table`, same columns).

Ints shared with the engine: phases (= decks) 0..3 in `PHASES` order; colours 0..2 in `COLOURS` order (a colour
scores in the phase of its number; buildings are deck 1 and blue 1, aristocrats deck 2 and red 2); a card is its
index in `Settings.card_table` (the default: `CARD_NAMES` order).  A card row is a `Card`.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core import sources
from analyzer.core.errors import ScenarioError, did_you_mean

PLAYERS = (2, 4)
PHASES = ("worker", "building", "aristocrat", "upgrade")  # a round, in order; each phase's deck has its name
COLOURS = ("green", "blue", "red")
WORKER, BUILDING, ARISTOCRAT, UPGRADE = range(4)
GREEN, BLUE, RED = range(3)  # the colour scored in phase 0, 1, 2 (the upgrade phase scores none)
BOARD_SIZE = 8  # the board (both rows) is topped up to 8 after every phase
FIRST_DEAL = {2: 4, 3: 6, 4: 8}  # the very first worker deal, by players
START_RUBLES = 25
PUB_POINTS, PUB_PRICE = 5, 2  # after the building scoring: up to 5 points at 2 rubles each
POTJOMKIN_WORTH = 6  # Potjomkin's Village counts 6 as the price of the card an upgrade replaces
MIN_PRICE = 1  # "vždy minimálně jeden rubl zaplatit"
RUBLES_PER_POINT = 10  # final: 1 point per full 10 rubles
HAND_PENALTY = 5  # final: minus 5 points per card left in hand
BONUS_CAP = 10  # different red names counted for the aristocrat bonus
TAKES_MAX = 6  # uniform_0_6: the cards taken in a phase, 0..6 equally likely


def refill_deck(phase: int) -> int:
    """The deck that refills the board after `phase`: the next phase's."""
    return (phase + 1) % len(PHASES)


def aristocrat_bonus(different: int) -> int:
    """End bonus for `different` names of red cards: n(n+1)/2, n capped at 10 (1, 3, 6, ..., 55)."""
    n = min(max(different, 0), BONUS_CAP)
    return n * (n + 1) // 2


@dataclass(frozen=True)
class Card:
    """One row of the card table.  `deck`: the deck it is dealt from (0..3); `colour`: what it scores with (0..2; an
    upgrade's own colour); `price`: the printed cost; `pair`: a green upgrade's worker by symbol (what it may
    replace besides Czar and Carpenter);
    `power`: a special's rule, by name (the rules act on the name, so a supplied table keeps the powers)."""
    name: str
    deck: int
    colour: int
    price: int
    rubles: int
    points: int
    count: int
    pair: str | None = None

    @property
    def upgrade(self) -> bool:
        return self.deck == UPGRADE

    @property
    def power(self) -> str | None:
        return POWERS.get(self.name)


POWERS = {
    "Pub": "after the building scoring buy up to 5 points at 2 rubles each",
    "Warehouse": "hand limit 4",
    "Potjomkin's Village": "counts 6 as the replaced price",
    "Observatory": "building phase: take a deck's top card (deck of 2+), play, keep or discard it",
    "Carpenter Workshop": "blue cards cost 1 less",
    "Gold Smelter": "red cards cost 1 less",
    "Mariinskij": "1 ruble per aristocrat at the building scoring",
    "Tax Man": "1 ruble per green card at the aristocrat scoring",
}
CZAR_AND_CARPENTER = "Czar and Carpenter"  # any green upgrade may replace it

_G, _B, _R = GREEN, BLUE, RED
_W, _U = WORKER, UPGRADE
# name, deck, colour, price, rubles, points, count[, pair]
_BGA_ROWS = (
    ("Lumberjack", _W, _G, 3, 3, 0, 6), ("Gold Miner", _W, _G, 4, 3, 0, 6),
    ("Shepherd", _W, _G, 5, 3, 0, 6), ("Fur Trapper", _W, _G, 6, 3, 0, 6),
    ("Ship Builder", _W, _G, 7, 3, 0, 6), (CZAR_AND_CARPENTER, _W, _G, 8, 3, 0, 1),
    ("Market", BUILDING, _B, 5, 0, 1, 5), ("Customs House", BUILDING, _B, 8, 0, 2, 5),
    ("Firehouse", BUILDING, _B, 11, 0, 3, 3), ("Hospital", BUILDING, _B, 14, 0, 4, 3),
    ("Library", BUILDING, _B, 17, 0, 5, 3), ("Theater", BUILDING, _B, 20, 0, 6, 2),
    ("Academy", BUILDING, _B, 23, 0, 7, 1), ("Pub", BUILDING, _B, 1, 0, 0, 2),
    ("Warehouse", BUILDING, _B, 2, 0, 0, 1), ("Potjomkin's Village", BUILDING, _B, 2, 0, 0, 1),
    ("Observatory", BUILDING, _B, 6, 0, 1, 2),
    ("Author", ARISTOCRAT, _R, 4, 1, 0, 6), ("Administrator", ARISTOCRAT, _R, 7, 2, 0, 5),
    ("Warehouse Manager", ARISTOCRAT, _R, 10, 3, 0, 5), ("Secretary", ARISTOCRAT, _R, 12, 4, 0, 4),
    ("Controller", ARISTOCRAT, _R, 14, 4, 1, 3), ("Judge", ARISTOCRAT, _R, 16, 5, 2, 2),
    ("Mistress of Ceremonies", ARISTOCRAT, _R, 18, 6, 3, 2),
    ("Carpenter Workshop", _U, _G, 4, 3, 0, 1, "Lumberjack"),
    ("Gold Smelter", _U, _G, 6, 3, 0, 1, "Gold Miner"),
    ("Weaving Mill", _U, _G, 8, 6, 0, 2, "Shepherd"),
    ("Fur Shop", _U, _G, 10, 3, 2, 3, "Fur Trapper"),
    ("Wharf", _U, _G, 12, 6, 1, 3, "Ship Builder"),
    ("Mariinskij", _U, _B, 10, 0, 0, 1), ("Bank", _U, _B, 13, 5, 1, 1),
    ("Peterhof", _U, _B, 14, 4, 2, 1), ("St Isaac", _U, _B, 15, 3, 3, 1),
    ("Resurrection Church", _U, _B, 16, 2, 4, 1), ("Harbor", _U, _B, 16, 5, 2, 1),
    ("Catherine Palace", _U, _B, 17, 1, 5, 1), ("Smolny", _U, _B, 17, 4, 3, 1),
    ("Hermitage", _U, _B, 18, 3, 4, 1), ("Winter Palace", _U, _B, 19, 2, 5, 1),
    ("Pope", _U, _R, 6, 1, 1, 1), ("Chamber Maid", _U, _R, 8, 0, 2, 1),
    ("Weapon Master", _U, _R, 8, 4, 0, 1), ("Builder", _U, _R, 10, 5, 0, 1),
    ("Senator", _U, _R, 12, 2, 2, 1), ("Patriarch", _U, _R, 16, 0, 4, 1),
    ("Tax Man", _U, _R, 17, 0, 0, 1), ("Admiral", _U, _R, 18, 3, 3, 1),
    ("Minister", _U, _R, 20, 2, 4, 1), ("Czar", _U, _R, 24, 0, 6, 1),
)
BGA_FIRST_EDITION = tuple(Card(*row) for row in _BGA_ROWS)
CARD_NAMES = tuple(c.name for c in BGA_FIRST_EDITION)
DECK_SIZES = tuple(sum(c.count for c in BGA_FIRST_EDITION if c.deck == d) for d in range(len(PHASES)))
assert DECK_SIZES == (31, 28, 27, 30)
PRINTED_CARDS = sources.Printed(
    "first-edition card table",
    "Saint Petersburg rules, 'Game Material' (Hans im Glueck / Rio Grande, as adapted at yucata.de/en/Rules/Petersburg);"
    " Board Game Arena's implementation data, marcuda/bga-saintpetersburg material.inc.php (first edition)",
    "the rulebook: 31 workers (6 of each of five, 1 Czar and Carpenter), 28 buildings (5, 5, 3, 3, 3, 2, 1 and "
    "1, 2, 1, 2 specials), 27 aristocrats (6, 5, 5, 4, 3, 2, 2), 30 trading cards of 10 kinds per colour; BGA's "
    "data: each card's price, rubles, points and copies (the rulebook shows these only on the card pictures)")

# upgrade_pairs=seed: "Tkalcovna smí nahradit pouze lovce kožešin" (the Weaving Mill replaces the Fur Trapper); the
# seed names no other pair, so the Fur Shop keeps its symbol's Fur Trapper and no upgrade replaces the Shepherd.
SEED_PAIRS = {"Weaving Mill": "Fur Trapper"}


def parse_takes_pmf(value, field: str) -> tuple:
    """uniform_0_6, one pmf for every phase (a list: P(0 taken), P(1), ...), or a mapping phase -> pmf ->
    one tuple of Fractions per phase (PHASES order)."""
    if value == "uniform_0_6":
        return UNIFORM_0_6
    if isinstance(value, dict):
        block = sc.mapping(value, field, set(PHASES))
        missing = [p for p in PHASES if p not in block]
        if missing:
            raise ScenarioError(f"{field}.{missing[0]}", "a pmf for every phase: worker, building, aristocrat, upgrade")
        return tuple(_pmf(block[p], f"{field}.{p}") for p in PHASES)
    if isinstance(value, str) or value is None:
        raise ScenarioError(field, f"got {value!r}; allowed: uniform_0_6, a list P(0 taken), P(1), ... or a "
                                   "mapping phase -> such a list")
    return (_pmf(value, field),) * len(PHASES)


def _pmf(value, field: str) -> tuple:
    items = sc.sequence(value, field)
    if not 1 <= len(items) <= BOARD_SIZE + 1:
        raise ScenarioError(field, f"P(0 taken), P(1), ... at most {BOARD_SIZE + 1} values (a phase takes 0..8)")
    probs = []
    for i, x in enumerate(items):
        try:
            p = Fraction(str(x)) if not isinstance(x, bool) else None
        except (ValueError, ZeroDivisionError):
            p = None
        if p is None or p < 0:
            raise ScenarioError(f"{field}[{i}]", f"got {x!r}; allowed: a probability such as 0.25 or \"1/7\"")
        probs.append(p)
    if sum(probs) != 1:
        raise ScenarioError(field, f"the probabilities sum to {float(sum(probs)):g}; they must sum to 1 exactly")
    return tuple(probs)


UNIFORM_0_6 = (tuple(Fraction(1, TAKES_MAX + 1) for _ in range(TAKES_MAX + 1)),) * len(PHASES)

_CARD_KEYS = {"deck", "colour", "price", "rubles", "points", "count", "pair"}


def parse_card_table(value, field: str) -> tuple:
    """bga_first_edition, or a mapping name -> {deck, colour (upgrades only: the others score with their deck's
    colour), price, rubles, points, count (default 1), pair (green upgrades)} -> a tuple of Card."""
    if value == "bga_first_edition":
        return BGA_FIRST_EDITION
    if isinstance(value, str) or not isinstance(value, dict) or not value:
        raise ScenarioError(field, f"got {value!r}; allowed: bga_first_edition, or a mapping card name -> "
                                   "{deck, colour, price, rubles, points, count, pair}")
    cards = []
    for name, raw in value.items():
        where = f"{field}.{sc.key_name(name)}"
        row = sc.mapping(raw, where, _CARD_KEYS)
        deck = PHASES.index(sc.choice(row.get("deck"), f"{where}.deck", PHASES))
        if deck == UPGRADE:
            colour = COLOURS.index(sc.choice(row.get("colour"), f"{where}.colour", COLOURS))
        elif row.get("colour") not in (None, COLOURS[deck]):
            raise ScenarioError(f"{where}.colour", f"a {PHASES[deck]} card is {COLOURS[deck]}")
        else:
            colour = deck
        nums = [sc.integer(row.get(k), f"{where}.{k}", 0, 100) for k in ("price", "rubles", "points")]
        count = sc.integer(row.get("count", 1), f"{where}.count", 1, 40)
        pair = row.get("pair")
        if pair is not None and not (deck == UPGRADE and colour == GREEN):
            raise ScenarioError(f"{where}.pair", "only a green upgrade has a paired worker")
        cards.append(Card(str(name), deck, colour, *nums, count, None if pair is None else str(pair)))
    workers = sorted(c.name for c in cards if c.deck == WORKER)
    for c in cards:
        if c.pair is not None and c.pair not in workers:
            raise ScenarioError(f"{field}.{c.name}.pair", f"got {c.pair!r}; allowed: {', '.join(workers)}"
                                                          f"{did_you_mean(c.pair, workers)}")
    for deck, name in enumerate(PHASES):
        if not any(c.deck == deck for c in cards):
            raise ScenarioError(field, f"no {name} card; every deck needs at least one")
    return tuple(cards)


SETTINGS: dict[str, tuple] = {
    "card_table": (BGA_FIRST_EDITION, ("bga_first_edition",)),
    "upgrade_pairs": ("by_symbol", ("by_symbol", "seed")),
    "worker_refill_end": ("next_round", ("next_round", "immediate")),
    "short_refill": ("fill_what_it_can", ("fill_what_it_can",)),
    "observatory_last_card": ("forbidden", ("forbidden", "allowed")),
    "observatory_draw_shown": (False, ()),
    "takes_pmf": (UNIFORM_0_6, ("uniform_0_6",)),
    "hand_limit": (3, ()),
    "turn_cap": (40, ()),
    **core_settings.HANDICAP_SETTING,
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    card_table: tuple = BGA_FIRST_EDITION  # the Card rows (printed: PRINTED_CARDS)
    upgrade_pairs: str = "by_symbol"  # green upgrade -> worker by symbol; seed: the Weaving Mill -> the Fur Trapper
    worker_refill_end: str = "next_round"  # the worker deck emptied after an upgrade phase: the next round is the last
    short_refill: str = "fill_what_it_can"  # a deck short of the slots fills what it can, the rest stay empty
    observatory_last_card: str = "forbidden"  # the Observatory may not take a deck's last card
    observatory_draw_shown: bool = False  # a kept Observatory draw is hidden from the others
    takes_pmf: tuple = UNIFORM_0_6  # per phase (PHASES order) P(0 cards taken), P(1), ... (exact question 2)
    hand_limit: int = 3  # the Warehouse adds one
    turn_cap: int = 40  # rounds; a game reaching it stops and counts apart
    seat_handicap: tuple = ()  # rubles added to each turn-order rank's start (core/settings.py); (): none

    @property
    def cards(self) -> dict:
        """name -> Card."""
        return {c.name: c for c in self.card_table}

    def deck(self, deck: int) -> dict:
        """A full deck's composition, name -> count (table order)."""
        return {c.name: c.count for c in self.card_table if c.deck == deck}

    def show(self, name: str):
        value = getattr(self, name)
        if name == "card_table":
            return {c.name: {"deck": PHASES[c.deck], "colour": COLOURS[c.colour], "price": c.price, "rubles": c.rubles,
                             "points": c.points, "count": c.count, **({"pair": c.pair} if c.pair else {})}
                    for c in value}
        if name == "takes_pmf":
            pmfs = {p: [str(x) for x in pmf] for p, pmf in zip(PHASES, value)}
            return pmfs["worker"] if len({tuple(v) for v in pmfs.values()}) == 1 else pmfs
        return value

    @property
    def printed(self) -> tuple:
        """The printed tables (`core.sources.Printed`) these settings rest on."""
        return (PRINTED_CARDS,) if self.card_table == BGA_FIRST_EDITION else ()

    def labels(self) -> list[str]:
        shown = {k: ("supplied" if k == "card_table" else v) for k, v in self.shown().items()}
        table = "" if "card_table" in shown else "; card table: the first edition (printed)"
        if not shown:
            return ["rules: every named setting at the spec's default" + table]
        return ["rules: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + " (others at their defaults)" + table]


DEFAULT_SETTINGS = Settings()


def upgrade_pairs(settings: Settings) -> dict:
    """green upgrade -> the workers it may replace besides Czar and Carpenter (by_symbol: its symbol's; seed: the
    Weaving Mill the Fur Trapper, the others their symbol's, so no upgrade replaces the Shepherd)."""
    pairs = {c.name: c.pair for c in settings.card_table if c.deck == UPGRADE and c.colour == GREEN}
    if settings.upgrade_pairs == "seed":
        pairs.update((k, v) for k, v in SEED_PAIRS.items() if k in pairs)
    return {k: () if v is None else (v,) for k, v in pairs.items()}
assert set(SETTINGS) == {f.name for f in fields(Settings)}

_SPECIAL = {
    "card_table": parse_card_table,
    "takes_pmf": parse_takes_pmf,
    "hand_limit": lambda value, field: sc.integer(value, field, 1, BOARD_SIZE),
    "turn_cap": lambda value, field: sc.integer(value, field, 1, 1000),
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
