"""The questions through the CLI: exact values marked exact, fractions in the JSON, illustrative labels."""
import json
from pathlib import Path

import pytest

from tests.cli_helpers import invoke, one_line_error

HERE = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"


def ask(question, name, *extra):
    result = invoke("ask", question, HERE / name, "--no-progress", "-f", "json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_draw_and_odds_give_the_figures_as_fractions():
    out = ask("draw", "first-marriage.yaml")
    assert out["cards"]["3"]["p_exact"] == "3/31" and out["any"]["p_exact"] == "314/899"
    assert out["draw"] == {"from_unseen": 3, "unseen": 31, "from_discards": 0, "discards": 0, "k_max": 3,
                           "outcomes": 4495}
    assert out["illustrative"] is True and out["meta"]["illustrative"] is True
    assert set(out["meta"]["exact"]) == {"cards", "keep"} and out["meta"]["exact"]["cards"] is True
    odds = ask("odds", "first-marriage.yaml")
    assert odds["any"] == out["any"] and "marriages" not in odds and odds["meta"]["exact"] == {"cards": True}
    keep = ask("draw", "best-keep.yaml")
    assert keep["marriages"][0]["gain_mean_exact"] == "103/24" and keep["cards"]["3"]["p_exact"] == "3/10"
    assert keep["board"] == "four-family-sketch" and keep["illustrative"] is True


def test_effects_lists_every_action_with_the_money_markers_and_scores():
    out = ask("effects", "relationship.yaml")
    entry = next(a for a in out["actions"] if a["action"] == "extend byzantium to 2,2")
    assert entry["money"] == {"Tomáš": 3, "Petra": 1, "Filip": 0, "Markéta": 0}
    assert entry["relationship_markers"] == ["byzantium", "levant"] and entry["delta_me_exact"] == "5"
    assert entry["cells"] == ["2,2"] and entry["family"] == "byzantium" and entry["ends"] is None
    levant = ask("effects", "levant-start.yaml")["actions"]
    extends = [a for a in levant if a["kind"] == "extend"]
    assert sum(len(a["cells"]) == 1 for a in extends) == 6 and sum(len(a["cells"]) == 2 for a in extends) == 9
    bag = ask("effects", "two-player-bag.yaml")["actions"]
    assert bag and all(a["bag_domain_exact"] == "1/10" for a in bag)


def test_sell_when_the_game_ends_is_exact_and_says_keep():
    out = ask("sell", "sell-at-the-end.yaml")
    assert out["exact"] is True and (out["sell"], out["keep"], out["decision"]) == (3, 4, "keep")
    assert out["meta"]["exact"] == {"sell": True}


@pytest.mark.parametrize("question,name", [("routes", "relationship.yaml"), ("ev", "levant-start.yaml"),
                                           ("sell", "sell-midgame.yaml"), ("draw", "draw-reach.yaml")])
def test_the_monte_carlo_questions_answer_at_small_n(question, name):
    out = ask(question, name, "-n", "16", "--seed", "2")
    assert out["meta"]["question"] == question and out["illustrative"] is True
    if question == "draw":  # card_value reach: P(cards) exact, the gains estimated
        assert out["meta"]["exact"] == {"cards": True, "keep": False} and out["any"]["p_exact"] == "1219/4495"
        assert [m["exact"] for m in out["marriages"]] == [False] * 3


def test_the_monte_carlo_questions_are_left_out_where_the_engine_cannot_play_the_board():
    from analyzer.core import registry, scenario

    game = registry.game("samarkand_queen")
    small = game.position(scenario.load(HERE / "best-keep.yaml"))
    assert set(game.supported(small)) == {"odds", "effects", "draw"}
    assert "sell" in game.supported(game.position(scenario.load(HERE / "sell-at-the-end.yaml")))
    one_line_error(invoke("ask", "routes", HERE / "best-keep.yaml", "-n", "8"), "rules.board")


def test_a_question_the_position_does_not_support_is_one_line():
    one_line_error(invoke("ask", "sell", HERE / "first-marriage.yaml"), "position.focus.card")
    one_line_error(invoke("ask", "bid", HERE / "first-marriage.yaml"), "question")


def test_every_question_has_help_listing_its_json_keys():
    from analyzer.core import registry

    game = registry.game("samarkand_queen")
    for name, question in game.questions.items():
        assert "JSON keys" in question.help, name
    assert game.question("draw").default_rollouts is None and game.question("effects").default_rollouts is None
