"""Positions: every shipped one loads, the spec's example, and every impossible position is a one-line error naming
the field (through the CLI too: exit 2)."""
import copy
from pathlib import Path

import pytest
import yaml

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.catan import state
from tests.cli_helpers import invoke, one_line_error

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "catan"


def shipped(name):
    return scenario.load(SCENARIOS / name)


def test_every_shipped_position_parses():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        data = scenario.load(path)
        if "position" in data:
            p = state.parse_position(data)
            assert not isinstance(p.my_hand, int), path.name


def test_the_spec_example():
    p = state.parse_position(shipped("spec-example.yaml"))
    assert p.players == 4 and p.me == 0 and p.next_roller == 1 and p.robber == 9
    assert p.my_hand == (1, 0, 2, 1, 0) and p.hands[1] == 5 and p.cards(3) == 8
    assert p.dev_unseen == (10, 5, 2, 1, 2) and sum(p.dev_unseen) == 20
    assert p.largest_army == 1 and p.longest_road is None and p.points_public == (2, 4, 3, 2)
    assert (40, 2, 2) in p.buildings and p.mine() == [(12, 1), (19, 1)]
    assert p.rolls_before_mine == 3 and p.illustrative


def edit(name, path, value):
    d = copy.deepcopy(shipped(name))
    node = d
    for key in path[:-1]:
        node = node.setdefault(key, {}) if isinstance(node, dict) else node[key]
    node[path[-1]] = value
    return d


EX = "spec-example.yaml"
BAD = [
    (("position", "buildings", 1, "vertex"), 12, "position.buildings[1].vertex"),  # two buildings on a vertex
    (("position", "buildings", 1, "vertex"), 17, "position.buildings[0].vertex"),  # next to 17: the distance rule
    (("position", "buildings", 0, "kind"), "castle", "position.buildings[0].kind"),
    (("position", "buildings", 0, "owner"), 4, "position.buildings[0].owner"),
    (("position", "buildings", 0, "vertex"), 54, "position.buildings[0].vertex"),
    (("position", "roads", 0, "edge"), [12, 13], "position.roads[0].edge"),  # not an edge
    (("position", "roads", 0, "edge"), [12], "position.roads[0].edge"),
    (("position", "roads", 1, "edge"), [12, 17], "position.roads[1].edge"),  # two roads on one edge
    (("position", "roads", 0, "edge"), [0, 3], "position.roads"),  # not joined to my buildings
    (("position", "hands", 0), {"ore": 20}, "position.hands.0.ore"),  # over the bank
    (("position", "hands", 0), {"count": 3}, "position.hands.0"),  # my own hand by resource
    (("position", "hands", 0), {"gold": 1}, "position.hands.0.gold"),
    (("position", "hands", 5), {"count": 1}, "position.hands.5"),
    (("position", "hands", 1), {"count": 96}, "position.hands.1.count"),
    (("position", "dev", "played", "knight"), 14, "position.dev.mine.knight"),  # 14 + my 1 over the 14
    (("position", "dev", "unseen"), 21, "position.dev.unseen"),
    (("position", "dev", "bought_this_turn"), ["monopoly"], "position.dev.bought_this_turn"),
    (("position", "dev", "played", "joker"), 1, "position.dev.played.joker"),
    (("position", "robber"), 19, "position.robber"),
    (("position", "me"), 4, "position.me"),
    (("position", "next_roller"), -1, "position.next_roller"),
    (("position", "awards", "longest_road"), 0, "position.awards.longest_road"),  # 1 road
    (("position", "points_public"), [2, 4, 3], "position.points_public"),
    (("position", "points_public"), [3, 4, 3, 2], "position.points_public[0]"),  # no VP card revealed
    (("position", "harbors_built_this_turn"), [12], "position.harbors_built_this_turn[0]"),
    (("position", "focus", "target"), "castle", "position.focus.target"),
    (("position", "focus", "turns"), 31, "position.focus.turns"),
    (("position", "focus", "buys"), 21, "position.focus.buys"),
    (("position", "colour"), "red", "position.colour"),
    (("players",), 5, "players"),
    (("rules", "discard_rounding"), "sideways", "rules.discard_rounding"),
    (("rules", "board"), {"source": "printed"}, "rules.board.source"),
]


@pytest.mark.parametrize("path,value,field", BAD)
def test_an_impossible_position_is_a_one_line_error_naming_the_field(path, value, field):
    with pytest.raises(ScenarioError) as err:
        state.parse_position(edit(EX, path, value))
    assert err.value.field == field and "\n" not in str(err.value), str(err.value)


def test_more_pieces_than_the_supply():
    d = shipped(EX)
    d["position"]["buildings"] = [{"owner": 3, "vertex": v} for v in [0, 6, 16, 18, 26, 38]]
    d["position"]["roads"], d["position"]["awards"], d["position"]["points_public"] = [], {}, None
    with pytest.raises(ScenarioError) as err:
        state.parse_position(d)
    assert err.value.field == "position.buildings" and "6 settlements" in err.value.problem


def test_the_cli_says_it_in_one_line_with_exit_2(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(edit(EX, ("position", "buildings", 1, "vertex"), 12)))
    one_line_error(invoke("ask", "income", path), "position.buildings[1].vertex", "one building per vertex")
    path.write_text(yaml.safe_dump(edit(EX, ("position", "roads", 0, "edge"), [12, 13])))
    one_line_error(invoke("odds", path), "position.roads[0].edge", "not an edge")
    path.write_text(yaml.safe_dump(edit(EX, ("position", "hands", 0), {"ore": 20})))
    one_line_error(invoke("ev", path), "position.hands.0.ore")
