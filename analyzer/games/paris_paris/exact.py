"""The exact answers, in Fractions: the next column's tiles (hypergeometric), the leftover tile and this round's
tours under the pick policy (every order of the later pickers' picks), the next big tour, and the posterior of the
opponents' bonus markers (every assignment of the markers I have not seen).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb

from analyzer.games.paris_paris import rules as r
from analyzer.games.paris_paris.state import Position


def by_stop(unseen: dict) -> dict:
    out: dict = {}
    for (stop, _), n in unseen.items():
        out[stop] = out.get(stop, 0) + n
    return out


def appearance(unseen: dict, size: int) -> dict:
    """stop -> (P(it appears in a column of `size` from the unseen pool), P(it appears >= 2 times))."""
    total = sum(unseen.values())
    size = min(size, total)
    draws = comb(total, size)
    out = {}
    for stop, k in by_stop(unseen).items():
        none = Fraction(comb(total - k, size), draws)
        once = Fraction(k * comb(total - k, size - 1), draws)
        out[stop] = (1 - none, 1 - none - once)
    return out


def _later_picks(p: Position, tiles: tuple, pickers: int, prob: Fraction, out: dict, shops: dict, order: tuple):
    """Every way the later pickers take `pickers` tiles from `tiles`: (leftover tile, shops) -> probability."""
    if pickers == 0 or len(tiles) == 1:
        key = (tiles[0], tuple(sorted(shops.items())))
        out[key] = out.get(key, 0) + prob
        return
    weights = [Fraction(1) if p.settings.opponent_pick == "uniform" else p.weight(t[0]) for t in tiles]
    total = sum(weights)
    owner = order[0]
    for i, t in enumerate(tiles):
        after, _ = r.open_shop(p.board, shops, t[0], owner)
        _later_picks(p, tiles[:i] + tiles[i + 1:], pickers - 1, prob * weights[i] / total, out, after, order[1:])


def later_owners(p: Position) -> tuple:
    """The opponents who pick after me this round, clockwise (the opponents list is clockwise from me)."""
    return p.opponents[:p.later_pickers]


def leftover(p: Position, my_pick) -> dict:
    """(leftover tile, shops after this round's picks) -> probability, after I take `my_pick` from the column."""
    tiles = list(p.left)
    tiles.remove(my_pick)
    shops, _ = r.open_shop(p.board, dict(p.shops), my_pick[0], p.me)
    out: dict = {}
    _later_picks(p, tuple(tiles), p.later_pickers, Fraction(1), out, shops, later_owners(p))
    return out


def leftover_by_stop(p: Position, my_pick) -> dict:
    out: dict = {}
    for (tile, _), prob in leftover(p, my_pick).items():
        out[tile[0]] = out.get(tile[0], 0) + prob
    return out


def slot_tour(slots: tuple, colour: str, full_slots_rule: str) -> bool:
    """Whether a leftover of `colour` onto `slots` makes a big tour of its line."""
    return colour in slots or (full_slots_rule == "fifth_tours" and len(slots) == r.SLOTS - 1)


def round_points(p: Position, my_pick) -> tuple[dict, Fraction]:
    """({owner: expected points of this round's small tour and big tour}, P(a big tour)) when I take `my_pick`."""
    expected: dict = {o: Fraction(0) for o in (p.me, *p.opponents)}
    tour = Fraction(0)
    s = p.settings
    for (tile, shops), prob in leftover(p, my_pick).items():
        shops = dict(shops)
        points = dict(r.small_tour(p.board, shops, tile[0], s.nearest_tie))
        if slot_tour(p.discard_slots, tile[1], s.full_slots_rule):
            tour += prob
            for o, n in r.big_tour(p.board, shops, tile[1], s.double_owner_adjacent).items():
                points[o] = points.get(o, 0) + n
        for o, n in points.items():
            expected[o] += prob * n
    return expected, tour


def big_tour_odds(unseen: dict, slots: tuple, full_slots_rule: str) -> dict:
    """colour -> P(the next leftover makes a big tour of that line), uniform picks: the leftover is a uniform draw
    from the unseen pool."""
    total = sum(unseen.values())
    out = {}
    for colour in r.LINE_COLOURS:
        if slot_tour(slots, colour, full_slots_rule):
            out[colour] = Fraction(sum(n for (_, c), n in unseen.items() if c == colour), total)
    return out


def bonus_posterior(p: Position) -> tuple[dict, int]:
    """({opponent: {colour: P(his bonus marker)}}, the number of assignments): uniform prior over the assignments
    of the markers I have not seen to the opponents; each of his shops weighs 1 on his marker's line, else
    bonus_epsilon."""
    hidden = [c for c in r.LINE_COLOURS if c not in (p.marker, p.open_marker)]
    shops = [(stop, o) for stop, owners in p.shops for o in owners]
    eps = p.settings.bonus_epsilon
    weights = {}
    for assignment in permutations(hidden, len(p.opponents)):
        w = Fraction(1)
        for stop, o in shops:
            if o in p.opponents and assignment[p.opponents.index(o)] not in p.board.lines_of(stop):
                w *= eps
        weights[assignment] = w
    total = sum(weights.values())
    out = {o: {c: Fraction(0) for c in hidden} for o in p.opponents}
    for assignment, w in weights.items():
        for o, c in zip(p.opponents, assignment):
            out[o][c] += w / total
    return out, len(weights)
