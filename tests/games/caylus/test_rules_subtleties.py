"""Hand-stepped tests of every rule subtlety the spec quotes (shared/rules/caylus.md, from the Czech seed), each
named setting in every reading, on exact.py and on the reference alike."""
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.caylus import analysis, exact, state
from analyzer.games.caylus import reference as ref
from analyzer.games.caylus.rules import Settings

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = Settings()
FLAT_TWO = Settings(passing_track_values="two_after_first_pass")
NO_HOLD = Settings(sixth_special_hold=False)
TRACK_2P = Settings(two_player_pass_cost="track")


def both_costs(passed, players, own, at_inn, settings):
    """exact.py's and the reference's worker cost, held equal on the way."""
    cost = exact.worker_cost(passed, players, own, at_inn, settings)
    assert cost == ref.worker_cost(passed, players, own, at_inn, settings)
    return cost


# -- phase 2: workers ----------------------------------------------------------------------------------------------

def test_a_worker_costs_one_at_first_and_one_more_per_passed_player():
    # "ze začátku 1 peníz"; each pass "zdraží umísťování ostatním hráčům o 1"
    assert [both_costs(passed, 5, False, False, DEFAULT) for passed in range(5)] == [1, 2, 3, 4, 5]
    assert both_costs(2, 4, False, False, DEFAULT) == 3  # the spec's figure: 1 + 2


def test_the_own_building_always_costs_one():
    # "nasazení pracovníka na vlastní budovu - to vždy stojí jeden peníz!"
    for settings in (DEFAULT, FLAT_TWO, NO_HOLD, TRACK_2P):
        for players in range(2, 6):
            for passed in range(players):
                assert both_costs(passed, players, True, False, settings) == 1
                if players > 2:  # the inn holder too
                    assert both_costs(passed, players, True, True, settings) == 1


def test_passing_track_values_in_both_readings():
    assert [both_costs(p, 5, False, False, DEFAULT) for p in range(5)] == [1, 2, 3, 4, 5]
    assert [both_costs(p, 5, False, False, FLAT_TWO) for p in range(5)] == [1, 2, 2, 2, 2]


def test_the_inn_holder_pays_one_anywhere_with_the_hold_and_the_track_without_it():
    # "platí za nasazení pracovníka na libovolnou budovu nebo do hradu vždy 1 peníz nezávisle na tom, kolik
    # hráčů pasovalo"
    assert [both_costs(p, 5, False, True, DEFAULT) for p in range(5)] == [1, 1, 1, 1, 1]
    assert [both_costs(p, 5, False, True, NO_HOLD) for p in range(5)] == [1, 2, 3, 4, 5]


def test_two_players_after_a_pass_pay_one_on_their_own_building_and_three_elsewhere():
    assert both_costs(0, 2, False, False, DEFAULT) == 1
    assert both_costs(1, 2, False, False, DEFAULT) == 3
    assert both_costs(1, 2, True, False, DEFAULT) == 1
    assert both_costs(1, 2, False, False, TRACK_2P) == 2  # the track reading: 1 + 1
    assert both_costs(1, 3, False, False, DEFAULT) == 2  # the 2-player rule is for 2 players only


def test_only_the_first_to_pass_gains_a_denier():
    assert [ref.first_pass_bonus(before) for before in range(5)] == [1, 0, 0, 0, 0]


# -- phase 4-5: the provost ----------------------------------------------------------------------------------------

def test_the_provost_moves_one_to_three_either_way_for_a_denier_a_space():
    moves = ref.provost_moves(10, 1, 30, 3, {})
    assert sorted(moves) == [-3, -2, -1, 0, 1, 2, 3]
    assert {b: cost for b, (cost, _, _) in moves.items()} == {b: abs(b) for b in range(-3, 4)}
    assert sorted(exact.provost_moves(10, 30)) == sorted(space for _, space, _ in moves.values())
    assert sorted(ref.provost_moves(10, 1, 30, 1, {})) == [-1, 0, 1]  # one denier: one space at most


