"""`analyzer camelup odds --help` says what the code does: race odds exact in the first edition, Monte Carlo in the
second."""
import json
from pathlib import Path

from tests.cli_helpers import invoke

ROOT = Path(__file__).resolve().parents[2]


def test_the_help_says_race_odds_are_exact_in_the_first_edition_as_they_are():
    text = " ".join(invoke("camelup", "odds", "--help", env={"COLUMNS": "200"}).stdout.split())
    assert "race odds (exact in the first edition" in text and "Monte Carlo with 95% intervals in the second" in text
    assert "race odds (Monte Carlo)" not in text
    first = invoke("camelup", "odds", "--track", "1:bgwoy", "-n", 1000, "--seed", 1, "--no-progress", "-f", "json")
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["race_exact"] is True
    second = invoke("odds", ROOT / "scenarios" / "camelup" / "second-edition-opening.yaml", "-n", 1000, "--seed", 1,
                    "--no-progress", "-f", "json")
    assert second.exit_code == 0, second.output
    assert json.loads(second.stdout)["race_exact"] is False
