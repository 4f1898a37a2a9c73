"""Oltre Mare's exact answers: every reference figure of the rules spec as a Fraction, each setting that prices
a buy in every reading, the lion's timing, the cargo orders and their tie-breaks, and the Monte Carlo (seeded,
small) inside its 95% interval of the exact values."""
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.oltre_mare import exact, sim
from analyzer.games.oltre_mare import rules as r

DEFAULT = r.Settings()
GOOD_TERMS_DEBT = r.Settings(good_terms_debt=True)
ZERO = r.Settings(debt_rule="zero_or_below")
POOL = {"gems": 6, "scrolls": 7, "silk": 8, "salt": 10, "ceramics": 12, "olives": 13, "grain": 14}  # 70


def test_two_ducats_three_buys_cost_3_4_4_eleven_spent_minus_9_left():
    assert exact.buy_steps(2, 3, False, DEFAULT) == ((3, -1), (4, -5), (4, -9))


def test_good_terms_cost_1_2_3_six_ending_minus_4_and_with_good_terms_debt_the_surcharge_on_top():
    assert exact.buy_steps(2, 3, True, DEFAULT) == ((1, 1), (2, -1), (3, -4))
    assert exact.buy_steps(2, 3, True, GOOD_TERMS_DEBT) == ((1, 1), (2, -1), (4, -5))
    assert exact.buy_steps(2, 3, False, GOOD_TERMS_DEBT) == ((3, -1), (4, -5), (4, -9))  # no token: as without


def test_debt_rule_below_zero_charges_3_at_zero_and_zero_or_below_charges_4():
    assert exact.buy_steps(0, 2, False, DEFAULT) == ((3, -3), (4, -7))
    assert exact.buy_steps(0, 2, False, ZERO) == ((4, -4), (4, -8))
    assert exact.buy_steps(3, 2, False, ZERO) == ((3, 0), (4, -4))
    assert exact.buy_steps(0, 1, True, r.Settings(debt_rule="zero_or_below", good_terms_debt=True)) == ((2, -2),)


def test_at_most_four_buys_a_turn():
    assert len(exact.buy_steps(11, 4, False, DEFAULT)) == 4
    with pytest.raises(ValueError):
        exact.buy_steps(11, 5, False, DEFAULT)


def test_three_buys_from_70_holding_6_gems_give_at_least_one_gem_with_467_over_1955():
    assert exact.at_least(POOL, "gems", 3, 1) == Fraction(467, 1955) == 1 - Fraction(comb(64, 3), comb(70, 3))
    odds = exact.goods_odds(POOL, 3)
    assert set(odds) == {(g, j) for g in POOL for j in (1, 2, 3)}
    assert odds["gems", 3] == Fraction(comb(6, 3), comb(70, 3)) and exact.at_least(POOL, "gems", 3, 4) == 0
    assert exact.at_least({"gems": 2}, "gems", 2, 2) == 1


def test_four_players_36_drawn_7_more_draws_bring_the_lion_with_7_over_8():
    depths = r.lion_depths("uniform_mid_pm5", 4)
    assert exact.lion_chance(depths, 36, {7: Fraction(1)}) == Fraction(7, 8)
    assert exact.lion_alive(depths, 36) == Fraction(8, 11)
    assert exact.lion_chance(depths, 36, {0: Fraction(1)}) == 0 and exact.lion_chance(depths, 43, {1: 1}) == 1
    with pytest.raises(ValueError):
        exact.lion_chance(depths, 44, {1: 1})


def test_the_opponents_draws_convolve_and_the_lion_averages_over_them():
    x = exact.convolve([{0: 1, 1: 1, 2: 1, 3: 1}] * 2)
    assert x == {s: Fraction(4 - abs(s - 3), 16) for s in range(7)}
    depths = r.lion_depths("uniform_mid_pm5", 4)
    assert exact.lion_chance(depths, 36, x) == sum(p * Fraction(min(s, 8), 8) for s, p in x.items())
    assert exact.convolve([{2: 1}, {0: 1, 4: 3}]) == {2: Fraction(1, 4), 6: Fraction(3, 4)}


def test_runs_score_their_table_the_top_run_waits_at_the_lion_and_a_long_run_scores_its_maximum():
    table = r.ILLUSTRATIVE_RUN_TABLE
    assert exact.runs(["olives", "olives", "grain", "olives"]) == [("olives", 2), ("grain", 1), ("olives", 1)]
    assert exact.cargo_scores(["olives", "olives", "grain"], table) == (3, 4)
    assert exact.cargo_scores(["gems"] * 4, table) == (0, 5)
    assert exact.cargo_scores(["gems"] * 4 + ["salt"], table) == (5, 6)
    assert exact.cargo_scores([], table) == (0, 0)


def test_the_best_cargo_order_and_every_tie_break():
    table = r.ILLUSTRATIVE_RUN_TABLE
    rows = exact.cargo_orders(["grain", "olives", "olives"], [("salt", 4), ("olives", 3), ("salt", 5)], table, True)
    assert len(rows) == 6
    best = rows[0]
    assert best["order"] == (("salt", 4), ("salt", 5), ("olives", 3)) and (best["lion"], best["end"]) == (7, 8)
    assert (rows[1]["order"], rows[1]["lion"]) == ((("salt", 5), ("salt", 4), ("olives", 3)), 7)  # listed later
    assert [(x["lion"], x["end"], x["power"]) for x in rows[2:4]] == [(6, 9, 5), (6, 9, 4)]  # higher power first
    after = exact.cargo_orders(["grain", "olives", "olives"], [("salt", 4), ("olives", 3), ("salt", 5)], table,
                               False)
    assert (after[0]["end"], after[0]["power"]) == (9, 5) and after[0]["bales"] == 2  # the lion has scored
    same = exact.cargo_orders([], [("silk", 5), ("silk", 5)], table, True)
    assert len(same) == 1 and (same[0]["lion"], same[0]["end"]) == (0, 3)  # identical cards: one order
    assert len(exact.cargo_orders([], [("salt", 3), ("silk", 4), ("gems", 6), ("grain", 5)], table, True)) == 24


def test_the_monte_carlo_falls_inside_its_95_percent_interval_of_the_exact_values():
    rng = np.random.default_rng(5)
    counts = sim.goods_counts(POOL, 3, 20_000, rng)
    for g, j in (("gems", 1), ("grain", 2), ("olives", 1)):
        lo, hi = stats.wilson(int((counts[g] >= j).sum()), 20_000)
        assert lo <= float(exact.at_least(POOL, g, 3, j)) <= hi
    depths, x = r.lion_depths("uniform_mid_pm5", 4), exact.convolve([{0: 1, 1: 1, 2: 1, 3: 1}] * 3)
    alive, hits = sim.lion_hits(depths, 36, x, 20_000, rng)
    lo, hi = stats.wilson(hits, alive)
    assert lo <= float(exact.lion_chance(depths, 36, x)) <= hi
