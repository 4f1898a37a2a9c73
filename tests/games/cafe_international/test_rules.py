"""Café International rules data: the 100 tiles, the illustrative ring and bar, every setting parsed in each
reading, one-line errors for bad settings."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.cafe_international import rules as r


def test_the_tile_mix_is_12_nationalities_of_4_women_and_4_men_and_2_jokers_a_sex():
    assert r.TILES == 100 and r.KINDS == 26
    assert [r.KIND_COUNTS[r.kind(n, s)] for n in range(12) for s in (0, 1)] == [4] * 24
    assert r.KIND_COUNTS[r.kind(r.JOKER, 0)] == r.KIND_COUNTS[r.kind(r.JOKER, 1)] == 2
    assert r.kind_name(r.kind(2, 1)) == "N3 m" and r.kind_name(25) == "joker m"


def test_the_end_penalty_of_3_tiles_and_a_joker_is_minus_25():
    assert r.end_penalty(3, 1) == -(3 * 5 + 10) == -25


def test_the_illustrative_ring_is_24_tables_n1_to_n12_twice_with_72_chairs_the_ends_shared():
    ring = r.ILLUSTRATIVE_LAYOUT
    assert len(ring) == 24 and [nat for _, nat, _ in ring] == list(range(12)) * 2
    assert ring[0] == ("T1", 0, ("c1", "c2", "c3", "c4")) and ring[1][2] == ("c4", "c5", "c6", "c7")
    assert ring[-1][2] == ("c70", "c71", "c72", "c1")
    chairs = [c for _, _, cs in ring for c in cs]
    assert len(set(chairs)) == 72 and all(chairs.count(c) in (1, 2) for c in chairs)
    assert sum(chairs.count(c) == 2 for c in set(chairs)) == 24  # one shared chair between each pair of neighbours


def test_the_illustrative_bar_is_the_spec_list_and_21_spaces_take_the_ports_21st_value():
    s = r.parse_settings({})
    assert s.bar_values == (1, 2, 3, 4, 5, -2, -4, -6, -8, -10, -4, -6, -8, -10, -12, -6, -8, -10, -12, -14)
    assert s.illustrative == ("layout", "bar_values")
    s21 = r.parse_settings({"bar_spaces": 21})
    assert s21.bar_values[-1] == -16 and len(s21.bar_values) == 21 and "bar_values" in s21.illustrative


@pytest.mark.parametrize("name,values", [
    ("birthday_table", (True, False)), ("coffee_party", (True, False)),
    ("lone_guest_rule", ("shared_group", "never")), ("table_scoring", ("per_table", "per_guest")),
    ("bag_end", ("at_most_4", "exactly_4")), ("bar_spaces", (20, 21)), ("dropout", ("hand_removed",))])
def test_every_setting_parses_in_each_reading(name, values):
    for value in values:
        assert getattr(r.parse_settings({name: value}), name) == value


def test_a_supplied_layout_and_bar_are_not_illustrative():
    s = r.parse_settings({"layout": {"A": {"nat": "N1", "chairs": ["x", "y"]}, "B": {"nat": "N2", "chairs": ["y"]}},
                          "bar_values": list(range(20)), "birthday_score": 40, "turn_cap": 90})
    assert s.layout == (("A", 0, ("x", "y")), ("B", 1, ("y",))) and s.illustrative == ()
    assert s.birthday_score == 40 and s.turn_cap == 90 and s.labels() == [
        "rules: birthday_score=40, layout=given, bar_values=given, turn_cap=90 (others at their defaults)"]


@pytest.mark.parametrize("block,field", [
    ({"table_scoring": "twice"}, "rules.table_scoring"),
    ({"bar_spaces": 22}, "rules.bar_spaces"),
    ({"bar_values": [1, 2]}, "rules.bar_values"),
    ({"bar_spaces": 21, "bar_values": list(range(20))}, "rules.bar_values"),
    ({"layout": "square"}, "rules.layout"),
    ({"layout": {"A": {"nat": "N13", "chairs": ["x"]}}}, "rules.layout.A.nat"),
    ({"layout": {"A": {"nat": "N1", "chairs": ["a", "b", "c", "d", "e"]}}}, "rules.layout.A.chairs"),
    ({"layout": {"A": {"nat": "N1", "chairs": ["x"]}, "B": {"nat": "N2", "chairs": ["x"]},
                 "C": {"nat": "N3", "chairs": ["x"]}}}, "rules.layout.C.chairs"),
    ({"colour": "red"}, "rules.colour"),
])
def test_bad_settings_are_one_line_errors_naming_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)


def test_a_supplied_layout_is_at_most_as_large_as_the_engine_s_move_list_allows():
    """26 tables of 4 chairs (104) are refused in one line naming the field; 25 (100) are read."""
    def ring(n):
        return {f"T{t + 1}": {"nat": f"N{t % 12 + 1}", "chairs": [f"c{4 * t + k}" for k in range(4)]}
                for t in range(n)}

    assert len(r.parse_layout(ring(25), "rules.layout")) == 25
    with pytest.raises(ScenarioError, match="rules.layout") as info:
        r.parse_layout(ring(26), "rules.layout")
    assert "at most 64 tables and 100 chairs" in str(info.value)
