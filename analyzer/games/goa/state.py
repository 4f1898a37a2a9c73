"""Goa positions from a scenario (spec "What a position is"), every card checked against the expedition deck.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: goa
    players: 4
    rules: {expedition_limit: after_action, set_values: [1, 3, 5, 10, 15, 20], ducat_tie: all,
            final_tie: shared, expedition_reshuffle: discard_under, expedition_deck: illustrative}
    position:
      me: 1
      round: 3                      # 1..8; phase A is rounds 1-4, B rounds 5-8 (phase, if given, must agree)
      founded: [quilon]             # my colonies
      colony_attempt: {target: cochin, level_colonists: 1, hand_colonists: 4, cards_flipped: 2,
                       kolonista_tile: false, two_colonists_card: false, spionage_level_colonists: 3,
                       wanted_chance: [0.5, 0.9]}
      expedition:
        deck_left: 17
        discard: [{colonists: 2, symbol: fish}, {colonists: 1, symbol: tiger}]
        my_hand: [{effect: colony_three_cards, colonists: 3, symbol: shell}]
        known_elsewhere: []
        unseen_counts: {1: 6, 2: 5, 3: 6}      # optional: the pool the flips come from, instead of the derived one
      hold_or_play: {effect_values: {five_ducats: 2}, plays_left: 2}

Readings where the spec is silent: a card in the discard or known elsewhere needs its colonist number (effect and
symbol may be left out), a card of my hand all three; the listed cards must fit distinct cards of the deck; the
unseen pool is the deck less every listed card, and the draw pile (deck_left cards, default all of the pool) a
uniformly random part of it; when fewer than the cards flipped are left, the listed discard is the whole discard.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.summary import named
from analyzer.games.goa import rules as r
from analyzer.games.goa.rules import Settings

POSITION_KEYS = {"me", "round", "phase", "founded", "colony_attempt", "expedition", "hold_or_play"}
ATTEMPT_KEYS = {"target", "level_colonists", "hand_colonists", "cards_flipped", "kolonista_tile",
                "two_colonists_card", "spionage_level_colonists", "wanted_chance"}
EXPEDITION_KEYS = {"deck_left", "discard", "my_hand", "known_elsewhere", "unseen_counts"}
HOLD_KEYS = {"effect_values", "plays_left"}
MAX_COLONISTS = 60  # hand colonists: the supply's cards are exchangeable counts
WANTED = (Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(9, 10), Fraction(19, 20), Fraction(1))
KOLONISTA, TWO_COLONISTS_GAIN = 1, 2  # the Kolonista tile's colonist (once a round); the free card's two


@dataclass(frozen=True)
class Attempt:
    """A colony founding about to be tried (question 1), and the chances wanted (question 2)."""
    target: int | None = field(default=None, metadata=named(r.COLONIES))  # None: compare every open type
    level: int = 0  # colonists of my colonists-column row (or, with Spionage, another player's)
    hand: int = 0  # colonist cards in hand
    flipped: int = r.COLONY_FLIP  # 2, or 3 with the colony_three_cards card played before the action
    kolonista: bool = False  # the Kolonista tile, unused this round: +1 colonist during the action
    two_colonists: bool = False  # a two_colonists card from my hand may be played during the action
    spionage: bool = False  # the level is another player's row (the Spionage tile)
    wanted: tuple[Fraction, ...] = WANTED

    @property
    def extras(self) -> int:
        """Colonists the tile adds to the hand during the action (the card is counted apart: played only when
        needed)."""
        return KOLONISTA * self.kolonista


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    me: int = 0
    round: int = 1
    founded: tuple[int, ...] = field(default=(), metadata=named(r.COLONIES))
    attempt: Attempt | None = None
    deck_left: int = r.DECK_SIZE  # cards in the draw pile
    discard: tuple = ()  # listed cards: (effect|None, colonists, symbol|None)
    my_hand: tuple = ()  # (effect, colonists, symbol)
    known_elsewhere: tuple = ()
    pool: tuple[int, ...] = (10, 10, 10)  # the unseen cards by colonist number 1, 2, 3
    pool_given: bool = False  # unseen_counts gave the pool (no default deck involved)
    effect_values: dict = field(default_factory=dict)  # effect -> end-game points of playing it (question 4)
    effect_values_given: frozenset = frozenset()
    plays_left: int = 0

    @property
    def phase(self) -> str:
        return "A" if self.round <= r.ROUNDS // 2 else "B"

    @property
    def open_colonies(self) -> tuple[int, ...]:
        return tuple(c for c in range(len(r.COLONIES)) if c not in self.founded)

    @property
    def discard_counts(self) -> tuple[int, ...]:
        """The listed discard by colonist number, with the colony_three_cards card played before a three-card
        flip (it lies in the discard if the deck runs out)."""
        cards = list(self.discard)
        if self.attempt is not None and self.attempt.flipped == 3:
            cards.append(next(c for c in self.my_hand if c[0] == r.COLONY_THREE_CARDS))
        return tuple(sum(1 for c in cards if c[1] == v) for v in r.COLONIST_NUMBERS)

    @property
    def draws_illustrative(self) -> bool:
        """The flips' odds rest on the illustrative deck (its colonist numbers give the pool)."""
        return self.settings.deck_illustrative and not self.pool_given

    @property
    def values_illustrative(self) -> bool:
        """Question 4 uses an illustrative effect value (one of my hand's effects not given)."""
        return any(c[0] not in self.effect_values_given for c in self.my_hand)


