"""Balance hooks: every shipped balance scenario parses and plays, a small A/B run of expedition_limit, the notes say
what a seat is, name the policies and say ILLUSTRATIVE, and bad rules name their field."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.goa import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "goa"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "goa")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
    notes = balance.HOOKS.notes(configs)
    assert any("TURN-ORDER RANK" in line for line in notes) and any("ILLUSTRATIVE" in line for line in notes)
    assert balance.illustrative(configs) == "illustrative board data"
    assert any("greedy" in line for line in balance.report_notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_expedition_limit_ab():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-expedition-limit.yaml"), "goa")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "expedition_limit" in balance.HOOKS.rule_table(configs).index


def points(players, rules, kind="greedy"):
    config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                       FULL.hook("parse_policies")(kind, "p", players), "fixed", {}, "v")
    return play.play(config, 48, np.random.default_rng(6))["money"]


def test_each_reading_that_changes_a_full_game_does():
    base = points(4, {}, "random")
    for rules in ({"expedition_limit": "always"}, {"expedition_reshuffle": "shuffle_together"},
                  {"advanced_start": "two_markers_row2"}, {"advanced_start": "ten_ducats"},
                  {"set_values": [1, 2, 3, 4, 5, 6]}, {"turn_cap": 50}):
        assert (points(4, rules, "random") != base).any(), rules
    assert (points(4, {"final_tie": "shared"}) == points(4, {})).all()


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.expedition_limit"):
        balance.HOOKS.parse_rules({"expedition_limit": "sometimes"})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.HOOKS.parse_rules({"colour": 3})
