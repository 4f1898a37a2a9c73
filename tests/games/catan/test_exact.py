"""The exact answers: every reference figure of the spec as a fraction, hand-stepped rule subtleties, and the DPs
against independent brute-force enumerations of the roll sequences."""
import itertools
from dataclasses import replace
from fractions import Fraction as F

import pytest

from analyzer.games.catan import board as bo
from analyzer.games.catan import exact
from analyzer.games.catan import rules as r

CITY, ROAD = r.COSTS["city"], r.COSTS["road"]
UP_CITY = F(224340085422737098998882296875, 556978939118488919493285249024)


def board_with(numbers: dict, terrain: dict | None = None) -> bo.Board:
    """The default board with some hexes' numbers (and terrains) replaced."""
    b = bo.default_board()
    num, ter = list(b.number), list(b.terrain)
    for h, n in numbers.items():
        num[h] = n
    for h, t in (terrain or {}).items():
        ter[h] = t
    return replace(b, number=tuple(num), terrain=tuple(ter))


def test_a_settlement_on_6_8_5_earns_7_18_per_roll_and_14_9_per_round_of_4():
    b = board_with({0: 6, 1: 8, 4: 5})  # vertex 8 touches hexes 0, 1, 4
    assert exact.hexes_of(8) == [0, 1, 4]
    per_roll = sum(exact.income(b, 9, 8))
    assert per_roll == F(7, 18) and per_roll * 4 == F(14, 9)
    assert sum(exact.income(b, 9, 8, 2)) == F(7, 9)  # a city doubles
    assert sum(exact.income(b, 0, 8)) == F(9, 36)  # the robber on the 6 takes its 5 pips away
    assert exact.income(b, 9, 8)[b.resource(0)] == F(5, 36)


def test_p_nothing_counts_a_number_shared_by_two_hexes_once():
    b = board_with({0: 6, 1: 6, 4: 5})
    assert exact.p_pays(b, 9, 8) == F(5 + 4, 36)
    assert exact.p_nothing(exact.p_pays(b, 9, 8), 3) == F(27, 36) ** 3
    assert sum(exact.income(b, 9, 8)) == F(14, 36)  # income still counts both hexes


def test_a_7_before_my_next_roll():
    assert exact.p_seven(3) == F(91, 216) and exact.p_seven(2) == 1 - F(25, 36) and exact.p_seven(0) == 0


def test_the_spec_discard_figure_and_its_hand_stepped_sum():
    d = exact.discard_risk(7, {6: (0, 0, 0, 0, 1)}, 3, "up")
    hand = F(5, 36) * (F(1, 6) + F(5, 6) * F(1, 6)) + F(25, 36) * F(5, 36) * F(1, 6) + F(1, 6) * F(5, 36) * F(1, 6)
    assert d.p_discard == hand == F(485, 7776)


@pytest.mark.parametrize("cards,up,down", [(8, 4, 4), (9, 5, 4), (11, 6, 5)])
def test_one_roll_discards_per_rounding(cards, up, down):
    for rounding, k in (("up", up), ("down", down)):
        d = exact.discard_risk(cards, {}, 1, rounding)
        assert d.p_discard == F(1, 6) and d.expected_lost == F(k, 6)
        assert d.size == {cards: F(5, 6), cards - k: F(1, 6)}


def brute_discard(cards, gain: dict, rolls, rounding):
    """Every sequence of roll sums, weighted by its ways: P(any discard), E[cards lost]."""
    p_hit, lost = F(0), F(0)
    for seq in itertools.product(range(2, 13), repeat=rolls):
        w, n, hit, gone = F(1), cards, False, 0
        for s in seq:
            w *= F(r.WAYS[s], 36)
            if s == 7:
                k = r.discard_count(n, rounding)
                n, hit, gone = n - k, hit or k > 0, gone + k
            else:
                n += gain.get(s, 0)
        p_hit += w * hit
        lost += w * gone
    return p_hit, lost


