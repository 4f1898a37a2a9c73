"""The Café International board as rules: where guests may sit, what a placement scores, which tables it completes.

Readable and slow on purpose: the single Python source of placement legality and scoring (exact.py scores moves
with it; the numba engine mirrors it and its tests hold the two equal).

A layout is rules.py's tuple of tables (name, nat, chairs); a chair named at two tables is shared and belongs to
both (for the nationality fit, the balance and the single-nationality test).  A tile is (nat, sex): nat 0..11 or
rules.JOKER, sex 0 woman / 1 man.  A board is {chair: tile}.  A placement is a tuple of (chair, tile) pairs sorted
by the chair's place in the layout; the order of seating never matters, because every condition is checked at the
end of the turn and the scores come out the same in any order.
"""
from __future__ import annotations

from itertools import combinations, permutations

from analyzer.games.cafe_international.rules import (COFFEE_PARTY_POINTS, COFFEE_PARTY_SINGLE_POINTS, JOKER,
                                                     SEATS_PER_TABLE, SINGLE_NATIONALITY_POINTS)


class Geometry:
    """A layout's tables and chairs by index: .nat[t], .chairs[t], .tables_of[chair], .chair_order[chair]."""

    def __init__(self, layout):
        self.layout = layout
        self.tables = tuple(name for name, _, _ in layout)
        self.nat = tuple(nat for _, nat, _ in layout)
        self.chairs = tuple(tuple(chairs) for _, _, chairs in layout)
        self.chair_order: dict = {}
        for chairs in self.chairs:
            for chair in chairs:
                self.chair_order.setdefault(chair, len(self.chair_order))
        self.tables_of = {chair: tuple(t for t, chairs in enumerate(self.chairs) if chair in chairs)
                          for chair in self.chair_order}
        self.nats_of = {chair: {self.nat[t] for t in tables} for chair, tables in self.tables_of.items()}


_GEOMETRIES: dict = {}


def geometry(layout) -> Geometry:
    """The layout's Geometry, cached by identity (hashing the layout on every call would cost more than the rules)."""
    geo = _GEOMETRIES.get(id(layout))
    if geo is None or geo.layout is not layout:
        if len(_GEOMETRIES) > 64:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[id(layout)] = Geometry(layout)
    return geo


def fits(layout, chair, tile) -> bool:
    """The nationality rule: a joker fits anywhere, a guest at a chair touching a table of his nationality."""
    return tile[0] == JOKER or tile[0] in geometry(layout).nats_of[chair]


def seat(board, placement) -> dict:
    return {**board, **dict(placement)}


def guests(layout, board, table: int) -> list:
    return [board[c] for c in geometry(layout).chairs[table] if c in board]


def balanced(seated) -> bool:
    """Men and women differ by at most one (a joker has a gender)."""
    men = sum(sex for _, sex in seated)
    return abs(len(seated) - 2 * men) <= 1


def single_nationality(seated) -> bool:
    """Every non-joker guest of one nationality (jokers stand in for any)."""
    return len({nat for nat, _ in seated if nat != JOKER}) <= 1


def is_full(layout, board, table: int) -> bool:
    return all(c in board for c in geometry(layout).chairs[table])


def touched(layout, placement) -> list[int]:
    """The tables that receive a guest of the placement, in board order."""
    geo = geometry(layout)
    return sorted({t for chair, _ in placement for t in geo.tables_of[chair]})


def _lone_ok(layout, after, table: int, lone_guest_rule: str) -> bool:
    """A table's single guest is allowed when he sits on a shared chair whose other table holds others too."""
    if lone_guest_rule == "never":
        return False
    geo = geometry(layout)
    (chair,) = [c for c in geo.chairs[table] if c in after]
    return any(other != table and len(guests(layout, after, other)) >= 2 for other in geo.tables_of[chair])


def _legal_end(layout, after, tables, lone_guest_rule: str, party=None) -> bool:
    for t in tables:
        seated = guests(layout, after, t)
        if t != party and not balanced(seated):
            return False
        if len(seated) == 1 and not _lone_ok(layout, after, t, lone_guest_rule):
            return False
    return True


def party_table(layout, board, placement):
    """The table a 3- or 4-guest placement fills with 4 guests of one sex (coffee party, regulars' table), or None."""
    if len(placement) < 3:
        return None
    geo = geometry(layout)
    after = seat(board, placement)
    for t in touched(layout, placement):
        chairs = geo.chairs[t]
        seated = guests(layout, after, t)
        if (len(chairs) == SEATS_PER_TABLE and len(seated) == SEATS_PER_TABLE and len({s for _, s in seated}) == 1
                and all(chair in chairs for chair, _ in placement)):
            return t
    return None


def _sorted(layout, placement) -> tuple:
    order = geometry(layout).chair_order
    return tuple(sorted(placement, key=lambda pair: order[pair[0]]))


def is_legal(layout, board, placement, settings, first_turn: bool = False) -> bool:
    """Whether one given placement is legal: distinct free chairs, each guest's nationality fitting, one or two
    guests (three or four making a coffee party when coffee_party), and the end-of-turn conditions at every table
    it touches; `first_turn` also allows a single lone tile."""
    chairs = [chair for chair, _ in placement]
    if len(set(chairs)) != len(chairs) or any(c in board for c in chairs) \
            or not all(fits(layout, chair, tile) for chair, tile in placement):
        return False
    party = party_table(layout, board, placement) if settings.coffee_party else None
    if not (1 <= len(placement) <= 2 or party is not None):
        return False
    if first_turn and len(placement) == 1:
        return True
    return _legal_end(layout, seat(board, placement), touched(layout, placement), settings.lone_guest_rule, party)


