"""Balance hooks: every shipped balance scenario parses and plays, rule sets meet the same luck, the notes
say the board is illustrative."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_queen import balance, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "samarkand_queen")
    for name, config in configs.items():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    assert "illustrative" in FULL.hook("illustrative")(configs)
    assert any("ILLUSTRATIVE" in line for line in FULL.hook("notes")(configs))
    assert not balance.rule_table(configs).empty


def test_rule_sets_that_do_not_touch_random_play_give_the_same_games():
    """Random players never look at the discards, so public and hidden discards play identical games."""
    a = play.play(play.GameConfig(balance.parse_rules({}), 4, FULL.hook("parse_policies")("random", "p", 4)), 64,
                  np.random.default_rng(4))
    b = play.play(play.GameConfig(balance.parse_rules({"discard_pile": "hidden"}), 4,
                                  FULL.hook("parse_policies")("random", "p", 4)), 64, np.random.default_rng(4))
    assert (a["money"] == b["money"]).all()


def test_rotating_seats_moves_each_policy_round_the_table():
    pols = FULL.hook("parse_policies")(["random", "greedy", "greedy"], "policies", 3)
    config = play.GameConfig(balance.parse_rules({}), 3, pols, "rotate")
    out = play.play(config, 6, np.random.default_rng(1))
    assert (out["policy"][1] == [1, 2, 0]).all() and play.games_per_chunk(config) == 256


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError) as err:
        balance.parse_rules({"second_camel": "sideways"})
    assert err.value.field == "rules.second_camel"
    with pytest.raises(ScenarioError):
        balance.parse_rules({"turn_cap": 0})
