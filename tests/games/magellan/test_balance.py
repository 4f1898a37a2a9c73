"""Whole games for balance runs: the scenario format, the per-game arrays core.balance reads."""
import json
from pathlib import Path

import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import sim
from analyzer.games.magellan.play import GameConfig, play
from tests.cli_helpers import parse_balance
from analyzer.games.magellan.rules import rule_set

ROOT = Path(__file__).resolve().parents[3]


def test_the_shipped_balance_scenarios_parse():
    spec, configs = parse_balance(yaml.safe_load((ROOT / "scenarios/magellan/balance-sides.yaml").read_text()))
    assert [v.name for v in spec.variants] == ["side A", "side B, Pizarro crowns", "side B, Pizarro gold"]
    assert configs["side B, Pizarro gold"].rules.pizarro_scores == "gold"
    assert set(configs["side A"].rules.sides) == {"A"} and set(configs["side B, Pizarro gold"].rules.sides) == {"B"}
    spec, configs = parse_balance(yaml.safe_load((ROOT / "scenarios/magellan/balance-players.yaml").read_text()))
    assert [c.players for c in configs.values()] == [4, 3, 5, 6]
    assert all(len(c.policies) == c.players for c in configs.values())


def test_balance_format_errors_name_the_field():
    with pytest.raises(ScenarioError, match=r"variants\.x\.side"):
        parse_balance({"game": "magellan", "variants": {"x": {"side": "Q"}}})
    with pytest.raises(ScenarioError, match=r"rules\.pizarro_scores"):
        parse_balance({"game": "magellan", "rules": {"pizarro_scores": "silver"}, "variants": {"x": {}}})
    with pytest.raises(ScenarioError, match=r"variants\.x\.players"):
        parse_balance({"game": "magellan", "variants": {"x": {"players": 2}}})
    with pytest.raises(ScenarioError, match="policies"):
        parse_balance({"game": "magellan", "players": 4, "policies": ["value", "eager"]})
    with pytest.raises(ScenarioError, match="position"):
        parse_balance({"game": "magellan", "position": {"phase": 1}})


def test_play_returns_one_row_per_game_and_one_win_per_game():
    rules = rule_set("B", pizarro_scores="gold")
    policies = (pol.PRESETS["value"], pol.PRESETS["eager"], pol.PRESETS["thrifty"], pol.PRESETS["random"])
    out = play(GameConfig(rules, 4, policies), 300, np.random.default_rng(5))
    again = play(GameConfig(rules, 4, policies), 300, np.random.default_rng(5))
    assert all(np.array_equal(out[k], again[k]) for k in out)
    assert out["money"].shape == out["credit"].shape == (300, 4)
    assert out["credit"].sum(1) == pytest.approx(np.ones(300))
    assert out["bids"].shape == out["unsold"].shape == (300,)
    assert out["actions"].shape == (4, 3) and out["actions"][:, 1].sum() == 300 * 36 - out["unsold"].sum()
    # rotation: game i seats policy (s + i) mod 4 at seat s
    rot = play(GameConfig(rules, 4, policies, "rotate"), 301, np.random.default_rng(5))
    assert rot["policy"][1].tolist() == [1, 2, 3, 0] and rot["money"].shape == (301, 4)


def test_a_seat_that_never_bids_does_badly():
    rules = rule_set("A")
    g = sim.full_games(rules, [pol.PRESETS["passive"]] + [pol.PRESETS["value"]] * 3, 300, np.random.default_rng(1))
    assert g["share"][:, 0].sum() < 10 and g["won"][:, 0].sum() == 0 and g["bids"][:, 0].sum() == 0


def test_balance_through_the_cli_labels_the_board_illustrative():
    path = ROOT / "scenarios/magellan/balance-sides.yaml"
    result = CliRunner().invoke(app, ["balance", str(path), "-n", "200", "--seed", "1", "--no-progress", "-j", "1",
                                      "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["illustrative"] is True and data["games"] == 200
    assert {r["rule set"] for r in data["win_rate"]} == {"side A", "side B, Pizarro crowns", "side B, Pizarro gold"}
