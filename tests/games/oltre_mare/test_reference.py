"""exact.py (and analysis.py's answers) held equal to the brute-force reference: on random positions mixing every
setting reading, on exhaustive small inputs, and on the spec's reference figures the reference reproduces alone."""
import random
from fractions import Fraction
from itertools import product

import pytest

from analyzer.games.oltre_mare import exact, state
from analyzer.games.oltre_mare import reference as ref
from analyzer.games.oltre_mare import rules as r
from analyzer.games.oltre_mare.rules import Settings

READINGS = [Settings(debt_rule=debt, good_terms_debt=flag)
            for debt in ("below_zero", "zero_or_below") for flag in (False, True)]


# -- the reference alone reproduces the spec's figures ---------------------------------------------------------

def test_the_reference_reproduces_the_spec_figures():
    assert ref.buy_steps(2, 3, False, "below_zero", False) == [(3, -1), (4, -5), (4, -9)]
    assert ref.buy_steps(2, 3, True, "below_zero", False) == [(1, 1), (2, -1), (3, -4)]
    assert ref.dense_majority((3, 2, 2, 0)) == [6, 3, 3, 1]
    assert ref.lion_chance(ref.depth_pmf("uniform_mid_pm5", 4), 36, [{7: 1}]) == Fraction(7, 8)
    assert ref.goods_odds({"gems": 6, "salt": 64}, 3)["gems", 1] == Fraction(467, 1955)
    table = dict(r.ILLUSTRATIVE_RUN_TABLE)
    assert ref.cargo_scores(["gems"] * 2, table)[1] == 5 and ref.cargo_scores(["gems"] * 4, table)[1] == 5
    assert ref.cargo_scores(["grain"] * 5, table)[1] == 12


# -- random positions through the whole chain (parse, analysis, exact) -----------------------------------------

@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) > 16 * 4
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_and_every_question():
    rng = random.Random(0)
    seen, asked = set(), set()
    for i in range(16):
        p = state.parse_position(ref.random_scenario(rng, i))
        s = p.settings
        seen.add((s.debt_rule, s.good_terms_debt, s.lion_depth == "uniform_mid_pm5",
                  s.run_table == r.ILLUSTRATIVE_RUN_TABLE))
        asked |= {(q, p.players) for q in state.questions(p)}
        asked |= {("good_terms", p.port_token == "good_terms"), ("buy_from", p.buy_from)}
    assert len(seen) == 16
    assert {q for q, _ in asked} >= {"odds", "lion", "ev", "good_terms", "buy_from"}
    assert {n for q, n in asked if q == "odds"} == {2, 3, 4, 5}
    assert ("good_terms", True) in asked and ("good_terms", False) in asked


# -- exact.py's functions against the reference, exhaustive or random --------------------------------------------

@pytest.mark.parametrize("settings", READINGS, ids=lambda s: f"{s.debt_rule}-{s.good_terms_debt}")
def test_buy_prices_equal_the_stepped_purse_for_every_purse_and_count(settings):
    for ducats, k, good_terms in product(range(-8, 13), range(5), (False, True)):
        assert list(exact.buy_steps(ducats, k, good_terms, settings)) == ref.buy_steps(
            ducats, k, good_terms, settings.debt_rule, settings.good_terms_debt), (ducats, k, good_terms)


def test_goods_odds_equal_the_ordered_draw_count_on_random_pools():
    rng = random.Random(1)
    for _ in range(40):
        goods = rng.sample(r.GOODS, rng.randrange(1, 5))
        pool = {g: rng.randrange(0, 9) for g in goods}
        pool[goods[0]] += 1
        k = rng.randrange(1, min(4, sum(pool.values())) + 1)
        assert exact.goods_odds(pool, k) == ref.goods_odds(pool, k), (pool, k)


def test_the_lion_equals_the_enumerated_depth_and_draw_pairs_on_random_pmfs():
    rng = random.Random(2)
    for _ in range(60):
        low = rng.randrange(50)
        depth = {d: Fraction(rng.randrange(4), rng.randrange(1, 3)) for d in range(low, low + rng.randrange(1, 12))}
        depth[low + rng.randrange(len(depth))] += 1
        drawn = rng.randrange(max(d for d, w in depth.items() if w))
        players = [{x: rng.randrange(3) + 1 for x in rng.sample(range(8), rng.randrange(1, 4))}
                   for _ in range(rng.randrange(1, 5))]
        total = sum(depth.values())
        exact_value = exact.lion_chance({d: w / total for d, w in depth.items() if w}, drawn, exact.convolve(players))
        assert exact_value == ref.lion_chance(depth, drawn, players), (depth, drawn, players)


@pytest.mark.parametrize("lion_first", [True, False])
def test_cargo_orders_equal_the_card_by_card_piles_on_random_piles_and_tables(lion_first):
    rng = random.Random(3)
    for i in range(60):
        table = dict(r.ILLUSTRATIVE_RUN_TABLE) if i % 2 else ref.random_run_table(rng)
        goods = rng.sample(r.GOODS, 3)
        pile = [rng.choice(goods) for _ in range(rng.randrange(8))]
        played = [(rng.choice(goods), rng.choice(r.POWERS)) for _ in range(rng.randrange(1, 5))]
        got = exact.cargo_orders(pile, played, tuple(table.items()), lion_first)
        want = ref.cargo_orders(pile, played, table, lion_first)
        keys = ("order", "lion", "end", "power", "bales")
        assert [{k: row[k] for k in keys} for row in got] == want, (pile, played)


def test_run_values_and_pile_scores_equal_the_card_by_card_sums():
    rng = random.Random(4)
    for _ in range(100):
        table = ref.random_run_table(rng)
        pile = [rng.choice(r.GOODS[:3]) for _ in range(rng.randrange(12))]
        assert exact.cargo_scores(pile, tuple(table.items())) == ref.cargo_scores(pile, table), pile


def test_majorities_and_the_symbol_table_equal_the_reference_exhaustively():
    for n in (2, 3, 4, 5):
        for counts in product(range(4), repeat=n):
            assert list(r.majority_points(counts)) == ref.dense_majority(counts), counts
    for over_4 in (6, 9):
        assert [r.symbol_value(n, over_4) for n in range(7)] == [ref.symbol_amount(n, over_4) for n in range(7)]
