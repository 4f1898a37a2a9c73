"""Caylus positions: the spec's flat sketch loads, fields are read as the docstring says, and every impossible
position is a one-line ScenarioError naming the field."""
import copy

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.caylus import state

BASE = {"game": "caylus", "players": 4, "position": {
    "phase": 2, "provost": 9, "bailiff": 9, "neutral_order": ["carpenter", None, "forest", None, None, None],
    "road": [{"space": 7, "building": "wood_quarry", "owner": "red", "worker": "blue"}],
    "passing_track": ["blue"], "castle": {"section": "dungeon", "filled": 3, "workers": ["red"]},
    "players_state": [{"colour": "red", "deniers": 4, "cubes": {"food": 2, "wood": 1, "stone": 2},
                       "workers_left": 3}]}}


def load(**changes):
    data = copy.deepcopy(BASE)
    for where, value in changes.items():
        node = data
        *path, last = where.split("__")
        for key in path:
            node = node[key]
        node[last] = value
    return state.parse_position(data)


def test_the_spec_sketch_in_its_flat_layout_loads():
    p = state.parse_position(scenario.load("scenarios/caylus/spec-example.yaml"))
    assert p.players == 4 and p.round == 3 and p.phase == 2 and p.provost == p.bailiff == 9
    assert p.neutral_order == ("carpenter", "farm", "forest", "sawmill", "quarry", "market")
    assert p.road == ((7, "wood_quarry", "red", "blue"),) and p.road_workers == [(7, "blue")]
    assert p.passing_track == ("blue",) and p.castle_workers == ("red",) and p.filled == 3
    assert p.me == "red" and p.player("red").cube("stone") == 2 and p.player("red").cube("gold") == 0
    assert p.settings.building_table == "pindia_fan_unverified"


def test_defaults_and_what_each_position_answers():
    p = load()
    assert p.neutral_order[1] is None and p.castle_room == 27 and not p.section_full
    assert state.questions(p) == ("odds", "worker_cost", "provost", "ev", "section", "castle")
    bare = state.parse_position({"game": "caylus"})
    assert state.questions(bare) == ("odds", "worker_cost", "provost")


@pytest.mark.parametrize("changes,field", [
    ({"players": 6}, "players"),
    ({"position__phase": 9}, "position.phase"),
    ({"position__provost": 11}, "position.provost"),  # phases 2-3: the provost stands on the bailiff
    ({"position__bailiff": 3, "position__provost": 3}, "position.bailiff"),  # the bailiff starts on space 6
    ({"position__neutral_order": ["carpenter", "carpenter", None, None, None, None]}, "position.neutral_order"),
    ({"position__neutral_order": ["carpenter"]}, "position.neutral_order"),
    ({"position__neutral_order": ["mill", None, None, None, None, None]}, "position.neutral_order[0]"),
    ({"position__road": [{"space": 7, "building": "a"}, {"space": 7, "building": "b"}]}, "position.road[1].space"),
    ({"position__road": [{"space": 7, "building": "a", "worker": "pink"}]}, "position.road[0].worker"),
    ({"position__road": [{"space": 7}]}, "position.road[0].building"),
    ({"position__passing_track": ["blue", "blue"]}, "position.passing_track"),
    ({"position__castle": {"section": "keep"}}, "position.castle.section"),
    ({"position__castle": {"section": "dungeon", "filled": 7}}, "position.castle.filled"),
    ({"position__castle": {"workers": ["red"], "batches": {"blue": 1}}}, "position.castle.batches.blue"),
    ({"position__players_state": [{"deniers": 3}]}, "position.players_state[0].colour"),
    ({"position__players_state": [{"colour": "red", "cubes": {"iron": 1}}]}, "position.players_state[0].cubes.iron"),
    ({"position__players_state": [{"colour": "red", "workers_left": 7}]}, "position.players_state[0].workers_left"),
    ({"position__players_state": [{"colour": "red"}, {"colour": "red"}]}, "position.players_state"),
    ({"position__me": "green"}, "position.me"),
    ({"position__passing_track": ["blue", "green", "orange", "black"]}, "position"),  # 5 colours, 4 players
    ({"position__road_length": 5}, "position.road_length"),
    ({"position__road_length": 6}, "position.road"),
    ({"position__section_mark": 3}, "position.section_mark"),
    ({"position__tower": 1}, "position.tower"),
    ({"players": 2, "position__players_state": [{"colour": "red", "at_inn": True}]},
     "position.players_state[0].at_inn"),  # 2 players leave the inn unused
])
def test_an_impossible_position_is_a_one_line_error_naming_the_field(changes, field):
    with pytest.raises(ScenarioError) as err:
        load(**changes)
    assert err.value.field == field and "\n" not in str(err.value)


def test_the_inn_with_two_players_says_what_is_allowed():
    with pytest.raises(ScenarioError) as err:
        load(players=2, position__players_state=[{"colour": "red", "at_inn": True}])
    assert "true is not allowed with 2 players" in err.value.problem and "allowed: false or left out" in err.value.problem
