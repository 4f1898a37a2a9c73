"""The readable Sankt Petersburg whole game (rules spec: shared/rules/st-petersburg.md): the set-up deal, the four
phases of a round in turn order from each start stone, the scorings and the Pub, the refills to 8 from the next
phase's deck, the end of the round (the lower row discarded, the upper row moving down, the worker refill, the
stones passing left), the end trigger and the final score.  The moves, costs and scorings are actions.py's.

`Game` is the whole mutable state.  Every choice a player makes comes from `src`, an object with `move(g, seat,
legal)` and `pub(g, seat, choices)` (reference_policies.Seats replays them from the engine's record or computes
them); the rules check that every answer is legal.  The chance (the four deck orders, the start stones) is given
to `setup`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import settings as core_settings
from analyzer.games.st_petersburg import actions as a
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.actions import Player, Table

PHASES = (a.WORKER, a.BUILDING, a.ARISTOCRAT, a.UPGRADE)
SET_UP = -1  # Game.phase before the first worker phase


@dataclass
class Game(Table):
    stones: list = field(default_factory=list)  # the seat holding each phase's start stone
    round: int = 1
    ended: bool = False
    capped: bool = False  # stopped at settings.turn_cap rounds: counted apart
    final: list | None = None  # the final points, once ended


def setup(settings, players: int, decks: list, stones: list) -> Game:
    """25 rubles each, the four shuffled decks (top first), the stones' seats, and the first worker deal (8/6/4 for
    4/3/2 players) into the upper row."""
    assert r.PLAYERS[0] <= players <= r.PLAYERS[1], players
    assert len(stones) == len(PHASES) and all(0 <= q < players for q in stones), stones
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)  # by rank from the first stone
    g = Game(settings, [Player(r.START_RUBLES + handicap[(q - stones[0]) % players]) for q in range(players)],
             [list(d) for d in decks], phase=SET_UP, stones=list(stones))
    deal(g, a.WORKER, r.FIRST_DEAL[players])
    return g


def deal(g: Game, deck: int, k: int) -> None:
    """k cards of the deck into the upper row, as many as it holds (short_refill); the deck's last card turned
    makes this round the last."""
    cards = g.decks[deck]
    drawn, g.decks[deck] = cards[:k], cards[k:]
    g.upper += drawn
    g.deck_emptied |= k > 0 and not g.decks[deck]


def refill(g: Game, deck: int) -> None:
    """The board (both rows) topped up to 8 from the deck."""
    deal(g, deck, r.BOARD_SIZE - len(g.upper) - len(g.lower))


def turn_order(g: Game, first: int) -> list[int]:
    return [(first + k) % g.players for k in range(g.players)]


def choose_move(g: Game, seat: int, src) -> tuple:
    move = src.move(g, seat, a.legal_moves(g, seat))
    a.apply(g, seat, move)  # checks it is legal
    return move


def play_phase(g: Game, phase: int, src) -> None:
    """Clockwise from the stone holder, each player moves (an Observatory draw: then its fate) until all pass in a
    row; a player who passed may move again later."""
    g.phase = phase
    for p in g.seats:
        p.observatories_down = 0
    seat, passes = g.stones[phase], 0
    while passes < g.players:
        move = choose_move(g, seat, src)
        if move[0] == a.OBSERVE:
            choose_move(g, seat, src)
        passes = passes + 1 if move == a.PASS_MOVE else 0
        seat = (seat + 1) % g.players


def pub(g: Game, src) -> None:
    """Right after the building scoring, in turn order from the building stone, each Pub owner able to buy
    chooses how many points."""
    for q in turn_order(g, g.stones[a.BUILDING]):
        choices = a.pub_choices(g.seats[q])
        if len(choices) > 1:
            n = src.pub(g, q, choices)
            a.buy_pub_points(g.seats[q], n)


def end_of_round(g: Game) -> None:
    """After round turn_cap the game stops (capped); else the lower row is discarded, the upper row moves down, the
    stones pass left and the workers refill (emptying the worker deck: worker_refill_end next_round makes the next
    round the last, immediate ends the game there)."""
    if g.round >= g.settings.turn_cap:
        g.capped = True
        finish(g)
        return
    g.lower, g.upper = g.upper, []
    g.stones = [(q + 1) % g.players for q in g.stones]
    refill(g, a.WORKER)
    if g.deck_emptied and g.settings.worker_refill_end == "immediate":
        finish(g)


def finish(g: Game) -> None:
    g.ended = True
    g.final = [a.final_points(g.settings, p) for p in g.seats]


def next_phase(g: Game, phase: int, src) -> None:
    """One phase: its moves, its scoring (the Pub after the building one), then the refill from the next deck; after
    the upgrade phase the game ends in the last round, else the round ends."""
    if phase == a.WORKER and g.phase == a.UPGRADE:
        g.round += 1
    play_phase(g, phase, src)
    a.score_phase(g)
    if phase == a.BUILDING:
        pub(g, src)
    if phase != a.UPGRADE:
        refill(g, phase + 1)
    elif g.deck_emptied:
        finish(g)
    else:
        end_of_round(g)


def snapshot(g: Game) -> dict:
    """The state compared with the engine's (sim.snapshot): cards as sorted card-table indices, one per copy;
    round: the round just played; phase: the phase just played (SET_UP before the first)."""
    def ids(names):
        return tuple(sorted(a.index(g.settings, n) for n in names))
    return {"round": g.round, "phase": g.phase,
            "rubles": tuple(p.rubles for p in g.seats), "points": tuple(p.points for p in g.seats),
            "cards": tuple(ids(p.cards) for p in g.seats), "hands": tuple(ids(p.hand) for p in g.seats),
            "upper": ids(g.upper), "lower": ids(g.lower), "decks_left": tuple(len(d) for d in g.decks),
            "stones": tuple(g.stones), "last_round": g.deck_emptied, "ended": g.ended,
            "final": tuple(g.final) if g.ended else None,
            "winners": tuple(a.winners(g.settings, g.seats)) if g.ended else None}


def play_game(g: Game, src, max_phases: int | None = None) -> list[dict]:
    """Play on to the end (or `max_phases` phases more): the snapshot now and after every phase."""
    shots, played = [snapshot(g)], 0
    while not g.ended and (max_phases is None or played < max_phases):
        next_phase(g, a.WORKER if g.phase in (SET_UP, a.UPGRADE) else g.phase + 1, src)
        played += 1
        shots.append(snapshot(g))
    return shots
