"""RoboRally positions: the shipped layouts (this project's and the spec's flat sketch) load, and every bad field
gets one line naming it and what is allowed."""
import copy

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.roborally import rules as r
from analyzer.games.roborally import state

BASE = {"game": "roborally", "position": {"me": {
    "pos": [3, 0], "facing": "N", "damage": 7, "locked": {5: "M1", 4: "RR"}, "next_flag": 2,
    "hand": ["M1", "M2", "RL"]}}}


def load(**me):
    data = copy.deepcopy(BASE)
    data["position"]["me"].update(me)
    return state.parse_position(data)


def test_a_position_loads_with_locked_registers_and_the_next_deal_deck():
    p = load()
    assert p.robot == (3, 0, 0, 7) and p.locked == ((4, 5), (5, 0)) and p.hand == (0, 1, 4)
    assert p.flag == (5, 4) and sum(p.unseen) == 82 and p.unseen[0] == 17
    assert state.questions(p) == ("odds", "deal") and state.questions(load(hand=None)) == ("deal",)


def test_the_spec_flat_sketch_loads():
    p = state.parse_position(scenario.load("scenarios/roborally/spec-example.yaml"))
    assert p.robot == (4, 7, 0, 2) and len(p.hand) == 8 and p.board.illustrative


def test_the_board_template_is_the_illustrative_board_with_its_size_and_flags_blank():
    import yaml

    board = yaml.safe_load(state.board_template())["rules"]["board"]
    with pytest.raises(ScenarioError) as err:
        r.parse_board(board, "rules.board")
    assert err.value.field == "rules.board.size[0]"
    filled = {**board, "size": [8, 8], "flags": r.ILLUSTRATIVE_BOARD_DATA["flags"]}
    assert r.parse_board(filled) == r.parse_board(r.ILLUSTRATIVE_BOARD_DATA)


def test_the_board_is_given_once_and_its_errors_name_rules_board():
    data = copy.deepcopy(BASE)
    data["rules"] = {"board": {"size": [4, 4], "flags": [[0, 0], [9, 9]]}}
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == "rules.board.flags[1][0]"
    data["position"]["board"] = "illustrative"
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == "position.board"


@pytest.mark.parametrize("me, field", [
    ({"pos": [8, 0]}, "position.me.pos[0]"), ({"pos": [2, 4]}, "position.me.pos"),
    ({"facing": "up"}, "position.me.facing"), ({"damage": 11}, "position.me.damage"),
    ({"next_flag": 4}, "position.me.next_flag"), ({"next_flag": 1}, "position.me.next_flag"),
    ({"locked": {5: "M1"}}, "position.me.locked"), ({"locked": {5: "M1", 3: "RR"}}, "position.me.locked.3"),
    ({"locked": {5: "M1", 4: "M9"}}, "position.me.locked.4"), ({"hand": ["M1"]}, "position.me.hand"),
    ({"hand": ["M1", "M2", "M1/999"]}, "position.me.hand[2]"), ({"colour": 1}, "position.me.colour")])
def test_bad_positions_name_the_field_in_one_line(me, field):
    with pytest.raises(ScenarioError) as err:
        load(**me)
    assert err.value.field == field and "\n" not in str(err.value)


@pytest.mark.parametrize("change, field", [
    ({"robots": [{"pos": [1, 1]}]}, "position.robots"), ({"seen_cards": ["M3"] * 7}, "position.seen_cards"),
    ({"board": "printed"}, "position.board"), ({"dice": 1}, "position.dice")])
def test_bad_position_fields_name_the_field(change, field):
    data = copy.deepcopy(BASE)
    data["position"].update(change)
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == field


def test_too_many_of_a_card_in_hand_and_locked():
    data = copy.deepcopy(BASE)
    data["position"]["me"].update(damage=0, locked={}, hand=["UT"] * 7 + ["M1"] * 3)
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == "position.me.hand"


def test_hand_base_9_deals_one_card_fewer():
    data = copy.deepcopy(BASE)
    data["rules"] = {"hand_base": 9}
    data["position"]["me"].update(locked={5: "M1", 4: "RR", 3: "UT"}, hand=["M1", "M2"])
    assert state.parse_position(data).hand == (0, 1)


def test_a_priority_is_one_card_so_it_cannot_be_written_twice_with_the_common_bands():
    data = copy.deepcopy(BASE)
    data["position"]["me"]["hand"] = ["M1/520", "M2", "RL"]
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data | {"position": {**data["position"], "seen_cards": ["M1/520"]}})
    assert err.value.field == "position.seen_cards"
    data["rules"] = {"priorities": "any"}
    assert state.parse_position(data | {"position": {**data["position"], "seen_cards": ["M1/520"]}}).seen == (0,)
