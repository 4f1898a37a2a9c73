"""exact.py (and the answers through analysis.py) held equal to the brute-force reference: on random inputs in
every setting reading, on exhaustive small inputs, and on the spec's reference figures the reference reproduces
alone."""
import random
from fractions import Fraction
from itertools import product

import pytest

from analyzer.games.himalaya import exact
from analyzer.games.himalaya import reference as ref
from analyzer.games.himalaya import rules as r
from analyzer.games.himalaya.rules import Settings

OCCUPIED = [Settings(occupied_means=reading) for reading in ("goods_or_task", "goods_only")]


def as_sets(law: dict) -> dict:
    """The reference's ordered landings merged into exact.py's (goods set, tasks set) keys."""
    out: dict = {}
    for (goods, tasks), p in law.items():
        key = (frozenset(goods), frozenset(tasks))
        out[key] = out.get(key, 0) + p
    return out


def random_villages(rng, occupied: int):
    """Disjoint goods and task villages, `occupied` of them in all."""
    villages = rng.sample(range(1, 21), occupied)
    cut = rng.randrange(occupied + 1)
    return frozenset(villages[:cut]), frozenset(villages[cut:])


# -- the reference alone reproduces the spec's figures ---------------------------------------------------------

def test_the_reference_reproduces_the_spec_figures():
    blocked = {2, 3, 4, 5, 6, 12, 15, 18, 19}
    one = ref.village_odds(ref.refill_law(blocked, set(), 1, 0))
    assert one[7][0] == ref.single_placement(blocked, 7) == Fraction(3, 10)
    assert one[20][0] == ref.single_placement(blocked, 20) == Fraction(3, 20)
    law = ref.refill_law({2, 3, 12, 18}, {4, 5, 15}, 1, 2)
    assert ref.village_odds(law)[8][1] == Fraction(249, 2000)
    assert sum(law.values()) == 1
    fresh = ref.draw_law(dict.fromkeys(ref.COLOURS, 12))
    assert ref.shows(fresh, "gold") == Fraction(156217, 227563)
    assert ref.landing(20, {20, 1}) == 2  # the seed's example: 20 and 1 full -> 2


def test_the_spec_closed_form_equals_the_stepped_rolls_for_one_placement():
    rng = random.Random(5)
    for _ in range(200):
        blocked = set(rng.sample(range(1, 21), rng.randrange(20)))
        stepped = ref.village_odds(ref.refill_law(blocked, set(), 1, 0))
        for v in range(1, 21):
            assert ref.single_placement(blocked, v) == stepped[v][0], (blocked, v)


# -- exact.py against the reference, exhaustive or random --------------------------------------------------------

def test_landing_equals_the_reference_for_every_roll_on_random_boards():
    rng = random.Random(0)
    for _ in range(300):
        blocked = frozenset(rng.sample(range(1, 21), rng.randrange(20)))
        for roll in range(1, 21):
            assert r.landing(blocked, roll) == ref.landing(roll, blocked), (blocked, roll)
    assert r.landing(frozenset(range(1, 21)), 7) is None


def test_single_placement_equals_the_reference_on_random_boards():
    rng = random.Random(1)
    for _ in range(300):
        blocked = frozenset(rng.sample(range(1, 21), rng.randrange(20)))
        v = rng.randrange(1, 21)
        assert exact.single_placement(blocked, v) == ref.single_placement(blocked, v), (blocked, v)


@pytest.mark.parametrize("settings", OCCUPIED, ids=lambda s: s.occupied_means)
def test_the_refill_law_equals_every_roll_stepped_on_random_boards(settings):
    rng = random.Random(2)
    tasks_block = settings.occupied_means == "goods_or_task"
    for _ in range(20):
        goods, tasks = random_villages(rng, rng.randrange(4, 11))
        n_goods = rng.randrange(4)
        n_tasks = rng.randrange(4 - n_goods)  # at most 3 placements: the reference steps every roll
        want = ref.refill_law(goods, tasks, n_goods, n_tasks, tasks_block)
        got = exact.refill_law(goods, tasks, n_goods, n_tasks, settings)
        assert got == as_sets(want), (goods, tasks, n_goods, n_tasks)
        assert exact.marginals(got) == ref.village_odds(want)
        assert exact.goods_law(got) == ref.goods_sets(want)


def test_a_refill_to_five_of_each_equals_the_reference():
    goods, tasks = frozenset({2, 3, 12, 18}), frozenset({4, 5, 15, 16})
    for settings in OCCUPIED:
        want = ref.refill_law(goods, tasks, 1, 2, settings.occupied_means == "goods_or_task")
        got = exact.refill_law(goods, tasks, 1, 2, settings)
        assert got == as_sets(want) and sum(got.values()) == 1


