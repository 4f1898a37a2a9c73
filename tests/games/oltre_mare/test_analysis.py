"""The Oltre Mare questions through the game contract and the CLI on the shipped scenarios: the reference figures
come out as "p/q" beside the float, answers on illustrative data say so, each setting that changes an answer does
in every reading (and the two that change none do not), bad questions exit 2 with one line."""
import json
from dataclasses import replace

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from analyzer.games.oltre_mare import rules as r
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("oltre_mare")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path, **settings):
    p = GAME.position(scenario.load(f"scenarios/oltre_mare/{path}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def test_odds_two_ducats_three_buys_spend_11_leave_minus_9_and_one_gem_is_467_over_1955():
    result = ask("odds", "blind-buys.yaml")
    three = result.payload["buys"][2]
    assert (three["prices"], three["spent"], three["left"]) == ([3, 4, 4], 11, -9)
    assert three["odds"]["gems"][0] == {"j": 1, "p": 467 / 1955, "p_exact": "467/1955"}
    assert result.payload["pool_size"] == 70 and len(result.payload["buys"]) == 4
    assert result.exact == {"blind buys": True, "goods odds": True} and not result.payload["illustrative"]
    assert result.tables["blind buys"].loc[3, "prices"] == "3, 4, 4"


def test_odds_with_good_terms_cost_six_ending_minus_4_and_good_terms_debt_one_more():
    three = ask("odds", "spec-example.yaml").payload["buys"][2]
    assert (three["prices"], three["spent"], three["left"]) == ([1, 2, 3], 6, -4)
    three = ask("odds", "spec-example.yaml", good_terms_debt=True).payload["buys"][2]
    assert (three["prices"], three["left"]) == ([1, 2, 4], -5)


def test_odds_debt_rule_in_each_reading_and_buys_from_a_listed_pirate_pile():
    result = ask("odds", "pirate-pile.yaml")  # zero_or_below at 0 ducats
    assert [b["prices"] for b in result.payload["buys"]][-1] == [4, 4, 4, 4]
    assert result.payload["pool"] == {"gems": 1, "silk": 2, "olives": 1, "grain": 1}
    assert result.payload["buys"][1]["odds"]["silk"][1]["p_exact"] == "1/10"
    below = ask("odds", "pirate-pile.yaml", debt_rule="below_zero").payload["buys"][-1]["prices"]
    assert below == [3, 4, 4, 4]
    four = ask("odds", "cargo-run-table.yaml").payload["buys"][-1]  # good terms + good_terms_debt from 1 ducat
    assert (four["prices"], four["spent"], four["left"]) == ([1, 2, 4, 5], 12, -11)


def test_ask_lion_four_players_36_drawn_7_more_draws_is_7_over_8_and_prestige_scores_6_3_3_1():
    result = ask("lion", "lion.yaml")
    assert result.payload["p_exact"] == "7/8" and result.payload["p"] == 0.875
    assert [x["points"] for x in result.payload["prestige"]] == [6, 3, 3, 1]
    assert result.payload["illustrative_data"] == ["lion_depth"] and "ILLUSTRATIVE" in result.title
    assert result.exact == {"lion": True, "by draws": True, "prestige at the lion": True}


def test_ask_lion_on_illustrative_draws_and_on_a_supplied_depth():
    spec = ask("lion", "spec-example.yaml")  # X: three opponents 0-3 each; P = E[min(X, 8)] / 8
    assert spec.payload["p_exact"] == "287/512" and spec.payload["illustrative_data"] == ["lion_depth",
                                                                                          "opponent_draws"]
    given = ask("lion", "lion-pmf.yaml")
    assert given.payload["p_exact"] == "19/33" and not given.payload["illustrative"]
    assert given.payload["depths"][31] == "1/6"
    middle = ask("lion", "lion-pmf.yaml", lion_depth="uniform_mid_pm5")  # 2 players: 29-39 deep
    assert middle.payload["p_exact"] == "5/18" and "lion_depth" in middle.payload["illustrative_data"]


def test_ev_ranks_the_cargo_orders_by_the_lion_then_the_end_then_the_power():
    result = ask("ev", "cargo-order.yaml")
    best = result.payload["best"]
    assert [c["good"] for c in best["order"]] == ["salt", "salt", "olives"] and (best["lion"], best["end"]) == (7, 8)
    assert (best["power"], best["bales"]) == (3, 4) and len(result.payload["orders"]) == 6
    assert result.payload["illustrative_data"] == ["run_table"] and result.payload["ranked_by"] == "lion"
    assert list(result.tables["orders"].columns) == ["order (bottom to top)", "at the lion", "at the end",
                                                     "next power", "next bales"]


def test_ev_on_a_supplied_run_table_after_the_lion_ranks_by_the_end():
    result = ask("ev", "cargo-run-table.yaml")
    assert not result.payload["illustrative"] and result.payload["ranked_by"] == "end"
    assert [(o["end"], o["power"]) for o in result.payload["orders"][:3]] == [(10, 6), (10, 5), (10, 3)]
    assert result.payload["best"]["lion"] is None and len(result.payload["orders"]) == 24
    illustrative = ask("ev", "cargo-run-table.yaml", run_table=r.ILLUSTRATIVE_RUN_TABLE)
    assert illustrative.payload["best"]["end"] == 10 and "run_table" in illustrative.payload["illustrative_data"]


def test_ev_labels_the_illustrative_deck_when_a_played_cards_power_is_not_written():
    result = contract_ask(GAME, "ev", GAME.position({"game": "oltre_mare", "position": {
        "me": {"hand": ["gems", "salt"], "power": 5}}}), RUN)
    assert "deck" in result.payload["illustrative_data"] and any("naval power" in n for n in result.notes)


def test_open_trade_and_symbols_over_4_change_no_answer():
    for name, path in (("odds", "blind-buys.yaml"), ("lion", "lion.yaml"), ("ev", "cargo-order.yaml")):
        plain = ask(name, path).payload
        for change in ({"open_trade": True}, {"symbols_over_4": 10}):
            other = ask(name, path, **change).payload
            assert other.pop("settings") == {k: v for k, v in change.items()}
            assert other == {k: v for k, v in plain.items() if k != "settings"}


def test_the_cli_answers_each_question_and_refuses_one_a_position_cannot():
    out = invoke("ask", "lion", "scenarios/oltre_mare/lion.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["p_exact"] == "7/8"
    assert invoke("odds", "scenarios/oltre_mare/blind-buys.yaml").exit_code == 0
    assert "salt 4, salt 5, olives 3" in invoke("ev", "scenarios/oltre_mare/cargo-order.yaml").stdout
    one_line_error(invoke("ask", "lion", "scenarios/oltre_mare/cargo-run-table.yaml"), "position.lion.scored")
    one_line_error(invoke("ev", "scenarios/oltre_mare/lion.yaml"), "position.me.play")
