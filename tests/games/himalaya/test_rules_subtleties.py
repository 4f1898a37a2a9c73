"""Every rule subtlety the spec quotes, hand-stepped and checked against both exact.py and the reference: the wrap
to the next higher empty village (20 and 1 full -> 2), what a placement skips in both occupied_means readings,
goods before tasks, the spec's closed form for one placement, short_bag in both readings, the lowest cube a trader
must take, the strict inventory majority (a tie: nobody), the three-player winner in both readings, and the
optional modules' readings."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.himalaya import analysis, exact, state
from analyzer.games.himalaya import reference as ref
from analyzer.games.himalaya import rules as r
from analyzer.games.himalaya.rules import Settings

GOODS_OR_TASK, GOODS_ONLY = Settings(), Settings(occupied_means="goods_only")


def odds(goods, tasks, n_goods, n_tasks, settings=GOODS_OR_TASK):
    """village -> (P goods, P task) from exact.py, checked equal to the reference's stepped rolls."""
    got = exact.marginals(exact.refill_law(frozenset(goods), frozenset(tasks), n_goods, n_tasks, settings))
    want = ref.village_odds(ref.refill_law(goods, tasks, n_goods, n_tasks, settings.occupied_means == "goods_or_task"))
    assert got == want
    return got


# -- the d20 rule ------------------------------------------------------------------------------------------------

def test_an_occupied_roll_goes_to_the_next_higher_empty_village_wrapping_20_to_1():
    assert r.landing(frozenset({20, 1}), 20) == ref.landing(20, {20, 1}) == 2  # the seed's example
    assert r.landing(frozenset({20, 1}), 1) == 2 and r.landing(frozenset({20, 1}), 19) == 19
    assert r.landing(frozenset({5, 6, 7}), 5) == 8  # the next higher, never lower
    one = odds({20, 1}, set(), 1, 0)
    assert one[2][0] == Fraction(3, 20)  # rolls 20, 1, 2
    assert one[3][0] == Fraction(1, 20) and one[20][0] == one[1][0] == 0


def test_one_placement_follows_the_spec_closed_form_across_the_wrap():
    blocked = {19, 20, 1}
    assert exact.single_placement(frozenset(blocked), 2) == ref.single_placement(blocked, 2) == Fraction(4, 20)
    spec = {2, 3, 4, 5, 6, 12, 15, 18, 19}
    assert exact.single_placement(frozenset(spec), 7) == Fraction(3, 10)
    assert exact.single_placement(frozenset(spec), 20) == Fraction(3, 20)
    assert exact.single_placement(frozenset(spec), 4) == 0


def test_goods_or_task_a_goods_placement_skips_task_villages_and_goods_only_does_not():
    # goods at 2, a task at 3, one goods placement
    both = odds({2}, {3}, 1, 0, GOODS_OR_TASK)
    assert both[3][0] == 0 and both[4][0] == Fraction(3, 20)  # rolls 2, 3, 4
    only = odds({2}, {3}, 1, 0, GOODS_ONLY)
    assert only[3][0] == Fraction(2, 20) and only[4][0] == Fraction(1, 20)  # goods may join the task at 3


@pytest.mark.parametrize("settings", [GOODS_OR_TASK, GOODS_ONLY], ids=lambda s: s.occupied_means)
def test_a_task_placement_skips_goods_and_task_villages_in_either_reading(settings):
    tasks = odds({2}, {3}, 0, 1, settings)
    assert tasks[2][1] == tasks[3][1] == 0 and tasks[4][1] == Fraction(3, 20)


def test_goods_are_placed_before_tasks():
    # only villages 1 and 2 free: the goods (placed first) take 1 unless the die shows 2
    free = {1, 2}
    blocked = set(range(1, 21)) - free
    got = odds(blocked, set(), 1, 1)
    assert got[1] == (Fraction(19, 20), Fraction(1, 20))
    assert got[2] == (Fraction(1, 20), Fraction(19, 20))


