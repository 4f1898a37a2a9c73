"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1, rule sets meet the same luck,
start placements are read and checked, the notes say the board is illustrative."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_sackson import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_sackson"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "samarkand_sackson")
    for name, config in configs.items():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    assert "illustrative" in FULL.hook("illustrative")(configs)
    assert any("ILLUSTRATIVE" in line for line in FULL.hook("notes")(configs))
    assert not balance.rule_table(configs).empty


def test_a_small_balance_run_hands_out_one_win_per_game_in_every_rule_set():
    """(The conformance suite repeats full games for a seed; the race test here runs under 1 and 2 jobs.)"""
    data = scenario.load(SCENARIOS / "balance-market-disc.yaml")
    spec, configs = bv.parse(FULL, data, "samarkand_sackson")
    a = bs.balance(spec, runner.RunSettings(rollouts=256, seed=1, progress=False, jobs=1))
    win = a.tables["win_rate"]
    assert set(a.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = win.groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)


def test_rule_sets_that_random_players_cannot_tell_apart_give_the_same_games():
    """Random players never look at the prices' W, so greedy-only readings leave them alone: with no disc
    and the chips' price_one changed, random games are identical (no step_down, price_one unused)."""
    pols = FULL.hook("parse_policies")("random", "p", 4)
    a = play.play(play.GameConfig(balance.parse_rules({"market_disc": "none"}), 4, pols), 64,
                  np.random.default_rng(4))
    b = play.play(play.GameConfig(balance.parse_rules({"market_disc": "none", "price_one": 9}), 4, pols), 64,
                  np.random.default_rng(4))
    assert (a["money"] == b["money"]).all() and (a["turns"] == b["turns"]).all()


def test_rotating_seats_and_start_spaces():
    pols = FULL.hook("parse_policies")(["random", "greedy", "collector"], "policies", 3)
    config = balance.make_config(balance.parse_rules({}), 3, pols, "rotate", {"start": ["d1", "random", "a1"]},
                                 "variants.x")
    out = play.play(config, 6, np.random.default_rng(1))
    assert (out["policy"][1] == [1, 2, 0]).all() and play.games_per_chunk(config) == 256
    assert out["seat 0 started on a city"].all()
    with pytest.raises(ScenarioError) as err:
        balance.make_config(balance.parse_rules({}), 3, pols, "fixed", {"start": ["d1"]}, "variants.x")
    assert err.value.field == "variants.x.start"
    with pytest.raises(ScenarioError) as err:
        balance.make_config(balance.parse_rules({}), 3, pols, "fixed", {"start": ["d1", "z9", "a1"]}, "variants.x")
    assert err.value.field == "variants.x.start[1]"


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError) as err:
        balance.parse_rules({"market_disc": "sideways"})
    assert err.value.field == "rules.market_disc"
    with pytest.raises(ScenarioError):
        balance.parse_rules({"turn_cap": 0})
