"""The readable Goa players (random, greedy) and whole games replayed from the fast engine's chance record, so tests
can hold the engine to the rules in reference.py.

The record (coordination notes) is rows (tag, a, b) in play order: ("deck", card) x 30, the shuffled deck top
first; ("start", seat), the tiger search's outcome; ("advanced", c1, c2) for each random seat of the
two_markers_row2 start; ("tile", square, tile) x 25 when a phase's tiles are laid; ("reshuffle", card) for every
card of a deck made up again, top first; and each random player's choices: ("flag", x, y), ("marker", x, y),
("bid", amount) (0 a pass), ("action", code) (-1 a pass in an extra round), ("sack", kind), ("discard", card),
("plant", index), ("choice", 0 ships / 1 colonists).  Random players' choices are read off the record and checked
legal; greedy choices are recomputed from the rules (the record holds none of them), so a greedy choice the engine
makes differently shows up as a row out of place or a snapshot that differs.

random: uniform over the legal options of each decision.  greedy (the notes' rule, in short): values tiles
(`tile_value`), places the flag beside the best tile and markers on the best tiles, bids its value when that tops
the bid; acts by `greedy_action` (found a colony when P(success) >= 1/2, else advance the lowest affordable column,
else work towards the lowest column it can store the spices for, else taxes below 10 ducats, else expedition,
else ships); plays extra actions while holding 2 cards (1 in the last round); never plays expedition cards.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from analyzer.core.record import RecordMismatch, Rows, replay, snapshots
from analyzer.games.goa import reference as ref
from analyzer.games.goa import rules as r
from analyzer.games.goa.reference import Table

POLICIES = ("random", "greedy")
FLAG_VALUE = 4
GREEDY_DUCATS = 10  # greedy collects taxes below this
TILE_VALUES = {"ships": 1, "colonists": 1, "ships_or_colonists": 1, "mission": 1, "settlement": 4,
               "zusatzernte": 4, "nachschub": 4, "extra_actions": 3, "expeditions": 2, "red_ship": 5,
               "red_colonist": 5, "red_spice": 5, "red_ducats": 5, "vize_koenig": 5, "duty": 3}  # others 1
PER_AMOUNT = {"ships", "colonists", "ships_or_colonists", "mission", "extra_actions", "expeditions"}  # value x n
PAIR_TAGS = ("flag", "marker", "advanced")  # rows holding two values: (x, y) or (c1, c2)


# -- greedy --------------------------------------------------------------------------------------------------------

def tile_value(t: Table, tile: int) -> int:
    """Greedy's worth of a tile in ducats: a plantation 2 per space (+1 for a single), the notes' table else."""
    kind, _, n = ref.tile_kind(ref.tile_name(t, tile))
    if kind == "plantation":
        return 2 * n + (n == 1)
    return TILE_VALUES.get(kind, 1) * (n if kind in PER_AMOUNT else 1)


def colony_chance(t: Table, seat: int, colony: int) -> Fraction:
    """P(the colonists row + two cards flipped + all colonist cards reach the target), the two drawn from the cards
    the seat cannot see (30 - the discard - its hand)."""
    p = t.seats[seat]
    pool = [ref.card(t, c)[1] for c in range(r.DECK_SIZE) if c not in t.discard and c not in p.hand]
    need = r.COLONY_TARGETS[colony] - ref.dev(t, p, ref.COLONISTS) - p.colonists
    draws = list(combinations(pool, 2)) if len(pool) >= 2 else [tuple(pool)]
    return Fraction(sum(sum(d) >= need for d in draws), len(draws))


def target_column(t: Table, p) -> int | None:
    """The lowest-row column below row 5 whose next step's spices the seat has the spaces to hold (ties the lower
    column)."""
    ok = [c for c in ref.ADVANCE if p.rows[c] < ref.LAST_ROW
          and all(p.capacity[k] >= ref.advance_cost(p, c).count(k) for k in range(len(r.SPICES)))]
    return min(ok, key=lambda c: (p.rows[c], c), default=None)


def greedy_action(t: Table, seat: int, extra: bool) -> int | None:
    """The action code greedy takes (None: it passes the extra round)."""
    p = t.seats[seat]
    if extra and p.extra < (1 if t.round == r.ROUNDS - 1 else 2):
        return None
    chances = {c: colony_chance(t, seat, c) for c in range(len(r.COLONIES)) if c not in p.colonies}
    if chances:
        best = max(chances, key=lambda c: (chances[c], -c))
        if chances[best] >= Fraction(1, 2):
            return ref.FOUND + best
    affordable = [c for c in ref.ADVANCE if ref.can_advance(t, p, c)]
    if affordable:
        return min(affordable, key=lambda c: (p.rows[c], c))
    column = target_column(t, p)
    if column is not None:
        cost = ref.advance_cost(p, column)
        if p.ships < len(cost):
            return ref.BUILD_SHIPS
        if any(p.sacks[k] < cost.count(k) for k in cost):
            return ref.DO_HARVEST
    if p.ducats < GREEDY_DUCATS:
        return ref.DO_TAXES
    return ref.DO_EXPEDITION if t.deck or t.discard else ref.BUILD_SHIPS


def greedy_sack(t: Table, seat: int, kinds: list[int]) -> int:
    """The target column's missing kinds first, in cost order; else the kind with the most free spaces."""
    p = t.seats[seat]
    column = target_column(t, p)
    if column is not None:
        cost = ref.advance_cost(p, column)
        for k in cost:
            if p.sacks[k] < cost.count(k) and k in kinds:
                return k
    return max(kinds, key=lambda k: (p.capacity[k] - p.sacks[k], -k))