# ------------------------------------------------------------------------------------------------
# parsing

def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    me = sc.integer(block.get("me", 0), f"{P}.me", 0, players - 1)
    rnd = sc.integer(block.get("round", 1), f"{P}.round", 1, r.ROUNDS)
    if block.get("phase") is not None:
        phase = sc.choice(block["phase"], f"{P}.phase", r.PHASES)
        if phase != ("A" if rnd <= r.ROUNDS // 2 else "B"):
            raise ScenarioError(f"{P}.phase", f"phase A is rounds 1-4, B rounds 5-8; round {rnd} is phase "
                                              f"{'A' if rnd <= 4 else 'B'}")
    founded = _founded(block.get("founded"), f"{P}.founded")
    exp = sc.mapping(block.get("expedition"), f"{P}.expedition", EXPEDITION_KEYS)
    E = f"{P}.expedition"
    discard = _cards(exp.get("discard"), f"{E}.discard", ("colonists",))
    hand = _cards(exp.get("my_hand"), f"{E}.my_hand", ("effect", "colonists", "symbol"))
    known = _cards(exp.get("known_elsewhere"), f"{E}.known_elsewhere", ("colonists",))
    deck = settings.expedition_deck
    _fit(deck, [(f"{E}.discard[{i}]", c) for i, c in enumerate(discard)]
         + [(f"{E}.my_hand[{i}]", c) for i, c in enumerate(hand)]
         + [(f"{E}.known_elsewhere[{i}]", c) for i, c in enumerate(known)], settings)
    listed = discard + hand + known
    derived = tuple(sum(1 for c in deck if c[1] == v) - sum(1 for c in listed if c[1] == v)
                    for v in r.COLONIST_NUMBERS)
    pool, pool_given = _pool(exp.get("unseen_counts"), f"{E}.unseen_counts", derived)
    unseen = sum(pool)
    if exp.get("deck_left") is None:
        deck_left = unseen
    else:
        deck_left = sc.integer(exp["deck_left"], f"{E}.deck_left", 0, r.DECK_SIZE)
        if deck_left > unseen:
            what = ("the unseen_counts total" if pool_given else
                    f"the discard ({len(discard)}) + my hand ({len(hand)}) + known elsewhere ({len(known)}) leave")
            raise ScenarioError(f"{E}.deck_left", f"at most {unseen}: {what} {unseen} unseen cards of the "
                                                  f"{r.DECK_SIZE}; got {deck_left}")
    attempt = _attempt(block.get("colony_attempt"), f"{P}.colony_attempt", founded, hand)
    values, given, plays = _hold(block.get("hold_or_play"), f"{P}.hold_or_play", len(hand))
    return Position(players, settings, me, rnd, founded, attempt, deck_left, discard, hand, known, pool, pool_given,
                    values, given, plays)


def _founded(value, where: str) -> tuple[int, ...]:
    out = []
    for i, x in enumerate(sc.sequence(value, where)):
        c = r.COLONIES.index(sc.choice(x, f"{where}[{i}]", r.COLONIES))
        if c in out:
            raise ScenarioError(f"{where}[{i}]", f"{r.COLONIES[c]} is listed twice; a player founds each type once")
        out.append(c)
    return tuple(sorted(out))


def _cards(value, where: str, need: tuple[str, ...]) -> tuple:
    items = sc.sequence(value, where)
    if len(items) > r.DECK_SIZE:
        raise ScenarioError(where, f"at most {r.DECK_SIZE} cards; got {len(items)}")
    return tuple(r.parse_card(x, f"{where}[{i}]", need) for i, x in enumerate(items))


def _fits(card, described) -> bool:
    return all(d is None or d == x for d, x in zip(described, card))


def _card_text(card) -> str:
    parts = [f"effect: {r.EFFECTS[card[0]]}" if card[0] is not None else "",
             f"colonists: {card[1]}" if card[1] is not None else "",
             f"symbol: {r.SYMBOLS[card[2]]}" if card[2] is not None else ""]
    return "{" + ", ".join(p for p in parts if p) + "}"


def _fit(deck, listed: list[tuple[str, tuple]], settings: Settings) -> None:
    """Every listed card must be a distinct card of the deck (a bipartite matching, augmenting paths)."""
    which = "the illustrative deck" if settings.deck_illustrative else "the given expedition_deck"
    owner: dict[int, int] = {}  # deck card -> listed card

    def place(i: int, seen: set) -> bool:
        for j, card in enumerate(deck):
            if j in seen or not _fits(card, listed[i][1]):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i, (where, card) in enumerate(listed):
        fitting = [c for c in deck if _fits(c, card)]
        if not fitting:
            same = sorted({_card_text((c[0], None, c[2])) for c in deck if c[1] == card[1]})
            raise ScenarioError(where, f"no card {_card_text(card)} in {which}; its cards with {card[1]} colonists: "
                                       f"{', '.join(same)}")
        if not place(i, set()):
            raise ScenarioError(where, f"one card {_card_text(card)} too many: {which} holds {len(fitting)} that fit "
                                       "it, and the discard, my hand and known elsewhere list more")


def _pool(value, where: str, derived: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    if value is None:
        return derived, False
    block = sc.mapping(value, where)
    out = [0] * len(r.COLONIST_NUMBERS)
    for key, count in block.items():
        f = f"{where}.{sc.key_name(key)}"
        v = sc.integer(key, f, 1, 3)
        out[v - 1] = sc.integer(count, f, 0, derived[v - 1])
    return tuple(out), True


def _attempt(value, where: str, founded: tuple[int, ...], hand: tuple) -> Attempt | None:
    if value is None:
        return None
    e = sc.mapping(value, where, ATTEMPT_KEYS)
    target = None
    if e.get("target") is not None:
        target = r.COLONIES.index(sc.choice(e["target"], f"{where}.target", r.COLONIES))
        if target in founded:
            raise ScenarioError(f"{where}.target", f"{r.COLONIES[target]} is founded already (position.founded); "
                                                   "open: " + ", ".join(r.COLONIES[c] for c in range(4)
                                                                        if c not in founded))
    if len(founded) == len(r.COLONIES):
        raise ScenarioError(where, "every colony type is founded already: nothing left to try")
    level = sc.integer(e.get("level_colonists", 0), f"{where}.level_colonists", 0, max(r.COLONY_TARGETS))
    spionage = e.get("spionage_level_colonists")
    if spionage is not None:
        level = sc.integer(spionage, f"{where}.spionage_level_colonists", 0, max(r.COLONY_TARGETS))
    flipped = sc.integer(e.get("cards_flipped", r.COLONY_FLIP), f"{where}.cards_flipped", 2, 3)
    if flipped == 3 and not any(c[0] == r.COLONY_THREE_CARDS for c in hand):
        raise ScenarioError(f"{where}.cards_flipped", "3 needs a colony_three_cards card in "
                                                      "position.expedition.my_hand (played before the action)")
    two = sc.flag(e.get("two_colonists_card", False), f"{where}.two_colonists_card")
    if two and flipped == 3:
        raise ScenarioError(f"{where}.two_colonists_card", "false with cards_flipped 3: one expedition card per "
                                                           "action, and the three-card flip is that card")
    if two and not any(c[0] == r.TWO_COLONISTS for c in hand):
        raise ScenarioError(f"{where}.two_colonists_card", "true needs a two_colonists card in "
                                                           "position.expedition.my_hand")
    wanted = WANTED
    if e.get("wanted_chance") is not None:
        items = sc.sequence(e["wanted_chance"], f"{where}.wanted_chance")
        if not items:
            raise ScenarioError(f"{where}.wanted_chance", "one chance at least, e.g. [0.5, 0.9, 1]")
        wanted = tuple(_chance(x, f"{where}.wanted_chance[{i}]") for i, x in enumerate(items))
    return Attempt(target, level, sc.integer(e.get("hand_colonists", 0), f"{where}.hand_colonists", 0, MAX_COLONISTS),
                   flipped, sc.flag(e.get("kolonista_tile", False), f"{where}.kolonista_tile"), two,
                   spionage is not None, wanted)


def _chance(value, where: str) -> Fraction:
    """A chance 0 < p <= 1: a number (0.9) or a fraction "9/10"."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        p = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ScenarioError(where, "a chance from 0 to 1: a number such as 0.9 or a fraction \"9/10\"") from None
    if not 0 < p <= 1:
        raise ScenarioError(where, f"a chance above 0 and at most 1; got {value}")
    return p


def _hold(value, where: str, hand_size: int) -> tuple[dict, frozenset, int]:
    e = sc.mapping(value, where, HOLD_KEYS)
    values = dict(r.ILLUSTRATIVE_EFFECT_VALUES)
    given = set()
    for key, v in sc.mapping(e.get("effect_values"), f"{where}.effect_values").items():
        f = f"{where}.effect_values.{sc.key_name(key)}"
        effect = sc.choice(key, f, r.EFFECTS)
        values[effect] = sc.integer(v, f, 0, 100)
        given.add(r.EFFECTS.index(effect))
    plays = sc.integer(e.get("plays_left", hand_size), f"{where}.plays_left", 0, 100)
    return {r.EFFECTS.index(k): v for k, v in values.items()}, frozenset(given), plays


def questions(position: Position) -> tuple[str, ...]:
    """The questions a position supports: the colony ones need a colony_attempt; hold_or_play a hand."""
    out = ["odds", "hand_needed"] if position.attempt is not None else []
    out.append("nachschub")
    if position.my_hand:
        out.append("hold_or_play")
    return tuple(out)
