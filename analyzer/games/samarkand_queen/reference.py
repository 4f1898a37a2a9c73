"""The readable rules of Samarkand (spec §3-§5), obviously correct and slow: tests hold the fast engine to it.

`Table` is a full-information, mutable game state (lists; a hand may be None where unknown, which the
action effects never need).  One turn: `legal_actions`, then `take_turn` (the action, its effects in
order, the marriage draw, the 2-player bag draw, the end check).  Choices inside a turn (which cards to
keep, whether to sell) come from a `decider`; chance (the deck order, each reshuffle, the bag order) from
a `chance` object drawn up front, so that the engine and this reference consume identical chance:

- `chance.deck`: a permutation of the cards 1..N; seat i is dealt deck[2i], deck[2i+1], the pile is the rest,
  top first.
- `chance.reshuffle[k]`: floats by card number (index 0 unused); the k-th reshuffle makes the new pile
  the discards sorted by that key, ascending.
- `chance.bag`: 2 players, the bag tiles' families in drawing order.
- `chance.u`: floats in [0, 1) for `UniformDecider`, one per decision in order (index wraps around).

Canonical orders (the uniform decider depends on them): actions = marriages by family, then extensions by
family: single camels by cell, then pairs by (min cell, max cell), each set once, placed (min, max) when that
order is legal, else (max, min); ("pass",) only when nothing else is legal.  Keep options = the kept hands
(sorted tuples) by (size, cards).  End reasons, checked after every turn in this order: "five_relationships"
(a family has 5 or more), "all_related" (every family has one), "capped" (settings.turn_cap turns in all).

On a Position (the engine's step-by-step check): `legal_actions(pos)`, `apply(pos, action, drawn, keep, sells,
bag) -> Position`, `scores(pos)`, `end_reason(pos)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen.rules import Board, Settings
from analyzer.games.samarkand_queen.state import Position, start_position


@dataclass
class Table(r.AtTable):
    board: Board
    settings: Settings
    players: int
    treasury: list
    camels_left: list
    tiles_left: list
    markers_left: list
    camels: list  # by cell: list of families
    met: set
    money: list
    tiles: list  # by seat: list of families (2 players: may hold both of one)
    hand: list  # by seat: list of cards, or None (unknown)
    hand_count: list
    sold: list
    goods_markers: list
    relationships: list
    pile: list  # top first (None entries: unknown cards)
    discard: list
    bag: list
    tiles_out: list
    to_move: int = 0
    turn: int = 0
    reshuffles: int = 0
    end: str | None = None
    log: list = field(default_factory=list)

    def holds(self, seat: int, f: int) -> bool:
        return f in self.tiles[seat]

    def route(self, f: int) -> set:
        return {c for c, fams in enumerate(self.camels) if f in fams}

    def degree(self, f: int) -> int:
        return sum(1 for pair in self.met if f in pair)

    def holder_of(self, card: int):
        """The seat holding this card unsold, None if nobody known does."""
        for s, h in enumerate(self.hand):
            if h is not None and card in h:
                return s
        return None


def from_position(p: Position, pile: list | None = None) -> Table:
    """A Table from a Position (the pile: its order where known, else unknown entries)."""
    return Table(p.board, p.settings, p.players, [s.treasury for s in p.families], [s.camels_left for s in p.families],
                 [s.tiles_left for s in p.families], [s.markers_left for s in p.families],
                 [list(c) for c in p.camels], set(p.met), [q.money for q in p.seats], [list(q.tiles) for q in p.seats],
                 [list(q.hand) if q.hand is not None else None for q in p.seats], [q.hand_count for q in p.seats],
                 [list(q.sold) for q in p.seats], [list(q.goods_markers) for q in p.seats],
                 [q.relationships for q in p.seats], list(pile) if pile is not None else [None] * p.pile_count,
                 list(p.discard) if p.discard is not None else [None] * p.discard_count, list(p.bag),
                 list(p.tiles_out), p.to_move, p.turn)


# ------------------------------------------------------------------------------------------------
# legal actions


def can_marry(t: Table, seat: int, f: int) -> bool:
    if t.tiles_left[f] == 0 or t.money[seat] < t.board.dowry[f]:
        return False
    return t.uses_bag or not t.holds(seat, f)  # 3-5 players: at most one tile per family


def can_place(t: Table, f: int, cell: int, touching: set) -> bool:
    """A camel of f may go on `cell`: fewer than 2 camels there, none of f, next to a cell of `touching`."""
    on = t.camels[cell]
    return len(on) < 2 and f not in on and any(b in touching for b in t.board.neighbours[cell])


def second_ok(t: Table, f: int, first: int, cell: int, old_route: set) -> bool:
    """The second camel after `first` (already placed), under settings.second_camel."""
    rule = t.settings.second_camel
    if rule == "not_adjacent_to_first":
        return cell not in t.board.neighbours[first] and can_place(t, f, cell, old_route | {first})
    if rule == "old_route_only":
        return can_place(t, f, cell, old_route)
    return can_place(t, f, cell, old_route | {first})  # free


def placements(t: Table, f: int) -> list[tuple[int, ...]]:
    """The distinct placements of 1 or 2 camels of f, canonical order."""
    if t.camels_left[f] == 0:
        return []
    old = t.route(f)
    singles = [c for c in range(t.board.cells) if can_place(t, f, c, old)]
    out = [(c,) for c in singles]
    if t.camels_left[f] < 2 or t.treasury[f] < r.SECOND_CAMEL_COST:
        return out
    orders = set()
    for first in singles:
        t.camels[first].append(f)  # tentatively
        for second in range(t.board.cells):
            if second_ok(t, f, first, second, old):
                orders.add((first, second))
        t.camels[first].remove(f)
    for pair in sorted({tuple(sorted(o)) for o in orders}):
        out.append(pair if pair in orders else pair[::-1])
    return out


def table(x) -> Table:
    """A Table as it is, or a Table of a Position."""
    return from_position(x) if isinstance(x, Position) else x


def legal_actions(x, seat: int | None = None) -> list[tuple]:
    """The legal actions of the player to move (a Table or a Position), canonical order."""
    t = table(x)
    seat = t.to_move if seat is None else seat
    out = [("marry", f) for f in range(len(t.board.families)) if can_marry(t, seat, f)]
    for f in range(len(t.board.families)):
        if t.holds(seat, f):
            out += [("extend", f, cells) for cells in placements(t, f)]
    return out or [("pass",)]


# ------------------------------------------------------------------------------------------------
# effects


def place_camel(t: Table, f: int, cell: int, active: int, decider=None, sales: list | None = None) -> None:
    """One camel of f onto `cell`, its effects in order: goods space first reached, then a relationship."""
    b = t.board
    first_reach = b.goods_at[cell] and not t.camels[cell]
    others = list(t.camels[cell])
    t.camels[cell].append(f)
    t.camels[cell].sort()
    t.camels_left[f] -= 1
    t.log.append(("camel", f, cell))
    if first_reach:
        card = b.goods_at[cell]
        t.goods_markers[active].append(card)
        t.log.append(("goods_marker", active, card))
        holder = t.holder_of(card)
        if sales is not None:
            sales.append((card, holder))
        if holder is not None and decider is not None and decider.sell(t, holder, card):
            t.hand[holder].remove(card)
            t.hand_count[holder] -= 1
            t.sold[holder].append(card)
            t.money[holder] += r.SALE
            t.log.append(("sell", holder, card))
    if b.is_water[cell] or not others:
        return
    g = others[0]
    pair = (min(f, g), max(f, g))
    if pair in t.met:
        return  # later meetings pay nothing
    first_f, first_g = t.degree(f) == 0, t.degree(g) == 0
    t.met.add(pair)
    t.log.append(("meet", f, g))
    pays_f = t.settings.bonus_scope == "new_pair" or first_f
    pays_g = t.settings.bonus_scope == "new_pair" or first_g
    for seat in range(t.players):  # a holder of both gets both; holding two tiles of one family counts once
        if pays_f and t.holds(seat, f):
            t.money[seat] += r.ACTIVE_BONUS
        if pays_g and t.holds(seat, g):
            t.money[seat] += r.PASSIVE_BONUS
    for fam in (f, g):
        if t.markers_left[fam] > 0:  # markers_exhausted: skip the missing one
            t.markers_left[fam] -= 1
            t.relationships[active] += 1
            t.log.append(("marker", active, fam))


def extend(t: Table, f: int, cells: tuple[int, ...], active: int, decider=None, sales: list | None = None) -> None:
    for i, cell in enumerate(cells):
        if i == 1:
            t.treasury[f] -= r.SECOND_CAMEL_COST  # to the supply
        place_camel(t, f, cell, active, decider, sales)


def marry(t: Table, f: int, active: int) -> None:
    """Pay the dowry into the family's treasury and take one of its tiles (the draw follows)."""
    t.money[active] -= t.board.dowry[f]
    t.treasury[f] += t.board.dowry[f]
    t.tiles_left[f] -= 1
    t.tiles[active].append(f)
    t.tiles[active].sort()
    t.log.append(("marry", active, f))


