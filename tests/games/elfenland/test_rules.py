"""Elfenland rules as data: the boxes' counts, the cost table as the seed lists it, the obstacle and the caravan,
and the named settings in every reading with one-line errors."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.elfenland import rules as r


def test_the_travel_deck_is_72_cards_and_the_counters_48():
    assert sum(r.CARD_COUNTS.values()) == 72 and r.CARD_COUNTS["raft"] == 12
    assert all(r.CARD_COUNTS[k] == 10 for k in r.COUNTER_KINDS)
    assert r.COUNTERS_EACH * len(r.COUNTER_KINDS) == 48 and set(r.COUNTER_KINDS) == set(r.CARD_KINDS) - {"raft"}


def test_the_cost_table_row_by_row_and_the_forbidden_terrains():
    rows = {k: tuple(r.COST[k][t] for t in r.TERRAINS) for k in r.COUNTER_KINDS}
    assert rows == {"pig": (1, 1, None, None), "cycle": (1, 1, None, 2), "cloud": (2, 2, None, 1),
                    "unicorn": (None, 1, 2, 1), "troll": (1, 2, 2, 2), "dragon": (1, 2, 1, 1)}
    assert r.leg_cost("pig", "desert") is None and r.leg_cost("unicorn", "plain") is None


def test_rafts_obstacles_and_caravans():
    assert [r.leg_cost("raft", w) for w in ("downstream", "upstream", "lake")] == [1, 2, 2]
    assert r.leg_cost("troll", "forest", obstacle=True) == 3 and r.leg_cost("cloud", "mountain", True) == 2
    assert (r.caravan_cost(False), r.caravan_cost(True)) == (3, 4)


@pytest.mark.parametrize("name", sorted(r.SETTINGS))
def test_every_setting_parses_in_every_reading_and_labels_it(name):
    default, readings = r.SETTINGS[name]
    values = (True, False) if isinstance(default, bool) else readings
    for value in values:
        settings = r.parse_settings({name: value})
        assert getattr(settings, name) == value
        label = settings.labels()[0]
        assert (f"{name}={value}" in label) == (value != default)


def test_hidden_counters_by_round_and_reading():
    two = r.parse_settings({})
    one = r.parse_settings({"later_round_counters": "one_face_down"})
    assert [r.hidden_counters_allowed(k, two) for k in (1, 2, 4)] == [1, 2, 2]
    assert [r.hidden_counters_allowed(k, one) for k in (1, 2, 4)] == [1, 1, 1]


@pytest.mark.parametrize("block,field", [({"caravan_when": "never"}, "rules.caravan_when"),
                                         ({"opponent_keep": "known"}, "rules.opponent_keep"),
                                         ({"town_cards": "maybe"}, "rules.town_cards"),
                                         ({"deck": 1}, "rules.deck")])
def test_a_bad_setting_is_one_line_naming_it(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
