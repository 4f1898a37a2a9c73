"""Drunter und Drüber rules as data: the spec's counts, and every named setting parsed in every reading it lists,
with one-line errors naming the field."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.drunter_druber import rules as r


def test_the_components_match_the_spec():
    assert len(r.TYPES) == 6 and r.SQUARES_PER_TYPE == 5 and len(r.EXPERT_CARDS) == 10
    assert len(r.FULL_VOTES) == 8
    for players, (triples, doubles, singles) in r.TILES.items():  # all 60 tiles in play: 12 / 24 / 24
        assert (triples * players, doubles * players, singles * players) == (12, 24, 24)


def test_a_full_vote_set_reaches_8_either_way():
    yes = sum(r.VOTES[v][0] for v in r.FULL_VOTES)
    no = sum(r.VOTES[v][1] for v in r.FULL_VOTES)
    assert yes == no == 3 + 2 + 1 + 2 == 8


def test_defaults_are_the_specs_and_the_data_ones_are_illustrative():
    s = r.parse_settings(None)
    assert s == r.DEFAULT_SETTINGS and s.cover_own_eps == Fraction(1, 4) and s.against_prior == Fraction(1, 2)
    assert (s.variant, s.expert_deal, s.jein_order, s.enclosed_builder) == (
        "basic", "random", "clockwise_from_proposer", "no_legal_square")
    assert s.illustrative == ("cover_own_eps", "against_prior", "tile_kinds") and s.vote_eps == 1
    assert s.tile_kinds == ((4, 4, 4), (8, 8, 8), (8, 8, 8))  # an even split: illustrative
    assert s.labels() == ["rules: every named setting at the spec's default"]


@pytest.mark.parametrize("name", ["variant", "expert_deal", "jein_order", "enclosed_builder"])
def test_every_reading_of_every_choice_setting_parses(name):
    default, readings = r.SETTINGS[name]
    for reading in readings:
        s = r.parse_settings({name: reading})
        assert getattr(s, name) == reading
        assert (s.shown() == {}) == (reading == default)
    with pytest.raises(ScenarioError, match=f"rules.{name}: got 'nope'; allowed: {', '.join(readings)}"):
        r.parse_settings({name: "nope"})


def test_the_number_settings_read_fractions_decimals_and_whole_numbers():
    s = r.parse_settings({"cover_own_eps": "1/3", "vote_eps": 2, "against_prior": 0.25})
    assert (s.cover_own_eps, s.vote_eps, s.against_prior) == (Fraction(1, 3), 2, Fraction(1, 4))
    assert s.illustrative == ("tile_kinds",)
    assert s.shown() == {"cover_own_eps": "1/3", "vote_eps": "2", "against_prior": "1/4"}
    assert r.parse_settings({"cover_own_eps": 1, "against_prior": 0}).against_prior == 0


@pytest.mark.parametrize("name,bad", [("cover_own_eps", 0), ("cover_own_eps", "3/2"), ("vote_eps", 0),
                                      ("vote_eps", "x"), ("against_prior", "-1/2"), ("against_prior", 2),
                                      ("against_prior", True)])
def test_number_settings_out_of_range_are_one_line_errors(name, bad):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings({name: bad})
    assert err.value.field == f"rules.{name}" and "allowed: a number" in err.value.problem


def test_an_unknown_setting_names_the_allowed_ones():
    with pytest.raises(ScenarioError, match="rules.eps: unknown setting; allowed: against_prior, cover_own_eps"):
        r.parse_settings({"eps": 1})