def greedy_discard(t: Table, seat: int) -> int:
    """The card whose symbol set loses least, ties the lower card id."""
    hand, values = t.seats[seat].hand, t.settings.set_values
    symbols = [ref.card(t, c)[2] for c in hand]

    def loss(c):
        n = symbols.count(ref.card(t, c)[2])
        return r.set_value(n, values) - r.set_value(n - 1, values)
    return min(hand, key=lambda c: (loss(c), c))


def greedy_flag(t: Table) -> tuple[int, int]:
    """Beside the most valuable tile (ties the lower square) that has a flag square at its side: the first of above,
    left, right, below."""
    legal = set(ref.flag_squares(t))
    for square in sorted(t.grid, key=lambda sq: (-tile_value(t, t.grid[sq]), sq)):
        x, y = ref.xy(square)
        for near in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
            if near in legal:
                return near
    raise AssertionError("no flag square")


class Seats:
    """Every decision of a replayed game: random seats' choices and the chance outcomes read off the record,
    greedy seats' choices computed (policies: one name per seat)."""

    def __init__(self, policies, rows: Rows):
        self.policies, self.rows = tuple(getattr(p, "kind", p) for p in policies), rows

    def greedy(self, seat: int) -> bool:
        return self.policies[seat] == "greedy"

    def read(self, tag: str, legal, what: str):
        """The next recorded `tag` value, refused unless in `legal`."""
        values = self.rows.take(tag)
        value = tuple(values[:2]) if tag in PAIR_TAGS else values[0]
        if value not in legal:
            raise RecordMismatch(f"row {self.rows.at - 1}: {what} {value} is not legal (allowed: {sorted(legal)})")
        return value

    # chance
    def layout(self, t: Table) -> list[int]:
        rows = [self.rows.take("tile")[:2] for _ in range(r.GRID * r.GRID)]
        if [sq for sq, _ in rows] != list(range(r.GRID * r.GRID)):
            raise RecordMismatch(f"tile rows out of square order: {rows}")
        return [tile for _, tile in rows]

    def reshuffle(self, t: Table) -> list[int]:
        return [self.rows.take("reshuffle")[0] for _ in range(len(t.deck) + len(t.discard))]

    # choices
    def advanced(self, t: Table, seat: int):
        if self.greedy(seat):
            return ref.SHIPS, ref.COLONISTS
        return self.read("advanced", set(combinations(range(len(r.COLUMNS)), 2)), "advanced start")

    def flag(self, t: Table, seat: int):
        return greedy_flag(t) if self.greedy(seat) else self.read("flag", set(ref.flag_squares(t)), "flag square")

    def marker(self, t: Table, seat: int, previous, marked) -> int:
        squares = ref.marker_squares(t, marked, previous)
        if self.greedy(seat):
            return min(squares, key=lambda sq: (-tile_value(t, t.grid[sq]), sq))
        x, y = self.read("marker", {ref.xy(sq) for sq in squares}, "marker square")
        return y * r.GRID + x

    def bid(self, t: Table, seat: int, tile, top: int) -> int:
        ducats = t.seats[seat].ducats
        if self.greedy(seat):
            bid = min(FLAG_VALUE if tile is None else tile_value(t, tile), ducats)
            return bid if bid > top else 0
        return self.read("bid", {0, *range(top + 1, ducats + 1)}, "bid")

    def action(self, t: Table, seat: int, extra: bool):
        if self.greedy(seat):
            return greedy_action(t, seat, extra)
        legal = set(ref.legal_actions(t, seat)) | ({-1} if extra else set())
        code = self.read("action", legal, "action")
        return None if code == -1 else code

    def sack(self, t: Table, seat: int, kinds):
        return greedy_sack(t, seat, kinds) if self.greedy(seat) else self.read("sack", set(kinds), "sack of kind")

    def discard(self, t: Table, seat: int) -> int:
        hand = t.seats[seat].hand
        return greedy_discard(t, seat) if self.greedy(seat) else self.read("discard", set(hand), "discarded card")

    def plant(self, t: Table, seat: int) -> int:
        held = t.seats[seat].plantations
        if self.greedy(seat):
            return min(range(len(held)), key=lambda i: (held[i][1], i))
        return self.read("plant", set(range(len(held))), "plantation discarded")

    def choice(self, t: Table, seat: int) -> int:
        p = t.seats[seat]
        if self.greedy(seat):
            return 0 if p.ships < p.colonists else 1
        return self.read("choice", {0, 1}, "ships (0) or colonists (1)")