@pytest.mark.slow
def test_five_placements_state_pys_cap_equal_every_roll_stepped():
    """3 goods then 2 tasks in each reading, on boards leaving some 50 000 roll paths to step."""
    goods, tasks = frozenset({2, 19}), frozenset({3, 4, 8, 11, 15, 16, 20})
    want = ref.refill_law(goods, tasks, 3, 2, tasks_block_goods=True)
    assert exact.refill_law(goods, tasks, 3, 2, OCCUPIED[0]) == as_sets(want)
    goods, tasks = frozenset(range(1, 10)), frozenset({10, 11})  # goods_only: goods skip only the 9 goods villages
    want = ref.refill_law(goods, tasks, 3, 2, tasks_block_goods=False)
    assert exact.refill_law(goods, tasks, 3, 2, OCCUPIED[1]) == as_sets(want)


def test_bag_odds_equal_the_ordered_draw_count_on_random_bags():
    rng = random.Random(3)
    for i in range(60):
        bag = {c: rng.randrange(0, 6 if i % 3 else 13) for c in ref.COLOURS}
        bag[rng.choice(ref.COLOURS)] += 1
        draw = rng.randrange(1, 6)
        law = ref.draw_law(bag, draw)
        lowest = ref.lowest(law)
        got = exact.bag_odds(bag, draw)
        for c in ref.COLOURS:
            assert got[c] == (ref.shows(law, c), lowest.get(c, Fraction(0))), (bag, draw, c)


def test_a_later_placement_of_the_same_refill_draws_like_the_first_while_the_bag_lasts():
    """Why one bag answer serves every goods placement of a refill: the second village's cubes, drawn after the
    first's, follow the same law (exchangeability), until the bag runs short."""
    bag = {"salt": 5, "tea": 4, "gold": 3}  # 12 cubes
    assert ref.placement_law(bag, 2) == ref.draw_law(bag)
    short = ref.placement_law(bag, 3)  # the third finds 2 cubes
    assert {len(drawn) for drawn in short} == {2} and short == ref.draw_law(bag, 2)


def test_inventory_odds_equal_every_draw_and_owner_stepped_on_random_holdings():
    rng = random.Random(4)
    for _ in range(40):
        names = [f"p{k}" for k in range(2, rng.choice((3, 4)) + 1)]
        pool = {c: rng.randrange(4) for c in ref.COLOURS}
        mine = {c: rng.randrange(3) for c in ref.COLOURS}
        opponents, budget = [], sum(pool.values())
        for name in names:
            unknown = None if rng.random() < 0.3 else rng.randrange(min(budget, 3) + 1)
            budget -= unknown or 0
            opponents.append((name, {c: rng.randrange(3) for c in ref.COLOURS}, unknown))
        if all(k is not None for _, _, k in opponents):  # every pool cube is somebody's
            name, known, k = opponents[-1]
            opponents[-1] = (name, known, k + budget)
        got = exact.inventory_odds(mine, opponents, pool)
        for c in ref.COLOURS:
            want = ref.inventory_law(mine[c], [(n, known[c], k) for n, known, k in opponents], pool[c],
                                     sum(pool.values()) - pool[c])
            assert {w: p for w, p in got[c].items() if p} == want, (mine, opponents, pool, c)


def test_the_inventory_winner_equals_the_strict_most_exhaustively():
    for n in (3, 4):
        for counts in product(range(4), repeat=n):
            table = dict(zip(["me", "p2", "p3", "p4"], counts))
            assert r.inventory_winner(table) == ref.strict_winner(table), counts


@pytest.mark.parametrize("reading", ["two_of_three", "sum_two"])
def test_the_three_player_winner_equals_the_reference_on_random_points(reading):
    rng = random.Random(6)
    for _ in range(3000):
        points = {who: tuple(rng.randrange(4) for _ in range(3)) for who in ("me", "p2", "p3")}
        assert r.three_player_winner(points, reading) == ref.three_player_winner(points, reading), points


# -- random positions: every question, every reading ---------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) >= 16 * 3
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_a_short_bag_a_shared_village_and_hidden_holdings():
    rng = random.Random(0)
    seen, short, corners = set(), set(), set()
    for i in range(16):
        data = ref.random_scenario(rng, i)
        rules, position = data["rules"], data["position"]
        seen.add((rules["occupied_means"], rules["short_bag"], "resources_per_colour" in rules, rules["three_player"]))
        goods = sum(1 for block in position["villages"].values() if "goods" in block)
        if goods < 5 and sum(position["bag"].values()) < 5 * (5 - goods):
            short.add(rules["short_bag"])
        corners |= {"shared" for block in position["villages"].values() if len(block) == 2}
        corners |= {"untracked" if h == "untracked" else "unknown" for h in position["holdings"].values()
                    if h == "untracked" or h.get("unknown")}
    assert len(seen) == 16
    assert short == {"place_what_is_left", "no_placement"}
    assert corners == {"shared", "untracked", "unknown"}
