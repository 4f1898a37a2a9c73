"""The questions through the CLI (spec §9): JSON keys, exact fractions, the reference figures, "illustrative"."""
import json

import pytest
import yaml

from analyzer.games.samarkand_sackson import rules as r
from tests.cli_helpers import invoke

from . import SCENARIOS, doc

EXACT = ("ev", "reach", "oasis", "trade", "city")


def ask(question, name, *extra):
    args = ("ev",) if question == "ev" else ("ask", question)
    result = invoke(*args, SCENARIOS / name if isinstance(name, str) else name, "-f", "json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("question", EXACT)
def test_every_exact_question_on_the_spec_example_says_illustrative_and_exact(question):
    out = ask(question, "spec-example.yaml")
    assert out["illustrative"] is True and out["board"] == "illustrative-5x4" and out["me"] == "me"
    assert all(v is True for v in out["meta"]["exact"].values()) and out["meta"]["illustrative"] is True


def test_the_tables_say_illustrative_too():
    text = invoke("ev", SCENARIOS / "spec-example.yaml").stdout
    assert "ILLUSTRATIVE BOARD illustrative-5x4" in text and "(ILLUSTRATIVE board)" in text


def test_figure_1_and_2_through_ask_oasis():
    out = ask("oasis", "oasis-full-bag.yaml")
    assert out["focus"]["p_buy4_exact"] == "3423/8585" and out["pool_source"] == "bag"
    assert out["kinds_exact"]["grain"]["at_least_4"] == "133/77265"
    assert {c["cubes"]: c["allowed"] for c in out["choices"]} == {1: True, 4: True}
    assert len(out["draws"]["4"]) == 126 and sum(d["p"] for d in out["draws"]["4"]) == pytest.approx(1)


def test_figure_3_through_ask_oasis():
    out = ask("oasis", "oasis-broke.yaml")
    lost = {tuple(sorted(e["lost"].items())): e["p_exact"] for e in out["penalty"]}
    assert lost[(("grain", 2), ("jewels", 1))] == "3/10"
    assert [c["cubes"] for c in out["choices"]] == [0]


def test_figure_5_through_ask_city():
    out = ask("city", "city-step-down.yaml")
    sales = {(s["market"], sum(s["lot"].values())): s["income"] for s in out["cities"][0]["sales"]}
    assert sales[("e3.camels", 3)] == r.DEFAULT_BOARD.price[4][2] == 15 and sales[("e3.camels", 2)] == 5
    assert sales[("e3.fruit", 2)] == 10 and out["cities"][0]["fine"] is False


def test_figure_6_through_ask_reach():
    out = ask("reach", "reach-die-from-c2.yaml")
    assert out["p_city_exact"] == "1/3" and out["step"] == ["c1", "b2"]
    assert {d["face"]: set(d["spaces"]) for d in out["die"]}["back"] == {"c3", "d2"}
    assert out["p_space"]["d2"]["p_exact"] == "1/2"


def test_ask_trade_finds_the_swap_to_six_camels():
    out = ask("trade", "trade-reach-camels.yaml")
    camp = out["camps"][0]
    assert camp["camp"] == "b4" and camp["gift"] == "fruit"
    reach = [s for s in camp["swaps"] if s["swap"] == "reach 6 camels"][0]
    assert reach["possible"] and reach["take"] == {"camels": 3} and reach["delta_exact"] == "140"


def test_ev_picks_the_trade_at_c1_in_the_spec_example():
    out = ask("ev", "spec-example.yaml")
    assert out["best"] == ["step to c1"] and out["options"][0]["ev_exact"] == "130"
    die = [o for o in out["options"] if o["kind"] == "die"][0]
    assert len(die["detail"]) == 6 and die["ev_exact"] == "9854639/216216"
    via = {o["option"]: o for o in out["options"]}["step to b2, gift, on to b3"]  # the gift chosen for b3's sale
    assert via["ev_exact"] == "-10" and via["detail"] == [{"space": "b3", "value": -10.0, "value_exact": "-10",
                                                           "gift": "grain"}]


def test_a_printed_board_is_not_called_illustrative(tmp_path):
    board = r.board_mapping(r.DEFAULT_BOARD)
    board.update(name="printed", source="printed", prices_source="printed")
    data = doc([{"space": "c2", "money": 40, "cubes": {"grain": 2}}, {"space": "a1"}], rules={"board": board})
    path = tmp_path / "printed.yaml"
    path.write_text(yaml.safe_dump(data))
    out = ask("reach", path)
    assert out["illustrative"] is False and out["meta"]["illustrative"] is False
    assert "ILLUSTRATIVE" not in invoke("ask", "reach", path).stdout
    city = ask("city", path)  # not on a city: every city is listed; no legal sale at d1? 2 grain sell there
    assert [c["city"] for c in city["cities"]] == ["d1", "b3", "e3", "a4"] and not city["cities"][0]["fine"]
    assert city["cities"][2]["fine"] is True and city["cities"][2]["fine_paid"] == 20
