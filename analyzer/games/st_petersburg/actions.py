"""The readable Sankt Petersburg rules of one phase (rules spec: shared/rules/st-petersburg.md): what a card costs
a player, which cards an upgrade may replace, the moves a player has and what each does, a phase's scoring, the
Pub, and the final score.  This module is the single Python source of the cost rule (exact.py's ROI imports
`cost`); reference.py plays whole games with it.

Cards are named as in the card table (rules.py); a player's `cards` are the ones face up in front of him, his
`hand` the ones taken unpaid.  A move is a tuple (kind, a, card, replaced):

    (PASS, 0, None, None)
    (BUY, row, card, replaced)       a board card (row UPPER or LOWER) paid now; replaced: the own card an upgrade
                                     discards, None for any other card
    (TAKE, row, card, None)          a board card to the hand, unpaid
    (PLAY, 0, card, replaced)        a hand card paid now
    (OBSERVE, deck, None, None)      the Observatory (building phase): the deck's top card is drawn, then
    (OBS_PLAY, 0, card, replaced)    the drawn card paid now,
    (OBS_KEEP, 0, card, None)        kept in hand, or
    (OBS_DISCARD, 0, card, None)     discarded.

`legal_moves` lists the distinct moves (two Markets in the lower row are one BUY), sorted by their code tuple
(`code`): the list the random player draws from uniformly.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.rules import (ARISTOCRAT, BLUE, BUILDING, CZAR_AND_CARPENTER, GREEN, RED, UPGRADE,
                                                WORKER)

UPPER, LOWER = 0, 1
PASS, BUY, TAKE, PLAY, OBSERVE, OBS_PLAY, OBS_KEEP, OBS_DISCARD = range(8)
PASS_MOVE = (PASS, 0, None, None)

CARPENTER_WORKSHOP, GOLD_SMELTER = "Carpenter Workshop", "Gold Smelter"  # -1 on blue / red cards
POTJOMKIN = "Potjomkin's Village"
OBSERVATORY, WAREHOUSE, PUB = "Observatory", "Warehouse", "Pub"
MARIINSKIJ, TAX_MAN = "Mariinskij", "Tax Man"  # 1 ruble per red card / per green card at their scoring


@dataclass
class Player:
    rubles: int
    points: int = 0
    cards: list = field(default_factory=list)  # face up, in the order gained
    hand: list = field(default_factory=list)
    observatories_down: int = 0  # Observatories used this building phase: face down until the next phase


@dataclass
class Table:
    """What a phase's moves act on: the board rows, the decks (top first), the players."""
    settings: r.Settings
    seats: list
    decks: list  # one list of card names per deck, top first
    upper: list = field(default_factory=list)
    lower: list = field(default_factory=list)
    phase: int = WORKER
    drawn: str | None = None  # an Observatory draw waiting for its fate
    deck_emptied: bool = False  # some deck's last card left it: this round is the last

    @property
    def players(self) -> int:
        return len(self.seats)


# -- the card table ------------------------------------------------------------------------------------------------

_TABLES: dict[int, tuple] = {}  # id(card table) -> (the table, name -> row, name -> index): hashing one is slow


def _lookup(table) -> tuple:
    hit = _TABLES.get(id(table))
    if hit is None or hit[0] is not table:
        hit = _TABLES[id(table)] = (table, {c.name: c for c in table}, {c.name: i for i, c in enumerate(table)})
    return hit


def card(settings, name: str):
    """The card table's row of a card (name, deck, colour, price, rubles, points, count, pair)."""
    return _lookup(settings.card_table)[1][name]


def index(settings, name: str) -> int:
    """The card's int: its index in the card table (the engine's and the snapshots')."""
    return _lookup(settings.card_table)[2][name]


def is_upgrade(settings, name: str) -> bool:
    return card(settings, name).deck == UPGRADE


def worth(settings, name: str) -> int:
    """What a replaced card takes off an upgrade's price: its printed price (Potjomkin's Village: 6)."""
    return r.POTJOMKIN_WORTH if name == POTJOMKIN else card(settings, name).price


# -- the cost rule -------------------------------------------------------------------------------------------------

