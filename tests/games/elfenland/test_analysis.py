"""The Elfenland questions through the game contract and the CLI on the shipped scenarios: the spec's reference
figures come out as "p/q" beside the float, nothing is labelled illustrative (every figure used is sourced), each
setting that changes an answer does in every reading (and those that change none do not), bad questions exit 2
with one line."""
import json
import pytest

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("elfenland")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path, **settings):
    """The shipped scenario with `settings` written into its rules block (the pools depend on them)."""
    data = scenario.load(f"scenarios/elfenland/{path}")
    return GAME.position({**data, "rules": {**(data.get("rules") or {}), **settings}})


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def test_odds_two_dragons_in_the_first_deal_is_81554584_over_265978141():
    result = ask("odds", "two-dragons.yaml")
    assert result.payload["p_no_caravans_exact"] == "81554584/265978141"
    assert round(result.payload["p_no_caravans"], 4) == 0.3066 and result.payload["p_caravans_exact"] == "1"
    assert result.payload["pool_size"] == 72 and result.payload["cards_to_deal"] == 8


@pytest.mark.parametrize("reading", ["lacking", "any"])
def test_odds_the_spec_route_is_the_same_under_both_caravan_readings(reading):
    result = ask("odds", "route-round1.yaml", caravan_when=reading)
    assert result.payload["p_no_caravans_exact"] == "4785125/265978141"
    assert result.payload["p_caravans_exact"] == "1286727701/2393803269"
    assert round(result.payload["p_caravans"], 4) == 0.5375 and round(result.payload["p_no_caravans"], 4) == 0.0180
    assert result.exact == {"deal": True, "route": True} and not result.payload["illustrative"]
    assert "ILLUSTRATIVE" not in result.title and result.tables["deal"].loc["with caravans", "exact"] == (
        "1286727701/2393803269")


def test_odds_caravan_when_any_pays_more_routes_than_lacking():
    any_ = ask("odds", "caravan-any.yaml").payload
    lacking = ask("odds", "caravan-any.yaml", caravan_when="lacking").payload
    assert any_["p_caravans_exact"] == "11082876/265978141" and lacking["p_caravans"] < any_["p_caravans"]
    assert any_["p_no_caravans_exact"] == lacking["p_no_caravans_exact"] == "24696/78228865"
    assert [(leg["cost"], leg["caravan"]) for leg in any_["route"]] == [(2, 3), (2, 4), (3, 4)]


def test_odds_deck_reshuffle_in_each_reading_and_no_caravan_on_water():
    empty = ask("odds", "raft-discards.yaml").payload
    every = ask("odds", "raft-discards.yaml", deck_reshuffle="every_round")
    assert empty["pool_size"] == 59 and every.payload["pool_size"] == 68
    assert empty["p_no_caravans_exact"] == empty["p_caravans_exact"] == "26343/65018"  # the raft needs its cards
    assert every.payload["p_no_caravans"] != empty["p_no_caravans"]
    assert empty["route"][0]["caravan"] is None and any("every_round" in n for n in every.notes)


def test_ask_blind_first_draw_with_two_dragons_open_is_6_over_43():
    result = ask("blind", "blind-counter.yaml")
    assert result.payload["odds"]["dragon"] == {"p": 6 / 43, "p_exact": "6/43"} and result.payload["pool_size"] == 43
    assert round(result.payload["odds"]["dragon"]["p"], 4) == 0.1395
    assert result.tables["blind"].loc["troll", "exact"] == "8/43" and result.exact == {"blind": True}


def test_ev_a_blind_pick_beats_every_open_one_when_the_display_lacks_my_kind():
    result = ask("ev", "open-or-blind.yaml")
    assert result.payload["wanted"] == {"cycle": 1} and result.payload["best"] == "blind"
    options = {o["pick"]: o.get("value_exact") for o in result.payload["options"]}
    assert options == {"blind": "7/27", "open troll": "0", "open dragon": "0", "open unicorn": "0", "open cloud": "0"}
    spec = ask("ev", "route-round1.yaml").payload  # nothing seen: 4 of the 6 kinds lacked
    assert spec["options"] == [{"pick": "blind", "value": 2 / 3, "value_exact": "2/3"}]


@pytest.mark.parametrize("change", [{"later_round_counters": "one_face_down"}, {"elvenhold_piece": True},
                                    {"town_cards": True}, {"town_distance": "towns_between"},
                                    {"opponent_keep": "exchangeable"}])
def test_the_settings_that_concern_no_question_change_no_answer(change):
    for name, path in (("odds", "route-round1.yaml"), ("blind", "blind-counter.yaml"), ("ev", "open-or-blind.yaml")):
        plain = ask(name, path).payload
        other = ask(name, path, **change).payload
        assert other.pop("settings") == {k: v for k, v in change.items() if k != "opponent_keep"}
        assert other == {k: v for k, v in plain.items() if k != "settings"}


def test_the_cli_answers_each_question_and_refuses_one_a_position_cannot():
    out = invoke("ask", "blind", "scenarios/elfenland/blind-counter.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["odds"]["dragon"]["p_exact"] == "6/43"
    odds = invoke("odds", "scenarios/elfenland/route-round1.yaml", "-f", "json")
    assert odds.exit_code == 0 and json.loads(odds.stdout)["p_caravans_exact"] == "1286727701/2393803269"
    assert "blind" in invoke("ev", "scenarios/elfenland/open-or-blind.yaml").stdout
    one_line_error(invoke("odds", "scenarios/elfenland/blind-counter.yaml"), "position.route")
    one_line_error(invoke("ev", "scenarios/elfenland/spec-example.yaml"), "position.route",
                   "every leg already has its counter", "ev needs a route with a leg still lacking its counter")
    one_line_error(invoke("ask", "reachable", "scenarios/elfenland/spec-example.yaml"), "question")
