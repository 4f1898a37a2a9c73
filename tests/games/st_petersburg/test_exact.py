"""The exact answers: every reference figure of the spec, the refill odds against a brute count, this round's end
against a direct sum over the takes, and the ROI's parts (cost rule from actions.py, income, bonus)."""
from fractions import Fraction
from itertools import combinations, product
from math import comb

from analyzer.games.st_petersburg import exact
from analyzer.games.st_petersburg import rules as r
from tests.games.st_petersburg import FULL_BOARD, position


def test_first_aristocrat_refill_of_five_gives_40_117_for_a_mistress_of_ceremonies():
    p = position(phase="building", board={"upper": ["Market", "Pub", "Hospital"]}, focus={"taken": 0})
    rows, sizes = exact.refill_odds(p)
    assert sizes == {5: 1}
    mistress = {x.name: x for x in rows}["Mistress of Ceremonies"]
    assert mistress.at_least_one == 1 - Fraction(comb(25, 5), comb(27, 5)) == Fraction(40, 117)


def test_refill_odds_equal_a_brute_count_over_the_pool_mixed_over_the_takes():
    p = position(phase="worker", board={"upper": ["Lumberjack"] * 3, "lower": ["Shepherd"] * 2},
                 decks_left={"building": 6}, seen_out={"building": {"Market": 4, "Theater": 2, "Pub": 2}},
                 rules={"takes_pmf": ["1/2", "1/4", "1/4"]})
    pool = [name for name, n in p.pools[r.BUILDING] for _ in range(n)]
    want = Fraction(0)
    for t, pt in zip(range(3), (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))):
        draws = min(8 - (5 - t), 6)
        subsets = list(combinations(range(len(pool)), draws))
        want += pt * Fraction(sum("Market" in {pool[i] for i in s} for s in subsets), len(subsets))
    rows, sizes = exact.refill_odds(p)
    assert sizes == {3: Fraction(1, 2), 4: Fraction(1, 4), 5: Fraction(1, 4)}
    assert {x.name: x for x in rows}["Market"].at_least_one == want
    assert sum(exact.copies_distribution(p, "Market")) == 1


def test_after_the_upgrade_phase_the_refill_tops_up_the_upper_row_only():
    p = position(phase="upgrade", board={"upper": ["Bank", "Pope"], "lower": ["Czar", "Harbor", "Senator"]},
                 focus={"taken": 3})  # the lower row's three first: the upper two move down, 6 workers come
    assert exact.refill_sizes(p) == {6: 1}
    assert exact.refill_sizes(position(phase="upgrade", board={"upper": ["Bank", "Pope"], "lower": ["Czar"]},
                                       focus={"taken": {"upper": 1, "lower": 0}})) == {7: 1}


def test_the_aristocrat_deck_at_4_ends_the_game_by_its_refill_with_3_7():
    p = position(phase="building", board=FULL_BOARD, decks_left={"worker": 12, "building": 9, "aristocrat": 4,
                                                                 "upgrade": 18})
    e = exact.end_chain(p)
    assert e.triggers[0] == (r.BUILDING, r.ARISTOCRAT, Fraction(3, 7)) and e.ends_this_round == Fraction(3, 7)


def test_this_rounds_end_equals_a_direct_sum_over_every_phases_takes():
    decks = {"worker": 5, "building": 12, "aristocrat": 6, "upgrade": 7}
    for end in ("next_round", "immediate"):
        p = position(phase="worker", board={"upper": ["Lumberjack"] * 5, "lower": ["Market"] * 3},
                     decks_left=decks, rules={"worker_refill_end": end})
        want = Fraction(0)
        for tw, tb, ta, tu in product(range(7), repeat=4):
            lower = max(0, 3 - tw - tb - ta)  # the lower row's cards still there at the upgrade phase
            k_worker = 8 - ((8 - lower) - max(0, tu - lower))  # 8 - the upper row's cards left
            ended = tb >= 6 or ta >= 7 or (end == "immediate" and k_worker >= 5)
            want += Fraction(ended, 7 ** 4)
        assert exact.end_chain(p).ends_this_round == want


def test_a_deck_already_empty_makes_this_round_the_last():
    e = exact.end_chain(position(phase="aristocrat", board=FULL_BOARD, decks_left={"building": 0}))
    assert e.already_last and e.ends_this_round == 1 and e.rounds_after is None
    assert e.scorings == (0, 0, 1)  # only this aristocrat phase still scores


