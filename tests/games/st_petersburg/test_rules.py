"""The card table and the settings: the spec's counts and figures, the aristocrat bonus, the upgrade pairs of both
readings, supplied tables and pmfs read with one-line errors."""
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.st_petersburg import rules as r


def test_the_decks_hold_31_28_27_30_cards_and_the_seeds_prices_agree():
    assert r.DECK_SIZES == (31, 28, 27, 30) and sum(r.DECK_SIZES) == 116
    cards = r.DEFAULT_SETTINGS.cards
    assert (cards["Market"].price, cards["Theater"].price, cards["Lumberjack"].price) == (5, 20, 3)
    assert cards["Secretary"].price == cards["Senator"].price == 12
    assert cards["St Isaac"].price - cards["Market"].price == 10
    upgrades = [c for c in r.BGA_FIRST_EDITION if c.upgrade]
    assert [sum(c.count for c in upgrades if c.colour == colour) for colour in range(3)] == [10, 10, 10]
    assert all(c.rubles == 3 for c in r.BGA_FIRST_EDITION if c.deck == r.WORKER)


def test_the_printed_table_holds_the_rulebooks_copies_of_every_card():
    """Game Material: workers 6 x 5 + 1; buildings 5, 5, 3, 3, 3, 2, 1 and specials 1, 2, 1, 2; aristocrats
    6, 5, 5, 4, 3, 2, 2; 30 trading cards, one colour's 10 each."""
    def copies(deck, specials=False):
        return sorted((c.count for c in r.BGA_FIRST_EDITION if c.deck == deck and (c.power is not None) == specials),
                      reverse=True)
    assert copies(r.WORKER) == [6, 6, 6, 6, 6, 1]
    assert copies(r.BUILDING) == [5, 5, 3, 3, 3, 2, 1] and copies(r.BUILDING, True) == [2, 2, 1, 1]
    assert copies(r.ARISTOCRAT) == [6, 5, 5, 4, 3, 2, 2]
    assert sum(c.count for c in r.BGA_FIRST_EDITION if c.upgrade) == 30
    assert r.Settings().printed == (r.PRINTED_CARDS,)
    assert replace(r.Settings(), card_table=r.BGA_FIRST_EDITION[1:]).printed == ()


def test_the_aristocrat_bonus_is_n_n_plus_1_over_2_capped_at_ten_names():
    assert [r.aristocrat_bonus(n) for n in range(12)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55]
    assert r.aristocrat_bonus(6) == 21  # the seed's one figure
    assert r.aristocrat_bonus(4) - r.aristocrat_bonus(3) == 4


def test_the_refill_after_a_phase_comes_from_the_next_phases_deck():
    assert [r.refill_deck(p) for p in range(4)] == [r.BUILDING, r.ARISTOCRAT, r.UPGRADE, r.WORKER]


def test_upgrade_pairs_by_symbol_and_by_the_seed():
    by_symbol = r.upgrade_pairs(r.Settings())
    assert by_symbol["Weaving Mill"] == ("Shepherd",) and by_symbol["Fur Shop"] == ("Fur Trapper",)
    seed = r.upgrade_pairs(r.parse_settings({"upgrade_pairs": "seed"}))
    assert seed["Weaving Mill"] == ("Fur Trapper",) and seed["Fur Shop"] == ("Fur Trapper",)
    assert all("Shepherd" not in v for v in seed.values())


def test_takes_pmf_reads_one_list_or_one_per_phase_exactly():
    s = r.parse_settings({"takes_pmf": ["1/2", 0.25, 0.25]})
    assert s.takes_pmf == ((Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),) * 4
    assert s.show("takes_pmf") == ["1/2", "1/4", "1/4"] and "takes_pmf" in s.labels()[0]
    per = r.parse_settings({"takes_pmf": {"worker": [1], "building": [0, 1], "aristocrat": [1], "upgrade": [1]}})
    assert per.takes_pmf[r.BUILDING] == (0, 1)
    assert r.Settings().takes_pmf[0] == (Fraction(1, 7),) * 7


@pytest.mark.parametrize("block, field", [
    ({"takes_pmf": [0.5, 0.4]}, "rules.takes_pmf"),
    ({"takes_pmf": [0.5, "x"]}, "rules.takes_pmf[1]"),
    ({"takes_pmf": {"worker": [1]}}, "rules.takes_pmf.building"),
    ({"upgrade_pairs": "printed"}, "rules.upgrade_pairs"),
    ({"card_table": "second_edition"}, "rules.card_table"),
    ({"card_table": {"A": {"deck": "worker", "price": 3, "rubles": 3, "points": 0}}}, "rules.card_table"),
    ({"card_table": {"A": {"deck": "mine", "price": 3}}}, "rules.card_table.A.deck"),
    ({"hand_limit": 0}, "rules.hand_limit"),
    ({"colour": "red"}, "rules.colour"),
])
def test_bad_settings_are_one_line_errors_naming_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)


def test_a_supplied_card_table_keeps_its_columns_and_the_powers_by_name():
    table = {"Lumberjack": {"deck": "worker", "price": 3, "rubles": 3, "points": 0, "count": 8},
             "Pub": {"deck": "building", "price": 1, "rubles": 0, "points": 0},
             "Author": {"deck": "aristocrat", "price": 4, "rubles": 1, "points": 0, "count": 6},
             "Carpenter Workshop": {"deck": "upgrade", "colour": "green", "price": 4, "rubles": 3, "points": 0,
                                    "pair": "Lumberjack"}}
    s = r.parse_settings({"card_table": table})
    assert s.cards["Lumberjack"].count == 8 and s.cards["Pub"].power and s.cards["Carpenter Workshop"].pair
    assert s.show("card_table")["Carpenter Workshop"]["colour"] == "green" and "card_table=supplied" in s.labels()[0]