@pytest.mark.parametrize("cards,prod,rolls,rounding", [(6, {6: (0, 1, 0, 0, 1), 8: (0, 0, 2, 0, 0)}, 3, "up"),
                                                     (9, {5: (1, 0, 0, 0, 0)}, 3, "down"),
                                                     (5, {4: (2, 0, 0, 0, 0), 10: (0, 0, 0, 1, 0)}, 4, "up")])
def test_the_discard_dp_equals_every_roll_sequence(cards, prod, rolls, rounding):
    d = exact.discard_risk(cards, prod, rolls, rounding)
    assert (d.p_discard, d.expected_lost) == brute_discard(cards, {s: sum(v) for s, v in prod.items()}, rolls,
                                                           rounding)


def test_the_drop_policy_largest_surplus_first_ties_grain_ore_sheep_brick_wood():
    # city: surpluses wood 3, grain 0, ore 1 -> wood, wood, then wood 1 = ore 1: ore before wood
    assert exact.drop((3, 0, 0, 2, 4), CITY, 3) == (1, 0, 0, 2, 3)
    assert exact.drop((2, 2, 2, 2, 2), (0,) * 5, 5) == (1, 1, 1, 1, 1)  # grain, ore, sheep, brick, wood
    assert exact.drop((2, 2, 2, 2, 2), (0,) * 5, 1) == (2, 2, 2, 1, 2)  # grain first
    assert exact.drop((0, 0, 0, 8, 0), CITY, 4) == (0, 0, 0, 4, 0)  # only what is held
    import numpy as np

    rows = np.array([(3, 0, 0, 2, 4), (2, 2, 2, 2, 2), (0, 0, 0, 8, 0), (1, 1, 1, 1, 1)])
    got = exact.drop_rows(rows, np.array(CITY), "up")
    assert [tuple(x) for x in got] == [exact.drop(tuple(h), CITY, r.discard_count(sum(h))) for h in rows.tolist()]


@pytest.mark.parametrize("rounding,value", [("up", UP_CITY), ("down", None)])
def test_turns_until_a_city_the_spec_reference_figure(rounding, value):
    a = exact.afford((0,) * 5, {6: (0, 0, 0, 0, 1), 8: (0, 0, 0, 1, 0)}, CITY, 4, 4, 5, rounding)
    got = a.cumulative()[4]
    assert a.rational == a.horizon == 5 and isinstance(got, F)
    if value is not None:
        assert got == value and round(float(got), 6) == 0.402780
    else:
        assert round(float(got), 6) == 0.403810
        assert got == F(74971311269589268384656078125, 185659646372829639831095083008)
    assert a.by_turn[0] == 0 and sum(a.by_turn) + a.later == 1


def brute_afford(hand, prod, cost, first, every, turns, rounding):
    """P(first payable at phase t) over every sequence of the roll outcomes that matter (sums grouped)."""
    groups: dict = {}
    for s, ways in r.WAYS.items():
        key = "7" if s == 7 else tuple(prod.get(s, (0,) * 5))
        groups[key] = groups.get(key, 0) + ways
    phases = [first + every * i for i in range(turns)]
    out = [F(0)] * turns
    for seq in itertools.product(list(groups), repeat=phases[-1]):
        w, h = F(1), tuple(hand)
        for g in seq:
            w *= F(groups[g], 36)
        for i, g in enumerate(seq, 1):
            h = exact.drop(h, cost, r.discard_count(sum(h), rounding)) if g == "7" else exact._paid(h, g)
            if i in phases and all(a >= c for a, c in zip(h, cost)):
                out[phases.index(i)] += w
                break
    return out


