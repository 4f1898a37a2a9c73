"""Sankt Petersburg positions from a scenario (spec "A position"), every card checked against the card table.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: st_petersburg
    players: 4
    rules: {takes_pmf: uniform_0_6, card_table: bga_first_edition, worker_refill_end: next_round}
    position:
      phase: aristocrat                      # the phase now being played
      start_stones: {worker: 2, building: 3, aristocrat: 0, upgrade: 1}
      board: {upper: [Secretary, Judge, Library], lower: [Market, Author]}
      decks_left: {worker: 9, building: 11, aristocrat: 4, upgrade: 20}
      seen_out: {aristocrat: {Author: 5, Secretary: 2}}   # cards of a deck seen out of it so far
      me: {seat: 0, rubles: 23, hand: [Fur Shop], cards: [Lumberjack, Lumberjack, Market, Author]}
      opponents: [{hand: [Judge], hidden_in_hand: 0, cards: [Shepherd]}, ...]   # the other seats in order
      focus: {taken: 2, refill: 5, card: Mistress of Ceremonies, scorings: {green: 2, blue: 2, red: 3},
              observatory_draws: {upgrade: 1}}     # still to come this building phase

Readings where the spec is silent: a deck's unseen pool is its full composition less, per name, the larger of
`seen_out` and the copies visible now (board, hands, cards in play); cards turned but not counted are unseen, and
by exchangeability the next refill is a uniform draw from that pool; `decks_left` defaults to the pool's size; a
card in play is counted against the deck it came from.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.summary import named
from analyzer.games.st_petersburg import actions as act
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.rules import Settings

POSITION_KEYS = {"phase", "start_stones", "board", "decks_left", "seen_out", "me", "opponents", "focus"}
ME_KEYS = {"seat", "rubles", "hand", "cards"}
OPPONENT_KEYS = {"hand", "hidden_in_hand", "cards", "rubles"}
FOCUS_KEYS = {"taken", "refill", "card", "scorings", "observatory_draws"}
MAX_CARDS = 60  # one player's cards in play: more than any game reaches


@dataclass(frozen=True)
class Focus:
    """What the questions ask about: the cards still to be taken this phase (None: settings.takes_pmf; or
    (upper, lower)), the next refill's size typed (None: from the takes), a card for the refill's distribution,
    the remaining scorings per colour typed for the ROI (None: question 2's model), the Observatory draws still to
    come this building phase per deck (they thin the decks before the refills after it)."""
    taken: int | tuple | None = None
    refill: int | None = None
    card: str | None = None
    scorings: tuple | None = field(default=None, metadata=named(per=r.COLOURS))
    observatory_draws: tuple = field(default=(0,) * len(r.PHASES), metadata=named(per=r.PHASES))


@dataclass(frozen=True)
class Seat:
    hand: tuple = ()
    cards: tuple = ()
    hidden_in_hand: int = 0
    rubles: int | None = None  # known for me only


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    phase: int = field(default=r.WORKER, metadata=named(r.PHASES))
    start_stones: tuple = field(default=(0, 1, 2, 3), metadata=named(per=r.PHASES))  # per phase, its stone's seat
    upper: tuple = ()
    lower: tuple = ()
    decks_left: tuple = field(default=r.DECK_SIZES, metadata=named(per=r.PHASES))
    pools: tuple = field(default=(), metadata=named(per=r.PHASES))  # per deck: ((name, unseen copies), ...) in table order
    me: int = 0
    seats: tuple = ()  # per seat: Seat
    focus: Focus = field(default_factory=Focus)

    @property
    def mine(self) -> Seat:
        return self.seats[self.me]

    @property
    def board(self) -> int:
        return len(self.upper) + len(self.lower)


# ------------------------------------------------------------------------------------------------
# parsing

def card_name(value, where: str, settings: Settings) -> str:
    if not isinstance(value, str) or value.strip() not in settings.cards:
        raise ScenarioError(where, f"got {value!r}; allowed: a card of the card table, e.g. "
                                   f"{', '.join(c.name for c in settings.card_table[:3])}"
                                   f"{did_you_mean(value, settings.cards)}")
    return value.strip()


def _cards(value, where: str, settings: Settings, most: int) -> tuple:
    items = sc.sequence(value, where)
    if len(items) > most:
        raise ScenarioError(where, f"at most {most} cards; got {len(items)}")
    return tuple(card_name(x, f"{where}[{i}]", settings) for i, x in enumerate(items))


def _phase(value, where: str) -> int:
    return r.PHASES.index(sc.choice(value, where, r.PHASES))


def _per_deck(value, where: str, parse_one) -> dict:
    block = sc.mapping(value, where, set(r.PHASES))
    return {r.PHASES.index(k): parse_one(v, f"{where}.{k}") for k, v in block.items()}


def _hand(value, where: str, settings: Settings, cards: tuple, hidden: int = 0) -> tuple:
    limit = act.hand_limit(settings, act.Player(rubles=0, cards=list(cards)))
    hand = _cards(value, where, settings, r.BOARD_SIZE + 1)
    if len(hand) + hidden > limit:
        raise ScenarioError(where, f"at most {limit} cards in hand (hand_limit {settings.hand_limit}, one more with "
                                   f"the Warehouse); got {len(hand) + hidden}")
    return hand


def _seats(block: dict, players: int, settings: Settings) -> tuple[int, tuple]:
    P = "position"
    me_block = sc.mapping(block.get("me"), f"{P}.me", ME_KEYS)
    me = sc.integer(me_block.get("seat", 0), f"{P}.me.seat", 0, players - 1)
    cards = _cards(me_block.get("cards"), f"{P}.me.cards", settings, MAX_CARDS)
    mine = Seat(_hand(me_block.get("hand"), f"{P}.me.hand", settings, cards), cards, 0,
                sc.integer(me_block.get("rubles", r.START_RUBLES), f"{P}.me.rubles", 0, 10_000))
    others = sc.sequence(block.get("opponents"), f"{P}.opponents")
    if len(others) > players - 1:
        raise ScenarioError(f"{P}.opponents", f"at most {players - 1} (the other seats, in order after me)")
    rest = []
    for i, raw in enumerate(others):
        where = f"{P}.opponents[{i}]"
        o = sc.mapping(raw, where, OPPONENT_KEYS)
        if o.get("rubles") is not None:
            raise ScenarioError(f"{where}.rubles", "omit it: money is secret at the table")
        theirs = _cards(o.get("cards"), f"{where}.cards", settings, MAX_CARDS)
        hidden = sc.integer(o.get("hidden_in_hand", 0), f"{where}.hidden_in_hand", 0, r.BOARD_SIZE + 1)
        rest.append(Seat(_hand(o.get("hand"), f"{where}.hand", settings, theirs, hidden), theirs, hidden))
    rest += [Seat()] * (players - 1 - len(rest))
    seats = [None] * players
    seats[me] = mine
    for k, seat in enumerate(rest):
        seats[(me + 1 + k) % players] = seat
    return me, tuple(seats)


def _pools(block: dict, settings: Settings, upper: tuple, lower: tuple, seats: tuple) -> tuple[tuple, tuple]:
    """Each deck's unseen pool by elimination and its cards left (see the module's readings)."""
    P = "position"
    visible: dict[str, int] = {}
    for name in upper + lower + tuple(c for s in seats for c in s.hand + s.cards):
        visible[name] = visible.get(name, 0) + 1
    for name, n in visible.items():
        if n > settings.cards[name].count:
            raise ScenarioError(P, f"{n} {name} on the board, in hands or in play; only "
                                   f"{settings.cards[name].count} exist")
    seen = _per_deck(block.get("seen_out"), f"{P}.seen_out", lambda v, w: sc.mapping(v, w))
    given = _per_deck(block.get("decks_left"), f"{P}.decks_left", lambda v, w: sc.integer(v, w, 0, 200))
    pools, left = [], []
    for deck, name in enumerate(r.PHASES):
        counts = {}
        for card, raw in seen.get(deck, {}).items():
            where = f"{P}.seen_out.{name}.{sc.key_name(card)}"
            c = settings.cards.get(card)
            if c is None or c.deck != deck:
                raise ScenarioError(where, f"a card of the {name} deck: "
                                           f"{', '.join(settings.deck(deck))}")
            counts[card] = sc.integer(raw, where, 0, c.count)
        pool = tuple((card, n - max(counts.get(card, 0), visible.get(card, 0)))
                     for card, n in settings.deck(deck).items())
        size = sum(n for _, n in pool)
        cards = given.get(deck, size)
        if cards > size:
            raise ScenarioError(f"{P}.decks_left.{name}", f"at most {size}: the {name} cards not seen out "
                                                          f"(board, hands, in play, seen_out); got {cards}")
        pools.append(pool)
        left.append(cards)
    return tuple(pools), tuple(left)


def _taken(value, where: str, upper: tuple, lower: tuple):
    if value is None:
        return None
    if isinstance(value, dict):
        e = sc.mapping(value, where, {"upper", "lower"})
        return (sc.integer(e.get("upper", 0), f"{where}.upper", 0, len(upper)),
                sc.integer(e.get("lower", 0), f"{where}.lower", 0, len(lower)))
    return sc.integer(value, where, 0, len(upper) + len(lower))


def _observatory(value, where: str, phase: int, decks_left: tuple, settings: Settings) -> tuple:
    draws = _per_deck(value, where, lambda v, w: sc.integer(v, w, 0, r.BOARD_SIZE))
    if any(draws.values()) and phase > r.BUILDING:
        raise ScenarioError(where, "none after the building phase: the Observatory is used in the building phase")
    spare = 0 if settings.observatory_last_card == "allowed" else 1  # forbidden: a draw needs a deck of 2+
    for deck, n in draws.items():
        if n > max(decks_left[deck] - spare, 0):
            raise ScenarioError(f"{where}.{r.PHASES[deck]}", f"at most {max(decks_left[deck] - spare, 0)}: "
                                                             f"{decks_left[deck]} cards left (observatory_last_card "
                                                             f"{settings.observatory_last_card}); got {n}")
    return tuple(draws.get(d, 0) for d in range(len(r.PHASES)))


def _focus(value, where: str, p_board: tuple, settings: Settings, phase: int, decks_left: tuple) -> Focus:
    e = sc.mapping(value, where, FOCUS_KEYS)
    upper, lower = p_board
    taken = _taken(e.get("taken"), f"{where}.taken", upper, lower)
    refill = None if e.get("refill") is None else sc.integer(e["refill"], f"{where}.refill", 0, r.BOARD_SIZE)
    card = None if e.get("card") is None else card_name(e["card"], f"{where}.card", settings)
    scorings = None
    if e.get("scorings") is not None:
        s = sc.mapping(e["scorings"], f"{where}.scorings", set(r.COLOURS))
        missing = [c for c in r.COLOURS if c not in s]
        if missing:
            raise ScenarioError(f"{where}.scorings.{missing[0]}", "one count per colour: green, blue, red")
        scorings = tuple(sc.integer(s[c], f"{where}.scorings.{c}", 0, 4 * settings.turn_cap) for c in r.COLOURS)
    draws = _observatory(e.get("observatory_draws"), f"{where}.observatory_draws", phase, decks_left, settings)
    return Focus(taken, refill, card, scorings, draws)


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    phase = _phase(block.get("phase", "worker"), f"{P}.phase")
    stones = _per_deck(block.get("start_stones"), f"{P}.start_stones",
                       lambda v, w: sc.integer(v, w, 0, players - 1))
    start_stones = tuple(stones.get(d, d % players) for d in range(len(r.PHASES)))
    board = sc.mapping(block.get("board"), f"{P}.board", {"upper", "lower"})
    upper = _cards(board.get("upper"), f"{P}.board.upper", settings, r.BOARD_SIZE)
    lower = _cards(board.get("lower"), f"{P}.board.lower", settings, r.BOARD_SIZE)
    if len(upper) + len(lower) > r.BOARD_SIZE:
        raise ScenarioError(f"{P}.board", f"at most {r.BOARD_SIZE} cards in both rows; got {len(upper) + len(lower)}")
    me, seats = _seats(block, players, settings)
    pools, left = _pools(block, settings, upper, lower, seats)
    focus = _focus(block.get("focus"), f"{P}.focus", (upper, lower), settings, phase, left)
    return Position(players, settings, phase, start_stones, upper, lower, left, pools, me, seats, focus)


def questions(position: Position) -> tuple[str, ...]:
    """Every position supports the three exact questions."""
    return ("odds", "end", "ev")
