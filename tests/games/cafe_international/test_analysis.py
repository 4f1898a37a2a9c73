"""The Café International questions through the game contract and the CLI: exact answers keep "p/q" beside the
float, the reference figures come out of the shipped scenarios, answers on the illustrative layout or bar say so,
bar pressure is an estimate with n and intervals, bad input exits 2 with one line."""
import json
from dataclasses import replace

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("cafe_international")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path):
    return GAME.position(scenario.load(f"scenarios/cafe_international/{path}"))


def ask(name, path, **run):
    return contract_ask(GAME, name, position(path), replace(RUN, **run))


def test_odds_gives_31_316_for_a_man_of_n5_in_two_draws_at_the_four_player_start():
    result = ask("odds", "nationality-odds.yaml")
    assert [d["at_least_exact"] for d in result.payload["distribution"]] == ["1", "31/316", "3/1580"]
    n5 = {n["nationality"]: n for n in result.payload["nationalities"]}["N5"]
    assert n5["unseen"] == 4 and n5["at_least_one_exact"] == "31/316"
    assert result.exact == {"by nationality": True, "N5 in 2 draws": True} and result.meta["exact"]["by nationality"]
    assert not result.payload["illustrative"] and "ILLUSTRATIVE" not in result.title  # the layout plays no part


def test_odds_over_three_turns_and_with_a_given_bag():
    turns = ask("odds", "jokers-in-my-turns.yaml")
    assert turns.payload["draws"] == 6 and turns.payload["jokers"] and turns.payload["sex"] == "f"
    given = ask("odds", "given-bag.yaml")
    assert given.payload["bag"] == 86 and given.payload["distribution"][1]["at_least_exact"] == "1602/5117"


def test_complete_lists_the_fitting_tiles_and_gives_the_exact_chance_on_the_illustrative_ring():
    result = ask("complete", "complete-table.yaml")
    (t1,) = result.payload["tables"]
    assert t1["fitting"] == [["N1 m", "N2 m", "joker m"]] and t1["single_nationality"] == ["N1 m", "joker m"]
    assert result.payload["draws"] == 3 and t1["p_exact"] == "24356/91881"  # 1 - C(75,3)/C(83,3): 8 fitting of 83
    assert result.payload["illustrative"] and "ILLUSTRATIVE layout" in result.title


def test_ev_gives_12_and_16_on_the_shared_chair_and_the_bar_value():
    result = ask("ev", "move-scores.yaml")
    at_c4 = {m["tiles"][0]: m["points"] for m in result.payload["moves"] if m["chairs"] == ["c4"]}
    assert at_c4 == {"N1 m": 12, "joker m": 16}
    bar = [m for m in result.payload["moves"] if m["action"] == "bar"]
    assert {m["points"] for m in bar} == {4} and len(bar) == 4  # space 4 of the illustrative bar; 4 distinct tiles
    assert result.payload["illustrative_data"] == ["layout", "bar_values"] and result.payload["hand_penalty"] == -30
    assert result.payload["moves"][0]["points"] == max(m["points"] for m in result.payload["moves"])


def test_a_supplied_layout_is_not_illustrative():
    for name in ("odds", "complete", "ev"):
        result = ask(name, "supplied-layout.yaml")
        assert not result.payload["illustrative"] and not result.meta["illustrative"], name
        assert not any("ILLUSTRATIVE" in n for n in result.notes), name


def test_the_spec_position_answers_every_question():
    assert GAME.supported(position("spec-position.yaml")) == ("odds", "complete", "ev", "bar_pressure")
    ev = ask("ev", "spec-position.yaml")
    assert ev.payload["illustrative_data"] == ["bar_values"]  # its tables are given
    assert {m["action"] for m in ev.payload["moves"]} == {"seat", "bar"}


def test_bar_pressure_is_an_estimate_with_n_and_intervals():
    result = ask("bar_pressure", "bar-pressure.yaml", rollouts=300)
    pay = result.payload
    assert pay["rollouts"] == 300 and pay["next_bar_value"] == -12 and result.exact == {"bar pressure": False}
    assert pay["my_bar"]["lo95"] <= pay["my_bar"]["p"] <= pay["my_bar"]["hi95"]
    assert abs(sum(e["p"] for e in pay["ends"].values()) - 1) < 1e-9
    assert pay["my_bar_points"]["mean"] is None or pay["my_bar_points"]["mean"] <= 5
    assert pay["illustrative"] and "ILLUSTRATIVE" in result.title
    assert ask("bar_pressure", "bar-pressure.yaml", rollouts=300).payload == pay


def test_the_cli_prints_exact_fractions_in_json():
    result = invoke("odds", "scenarios/cafe_international/nationality-odds.yaml", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["meta"]["game"] == "cafe_international" and not data["meta"]["illustrative"]
    assert data["distribution"][1]["at_least_exact"] == "31/316"
    shown = invoke("ev", "scenarios/cafe_international/move-scores.yaml")
    assert shown.exit_code == 0 and "ILLUSTRATIVE" in shown.stdout and "16" in shown.stdout


def test_bad_input_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: cafe_international\nposition:\n  seated: {c2: [N5, f]}\n")
    one_line_error(invoke("odds", bad), "position.seated.c2", "cannot sit")
    bad.write_text("game: cafe_international\nposition:\n  hands: {0: [[N1, f], [N1, f], [N1, f], [N1, f], [N1, f]]}\n")
    one_line_error(invoke("ev", bad), "position", "only 4 exist")
    bad.write_text("game: cafe_international\nposition:\n  focus: {table: T25}\n")
    one_line_error(invoke("ask", "complete", bad), "position.focus.table")
