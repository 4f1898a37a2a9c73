"""Paris Paris exact answers: every reference figure of the spec, opponent_pick and full_slots_rule in every
reading, the bonus posterior's assignments, and a seeded Monte Carlo inside its 95% interval."""
from dataclasses import replace
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from analyzer.core import registry, scenario, stats
from analyzer.games.paris_paris import exact, sim
from analyzer.games.paris_paris import rules as r
from analyzer.games.paris_paris.state import parse_position

GAME = registry.game("paris_paris")


def position(name, **settings):
    p = GAME.position(scenario.load(f"scenarios/paris_paris/{name}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def test_reference_first_column_stop_with_4_tiles_appears_9772_over_32509():
    p = position("first-column.yaml")
    one, two = exact.appearance(dict(p.unseen), r.column_size(4))["Odeon"]
    assert one == 1 - Fraction(comb(56, 5), comb(60, 5)) == Fraction(9772, 32509)
    assert two == 1 - Fraction(comb(56, 5) + 4 * comb(56, 4), comb(60, 5))


def test_reference_two_tiles_of_s_i_pick_a_non_s_tile_first_leftover_is_one_half():
    p = position("leftover.yaml")
    assert p.picked == () and p.later_pickers == 3
    assert exact.leftover_by_stop(p, ("Pompidou", "blue"))["Odeon"] == Fraction(1, 2)
    assert exact.leftover_by_stop(p, ("Odeon", "red"))["Odeon"] == Fraction(1, 4)
    assert sum(exact.leftover(p, ("Opera", "green")).values()) == 1


def test_reference_40_unseen_8_blue_7_red_in_the_slots_big_tour_three_eighths():
    p = position("big-tour.yaml")
    odds = exact.big_tour_odds(dict(p.unseen), p.discard_slots, "fifth_tours")
    assert sum(dict(p.unseen).values()) == 40 and odds == {"blue": Fraction(8, 40), "red": Fraction(7, 40)}
    assert sum(odds.values()) == Fraction(3, 8)


@pytest.mark.parametrize("rule,any_tour", [("fifth_tours", Fraction(1)), ("redundant", Fraction(32, 40))])
def test_full_slots_rule_with_4_colours_lying_fifth_tours_makes_every_leftover_tour(rule, any_tour):
    p = position("big-tour.yaml")
    slots = ("blue", "red", "green", "yellow")
    odds = exact.big_tour_odds(dict(p.unseen), slots, rule)
    assert sum(odds.values()) == any_tour and ("brown" in odds) == (rule == "fifth_tours")


def test_opponent_pick_weighted_takes_heavy_stops_first_and_uniform_weights_give_the_uniform_answer():
    p = position("leftover-weighted.yaml")
    # after my Pompidou/blue: Odeon/red, Odeon/green, Les Halles/blue; two pickers, weights 3, 3, 1
    # P(Les Halles survives) = (3/7)(3/4) * 2 = 9/14
    assert exact.leftover_by_stop(p, ("Pompidou", "blue")) == {"Les Halles": Fraction(9, 14),
                                                               "Odeon": Fraction(5, 14)}
    flat = replace(p, pick_weights=(("Odeon", Fraction(1)),))
    assert exact.leftover_by_stop(flat, ("Pompidou", "blue")) == {"Les Halles": Fraction(1, 3),
                                                                  "Odeon": Fraction(2, 3)}
    uniform = position("leftover-weighted.yaml", opponent_pick="uniform")
    assert exact.leftover_by_stop(uniform, ("Pompidou", "blue")) == exact.leftover_by_stop(flat, ("Pompidou", "blue"))


def test_round_points_count_the_small_tour_and_the_big_tour_it_starts():
    p = position("leftover.yaml")
    points, tour = exact.round_points(p, ("Opera", "green"))
    # blue lies in a slot: the leftover is blue (Pompidou/blue or Les Halles/blue) with 2/4
    assert tour == Fraction(1, 2) and sum(points.values()) > 0


@pytest.mark.parametrize("players,marker,open_marker,n", [(4, "green", None, 24), (3, "green", None, 12),
                                                          (2, "green", "red", 3)])
def test_bonus_posterior_runs_over_every_assignment_of_the_unseen_markers(players, marker, open_marker, n):
    data = {"game": "paris_paris", "players": players,
            "position": {"me": {"colour": "grey", "bonus_marker": marker}, "open_marker": open_marker,
                         "shops": {"Pompidou": ["purple"]}}}
    posterior, count = exact.bonus_posterior(parse_position(data))
    assert count == n and all(sum(d.values()) == 1 for d in posterior.values())


def test_bonus_posterior_by_hand_one_shop_on_a_crossing_of_blue_and_red():
    data = {"game": "paris_paris", "players": 2, "position": {"me": {"colour": "grey", "bonus_marker": "green"},
                                                              "open_marker": "yellow",
                                                              "shops": {"Pompidou": ["purple"]}}}
    posterior, _ = exact.bonus_posterior(parse_position(data))
    # blue, red weigh 1, brown 1/3: blue = 1 / (1 + 1 + 1/3) = 3/7
    assert posterior["purple"] == {"blue": Fraction(3, 7), "red": Fraction(3, 7), "brown": Fraction(1, 7)}
    eps = parse_position({**data, "rules": {"bonus_epsilon": 1}})
    assert exact.bonus_posterior(eps)[0]["purple"]["brown"] == Fraction(1, 3)


def test_seeded_monte_carlo_of_the_first_column_and_the_leftover_fall_in_their_95_intervals():
    rng = np.random.default_rng(31)
    p = position("first-column.yaml")
    one, two = exact.appearance(dict(p.unseen), 5)["Odeon"]
    counts = sim.appearances(dict(p.unseen), "Odeon", 5, 20_000, rng)
    for hits, value in (((counts >= 1).sum(), one), ((counts >= 2).sum(), two)):
        lo, hi = stats.wilson(int(hits), 20_000)
        assert lo <= float(value) <= hi
    q = position("leftover.yaml")
    tiles = list(q.left)
    tiles.remove(("Pompidou", "blue"))
    survivors = sim.leftovers(tiles, 20_000, rng)
    hits = sum(int((survivors == i).sum()) for i, t in enumerate(tiles) if t[0] == "Odeon")
    lo, hi = stats.wilson(hits, 20_000)
    assert lo <= float(exact.leftover_by_stop(q, ("Pompidou", "blue"))["Odeon"]) <= hi
