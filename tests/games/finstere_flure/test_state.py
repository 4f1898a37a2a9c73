"""state.py: the spec's position loads; every impossible position is one line naming the field, exit 2."""
import copy
import json
from pathlib import Path

import pytest
import yaml

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure import state
from tests.cli_helpers import invoke, one_line_error

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "finstere_flure"
BASE = scenario.load(SCENARIOS / "spec-position.yaml")


def test_the_spec_s_position_loads_as_written():
    p = state.parse_position(BASE)
    assert (p.players, p.me, p.stage, p.round, p.cards_left) == (3, 2, 1, 4, ("5", "7", "8", "10", "X2"))
    assert (p.monster, p.facing, p.to_move, p.exits, p.illustrative) == ((4, 2), r.E, 2, (1,), False)
    assert p.figures[1] == state.Figure(0, (2, 5), None, 2, False)  # `pos: off` (YAML reads a bare off as false)
    assert p.board.stones == {(6, 3), (9, 7)} and not p.crosses_barred()
    table = state.to_table(p)
    assert [f.pos for f in table.figures] == [(10, 6), "off", (3, 2), (12, 2)] and table.monster == (4, 2)


def test_no_board_is_the_illustrative_default_and_top_follows_from_round_and_moved():
    data = scenario.load(SCENARIOS / "safest-square.yaml")
    p = state.parse_position(data)
    assert p.illustrative and p.board == r.DEFAULT_BOARD
    assert [f.top for f in p.figures[:3]] == [6, 3, 2]  # round 6: black side up; the moved 4/3 now shows 3


def _untopped():
    data = copy.deepcopy(BASE)
    for f in data["position"]["figures"]:
        f.pop("top")
    return data


def test_the_cross_ban_per_reading():
    data = _untopped()
    data["position"].update(stage=2, round=9, cards_left=list(r.DECK))
    assert not state.parse_position(data).crosses_barred()
    data["rules"]["cross_ban"] = "first_round_of_each_stage"
    p = state.parse_position(data)
    assert p.crosses_barred() and p.playable_cards() == ("5", "7", "7", "8", "8", "10")
    data["rules"].update(stage_cards=7, cross_ban="first_round_of_game")
    data["position"]["round"] = 8  # stage 2 starts a round earlier
    assert state.parse_position(data).stage_round == 1


def _with(change):
    data = copy.deepcopy(BASE)
    change(data)
    return data


def _fig(i, **kw):
    return lambda d: d["position"]["figures"][i].update(kw)


def _pos(**kw):
    return lambda d: d["position"].update(kw)


BAD = [
    (_fig(0, pos=[16, 6]), "position.figures[0].pos[0]"),
    (_fig(0, pos=[3, 2], moved=True), "position.figures[2].pos"),  # two figures on a square
    (_fig(0, pos=[6, 3]), "position.figures[0].pos"),  # on a stone
    (_fig(0, pos=[4, 2]), "position.figures[0].pos"),  # on the monster
    (_fig(0, pos="inside"), "position.figures[0].pos"),
    (_fig(0, stone="5/2"), "position.figures[0].stone"),
    (_fig(1, stone="6/1"), "position.figures[1].stone"),  # one 6/1 per colour
    (_fig(0, top=6), "position.figures[0].top"),  # a moved figure in round 4 shows its coloured side
    (_fig(0, owner=3), "position.figures[0].owner"),
    (_fig(0, colour="red"), "position.figures[0].colour"),
    (lambda d: d.update(players=5), "position.figures[2].stone"),  # no 4/3 with 5-7 players
    (lambda d: d.update(players=8), "players"),
    (_pos(cards_left=[5, 5, 7, 8, 10]), "position.cards_left"),  # the deck holds one 5
    (_pos(cards_left=[5, 7, 8, 9, 10]), "position.cards_left[3]"),
    (_pos(cards_left=[5, 7, 8, 10]), "position.cards_left"),  # round 4 leaves five
    (_pos(cards_left=[]), "position.cards_left"),
    (_pos(round=9), "position.round"),  # stage 1 has 8 rounds
    (_pos(stage=2), "position.round"),
    (_pos(stage=3), "position.stage"),
    (_pos(exits=[1, 1, 1]), "position.exits"),  # three out: the game is over
    (lambda d: (d["position"].update(exits=[0, 0]), d["position"]["figures"].extend(
        [{"owner": 0, "stone": "4/3", "pos": [1, 5]}, {"owner": 0, "stone": "3/4", "pos": [1, 6]}])),
     "position.figures"),  # 4 listed + 2 out: a colour has 4
    (_pos(to_move=1), "position.to_move"),  # player 1's only figure has moved
    (_pos(me=3), "position.me"),
    (_pos(focus={"figure": 9}), "position.focus.figure"),
    (_pos(focus={"rounds": 0}), "position.focus.rounds"),
    (_pos(colour=1), "position.colour"),
    (lambda d: d["position"]["monster"].update(facing="up"), "position.monster.facing"),
    (lambda d: d["position"]["monster"].update(pos=[6, 3]), "position.monster.pos"),
    (lambda d: d["position"].pop("monster"), "position.monster"),
    (lambda d: d["rules"].update(wrap="klein"), "rules.wrap"),
    (lambda d: d["rules"].update(stage_cards=6), "rules.stage_cards"),
    (lambda d: d["rules"]["board"].update(stones=[[3, 2]]), "position.figures[2].pos"),  # a figure on a stone
]