def draw_count(t: Table, seat: int) -> int:
    """Cards a marriage draws: none at the limit (hand + sold), else 3 (or what pile and discards hold)."""
    if t.hand_count[seat] + len(t.sold[seat]) >= t.limit:
        return 0
    return min(r.DRAW, len(t.pile) + len(t.discard))


def keep_options(hand: list, drawn: list, sold: int, limit: int) -> list[tuple[int, ...]]:
    """The hands one may keep after drawing: h + k cards of hand + drawn, k in 1..3 (at most what was drawn),
    hand + sold + k <= limit; old cards may go too.  Sorted by (size, cards)."""
    pool, h = sorted(hand + drawn), len(hand)
    if not drawn:
        return [tuple(sorted(hand))]
    out = []
    for k in range(1, len(drawn) + 1):
        if h + sold + k <= limit:
            out += list(combinations(pool, h + k))
    return sorted(out, key=lambda kept: (len(kept), kept))


def draw_cards(t: Table, d: int, chance) -> list:
    return [chance.draw(t) for _ in range(d)]


def marriage_draw(t: Table, seat: int, chance, decider) -> None:
    d = draw_count(t, seat)
    if d == 0:
        return
    drawn = draw_cards(t, d, chance)
    t.log.append(("draw", seat, tuple(drawn)))
    options = keep_options(t.hand[seat], drawn, len(t.sold[seat]), t.limit)
    kept = options[decider.keep(t, seat, options)]
    pool = sorted(t.hand[seat] + drawn)
    t.discard += [c for c in pool if c not in kept]
    t.hand[seat] = list(kept)
    t.hand_count[seat] = len(kept)
    t.log.append(("keep", seat, tuple(kept)))


