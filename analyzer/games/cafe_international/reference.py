"""The readable Café International: the bag, the deal of 5 face up, the compulsory turn (seat guests, the bar, a
joker swap), the refill with the draw-one-less option, the birthday table, the end and its penalties, in plain
Python (rules spec: shared/rules/cafe-international.md; board rules: layout.py).

`Cafe` is the whole mutable state.  `deal` and `refill` take tiles out of the bag as chance names them (the
engine's record); `moves` lists a mover's legal moves in coord.md's fixed order and `apply` carries one out;
`end_turn` refills, checks the end in coord.md's order and passes the turn.  Who chooses what lives in
reference_policies.py, which replays whole games.

A tile is (nat, sex) as in layout.py; hands are lists of tiles, the bag 26 counts by rules.kind.  A move is
("place", placement), ("swap", chair, tile), ("bar", tile) or ("pass",).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core.settings import handicap_by_rank
from analyzer.games.cafe_international import layout
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.rules import Settings

ENDS = ("running", "bar", "chairs", "bag", "empty_hand", "dropout", "capped")


@dataclass
class Cafe:
    players: int
    settings: Settings
    start: int
    bag: list = field(default_factory=lambda: list(r.KIND_COUNTS))
    hands: list = field(default_factory=list)  # per seat, tiles in the order drawn
    seated: dict = field(default_factory=dict)  # chair -> tile
    bar: int = 0  # bar spaces filled
    scores: list = field(default_factory=list)
    out: list = field(default_factory=list)  # dropped at the bar
    targets: list = field(default_factory=list)  # refill targets: 5 less the completions used
    birthday: int | None = None
    to_move: int = 0
    turn: int = 0
    end: str = "running"

    def __post_init__(self):
        n = self.players
        assert r.PLAYERS[0] <= n <= r.PLAYERS[1] and 0 <= self.start < n
        self.hands = self.hands or [[] for _ in range(n)]
        handicap = handicap_by_rank(self.settings.seat_handicap, n)  # start points by rank from the start player
        self.scores = self.scores or [handicap[(q - self.start) % n] for q in range(n)]
        self.out = self.out or [False] * n
        self.targets = self.targets or [r.HAND] * n
        self.to_move = self.start

    @property
    def layout(self):
        return self.settings.layout


def tile_of(kind: int) -> tuple[int, int]:
    return r.kind_nat(kind), r.kind_sex(kind)


def kind_of(tile) -> int:
    return r.kind(*tile)


# -- chance --------------------------------------------------------------------------------------------------------

def draw(t: Cafe, seat: int, kind: int) -> None:
    """One tile of `kind` from the bag into the seat's hand (chance names it; it must be in the bag)."""
    assert t.bag[kind] > 0, f"no {r.kind_name(kind)} left in the bag"
    t.bag[kind] -= 1
    t.hands[seat].append(tile_of(kind))


