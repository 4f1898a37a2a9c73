"""The questions through the CLI and the API: exact values marked exact, fractions kept, bad input one line."""
import json
from pathlib import Path

import pytest
import yaml

from analyzer.core import runner, scenario
from analyzer.core.game import ask
from analyzer.games.san_marco import GAME, analysis
from tests.cli_helpers import invoke, one_line_error

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "san_marco"
QUICK = runner.RunSettings(rollouts=64, seed=1, progress=False, jobs=1)


def answer(name, question, settings=QUICK):
    p = GAME.position(scenario.load(SCENARIOS / name))
    return ask(GAME, question, p, settings)


@pytest.fixture
def exact_only(monkeypatch):
    monkeypatch.setattr(analysis, "rollout_ready", lambda: False)


def test_odds_on_the_cli_keeps_fractions_beside_floats():
    result = invoke("odds", SCENARIOS / "split.yaml", "-f", "json", "--no-progress")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["deck"] == {"1": 3, "2": 4, "3": 6}
    green = out["players"]["green"]["reach"]["1"]
    assert green["exact"] == "10/13" and green["p"] == pytest.approx(10 / 13)
    assert out["draw"]["mean_exact"] == "87/13"
    assert out["meta"]["exact"] == {"reach": True, "draw": True} and out["illustrative"] is False


def test_passage_banish_scenario_is_the_reference_figure(exact_only):
    res = answer("passage-banish.yaml", "ev")
    assert res.payload["who"] == "yellow" and set(res.payload["districts"]) >= {"San Marco", "Castello"}
    sm = res.payload["districts"]["San Polo"]
    assert sum(1 for f in sm["faces"]) == 6 and "ev_exact" in sm
    assert res.exact == {"naming": True, "faces": True} and res.payload["illustrative"]
    assert any("ILLUSTRATIVE" in n for n in res.notes)


def test_split_table_has_127_rows_and_exact_columns(exact_only):
    res = answer("split.yaml", "ev")
    assert res.payload["count"] == 127 and len(res.tables["splits"]) == 127
    row = res.payload["splits"][0]
    assert set(row) >= {"piles", "picks", "picks_exact", "delta", "delta_exact", "limit_exact", "reach_exact",
                        "value_exact"}
    assert res.exact == {"splits": True} and res.payload["rollouts"] == 0
    assert any("rollout columns absent" in n for n in res.notes)


def test_softmax_split_probabilities_are_floats_and_not_marked_exact(exact_only):
    doc = scenario.load(SCENARIOS / "split.yaml")
    doc["position"]["models"] = {"chooser": "softmax", "beta": 0.5}
    res = ask(GAME, "splits", GAME.position(doc), QUICK)
    picks = res.payload["splits"][0]["picks"]["green"]
    assert 0 < picks[0] < 1 and res.payload["splits"][0]["picks_exact"] is None
    assert "green takes 1" not in res.exact["splits"] and "ΔS" in res.exact["splits"]


def test_final_round_has_no_elimination_penalty(exact_only):
    res = answer("extra-round.yaml", "splits")
    for row in res.payload["splits"]:
        assert row["value"] == pytest.approx(row["delta"] - row["limit"])


def test_piles_and_actions_and_doge(exact_only):
    piles = answer("choose.yaml", "ev")
    assert [r["limit_after"] for r in piles.payload["piles"]] == [10, 8] and piles.payload["best"] == 2
    three = answer("choose-3p.yaml", "piles")
    assert len(three.payload["piles"]) == 3
    acts = answer("play.yaml", "ev")
    assert {o["card"] for o in acts.payload["options"]} == {"Doge", "Banish", "Cannaregio"}
    assert "best_order" in acts.payload and acts.payload["best_order"]["delta_exact"]
    doge = answer("doge.yaml", "ev")
    walks = {w["district"]: w for w in doge.payload["walks"]}
    assert walks["San Marco"]["tolls"] == [{"to": "blue", "amount": 1}]
    assert walks["Castello"]["walk"] == [] and walks["Castello"]["cost"] == 0


