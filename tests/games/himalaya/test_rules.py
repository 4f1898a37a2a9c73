"""Himalaya rules as data: the d20 placement with its wrap, the strict inventory, the three-player winner and the
storm's 6th action in every reading, and the settings block's one-line errors."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.himalaya import rules as r


def test_an_occupied_roll_goes_to_the_next_higher_free_village_and_20_wraps_to_1():
    assert r.landing({20, 1}, 20) == 2  # the seed's example
    assert r.landing({7}, 7) == 8 and r.landing(set(), 13) == 13
    assert r.landing(set(range(1, 21)), 5) is None


def test_the_inventory_goes_to_the_strict_most_and_a_tie_gives_nobody_the_token():
    assert r.inventory_winner({"me": 3, "p2": 2}) == "me"
    assert r.inventory_winner({"me": 2, "p2": 2, "p3": 1}) is None
    assert r.inventory_winner({"me": 0, "p2": 0}) is None


def test_full_inventory_in_both_readings():
    assert r.inventory_rewards(False) == ("yak_token",)
    assert r.inventory_rewards(True) == ("yak_token", "two_delegations", "stupa")


def test_three_player_two_of_three_and_its_fallback_and_sum_two():
    points = {"a": (5, 4, 0), "b": (4, 5, 5), "c": (0, 0, 4)}
    assert r.three_player_winner(points, "two_of_three") == "b"  # b leads politics and religion
    lone = {"a": (5, 1, 0), "b": (5, 2, 0), "c": (0, 0, 3)}  # nobody leads two: economy, then politics
    assert r.three_player_winner(lone, "two_of_three") == "b"
    spread = {"a": (9, 0, 0), "b": (4, 4, 0), "c": (0, 1, 1)}
    assert r.three_player_winner(spread, "two_of_three") == "a"  # one lead each: a by economy
    assert r.three_player_winner({"a": (9, 0, 0), "b": (5, 5, 0), "c": (0, 0, 1)}, "sum_two") == "b"
    assert r.three_player_winner({"a": (9, 0, 0), "b": (5, 5, 0), "c": (0, 0, 1)}, "two_of_three") == "a"


def test_storm_stop_in_both_readings():
    assert not r.storm_last_move("void") and r.storm_last_move("allowed")


def test_settings_default_to_the_spec_and_every_reading_parses():
    s = r.parse_settings(None)
    assert s == r.DEFAULT_SETTINGS and s.illustrative == ("resources_per_colour",)
    for name, (default, readings) in r.SETTINGS.items():
        for reading in readings or ((not default,) if isinstance(default, bool) else (10,)):
            assert getattr(r.parse_settings({name: reading}), name) == reading
    assert r.parse_settings({"resources_per_colour": 10}).illustrative == ()
    assert r.parse_settings({"short_bag": "no_placement"}).labels() == [
        "rules: short_bag=no_placement (others at their defaults)"]


@pytest.mark.parametrize("block,field", [({"occupied_means": "tasks"}, "rules.occupied_means"),
                                         ({"resources_per_colour": 0}, "rules.resources_per_colour"),
                                         ({"events": "maybe"}, "rules.events"), ({"colour": 1}, "rules.colour")])
def test_a_bad_setting_is_one_line_naming_it(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
