"""Elfenland's exact answers: the spec's reference figures, payability hand by hand under each caravan reading,
the compositions' probabilities, the counter odds, and a seeded Monte Carlo inside its 95% interval."""
from fractions import Fraction
from math import comb

import numpy as np

from analyzer.core import stats
from analyzer.games.elfenland import exact, sim
from analyzer.games.elfenland import rules as r
from analyzer.games.elfenland.exact import Leg

DECK = r.CARD_COUNTS
SPEC_ROUTE = (Leg("unicorn", 1, True), Leg("troll", 2, True), Leg("dragon", 2, True), Leg("cloud", 1, True))


def test_round_one_two_dragons_is_81554584_over_265978141():
    p, with_caravans = exact.deal_odds({}, DECK, 8, [Leg("dragon", 2, True)])
    assert p == 1 - Fraction(comb(62, 8) + 10 * comb(62, 7), comb(72, 8)) == Fraction(81554584, 265978141)
    assert round(float(p), 4) == 0.3066 and with_caravans == 1


def test_the_spec_route_without_and_with_caravans_under_both_readings():
    for reading in ("lacking", "any"):
        plain, caravans = exact.deal_odds({}, DECK, 8, SPEC_ROUTE, reading)
        assert plain == Fraction(4785125, 265978141) and round(float(plain), 4) == 0.0180
        assert caravans == Fraction(1286727701, 2393803269) and round(float(caravans), 4) == 0.5375


def test_the_compositions_sum_to_one_and_count_the_hands():
    comps = list(exact.compositions(DECK, 8))
    assert len(comps) == comb(8 + 6, 6) and sum(p for _, p in comps) == 1
    assert all(sum(hand.values()) == 8 for hand, _ in comps)
    assert list(exact.compositions({"raft": 2}, 2)) == [({"raft": 2}, 1)]


def test_payable_hand_by_hand():
    legs = [Leg("troll", 2, True), Leg("raft", 2, False)]
    assert exact.payable({"troll": 2, "raft": 2}, legs, caravans=False)
    assert not exact.payable({"troll": 1, "raft": 2}, legs, caravans=False)
    assert exact.payable({"troll": 1, "pig": 2, "raft": 2}, legs, caravans=True)  # troll + 2 pigs as a caravan
    assert not exact.payable({"troll": 3, "raft": 1}, legs, caravans=True)  # no caravan on water
    obstacle = [Leg("dragon", 3, True, obstacle=True)]  # forest 2 + 1
    assert not exact.payable({"dragon": 2, "pig": 1}, obstacle, caravans=False)
    assert exact.payable({"dragon": 2, "pig": 2}, obstacle, caravans=True)  # 4 any cards
    assert not exact.payable({"dragon": 2, "pig": 1}, obstacle, caravans=True)


def test_lacking_forces_the_matching_cards_first_where_any_need_not():
    legs = [Leg("cycle", 2, True), Leg("cycle", 2, True, True), Leg("troll", 3, True, True)]
    hand = {"cycle": 2, "troll": 3, "pig": 3}  # any: caravan the first leg with the pigs, cycles pay the second
    assert exact.payable(hand, legs, True, "any") and not exact.payable(hand, legs, True, "lacking")
    lacking, any_ = (exact.deal_odds({"troll": 1}, {**DECK, "troll": 9}, 7, legs, w)[1] for w in ("lacking", "any"))
    assert lacking < any_


def test_lacking_lets_an_earlier_caravan_spend_the_cards_a_later_leg_would_take():
    # 1 dragon, 3 pigs: the pig leg (1) must be paid with a pig; then the dragon leg (2) lacks: caravan of 3
    legs = [Leg("pig", 1, True), Leg("dragon", 2, True)]
    assert exact.payable({"dragon": 1, "pig": 3}, legs, True, "lacking")
    assert not exact.payable({"dragon": 1, "pig": 2}, legs, True, "lacking")


def test_blind_odds_and_pick_values():
    pool = {k: 8 for k in r.COUNTER_KINDS} | {"dragon": 6}
    pool = {k: n - (1 if k in ("cycle", "pig", "cloud") else 0) for k, n in pool.items()}  # 2 dragons + 3 open
    assert sum(pool.values()) == 43 and exact.blind_odds(pool)["dragon"] == Fraction(6, 43)
    values = exact.pick_values(["dragon", "dragon", "pig"], pool, {"dragon": 1, "troll": 2})
    assert values == {"open dragon": 1, "open pig": 0, "blind": Fraction(6 + 8, 43)}
    assert exact.pick_values(["pig"], {}, {"pig": 1}) == {"open pig": 1}  # nothing left to draw blind


def test_a_seeded_monte_carlo_of_the_spec_route_falls_inside_its_95_percent_interval():
    rng = np.random.default_rng(33)
    hands = sim.deals({}, DECK, 8, 20_000, rng)
    assert (hands.sum(axis=1) == 8).all()
    for caravans, exact_p in ((False, Fraction(4785125, 265978141)), (True, Fraction(1286727701, 2393803269))):
        hits = int(sim.payable_share(hands, SPEC_ROUTE, caravans).sum())
        lo, hi = stats.wilson(hits, len(hands))
        assert lo <= float(exact_p) <= hi

