"""Oltre Mare rules as data: the deck, the symbol table, the run values, the dense majorities, the lion's depth,
and every named setting parsed in each reading (bad values one-line errors naming the field)."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.oltre_mare import rules as r

TABLE = r.ILLUSTRATIVE_RUN_TABLE


def test_the_deck_holds_98_cards_and_78_without_grain_for_two_players():
    assert r.card_count(4) == 98 and r.card_count(2) == 78 and "grain" not in r.goods(2)
    assert r.deck_after_setup(4) == 78 and r.deck_after_setup(2) == 68
    assert len(r.ILLUSTRATIVE_DECK) == 98
    assert all(power + bales == 7 and len(symbols) == 2 for _, symbols, power, bales in r.ILLUSTRATIVE_DECK)


def test_the_symbol_table_is_1_3_6_6_and_five_symbols_give_symbols_over_4():
    assert [r.symbol_value(n) for n in range(5)] == [0, 1, 3, 6, 6]
    assert r.symbol_value(5) == 6 and r.symbol_value(5, over_4=10) == 10


def test_prestige_3_2_2_0_scores_6_3_3_1_by_dense_ranking():
    assert r.majority_points((3, 2, 2, 0)) == (6, 3, 3, 1)
    assert r.majority_points((0, 0)) == (6, 6) and r.majority_points((4, 3, 2, 1)) == (6, 3, 1, 0)


def test_the_seeds_run_values_two_gems_5_four_gems_5_five_grain_12_a_single_card_1():
    assert r.run_value(TABLE, "gems", 2) == 5 and r.run_value(TABLE, "gems", 4) == 5
    assert r.run_value(TABLE, "grain", 5) == 12 and r.run_value(TABLE, "grain", 7) == 12
    assert all(r.run_value(TABLE, g, 1) == 1 for g in r.GOODS)
    assert dict(TABLE)["scrolls"] == (1, 3, 5, 8) and dict(TABLE)["olives"] == (1, 3, 5, 8, 12)


def test_the_lion_lies_34_to_44_deep_with_four_players_by_default_or_as_the_pmf_says():
    depths = r.lion_depths("uniform_mid_pm5", 4)
    assert sorted(depths) == list(range(34, 45)) and set(depths.values()) == {Fraction(1, 11)}
    assert sorted(r.lion_depths("uniform_mid_pm5", 2)) == list(range(29, 40))
    assert r.lion_depths(((30, 1), (31, Fraction(3))), 4) == {30: Fraction(1, 4), 31: Fraction(3, 4)}


def test_every_setting_defaults_to_the_spec_and_parses_in_each_reading():
    s = r.parse_settings(None)
    assert s == r.DEFAULT_SETTINGS and s.illustrative == ("lion_depth", "run_table")
    assert s.labels() == ["rules: every named setting at the spec's default"]
    assert r.parse_settings({"debt_rule": "zero_or_below"}).debt_rule == "zero_or_below"
    assert r.parse_settings({"debt_rule": "below_zero"}).debt_rule == "below_zero"
    for flag in ("good_terms_debt", "open_trade"):
        assert getattr(r.parse_settings({flag: True}), flag) is True
        assert getattr(r.parse_settings({flag: "no"}), flag) is False
    assert r.parse_settings({"symbols_over_4": 8}).symbols_over_4 == 8
    assert r.parse_settings({"lion_depth": "uniform_mid_pm5"}).lion_depth == "uniform_mid_pm5"
    given = r.parse_settings({"lion_depth": {40: 1, 41: "1/2", 42: 0.5}})
    assert given.lion_depth == ((40, 1), (41, Fraction(1, 2)), (42, Fraction(1, 2))) and given.illustrative == (
        "run_table",)
    assert given.labels() == ["rules: lion_depth=given (others at their defaults)"]
    table = {g: [1, 2] for g in r.GOODS}
    supplied = r.parse_settings({"run_table": table})
    assert dict(supplied.run_table)["gems"] == (1, 2) and supplied.show("run_table") == table
    assert r.parse_settings({"run_table": "illustrative"}).run_table == TABLE


@pytest.mark.parametrize("block,field", [
    ({"debt_rule": "never"}, "rules.debt_rule"),
    ({"lion_depths": 3}, "rules.lion_depths"),
    ({"lion_depth": {40: -1}}, "rules.lion_depth.40"),
    ({"lion_depth": {40: 0}}, "rules.lion_depth"),
    ({"lion_depth": "middle"}, "rules.lion_depth"),
    ({"symbols_over_4": 5}, "rules.symbols_over_4"),
    ({"run_table": {"gems": [1, 5]}}, "rules.run_table.scrolls"),
    ({"run_table": {**{g: [1] for g in r.GOODS}, "silk": [2, 3]}}, "rules.run_table.silk"),
    ({"run_table": {**{g: [1] for g in r.GOODS}, "salt": [1, 5, 3]}}, "rules.run_table.salt"),
    ({"run_table": {**{g: [1] for g in r.GOODS}, "spice": [1]}}, "rules.run_table.spice"),
    ({"good_terms_debt": "maybe"}, "rules.good_terms_debt"),
])
def test_a_bad_setting_is_a_one_line_error_naming_it(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
