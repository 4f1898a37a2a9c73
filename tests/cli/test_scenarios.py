"""Every shipped scenario runs as it is, through the CLI, for each question its game answers."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.core import registry, scenario

ROOT = Path(__file__).resolve().parents[2]
CAMELUP = sorted((ROOT / "scenarios" / "camelup").glob("*.yaml"))


def _questions(path):
    data = scenario.load(path)
    if "position" not in data:
        return []
    game = registry.game(data["game"])
    return [c for c in ("odds", "ev") if c in game.supported(game.position(data))]


@pytest.mark.parametrize("path", CAMELUP, ids=lambda p: p.name)
def test_shipped_camelup_scenarios_answer_odds_and_ev(path):
    for command in _questions(path):
        result = CliRunner().invoke(app, [command, str(path), "-n", "5000", "--seed", "1", "--no-progress",
                                          "-f", "json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        if command == "odds":
            assert all(abs(sum(p) - 1) < 1e-9 for p in data["leg"].values())
        else:
            assert data["actions"]
