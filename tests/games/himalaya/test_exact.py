"""Every reference figure of the Himalaya spec from exact.py, and each setting that changes a refill in its
readings (occupied_means, short_bag)."""
from fractions import Fraction
from math import comb

from analyzer.games.himalaya import exact
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
