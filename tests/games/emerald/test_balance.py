"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, the A/B
variants meet the same luck, bad rules name their field, and the default knight_value says illustrative."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.emerald import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "emerald"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "emerald")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    assert balance.illustrative(configs) == "illustrative"
    assert any("ILLUSTRATIVE" in line for line in balance.report_notes(configs))
    assert any("TURN-ORDER RANK" in line for line in balance.HOOKS.notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_two_player_rule():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-two-player.yaml"), "emerald")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "two_player_one_colour" in balance.HOOKS.rule_table(configs).index


def test_the_one_colour_rule_changes_two_player_games_only():
    """(random players: greedy ones never meet a turn where the rule binds, see the report)"""
    def points(players, rules):
        config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                           FULL.hook("parse_policies")("random", "p", players), "fixed", {}, "v")
        return play.play(config, 64, np.random.default_rng(6))["money"]

    assert (points(4, {}) == points(4, {"two_player_one_colour": False})).all()
    assert (points(2, {}) != points(2, {"two_player_one_colour": False})).any()


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.chamber_ends_turn"):
        balance.HOOKS.parse_rules({"chamber_ends_turn": "sometimes"})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.HOOKS.parse_rules({"colour": 3})
    assert not balance.HOOKS.parse_rules({"knight_value": 3}).illustrative