# -- whole games ---------------------------------------------------------------------------------------------------

def read_setup(settings, players: int, policies_by_rank, rows: Rows) -> tuple[Table, Seats]:
    """The set-up from the record: the deck, the tiger search (checked against the recorded start), the policies
    seated by turn-order rank from the start player, the advanced start, the A tiles."""
    deck = [rows.take("deck")[0] for _ in range(r.DECK_SIZE)]
    t = ref.setup(settings, players, deck)
    start = rows.take("start")[0]
    if start != t.start:
        raise RecordMismatch(f"the record's start player {start}, the tiger search's {t.start}")
    seats = Seats([policies_by_rank[(q - t.start) % players] for q in range(players)], rows)
    ref.advanced_start(t, seats)
    ref.lay(t, seats.layout(t))
    return t, seats


def play(settings, players: int, policies_by_rank, record, max_rounds: int | None = None) -> list[dict]:
    """Replay a whole game (or its first `max_rounds` rounds) from the engine's record: the snapshots after the
    set-up and after every round.  policies_by_rank: one name per turn-order rank, the start player first.  A record
    the rules refuse (reference.py's assertions included) raises RecordMismatch."""
    rows = Rows(record)

    def game():
        t, seats = read_setup(settings, players, policies_by_rank, rows)
        return t, snapshots(t, ref.snapshot, lambda t: ref.next_round(t, seats),
                            lambda t: not t.ended and (max_rounds is None or t.round < max_rounds))

    return replay(rows, game)
