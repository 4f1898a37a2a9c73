"""The Goa questions through the game contract and the CLI: exact answers keep "p/q" beside the float, the reference
figures come out of the shipped scenarios, answers on illustrative data say so, bad input exits 2 with one line."""
import json
from dataclasses import replace

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("goa")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def ask(name, path, **run):
    position = GAME.position(scenario.load(f"scenarios/goa/{path}"))
    return contract_ask(GAME, name, position, replace(RUN, **run))


def _colonies(result):
    return {c["colony"]: c for c in result.payload["colonies"]}


def test_odds_gives_26_29_and_1_3_marked_exact_and_illustrative():
    result = ask("odds", "colony-odds.yaml")
    col = _colonies(result)
    assert col["quilon"]["success_exact"] == "26/29" and col["cochin"]["success_exact"] == "1/3"
    assert col["quilon"]["fail_exact"] == "3/29" and col["madras"]["success_exact"] == "0"
    assert result.payload["best"] == "quilon" and col["quilon"]["best"]
    assert [f["p_exact"] for f in result.payload["flip"]] == ["3/29", "20/87", "1/3", "20/87", "3/29"]
    assert result.exact == {"colonies": True, "S_2": True} and result.meta["exact"]["colonies"] is True
    assert result.payload["illustrative"] and result.meta["illustrative"]
    assert "ILLUSTRATIVE" in result.title and any(n.startswith("ILLUSTRATIVE") for n in result.notes)


def test_a_known_deck_gives_7_10_and_is_not_illustrative():
    result = ask("odds", "known-deck.yaml")
    assert _colonies(result)["quilon"]["success_exact"] == "7/10"
    assert not result.payload["illustrative"] and "ILLUSTRATIVE" not in result.title
    assert not any("ILLUSTRATIVE" in n for n in result.notes)


def test_the_spec_position_and_the_other_colony_scenarios():
    spec = ask("odds", "spec-position.yaml")
    assert set(_colonies(spec)) == {"cochin", "madras", "calicut"} and not spec.payload["illustrative"]
    assert spec.payload["attempt"]["target"] == "cochin" and spec.payload["deck_left"] == 17
    three = ask("odds", "three-card-flip.yaml")
    assert three.payload["attempt"]["cards_flipped"] == 3 and "S_3" in three.tables
    spy = ask("odds", "spionage-short-deck.yaml")
    assert spy.payload["attempt"]["spionage"] and spy.payload["attempt"]["level_colonists"] == 3
    assert any("discard_under" in n for n in spy.notes)
    assert "card_played_exact" in spy.payload["colonies"][0]
    given = ask("odds", "deck-given.yaml")
    assert given.payload["illustrative"]  # the deck written out equals the illustrative one


def test_hand_needed():
    result = ask("hand_needed", "hand-needed.yaml")
    rows = {(n["colony"], n["wanted_exact"]): n for n in result.payload["needed"]}
    assert set(c for c, _ in rows) == {"cochin", "madras", "calicut"}
    assert rows[("cochin", "1")]["hand_colonists"] == 5  # 1 + 2 + 5 >= 8: always
    assert all(n["success"] >= n["wanted"] for n in rows.values()) and result.exact == {"needed": True}


def test_nachschub_gives_the_435_pairs():
    result = ask("nachschub", "nachschub.yaml")
    dist = result.payload["distribution"]
    assert [d["sum"] for d in dist] == [2, 3, 4, 5, 6]
    assert [d["p_exact"] for d in dist] == ["3/29", "20/87", "1/3", "20/87", "3/29"]  # 45 100 145 100 45 of 435
    assert result.payload["mean_exact"] == "4" and dist[0]["at_least_exact"] == "1"
    assert result.payload["illustrative"] and result.exact == {"S_2": True}


def test_hold_or_play():
    result = ask("hold_or_play", "hold-or-play.yaml")
    cards = result.payload["cards"]
    assert [c["verdict"] for c in cards] == ["play", "play", "hold", "hold", "either"]
    plan = result.payload["plan"]
    assert plan["play"] == [0, 1] and plan["points_exact"] == "11" and plan["hold_all_exact"] == "7"
    assert result.payload["illustrative"] and "effect values" in result.title


def test_the_supported_questions():
    def supported(name):
        return GAME.supported(GAME.position(scenario.load(f"scenarios/goa/{name}")))

    assert supported("nachschub.yaml") == ("nachschub",)
    assert supported("hold-or-play.yaml") == ("nachschub", "hold_or_play")
    assert supported("spec-position.yaml") == ("odds", "hand_needed", "nachschub", "hold_or_play")


def test_the_cli_prints_exact_fractions_in_json():
    result = invoke("odds", "scenarios/goa/colony-odds.yaml", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["meta"]["game"] == "goa" and data["meta"]["illustrative"]
    assert {c["colony"]: c["success_exact"] for c in data["colonies"]}["quilon"] == "26/29"
    shown = invoke("ask", "nachschub", "scenarios/goa/nachschub.yaml")
    assert shown.exit_code == 0 and "ILLUSTRATIVE" in shown.stdout and "20/87" in shown.stdout


def test_bad_input_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: goa\nposition:\n  founded: [quilon]\n  colony_attempt: {target: quilon}\n")
    one_line_error(invoke("odds", bad), "position.colony_attempt.target", "founded")
    bad.write_text("game: goa\nposition:\n  expedition: {discard: [{colonists: 5}]}\n")
    one_line_error(invoke("ask", "nachschub", bad), "position.expedition.discard[0].colonists")
    one_line_error(invoke("odds", "scenarios/goa/nachschub.yaml"), "colony_attempt")
    one_line_error(invoke("ask", "hold_or_play", "scenarios/goa/nachschub.yaml"), "my_hand")
