"""Balance hooks: every shipped balance scenario parses and plays, credit sums to 1 in every rule set, rule sets
meet the same luck, boards are read (random per game or supplied), bad rules name their field, and random boards
name the printed tables they rest on."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance import summary as bs
from analyzer.core.balance import variants as bv
from analyzer.core.errors import ScenarioError
from analyzer.games.catan import balance, play
from analyzer.games.catan import board as bo

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "catan"
FULL = balance.FULL_GAMES


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("balance-*.yaml")), ids=lambda p: p.name)
def test_every_balance_scenario_plays_a_few_games(path):
    spec, configs = bv.parse(FULL, scenario.load(path), "catan")
    for config in configs.values():
        out = play.play(config, 4, np.random.default_rng(0))
        assert out["money"].shape == (4, config.players) and np.allclose(out["credit"].sum(1), 1)
        assert out["actions"].shape == (config.players, len(FULL.action_kinds))
        assert set(FULL.lengths) <= set(out)
    fixed = any(c.rules.board is not None and c.rules.board.illustrative for c in configs.values())
    assert balance.illustrative(configs) == ("illustrative" if fixed else "") and balance.printed(configs)
    assert any("PLACEMENT RANK" in line for line in balance.HOOKS.notes(configs))
    assert "placement rank" in balance.HOOKS.seats(configs)[0][1]
    assert not balance.HOOKS.rule_table(configs).empty


def test_a_small_balance_run_pairs_every_setting_against_the_seed_readings():
    data = scenario.load(SCENARIOS / "balance-seed-readings.yaml")
    spec, configs = bv.parse(FULL, data, "catan")
    assert len(configs) == 9  # the seed readings and one official reading of each of the 8 settings
    result = bs.balance(spec, runner.RunSettings(rollouts=128, seed=1, progress=False, jobs=1))
    assert set(result.tables) >= {"win_rate", "differences", "length", "actions"}
    credit = result.tables["win_rate"].groupby("rule set")["win rate"].sum()
    assert np.allclose(credit.values, 1.0)


def test_greedy_games_do_not_see_harbour_delay_and_trader_games_do():
    """Common random numbers: greedy players never trade, so harbour delay leaves every game as it was."""
    def points(rules, policy):
        policies = FULL.hook("parse_policies")(policy, "p", 4)
        config = balance.HOOKS.make_config(balance.parse_rules(rules), 4, policies, "fixed", {}, "variants.x")
        return play.play(config, 128, np.random.default_rng(6))["money"]

    assert (points({}, "greedy") == points({"harbor_delay": False}, "greedy")).all()
    assert (points({}, "trader") != points({"harbor_delay": False}, "trader")).any()


def test_boards_are_random_per_game_or_the_one_supplied():
    assert balance.parse_rules({}).board is None and balance.parse_rules({"board": {"source": "random"}}).board is None
    fixed = balance.parse_rules({"board": {"source": "random", "seed": 4}})
    assert fixed.board is not None and fixed.board.source == "random"
    assert balance.parse_rules({"board": {"source": "default"}}).board.source == "default"


def test_bad_rules_name_their_field():
    with pytest.raises(ScenarioError) as err:
        balance.parse_rules({"discard_rounding": "sideways"})
    assert err.value.field == "rules.discard_rounding"
    with pytest.raises(ScenarioError) as err:
        balance.parse_rules({"board": {"source": "moon"}})
    assert err.value.field.startswith("rules.board")
    with pytest.raises(ScenarioError):
        balance.parse_rules({"turn_cap": 0})


@pytest.mark.slow
def test_a_balance_run_is_the_same_for_any_jobs():
    spec, _ = bv.parse(FULL, scenario.load(SCENARIOS / "balance-4p.yaml"), "catan")
    one, two = (bs.balance(spec, runner.RunSettings(rollouts=2048, seed=5, progress=False, jobs=jobs))
                for jobs in (1, 2))
    assert one.tables["win_rate"].equals(two.tables["win_rate"]) and one.tables["length"].equals(two.tables["length"])


def test_random_boards_rest_on_the_printed_tables_until_the_scenario_gives_its_own():
    tokens = [11, 3, 6, 5, 4, 9, 10, 8, 4, 11, 12, 9, 10, 8, 3, 6, 2, 5]  # a scenario's own, say
    kinds = ["wood", "generic", "generic", "brick", "sheep", "generic", "grain", "generic", "ore"]
    assert balance.parse_rules({}).printed == (bo.PRINTED_TOKENS, bo.PRINTED_HARBORS)
    assert balance.parse_rules({"token_sequence": tokens}).printed == (bo.PRINTED_HARBORS,)
    assert balance.parse_rules({"token_sequence": tokens, "harbor_kinds": kinds}).printed == ()
    assert not balance.parse_rules({"token_sequence": tokens}).illustrative