def test_the_provost_stays_on_the_road():
    assert sorted(exact.provost_moves(2, 30)) == [1, 2, 3, 4, 5]
    assert sorted(exact.provost_moves(29, 30)) == [26, 27, 28, 29, 30]
    assert sorted(s for _, s, _ in ref.provost_moves(29, 1, 30, 9, {}).values()) == [26, 27, 28, 29, 30]


def test_the_building_under_the_provost_still_acts_and_those_beyond_are_cancelled():
    # "poslední budovou, kde se ještě akce provede, je budova, na které stojí dráb"
    workers = [(7, "red"), (8, "blue"), (9, "green"), (12, "red")]
    assert exact.cancelled(workers, 8) == [(9, "green"), (12, "red")]
    assert exact.cancelled(workers, 12) == []
    assert exact.cancelled(workers, 6) == workers
    for bribe, (_, space, gone) in ref.provost_moves(9, 1, 30, 3, dict(workers)).items():
        assert list(gone) == exact.cancelled(workers, space), bribe


def test_the_bailiff_moves_two_only_when_the_provost_is_ahead():
    assert ref.bailiff_moves(9, 10) == 9 + exact.bailiff_step(10, 9) == 11
    assert ref.bailiff_moves(9, 9) == 9 + exact.bailiff_step(9, 9) == 10  # the provost on the bailiff: not ahead
    assert ref.bailiff_moves(9, 7) == 9 + exact.bailiff_step(7, 9) == 10


# -- phase 6: the castle -------------------------------------------------------------------------------------------

def test_a_batch_is_food_and_two_other_different_cubes():
    # "3 suroviny, přičemž tyto suroviny musí být nazájem různé a jedna z nich musí být potraviny"
    for cubes, batches in [({"food": 1, "wood": 2}, 0), ({"food": 3, "wood": 1}, 0), ({"wood": 1, "stone": 1}, 0),
                           ({"food": 1, "wood": 1, "stone": 1}, 1), ({"food": 1, "gold": 1, "cloth": 1}, 1),
                           ({"food": 2, "wood": 4}, 0), ({"food": 3, "wood": 3, "stone": 1}, 1),
                           ({"food": 3, "wood": 2, "stone": 2, "cloth": 2}, 3),
                           ({"food": 5, "wood": 5, "stone": 1, "cloth": 1, "gold": 1}, 3)]:
        assert exact.max_batches(cubes) == ref.max_batches(cubes) == batches, cubes


def test_houses_score_five_four_three_and_overflow_into_the_next_section():
    assert exact.batch_points(0, 0, 2, (6, 10, 14)) == (10, (2, 0, 0))
    # dungeon 5 of 6 taken: one house there (5), the next two in the walls (4 + 4)
    assert exact.batch_points(0, 5, 3, (6, 10, 14)) == (13, (1, 2, 0))
    assert ref.lay_houses(0, 5, 3)[0] == [0, 1, 1]
    # a full dungeon passes to the walls, the walls (1 space) full after one house to the towers
    assert exact.batch_points(0, 2, 2, (2, 1, 5)) == (7, (0, 1, 1)) and ref.lay_houses(0, 2, 2, (2, 1, 5))[0] == [1, 2]
    # one tower space left: only one more house; the towers full: none
    assert exact.castle_room(2, 13, (6, 10, 14)) == ref.castle_room(2, 13) == 1
    assert ref.lay_houses(2, 13, 3)[0] == [2]
    assert exact.castle_room(2, 14, (6, 10, 14)) == ref.castle_room(2, 14) == 0 and ref.lay_houses(2, 14, 2)[0] == []
    with pytest.raises(ValueError):
        exact.batch_points(2, 13, 2, (6, 10, 14))


def test_building_nothing_costs_two_unless_the_castle_is_full():
    phase = ref.castle_phase(0, 0, [0])
    assert phase["points"] == [-2]
    assert ref.castle_phase(2, 14, [0, 1])["points"] == [0, 0]
    # the first fills the towers; the second then could not build and loses nothing
    assert ref.castle_phase(2, 12, [2, 1])["points"] == [6, 0]