def test_remaining_scorings_count_this_round_and_the_later_rounds_at_the_mean_pace():
    e = exact.end_chain(position(phase="building", board=FULL_BOARD,
                                 decks_left={"worker": 30, "building": 20, "aristocrat": 25, "upgrade": 30},
                                 rules={"takes_pmf": [0, 0, 1]}))  # two cards a phase: no deck runs out this round
    assert e.ends_this_round == 0 and e.paces == (2, 2, 2, 2)  # workers: max(lower row left, upgrade takes)
    # after this round: building 20, aristocrat 23, upgrade 28 at two a round; workers at this round's mean refill
    assert e.decks_after[1:] == (20, 23, 28) and e.rounds_after == 10  # the building deck's 20 cards, 2 a round
    assert e.scorings == (e.rounds_after, 1 + e.rounds_after, 1 + e.rounds_after)


def _purchases(**kw):
    p = position(**kw)
    return {(x.card, x.source, x.replaced): x for x in exact.purchases(p, p.focus.scorings)}


def test_the_seeds_cost_checks_17_8_and_1():
    got = _purchases(phase="upgrade", board={"upper": ["Lumberjack"], "lower": ["Theater", "St Isaac"]},
                     me={"rubles": 40, "cards": ["Lumberjack"] * 3 + ["Carpenter Workshop", "Theater", "Market"]},
                     focus={"scorings": {"green": 2, "blue": 2, "red": 2}})
    assert got["Theater", "lower", None].cost == 17
    assert got["St Isaac", "lower", "Market"].cost == 8
    assert got["Lumberjack", "upper", None].cost == 1


def test_the_secretary_as_the_fourth_aristocrat_with_3_scorings_gives_12_rubles_and_4_bonus_points():
    got = _purchases(phase="aristocrat", board={"upper": ["Secretary"]},
                     me={"rubles": 31, "cards": ["Author", "Administrator", "Warehouse Manager"]},
                     focus={"scorings": {"green": 3, "blue": 3, "red": 3}})
    s = got["Secretary", "upper", None]
    assert (s.cost, s.rubles_back, s.points_back, s.bonus) == (12, 12, 0, 4)
    assert s.value == 4 + Fraction(12, 10) and s.points_per_ruble == Fraction(26, 60)


def test_an_upgrade_gains_its_income_less_the_replaced_cards_and_the_tax_man_counts_new_workers():
    got = _purchases(phase="worker", board={"upper": ["Wharf", "Shepherd"]}, me={"hand": ["Senator"], "cards": [
        "Ship Builder", "Author", "Tax Man"]}, focus={"scorings": {"green": 2, "blue": 2, "red": 2}})
    wharf = got["Wharf", "upper", "Ship Builder"]
    assert wharf.cost == 12 - 7 and wharf.rubles_back == (6 - 3) * 2 and wharf.points_back == 1 * 2
    senator = got["Senator", "hand", "Author"]  # a red upgrade over my only Author: one name for another
    assert senator.bonus == 0 and senator.points_back == 2 * 2 and senator.rubles_back == (2 - 1) * 2
    shepherd = got["Shepherd", "upper", None]  # 3 rubles a worker scoring, 1 more a Tax Man scoring
    assert shepherd.income == ((3, 0), (0, 0), (1, 0)) and shepherd.rubles_back == 4 * 2


def test_observatory_draws_still_to_come_thin_the_decks_before_the_refills_after_the_building_phase():
    board = FULL_BOARD
    decks = {"worker": 12, "building": 9, "aristocrat": 5, "upgrade": 18}
    thinned = exact.end_chain(position(phase="building", board=board, decks_left=decks,
                                       focus={"observatory_draws": {"aristocrat": 1}}))
    assert thinned.triggers[0][2] == Fraction(3, 7)  # 4 left at the refill, as with the deck at 4
    assert exact.end_chain(position(phase="building", board=board, decks_left=decks)).triggers[0][2] == Fraction(2, 7)
    emptied = exact.end_chain(position(phase="building", board=board, decks_left=decks, rules={
        "observatory_last_card": "allowed"}, focus={"observatory_draws": {"aristocrat": 5}}))
    assert emptied.already_last and emptied.ends_this_round == 1
