"""Every game has the same shape: a loader, its commands, shipped scenarios that load, a benchmark."""
import importlib
from pathlib import Path

import pytest

from analyzer.core import registry, scenario

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_game_package_shape(game):
    package = registry.game_module(game)
    assert callable(package.load)
    assert {"odds", "ev"} <= set(package.COMMANDS)
    for command in package.COMMANDS:
        load, analyse = registry.analysis(game, command)
        assert callable(analyse)
    assert callable(importlib.import_module(f"{registry.GAMES[game]}.bench").run)
    for module in ("rules", "state", "reference", "sim", "analysis"):
        importlib.import_module(f"{registry.GAMES[game]}.{module}")


@pytest.mark.parametrize("path", sorted(ROOT.glob("scenarios/*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_scenario_names_its_game_and_loads(path):
    data = scenario.load(path)
    assert data["game"] == path.parent.name
    package = registry.game_module(data["game"])
    if "position" not in data:  # a balance set-up: checked when `analyzer balance` runs it
        assert "balance" in package.COMMANDS
        return
    package.load(data)
