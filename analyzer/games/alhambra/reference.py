"""The readable Alhambra: the set-up deal, money takes, buys and their payment, the end-of-turn placement and refills,
the scorings and the end, in plain Python (rules spec: shared/rules/alhambra.md; geometry: layout.py).

`Table` is the whole mutable state.  `setup` builds it from the set-up's chance (the engine's record: the money
deck, the scoring card positions, the tile stack, the start player); `take` and `buy` are the two actions a policy
chooses from (`legal_takes`, `affordable`, `payment`); `end_turn` places the bought tiles, refills the money
display (a scoring card turned up scores at once and is replaced) and the market, checks the end, hands out the
leftover market tiles and holds the final scoring.  Who chooses what lives in reference_policies.py, which replays
whole games.

A money card is (currency, value); a scoring card in the deck is the int 1 or 2.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from analyzer.core.settings import handicap_by_rank
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.rules import Settings


@dataclass
class Table:
    players: int
    settings: Settings
    deck: list  # top first: money cards and the scoring cards not yet turned up
    display: list  # 4 slots: (cur, v) or None
    market: list  # 4 spaces (space i takes currency i): tile id or None
    stack: list  # tile ids, top first
    hands: list  # per seat, money cards
    alhambras: list = field(default_factory=list)  # per seat {(x, y): tile id}, fountain included
    reserves: list = field(default_factory=list)  # per seat, tile ids
    discards: list = field(default_factory=list)  # paid money
    scores: list = field(default_factory=list)
    scorings: list = field(default_factory=list)  # the scorings held so far: 1, 2, 3
    bought: list = field(default_factory=list)  # tiles bought this turn, in order, placed at its end
    to_move: int = 0
    turns: int = 0
    end: str = "running"  # running | market (a space stayed empty) | stack (empty_stack: none left) | capped

    def __post_init__(self):
        n = self.players
        self.alhambras = self.alhambras or [layout.with_fountain({}) for _ in range(n)]
        self.reserves = self.reserves or [[] for _ in range(n)]
        self.scores = self.scores or [0] * n


# -- set-up ------------------------------------------------------------------------------------------------------

def deal_start_money(money: list, players: int) -> tuple[list, int]:
    """Each player in seat order is dealt cards from the top, one at a time, until his total reaches 20 or more:
    (hands, cards dealt)."""
    hands, at = [], 0
    for _ in range(players):
        hand = []
        while sum(v for _, v in hand) < r.START_MONEY:
            hand.append(money[at])
            at += 1
        hands.append(hand)
    return hands, at


def deal_handicap(money: list, hands: list, dealt: int, start: int, handicap: tuple) -> int:
    """The seat handicap, after the start player is known: each turn-order rank in turn is dealt on, one card at a
    time, until its total has grown by its handicap (cards dealt in all)."""
    for rank, h in enumerate(handicap):
        hand = hands[(start + rank) % len(hands)]
        goal = sum(v for _, v in hand) + h
        while sum(v for _, v in hand) < goal:
            hand.append(money[dealt])
            dealt += 1
    return dealt


def start_candidates(hands: list) -> list[int]:
    """The seats that may start: the fewest cards, a tie to the lower total; those still tied (start_tie: random
    among them, lower_seat the first)."""
    key = [(len(h), sum(v for _, v in h)) for h in hands]
    return [seat for seat, k in enumerate(key) if k == min(key)]


def build_deck(money_left: list, positions: tuple[int, int]) -> list:
    """The deck with scoring card k at 1-based deck position positions[k - 1] (the money cards fill the rest, in
    order)."""
    deck = list(money_left)
    for pos, card in sorted(zip(positions, (1, 2))):
        deck.insert(pos - 1, card)
    return deck


def setup(settings: Settings, players: int, money: list, positions: tuple[int, int], tiles: list,
          start: int) -> Table:
    """The table after the set-up: start money dealt from the shuffled `money` (top first), four display cards,
    the deck with the scoring cards at `positions`, the market from the top of the `tiles` stack."""
    assert sorted(money) == sorted(r.MONEY), "the money deck is not the 108 cards"
    assert sorted(tiles) == list(range(r.N_TILES)), "the tile stack is not the 54 tiles"
    hands, dealt = deal_start_money(money, players)
    tied = start_candidates(hands)
    assert start in tied and (settings.start_tie == "random" or start == tied[0]), (start, tied)
    dealt = deal_handicap(money, hands, dealt, start, handicap_by_rank(settings.seat_handicap, players))
    display = list(money[dealt:dealt + r.DISPLAY])
    rest = money[dealt + r.DISPLAY:]
    windows = r.scoring_windows(len(rest), settings.pile_split)
    assert all(lo <= pos <= hi for pos, (lo, hi) in zip(positions, windows)), (positions, windows)
    return Table(players, settings, build_deck(rest, positions), display, list(tiles[:r.MARKET]),
                 list(tiles[r.MARKET:]), hands, to_move=start)


# -- the two actions -----------------------------------------------------------------------------------------------

def legal_takes(display: list) -> list[tuple[int, ...]]:
    """Every money take, as the display slots taken: one card of any value, or several totalling at most 5."""
    slots = [i for i, card in enumerate(display) if card is not None]
    return [take for n in range(1, len(slots) + 1) for take in combinations(slots, n)
            if n == 1 or sum(display[i][1] for i in take) <= r.TAKE_LIMIT]


def mask(slots) -> int:
    """The slot set as the engine writes it: bit i = slot i."""
    return sum(1 << i for i in slots)


def in_currency(hand: list, cur: int) -> list[int]:
    return sorted(v for c, v in hand if c == cur)


def affordable(t: Table, seat: int) -> list[int]:
    """The market spaces whose tile the seat can pay (its money in the space's currency reaches the price)."""
    return [space for space, tile in enumerate(t.market)
            if tile is not None and sum(in_currency(t.hands[seat], space)) >= r.TILE_COST[tile]]


def exactly_payable(values: list[int], cost: int) -> bool:
    """Whether some of these card values add up to exactly `cost`."""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return cost in sums


def payment(hand: list, cur: int, cost: int) -> list | None:
    """The cards paid (coord.md's fixed payment rule): among the sets of the currency's cards reaching the price,
    the least total, then the fewest cards, then the most high cards (count vector n9, n8, ..., n1 greatest).
    None: the hand cannot pay."""
    values = in_currency(hand, cur)
    options = {tuple(sorted(pick)) for n in range(1, len(values) + 1) for pick in combinations(values, n)
               if sum(pick) >= cost}
    if not options:
        return None
    best = min(options, key=lambda pick: (sum(pick), len(pick), [-pick.count(v) for v in range(9, 0, -1)]))
    return [(cur, v) for v in best]


def take(t: Table, slots) -> None:
    """The mover takes these display cards (a legal take); this ends his turn."""
    assert tuple(slots) in legal_takes(t.display), (slots, t.display)
    for i in slots:
        t.hands[t.to_move].append(t.display[i])
        t.display[i] = None


def buy(t: Table, space: int, cards: list) -> bool:
    """The mover buys the tile of `space` with `cards` of its currency reaching the price (no change); it waits
    beside him until the end of the turn.  True: paid exactly, so he acts again; overpaying ends the turn."""
    tile, hand = t.market[space], t.hands[t.to_move]
    assert tile is not None and cards and all(c == space for c, _ in cards), (space, cards)
    assert not Counter(cards) - Counter(hand), "the mover does not hold these cards"
    paid = sum(v for _, v in cards)
    assert paid >= r.TILE_COST[tile], "not enough money"
    for card in cards:
        hand.remove(card)
        t.discards.append(card)
    t.market[space] = None
    t.bought.append(tile)
    return paid == r.TILE_COST[tile]


def place(t: Table, seat: int, tile: int, square) -> None:
    """A tile goes into the seat's Alhambra at `square` by the placement rules, or to his reserve (square None)."""
    if square is None:
        t.reserves[seat].append(tile)
        return
    assert layout.can_place(t.alhambras[seat], tile, square), (seat, tile, square)
    t.alhambras[seat][square] = tile


# -- scoring -------------------------------------------------------------------------------------------------------

def kind_counts(alhambra: dict) -> list[int]:
    """Tiles of each kind in an Alhambra (the fountain and the reserve never count)."""
    counts = [0] * len(r.KINDS)
    for tile in alhambra.values():
        if tile != r.FOUNTAIN:
            counts[r.TILE_KIND[tile]] += 1
    return counts


def scoring_points(t: Table, n: int) -> list[int]:
    """What scoring n (1, 2, 3) pays each seat: the majorities by kind plus 1 per segment of his longest outer
    wall."""
    majority = r.score_kinds([kind_counts(a) for a in t.alhambras], n, t.settings.tie_split)
    return [m + r.WALL_POINT * layout.longest_outer_wall(a) for m, a in zip(majority, t.alhambras)]


def hold_scoring(t: Table, n: int) -> None:
    t.scores = [s + p for s, p in zip(t.scores, scoring_points(t, n))]
    t.scorings.append(n)


# -- the end of a turn ---------------------------------------------------------------------------------------------

def draw(t: Table, reshuffle) -> object:
    """The top deck card (None: none left).  An empty deck is rebuilt from the paid cards when money_reshuffle
    holds and there are any: `reshuffle(discards)` gives the new deck's order (the engine's record)."""
    if not t.deck and t.settings.money_reshuffle and t.discards:
        new = list(reshuffle(list(t.discards)))
        assert sorted(new) == sorted(t.discards), "the new deck is not the paid cards"
        t.deck, t.discards = new, []
    return t.deck.pop(0) if t.deck else None


def refill_display(t: Table, reshuffle) -> None:
    """Empty display slots are filled in slot order from the deck; a scoring card turned up scores at once, is set
    aside and the next card fills the slot."""
    for i in range(r.DISPLAY):
        while t.display[i] is None:
            card = draw(t, reshuffle)
            if card is None:
                break
            if isinstance(card, int):
                hold_scoring(t, card)
            else:
                t.display[i] = card


def refill_market(t: Table) -> bool:
    """Empty market spaces are filled in space order from the stack; False when one stays empty."""
    for space in range(r.MARKET):
        if t.market[space] is None and t.stack:
            t.market[space] = t.stack.pop(0)
    return None not in t.market


def leftover_owner(t: Table, space: int) -> int | None:
    """Who receives the tile left on `space` at the end: the strictly highest total in its currency (a tie for
    the highest, or nobody holding any: nobody)."""
    totals = [sum(in_currency(hand, space)) for hand in t.hands]
    best = max(totals)
    return totals.index(best) if best > 0 and totals.count(best) == 1 else None


def end_turn(t: Table, place_square, reshuffle) -> None:
    """The end of the mover's turn: his bought tiles placed in the order bought (`place_square(t, seat, tile)`
    gives a legal square or None for the reserve), the money display and the market refilled, then the end check;
    at the end each leftover market tile (space order) goes to its owner, who places it, and scoring 3 is held."""
    seat = t.to_move
    for tile in t.bought:
        place(t, seat, tile, place_square(t, seat, tile))
    t.bought = []
    refill_display(t, reshuffle)
    market_full = refill_market(t)
    t.turns += 1
    t.to_move = (seat + 1) % t.players
    if t.settings.end_rule == "empty_stack" and not t.stack:
        t.end = "stack"
    elif not market_full:
        t.end = "market"
    if t.end != "running":
        for space in range(r.MARKET):
            owner = leftover_owner(t, space) if t.market[space] is not None else None
            if owner is not None:
                place(t, owner, t.market[space], place_square(t, owner, t.market[space]))
            t.market[space] = None
        hold_scoring(t, 3)
    elif t.turns >= t.settings.turn_cap * t.players:
        t.end = "capped"
        hold_scoring(t, 3)


def credit(t: Table) -> list[Fraction]:
    """The win credit: the most points wins; equal top totals share it."""
    best = max(t.scores)
    top = [s for s in range(t.players) if t.scores[s] == best]
    return [Fraction(1, len(top)) if s in top else Fraction(0) for s in range(t.players)]


def snapshot(t: Table) -> dict:
    """What the engine is compared on after the set-up and after every turn (sim.snapshot's keys): the reserves
    in the order the tiles went there, the alhambras as sorted (x, y, tile), scorings the highest held so far."""
    return {"turn": t.turns, "to_move": t.to_move, "display": tuple(t.display), "market": tuple(t.market),
            "deck_left": len(t.deck), "stack_left": len(t.stack),
            "hands": tuple(tuple(sorted(h)) for h in t.hands), "discards": tuple(sorted(t.discards)),
            "alhambras": tuple(tuple(sorted((x, y, tile) for (x, y), tile in a.items() if (x, y) != layout.ORIGIN))
                               for a in t.alhambras),
            "reserves": tuple(tuple(res) for res in t.reserves), "scores": tuple(t.scores),
            "scorings": max(t.scorings, default=0), "end": t.end}