@pytest.mark.parametrize("change,field", BAD, ids=[f for _, f in BAD])
def test_an_impossible_position_is_a_scenario_error_naming_the_field(change, field):
    with pytest.raises(ScenarioError) as err:
        state.parse_position(_with(change))
    assert err.value.field == field and "\n" not in str(err.value)


@pytest.mark.parametrize("change,field", BAD[:6], ids=[f for _, f in BAD[:6]])
def test_through_the_cli_it_is_one_line_and_exit_2(change, field, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(_with(change)))
    one_line_error(invoke("odds", path), field + ":")


def test_round_one_brings_two_figures_in_and_bars_crosses_it_cannot_avoid(tmp_path):
    data = _untopped()
    data["position"].update(round=1, cards_left=list(r.DECK), exits=[])
    data["position"]["figures"] += [{"owner": 0, "stone": "4/3", "pos": [1, 5], "moved": True}]
    assert state.parse_position(data).crosses_barred()
    data["position"]["figures"] += [{"owner": 0, "stone": "3/4", "pos": [1, 6], "moved": True}]
    path = tmp_path / "three.yaml"
    path.write_text(yaml.safe_dump(data))
    one_line_error(invoke("odds", path), "position.figures:", "two")
    data["position"].update(round=8, cards_left=["X1"], figures=data["position"]["figures"][:2])
    for f in data["position"]["figures"]:
        f["moved"] = True
    data["rules"]["cross_ban"] = "first_round_of_each_stage"
    data["position"].update(stage=2, round=9, cards_left=list(r.DECK))
    assert state.parse_position(data).crosses_barred()
    data["rules"]["five_is_three_crosses"] = True
    data["position"].update(round=16, cards_left=["X1"])  # the last card of stage 2 in a round that allows it
    assert state.parse_position(data).playable_cards() == ("X1",)


def test_the_spec_s_flat_layout_reads_as_the_project_s():
    """The spec writes `game: finstere-flure`, `settings:` and the board and position fields at the top level."""
    from analyzer.core import registry

    project = scenario.load(SCENARIOS / "spec-position.yaml")
    flat = {"game": "finstere-flure", "players": project["players"], "board": project["rules"]["board"],
            "settings": {k: v for k, v in project["rules"].items() if k != "board"}, **project["position"]}
    data = scenario.parse(json.dumps(flat), "spec.json")
    assert registry.game(data["game"]).name == "finstere_flure"
    assert state.parse_position(data) == state.parse_position(project)
    flat["round"] = 99
    with pytest.raises(ScenarioError, match="position.round"):
        state.parse_position(scenario.parse(json.dumps(flat), "spec.json"))