@pytest.mark.parametrize("hand,prod,cost,first,every,turns,rounding", [
    ((0, 1, 0, 3, 4), {6: (1, 0, 0, 0, 0), 9: (0, 2, 0, 0, 0)}, ROAD, 2, 3, 2, "up"),
    ((2, 0, 1, 2, 2), {8: (0, 0, 0, 1, 1)}, CITY, 3, 3, 2, "down"),
    ((4, 4, 0, 0, 0), {5: (0, 0, 1, 1, 0), 10: (0, 0, 0, 0, 1)}, r.COSTS["settlement"], 1, 3, 2, "up"),
])
def test_the_afford_dp_equals_every_roll_sequence(hand, prod, cost, first, every, turns, rounding):
    a = exact.afford(hand, prod, cost, first, every, turns, rounding)
    want = brute_afford(hand, prod, cost, first, every, turns, rounding)
    assert list(a.by_turn) + [F(0)] * (turns - a.horizon) == want


def test_the_floating_point_stage_equals_the_rational_one():
    prod = {6: (1, 0, 0, 0, 1), 8: (0, 1, 0, 1, 0), 5: (0, 0, 1, 0, 0), 9: (1, 0, 0, 0, 0), 4: (0, 0, 1, 0, 0)}
    exact_ = exact.afford((1, 0, 2, 1, 0), prod, CITY, 3, 4, 3, "up", budget=10**9)
    floats = exact.afford((1, 0, 2, 1, 0), prod, CITY, 3, 4, 3, "up", budget=50)
    assert exact_.rational == 3 and floats.rational < 3
    assert all(isinstance(x, F) for x in exact_.by_turn)
    assert [float(x) for x in floats.by_turn] == pytest.approx([float(x) for x in exact_.by_turn], abs=1e-13)


def test_no_more_than_the_banks_19_of_a_resource():
    assert exact._paid((0, 0, 0, 18, 19), (0, 0, 0, 2, 1)) == (0, 0, 0, 18, 19)
    assert exact._paid((0, 0, 0, 17, 0), (0, 0, 0, 2, 1)) == (0, 0, 0, 19, 1)


def test_the_development_deck():
    nxt = exact.next_card(r.DECK)
    assert nxt["knight"] == F(14, 25) and sum(nxt.values()) == 1
    assert exact.p_at_least_one(r.DECK, r.DEV.index("vp"), 2) == 1 - F(20, 25) * F(19, 24) == F(11, 30)
    unseen = (10, 4, 2, 1, 2)  # after 4 knights, 1 vp, 1 year of plenty seen
    assert exact.next_card(unseen)["vp"] == F(4, 19)
    assert exact.p_at_least_one(unseen, 1, 3) == 1 - F(15 * 14 * 13, 19 * 18 * 17)


def test_the_robber_denies_pips_per_round_per_building():
    b = bo.default_board()  # hex 0: mountains 6, corners include vertices 0, 3, 4, 7, 8, 12
    denied = exact.denied(b, 0, [(0, 1, 1), (8, 2, 2), (40, 3, 1)], 4)
    assert denied == {1: F(4 * 5, 36), 2: F(4 * 2 * 5, 36)}
    assert exact.denied(b, b.desert, [(18, 1, 1)], 4) == {}


@pytest.mark.parametrize("rounding,want", [("up", F(25, 36)), ("down", F(1))])
def test_a_7_between_build_phases_can_take_an_affordable_city_away(rounding, want):
    # 2 grain, 3 ore and 4 wood, nothing produced: a 7 drops the 4 wood first (the largest surplus); rounded up
    # the 5th card is a grain (grain before ore on a tie at surplus 0) and the city is gone; rounded down it stays
    a = exact.afford((4, 0, 0, 2, 3), {}, CITY, 2, 4, 1, rounding)
    assert a.by_turn == (want,)


def test_exactly_seven_cards_never_discard_and_my_own_roll_counts_when_asked():
    assert exact.discard_risk(7, {}, 5, "up").p_discard == 0
    # 8 cards: only the 7s matter, each roll 1/6: P(a discard in k rolls) = 1 - (5/6)^k
    assert exact.discard_risk(8, {}, 3, "up").p_discard == exact.p_seven(3)
    assert exact.discard_risk(8, {}, 4, "up").p_discard == exact.p_seven(4)