def favour_of(batches):
    """The worker who wins the castle favour, by exact.py and by the reference."""
    won = [i for i, b in enumerate(batches) if exact.castle_favour(b, batches[:i], batches[i + 1:])]
    assert won == [w for w in [ref.castle_phase(0, 0, batches)["favour"]] if w is not None]
    return won[0] if won else None


def test_the_favour_goes_to_the_most_batches_ties_to_the_earlier_in_the_castle():
    assert favour_of([1, 2, 2]) == 1
    assert favour_of([2, 1, 2]) == 0
    assert favour_of([0, 3]) == 1
    assert favour_of([0, 0]) is None  # nobody built: no favour


# -- phase 8: section scoring, favours, the floor ------------------------------------------------------------------

@pytest.mark.parametrize("section, table", [
    ("dungeon", {0: (-2, 0), 1: (0, 0), 2: (0, 1), 3: (0, 1), 6: (0, 1)}),
    ("walls", {0: (-3, 0), 1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (0, 2), 5: (0, 3), 9: (0, 3)}),
    ("towers", {0: (-4, 0), 1: (0, 0), 2: (0, 1), 3: (0, 1), 4: (0, 2), 5: (0, 2), 6: (0, 3), 14: (0, 3)}),
])
def test_section_scoring_house_by_house(section, table):
    for houses, want in table.items():
        assert tuple(exact.section_score(section, houses)) == ref.section_scoring(section, houses) == want, houses


def test_a_fifth_favour_in_one_phase_is_lost():
    assert [ref.favours_usable(n) for n in range(7)] == [0, 1, 2, 3, 4, 4, 4]


def test_points_never_go_below_zero():
    # "minimální počet dosažených bodů je 0, další dosažené záporné body se hráči promíjí"
    assert ref.add_points(1, -4) == exact.floor_points(1, -4) == 0
    assert ref.add_points(ref.add_points(1, -4), 3) == 3  # the forgiven points are not owed later
    assert ref.add_points(5, -2) == exact.floor_points(5, -2) == 3


# -- the end -------------------------------------------------------------------------------------------------------

def test_the_end_bonus_counts_whole_threes_and_fours_only():
    assert exact.end_bonus(2, 7, 9) == ref.end_bonus({"gold": 2, "wood": 7}, 9) == 10  # the spec's figure
    assert exact.end_bonus(0, 2, 3) == ref.end_bonus({"food": 2}, 3) == 0
    # other cubes of different kinds add up: 1 food + 1 wood + 1 stone make a point
    assert exact.end_bonus(0, 3, 4) == ref.end_bonus({"food": 1, "wood": 1, "stone": 1}, 4) == 2


# -- setup and chance ----------------------------------------------------------------------------------------------

def test_start_money_by_first_round_order_and_two_players_both_five():
    assert exact.start_money_odds(5) == ref.start_money_odds(5)
    assert ref.start_money_odds(5)[7] == Fraction(2, 5)  # the spec's figure
    assert ref.start_money_odds(3) == {5: Fraction(1, 3), 6: Fraction(2, 3)}
    assert ref.start_money_odds(2) == exact.start_money_odds(2) == {5: Fraction(1)}


def test_least_gold_spends_plain_cubes_first():
    # gold scores 3 at the end: two batches from food 2, wood 2, stone 1, gold 2 must spend one gold
    cubes = {"food": 2, "wood": 2, "stone": 1, "gold": 2}
    assert exact.least_gold(cubes, 2) == ref.batch_options(cubes)[2] == 1
    assert exact.least_gold(cubes, 1) == ref.batch_options(cubes)[1] == 0


def test_the_neutral_layout_figures():
    odds = exact.layout_odds((None,) * 6)
    assert odds["first_k"]["carpenter", 3] == ref.neutral_in_first("carpenter", 3) == Fraction(1, 2)
    assert odds["adjacent"]["carpenter", "market"] == ref.neutrals_adjacent("carpenter", "market") == Fraction(1, 3)