def test_the_spec_refill_of_one_goods_then_two_tasks_gives_village_8_a_task_249_in_2000():
    got = odds({2, 3, 12, 18}, {4, 5, 15}, 1, 2)
    assert got[8][1] == Fraction(249, 2000)
    assert sum(g for g, _ in got.values()) == 1 and sum(t for _, t in got.values()) == 2


def test_the_joint_law_of_two_goods_placements_is_over_sets_of_villages():
    law = exact.goods_law(exact.refill_law(frozenset(range(3, 21)), frozenset(), 2, 0, GOODS_OR_TASK))
    assert law == {frozenset({1, 2}): 1}  # two free villages, two placements: both filled, in either order
    law = exact.goods_law(exact.refill_law(frozenset(range(4, 21)), frozenset(), 2, 0, GOODS_OR_TASK))
    # the first lands on 1 for rolls 1, 4..20 (18/20), then on 2 for every roll but 3, the wrap passing 20 -> 1 -> 2
    assert law == {frozenset({1, 2}): Fraction(9, 10), frozenset({1, 3}): Fraction(37, 400),
                   frozenset({2, 3}): Fraction(3, 400)}
    assert law == ref.goods_sets(ref.refill_law(set(range(4, 21)), set(), 2, 0))


# -- the bag -----------------------------------------------------------------------------------------------------

def test_a_fresh_village_from_60_cubes_shows_gold_156217_in_227563():
    bag = dict.fromkeys(r.COLOURS, 12)
    assert exact.bag_odds(bag)["gold"][0] == ref.shows(ref.draw_law(bag), "gold") == Fraction(156217, 227563)


def test_a_trader_must_take_the_lowest_value_cube_there():
    bag = {"barley": 1, "gold": 5}  # 5 of 6 cubes drawn: barley is there 5 times in 6, then it must be taken
    got = exact.bag_odds(bag)
    assert got["barley"] == (Fraction(5, 6), Fraction(5, 6))
    assert got["gold"] == (Fraction(1), Fraction(1, 6))
    assert got["salt"] == (0, 0)
    assert ref.lowest(ref.draw_law(bag)) == {"barley": Fraction(5, 6), "gold": Fraction(1, 6)}
    assert sum(low for _, low in exact.bag_odds(dict.fromkeys(r.COLOURS, 12)).values()) == 1


@pytest.mark.parametrize("short_bag, placements",
                         [("place_what_is_left", (2, 2, 1, 0)), ("no_placement", (2, 1, 0, 0))])
def test_a_short_bag_places_what_is_left_or_nothing(short_bag, placements):
    # two goods placements wanted, the bag holding 10, 7, 3, 0 cubes
    assert tuple(exact.goods_placements(2, size, short_bag) for size in (10, 7, 3, 0)) == placements
    assert tuple(ref.goods_placements(2, size, short_bag) for size in (10, 7, 3, 0)) == placements


def test_a_short_bag_village_shows_only_the_cubes_left():
    bag = {"salt": 1, "tea": 2}
    assert exact.bag_odds(bag)["tea"] == (1, Fraction(0)) and exact.bag_odds(bag)["salt"] == (1, 1)
    assert ref.draw_law(bag) == {("salt", "tea", "tea"): 1}


# -- inventory and the winner ------------------------------------------------------------------------------------

def test_the_inventory_token_goes_to_the_strict_most_and_a_tie_gives_it_to_nobody():
    assert r.inventory_winner({"me": 3, "p2": 2, "p3": 0}) == "me"
    assert r.inventory_winner({"me": 2, "p2": 2, "p3": 1}) is None  # "Pri rovnosti nikto jakov nevyhrá"
    assert r.inventory_winner({"me": 0, "p2": 0, "p3": 0}) is None
    assert ref.strict_winner({"me": 2, "p2": 2, "p3": 1}) is None


