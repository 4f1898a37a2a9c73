"""The questions through the CLI's path: every shipped position scenario answers, exact values keep their
fractions, the illustrative board is said, and bad asks are one line."""
import copy
import json
from pathlib import Path

import pytest
import yaml

from analyzer.core import registry, runner, scenario
from analyzer.core.game import ask
from analyzer.core.tables import to_json
from analyzer.games.finstere_flure import state
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("finstere_flure")
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "finstere_flure"
EXACT = ("odds", "ev")
POSITIONS = [p for p in sorted(SCENARIOS.glob("*.yaml")) if "position" in scenario.load(p)]


def answer(name, question, **rules):
    data = scenario.load(SCENARIOS / name)
    data.setdefault("rules", {}).update(rules)
    return ask(GAME, question, state.parse_position(data),
               runner.RunSettings(rollouts=64, seed=1, jobs=1, progress=False))


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_every_exact_question_answers_every_position_scenario_and_says_exact(path):
    """(Their compute time is a benchmark: `analyzer bench`.)"""
    p = state.parse_position(scenario.load(path))
    for question in EXACT:
        if question not in GAME.supported(p):
            continue
        result = GAME.question(question)(p, runner.RunSettings(seed=1, progress=False))
        assert all(v is True for v in result.exact.values())
        assert ("ILLUSTRATIVE" in result.title) == p.illustrative == result.payload["illustrative"]


def test_the_reference_figures_through_the_json():
    figures = json.loads(to_json(answer("reference-tie.yaml", "odds")))["figures"]
    assert [(f["p_exact"], f["p"]) for f in figures] == [("0", 0.0), ("1/4", 0.25)]
    out = json.loads(to_json(answer("reference-five-eighths.yaml", "odds")))
    assert out["figures"][0]["p_exact"] == "5/8" and out["p_mine_exact"] == "5/8" and not out["crosses_barred"]
    per_stage = json.loads(to_json(answer("reference-five-eighths.yaml", "odds",
                                          cross_ban="first_round_of_each_stage")))
    assert per_stage["figures"][0]["p_exact"] == "1/2" and per_stage["cards"] == ["5", "7", "7", "8", "8", "10"]
    assert json.loads(to_json(answer("reference-round-one.yaml", "odds")))["figures"][0]["p_exact"] == "1/2"
    assert json.loads(to_json(answer("reference-three-quarters.yaml", "odds")))["figures"][0]["p_exact"] == "3/4"


def test_the_safest_square_json_and_its_ranking():
    out = json.loads(to_json(answer("safest-square.yaml", "ev")))
    squares = out["squares"]
    assert out["illustrative"] and out["best"] == squares[0] and squares[0]["rank"] == 1
    keys = [(s["p_caught"], s["steps_to_exit"]) for s in squares]
    assert keys == sorted(keys)
    assert all(s["ev"] == -s["p_caught"] and s["ev_exact"] == ("0" if s["p_caught"] == 0 else
                                                              "-" + s["p_caught_exact"]) for s in squares)
    assert {s["figure"] for s in squares} == {0, 2}  # both unmoved figures of player 0


def test_the_spec_position_answers_question_one_for_me():
    out = json.loads(to_json(answer("spec-position.yaml", "odds")))
    assert out["me"] == 2 and not out["illustrative"]
    mine = [f for f in out["figures"] if f["owner"] == 2]
    assert out["p_mine_exact"] == mine[0]["p_exact"] and out["expected_mine_exact"] == mine[0]["p_exact"]


def _write(tmp_path, change):
    data = copy.deepcopy(scenario.load(SCENARIOS / "spec-position.yaml"))
    change(data)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_moved_focus_is_a_one_line_error(tmp_path):
    moved = _write(tmp_path, lambda d: d["position"].update(focus={"figure": 0}))
    one_line_error(invoke("ev", moved), "position.focus.figure:", "moved")


def test_the_cli_answers_question_two_with_the_others_greedy(tmp_path):
    # spec-position.yaml with rules {others_still_to_move: greedy}: answered (exit 0), each square with the
    # later greedy turns; question 1 holds the others where they stand by its own definition
    greedy = _write(tmp_path, lambda d: d["rules"].update(others_still_to_move="greedy"))
    result = invoke("ev", greedy, "-f", "json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["settings"]["others_still_to_move"] == "greedy" and out["squares"]
    assert all(isinstance(s["later"], list) and s["game_over"] is False for s in out["squares"])
    assert invoke("ev", greedy).exit_code == 0 and invoke("odds", greedy).exit_code == 0


def test_the_greedy_scenario_differs_from_fixed_as_hand_checked():
    greedy = json.loads(to_json(answer("safest-square-greedy.yaml", "ev")))
    fixed = json.loads(to_json(answer("safest-square-greedy.yaml", "ev", others_still_to_move="fixed")))
    stay = {s["path"]: s for s in greedy["squares"]}["stay"]
    assert stay["p_caught_exact"] == "0" and stay["later"] == [{"figure": 1, "end": [3, 3]}]
    assert {s["path"]: s for s in fixed["squares"]}["stay"]["p_caught_exact"] == "3/7"
    assert "later" not in fixed["squares"][0] and not greedy["illustrative"]


def test_the_board_template_through_the_cli():
    result = invoke("board", "finstere_flure", "--template")
    assert result.exit_code == 0 and "ILLUSTRATIVE" in result.stdout and "stones: null" in result.stdout


def test_the_documented_position_example_loads():
    import re

    section = (Path(__file__).resolve().parents[3] / "docs" / "games" / "finstere-flure.md").read_text()
    block = re.findall(r"```yaml\n(.*?)```", section, re.S)[0]
    p = state.parse_position(yaml.safe_load(block))
    assert p.focus_figure == 2 and p.board.stones == {(6, 3), (9, 7)} and not p.illustrative


def test_escape_estimates_with_n_and_intervals():
    out = json.loads(to_json(answer("escape.yaml", "escape")))
    assert out["rollouts"] == 64 and out["rounds"] == 3 and out["figure"] == 0 and out["illustrative"]
    ps = [e["p"] for e in out["escape"]]
    assert ps == sorted(ps) and all(e["lo95"] <= e["p"] <= e["hi95"] for e in out["escape"])
    assert out["survive_to_stage2"]["lo95"] <= out["survive_to_stage2"]["p"]


def test_escape_from_beside_the_exit_is_certain(tmp_path):
    data = scenario.load(SCENARIOS / "escape.yaml")
    data["position"]["figures"][0]["pos"] = [1, 0]  # the greedy player takes the exit: caught 0, 0 steps left
    p = state.parse_position(data)
    result = ask(GAME, "escape", p, runner.RunSettings(rollouts=32, seed=3, jobs=1, progress=False))
    assert [e["p"] for e in result.payload["escape"]] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("name", ["safest-square.yaml", "spec-position.yaml"])
def test_the_best_square_is_the_greedy_player_s_choice(name):
    from analyzer.games.finstere_flure import reference_policies as rp

    p = state.parse_position(scenario.load(SCENARIOS / name))
    best = answer(name, "ev").payload["best"]
    code = {"out": rp.OUT_CODE, "off": rp.OFF_CODE}.get(best["end"]) if isinstance(best["end"], str) else \
        best["end"][1] * p.board.width + best["end"][0]
    assert rp.greedy_choice(state.to_table(p), p.to_move, p.settings) == (best["figure"], (code, best["layout"]))