def bag_draw(t: Table, seat: int, chance) -> None:
    """2 players, after a marriage: the next bag tile goes to its domain if its family has been married into
    (bag_tile: someone_married: by anybody; drawer_married: by the drawer), else it leaves the game."""
    if not t.bag:
        return
    f = chance.bag_tile(t)
    if t.settings.bag_tile == "drawer_married":
        married = t.holds(seat, f)
    else:
        married = any(t.holds(s, f) for s in range(t.players))
    if married:
        t.tiles_left[f] += 1
    else:
        t.tiles_out.append(f)
    t.log.append(("bag", f, "domain" if married else "out"))


def end_reason(x) -> str | None:
    """Checked after every turn: a family with 5 relationships, every family with one, the turn cap."""
    t = table(x)
    degrees = [t.degree(f) for f in range(len(t.board.families))]
    if max(degrees) >= r.MARKERS:
        return "five_relationships"
    if min(degrees) >= 1:
        return "all_related"
    if t.turn >= t.settings.turn_cap:
        return "capped"
    return None


def take_turn(t: Table, action: tuple, chance=None, decider=None) -> None:
    """Play one turn of t.to_move: the action with its effects, the draw, the bag, the end check, the next seat."""
    seat = t.to_move
    if action[0] == "marry":
        marry(t, action[1], seat)
        marriage_draw(t, seat, chance, decider)
        if t.uses_bag:
            bag_draw(t, seat, chance)
    elif action[0] == "extend":
        extend(t, action[1], action[2], seat, decider)
    else:
        t.log.append(("pass", seat))
    t.turn += 1
    t.end = end_reason(t)
    t.to_move = (seat + 1) % t.players