def test_my_inventory_chance_over_the_opponents_unknown_cubes_counts_a_tie_as_nobodys():
    # I hold 3 jade; p2 holds 1 jade and p3 none known, each with 2 unknown cubes, the pool 2 jade and 2 salt
    got = exact.inventory_odds({"jade": 3}, [("p2", {"jade": 1}, 2), ("p3", {}, 2)], {"jade": 2, "salt": 2})["jade"]
    # p2 draws no jade (1/6) or one (4/6): I lead; both jade (1/6): p2 reaches 3 = mine, nobody
    assert {w: p for w, p in got.items() if p} == {"me": Fraction(5, 6), None: Fraction(1, 6)}
    assert ref.inventory_law(3, [("p2", 1, 2), ("p3", 0, 2)], 2, 2) == {"me": Fraction(5, 6), None: Fraction(1, 6)}


def test_three_players_two_of_three_reads_category_leads_and_sum_two_reads_the_best_two():
    points = {"me": (5, 5, 0), "p2": (4, 4, 9), "p3": (0, 0, 0)}
    assert r.three_player_winner(points, "two_of_three") == "me"  # leads economy and politics
    assert r.three_player_winner(points, "sum_two") == "p2"  # 13 against my 10
    nobody_two = {"me": (10, 0, 0), "p2": (9, 9, 0), "p3": (0, 0, 8)}
    assert r.three_player_winner(nobody_two, "two_of_three") == "me"  # one lead each: economy decides
    assert r.three_player_winner(nobody_two, "sum_two") == "p2"
    for reading in ("two_of_three", "sum_two"):
        for case in (points, nobody_two):
            assert ref.three_player_winner(case, reading) == r.three_player_winner(case, reading)


# -- the optional modules ----------------------------------------------------------------------------------------

def test_full_inventory_adds_the_delegations_and_the_stupa_to_the_token():
    assert r.inventory_rewards(False) == ("yak_token",)
    assert r.inventory_rewards(True) == ("yak_token", "two_delegations", "stupa")


def test_storm_stop_void_refuses_a_last_move_onto_the_storm_and_allowed_makes_it():
    assert r.storm_last_move(Settings().storm_stop) is False
    assert r.storm_last_move(Settings(storm_stop="allowed").storm_stop) is True


# -- the same subtleties on whole positions, through state.py and analysis.py ---------------------------------------

SKETCH = {"villages": {2: {"goods": ["salt", "jade"]}, 3: {"goods": ["tea"]}, 4: {"task": ["salt", "jade"]},
                       5: {"task": ["gold"]}, 12: {"goods": ["barley", "barley", "gold"]}, 15: {"task": ["tea"]},
                       18: {"goods": ["salt"]}},
          "bag": {"salt": 9, "barley": 10, "tea": 11, "jade": 9, "gold": 10}, "first_leader": 3, "round": 3,
          "leaders": {"me": 7, "p2": 12, "p3": 4, "p4": 18},
          "holdings": {"me": {"salt": 1, "jade": 1}, "p2": {"jade": 1, "gold": 1}, "p3": {}, "p4": {}}}


def scenario(rules=None, **position):
    return {"game": "himalaya", "players": 4, "rules": rules or {}, "position": {**SKETCH, **position}}


def refill_payload(data):
    return analysis.odds(state.parse_position(data), None).payload


@pytest.mark.parametrize("reading", ["goods_or_task", "goods_only"])
def test_the_spec_sketch_refills_one_goods_then_two_tasks_in_either_reading(reading):
    data = scenario({"occupied_means": reading})
    payload = refill_payload(data)
    assert payload["refill"] == {"goods": 1, "tasks": 2}
    got = {row["village"]: (Fraction(row["goods_exact"]), Fraction(row["task_exact"])) for row in payload["villages"]}
    assert got == ref.scenario_answers(data)["refill"]
    if reading == "goods_or_task":
        assert got[8][1] == Fraction(249, 2000)
        assert got[4][0] == 0 and got[6][0] == Fraction(5, 20)  # rolls 2..6: goods skip the tasks at 4 and 5
    else:
        assert got[4][0] == Fraction(3, 20) and got[6][0] == Fraction(1, 20)  # rolls 2, 3, 4 land on the task at 4


