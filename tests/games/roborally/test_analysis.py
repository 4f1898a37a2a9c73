"""The RoboRally questions through the game contract and the CLI on the shipped scenarios: the spec's reference
figure comes out as "p/q" beside the float, answers on the illustrative board say so, every named setting in each
reading it lists (those that change no answer for a robot alone are shown not to), bad input exits 2 with one line."""
import copy
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.core import registry, scenario
from analyzer.core.errors import ScenarioError
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("roborally")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def data(path):
    return scenario.load(f"scenarios/roborally/{path}")


def position(path, **settings):
    p = GAME.position(data(path))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def test_deal_on_the_spec_open_board_is_14689158047_over_15339032709():
    result = ask("deal", "open-board.yaml")
    assert result.payload["p_exact"] == "14689158047/15339032709"
    assert result.payload["p"] == pytest.approx(0.9576, abs=5e-5) and result.payload["hand_size"] == 9
    assert {"M3": 1} in result.payload["needs"] and not result.payload["illustrative"]
    assert result.exact == {"deal": True, "minimal card sets": True}


def test_odds_on_the_open_board_reaches_at_register_2_with_move_1_then_move_2():
    result = ask("odds", "open-board.yaml")
    payload = result.payload
    assert payload["p_exact"] == "1" and payload["register"] == 2
    assert payload["programs"][0] == {"program": ["M1", "M2", "any", "any", "any"], "register": 2,
                                      "selections": 420}
    assert payload["selections"] == 9 * 8 * 7 * 6 * 5
    assert Fraction(payload["share_exact"]) == Fraction(payload["reaching"], payload["selections"])


def test_odds_on_the_illustrative_board_says_illustrative():
    result = ask("odds", "hand-to-flag.yaml")
    assert result.payload["illustrative"] and result.payload["illustrative_data"] == ["board"]
    assert "ILLUSTRATIVE" in result.title and any("ILLUSTRATIVE" in n for n in result.notes)
    assert result.payload["register"] == 5 and result.payload["share_exact"] == "1/1512"


def test_locked_registers_keep_their_cards_in_the_programs():
    result = ask("odds", "typed-board.yaml")
    assert result.payload["programs"][0]["program"] == ["M1", "M2", "RL", "RL*", "M1*"]
    assert result.payload["locked"] == {4: "RL", 5: "M1"} and result.payload["share_exact"] == "1/6"


def test_hand_base_and_destroy_at_in_each_reading():
    seed = ask("deal", "next-deal.yaml")  # 7 damage: 3 cards, registers 5 and 4 locked
    assert seed.payload["hand_size"] == 3 and seed.payload["p_exact"] == "57/410"
    block = data("next-deal.yaml")
    block["rules"]["hand_base"] = 9
    block["position"]["me"]["locked"][3] = "UT"
    common = contract_ask(GAME, "deal", GAME.position(block), RUN)
    assert common.payload["hand_size"] == 2 and common.payload["deck_size"] == 81
    assert common.payload["p"] != seed.payload["p"]
    on_laser = data("open-board.yaml")
    on_laser["rules"] = {"board": {"size": [4, 4], "flags": [[0, 0], [0, 2]], "lasers": [[0, 2, "W", 1]]}}
    on_laser["position"]["me"] = {"pos": [0, 0], "facing": "N", "damage": 9, "hand": ["M2"],
                                  "locked": {g: "RL" for g in (2, 3, 4, 5)}}
    assert ask_block(on_laser, "odds").payload["register"] == 1  # the 10th damage: still standing
    assert ask_block(on_laser, "odds", destroy_at=10).payload["p"] == 0  # destroyed before the touch


def ask_block(block, name, **settings):
    p = GAME.position(block)
    return contract_ask(GAME, name, replace(p, settings=replace(p.settings, **settings)) if settings else p, RUN)


def test_pusher_crusher_order_and_element_order_change_the_answer_where_they_meet():
    block = data("open-board.yaml")
    block["rules"]["board"] = {"size": [4, 4], "flags": [[0, 0], [2, 1]], "pushers": [[1, 1, "E", [1, 2, 3, 4, 5]]],
                               "crushers": [[2, 1, [1, 2, 3, 4, 5]]]}
    block["position"]["me"] = {"pos": [1, 0], "facing": "N", "hand": ["M1"] * 9}
    first = ask_block(block, "odds")  # pushed onto the crusher, then crushed
    assert first.payload["p"] == 0
    late = ask_block(block, "odds", pusher_crusher_order="crushers_first")
    assert late.payload["p"] == 1 and late.payload["register"] == 1
    listed = ask_block(block, "odds", element_order=("crushers", "express", "conveyors", "gears", "pushers"))
    assert listed.payload["p"] == 1


def test_lock_order_names_which_registers_are_locked():
    block = data("next-deal.yaml")
    block["rules"]["lock_order"] = [1, 2, 3, 4, 5]
    block["position"]["me"]["locked"] = {1: "M1", 2: "RR"}
    result = contract_ask(GAME, "deal", GAME.position(block), RUN)
    assert result.payload["locked"] == {1: "M1", 2: "RR"} and result.payload["p_exact"] != "57/410"
    with pytest.raises(ScenarioError) as err:
        GAME.position(data("next-deal.yaml") | {"rules": {"board": "illustrative", "lock_order": [1, 2, 3, 4, 5]}})
    assert err.value.field.startswith("position.me.locked")


def test_priorities_and_ghost_start_in_each_reading_change_no_answer_for_a_robot_alone():
    base = ask("deal", "spec-example.yaml").payload["p_exact"]
    for settings in ({"ghost_start": False}, {"priorities": "any"}):
        assert ask("deal", "spec-example.yaml", **settings).payload["p_exact"] == base
    block = data("hand-to-flag.yaml")
    block["position"]["me"]["hand"][0] = "M1/430"  # Back Up's band
    with pytest.raises(ScenarioError):
        GAME.position(block)
    block["rules"]["priorities"] = "any"
    assert GAME.position(block).hand[0] == 0


def test_the_flat_spec_layout_and_every_shipped_scenario_answer():
    for path in registry.scenarios("roborally"):
        p = GAME.position(scenario.load(path))
        for name in GAME.supported(p):
            assert contract_ask(GAME, name, p, RUN).payload["p_exact"] is not None


def test_the_cli_answers_both_questions_and_refuses_one_a_position_cannot():
    out = invoke("ask", "deal", "scenarios/roborally/open-board.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["p_exact"] == "14689158047/15339032709"
    assert invoke("odds", "scenarios/roborally/hand-to-flag.yaml").exit_code == 0
    one_line_error(invoke("odds", "scenarios/roborally/next-deal.yaml"), "position.me.hand")
    one_line_error(invoke("ask", "push", "scenarios/roborally/next-deal.yaml"), "push")


def test_bad_scenarios_exit_2_with_one_line(tmp_path):
    block = copy.deepcopy(data("hand-to-flag.yaml"))
    block["position"]["me"]["facing"] = "up"
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps(block))
    one_line_error(invoke("odds", path), "position.me.facing", "N, E, S, W")