def deal(settings: Settings, players: int, start: int, draws) -> Cafe:
    """The set-up: the start player (random), then each seat in seat order draws 5 (`draws` gives the kinds in
    that order)."""
    t = Cafe(players, settings, start)
    draws = list(draws)
    assert len(draws) == r.HAND * players, "the deal is 5 tiles per seat"
    for i, kind in enumerate(draws):
        draw(t, i // r.HAND, kind)
    return t


def refill_count(t: Cafe, seat: int) -> int:
    """How many tiles the seat draws now: up to its target, fewer when the bag runs low (exactly_4: it stops with
    4 left)."""
    wanted = max(0, t.targets[seat] - len(t.hands[seat]))
    floor = r.BAG_END if t.settings.bag_end == "exactly_4" else 0
    return max(0, min(wanted, sum(t.bag) - floor))


# -- moves -----------------------------------------------------------------------------------------------------------

def moves(t: Cafe) -> list[tuple]:
    """The mover's legal moves: every placement (in layout.legal_placements' order), every joker swap, the bar with
    each non-joker kind held (kinds ascending); [("pass",)] when there is none."""
    hand = t.hands[t.to_move]
    places = layout.legal_placements(t.layout, t.seated, hand, t.settings, first_turn=t.turn == 0)
    swaps = layout.joker_swaps(t.layout, t.seated, hand)
    bar = sorted({tile for tile in hand if tile[0] != r.JOKER}) if t.bar < t.settings.bar_spaces else []
    found = [("place", p) for p in places] + [("swap", c, tile) for c, tile in swaps] + [("bar", tile) for tile in bar]
    return found or [("pass",)]


def gain(t: Cafe, move) -> int:
    """The move's immediate points (greedy's measure): a placement's score, a swap 0, the bar the next space's
    value."""
    if move[0] == "place":
        return layout.score(t.layout, t.seated, move[1], t.settings, t.birthday)
    if move[0] == "bar":
        return t.settings.bar_values[t.bar]
    return 0


def apply(t: Cafe, move) -> int:
    """The mover makes `move` (one of `moves`): the single-nationality tables it completes (the refill option)."""
    seat, hand = t.to_move, t.hands[t.to_move]
    done = 0
    if move[0] == "place":
        placement = move[1]
        t.scores[seat] += gain(t, move)
        done = layout.completions(t.layout, t.seated, placement)
        t.seated = layout.seat(t.seated, placement)
        for _, tile in placement:
            hand.remove(tile)
    elif move[0] == "swap":
        _, chair, tile = move
        hand.remove(tile)
        hand.append(t.seated[chair])
        t.seated = {**t.seated, chair: tile}
    elif move[0] == "bar":
        value = gain(t, move)
        hand.remove(move[1])
        t.bar += 1
        if t.scores[seat] + value < 0:  # he cannot pay: out, his hand leaves the game (dropout hand_removed)
            t.out[seat] = True
            hand.clear()
        else:
            t.scores[seat] += value
    if t.settings.birthday_table and t.birthday is None and not t.out[seat] \
            and t.scores[seat] >= t.settings.birthday_score:
        t.birthday = birthday_choice(hand)
    return done


def birthday_choice(hand) -> int:
    """The nationality the first to the birthday score names: the most non-joker tiles of it in his hand (before
    the refill), ties the lower; 0 with none."""
    counts = [sum(1 for nat, _ in hand if nat == n) for n in range(r.JOKER)]
    return counts.index(max(counts))


# -- the end of a turn -------------------------------------------------------------------------------------------

def game_over(t: Cafe) -> str:
    """Which end condition holds, in coord.md's order ("running" while none does)."""
    in_game = [s for s in range(t.players) if not t.out[s]]
    if t.bar >= t.settings.bar_spaces:
        return "bar"
    if len(t.seated) == len(layout.geometry(t.layout).chair_order):
        return "chairs"
    if sum(t.bag) <= r.BAG_END:
        return "bag"
    if any(not t.hands[s] for s in in_game):
        return "empty_hand"
    if len(in_game) <= 1:
        return "dropout"
    if t.turn >= t.settings.turn_cap:
        return "capped"
    return "running"


def end_turn(t: Cafe, completed: int, draws) -> None:
    """After the move: the refill option (the target shrinks by the completions), the refill (`draws(seat, n)`
    gives the n kinds chance draws), the end check with the penalties, the next seat still in the game."""
    seat = t.to_move
    if not t.out[seat]:
        t.targets[seat] = max(0, t.targets[seat] - completed)
        n = refill_count(t, seat)
        for kind in draws(seat, n):
            draw(t, seat, kind)
    t.turn += 1
    t.end = game_over(t)
    if t.end != "running":
        for s in range(t.players):
            if not t.out[s]:
                jokers = sum(1 for nat, _ in t.hands[s] if nat == r.JOKER)
                t.scores[s] += r.end_penalty(len(t.hands[s]) - jokers, jokers)
    nxt = (seat + 1) % t.players
    while t.out[nxt] and nxt != seat:
        nxt = (nxt + 1) % t.players
    t.to_move = nxt


def winners(t: Cafe) -> list[int]:
    """The seats with the best final score among those still in the game."""
    alive = [s for s in range(t.players) if not t.out[s]]
    best = max((t.scores[s] for s in alive), default=None)
    return [s for s in alive if t.scores[s] == best]


def snapshot(t: Cafe) -> dict:
    """What the engine is compared on after the set-up and after every turn (sim.snapshot's keys)."""
    geo = layout.geometry(t.layout)

    def counts(tiles):
        c = [0] * r.KINDS
        for tile in tiles:
            c[kind_of(tile)] += 1
        return tuple(c)

    return {"turn": t.turn, "to_move": t.to_move, "start": t.start, "bar": t.bar, "bag": tuple(t.bag),
            "hands": tuple(counts(h) for h in t.hands),
            "seated": tuple(kind_of(t.seated[c]) if c in t.seated else -1 for c in geo.chair_order),
            "scores": tuple(t.scores), "out": tuple(int(o) for o in t.out), "targets": tuple(t.targets),
            "birthday": -1 if t.birthday is None else t.birthday, "end": t.end}
