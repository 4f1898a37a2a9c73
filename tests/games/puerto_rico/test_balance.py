"""Balance hooks: every shipped balance scenario parses and plays, a small A/B run of the start crops, the notes
say what a seat is, name the policies and say SOURCED, each reading that changes a full game does, and bad rules
name their field."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.puerto_rico import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "puerto_rico"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "puerto_rico")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
    notes = balance.HOOKS.notes(configs)
    assert any("TURN-ORDER RANK" in line for line in notes)
    assert len(balance.printed(configs)) == 3
    assert any("greedy" in line for line in balance.report_notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_start_crops_ab():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-start-crops-ab.yaml"), "puerto_rico")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "start_crops" in balance.HOOKS.rule_table(configs).index


def points(players, rules, kind="random"):
    config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                       FULL.hook("parse_policies")(kind, "p", players), "fixed", {}, "v")
    return play.play(config, 48, np.random.default_rng(6))["money"]


def test_each_reading_that_changes_a_full_game_does():
    base = points(4, {})
    for rules in ({"start_tiles_from_pool": False}, {"reshuffle": "merge"}, {"cost_floor": 2},
                  {"end_colonists_reading": "enough"}, {"wharf_capacity": 2}, {"start_crops": "all_corn"},
                  {"start_crops": "all_indigo"}, {"turn_cap": 8}, {"goods": {"corn": 4}},
                  {"buildings": {"small_market": {"cost": 3}}}):
        assert (points(4, rules) != base).any(), rules


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.start_crops"):
        balance.HOOKS.parse_rules({"start_crops": "all_coffee"})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.HOOKS.parse_rules({"colour": 3})


def test_the_noisy_scenario_seats_noisy_players():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-noisy.yaml"), "puerto_rico")
    assert {c.policies[0].label for c in configs.values()} == {"noisy:0.1", "noisy:0.2"}
    assert all(len(set(c.policies)) == 1 for c in configs.values())
    assert configs["4 players, all corn"].rules.settings.start_crops == "all_corn"
    assert "noisy:0.2" in balance.HOOKS.rule_table(configs).to_string()
