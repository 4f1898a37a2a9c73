"""Every reference figure of the Himalaya spec from exact.py, and each setting that changes a refill in its
readings (occupied_means, short_bag)."""
import random
from fractions import Fraction
from math import comb

import pytest

from analyzer.games.himalaya import exact
from analyzer.games.himalaya import reference as ref
from analyzer.games.himalaya import rules as r

S = r.Settings()
OCCUPIED = frozenset({2, 3, 4, 5, 6, 12, 15, 18, 19})


def test_a_single_placement_is_one_plus_the_occupied_run_below_over_20():
    assert exact.single_placement(OCCUPIED, 7) == Fraction(3, 10)
    assert exact.single_placement(OCCUPIED, 20) == Fraction(3, 20)
    marg = exact.marginals(exact.refill_law(OCCUPIED, frozenset(), 1, 0, S))
    assert all(marg[v][0] == exact.single_placement(OCCUPIED, v) for v in range(1, 21))


def test_one_goods_then_two_tasks_puts_a_task_in_village_8_with_249_over_2000():
    law = exact.refill_law(frozenset({2, 3, 12, 18}), frozenset({4, 5, 15}), 1, 2, S)
    assert sum(law.values()) == 1
    assert exact.marginals(law)[8] == (Fraction(1, 20), Fraction(249, 2000))
    assert sum(exact.goods_law(law).values()) == 1


def test_a_fresh_village_shows_gold_with_156217_over_227563():
    odds = exact.bag_odds({c: 12 for c in r.COLOURS})
    assert odds["gold"][0] == 1 - Fraction(comb(48, 5), comb(60, 5)) == Fraction(156217, 227563)
    assert sum(low for _, low in odds.values()) == 1
    assert odds["salt"][1] == odds["salt"][0]  # any salt is the lowest
    assert odds["gold"][1] == Fraction(1, comb(60, 5)) * comb(12, 5)


def test_occupied_means_goods_only_lets_goods_land_on_a_task_village():
    tasks = frozenset({4})
    default = exact.marginals(exact.refill_law(frozenset(), tasks, 1, 0, S))
    only = exact.marginals(exact.refill_law(frozenset(), tasks, 1, 0, r.Settings(occupied_means="goods_only")))
    assert default[4][0] == 0 and default[5][0] == Fraction(2, 20)
    assert only[4][0] == only[5][0] == Fraction(1, 20)


def test_short_bag_places_what_is_left_or_nothing():
    assert exact.goods_placements(3, 12, "place_what_is_left") == 3
    assert exact.goods_placements(3, 12, "no_placement") == 2
    assert exact.goods_placements(2, 0, "place_what_is_left") == 0
    assert exact.bag_odds({"salt": 2, "gold": 1}, 5)["gold"] == (1, 0)


def test_the_inventory_over_unknown_cubes_is_hypergeometric():
    # p2 has 2 unknown cubes from a pool of 2 jade and 2 salt; I hold 2 jade, p2 1 jade known
    law = exact.inventory_odds({"jade": 2}, [("p2", {"jade": 1}, 2)], {"jade": 2, "salt": 2})["jade"]
    assert law == {"me": Fraction(1, 6), None: Fraction(2, 3), "p2": Fraction(1, 6)}
    untracked = exact.inventory_odds({"tea": 1}, [("p2", {}, None), ("p3", {}, None)], {"tea": 2})["tea"]
    assert untracked == {None: Fraction(1, 2), "p2": Fraction(1, 4), "p3": Fraction(1, 4)}


# -- the refill law: one occupancy mask a state, numpy over the states ------------------------------------------

def old_refill_law(goods, tasks, n_goods, n_tasks, settings):
    """The former dict DP keyed by (skip mask, new goods mask, new task mask), kept as the reference (small cases:
    its states explode past 5 placements)."""
    full = (1 << r.VILLAGES) - 1

    def place(law, placements, kind):
        for _ in range(placements):
            nxt = {}
            for key, ways in law.items():
                skip = key[0]
                if skip == full:
                    nxt[key] = nxt.get(key, 0) + ways * r.DIE
                    continue
                for roll in range(r.DIE):
                    v = roll
                    while skip >> v & 1:
                        v = (v + 1) % r.VILLAGES
                    bit = 1 << v
                    new = (skip | bit, key[1] | bit, key[2]) if kind == 0 else (skip | bit, key[1], key[2] | bit)
                    nxt[new] = nxt.get(new, 0) + ways
            law = nxt
        return law

    def mask(villages):
        return sum(1 << (v - 1) for v in villages)

    def villages(m):
        return frozenset(v for v in range(1, r.VILLAGES + 1) if m >> (v - 1) & 1)

    g, t = mask(goods), mask(tasks)
    skip = g | t if settings.occupied_means == "goods_or_task" else g
    start = {}
    for (_, ng, _), ways in place({(skip, 0, 0): 1}, n_goods, 0).items():
        start[g | t | ng, ng, 0] = start.get((g | t | ng, ng, 0), 0) + ways
    every, out = r.DIE ** (n_goods + n_tasks), {}
    for (_, ng, nt), ways in place(start, n_tasks, 1).items():
        key = (villages(ng), villages(nt))
        out[key] = out.get(key, 0) + Fraction(ways, every)
    return out


