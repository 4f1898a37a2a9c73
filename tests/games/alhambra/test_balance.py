"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, the tie_split
A/B meets the same luck, readings that cannot change a full game change nothing, the notes say what a seat is and
name the policies, and bad rules name their field."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "alhambra"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "alhambra")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    assert any("TURN-ORDER RANK" in line for line in balance.HOOKS.notes(configs))
    assert any("greedy" in line for line in balance.report_notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_tie_split_ab():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-tie-split.yaml"), "alhambra")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "tie_split" in balance.HOOKS.rule_table(configs).index


def points(players, rules, kind="greedy"):
    config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                       FULL.hook("parse_policies")(kind, "p", players), "fixed", {}, "v")
    return play.play(config, 48, np.random.default_rng(6))["money"]


def test_hands_open_changes_no_full_game_and_tie_split_does():
    assert (points(4, {}) == points(4, {"hands_open": True})).all()
    assert (points(4, {}) != points(4, {"tie_split": "rank_only"})).any()
    assert (points(3, {}, "random") != points(3, {"end_rule": "empty_stack"}, "random")).any()


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.tie_split"):
        balance.HOOKS.parse_rules({"tie_split": "sometimes"})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.HOOKS.parse_rules({"colour": 3})
    with pytest.raises(ScenarioError, match="rules.neutral_player"):
        balance.HOOKS.parse_rules({"neutral_player": True})
