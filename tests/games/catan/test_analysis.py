"""The questions through the game contract on the shipped scenarios: the reference figures in the JSON as exact
fractions, the settings that change an answer in each of their readings, illustrative labels."""
import copy
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from analyzer.core import registry, runner, scenario
from analyzer.core.game import ask
from tests.cli_helpers import invoke

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "catan"
GAME = registry.game("catan")
RUN = runner.RunSettings(rollouts=4000, seed=5, progress=False, jobs=1)
UP_CITY = "224340085422737098998882296875/556978939118488919493285249024"


def doc(name, **rules):
    d = copy.deepcopy(scenario.load(SCENARIOS / name))
    d.setdefault("rules", {}).update(rules)
    return d


def answer(question, data, run=RUN):
    return ask(GAME, question, GAME.position(data), run)


def test_odds_gives_the_spec_city_figure_exactly_in_either_rounding():
    out = answer("odds", doc("reference-city.yaml")).payload
    assert out["afford"]["turns"][4]["p_by_exact"] == UP_CITY and out["afford"]["horizon"] == 5
    assert out["seven"]["before_my_roll"]["p_exact"] == "91/216"
    down = answer("afford", doc("reference-city.yaml", discard_rounding="down")).payload
    assert round(down["targets"]["city"]["turns"][4]["p_by"], 6) == 0.403810
    assert set(down["targets"]) == {"road", "settlement", "city", "dev_card"}


def test_discard_the_spec_figure_and_include_my_roll_in_both_readings():
    off = answer("discard", doc("discard-seven-cards.yaml")).payload
    assert off["p_discard_exact"] == "485/7776" and off["rolls"] == 3
    on = answer("discard", doc("discard-seven-cards.yaml", include_my_roll=True)).payload
    assert on["rolls"] == 4 and F(on["p_discard_exact"]) > F(485, 7776)
    assert F(on["expected_lost_exact"]) > F(off["expected_lost_exact"]) > 0


def test_seven_from_the_next_roller():
    d = doc("discard-seven-cards.yaml")
    d["position"]["next_roller"] = 3  # one opponent roll left before mine
    out = answer("seven", d).payload
    assert out["before_my_roll"] == {"rolls": 1, "p": 1 / 6, "p_exact": "1/6"}
    assert out["in_a_round"]["p_exact"] == str(1 - F(5, 6) ** 4)


def test_income_and_where_to_settle():
    out = answer("income", doc("where-to-settle.yaml")).payload
    spots = {s["vertex"]: s for s in out["spots"]}
    city = spots[12]  # my city: mountains 6, fields 2, hills 4 -> 2 x 9 pips
    assert city["per_roll_exact"] == "1/2" and city["per_round_exact"] == "2"
    robbed = spots[19]  # pasture 5, hills 10, forest 6 with the robber on the forest 6
    assert robbed["per_roll_exact"] == "7/36" and robbed["per_roll_no_robber_exact"] == "1/3"
    assert robbed["p_nothing_exact"] == str((1 - F(7, 36)) ** 4)
    ev = answer("ev", doc("where-to-settle.yaml")).payload
    values = [F(s["per_roll_exact"]) for s in ev["spots"]]
    assert values == sorted(values, reverse=True) and ev["best"] == [ev["spots"][0]["vertex"]]
    taken = {12, 19, 28, 40, 9}
    assert not taken & {s["vertex"] for s in ev["spots"]}


def test_the_deck_from_the_unseen_cards():
    out = answer("deck", doc("robber-and-deck.yaml")).payload
    assert out["unseen"] == {"knight": 11, "vp": 4, "road_building": 2, "year_of_plenty": 2, "monopoly": 1}
    assert out["next"]["vp"]["p_exact"] == "1/5" and out["buys"] == 3
    assert out["p_vp_exact"] == str(1 - F(16 * 15 * 14, 20 * 19 * 18))


@pytest.mark.parametrize("target,stays", [("land_other", False), ("land_any", True)])
def test_the_robber_in_each_reading(target, stays):
    out = answer("robber", doc("robber-and-deck.yaml", robber_target=target)).payload
    hexes = {h["hex"]: h for h in out["hexes"]}
    assert (9 in hexes) == stays and len(hexes) == 18 + stays
    best = hexes[out["best"]]
    assert all(F(best["others_exact"]) - F(best["mine_exact"]) >= F(h["others_exact"]) - F(h["mine_exact"])
               for h in hexes.values())
    assert hexes[2]["per_opponent"]["0"]["p_exact"] == str(F(3 * 2 * 5, 36))  # forest 8, player 0's city on 14


