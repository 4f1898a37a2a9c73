"""Every full game that reads the seat handicap (core/settings.py) refuses, in one line naming the candidate, a
vector of the wrong length and one that takes a rank's start below zero, before any game is played."""
from pathlib import Path

import pytest

from analyzer.core import registry, tune
from analyzer.core.errors import ScenarioError
from analyzer.core.settings import HANDICAP, HANDICAP_MAX


NON_READERS = {"catan": "Catan", "emerald": "Emerald", "finstere_flure": "Finstere Flure"}  # no per-seat start
READERS = ["puerto_rico", "st_petersburg", "san_marco", "camelup", "goa", "alhambra", "cafe_international", "magellan",
           "samarkand_queen", "samarkand_sackson"]


def _full(name):
    return registry.game(name).full()


def test_every_full_game_reads_it_or_docs_tune_says_why_not():
    full_games = {name for name in registry.GAMES if registry.game(name).full_games is not None}
    assert full_games == set(READERS) | set(NON_READERS)
    text = (Path(__file__).parents[2] / "docs" / "tune.md").read_text()
    assert all(f"- {title}: " in text for title in NON_READERS.values())


@pytest.mark.parametrize("name", READERS)
def test_a_bad_vector_is_one_line_naming_the_candidate(name):
    full = _full(name)
    assert HANDICAP in full.rule_keys
    lo, hi = full.players(None)
    players = max(lo, min(3, hi))
    ok = [0] * players
    for bad in ([0] * (players + 1), [0] * (players - 1) + [-HANDICAP_MAX]):  # too long; below zero
        data = {"game": name, "players": players, "tune": {"setting": HANDICAP, "values": [ok, bad]}}
        with pytest.raises(ScenarioError) as err:
            tune.load(data, full)
        assert "tune.values[1]" in str(err.value) and len(str(err.value).splitlines()) == 1, str(err.value)