def cost(settings, name: str, owned, lower: bool = False, replaced: str | None = None) -> int:
    """What the card costs a player owning `owned` (his face-up cards): the printed price (an upgrade: less the
    replaced card's worth), -1 per identical card owned, -1 from the lower row, -1 with the Carpenter Workshop for
    a blue card / the Gold Smelter for a red one (upgrades of that colour included); at least 1 ruble."""
    c = card(settings, name)
    owned = list(owned)
    price = c.price - (worth(settings, replaced) if replaced is not None else 0)
    discount = owned.count(name) + bool(lower)
    discount += (c.colour == BLUE and CARPENTER_WORKSHOP in owned) + (c.colour == RED and GOLD_SMELTER in owned)
    return max(r.MIN_PRICE, price - discount)


def replaceable(settings, upgrade: str, owned, observatories_down: int = 0) -> list[str]:
    """The distinct own cards an upgrade may replace, never an upgrade: blue any building, red any aristocrat,
    green its paired worker(s) (upgrade_pairs) or the Czar and Carpenter.  A face-down Observatory cannot be
    replaced (only the face-up ones count)."""
    colour, owned = card(settings, upgrade).colour, list(owned)
    if colour == GREEN:
        allowed = {*r.upgrade_pairs(settings).get(upgrade, ()), CZAR_AND_CARPENTER}
        ok = [n for n in owned if n in allowed and card(settings, n).deck == WORKER]
    else:
        deck = {BLUE: BUILDING, RED: ARISTOCRAT}[colour]
        ok = [n for n in owned if card(settings, n).deck == deck]
    if owned.count(OBSERVATORY) - observatories_down <= 0:
        ok = [n for n in ok if n != OBSERVATORY]
    return sorted(set(ok))


def hand_limit(settings, p: Player) -> int:
    """settings.hand_limit (3), one more with a Warehouse; a hand over the limit (Warehouse replaced) stays."""
    return settings.hand_limit + (WAREHOUSE in p.cards)


def hand_room(settings, p: Player) -> bool:
    return len(p.hand) < hand_limit(settings, p)


def _paid_moves(t: Table, p: Player, kind: int, a: int, name: str, lower: bool) -> list[tuple]:
    """The affordable ways of paying for a card: one per replacement for an upgrade (none without one)."""
    s = t.settings
    options = replaceable(s, name, p.cards, p.observatories_down) if is_upgrade(s, name) else [None]
    return [(kind, a, name, x) for x in options if cost(s, name, p.cards, lower, x) <= p.rubles]


# -- the moves -----------------------------------------------------------------------------------------------------

def observatory_decks(t: Table) -> list[int]:
    """The decks the Observatory may draw from: 2+ cards (observatory_last_card allowed: 1+)."""
    least = 1 if t.settings.observatory_last_card == "allowed" else 2
    return [d for d, deck in enumerate(t.decks) if len(deck) >= least]


def can_observe(t: Table, p: Player) -> bool:
    return t.phase == BUILDING and p.cards.count(OBSERVATORY) > p.observatories_down


def legal_moves(t: Table, seat: int) -> list[tuple]:
    """Every distinct legal move of the seat now, sorted by `code` (an Observatory draw pending: its fates only)."""
    p, s = t.seats[seat], t.settings
    if t.drawn is not None:
        moves = _paid_moves(t, p, OBS_PLAY, 0, t.drawn, False) + [(OBS_DISCARD, 0, t.drawn, None)]
        moves += [(OBS_KEEP, 0, t.drawn, None)] if hand_room(s, p) else []
    else:
        moves = [PASS_MOVE]
        for row, cards in ((UPPER, t.upper), (LOWER, t.lower)):
            for name in sorted(set(cards)):
                moves += _paid_moves(t, p, BUY, row, name, row == LOWER)
                moves += [(TAKE, row, name, None)] if hand_room(s, p) else []
        for name in sorted(set(p.hand)):
            moves += _paid_moves(t, p, PLAY, 0, name, False)
        if can_observe(t, p):
            moves += [(OBSERVE, d, None, None) for d in observatory_decks(t)]
    return sorted(set(moves), key=lambda m: code(s, m))


def code(settings, move: tuple) -> tuple[int, int, int, int]:
    """The move as the engine's four ints: card names as card-table indices, no replacement -1; PASS (0, 0, 0, 0),
    OBSERVE (4, deck, 0, -1)."""
    kind, a, name, replaced = move
    if kind == PASS:
        return PASS, 0, 0, 0
    return (kind, a, 0 if name is None else index(settings, name),
            -1 if replaced is None else index(settings, replaced))