def test_bank_trades_true_is_monte_carlo_with_n_and_intervals_and_trades_help():
    plain = answer("afford", doc("afford-with-trades.yaml", bank_trades=False)).payload
    mc = answer("afford", doc("afford-with-trades.yaml"))
    out = mc.payload
    assert out["rollouts"] == 4000 and out["seed"] == 5 and mc.exact == {"afford": False}
    for t in range(8):
        lo, hi = out["targets"]["settlement"]["turns"][t]["lo95"], out["targets"]["settlement"]["turns"][t]["hi95"]
        assert lo <= out["targets"]["settlement"]["turns"][t]["p_by"] <= hi
    # trading ore and sheep away can only help
    assert out["targets"]["settlement"]["turns"][0]["p_by"] > plain["targets"]["settlement"]["turns"][0]["p_by"]


def test_illustrative_on_the_default_board_and_not_on_a_printed_one():
    assert answer("income", doc("where-to-settle.yaml")).payload["illustrative"] is True
    d = doc("reference-city.yaml")
    from analyzer.games.catan import board as bo

    d["rules"]["board"]["harbors"] = [{"vertices": list(e), "kind": "generic"} for e in bo.HARBOR_SLOTS]
    res = answer("income", d)
    assert res.payload["illustrative"] is False and "ILLUSTRATIVE" not in res.title and res.payload["printed"] == []
    d["rules"]["board"] = {"source": "random", "seed": 4}
    res = answer("income", d)
    assert res.payload["illustrative"] is False and len(res.payload["printed"]) == 2
    assert any(n.startswith("PRINTED DATA number tokens") for n in res.notes)


def test_token_sequence_and_harbor_kinds_change_the_default_board():
    seq = [6] + [n for n in [5, 2, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]]
    a = answer("income", doc("where-to-settle.yaml")).payload
    b = answer("income", doc("where-to-settle.yaml", token_sequence=seq)).payload
    assert a["spots"] != b["spots"]


def test_the_cli_json_keeps_the_fraction_and_says_exact(tmp_path):
    result = invoke("odds", SCENARIOS / "reference-city.yaml", "-f", "json", "--no-progress")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["afford"]["turns"][4]["p_by_exact"] == UP_CITY
    assert out["meta"]["exact"] == {"risk": True, "afford": True} and out["meta"]["illustrative"] is True


@pytest.mark.parametrize("name", ["reference-city.yaml", "discard-seven-cards.yaml"])
def test_every_question_answers_and_says_exact(name):
    """(Their compute time is a benchmark: `analyzer bench`.)"""
    p = GAME.position(doc(name))
    for q in GAME.supported(p):
        assert all(v is True for v in ask(GAME, q, p, RUN).exact.values()), q


def test_harbor_kinds_set_my_trade_rates_and_settlement_needs_road_the_ev_note():
    from analyzer.games.catan import analysis

    p = GAME.position(doc("afford-with-trades.yaml"))
    assert p.board.harbor(0) == "grain" and analysis._rates(p) == (4, 4, 4, 2, 4)
    q = GAME.position(doc("afford-with-trades.yaml", harbor_kinds=["generic"] * 9))
    assert analysis._rates(q) == (3, 3, 3, 3, 3)
    assert answer("afford", doc("afford-with-trades.yaml")).payload != answer(
        "afford", doc("afford-with-trades.yaml", harbor_kinds=["generic"] * 9)).payload
    for reading, words in ((True, "needs my road"), (False, "settlement_needs_road: false")):
        notes = answer("ev", doc("where-to-settle.yaml", settlement_needs_road=reading)).notes
        assert any(words in n for n in notes)


def test_the_spec_income_figure_on_its_scenario():
    out = answer("income", doc("income-6-8-5.yaml")).payload
    spot = out["spots"][0]
    assert spot["vertex"] == 8 and spot["per_roll_exact"] == "7/18" and spot["per_round_exact"] == "14/9"
    assert spot["p_nothing_exact"] == str((1 - F(14, 36)) ** 4)
