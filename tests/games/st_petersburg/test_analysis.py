"""The Sankt Petersburg questions through the game contract and the CLI, on the shipped scenarios: the spec's
reference figures come out of them, exact values keep "p/q" beside the float, bad input exits 2 with one line."""
import json

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("st_petersburg")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def ask(name, path):
    return contract_ask(GAME, name, GAME.position(scenario.load(f"scenarios/st_petersburg/{path}")), RUN)


def test_odds_gives_40_117_for_a_mistress_in_the_first_aristocrat_refill():
    result = ask("odds", "first-aristocrat-refill.yaml")
    cards = {c["card"]: c for c in result.payload["cards"]}
    assert cards["Mistress of Ceremonies"]["at_least_one_exact"] == "40/117"
    assert result.payload["deck"] == "aristocrat" and result.payload["pool"] == 27
    assert [d["p_exact"] for d in result.payload["distribution"]] == ["77/117", "110/351", "10/351"]
    assert all(result.exact.values())


def test_ask_end_gives_3_7_when_the_aristocrat_deck_is_at_4():
    result = ask("end", "end-this-round.yaml")
    assert result.payload["ends_this_round_exact"] == "3/7"
    assert result.payload["refills"][0] == {"after": "building", "deck": "aristocrat", "cards_left": 4,
                                            "last_round": "this", "p_first": 3 / 7, "p_first_exact": "3/7"}
    assert [x["last_round"] for x in result.payload["refills"]] == ["this", "this", "next"]
    assert result.payload["scorings"]["red"]["R_exact"] == "11/7"


def test_ev_gives_the_secretary_12_rubles_and_4_bonus_points_and_the_seeds_costs():
    roi = {(x["card"], x["replaces"]): x for x in ask("ev", "purchase-roi.yaml").payload["purchases"]}
    secretary = roi["Secretary", None]
    assert (secretary["cost"], secretary["rubles_back"], secretary["bonus"], secretary["net_rubles"]) == (12, 12, 4, 0)
    assert secretary["value_exact"] == "26/5"
    costs = {(x["card"], x["replaces"]): x["cost"] for x in ask("ev", "seed-costs.yaml").payload["purchases"]}
    assert (costs["Theater", None], costs["St Isaac", "Market"], costs["Lumberjack", None]) == (17, 8, 1)


def test_ev_takes_r_from_the_end_model_unless_typed():
    result = ask("ev", "spec-position.yaml")
    assert result.payload["scorings_source"] == "question 2's model"
    assert {c: v["R_exact"] for c, v in result.payload["scorings"].items()} == {"green": "2", "blue": "2", "red": "3"}


def test_the_cli_answers_in_json_and_refuses_a_bad_field_in_one_line(tmp_path):
    out = invoke("ask", "end", "scenarios/st_petersburg/end-this-round.yaml", "-f", "json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["ends_this_round_exact"] == "3/7"
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: st_petersburg\nposition: {phase: harvest}\n")
    one_line_error(invoke("odds", bad), "position.phase", "aristocrat")