def move_of(settings, ints) -> tuple:
    """`code`'s inverse."""
    kind, a, i, j = (int(v) for v in ints)
    if kind == PASS:
        return PASS_MOVE
    names = [c.name for c in settings.card_table]
    return kind, a, None if kind == OBSERVE else names[i], names[j] if j >= 0 else None


def _pay_and_lay(t: Table, p: Player, name: str, replaced: str | None, lower: bool) -> None:
    p.rubles -= cost(t.settings, name, p.cards, lower, replaced)
    assert p.rubles >= 0, (name, p.rubles)
    if replaced is not None:
        p.cards.remove(replaced)
    p.cards.append(name)


def apply(t: Table, seat: int, move: tuple) -> None:
    """The move's effect (it must be legal: checked)."""
    assert move in legal_moves(t, seat), (seat, move)
    kind, a, name, replaced = move
    p = t.seats[seat]
    if kind in (BUY, TAKE):
        (t.upper if a == UPPER else t.lower).remove(name)
        if kind == BUY:
            _pay_and_lay(t, p, name, replaced, a == LOWER)
        else:
            p.hand.append(name)
    elif kind == PLAY:
        p.hand.remove(name)
        _pay_and_lay(t, p, name, replaced, False)
    elif kind == OBSERVE:
        t.drawn = t.decks[a].pop(0)
        p.observatories_down += 1
        t.deck_emptied |= not t.decks[a]
    elif kind in (OBS_PLAY, OBS_KEEP, OBS_DISCARD):
        t.drawn = None
        if kind == OBS_PLAY:
            _pay_and_lay(t, p, name, replaced, False)
        elif kind == OBS_KEEP:
            p.hand.append(name)


# -- scoring -------------------------------------------------------------------------------------------------------

def phase_income(settings, p: Player, phase: int) -> tuple[int, int]:
    """(rubles, points) the player's face-up cards of the phase's colour give at its scoring (the upgrade phase:
    none): Mariinskij 1 ruble per red card, Tax Man 1 per green card; a face-down Observatory no point."""
    if phase == UPGRADE:
        return 0, 0
    rubles = points = 0
    for name in p.cards:
        c = card(settings, name)
        if c.colour != phase:
            continue
        rubles += c.rubles
        points += c.points
        if name == MARIINSKIJ:
            rubles += sum(card(settings, n).colour == RED for n in p.cards)
        elif name == TAX_MAN:
            rubles += sum(card(settings, n).colour == GREEN for n in p.cards)
    if phase == BUILDING and p.observatories_down:
        points -= p.observatories_down * card(settings, OBSERVATORY).points
    return rubles, points


def score_phase(t: Table) -> None:
    """The phase's scoring for every player."""
    for p in t.seats:
        rubles, points = phase_income(t.settings, p, t.phase)
        p.rubles += rubles
        p.points += points


def pub_choices(p: Player) -> list[int]:
    """The points a player may buy right after the building scoring: 0..5 per Pub owned, 2 rubles each."""
    return list(range(min(r.PUB_POINTS * p.cards.count(PUB), p.rubles // r.PUB_PRICE) + 1))


def buy_pub_points(p: Player, points: int) -> None:
    assert points in pub_choices(p), (points, p.rubles)
    p.rubles -= points * r.PUB_PRICE
    p.points += points


def aristocrat_types(settings, p: Player) -> int:
    """Different names among the player's face-up red cards (aristocrats and red upgrades)."""
    return len({n for n in p.cards if card(settings, n).colour == RED})


def final_points(settings, p: Player) -> int:
    """Points + the aristocrat bonus (n(n+1)/2, n capped at 10) + 1 per full 10 rubles - 5 per card in hand."""
    return (p.points + r.aristocrat_bonus(aristocrat_types(settings, p)) + p.rubles // r.RUBLES_PER_POINT
            - r.HAND_PENALTY * len(p.hand))


def winners(settings, seats: list) -> list[int]:
    """The seats with the most final points, a tie broken by the most rubles held at the end, then shared."""
    best = max((final_points(settings, p), p.rubles) for p in seats)
    return [q for q, p in enumerate(seats) if (final_points(settings, p), p.rubles) == best]
