"""Caylus rules as data: the start money, the section table, the settings' defaults and parsing with one-line
errors."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.caylus import rules as r


def test_start_money_by_first_round_order_and_two_players_both_five():
    assert r.start_money(5) == (5, 6, 6, 7, 7)
    assert r.start_money(4) == (5, 6, 6, 7) and r.start_money(3) == (5, 6, 6)
    assert r.start_money(2) == (5, 5)


def test_six_neutral_buildings_and_castle_points_five_four_three():
    assert len(r.NEUTRALS) == 6 and len(set(r.NEUTRALS)) == 6
    assert dict(zip(r.SECTIONS, r.CASTLE_POINTS)) == {"dungeon": 5, "walls": 4, "towers": 3}
    assert r.FAN_CASTLE_SIZES == (6, 10, 14)


def test_settings_default_to_the_spec_and_the_castle_sizes_are_illustrative():
    s = r.parse_settings(None)
    assert s == r.DEFAULT_SETTINGS and s.illustrative == ("castle_sizes",)
    assert s.labels() == ["rules: every named setting at the spec's default"]
    given = r.parse_settings({"castle_sizes": [4, 8, 12], "passing_track_values": "two_after_first_pass"})
    assert given.castle_sizes == (4, 8, 12) and given.illustrative == ()
    assert given.shown() == {"passing_track_values": "two_after_first_pass", "castle_sizes": [4, 8, 12]}
    assert r.parse_settings({"castle_sizes": "pindia_fan_unverified"}).castle_sizes == (6, 10, 14)


@pytest.mark.parametrize("block,field", [
    ({"passing_track_values": "two"}, "rules.passing_track_values"),
    ({"sixth_special_hold": "maybe"}, "rules.sixth_special_hold"),
    ({"two_player_pass_cost": 3}, "rules.two_player_pass_cost"),
    ({"castle_sizes": [6, 10]}, "rules.castle_sizes"),
    ({"castle_sizes": [6, 0, 14]}, "rules.castle_sizes[1]"),
    ({"building_table": "printed"}, "rules.building_table"),
    ({"road": 3}, "rules.road"),
])
def test_a_bad_setting_is_a_one_line_error_naming_it(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