def test_the_bank_limit_in_both_stages():
    prod = {6: (0, 0, 0, 1, 2), 8: (0, 0, 0, 2, 0), 9: (1, 0, 0, 0, 0)}
    hand, cost = (0, 0, 0, 16, 18), (1, 0, 0, 19, 19)  # only 19 of a kind: ore 18 + 2 is never paid
    exact_ = exact.afford(hand, prod, cost, 2, 3, 3, "down", budget=10**9)
    floats = exact.afford(hand, prod, cost, 2, 3, 3, "down", budget=0)
    assert floats.rational == 0 and exact_.rational == 3
    assert [float(x) for x in floats.by_turn] == pytest.approx([float(x) for x in exact_.by_turn], abs=1e-13)
    assert exact_.later == 1  # never affordable: ore stays at 18, and the 7s take cards away


def test_the_compiled_discard_is_the_drop_policy_on_every_small_hand():
    import numpy as np

    from analyzer.games.catan import afford_kernel as kernel

    hands = [h for h in itertools.product(range(0, 12, 2), range(4), range(0, 12, 3), range(6), range(5))]
    hands += [(19, 0, 0, 0, 19), (0, 19, 19, 19, 0), (9, 0, 0, 0, 0), (1, 1, 2, 2, 2)]
    for cost in [*r.COSTS.values(), (0,) * 5]:
        for rounding in ("up", "down"):
            for h in hands:
                got = np.array(h, dtype=np.int64)
                kernel.discard(got, np.array(cost, dtype=np.int64), kernel.PREF, rounding == "up")
                assert tuple(got) == exact.drop(h, cost, r.discard_count(sum(h), rounding)), (h, cost, rounding)


@pytest.mark.parametrize("hand,prod,cost,first,every,turns", [
    ((1, 0, 2, 1, 0), {6: (1, 0, 0, 0, 1), 8: (0, 1, 0, 1, 0), 5: (0, 0, 1, 0, 0), 9: (1, 0, 0, 0, 0)}, CITY, 3, 4, 3),
    ((4, 3, 0, 5, 2), {4: (0, 0, 0, 2, 0), 10: (0, 1, 0, 0, 0), 11: (0, 0, 1, 0, 0), 6: (0, 0, 0, 0, 2)},
     r.COSTS["dev_card"], 2, 3, 4),
    ((0, 0, 6, 17, 18), {6: (0, 0, 0, 1, 2), 8: (0, 0, 0, 2, 0), 9: (1, 0, 1, 0, 0)}, r.COSTS["settlement"], 2, 3, 3),
    ((8, 8, 0, 0, 0), {5: (0, 0, 1, 1, 0), 9: (0, 0, 0, 0, 1), 3: (1, 1, 0, 0, 0)}, CITY, 1, 2, 4),
])
@pytest.mark.parametrize("rounding", ["up", "down"])
def test_the_compiled_floating_point_stage_is_the_rational_dp(hand, prod, cost, first, every, turns, rounding):
    """The kernel (from the first roll: budget 0) against the DP in rationals only: the same hand states, every
    probability to 1e-12; and switching over midway gives the rational phases exactly."""
    exact_ = exact.afford(hand, prod, cost, first, every, turns, rounding, budget=10**9)
    floats = exact.afford(hand, prod, cost, first, every, turns, rounding, budget=0)
    assert exact_.rational == exact_.horizon and floats.rational == 0 and all(isinstance(x, F) for x in exact_.by_turn)
    assert (floats.horizon, floats.states) == (exact_.horizon, exact_.states)
    assert [float(x) for x in floats.by_turn] == pytest.approx([float(x) for x in exact_.by_turn], abs=1e-12)
    mixed = exact.afford(hand, prod, cost, first, every, turns, rounding, budget=30)
    assert mixed.by_turn[:mixed.rational] == exact_.by_turn[:mixed.rational]
    assert [float(x) for x in mixed.by_turn] == pytest.approx([float(x) for x in exact_.by_turn], abs=1e-12)
