"""exact.py held equal to the brute-force reference: on random positions mixing every setting reading, on
exhaustive small inputs, and on the spec's reference figures the reference reproduces alone."""
import random
from fractions import Fraction
from itertools import product

import pytest

from analyzer.games.caylus import exact, state
from analyzer.games.caylus import reference as ref
from analyzer.games.caylus.rules import Settings

READINGS = [Settings(passing_track_values=track, sixth_special_hold=hold, two_player_pass_cost=two)
            for track in ("one_plus_passed", "two_after_first_pass") for hold in (False, True)
            for two in ("seed_1_own_3_else", "track")]


# -- the reference alone reproduces the spec's figures -------------------------------------------------------------

def test_the_reference_reproduces_the_spec_figures():
    assert ref.neutral_in_first("carpenter", 3) == Fraction(1, 2)  # 3 * 5! / 6!
    assert ref.neutrals_adjacent("forest", "market") == Fraction(1, 3)  # 2 * 5 * 4! / 6!
    assert ref.end_bonus({"gold": 2, "wood": 3, "stone": 4}, 9) == 10  # 6 + 2 + 2
    assert ref.worker_cost(2, 4, False, False, Settings()) == 3 and ref.worker_cost(2, 4, True, False, Settings()) == 1
    assert ref.start_money_odds(5)[7] == Fraction(2, 5)


# -- random positions ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) > 16 * 10
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_scenarios_cover_every_reading_player_count_and_question():
    rng = random.Random(0)
    seen, asked = set(), set()
    for i in range(16):
        p = state.parse_position(ref.random_scenario(rng, i))
        s = p.settings
        seen.add((s.passing_track_values, s.sixth_special_hold, s.two_player_pass_cost,
                  s.castle_sizes == Settings().castle_sizes))
        asked |= {(q, p.players) for q in state.questions(p)}
    assert len(seen) == 16
    assert {q for q, _ in asked} == {"odds", "worker_cost", "provost", "ev", "section", "castle"}
    assert {n for q, n in asked if q == "castle"} == {2, 3, 4, 5}


# -- exhaustive small inputs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("settings", READINGS, ids=lambda s: f"{s.passing_track_values}-{s.sixth_special_hold}-"
                                                             f"{s.two_player_pass_cost}")
def test_worker_cost_equals_the_laid_out_track_for_every_case(settings):
    for players in range(2, 6):
        for passed, own, inn in product(range(players), (False, True), (False, True)[:1 + (players > 2)]):
            assert exact.worker_cost(passed, players, own, inn, settings) == \
                ref.worker_cost(passed, players, own, inn, settings), (players, passed, own, inn)


def test_batches_and_least_gold_equal_the_search_for_every_small_stock():
    for stock in product(range(4), repeat=5):
        cubes = dict(zip(ref.CUBES, stock))
        options = ref.batch_options(cubes)
        assert exact.max_batches(cubes) == max(options), cubes
        assert [exact.least_gold(cubes, k) for k in sorted(options)] == [options[k] for k in sorted(options)], cubes


def test_batch_points_equal_the_laid_houses_for_every_small_castle():
    for sizes in ((6, 10, 14), (1, 2, 3), (3, 1, 2)):
        for section, houses in product(range(3), range(8)):
            for filled in range(sizes[section] + 1):
                laid = ref.lay_houses(section, filled, houses, sizes)[0]
                assert exact.castle_room(section, filled, sizes) == ref.castle_room(section, filled, sizes)
                if len(laid) < houses:  # the castle has no room for them all
                    with pytest.raises(ValueError):
                        exact.batch_points(section, filled, houses, sizes)
                    continue
                assert exact.batch_points(section, filled, houses, sizes) == (
                    sum(ref.SECTION_POINTS[s] for s in laid), tuple(laid.count(s) for s in range(3))), \
                    (sizes, section, filled, houses)


def test_the_end_bonus_equals_the_counted_cubes_and_coins():
    for gold, others, deniers in product(range(4), range(10), range(13)):
        assert exact.end_bonus(gold, others, deniers) == ref.end_bonus({"gold": gold, "cloth": others}, deniers)


def test_the_provost_equals_the_walked_bribes_on_every_short_road():
    for road in range(1, 10):
        for provost in range(1, road + 1):
            walked = ref.provost_moves(provost, 1, road, 3, {})
            assert sorted(exact.provost_moves(provost, road)) == sorted(s for _, s, _ in walked.values())


def test_layout_odds_equal_the_dealt_layouts_for_every_first_k():
    for known in [(None,) * 6, (None, "market", None, None, "farm", None),
                  ("quarry", None, "sawmill", None, None, None)]:
        odds = exact.layout_odds(known)
        assert (odds["first_k"], odds["adjacent"]) == ref.layout_answers(known), known
    assert ref.layout_odds((None,) * 6) == {(n, k): Fraction(k, 6) for n in ref.NEUTRALS for k in range(1, 7)}


def test_start_money_equals_every_counted_order():
    for players in range(2, 6):
        assert dict(exact.start_money_odds(players)) == ref.start_money_odds(players)