# ------------------------------------------------------------------------------------------------
# scoring


def card_score(t: Table, seat: int, card: int) -> int:
    """Spec §4: per camel on the card's space, 4 if the holder has a tile of its family, else 1."""
    on = t.camels[t.board.goods_cell[card]]
    return sum(r.OWN_VP if t.holds(seat, f) else r.OTHER_VP for f in on)


def score(t: Table, seat: int) -> int:
    cards = sum(card_score(t, seat, c) for c in (t.hand[seat] or ()))
    return cards + len(t.goods_markers[seat]) + t.relationships[seat] + t.money[seat]


def credit(scores: list) -> list[Fraction]:
    best = max(scores)
    winners = [s for s, v in enumerate(scores) if v == best]
    return [Fraction(1, len(winners)) if s in winners else Fraction(0) for s in range(len(scores))]


# ------------------------------------------------------------------------------------------------
# whole games on fixed chance


class UniformDecider:
    """Random legal play from a fixed stream: action and keep: option floor(u·count); sell iff u < 0.5;
    one u per decision, in order (also when there is one option)."""

    def __init__(self, u):
        self.u, self.i = list(u), 0

    def next(self) -> float:
        value = self.u[self.i % len(self.u)]
        self.i += 1
        return value

    def action(self, t: Table, legal: list) -> int:
        return min(int(self.next() * len(legal)), len(legal) - 1)

    def keep(self, t: Table, seat: int, options: list) -> int:
        return min(int(self.next() * len(options)), len(options) - 1)

    def sell(self, t: Table, seat: int, card: int) -> bool:
        return self.next() < 0.5


class FixedChance:
    """Draws from chance fixed up front (module docstring): the pile top, reshuffles by chance.reshuffle[k],
    the bag in chance.bag order (new_game puts it in t.bag)."""

    def __init__(self, chance):
        self.chance = chance

    def draw(self, t: Table) -> int:
        if not t.pile:
            key = self.chance.reshuffle[t.reshuffles]
            t.reshuffles += 1
            t.pile, t.discard = sorted(t.discard, key=lambda card: key[card]), []
            t.log.append(("reshuffle", len(t.pile)))
        return t.pile.pop(0)

    def bag_tile(self, t: Table) -> int:
        return t.bag.pop(0)


def new_game(players: int, board: Board, settings: Settings, chance) -> Table:
    deck = [int(c) for c in chance.deck]
    hands = [sorted(deck[2 * s:2 * s + 2]) for s in range(players)]
    t = from_position(start_position(players, board, settings, hands), pile=deck[2 * players:])
    t.discard = []
    if t.uses_bag:
        t.bag = [int(f) for f in chance.bag]
    return t


def play_game(players: int, board: Board, settings: Settings, chance, decider) -> dict:
    """One whole game: scores, credit (Fractions), turns, end reason and the trace of actions."""
    t = new_game(players, board, settings, chance)
    draws, trace = FixedChance(chance), []
    while t.end is None:
        legal = legal_actions(t)
        action = legal[decider.action(t, legal)]
        trace.append((t.to_move, action))
        take_turn(t, action, draws, decider)
    scores = [score(t, s) for s in range(players)]
    return {"scores": scores, "credit": credit(scores), "turns": t.turn, "end": t.end, "trace": trace, "table": t}


