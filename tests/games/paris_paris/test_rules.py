"""Paris Paris rules as data: the illustrative map has the spec's derived shape, the tours score as the seed says
in every reading of nearest_tie and double_owner_adjacent, a full stop pushes a shop, and the settings parse."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.paris_paris import rules as r

M = r.ILLUSTRATIVE_MAP


def test_the_illustrative_map_has_25_stops_10_crossings_and_60_tiles_4_crossings_a_line():
    assert len(M.stops) == 25 and sum(M.is_crossing(s) for s in M.stops) == 10
    assert sum(M.pool().values()) == 60 and sum(len(s) for _, s in M.lines) == 35
    assert all(len(M.crossings(c)) == 4 for c in r.LINE_COLOURS)
    assert M.pool()["Odeon", "red"] == 2 and M.pool()["Odeon", "green"] == 2 and M.degree("Odeon") == 4
    assert [r.column_size(n) for n in (2, 3, 4)] == [3, 4, 5]
    assert M.capacity("Odeon") == 2 and M.capacity("Pantheon") == 1


def test_small_tour_scores_every_shop_on_the_stop():
    assert r.small_tour(M, {"Opera": ("grey", "black")}, "Opera") == {"grey": 1, "black": 1}


def test_small_tour_with_no_shop_scores_all_equally_near_shops_along_the_line_and_nothing_on_empty_lines():
    # red: Pompidou, Odeon, Pantheon, Nation, ...: Pantheon has Odeon and Nation one stop away
    assert r.small_tour(M, {"Odeon": ("grey",), "Nation": ("black", "white")}, "Pantheon") == {
        "grey": 1, "black": 1, "white": 1}
    assert r.small_tour(M, {}, "Pantheon") == {}
    assert r.small_tour(M, {"Etoile": ("grey",)}, "Pantheon") == {}  # Etoile is on green only


@pytest.mark.parametrize("reading,expected", [("global", {"grey": 1}), ("per_line", {"grey": 1, "black": 1})])
def test_nearest_tie_at_an_empty_crossing_global_or_per_line(reading, expected):
    # Odeon (red, green): Pompidou one stop away on red, Opera... green: Luxembourg 1, Opera 1; put black 2 away
    shops = {"Pompidou": ("grey",), "Pigalle": ("black",)}
    assert r.small_tour(M, shops, "Odeon", reading) == expected


@pytest.mark.parametrize("reading,grey", [("once", 2 + 3), ("per_shop", 2 + 6)])
def test_big_tour_scores_crossing_shops_and_their_owners_adjacent_shops_double_owner_reading(reading, grey):
    # blue crossings: Pompidou, Opera, Bastille, Montparnasse.  Opera (grey, grey) neighbours: Pompidou, Louvre,
    # Odeon, Pigalle; grey has Pompidou? no: Louvre, Odeon and Pigalle = 3 adjacent shops
    shops = {"Opera": ("grey", "grey"), "Louvre": ("grey",), "Odeon": ("grey", "black"), "Pigalle": ("grey",),
             "Bastille": ("black",), "Marais": ("black",), "Etoile": ("white",)}
    points = r.big_tour(M, shops, "blue", reading)
    assert points == {"grey": grey, "black": 1 + 1}  # black at Bastille, with Marais adjacent
    assert "white" not in points  # a shop adjacent to no shop of his on a toured crossing scores nothing


def test_opening_a_shop_on_a_full_stop_pushes_a_shop_not_the_movers():
    shops, pushed = r.open_shop(M, {"Odeon": ("grey", "black")}, "Odeon", "grey")
    assert shops["Odeon"] == ("grey", "grey") and pushed == "black"
    same, pushed = r.open_shop(M, {"Pantheon": ("grey",)}, "Pantheon", "grey")
    assert same["Pantheon"] == ("grey",) and pushed is None
    shops, pushed = r.open_shop(M, {}, "Pantheon", "white")
    assert shops == {"Pantheon": ("white",)} and pushed is None


def test_settings_default_to_the_spec_and_parse_every_reading():
    s = r.parse_settings(None)
    assert s == r.DEFAULT_SETTINGS and s.illustrative == ("map", "bonus_epsilon")
    for name, (_, readings) in r.SETTINGS.items():
        for reading in readings:
            assert r.parse_settings({name: reading}) is not None
    assert r.parse_settings({"bonus_epsilon": "1/2"}).bonus_epsilon == Fraction(1, 2)
    lines = {c: list(s) for c, s in M.lines}
    assert r.parse_settings({"map": {"lines": lines}}).map == M


@pytest.mark.parametrize("block,field", [
    ({"opponent_pick": "greedy"}, "rules.opponent_pick"),
    ({"bonus_epsilon": 0}, "rules.bonus_epsilon"),
    ({"map": {"lines": {"blue": ["A", "B"]}}}, "rules.map.lines.red"),
    ({"map": {"lines": {c: ["A", "B"] for c in r.LINE_COLOURS}}}, "rules.map.lines.red"),
    ({"map": {"lines": {c: ["A", c, "B" + c] for c in r.LINE_COLOURS}}}, "rules.map.lines"),
    ({"colour": 1}, "rules.colour"),
])
def test_bad_settings_are_one_line_errors_naming_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