READINGS = [r.Settings(), r.Settings(occupied_means="goods_only")]


def random_board(rng, settings, most=14):
    """Goods and task villages (disjoint; goods_only may also overlap) and refill counts that fit the board."""
    spots = rng.sample(range(1, 21), rng.randint(0, most))
    cut = rng.randint(0, len(spots))
    goods, tasks = frozenset(spots[:cut]), frozenset(spots[cut:])
    if settings.occupied_means == "goods_only" and rng.random() < 0.3:
        tasks |= set(rng.sample(sorted(goods), min(2, len(goods))))  # goods beside a task on one village
    return goods, tasks


def goods_set_order(law):
    return [s for s, _ in sorted(law.items(), key=lambda kv: (-kv[1], sorted(kv[0])))]


@pytest.mark.parametrize("settings", READINGS, ids=lambda s: s.occupied_means)
def test_the_mask_dp_equals_the_former_dict_dp_on_random_boards(settings):
    rng = random.Random(32)
    for _ in range(25):
        goods, tasks = random_board(rng, settings)
        n_goods, n_tasks = rng.randint(0, 3), rng.randint(0, 2)
        want = old_refill_law(goods, tasks, n_goods, n_tasks, settings)
        assert exact.refill_law(goods, tasks, n_goods, n_tasks, settings) == want
        marg, law, count = exact.refill_odds(goods, tasks, n_goods, n_tasks, settings)
        assert marg == exact.marginals(want) and law == exact.goods_law(want) and count == len(law)
        assert list(law) == goods_set_order(law)  # likeliest first, ties by the sorted villages
        top = exact.refill_odds(goods, tasks, n_goods, n_tasks, settings, 3)[1]
        assert list(top.items()) == list(law.items())[:3]


@pytest.mark.parametrize("settings", READINGS, ids=lambda s: s.occupied_means)
def test_the_mask_dp_equals_every_roll_stepped_on_random_boards(settings):
    rng = random.Random(2004)
    for _ in range(12):
        goods, tasks = random_board(rng, settings)
        n_goods, n_tasks = rng.randint(0, 2), rng.randint(0, 2)
        want = ref.refill_law(goods, tasks, n_goods, n_tasks, settings.occupied_means == "goods_or_task")
        marg, law, _ = exact.refill_odds(goods, tasks, n_goods, n_tasks, settings)
        assert marg == ref.village_odds(want) and law == ref.goods_sets(want)


def test_goods_only_with_every_village_taken_places_nothing_more():
    goods, tasks = frozenset(range(1, 17)), frozenset(range(17, 21))
    settings = READINGS[1]
    for n_goods, n_tasks in ((3, 2), (5, 1)):
        want = old_refill_law(goods, tasks, n_goods, n_tasks, settings)
        marg, law, _ = exact.refill_odds(goods, tasks, n_goods, n_tasks, settings)
        assert marg == exact.marginals(want) and law == exact.goods_law(want)
        assert all(t == 0 for _, t in marg.values())  # the goods fill 17-20 first: no room for a task


@pytest.mark.parametrize("settings", READINGS, ids=lambda s: s.occupied_means)
def test_a_whole_setup_refill_of_10_placements_sums_to_its_placements(settings):
    marg, law, count = exact.refill_odds(frozenset(), frozenset(), 5, 5, settings, 20)
    assert sum(g for g, _ in marg.values()) == sum(t for _, t in marg.values()) == 5
    assert all(g == t == Fraction(1, 4) for g, t in marg.values())  # the empty board is symmetric
    assert count == comb(20, 5) and len(law) == 20 and list(law.values())[0] == Fraction(81, 200000)
    rng = random.Random(10)
    for _ in range(4):  # a board with 5 + 5 still to place: every placement lands somewhere
        goods, tasks = random_board(rng, r.Settings(), most=10)
        n_goods, n_tasks = 5, 5
        marg, _, _ = exact.refill_odds(goods, tasks, n_goods, n_tasks, settings, 1)
        assert sum(g for g, _ in marg.values()) == n_goods and sum(t for _, t in marg.values()) == n_tasks
        assert all(marg[v][0] == 0 for v in goods) and all(marg[v][1] == 0 for v in goods | tasks)