def test_a_printed_board_is_not_illustrative(exact_only):
    res = answer("printed-board.yaml", "banish")
    assert res.payload["illustrative"] is False and not any("ILLUSTRATIVE" in n for n in res.notes)


def test_rollout_columns_come_with_intervals():
    if not analysis.rollout_ready():
        pytest.skip("play.rollout not available")
    res = answer("choose.yaml", "piles", runner.RunSettings(rollouts=32, seed=1, progress=False, jobs=1))
    frame = res.tables["piles"]
    assert {"final EV", "final ±95%", "win", "win ±95%"} <= set(frame.columns)
    assert res.payload["rollouts"] == 32 and "rollout" in res.payload["piles"][0]
    assert "final EV" not in res.exact["piles"]


def write(tmp_path, doc):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(doc))
    return path


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["position"]["state"]["supply"].update(red=3), ["position.state.supply.red", "25"]),
    (lambda d: d["rules"].update(house_rule=1), ["rules.house_rule"]),
    (lambda d: d.update(players=5), ["players"]),
    (lambda d: d["position"]["state"].update(bridge_pool=9), ["position.state.bridge_pool", "12"]),
    (lambda d: d["position"]["decision"]["drawn"]["action"].append("Joker"), ["position.decision.drawn.action[5]"]),
    (lambda d: d["position"]["state"]["action_discards"].update(doge=11), ["position.state.action_discards.doge"]),
])
def test_bad_input_is_one_line_naming_the_field(tmp_path, edit, words):
    doc = scenario.load(SCENARIOS / "split.yaml")
    edit(doc)
    one_line_error(invoke("odds", write(tmp_path, doc), "--no-progress"), *words)


def test_an_unknown_question_is_one_line():
    one_line_error(invoke("ask", "oracle", SCENARIOS / "split.yaml", "--no-progress"), "question")


def test_ev_without_a_decision_is_one_line(tmp_path):
    doc = scenario.load(SCENARIOS / "split.yaml")
    del doc["position"]["decision"]
    one_line_error(invoke("ev", write(tmp_path, doc), "--no-progress"), "position.decision")


def test_outlook_in_the_extra_round_ends_the_passage_for_sure():
    if not analysis.rollout_ready():
        pytest.skip("play.rollout not available")
    res = answer("extra-round.yaml", "outlook", runner.RunSettings(rollouts=32, seed=2, progress=False, jobs=1))
    assert res.payload["passage_ends"] == 1.0 and res.exact == {"outlook": False}
    assert res.payload["rollouts"] == 32 and set(res.payload["bonus"]) == {"red", "blue", "green", "yellow"}
    # the catch-up bonus goes to the players below 10 only (red and blue are out: below_10)
    assert res.payload["bonus"]["red"] == 0 and res.payload["bonus"]["blue"] == 0


def _split_with(candidates):
    data = scenario.load(SCENARIOS / "split.yaml")
    data["position"]["decision"]["rollout_candidates"] = candidates
    return GAME.position(data)


def test_rollout_candidates_choose_how_many_splits_get_rollouts():
    if not analysis.rollout_ready():
        pytest.skip("play.rollout not available")
    settings = runner.RunSettings(rollouts=2, seed=1, progress=False, jobs=1)
    for candidates, rolled in ((1, 1), (5, 5), ("all", None)):
        res = ask(GAME, "splits", _split_with(candidates), settings)
        frame = res.tables["splits"]
        rolled = rolled or len(frame)  # all: every split
        assert int(frame["final EV"].notna().sum()) == rolled
        assert sum("rollout" in row for row in res.payload["splits"]) == rolled
        assert frame["final EV"].iloc[:rolled].notna().all()  # the best by the exact value, in the table's order


@pytest.mark.parametrize("bad", [0, -2, "some", 10_001, 2.5])
def test_rollout_candidates_out_of_range_is_one_line_naming_the_field(bad):
    with pytest.raises(scenario.ScenarioError) as err:
        _split_with(bad)
    assert err.value.field == "position.decision.rollout_candidates" and "\n" not in str(err.value)
