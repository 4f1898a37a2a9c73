"""Caylus's exact answers (spec "What the analyzer is asked", 1-2): the deterministic calculators (worker cost,
the provost's reach, castle batches, section scoring, the end bonus) in whole numbers, and the neutral layout and
start-money odds in Fractions by counting orders.  reference.py computes each another way and
`reference.reference_agrees` holds the two equal.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

from analyzer.games.caylus import rules as r
from analyzer.games.caylus.rules import Settings


# -- the worker cost -------------------------------------------------------------------------------------------

def track_value(passed: int, settings: Settings) -> int:
    """The passing track's lowest free value with `passed` players passed."""
    if settings.passing_track_values == "two_after_first_pass":
        return 1 if passed == 0 else 2
    return 1 + passed


def worker_cost(passed: int, players: int, own: bool, at_inn: bool, settings: Settings) -> int:
    """What my next worker costs: 1 while my worker holds the inn (sixth_special_hold) or on my own building; with
    2 players once the other passed 3 elsewhere (two_player_pass_cost seed reading); else the track's value."""
    if (at_inn and settings.sixth_special_hold) or own:
        return r.OWN_BUILDING_COST
    if players == 2 and passed and settings.two_player_pass_cost == "seed_1_own_3_else":
        return r.TWO_PLAYER_ELSEWHERE
    return track_value(passed, settings)


# -- the provost ----------------------------------------------------------------------------------------------

def provost_moves(provost: int, road_length: int | None) -> list[int]:
    """The spaces one bribe can put the provost on: 0-3 spaces either way, never before road space 1 nor past the
    road's end (when known)."""
    top = road_length if road_length is not None else provost + r.PROVOST_REACH
    return [s for s in range(provost - r.PROVOST_REACH, provost + r.PROVOST_REACH + 1) if 1 <= s <= top]


def cancelled(workers, provost: int) -> list[tuple[int, str]]:
    """The placed road workers ((space, colour), ...) whose buildings stay idle: those beyond the provost."""
    return sorted((space, colour) for space, colour in workers if space > provost)


# -- the castle -----------------------------------------------------------------------------------------------

def max_batches(cubes: dict) -> int:
    """The most batches (1 food + 2 different other cubes each) my cubes make: the largest k with k food and
    sum(min(c, k)) >= 2k over the other kinds."""
    others = [cubes.get(c, 0) for c in r.CUBES if c != "food"]
    k = cubes.get("food", 0)
    while k and sum(min(c, k) for c in others) < 2 * k:
        k -= 1
    return k


def least_gold(cubes: dict, k: int) -> int:
    """The fewest gold cubes k batches must spend (gold scores 3 at the end): at most one per batch."""
    plain = sum(min(cubes.get(c, 0), k) for c in r.CUBES if c not in ("food", "gold"))
    return max(0, 2 * k - plain)


def castle_room(section: int, filled: int, sizes) -> int:
    """Batches the castle still takes from section `section` (index) with `filled` spaces used there."""
    return sizes[section] - filled + sum(sizes[section + 1:])


def batch_points(section: int, filled: int, k: int, sizes) -> tuple[int, tuple[int, ...]]:
    """(points, batches per section) for k batches placed from `section` (index) with `filled` used: each into the
    current section, or the next once it is full (5/4/3 points)."""
    placed = [0] * len(r.SECTIONS)
    s, used = section, filled
    for _ in range(k):
        while s < len(sizes) and used >= sizes[s]:
            s, used = s + 1, 0
        if s == len(sizes):
            raise ValueError("the castle is full")
        placed[s] += 1
        used += 1
    return sum(n * pts for n, pts in zip(placed, r.CASTLE_POINTS)), tuple(placed)


def castle_favour(k: int, earlier, later) -> bool:
    """The most batches this round wins 1 favour, a tie going to the worker earlier in the castle."""
    return k > 0 and all(k > b for b in earlier) and all(k >= b for b in later)


# -- section scoring and the end bonus ------------------------------------------------------------------------

def section_score(section: str, houses: int) -> tuple[int, int]:
    """(points, favours) for a player with `houses` houses in the section that is scored."""
    penalty, steps = r.SECTION_TABLE[section]
    if houses == 0:
        return penalty, 0
    favours = max((f for h, f in steps if houses >= h), default=0)
    return 0, min(favours, r.FAVOUR_TRACKS)


def floor_points(points: int, delta: int) -> int:
    """Points never go below 0 (the seed's score floor)."""
    return max(0, points + delta)


def bailiff_step(provost: int, bailiff: int) -> int:
    return 2 if provost > bailiff else 1


def end_bonus(gold: int, other_cubes: int, deniers: int) -> int:
    """3 per gold, 1 per 3 other cubes, 1 per 4 deniers."""
    return r.GOLD_POINTS * gold + other_cubes // r.CUBES_PER_POINT + deniers // r.DENIERS_PER_POINT


# -- the odds -------------------------------------------------------------------------------------------------

def layouts(known) -> list[tuple[str, ...]]:
    """Every order of the 6 neutral buildings agreeing with `known` (a name or None per road space 1-6)."""
    return [order for order in permutations(r.NEUTRALS) if all(k is None or k == o for k, o in zip(known, order))]


def layout_odds(known) -> dict:
    """{'first_k': {(name, k): P(name on road space <= k)}, 'adjacent': {(a, b): P(a and b on neighbouring
    spaces)}}, each equally likely order agreeing with `known` counted once."""
    orders = layouts(known)
    n = len(orders)
    place = Counter()
    pairs = Counter()
    for order in orders:
        for i, name in enumerate(order):
            for k in range(i + 1, len(order) + 1):
                place[name, k] += 1
        for a, b in zip(order, order[1:]):
            pairs[tuple(sorted((a, b)))] += 1
    first = {(name, k): Fraction(place[name, k], n) for name in r.NEUTRALS for k in range(1, len(r.NEUTRALS) + 1)}
    adjacent = {(a, b): Fraction(pairs[a, b], n) for i, a in enumerate(sorted(r.NEUTRALS))
                for b in sorted(r.NEUTRALS)[i + 1:]}
    return {"first_k": first, "adjacent": adjacent}


def start_money_odds(players: int) -> dict[int, Fraction]:
    """P(a given player starts with d deniers) over the n! equally likely first-round orders."""
    money = Counter(r.start_money(players))
    return {d: Fraction(c, players) for d, c in sorted(money.items())}
