"""Every rule subtlety the spec quotes, hand-stepped on a scenario through the answers (analysis.py on exact.py) and
held to the reference on the same scenario: the refill to 8, the unseen pool (72 less my hand), the cost table and
its "–", rafts (downstream 1, upstream 2, lake 2; no counter, caravan or obstacle), the obstacle's extra card and the
4-card caravan, a caravan of any cards (the lacking kind too), caravan_when lacking against any, a road used twice
paid twice, the counter pool (48 less the open, placed, held face up and mine), the 5 held and 5 open, and every
named setting in each reading it lists."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.elfenland import reference as ref
from analyzer.games.elfenland import state


def scenario(rules=None, players=4, **position) -> dict:
    return {"game": "elfenland", "players": players, "rules": rules or {}, "position": position}


def answered(data: dict) -> dict:
    """The answers as analysis.py gives them, after checking that the reference gives the same."""
    engine = ref.engine_answers(data)
    assert engine == ref.answers(data)
    return engine


def odds(hand, route, rules=None, phase="deal", round_=2, **more) -> tuple[Fraction, Fraction]:
    return answered(scenario(rules, round=round_, phase=phase, me={"hand": list(hand)}, route=route, **more))["odds"]


def leg(kind, terrain=None, obstacle=False, **more) -> dict:
    where = {"water": terrain} if kind == "raft" else {"terrain": terrain} if terrain else {}
    return {"kind": kind, **where, **({"obstacle": True} if obstacle else {}), **more}


def refused(data: dict, field: str) -> str:
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == field, str(err.value)
    assert "\n" not in str(err.value)
    return str(err.value)


# -- the deal: refill to 8 from the unseen pool -------------------------------------------------------------------

def test_round_one_deals_8_of_72_and_takes_no_kept_hand():
    p = state.parse_position(scenario(round=1, route=[leg("dragon", "plain")]))
    assert p.to_deal == 8 and sum(p.pool_dict.values()) == 72
    # P(at least one dragon in 8 of 72) = 1 - C(62,8)/C(72,8)
    none = Fraction(1)
    for i in range(8):
        none *= Fraction(62 - i, 72 - i)
    assert odds([], [leg("dragon", "plain")], round_=1)[0] == 1 - none
    refused(scenario(round=1, me={"hand": ["dragon"]}), "position.me.hand")


def test_later_rounds_refill_the_kept_hand_to_8_from_72_less_it():
    # kept 4 dragons: 6 dragons left among 68, 4 cards dealt; a dragon in the desert twice costs 1 + 1
    p = state.parse_position(scenario(round=3, me={"hand": ["dragon"] * 4}))
    assert p.to_deal == 4 and p.pool_dict["dragon"] == 6 and sum(p.pool_dict.values()) == 68
    assert odds(["dragon"] * 4, [leg("dragon", "desert")] * 4) == (1, 1)
    # 5 dragons needed, 4 held: P(at least one of the 6 among 4 of 68)
    none = Fraction(62 * 61 * 60 * 59, 68 * 67 * 66 * 65)
    assert odds(["dragon"] * 4, [leg("dragon", "desert")] * 5)[0] == 1 - none
    assert "5" in refused(scenario(round=2, me={"hand": ["pig"] * 3}, cards_to_deal=4), "position.cards_to_deal")
    refused(scenario(round=2, me={"hand": ["pig"] * 5}), "position.me.hand")  # at most 4 kept


def test_after_the_deal_the_hand_is_all_there_is():
    route = [leg("troll", "forest")]
    assert odds(["troll", "troll", "pig"], route, phase="move") == (1, 1)
    assert odds(["troll", "pig", "pig"], route, phase="move") == (0, 1)  # the caravan: troll + 2 pigs
    assert odds(["troll", "pig"], route, phase="move") == (0, 0)


# -- costs: the table, rafts, the obstacle, a road twice ----------------------------------------------------------

@pytest.mark.parametrize("kind, terrain, cards", [
    ("pig", "plain", 1), ("pig", "forest", 1), ("cycle", "mountain", 2), ("cloud", "plain", 2),
    ("cloud", "mountain", 1), ("unicorn", "desert", 2), ("unicorn", "forest", 1), ("troll", "plain", 1),
    ("troll", "mountain", 2), ("dragon", "forest", 2), ("dragon", "desert", 1)])
def test_a_leg_costs_its_table_entry_in_matching_cards(kind, terrain, cards):
    assert odds([kind] * cards, [leg(kind, terrain)], phase="move")[0] == 1
    assert odds([kind] * (cards - 1) + ["raft"] * (8 - cards), [leg(kind, terrain)], phase="move")[0] == 0


@pytest.mark.parametrize("kind, terrain", [("pig", "desert"), ("pig", "mountain"), ("cycle", "desert"),
                                           ("cloud", "desert"), ("unicorn", "plain")])
def test_a_dash_in_the_table_is_a_leg_no_counter_of_that_kind_may_take(kind, terrain):
    refused(scenario(route=[leg(kind, terrain)]), "position.route[0].terrain")


def test_rafts_cost_1_downstream_2_upstream_and_2_on_a_lake_and_take_no_caravan_nor_obstacle():
    for water, cards in (("downstream", 1), ("upstream", 2), ("lake", 2)):
        assert odds(["raft"] * cards, [leg("raft", water)], phase="move") == (1, 1)
        # the matching cards short by one: no caravan on water, whatever the rest of the hand
        assert odds(["raft"] * (cards - 1) + ["dragon"] * 6, [leg("raft", water)], phase="move") == (0, 0)
    refused(scenario(route=[leg("raft", "lake", obstacle=True)]), "position.route[0].obstacle")
    refused(scenario(route=[{"kind": "raft", "terrain": "plain"}]), "position.route[0].terrain")
    # a raft leg lacks no counter: ev has nothing to answer for it
    rafting = scenario(round=2, phase="counters", me={"hand": ["raft"]}, route=[leg("raft", "upstream")],
                       open_counters=["pig"])
    assert "ev" not in answered(rafting)


def test_an_obstacle_adds_one_card_of_the_same_kind_and_makes_the_caravan_4():
    route = [leg("troll", "forest", obstacle=True)]  # 2 + 1
    assert odds(["troll"] * 3, route, phase="move") == (1, 1)
    assert odds(["troll"] * 2 + ["pig"], route, phase="move") == (0, 0)  # 3 cards: short of the 4-card caravan
    assert odds(["troll"] * 2 + ["pig"] * 2, route, phase="move") == (0, 1)
    # a typed cost is the printed one, the obstacle on top
    assert odds(["cloud"] * 2, [{"kind": "cloud", "cost": 1, "obstacle": True}], phase="move") == (1, 1)


def test_a_road_used_again_is_paid_again():
    there_and_back = [leg("pig", "plain", road="Elvenhold-Beata"), leg("pig", "plain", road="Elvenhold-Beata")]
    assert odds(["pig"], there_and_back, phase="move") == (0, 0)
    assert odds(["pig", "pig"], there_and_back, phase="move") == (1, 1)


# -- caravans -----------------------------------------------------------------------------------------------------

def test_a_caravan_is_any_3_cards_the_lacking_kind_among_them():
    route = [leg("dragon", "forest")]
    assert odds(["dragon", "raft", "raft"], route, phase="move") == (0, 1)
    assert odds(["unicorn", "cloud", "pig"], route, phase="move") == (0, 1)
    assert odds(["dragon", "raft"], route, phase="move") == (0, 0)


def test_caravan_when_lacking_forces_the_matching_cards_where_any_lets_a_caravan_spare_them():
    # troll 2, then troll 1 twice; hand: 2 trolls, 3 dragons, 2 pigs.  lacking: the trolls must pay the first leg,
    # then a caravan (3 of the 5 left), and 2 cards cannot make the third leg's caravan.  any: a caravan of the
    # 3 dragons pays the first leg and the trolls pay the other two.
    route = [leg("troll", "forest"), leg("troll", "plain"), leg("troll", "plain")]
    hand = ["troll"] * 2 + ["dragon"] * 3 + ["pig"] * 2
    assert odds(hand, route, phase="move") == (0, 0)
    assert odds(hand, route, {"caravan_when": "lacking"}, phase="move") == (0, 0)
    assert odds(hand, route, {"caravan_when": "any"}, phase="move") == (0, 1)
    assert ref.pays(tuple(sorted(hand)), tuple(ref.leg(b) for b in route), True, "lacking") is False


def test_caravan_when_lacking_still_lets_an_earlier_caravan_spend_any_cards():
    # lacking the dragon for leg 1, the caravan is my choice of 3: two pigs and the cloud leave the troll for leg 2
    route = [leg("dragon", "forest"), leg("troll", "plain")]
    assert odds(["troll", "pig", "pig", "cloud"], route, phase="move") == (0, 1)
    assert odds(["troll", "pig", "pig"], route, phase="move") == (0, 0)


# -- counters -----------------------------------------------------------------------------------------------------

def test_the_first_blind_draw_with_2_dragons_open_is_6_over_43():
    blind = answered(scenario(round=1, open_counters=["dragon", "dragon", "cycle", "pig", "cloud"]))["blind"]
    assert blind["dragon"] == Fraction(6, 43) and blind["cycle"] == blind["pig"] == Fraction(7, 43)
    assert blind["unicorn"] == Fraction(8, 43) and sum(blind.values()) == 1


def test_the_unseen_pool_is_48_less_open_placed_face_up_held_and_mine_but_not_opponents_face_down():
    data = scenario(round=2, phase="counters", open_counters=["troll"],
                    placed=["troll", {"road": "a-b", "kind": "troll"}], opponent_counters=["troll"],
                    me={"counters": ["troll"], "hidden_counter": ["troll", "pig"]})
    blind = answered(data)["blind"]
    assert blind["troll"] == Fraction(8 - 6, 48 - 7) and blind["pig"] == Fraction(7, 41)


def test_at_most_5_open_and_5_held_and_2_face_down_only_from_round_2_under_two_face_down():
    refused(scenario(open_counters=["pig"] * 6), "position.open_counters")
    refused(scenario(phase="counters", me={"counters": ["pig"] * 5, "hidden_counter": "cloud"}), "position.me.counters")
    refused(scenario(round=1, me={"hidden_counter": ["pig", "cloud"]}), "position.me.hidden_counter")
    two = scenario(round=2, me={"hidden_counter": ["pig", "cloud"]})
    assert state.parse_position(two).held == ("pig", "cloud")
    refused({**two, "rules": {"later_round_counters": "one_face_down"}}, "position.me.hidden_counter")
    refused(scenario(open_counters=["pig"] * 5, placed=["pig"] * 4), "position.open_counters")  # 9 of 8 pigs


def test_a_pick_is_worth_the_legs_still_lacking_their_counter():
    route = [leg("troll", "forest", road="a-b"), leg("troll", "plain", road="b-c"),
             leg("unicorn", "forest", road="c-d"), leg("pig", "plain", road="d-e")]
    data = scenario(round=2, phase="counters", route=route, placed=[{"road": "a-b", "kind": "troll"}],
                    me={"counters": ["unicorn"], "hidden_counter": "cloud"}, open_counters=["troll", "cloud", "cloud"])
    # leg 1 has its counter on its road, leg 3 my unicorn: trolls and pigs still lack one each
    assert dict(state.parse_position(data).wanted) == {"troll": 1, "pig": 1}
    ev = answered(data)["ev"]
    unseen = 48 - 1 - 2 - 3  # placed, mine, the display
    assert ev == {"open troll": 1, "open cloud": 0, "blind": Fraction((8 - 2) + 8, unseen)}


# -- every named setting in each reading ---------------------------------------------------------------------------

def test_deck_reshuffle_every_round_deals_from_72_less_my_hand_and_when_empty_keeps_the_discards_out():
    route = [leg("dragon", "desert")]
    discards = ["dragon"] * 9
    kept = ["pig"] * 4
    assert odds(kept, route, discards=discards)[0] == 1 - Fraction(58 * 57 * 56 * 55, 68 * 67 * 66 * 65)
    assert odds(kept, route, {"deck_reshuffle": "every_round"}, discards=discards) == odds(kept, route)
    # when_empty: 1 dragon among 59
    assert odds(kept, route, {"deck_reshuffle": "when_empty"}, discards=discards)[0] == Fraction(4, 59)
    refused(scenario({"deck_reshuffle": "when_empty"}, round=2, me={"hand": ["dragon"] * 2}, discards=["dragon"] * 9),
            "position.discards")


@pytest.mark.parametrize("name, readings", [
    ("opponent_keep", ["exchangeable"]), ("elvenhold_piece", [False, True]), ("town_cards", [False, True]),
    ("town_distance", ["roads", "towns_between"]), ("later_round_counters", ["two_face_down", "one_face_down"])])
def test_the_settings_that_concern_no_question_change_no_answer_in_any_reading(name, readings):
    data = scenario(round=2, me={"hand": ["troll", "pig", "raft", "raft"], "hidden_counter": "dragon"},
                    open_counters=["troll"], route=[leg("troll", "forest"), leg("dragon", "plain", obstacle=True)])
    base = answered(data)
    for reading in readings:
        assert answered({**data, "rules": {name: reading}}) == base


def test_a_held_counter_covers_one_leg_of_its_kind_and_a_placed_one_only_its_own_road():
    route = [leg("troll", "plain", road="a-b"), leg("troll", "plain", road="b-c"), leg("troll", "plain", road="c-d")]
    data = scenario(round=2, phase="counters", route=route, me={"counters": ["troll"]}, open_counters=["troll"],
                    placed=[{"road": "a-b", "kind": "troll"}, {"road": "x-y", "kind": "troll"}])
    assert dict(state.parse_position(data).wanted) == {"troll": 1}  # b-c or c-d: my troll goes on one of them
    assert answered(data)["ev"] == {"open troll": 1, "blind": Fraction(8 - 4, 48 - 4)}
    elsewhere = scenario(round=2, phase="counters", route=route[:1], placed=[{"road": "a-b", "kind": "pig"}],
                         open_counters=["cloud"])
    assert dict(state.parse_position(elsewhere).wanted) == {"troll": 1}  # a pig on a-b is no troll for it
