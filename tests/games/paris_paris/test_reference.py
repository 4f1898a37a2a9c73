"""exact.py, rules.py's tours (and analysis.py's answers) held equal to the brute-force reference: on random
positions mixing every setting reading, on random pools, maps and shops, and on the spec's reference figures the
reference reproduces alone."""
import random
from fractions import Fraction
from math import comb

import pytest

from analyzer.games.paris_paris import exact, state
from analyzer.games.paris_paris import reference as ref
from analyzer.games.paris_paris import rules as r


def uniform(pickers):
    return [lambda tile: 1] * pickers


# -- the reference alone reproduces the spec's figures ---------------------------------------------------------

def test_the_reference_reproduces_the_spec_figures():
    one, _ = ref.appearance_odds({("S", "blue"): 4, ("T", "red"): 56}, "S", 5)
    assert one == 1 - Fraction(comb(56, 5), comb(60, 5)) == Fraction(9772, 32509)
    column = [("S", "blue"), ("S", "red"), ("A", "green"), ("B", "green"), ("C", "green")]
    column.remove(("C", "green"))  # I pick first and take a non-S tile; the other 3 pick uniformly
    assert ref.stop_leftover(column, uniform(3), "S") == Fraction(1, 2)
    pool = {("a", "blue"): 8, ("b", "red"): 7, ("c", "green"): 25}
    assert sum(ref.big_tour_odds(pool, 4, ("blue", "red"), "fifth_tours").values()) == Fraction(3, 8)
    full = ("blue", "red", "yellow", "brown")
    assert sum(ref.big_tour_odds(pool, 4, full, "fifth_tours").values()) == 1
    assert sum(ref.big_tour_odds(pool, 4, full, "redundant").values()) == Fraction(15, 40)


def test_the_reference_counts_24_12_and_3_marker_assignments():
    for markers, opponents, n in ((4, 3, 24), (4, 2, 12), (3, 1, 3)):
        seen = []
        post = ref.marker_posterior(r.LINE_COLOURS[:markers], list(range(opponents)),
                                    lambda o, c: seen.append((o, c)) or 0, Fraction(1, 3))
        assert len(seen) == n * opponents
        assert all(x == Fraction(1, markers) for x in post.values())


# -- random positions through the whole chain (parse, analysis, exact) -----------------------------------------

@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) > 16 * 4
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_and_every_question():
    rng = random.Random(0)
    mixes, seen = set(), set()
    for i in range(16):
        p = state.parse_position(ref.random_scenario(rng, i))
        s = p.settings
        mixes.add(tuple(getattr(s, name) for name in ref.READINGS))
        seen |= {("players", p.players), ("tile_colour", s.tile_colour), ("map", "map" in s.illustrative),
                 ("slots", len(p.discard_slots)), ("picked", bool(p.picked)), ("weights", p.weights_given)}
        seen |= {("question", q) for q in state.questions(p)}
    assert len(mixes) == 16
    assert {("players", n) for n in (2, 3, 4)} <= seen
    assert {("tile_colour", "typed"), ("tile_colour", "adjacency_line"), ("map", True), ("map", False)} <= seen
    assert {("slots", 4), ("slots", 5), ("picked", True), ("picked", False), ("weights", True)} <= seen
    assert {("question", q) for q in ("odds", "leftover", "big_tour", "bonus")} <= seen


# -- exact.py's and rules.py's functions against the reference on random inputs ----------------------------------

def random_pool(rng: random.Random) -> dict:
    tiles = [(f"S{rng.randrange(6)}", rng.choice(r.LINE_COLOURS)) for _ in range(rng.randrange(1, 8))]
    return {tile: rng.randrange(1, 5) for tile in tiles}


def test_appearance_equals_the_tile_by_tile_draws_on_random_pools():
    rng = random.Random(1)
    for _ in range(60):
        pool = random_pool(rng)
        size = rng.randrange(1, min(5, sum(pool.values())) + 1)
        got = exact.appearance(pool, size)
        for stop in {s for s, _ in pool}:
            assert got[stop] == ref.appearance_odds(pool, stop, size), (pool, size, stop)


@pytest.mark.parametrize("rule", ["fifth_tours", "redundant"])
def test_the_next_big_tour_equals_the_drawn_column_and_every_removal_order(rule):
    rng = random.Random(2)
    for _ in range(25):
        pool = random_pool(rng)
        players = rng.randrange(2, 5)
        if sum(pool.values()) < players + 1:
            continue
        slots = tuple(rng.sample(r.LINE_COLOURS, rng.choice((0, 1, 2, 4, 5))))
        got = {c: x for c, x in exact.big_tour_odds(pool, slots, rule).items() if x}
        assert got == ref.big_tour_odds(pool, players, slots, rule), (pool, players, slots)


def random_board(rng: random.Random):
    if rng.random() < 0.3:
        return r.ILLUSTRATIVE_MAP
    return r.parse_settings({"map": ref.random_map(rng)}).map


def random_shops(rng: random.Random, board) -> dict:
    owners = r.PLAYER_COLOURS[:rng.randrange(1, 5)]
    return {stop: tuple(rng.choice(owners) for _ in range(rng.randrange(1, board.capacity(stop) + 1)))
            for stop in rng.sample(board.stops, rng.randrange(len(board.stops) + 1))}


@pytest.mark.parametrize("nearest_tie", ["global", "per_line"])
def test_the_small_tour_equals_the_line_walk_on_random_maps_and_shops(nearest_tie):
    rng = random.Random(3)
    for _ in range(80):
        board = random_board(rng)
        shops = random_shops(rng, board)
        lines = {c: list(s) for c, s in board.lines}
        for stop in board.stops:
            assert r.small_tour(board, shops, stop, nearest_tie) == ref.small_tour(lines, shops, stop, nearest_tie), (
                lines, shops, stop)


@pytest.mark.parametrize("double_owner_adjacent", ["once", "per_shop"])
def test_the_big_tour_equals_the_crossing_by_crossing_count_on_random_maps_and_shops(double_owner_adjacent):
    rng = random.Random(4)
    for _ in range(80):
        board = random_board(rng)
        shops = random_shops(rng, board)
        lines = {c: list(s) for c, s in board.lines}
        for colour in r.LINE_COLOURS:
            got = r.big_tour(board, shops, colour, double_owner_adjacent)
            assert got == ref.big_tour(lines, shops, colour, double_owner_adjacent), (lines, shops, colour)


def test_opening_a_shop_equals_the_reference_on_random_maps_and_shops():
    rng = random.Random(5)
    for _ in range(80):
        board = random_board(rng)
        shops = random_shops(rng, board)
        lines = {c: list(s) for c, s in board.lines}
        for stop in board.stops:
            owner = rng.choice(r.PLAYER_COLOURS)
            got, _ = r.open_shop(board, shops, stop, owner)
            want = ref.open_shop(lines, shops, stop, owner)
            assert {s: tuple(o) for s, o in got.items() if o} == {s: tuple(o) for s, o in want.items() if o}


def test_uniform_removals_leave_a_uniform_survivor_as_the_spec_says():
    rng = random.Random(6)
    for _ in range(30):
        column = [(rng.choice("ABC"), rng.choice(r.LINE_COLOURS[:2])) for _ in range(rng.randrange(2, 6))]
        odds = ref.leftover_odds(column, uniform(len(column) - 1))
        assert odds == {tile: Fraction(column.count(tile), len(column)) for tile in set(column)}, column
