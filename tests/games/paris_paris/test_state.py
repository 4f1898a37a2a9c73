"""Paris Paris positions: the shipped scenarios load (the spec's flat sketch too), tile_colour in both readings,
and every impossible position is a one-line ScenarioError naming its field."""
import pytest

from analyzer.core import registry, scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.paris_paris import rules as r
from analyzer.games.paris_paris.state import board_template, parse_position, questions

GAME = registry.game("paris_paris")


def load(name):
    return scenario.load(f"scenarios/paris_paris/{name}")


def test_the_spec_sketch_in_its_flat_layout_loads_with_map_and_tile_colour_beside_the_position():
    p = GAME.position(load("spec-sketch.yaml"))
    assert p.players == 4 and p.picked == (("Luxembourg", "green"),) and p.later_pickers == 2
    assert p.left == (("Pompidou", "blue"), ("Odeon", "red"), ("Pompidou", "red"), ("Les Halles", "blue"))
    assert dict(p.shops)["Odeon"] == ("grey", "purple") and p.marker == "green" and p.discard_slots == ("blue", "red")
    assert questions(p) == ("odds", "leftover", "big_tour", "bonus")


def test_derived_unseen_tiles_are_the_map_less_the_column_and_the_seen_tiles():
    p = GAME.position(load("leftover.yaml"))
    assert sum(dict(p.unseen).values()) == 60 - 5 - 1
    assert dict(p.unseen)["Odeon", "red"] == 1 and ("Louvre", "blue") in dict(p.unseen)


def base(**position):
    return {"game": "paris_paris", "players": 4, "position": {"me": {"colour": "grey"}, **position}}


def test_tile_colour_typed_accepts_any_line_through_the_stop_but_not_a_derived_pool():
    data = base(unseen_tiles={"Odeon/red": 3, "Odeon/green": 1})
    with pytest.raises(ScenarioError) as err:  # adjacency_line: Odeon has 2 red tiles
        parse_position(data)
    assert err.value.field == "position.unseen_tiles"
    typed = {**data, "rules": {"tile_colour": "typed"}}
    assert dict(parse_position(typed).unseen)["Odeon", "red"] == 3
    typed["position"]["unseen_tiles"] = {"Odeon/red": 5}  # Odeon has 4 adjacent stops
    with pytest.raises(ScenarioError):
        parse_position(typed)
    with pytest.raises(ScenarioError) as err:
        parse_position({**base(unseen_tiles="derived"), "rules": {"tile_colour": "typed"}})
    assert err.value.field == "position.unseen_tiles"


@pytest.mark.parametrize("position,field", [
    ({"column": ["Odeon/red"]}, "position.column"),
    ({"column": ["Odeon/blue"] * 5}, "position.column[0]"),
    ({"column": ["Nowhere/blue"] * 5}, "position.column[0]"),
    ({"column": ["Odeon red"] * 5}, "position.column[0]"),
    ({"column": ["Odeon/red", "Odeon/red", "Odeon/green", "Opera/blue", "Opera/green"], "picked": ["Pantheon/red"]},
     "position.picked[0]"),
    ({"column": ["Odeon/red"] * 3 + ["Opera/blue", "Opera/green"]}, "position.column"),
    ({"shops": {"Pantheon": ["grey", "black"]}}, "position.shops.Pantheon"),
    ({"shops": {"Odeon": ["pink"]}}, "position.shops.Odeon[0]"),
    ({"discard_slots": ["blue", "blue"]}, "position.discard_slots"),
    ({"discard_slots": ["pink"]}, "position.discard_slots[0]"),
    ({"open_marker": "red"}, "position.open_marker"),
    ({"opponents": ["purple"]}, "position.opponents"),
    ({"pick_weights": {"Odeon": 0}}, "position.pick_weights.Odeon"),
    ({"stop": "Nowhere"}, "position.stop"),
    ({"unseen_tiles": {"Odeon/red": 9}}, "position.unseen_tiles.Odeon/red"),
    ({"bag": {"pink": 1}}, "position.bag.pink"),
    ({"extra": 1}, "position.extra"),
])
def test_impossible_positions_are_one_line_errors_naming_the_field(position, field):
    with pytest.raises(ScenarioError) as err:
        parse_position(base(**position))
    assert err.value.field == field and "\n" not in str(err.value)


def test_two_players_have_no_bag_and_an_open_marker():
    data = {"game": "paris_paris", "players": 2, "position": {"me": {"colour": "grey", "bonus_marker": "red"},
                                                              "open_marker": "blue"}}
    p = parse_position(data)
    assert p.open_marker == "blue" and p.opponents == ("purple",) and r.column_size(2) == 3
    data["position"]["bag"] = {"grey": 1}
    with pytest.raises(ScenarioError) as err:
        parse_position(data)
    assert err.value.field == "position.bag"


def test_the_board_template_lists_every_line_blank_and_the_illustrative_map_filled_in_parses():
    import yaml

    board = yaml.safe_load(board_template())
    assert set(board["rules"]["map"]["lines"]) == set(r.LINE_COLOURS)
    with pytest.raises(ScenarioError):
        parse_position({"game": "paris_paris", **board})
    board["rules"]["map"]["lines"] = {c: list(s) for c, s in r.ILLUSTRATIVE_MAP.lines}
    assert parse_position({"game": "paris_paris", **board}).settings.map == r.ILLUSTRATIVE_MAP
