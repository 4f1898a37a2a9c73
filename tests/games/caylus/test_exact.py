"""Caylus's exact calculators: every reference figure of the spec, each setting in every reading, and the corners
of the castle, the provost and section scoring."""
from fractions import Fraction

import numpy as np
import pytest

from analyzer.games.caylus import exact, sim
from analyzer.games.caylus import rules as r
from analyzer.games.caylus.rules import Settings

UNKNOWN = (None,) * 6


def test_reference_carpenter_in_the_first_3_is_one_half_and_two_given_adjacent_one_third():
    odds = exact.layout_odds(UNKNOWN)
    assert odds["first_k"]["carpenter", 3] == Fraction(3 * 120, 720) == Fraction(1, 2)
    assert odds["adjacent"]["farm", "market"] == Fraction(2 * 5 * 24, 720) == Fraction(1, 3)
    assert all(odds["first_k"][n, k] == Fraction(k, 6) for n in r.NEUTRALS for k in range(1, 7))


def test_layout_odds_condition_on_the_buildings_seen():
    known = ("farm", None, None, "sawmill", None, None)
    odds = exact.layout_odds(known)
    assert len(exact.layouts(known)) == 24
    assert odds["first_k"]["farm", 1] == 1 and odds["first_k"]["sawmill", 3] == 0
    assert odds["first_k"]["carpenter", 3] == Fraction(1, 2)  # 2 of the 4 open spaces
    assert odds["adjacent"]["farm", "sawmill"] == 0
    assert odds["first_k"]["market", 1] == 0 and odds["first_k"]["market", 2] == Fraction(1, 4)


def test_reference_five_players_start_with_seven_two_fifths():
    assert exact.start_money_odds(5) == {5: Fraction(1, 5), 6: Fraction(2, 5), 7: Fraction(2, 5)}
    assert exact.start_money_odds(2) == {5: 1}


def test_reference_end_bonus_2_gold_7_cubes_9_deniers_is_10():
    assert exact.end_bonus(2, 7, 9) == 6 + 2 + 2 == 10
    assert exact.end_bonus(0, 2, 3) == 0


def test_reference_worker_cost_after_2_passes_is_3_and_1_on_my_own_building():
    s = Settings()
    assert exact.worker_cost(2, 4, False, False, s) == 3
    assert exact.worker_cost(2, 4, True, False, s) == 1
    assert exact.worker_cost(0, 4, False, False, s) == 1


def test_passing_track_values_in_both_readings():
    one_plus = Settings(passing_track_values="one_plus_passed")
    flat = Settings(passing_track_values="two_after_first_pass")
    assert [exact.track_value(n, one_plus) for n in range(5)] == [1, 2, 3, 4, 5]
    assert [exact.track_value(n, flat) for n in range(5)] == [1, 2, 2, 2, 2]


def test_sixth_special_hold_in_both_readings():
    assert exact.worker_cost(3, 5, False, True, Settings(sixth_special_hold=True)) == 1
    assert exact.worker_cost(3, 5, False, True, Settings(sixth_special_hold=False)) == 4


def test_two_player_pass_cost_in_both_readings():
    seed, track = Settings(two_player_pass_cost="seed_1_own_3_else"), Settings(two_player_pass_cost="track")
    assert exact.worker_cost(1, 2, False, False, seed) == 3 and exact.worker_cost(1, 2, True, False, seed) == 1
    assert exact.worker_cost(1, 2, False, False, track) == 2
    assert exact.worker_cost(0, 2, False, False, seed) == 1  # nobody passed yet
    assert exact.worker_cost(1, 3, False, False, seed) == 2  # the rule is for 2 players only


def test_provost_reach_stays_on_the_road_and_cancels_the_workers_beyond_it():
    assert exact.provost_moves(2, 30) == [1, 2, 3, 4, 5]
    assert exact.provost_moves(29, 30) == [26, 27, 28, 29, 30]
    assert exact.provost_moves(10, None) == list(range(7, 14))
    workers = [(7, "blue"), (9, "red"), (12, "blue")]
    assert exact.cancelled(workers, 8) == [(9, "red"), (12, "blue")]
    assert exact.cancelled(workers, 12) == []
    assert exact.bailiff_step(10, 9) == 2 and exact.bailiff_step(9, 9) == 1 and exact.bailiff_step(7, 9) == 1


@pytest.mark.parametrize("cubes,most", [
    ({"food": 3, "wood": 2, "stone": 1, "cloth": 2, "gold": 1}, 3),
    ({"food": 5, "wood": 5}, 0),  # two different other cubes needed
    ({"food": 2, "wood": 1, "stone": 1, "gold": 2}, 2),
    ({"food": 1, "wood": 9, "stone": 9}, 1),
    ({"food": 9, "wood": 9, "stone": 1, "cloth": 1}, 2),
    ({}, 0),
])
def test_max_batches(cubes, most):
    assert exact.max_batches(cubes) == most


def test_least_gold_counts_the_gold_the_batches_cannot_avoid():
    cubes = {"food": 2, "wood": 1, "stone": 1, "gold": 2}
    assert exact.least_gold(cubes, 1) == 0 and exact.least_gold(cubes, 2) == 2


def test_batches_overflow_into_the_next_section_and_stop_when_the_towers_are_full():
    sizes = r.FAN_CASTLE_SIZES
    assert exact.batch_points(0, 4, 3, sizes) == (5 + 5 + 4, (2, 1, 0))
    assert exact.batch_points(2, 13, 1, sizes) == (3, (0, 0, 1))
    assert exact.castle_room(2, 13, sizes) == 1 and exact.castle_room(0, 0, sizes) == 30
    with pytest.raises(ValueError):
        exact.batch_points(2, 13, 2, sizes)


def test_the_castle_favour_goes_to_the_most_batches_ties_to_the_earlier_worker():
    assert exact.castle_favour(2, [1], [2])
    assert not exact.castle_favour(2, [2], [])
    assert not exact.castle_favour(0, [], [])


@pytest.mark.parametrize("section,houses,score", [
    ("dungeon", 0, (-2, 0)), ("dungeon", 1, (0, 0)), ("dungeon", 2, (0, 1)), ("dungeon", 6, (0, 1)),
    ("walls", 0, (-3, 0)), ("walls", 1, (0, 0)), ("walls", 2, (0, 1)), ("walls", 4, (0, 2)), ("walls", 5, (0, 3)),
    ("towers", 0, (-4, 0)), ("towers", 3, (0, 1)), ("towers", 5, (0, 2)), ("towers", 6, (0, 3)),
])
def test_section_scoring_table(section, houses, score):
    assert exact.section_score(section, houses) == score


def test_points_never_go_below_zero():
    assert exact.floor_points(1, -4) == 0 and exact.floor_points(5, -2) == 3


def test_a_seeded_monte_carlo_of_the_layout_falls_inside_its_95_percent_interval():
    rng = np.random.default_rng(29)
    n = 20_000
    layouts = sim.shuffled_layouts(n, rng)
    for count, p in ((sim.in_first_k(layouts, "carpenter", 3), Fraction(1, 2)),
                     (sim.adjacent(layouts, "farm", "market"), Fraction(1, 3))):
        est = count / n
        half = 1.96 * (est * (1 - est) / n) ** 0.5
        assert abs(est - float(p)) <= half
