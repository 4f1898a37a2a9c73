"""Every full game that reads the seat handicap (core/settings.py) refuses, in one line naming the candidate, a
vector of the wrong length and one that takes a rank's start below zero, before any game is played."""
import pytest

from analyzer.core import registry, tune
from analyzer.core.errors import ScenarioError
from analyzer.core.settings import HANDICAP, HANDICAP_MAX


READERS = ["puerto_rico", "st_petersburg", "san_marco", "camelup", "goa", "alhambra", "cafe_international", "magellan",
           "samarkand_queen", "samarkand_sackson"]


def _full(name):
    return registry.game(name).full()


@pytest.mark.parametrize("name", READERS)
def test_a_bad_vector_is_one_line_naming_the_candidate(name):
    full = _full(name)
    assert HANDICAP in full.rule_keys
    lo, hi = full.players(None)
    players = max(lo, min(3, hi))
    ok = [0] * players
    for bad, field in (([0] * (players + 1), "tune.values[1]"), ([0] * (players - 1) + [-HANDICAP_MAX], "tune.values[1]")):
        data = {"game": name, "players": players, "tune": {"setting": HANDICAP, "values": [ok, bad]}}
        with pytest.raises(ScenarioError) as err:
            tune.load(data, full)
        assert field in str(err.value) and len(str(err.value).splitlines()) == 1, str(err.value)
