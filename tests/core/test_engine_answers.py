"""Every shipped balance scenario of a whole-game engine gives the same JSON, byte for byte, as the committed
checksums in `engine_answers.json` (the engine glue in core/engine.py was a refactor: issue 55).

Small runs (GAMES games per rule set, the search rungs at SEARCH playouts a decision), seed 3.  The position
scenarios' answers are the golden traces' (tests/test_conformance.py).  After a change that alters results on
purpose, rewrite the checksums with `ANALYZER_REGOLD=1 python -m pytest tests/core/test_engine_answers.py --runslow`.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
import yaml

from analyzer.core import registry, scenario
from tests.cli_helpers import invoke, small_search

ENGINES = ("alhambra", "cafe_international", "catan", "emerald", "finstere_flure", "goa", "puerto_rico",
           "samarkand_queen", "samarkand_sackson", "san_marco", "st_petersburg")
EXPECTED = Path(__file__).parent / "engine_answers.json"
GAMES, SEARCH = 16, 2
# games per rule set of a ladder scenario where even search:2 is slow (at least one playout an option: San
# Marco's splits have some 60; Finstere Flure's playouts run to the end of a long game)
LADDER_GAMES = {"san_marco": 2, "samarkand_sackson": 2, "finstere_flure": 4}


def balance_scenarios(game: str) -> list[Path]:
    """The game's scenarios `analyzer balance` plays (a tune scenario is `analyzer tune`'s: tests/core/test_tune.py)."""
    return [p for p in registry.scenarios(game) if not {"position", "tune"} & set(scenario.load(p))]


def answer(game: str, path: Path, tmp_path: Path) -> str:
    data = yaml.safe_load(path.read_text())
    games = GAMES
    if "ladder" in data:
        data["ladder"] = [small_search(word, SEARCH) for word in data["ladder"]]
        games = LADDER_GAMES.get(game, GAMES)
    small = tmp_path / path.name
    small.write_text(yaml.safe_dump(data))
    result = invoke("balance", small, "-n", games, "--seed", 3, "--no-progress", "-f", "json")
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("game", ENGINES)
def test_every_balance_scenario_gives_the_committed_answer(game, tmp_path):
    answers = {path.name: answer(game, path, tmp_path) for path in balance_scenarios(game)}
    sums = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in answers.items()}
    expected = json.loads(EXPECTED.read_text()) if EXPECTED.exists() else {}
    if os.environ.get("ANALYZER_REGOLD"):
        expected[game] = sums
        EXPECTED.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    if os.environ.get("ANALYZER_KEEP_ANSWERS"):  # the whole answers, to diff by hand
        keep = Path(os.environ["ANALYZER_KEEP_ANSWERS"]) / game
        keep.mkdir(parents=True, exist_ok=True)
        for name, text in answers.items():
            (keep / f"{name}.json").write_text(text)
    assert sums == expected[game]
