"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, a board in
the rules block is played, bad rules name their field, and the default board says illustrative."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "finstere_flure"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "finstere_flure")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    assert balance.illustrative(configs) == "illustrative"
    assert any("ILLUSTRATIVE" in line for line in balance.report_notes(configs))
    assert any("TURN-ORDER RANK" in line for line in balance.HOOKS.notes(configs))
    assert not balance.rule_table(configs).empty


def test_a_small_balance_run_of_stage_cards():
    data = {"game": "finstere_flure", "title": "t", "rules": {}, "players": 3, "policies": "random",
            "variants": {"8 cards": {}, "7 cards": {"stage_cards": 7}}}
    spec, configs = bv.parse(FULL, data, "finstere_flure")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "stage_cards" in balance.rule_table(configs).index


def test_a_board_in_the_rules_is_played_and_not_illustrative():
    rules = balance.parse_rules({"board": {"width": 12, "height": 9, "entrance": [11, 8], "stones": [[5, 4]]}})
    assert not rules.illustrative and rules.board.width == 12
    config = balance.HOOKS.make_config(rules, 3, FULL.hook("parse_policies")("random", "p", 3), "fixed", {}, "v")
    assert np.allclose(play.play(config, 16, np.random.default_rng(1))["credit"].sum(1), 1)


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.stage_cards"):
        balance.parse_rules({"stage_cards": 6})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.parse_rules({"colour": 3})
    with pytest.raises(ScenarioError, match="rules.board"):
        balance.parse_rules({"board": {"width": "wide"}})
