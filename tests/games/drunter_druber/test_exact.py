"""Drunter und Drüber exact answers in rationals: the spec's reference figures, the vote arithmetic, the expert
deals, and a seeded Monte Carlo of each question falling inside its 95% interval."""
from fractions import Fraction

import numpy as np

from analyzer.core import stats
from analyzer.games.drunter_druber import exact, sim
from analyzer.games.drunter_druber import rules as r

EPS = Fraction(1, 4)
SPEC = [({"C": 2, "D": 1}, {}, {}), ({"C": 1}, {}, {}), ({}, {}, {})]  # the spec's three opponents


def test_the_specs_posterior_52_13_4_over_173_and_p2_holds_c_13_over_173():
    first, second, third = exact.basic_posterior("A", SPEC, EPS)
    assert [first[t] for t in "BCDEF"] == [Fraction(52, 173), Fraction(4, 173), Fraction(13, 173),
                                           Fraction(52, 173), Fraction(52, 173)]
    assert second["C"] == Fraction(13, 173) and first["A"] == 0
    for row in (first, second, third):
        assert sum(row.values()) == 1


def test_the_posterior_is_the_weighted_count_over_the_60_assignments():
    from itertools import permutations

    deals = list(permutations("BCDEF", 3))
    weights = [EPS ** (2 * (a == "C") + (a == "D")) * EPS ** (b == "C") for a, b, _ in deals]
    assert len(deals) == 60 and sum(weights) == Fraction(519, 16)
    assert sum(w for (a, _, _), w in zip(deals, weights) if a == "B") / sum(weights) == Fraction(52, 173)


def test_without_evidence_or_with_eps_1_every_type_is_equally_likely():
    for row in exact.basic_posterior("B", SPEC, Fraction(1)) + exact.basic_posterior("B", [({}, {}, {})], EPS):
        assert {row[t] for t in "ACDEF"} == {Fraction(1, 5)}


def test_votes_shift_the_guess_by_vote_eps_per_vote():
    lone = [({}, {"C": 2}, {"D": 1})]  # one opponent: weights C 1/4, D 2, the others 1
    row = exact.basic_posterior("A", lone, Fraction(1), Fraction(1, 2))
    assert row[0]["C"] == Fraction(1, 21) and row[0]["D"] == Fraction(8, 21)  # of 1/4 + 2 + 3
    assert exact.basic_posterior("A", lone, Fraction(1))[0]["C"] == Fraction(1, 5)  # vote_eps 1: votes ignored


def test_expert_one_of_each_gives_the_basic_guess_and_random_deals_two_cards_of_the_ten():
    basic = exact.basic_posterior("A", SPEC, EPS)
    assert exact.expert_posterior(("A", "lowest"), SPEC, EPS, Fraction(1), "one_of_each") == basic
    hands = list(exact.expert_hands(("A", "B"), 3, "random"))
    assert len(hands) == 28 * 15 * 6 and all(len(h) == 2 for deal in hands for h in deal)
    assert len(list(exact.expert_hands(("A", "threes"), 3, "one_of_each"))) == 60 * 6
    flat = exact.expert_posterior(("A", "B"), [({}, {}, {})] * 3, EPS, Fraction(1), "random")
    assert flat[0]["C"] == Fraction(2, 8)  # 2 of the 8 unseen cards, C among them
    assert sum(flat[0].values()) == 4 * Fraction(2, 8)  # 4 unseen buildings, each in his hand with chance 1/4


def test_vote_maxima_and_a_tie_covers():
    assert exact.vote_max(r.FULL_VOTES) == (8, 8)
    assert exact.vote_max(("JA", "NEEE", "shrug")) == (1, 3) and exact.vote_max(("JEIN", "shrug")) == (2, 2)
    assert exact.passes(8, 8) and exact.passes(3, 2) and not exact.passes(7, 8)


def test_a_lone_full_set_blocker_only_ties_a_full_set_proposer():
    chance, stances = exact.pass_chance(8, 0, [(8, 8)], Fraction(1, 2))
    assert chance == 1 and stances[-1] == ((True,), Fraction(1, 2), 8, 8, True)


def test_pass_chance_sums_the_prior_over_the_stances():
    chance, stances = exact.pass_chance(3, 4, [(2, 1), (2, 5)], Fraction(1, 3))
    # for/for 7-4, against p2 5-5 pass; for p2 against p4 5-9, both against 3-10 fail: (2/3)^2 + (1/3)(2/3)
    assert chance == Fraction(4, 9) + Fraction(2, 9) and len(stances) == 4 and sum(s[1] for s in stances) == 1
    assert exact.pass_chance(3, 4, [(2, 1)], Fraction(0))[0] == 1 and exact.pass_chance(0, 1, [], EPS)[0] == 0


def _inside(hits, n, value):
    lo, hi = stats.wilson(hits, n)
    assert lo <= float(value) <= hi, (hits, n, float(value))


def test_seeded_monte_carlo_falls_inside_the_95_intervals():
    rng = np.random.default_rng(34)
    kept, counts = sim.building_hits("A", SPEC, EPS, Fraction(1), 40_000, rng)
    _inside(int(counts[0, r.TYPES.index("C")]), kept, Fraction(4, 173))  # the spec's figures
    _inside(int(counts[1, r.TYPES.index("C")]), kept, Fraction(13, 173))
    voters = [(2, 1), (2, 5), (8, 8)]
    chance, _ = exact.pass_chance(3, 4, voters, Fraction(1, 3))
    _inside(sim.vote_hits(3, 4, voters, Fraction(1, 3), 40_000, rng), 40_000, chance)
