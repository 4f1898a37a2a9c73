"""The readable Sankt Petersburg players (random, greedy) and whole games replayed from the fast engine's chance
record, so tests can hold the engine to the rules in reference.py and actions.py.

The record (coordination notes) is rows (tag, values...) of ints in order: ("stones", w, b, a, u), the seat of each
phase's start stone; ("deck", d, card) for every card of deck d top first, d = 0..3; then in play order ("move",
kind, a, b, c) for every random seat's move (actions.code; an Observatory draw and its fate are two rows) and
("pub", points) for every random seat's Pub choice (only when it has one).  Random players' moves are read off the
record and checked legal; greedy moves are recomputed from the rules (the record holds none of them), so a greedy
move the engine makes differently shows up as a row out of place or a snapshot that differs.

random: uniform over actions.legal_moves (pass included; an Observatory draw's fate uniform over its moves), the
Pub points uniform over 0..max.  greedy: a card's value is the rubles + 2 x the points of one scoring (2 rubles
buy a Pub point); Mariinskij's the red cards owned now, the Tax Man's the green cards owned now; an upgrade's value
less the replaced card's.  Of the legal BUY and PLAY moves of positive value it makes the one of the most value per
ruble of cost, ties the larger value, then the first in the legal order; none: it passes.  It never takes to hand
nor uses the Observatory, and buys the most Pub points in the last round (last_round or round turn_cap), else none.
"""
from __future__ import annotations

from fractions import Fraction

from analyzer.core.record import RecordMismatch, Rows, replay
from analyzer.games.st_petersburg import actions as a
from analyzer.games.st_petersburg import reference as ref
from analyzer.games.st_petersburg.reference import Game

POLICIES = ("random", "greedy")
POINT_VALUE = 2  # rubles: the Pub's price of a point


# -- greedy --------------------------------------------------------------------------------------------------------

def card_value(settings, owned, name: str) -> int:
    """Greedy's worth of a card in rubles: one scoring's rubles + 2 x points (Mariinskij: the red cards owned, the
    Tax Man: the green cards owned)."""
    c = a.card(settings, name)
    value = c.rubles + POINT_VALUE * c.points
    if name == a.MARIINSKIJ:
        value += sum(a.card(settings, n).colour == a.RED for n in owned)
    elif name == a.TAX_MAN:
        value += sum(a.card(settings, n).colour == a.GREEN for n in owned)
    return value


def move_value(settings, owned, move: tuple) -> int:
    _, _, name, replaced = move
    return card_value(settings, owned, name) - (card_value(settings, owned, replaced) if replaced else 0)


def move_cost(g: Game, seat: int, move: tuple) -> int:
    kind, row, name, replaced = move
    return a.cost(g.settings, name, g.seats[seat].cards, kind == a.BUY and row == a.LOWER, replaced)


def greedy_move(g: Game, seat: int, legal: list) -> tuple:
    """The most value per ruble among the paid moves of positive value (ties: more value, then the first listed);
    none: pass."""
    owned = g.seats[seat].cards
    best, best_key = None, None
    for move in legal:
        if move[0] not in (a.BUY, a.PLAY):
            continue
        value = move_value(g.settings, owned, move)
        if value <= 0:
            continue
        key = (Fraction(value, move_cost(g, seat, move)), value)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return a.PASS_MOVE if best is None else best


def greedy_pub(g: Game, choices: list) -> int:
    last = g.deck_emptied or g.round == g.settings.turn_cap
    return max(choices) if last else 0


class Seats:
    """Each seat's policy: random seats replay the record, greedy seats compute."""

    def __init__(self, policies, rows: Rows):
        assert all(name in POLICIES for name in policies), policies
        self.policies = list(policies)
        self.rows = rows

    def greedy(self, seat: int) -> bool:
        return self.policies[seat] == "greedy"

    def move(self, g: Game, seat: int, legal: list) -> tuple:
        if self.greedy(seat):
            return greedy_move(g, seat, legal)
        move = a.move_of(g.settings, self.rows.take("move"))
        if move not in legal:
            raise RecordMismatch(f"row {self.rows.at - 1}: seat {seat} cannot make {move}")
        return move

    def pub(self, g: Game, seat: int, choices: list) -> int:
        if self.greedy(seat):
            return greedy_pub(g, choices)
        (points,) = self.rows.take("pub")
        if points not in choices:
            raise RecordMismatch(f"row {self.rows.at - 1}: seat {seat} cannot buy {points} Pub points")
        return points


# -- whole games ---------------------------------------------------------------------------------------------------

def read_setup(settings, players: int, policies_by_rank, rows: Rows) -> tuple[Game, Seats]:
    """The set-up from the record: the stones, the four decks; the policies seated by turn-order rank from the
    worker-stone holder."""
    stones = list(rows.take("stones"))
    names = [c.name for c in settings.card_table]
    decks = [[] for _ in ref.PHASES]
    for d in ref.PHASES:
        for _ in range(sum(c.count for c in settings.card_table if c.deck == d)):
            deck, i = rows.take("deck")
            if deck != d:
                raise RecordMismatch(f"row {rows.at - 1}: a card of deck {deck} where deck {d}'s come")
            decks[d].append(names[i])
    for d, deck in enumerate(decks):
        full = sorted(c.name for c in settings.card_table if c.deck == d for _ in range(c.count))
        if sorted(deck) != full:
            raise RecordMismatch(f"deck {d} is not the card table's {len(full)} cards")
    g = ref.setup(settings, players, decks, stones)
    worker = stones[a.WORKER]
    return g, Seats([policies_by_rank[(q - worker) % players] for q in range(players)], rows)


def play(settings, players: int, policies_by_rank, record, max_phases: int | None = None) -> list[dict]:
    """Replay a whole game (or its first `max_phases` phases) from the engine's record: the snapshots after the set-up
    and after every phase.  A record the rules refuse (the reference's assertions included) raises RecordMismatch."""
    rows = Rows(record)

    def game():
        g, seats = read_setup(settings, players, policies_by_rank, rows)
        return g, ref.play_game(g, seats, max_phases)

    return replay(rows, game)
