"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, the variants'
A/B meets the same luck, the notes say what a seat is, name the policies and mark the illustrative board, and bad
rules name their field."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.cafe_international import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "cafe_international"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "cafe_international")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    notes = balance.HOOKS.notes(configs)
    assert any("TURN-ORDER RANK" in line for line in notes) and any("ILLUSTRATIVE" in line for line in notes)
    assert any("greedy" in line for line in balance.report_notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_variants_ab():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-variants.yaml"), "cafe_international")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "coffee_party" in balance.HOOKS.rule_table(configs).index


def points(players, rules, kind="greedy"):
    config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                       FULL.hook("parse_policies")(kind, "p", players), "fixed", {}, "v")
    return play.play(config, 48, np.random.default_rng(6))["money"]


def test_the_readings_change_full_games_and_dropout_reading_does_not():
    base = points(3, {})
    assert (base == points(3, {"dropout": "hand_removed"})).all()
    for rules in ({"birthday_table": True, "birthday_score": 20}, {"coffee_party": True},
                  {"lone_guest_rule": "never"}, {"table_scoring": "per_guest"}):
        assert (base != points(3, rules)).any(), rules
    # the bag readings differ only where the last refill crosses 4 (random players end by the bag more often)
    assert (points(4, {}, "random") != points(4, {"bag_end": "exactly_4"}, "random")).any()


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.table_scoring"):
        balance.HOOKS.parse_rules({"table_scoring": "sometimes"})
    with pytest.raises(ScenarioError, match="rules.colour"):
        balance.HOOKS.parse_rules({"colour": 3})
