"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, the A/B of
the upgrade pairs meets the same luck, the notes say which stones a seat holds, and bad rules name their field."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.st_petersburg import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "st_petersburg"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "st_petersburg")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    notes = balance.HOOKS.notes(configs)
    assert any("TURN-ORDER RANK" in line and "worker stone" in line for line in notes)
    assert any("greedy" in line for line in balance.report_notes(configs))
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_of_the_upgrade_pairs_ab():
    spec, configs = bv.parse(FULL, scenario.load(SCENARIOS / "balance-upgrade-pairs.yaml"), "st_petersburg")
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)
    assert "upgrade_pairs" in balance.HOOKS.rule_table(configs).index


def points(players, rules, kind="greedy", n=64):
    config = balance.HOOKS.make_config(balance.HOOKS.parse_rules(rules), players,
                                       FULL.hook("parse_policies")(kind, "p", players), "fixed", {}, "v")
    return play.play(config, n, np.random.default_rng(6))


def test_the_readings_change_full_games():
    base = points(4, {}, "random")["money"]
    for rules in ({"upgrade_pairs": "seed"}, {"worker_refill_end": "immediate"},
                  {"observatory_last_card": "allowed"}, {"hand_limit": 4}, {"turn_cap": 3}):
        assert (base != points(4, rules, "random")["money"]).any(), rules


def test_the_turn_cap_counts_capped_games_apart():
    out = points(3, {"turn_cap": 2})
    assert (out["capped"] == 1).all() and (out["rounds"] == 2).all()
    assert points(3, {})["capped"].sum() == 0


def test_the_stones_each_seat_holds():
    assert balance.stones_held(4) == ["worker", "building", "aristocrat", "upgrade"]
    assert balance.stones_held(3) == ["worker + upgrade", "building", "aristocrat"]
    assert balance.stones_held(2) == ["worker + aristocrat", "building + upgrade"]


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError, match="rules.upgrade_pairs"):
        balance.HOOKS.parse_rules({"upgrade_pairs": "sometimes"})
    with pytest.raises(ScenarioError, match="rules.takes_pmf"):
        balance.HOOKS.parse_rules({"takes_pmf": "uniform_0_6"})  # an exact question's setting, no whole-game rule
