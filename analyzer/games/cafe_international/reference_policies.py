"""The readable Café International players (random, greedy) and whole games replayed from the fast engine's chance
record, so tests can hold the engine to the rules in reference.py.

The record (coord.md) is rows of tuples in play order: ("start", seat); the deal, ("draw", seat, kind) x 5 per
seat in seat order; then per turn, for a random mover only, ("move", type, c1, k1, c2, k2, c3, k3, c4, k4) (type 0
a placement, chairs ascending as indices in the layout's chair order, unused -1; 1 a joker swap, c1 the chair and
k1 the hand kind; 2 the bar with kind k1; 3 a pass), then that turn's refill draws ("draw", seat, kind).  Random
moves are read off the record and checked legal; greedy moves are recomputed from the rules.

random: uniform over reference.moves (every distinct placement, joker swap and bar kind once).  greedy: the best
immediate points (reference.gain: a placement's score, a swap 0, the bar the next space's value, negative too);
ties to the first in reference.moves' order (placements by their (chair, kind) list, then swaps, then the bar with
the lowest kind).  Both always take the refill option.
"""
from __future__ import annotations

from analyzer.core.record import RecordMismatch, Rows as RecordRows, snapshots
from analyzer.games.cafe_international import layout
from analyzer.games.cafe_international import reference as ref
from analyzer.games.cafe_international.reference import Cafe

POLICIES = ("random", "greedy")
RECORD_KINDS = ("start", "draw", "move")  # game.py's row tags, when written as ints
PLACE, SWAP, BAR, PASS = range(4)


class Rows(RecordRows):
    KINDS = RECORD_KINDS

    def draws(self, seat: int, n: int) -> list[int]:
        kinds = []
        for _ in range(n):
            who, kind = self.take("draw")[:2]
            if who != seat:
                raise RecordMismatch(f"row {self.at - 1}: a draw for seat {who}, seat {seat} refills")
            kinds.append(kind)
        return kinds


def move_row(t: Cafe, move) -> tuple:
    """A move as the record writes it (chair indices, kinds)."""
    order = layout.geometry(t.layout).chair_order
    if move[0] == "place":
        cells = [x for chair, tile in move[1] for x in (order[chair], ref.kind_of(tile))]
        return (PLACE, *cells, *[-1] * (8 - len(cells)))
    if move[0] == "swap":
        return (SWAP, order[move[1]], ref.kind_of(move[2]), *[-1] * 6)
    if move[0] == "bar":
        return (BAR, -1, ref.kind_of(move[1]), *[-1] * 6)
    return (PASS, *[-1] * 8)


def same_move(row: tuple, expected: tuple) -> bool:
    """The record's move row against a legal move's row (a bar or pass row may leave its unused cells at 0)."""
    kind = row[0]
    used = {PLACE: range(9), SWAP: (0, 1, 2), BAR: (0, 2), PASS: (0,)}.get(kind, range(9))
    return kind == expected[0] and all(row[i] == expected[i] for i in used if i < len(row))


def greedy_move(t: Cafe) -> tuple:
    legal = ref.moves(t)
    return max(legal, key=lambda m: ref.gain(t, m))  # max keeps the first of equal gains


def random_move(t: Cafe, rows: Rows) -> tuple:
    """The random mover's move, read off the record and checked to be one of the legal ones."""
    legal = ref.moves(t)
    row = rows.take("move")
    for move in legal:
        if same_move(row, move_row(t, move)):
            return move
    raise RecordMismatch(f"turn {t.turn}: move {row} of seat {t.to_move} is not among its {len(legal)} legal moves")


def read_setup(settings, players: int, rows: Rows) -> Cafe:
    start = rows.take("start")[0]
    if not 0 <= start < players:
        raise RecordMismatch(f"start seat {start} of {players}")
    kinds = []
    for seat in range(players):
        kinds += rows.draws(seat, 5)
    try:
        return ref.deal(settings, players, start, kinds)
    except AssertionError as exc:
        raise RecordMismatch(str(exc)) from exc


def play_turn(t: Cafe, policies, rows: Rows) -> None:
    move = greedy_move(t) if policies[t.to_move] == "greedy" else random_move(t, rows)
    completed = ref.apply(t, move)
    try:
        ref.end_turn(t, completed, rows.draws)
    except AssertionError as exc:
        if isinstance(exc, RecordMismatch):
            raise
        raise RecordMismatch(str(exc)) from exc


def play(settings, players: int, policies, record, max_turns: int | None = None) -> list[dict]:
    """Replay a full game (or its first `max_turns` turns) from the engine's record: the snapshots after the set-up
    and after every turn."""
    rows = Rows(record)
    return snapshots(read_setup(settings, players, rows), ref.snapshot, lambda t: play_turn(t, policies, rows),
                     lambda t: t.end == "running" and (max_turns is None or t.turn < max_turns))