# ------------------------------------------------------------------------------------------------
# one turn on a Position (what the engine is checked against, step by step)


class Script:
    """The chance and the choices of one turn, given: the drawn cards in order, the kept hand, the sales, the
    bag tile.  Raises ValueError when what is given is not possible in the position."""

    def __init__(self, drawn=(), keep=None, sells=None, bag=None):
        self.drawn, self.keep_hand, self.sells, self.bag = list(drawn), keep, dict(sells or {}), bag

    def draw(self, t: Table) -> int:
        if not self.drawn:
            raise ValueError("the marriage draws more cards than `drawn` gives")
        card = self.drawn.pop(0)
        if not t.pile:
            t.pile, t.discard = t.discard, []
            t.reshuffles += 1
        known = {c for h in t.hand if h for c in h} | {c for s in t.sold for c in s} | set(t.discard)
        if card in t.pile:
            t.pile.remove(card)
        elif None in t.pile and card not in known:
            t.pile.remove(None)
        else:
            raise ValueError(f"card {card} cannot come from the pile")
        return card

    def bag_tile(self, t: Table) -> int:
        if self.bag not in t.bag:
            raise ValueError(f"bag tile {self.bag!r} is not in the bag")
        t.bag.remove(self.bag)
        return self.bag

    def keep(self, t: Table, seat: int, options: list) -> int:
        kept = tuple(sorted(self.keep_hand or ()))
        if kept not in options:
            raise ValueError(f"keeping {list(kept)} is not allowed; options: {options[:6]}...")
        return options.index(kept)

    def sell(self, t: Table, seat: int, card: int) -> bool:
        return bool(self.sells.get(card, False))


def apply(p: Position, action: tuple, drawn=(), keep=None, sells=None, bag=None) -> Position:
    """The position after t.to_move plays `action` (a tuple of `legal_actions`) with the given chance and choices."""
    t = from_position(p)
    if isinstance(bag, str):
        bag = p.board.families.index(bag)
    if tuple(action) not in [tuple(a) for a in legal_actions(t)]:
        raise ValueError(f"{action} is not a legal action")
    script = Script(drawn, keep, sells, bag)
    if action[0] == "marry" and t.uses_bag and t.bag and bag is None:
        raise ValueError("a 2-player marriage draws a bag tile: give `bag`")
    take_turn(t, tuple(action), script, script)
    if script.drawn:
        raise ValueError(f"{len(script.drawn)} drawn cards were not used")
    return to_position(t, p)


def to_position(t: Table, like: Position) -> Position:
    from dataclasses import replace

    from analyzer.games.samarkand_queen.state import FamilyState, PlayerState

    families = tuple(FamilyState(t.treasury[f], t.camels_left[f], t.tiles_left[f], t.markers_left[f])
                     for f in range(len(t.board.families)))
    seats = tuple(PlayerState(q.name, t.money[s], tuple(sorted(t.tiles[s])),
                              tuple(sorted(t.hand[s])) if t.hand[s] is not None else None, t.hand_count[s],
                              tuple(sorted(t.sold[s])), tuple(sorted(t.goods_markers[s])), t.relationships[s])
                  for s, q in enumerate(like.seats))
    public = like.discard is not None and None not in t.discard
    return replace(like, families=families, camels=tuple(tuple(sorted(c)) for c in t.camels),
                   goods_taken=frozenset(c for q in seats for c in q.goods_markers), met=frozenset(t.met), seats=seats,
                   pile_count=len(t.pile), discard=tuple(sorted(t.discard)) if public else None,
                   discard_count=len(t.discard), bag=tuple(sorted(t.bag)), tiles_out=tuple(sorted(t.tiles_out)),
                   to_move=t.to_move, turn=t.turn)


def scores(p: Position) -> list[int]:
    t = from_position(p)
    return [score(t, s) for s in range(p.players)]


