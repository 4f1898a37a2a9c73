"""The readable Alhambra players (random, greedy) and whole games replayed from the fast engine's chance record, so
tests can hold the engine to the rules in reference.py.

The record (coord.md) is rows of tuples in play order: ("money", cur, v) x 108, the shuffled deck top first;
("scoring", 1, pos), ("scoring", 2, pos), the scoring cards' 1-based deck positions; ("tile", id) x 54, the stack
top first; ("start", seat); then, in play, only what chance or a random player decides: ("take", slot mask),
("buy", space), ("place", x, y) or ("reserve",) for each tile a random player places, and ("reshuffle", n) with
n ("money", cur, v) rows when the paid cards become a new deck.  Random players' choices are read off the record
and checked legal; greedy choices are recomputed from the rules (the record holds none of them).

random: uniform over the legal actions (every legal take, then every affordable buy); a buy is paid by
reference.payment; a bought tile goes to a uniform legal square (the reserve when there is none).  greedy (spec
question 5): buy the exactly payable tile of the best points per cost; else take the money that makes the most
market tiles exactly payable; else (no money on display) buy the best affordable tile, overpaying; a tile goes
where the longest outer wall becomes longest.  Neither ever redesigns.
"""
from __future__ import annotations

from fractions import Fraction

from analyzer.core.record import RecordMismatch, Rows as RecordRows, snapshots
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import reference as ref
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.reference import Table

POLICIES = ("random", "greedy")
RECORD_KINDS = ("money", "scoring", "tile", "start", "take", "buy", "place", "reserve", "reshuffle")  # game.py's


class Rows(RecordRows):
    KINDS = RECORD_KINDS


# -- the choices ---------------------------------------------------------------------------------------------------

def tile_worth(tile: int) -> Fraction:
    """greedy's points per cost: the kind's first place at scoring 3 over the price."""
    return Fraction(r.POINTS[2][r.TILE_KIND[tile]][0], r.TILE_COST[tile])


def best_buy(t: Table, spaces) -> int | None:
    """The space of the best points per cost among `spaces`; ties to the lower cost, then the lower space."""
    return min(spaces, key=lambda s: (-tile_worth(t.market[s]), r.TILE_COST[t.market[s]], s), default=None)


def exact_spaces(t: Table, hand: list) -> list[int]:
    """The market spaces whose tile `hand` pays exactly."""
    return [s for s, tile in enumerate(t.market)
            if tile is not None and ref.exactly_payable(ref.in_currency(hand, s), r.TILE_COST[tile])]


def greedy_action(t: Table) -> tuple | None:
    """("buy", space) or ("take", slots), None when nothing is left to do (the turn ends)."""
    hand = t.hands[t.to_move]
    space = best_buy(t, exact_spaces(t, hand))
    if space is not None:
        return "buy", space
    takes = ref.legal_takes(t.display)
    if takes:
        def key(slots):
            cards = [t.display[i] for i in slots]
            return (-len(exact_spaces(t, hand + cards)), -sum(v for _, v in cards), -len(cards), ref.mask(slots))
        return "take", min(takes, key=key)
    space = best_buy(t, ref.affordable(t, t.to_move))
    return None if space is None else ("buy", space)


def random_action(t: Table, rows: Rows) -> tuple | None:
    """The random player's action, read off the record and checked to be one of the legal ones."""
    takes = {ref.mask(slots): slots for slots in ref.legal_takes(t.display)}
    buys = ref.affordable(t, t.to_move)
    if not takes and not buys:
        return None
    kind = rows.peek()
    if kind == "take":
        m = rows.take("take")[0]
        if m not in takes:
            raise RecordMismatch(f"take of slots {m:b} is not legal with display {t.display}")
        return "take", takes[m]
    space = rows.take("buy")[0]
    if space not in buys:
        raise RecordMismatch(f"buy of space {space} is not affordable")
    return "buy", space


def greedy_square(t: Table, seat: int, tile: int):
    """The legal square after which the longest outer wall is longest (ties: the first in legal_placements'
    order); None (the reserve) when there is none."""
    best, best_wall = None, -1
    for square in layout.legal_placements(t.alhambras[seat], tile):
        wall = layout.longest_outer_wall({**t.alhambras[seat], square: tile})
        if wall > best_wall:
            best, best_wall = square, wall
    return best


def random_square(t: Table, seat: int, tile: int, rows: Rows):
    legal = layout.legal_placements(t.alhambras[seat], tile)
    if rows.peek() == "reserve":
        rows.take("reserve")
        if legal:
            raise RecordMismatch(f"tile {tile} went to the reserve with legal squares {legal}")
        return None
    x, y = rows.take("place")[:2]
    if (x, y) not in legal:
        raise RecordMismatch(f"tile {tile} placed at {(x, y)}, not among {legal}")
    return x, y


# -- whole games ---------------------------------------------------------------------------------------------------

def read_setup(settings, players: int, rows: Rows) -> Table:
    money = [rows.take("money")[:2] for _ in range(r.N_MONEY)]
    positions = tuple(rows.take("scoring")[:2] for _ in range(2))
    if [k for k, _ in positions] != [1, 2]:
        raise RecordMismatch(f"scoring rows {positions}")
    tiles = [rows.take("tile")[0] for _ in range(r.N_TILES)]
    start = rows.take("start")[0]
    return ref.setup(settings, players, money, tuple(pos for _, pos in positions), tiles, start)


def play_turn(t: Table, policies, rows: Rows) -> None:
    """The mover's actions until one ends the turn (a take, an overpaying buy, nothing left), then the turn's
    end (reference.end_turn; leftover tiles at the end are placed by their receivers' policies)."""
    while True:
        action = greedy_action(t) if policies[t.to_move] == "greedy" else random_action(t, rows)
        if action is None:
            break
        kind, what = action
        if kind == "take":
            ref.take(t, what)
            break
        cost = r.TILE_COST[t.market[what]]
        if not ref.buy(t, what, ref.payment(t.hands[t.to_move], what, cost)):
            break

    def reshuffle(discards):
        n = rows.take("reshuffle")[0]
        if n != len(discards):
            raise RecordMismatch(f"reshuffle of {n} cards, {len(discards)} paid")
        return [rows.take("money")[:2] for _ in range(n)]

    def place_square(table, seat, tile):
        if policies[seat] == "greedy":
            return greedy_square(table, seat, tile)
        return random_square(table, seat, tile, rows)

    ref.end_turn(t, place_square, reshuffle)


def play(settings, players: int, policies, record, max_turns: int | None = None) -> list[dict]:
    """Replay a full game (or its first `max_turns` turns) from the engine's record: the snapshots after the set-up
    and after every turn."""
    rows = Rows(record)
    return snapshots(read_setup(settings, players, rows), ref.snapshot, lambda t: play_turn(t, policies, rows),
                     lambda t: t.end == "running" and (max_turns is None or t.turns < max_turns))