def test_goods_and_a_task_share_a_village_only_when_goods_only():
    both = {**SKETCH["villages"], 4: {"task": ["salt", "jade"], "goods": ["gold"]}}
    bag = {**SKETCH["bag"], "gold": 9}  # the gold cube now at 4 came from the bag
    with pytest.raises(ScenarioError, match="position.villages.4"):
        state.parse_position(scenario(villages=both, bag=bag))
    p = state.parse_position(scenario({"occupied_means": "goods_only"}, villages=both, bag=bag))
    assert 4 in {v for v, _ in p.goods} and 4 in {v for v, _ in p.tasks}


def test_a_village_whose_last_cube_was_taken_no_longer_offers_goods():
    emptied = {v: block for v, block in SKETCH["villages"].items() if v != 3}  # village 3's tea taken: not listed
    payload = refill_payload(scenario(villages=emptied))
    assert payload["refill"]["goods"] == 2  # 3 villages still offer goods
    village_3 = next(row for row in payload["villages"] if row["village"] == 3)
    assert village_3["now"] == "free" and Fraction(village_3["goods_exact"]) > 0


@pytest.mark.parametrize("short_bag, placed", [("place_what_is_left", 2), ("no_placement", 1)])
def test_a_bag_of_7_makes_two_goods_placements_or_one(short_bag, placed):
    emptied = {v: block for v, block in SKETCH["villages"].items() if v != 3}  # 2 goods placements wanted
    bag = {"salt": 2, "barley": 1, "tea": 2, "jade": 1, "gold": 1}
    data = scenario({"short_bag": short_bag}, villages=emptied, bag=bag,
                    holdings={"me": {}, "p2": {}, "p3": {}, "p4": "untracked"})
    payload = refill_payload(data)
    assert payload["refill"]["goods"] == placed
    assert sum(Fraction(row["goods_exact"]) for row in payload["villages"]) == placed


def test_the_bag_question_draws_5_of_a_derived_bag_and_says_illustrative_at_the_default_split():
    derived = analysis.bag(state.parse_position(scenario(bag="derived")), None).payload
    assert derived["bag_size"] == 60 - 7 - 4 and derived["illustrative"]  # 7 cubes in villages, 4 held
    given = analysis.bag(state.parse_position(scenario({"resources_per_colour": 10}, bag="derived")), None).payload
    assert given["bag_size"] == 50 - 11 and not given["illustrative"]
    bag = dict.fromkeys(r.COLOURS, 12)
    fresh = analysis.bag(state.parse_position(scenario(villages={}, holdings={}, bag="derived")), None).payload
    gold = next(row for row in fresh["colours"] if row["colour"] == "gold")
    assert Fraction(gold["shows_exact"]) == ref.shows(ref.draw_law(bag), "gold") == Fraction(156217, 227563)


def test_the_inventory_of_the_sketch_gives_me_salt_and_nobody_jade():
    payload = analysis.inventory(state.parse_position(scenario()), None).payload
    law = {row["colour"]: {w: Fraction(q) for w, q in row["winners"].items() if Fraction(q)}
           for row in payload["colours"]}
    assert law["salt"] == {"me": 1}  # 1 against 0, 0, 0
    assert law["jade"] == {"None": 1}  # 1 and 1: a tie, nobody
    assert law["gold"] == {"p2": 1} and law["tea"] == {"None": 1}  # nobody holds tea: nobody


def test_two_leaders_never_share_a_village():
    with pytest.raises(ScenarioError, match="position.leaders.p2"):
        state.parse_position(scenario(leaders={"me": 7, "p2": 7, "p3": 4, "p4": 18}))