def legal_placements(layout, board, hand, settings, first_turn: bool = False) -> list[tuple]:
    """Every legal placement of one or two hand guests on free chairs (three or four for a coffee party), each
    once; `first_turn` (the start player's first turn of the game) adds every single lone tile."""
    geo = geometry(layout)
    free = [c for c in geo.chair_order if c not in board]
    found = set()

    def consider(placement):
        if is_legal(layout, board, placement, settings):
            found.add(_sorted(layout, placement))

    spots = {tile: [c for c in free if fits(layout, c, tile)] for tile in set(hand)}  # nationality fits
    singles = {}  # tile -> the chairs where he may sit alone this turn
    for tile in sorted(spots):
        for chair in spots[tile]:
            if first_turn:
                found.add(((chair, tile),))
            elif is_legal(layout, board, ((chair, tile),), settings):
                found.add(((chair, tile),))
                singles.setdefault(tile, []).append(chair)
    for i, j in combinations(range(len(hand)), 2):
        a, b = hand[i], hand[j]
        # guests at tables apart are legal together exactly when each is alone (neither changes the other's tables)
        for c1 in singles.get(a, ()):
            for c2 in singles.get(b, ()):
                if c1 != c2 and not set(geo.tables_of[c1]) & set(geo.tables_of[c2]):
                    found.add(_sorted(layout, ((c1, a), (c2, b))))
        for c1 in spots[a]:
            near = {c for t in geo.tables_of[c1] for c in geo.chairs[t]}
            for c2 in spots[b]:
                if c2 != c1 and c2 in near:
                    consider(((c1, a), (c2, b)))
    if settings.coffee_party:
        for placement in _parties(layout, board, hand):
            consider(placement)
    return sorted(found, key=lambda p: [(geo.chair_order[c], tile) for c, tile in p])


def _parties(layout, board, hand):
    """Candidate coffee parties: every table of 4 chairs whose seated guests are all of one sex, filled with hand
    guests of that sex on fitting chairs."""
    geo = geometry(layout)
    for t, chairs in enumerate(geo.chairs):
        seated = guests(layout, board, t)
        open_chairs = [c for c in chairs if c not in board]
        if len(chairs) != SEATS_PER_TABLE or len(open_chairs) not in (3, 4):
            continue
        for sex in (0, 1):
            if any(s != sex for _, s in seated):
                continue
            mine = [tile for tile in hand if tile[1] == sex]
            for tiles in set(permutations(mine, len(open_chairs))):
                if all(fits(layout, c, tile) for c, tile in zip(open_chairs, tiles)):
                    yield tuple(zip(open_chairs, tiles))


def joker_swaps(layout, board, hand) -> list[tuple]:
    """Every (chair, hand guest) that may replace the joker seated there: a non-joker fitting the chair's
    nationality that keeps the balance at its tables (a guest of the joker's sex changes no count)."""
    geo = geometry(layout)
    swaps = []
    for chair in geo.chair_order:
        joker = board.get(chair)
        if joker is None or joker[0] != JOKER:
            continue
        for tile in sorted({t for t in hand if t[0] != JOKER}):
            after = {**board, chair: tile}
            if fits(layout, chair, tile) and (tile[1] == joker[1] or all(
                    balanced(guests(layout, after, t)) for t in geo.tables_of[chair])):
                swaps.append((chair, tile))
    return swaps


def _table_points(layout, board, table: int) -> int:
    """What a table that just got a guest scores: nothing while it holds one guest, 8 when full of one
    nationality, else its guest count."""
    seated = guests(layout, board, table)
    if len(seated) < 2:
        return 0
    if is_full(layout, board, table) and single_nationality(seated):
        return SINGLE_NATIONALITY_POINTS
    return len(seated)


def score(layout, board, placement, settings, birthday=None) -> int:
    """The points of `placement` on `board` (the board before it).  per_table: each table that received a guest
    scores once, after the whole placement; per_guest: each guest scores his tables as he sits down.  A coffee
    party's table scores 20 (40 of one nationality) instead.  Points at the birthday nationality's tables double."""
    geo = geometry(layout)
    party = party_table(layout, board, placement)
    points = {}
    if settings.table_scoring == "per_guest":
        now = dict(board)
        for chair, tile in placement:
            now[chair] = tile
            for t in geo.tables_of[chair]:
                if t != party:
                    points[t] = points.get(t, 0) + _table_points(layout, now, t)
    else:
        after = seat(board, placement)
        points = {t: _table_points(layout, after, t) for t in touched(layout, placement) if t != party}
    if party is not None:
        single = single_nationality(guests(layout, seat(board, placement), party))
        points[party] = COFFEE_PARTY_SINGLE_POINTS if single else COFFEE_PARTY_POINTS
    return sum(p * (2 if birthday is not None and geo.nat[t] == birthday else 1) for t, p in points.items())


def completions(layout, board, placement) -> int:
    """The single-nationality tables the placement completes (the refill may be that many tiles shorter)."""
    after = seat(board, placement)
    return sum(1 for t in touched(layout, placement)
               if is_full(layout, after, t) and single_nationality(guests(layout, after, t)))
