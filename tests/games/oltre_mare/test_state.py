"""Oltre Mare positions: the spec's flat sketch loads, cards and piles are read as the docstring says, and every
impossible position is a one-line ScenarioError naming the field."""
import copy

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.oltre_mare import state

BASE = {"game": "oltre_mare", "players": 4, "position": {
    "ducats": 2, "deck_drawn_since_lion": 36,
    "me": {"hand": ["grain", ["salt", 4], "silk"], "cargo": ["olives", "olives"], "power": 5,
           "port_token": "good_terms", "pirate_pile": 2, "play": [["salt", 4], "silk"]}}}


def load(**changes):
    data = copy.deepcopy(BASE)
    for where, value in changes.items():
        node = data
        *path, last = where.split("__")
        for key in path:
            node = node.setdefault(key, {})
        if value is None:
            node.pop(last)
        else:
            node[last] = value
    return state.parse_position(data)


def test_the_specs_flat_sketch_loads():
    p = state.parse_position(scenario.load("scenarios/oltre_mare/spec-example.yaml"))
    assert (p.players, p.ducats, p.drawn, p.port_token, p.pirate_pile) == (4, 2, 36, "good_terms", 2)
    assert p.cargo == ("olives", "olives") and p.bales == 2 and sum(p.pool.values()) == 70
    assert state.questions(p) == ("odds", "lion")  # three cards in hand, two to play: name them to ask ev


def test_cards_take_their_power_from_the_position_or_the_illustrative_deck():
    p = load()
    assert p.hand == (("grain", 3), ("salt", 4), ("silk", 5)) and p.play == (("salt", 4), ("silk", 5))
    assert p.bales == 2 and not p.powers_given
    assert load(position__me__play=[["salt", 4], {"good": "silk", "power": 6}]).powers_given
    assert load(position__me__play=["salt 4", "silk 5"]).play == (("salt", 4), ("silk", 5))


def test_the_unseen_pool_is_derived_from_what_i_see_or_given():
    p = load()
    assert p.pool["olives"] == 16 and p.pool["salt"] == 13 and p.pool["gems"] == 8 and p.max_buys == 4
    given = load(position__unseen={"gems": 2, "silk": 1})
    assert given.pool == {g: {"gems": 2, "silk": 1}.get(g, 0) for g in given.pool} and given.max_buys == 3
    two = state.parse_position({"game": "oltre_mare", "players": 2, "position": {"deck_drawn_since_lion": 3}})
    assert "grain" not in two.pool and sum(two.pool.values()) == 78


def test_the_play_defaults_to_a_hand_holding_exactly_my_bales():
    p = load(position__me__play=None, position__me__hand=["gems", "salt"])
    assert p.play == (("gems", 6), ("salt", 4)) and "ev" in state.questions(p)
    assert load(position__me__play=None).play == ()


def test_buys_from_a_listed_pirate_pile_draw_from_it():
    p = load(position__buy_from="pirate_pile", position__me__pirate_pile=["gems", "gems", "silk"])
    assert p.pool == {"gems": 2, "silk": 1} and p.max_buys == 3
    counted = load(position__buy_from="pirate_pile")
    assert counted.max_buys == 2 and counted.pool == dict(counted.unseen)


def test_the_lion_and_the_opponents_draws():
    p = load(position__lion={"opponent_draws": [1, {0: 1, 2: 3}, 2], "my_draws": 2})
    assert p.opponent_draws[1] == ((0, 1), (2, 3)) and p.my_draws == 2 and not p.draws_illustrative
    assert load().draws_illustrative and len(load().opponent_draws) == 3
    assert state.questions(load(position__lion={"scored": True})) == ("odds", "ev")


@pytest.mark.parametrize("change,field", [
    ({"players": 6}, "players"),
    ({"position__ducats": "lots"}, "position.ducats"),
    ({"position__ducats": {"p2": 3}}, "position.ducats.me"),
    ({"position__ducats": {"me": 3, "p7": 1}}, "position.ducats.p7"),
    ({"position__deck_drawn_since_lion": 44}, "position.deck_drawn_since_lion"),
    ({"position__me__power": 7}, "position.me.power"),
    ({"position__me__bales": 3}, "position.me.bales"),
    ({"position__me__play": ["silk"]}, "position.me.play"),
    ({"position__me__play": ["gems", "silk"]}, "position.me.play"),
    ({"position__me__hand": [["salt", 9]]}, "position.me.hand[0].power"),
    ({"position__me__hand": ["spice"]}, "position.me.hand[0]"),
    ({"position__me__cargo_top": ["salt"]}, "position.me.cargo_top"),
    ({"position__me__port_token": "harbour"}, "position.me.port_token"),
    ({"position__me__cargo": ["gems"] * 9}, "position.me"),
    ({"position__unseen": {"gems": 9}}, "position.unseen.gems"),
    ({"position__unseen": {"spice": 1}}, "position.unseen.spice"),
    ({"position__buy_from": "market"}, "position.buy_from"),
    ({"position__buy_from": "pirate_pile", "position__me__pirate_pile": 0}, "position.buy_from"),
    ({"position__buy_from": "pirate_pile", "position__me__pirate_pile": 5, "position__unseen": {"gems": 1}},
     "position.me.pirate_pile"),
    ({"position__lion": {"opponent_draws": [1, 2]}}, "position.lion.opponent_draws"),
    ({"position__lion": {"opponent_draws": [1, 2, {3: 0}]}}, "position.lion.opponent_draws[2]"),
    ({"position__lion": {"when": 1}}, "position.lion.when"),
    ({"position__prestige": {"me": 41}}, "position.prestige.me"),
    ({"rules": {"lion_depth": {80: 1}}}, "rules.lion_depth"),
])
def test_an_impossible_position_is_a_one_line_error_naming_the_field(change, field):
    with pytest.raises(ScenarioError) as err:
        load(**change)
    assert err.value.field == field and "\n" not in str(err.value)


def test_grain_is_no_card_with_two_players():
    with pytest.raises(ScenarioError) as err:
        state.parse_position({"game": "oltre_mare", "players": 2, "position": {"me": {"hand": ["grain"]}}})
    assert err.value.field == "position.me.hand[0]"
