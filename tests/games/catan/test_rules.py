"""Rules as data: the spec's component counts and costs, the discard count, every named setting in every reading."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.catan import board as bo
from analyzer.games.catan import rules as r


def test_the_tokens_carry_58_pips():
    assert sum(bo.pips(n) for n in bo.TOKENS) == 58
    assert [bo.pips(n) for n in (2, 6, 7, 8, 12)] == [1, 5, 0, 5, 1]


@pytest.mark.parametrize("cards,up,down", [(8, 4, 4), (9, 5, 4), (11, 6, 5), (7, 0, 0), (3, 0, 0), (10, 5, 5)])
def test_discard_half_rounded_per_setting(cards, up, down):
    assert r.discard_count(cards, "up") == up and r.discard_count(cards, "down") == down


def test_costs_deck_supplies_and_bank():
    assert r.COSTS == {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
                       "dev_card": (0, 0, 1, 1, 1)}
    assert dict(zip(r.DEV, r.DECK)) == {"knight": 14, "vp": 5, "road_building": 2, "year_of_plenty": 2,
                                        "monopoly": 2} and sum(r.DECK) == 25
    assert r.SUPPLY == {"road": 15, "settlement": 5, "city": 4} and r.BANK * 5 == 95
    assert [r.RESOURCES[k] for k in r.PREF] == ["grain", "ore", "sheep", "brick", "wood"]
    assert sum(r.WAYS.values()) == 36 and r.WAYS[7] == 6


@pytest.mark.parametrize("name", [n for n, (_, readings) in r.SETTINGS.items() if readings])
def test_every_setting_parses_in_every_reading(name):
    default, readings = r.SETTINGS[name]
    assert getattr(r.Settings(), name) == default
    for value in readings:
        s = r.parse_settings({name: value})
        assert getattr(s, name) == value
        assert s.changed() == ({} if value == default else {name: value})
    with pytest.raises(ScenarioError) as err:
        r.parse_settings({name: "neither"})
    assert err.value.field == f"rules.{name}"


def test_the_special_settings():
    assert r.parse_settings({"dev_cards_per_turn": 1}).dev_cards_per_turn == "1"
    seq = list(reversed(bo.TOKEN_SEQUENCE))
    s = r.parse_settings({"token_sequence": seq, "harbor_kinds": ["generic"] * 9, "turn_cap": 50})
    assert s.token_sequence == tuple(seq) and s.harbor_kinds == ("generic",) * 9 and s.turn_cap == 50
    assert s.printed == () and r.Settings().printed == (bo.PRINTED_TOKENS, bo.PRINTED_HARBORS)
    assert s.labels()[0].startswith("rules: token_sequence=")
    for block, field in [({"token_sequence": [2] * 18}, "rules.token_sequence"),
                         ({"harbor_kinds": ["generic"]}, "rules.harbor_kinds"),
                         ({"harbor_kinds": ["gold"] * 9}, "rules.harbor_kinds[0]"),
                         ({"turn_cap": 0}, "rules.turn_cap"), ({"dev_cards_per_turn": 2}, "rules.dev_cards_per_turn"),
                         ({"colour": "red"}, "rules.colour")]:
        with pytest.raises(ScenarioError) as err:
            r.parse_settings(block)
        assert err.value.field == field
