"""The questions through the CLI (spec §9): JSON keys, exact fractions, the reference figures, "illustrative"."""
import json
from fractions import Fraction

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


def _trade_doc(tmp_path, hand, rules=None, focus=None, space="b4"):
    d = doc([{"space": space, "money": 120, "cubes": hand}, {"space": "e1", "money": 210}],
            rules=rules, fields={"b4": {"camels": 3, "grain": 1}}, focus=focus or {"kind": "camels", "n": 1})
    path = tmp_path / "trade.yaml"
    path.write_text(yaml.safe_dump(d))
    return d, path


def test_the_swap_reaching_n_is_the_best_swap_leaving_n_even_when_the_hand_holds_n_already(tmp_path):
    """Issue 50: with one camel in hand, `reach 1 camels` said "no trade" (ΔW 0) though the best swap keeps a camel
    and gains +40; it is the best swap that leaves n of the kind, no trade included."""
    _, path = _trade_doc(tmp_path, {"camels": 1, "grain": 2, "fruit": 1, "copper": 1})
    swaps = {s["swap"]: s for s in ask("trade", path)["camps"][0]["swaps"]}
    best, reach = swaps["best swap"], swaps["reach 1 camels"]
    assert reach["possible"] and reach["delta_exact"] == best["delta_exact"] == "40"
    assert reach["take"] == {"camels": 3}


def test_under_trade_counts_any_a_bought_gift_is_on_the_field_for_the_trade_as_ev_counts_it(tmp_path):
    """Issue 50: with an empty hand the gift is bought and under `any` the trade may take it back; `ask trade` shows
    the swap for each cube it may be, and the expectation over the draw is the camp's value in `ev` (exact.value);
    each swap played in the reference moves W by its ΔW."""
    from analyzer.games.samarkand_sackson import exact
    from analyzer.games.samarkand_sackson import reference as ref
    from analyzer.games.samarkand_sackson import state

    d, path = _trade_doc(tmp_path, {}, rules={"trade_counts": "any"})
    out = ask("trade", path)["camps"][0]
    swaps = {s["swap"]: s for s in out["swaps"]}
    p = state.parse_position(d)
    b4, q = p.board.space("b4", "x"), p.seats[0]
    want = exact.value(p, b4, q.money, q.known, list(p.fields), p.pool())
    assert swaps["best swap (expected over the gift drawn)"]["delta_exact"] == str(want) != "-20"
    drawn = [s for s in out["swaps"] if s["swap"].startswith("best swap (gift drawn")]
    assert len(drawn) == sum(1 for n in p.pool() if n)
    start = dict(d, position=dict(d["position"], players=[dict(d["position"]["players"][0], space="c4"),
                                                          d["position"]["players"][1]]))
    before = state.parse_position(start)
    for s in drawn:
        kind = s["gift"].split(": ")[1]
        after = ref.apply(before, {"move": ["step", "b4"], "gifts": [f"bought:{kind}"],
                                   "act": ["trade", s["give"], s["take"]]})
        a = after.seats[0]
        assert exact.W(after, a.money, a.known) - exact.W(before, 120, q.known) == Fraction(s["delta_exact"]), s


def test_under_gift_purchase_choice_the_trade_names_the_colour_ev_takes(tmp_path):
    from analyzer.games.samarkand_sackson import exact
    from analyzer.games.samarkand_sackson import state

    d, path = _trade_doc(tmp_path, {}, rules={"trade_counts": "any", "gift_purchase": "choice"})
    swaps = ask("trade", path)["camps"][0]["swaps"]
    p = state.parse_position(d)
    want = exact.value(p, p.board.space("b4", "x"), 120, p.seats[0].known, list(p.fields), p.pool())
    assert max(Fraction(s["delta_exact"]) for s in swaps if s["swap"].startswith("best swap")) == want