def test_a_seen_neutral_building_changes_the_odds_of_the_others():
    seen = ("farm", None, None, None, None, "carpenter")
    odds = exact.layout_odds(seen)
    assert odds["first_k"]["carpenter", 5] == ref.layout_odds(seen)["carpenter", 5] == 0
    assert odds["first_k"]["market", 1] == 0 and odds["first_k"]["market", 2] == Fraction(1, 4)
    assert odds["adjacent"]["carpenter", "farm"] == ref.adjacent_odds(seen, "carpenter", "farm") == 0
    # the market next to the carpenter: only on space 5, one of 4 free spaces
    assert odds["adjacent"]["carpenter", "market"] == ref.adjacent_odds(seen, "carpenter", "market") == Fraction(1, 4)


# -- whole positions, stepped by hand --------------------------------------------------------------------------------

def position(name):
    return state.parse_position(sc.load(ROOT / "scenarios" / "caylus" / name))


def test_the_shipped_castle_position_stepped_by_hand():
    # red: food 3, wood 2, stone 1, cloth 2, gold 1; the dungeon 4 of 6 filled; castle order blue (1 batch), red,
    # green (2). Three batches: wood+cloth twice, stone+gold (one gold spent); two fit the dungeon (5 + 5), the third
    # goes to the walls (4).  Red beats blue's 1 and ties green's 2 as the earlier in the castle.
    rows = {row["batches"]: row for row in analysis.castle(position("castle.yaml"), None).payload["rows"]}
    assert sorted(rows) == [0, 1, 2, 3]
    assert [rows[k]["points"] for k in range(4)] == [-2, 5, 10, 14]
    assert [rows[k]["least_gold"] for k in range(4)] == [0, 0, 0, 1]
    assert [rows[k]["favour"] for k in range(4)] == [False, False, True, True]
    assert [rows[k]["points_after"] for k in range(4)] == [2, 9, 14, 18]
    assert (rows[3]["dungeon"], rows[3]["walls"], rows[3]["towers"]) == (2, 1, 0)


def test_the_provost_still_stands_on_the_bailiff_in_phases_two_and_three():
    # phase 1: "dráb se umístí na pole s rychtářem"; it moves only in phase 4 (or by the guild in phase 3)
    data = {"game": "caylus", "players": 3, "position": {"phase": 2, "provost": 10, "bailiff": 9}}
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert "position.provost" in str(err.value)
    data["position"]["phase"] = 5
    assert state.parse_position(data).provost == 10


def section_preview(castle, provost, bailiff, mark=None, players_state=()):
    position = {"phase": 7, "provost": provost, "bailiff": bailiff, "castle": castle,
                "players_state": list(players_state) or [{"colour": "red"}]}
    if mark is not None:
        position["section_mark"] = mark
    return analysis.section(state.parse_position({"game": "caylus", "players": 3, "position": position}),
                            None).payload


def test_a_section_ends_when_full_or_when_the_bailiff_reaches_its_mark():
    # "každá fáze hry končí kolem, ve kterém rychtář dosáhne pole se značkou ... nebo jestliže byla zaplněna
    # všechna pole stavby hradu příslušné sekce"
    assert section_preview({"section": "dungeon", "filled": 6}, 9, 9)["ends"] is True  # full (6 of 6)
    assert section_preview({"section": "dungeon", "filled": 5}, 9, 9)["ends"] is False
    walls = {"section": "walls", "filled": 3}
    assert section_preview(walls, 11, 10, mark=12)["ends"] is True  # the provost ahead: the bailiff moves 2
    assert section_preview(walls, 10, 10, mark=12)["ends"] is False  # not ahead: 1, to 11
    assert section_preview(walls, 10, 10, mark=11)["ends"] is True


def test_the_dungeon_preview_player_by_player_with_the_floor():
    rows = section_preview({"section": "dungeon", "filled": 6}, 9, 9, players_state=[
        {"colour": "red", "points": 1, "houses": 0}, {"colour": "blue", "points": 4, "houses": 1},
        {"colour": "green", "points": 2, "houses": 2}])["rows"]
    assert [(x["colour"], x["points"], x["favours"], x["points_after"]) for x in rows] == [
        ("red", -2, 0, 0), ("blue", 0, 0, 4), ("green", 0, 1, 2)]  # red's 1 point - 2: 0, not -1
