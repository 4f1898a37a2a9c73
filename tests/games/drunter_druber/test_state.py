"""Drunter und Drüber positions: the spec's flat sketch loads, the fields are read as the docstring says, and
every impossible position is a one-line ScenarioError naming the field and what is allowed."""
import copy

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.drunter_druber import rules as r
from analyzer.games.drunter_druber import state

BASE = {"game": "drunter_druber", "players": 3, "position": {
    "me": {"building": "A", "votes": ["JA", "NEE", "JEIN"]},
    "opponents": [{"covered_types": {"C": 2}}, {"votes_left": ["NE", "shrug"]}]}}


def load(rules=None, **position):
    data = copy.deepcopy(BASE)
    data["position"].update(position)
    if rules:
        data["rules"] = rules
    return state.parse_position(data)


def test_the_specs_flat_sketch_loads():
    p = state.parse_position(scenario.load("scenarios/drunter_druber/spec-example.yaml"))
    assert p.players == 4 and p.mine == ("A",) and p.my_votes == ("JA", "NEE", "JEIN", "shrug")
    assert [o.evidence[0] for o in p.opponents] == [{"C": 2, "D": 1}, {"C": 1}, {}]
    assert state.questions(p) == ("odds", "vote", "tiles") and p.proposer == "me"


def test_defaults_full_vote_sets_and_the_shrug_is_always_kept():
    p = load()
    assert p.my_votes == ("JA", "NEE", "JEIN", "shrug") and p.opponents[0].votes_left == r.FULL_VOTES
    assert p.opponents[1].votes_left == ("NE", "shrug") and p.names == ("me", "p2", "p3")
    assert state.parse_position({"game": "drunter_druber", "players": 2,
                                 "position": {"me": {"building": "F"}}}).opponents == (state.Opponent(),)


def test_expert_positions_take_two_cards():
    p = load({"variant": "expert"}, me={"cards": ["A", "every"]})
    assert p.mine == ("A", "every") and state.questions(p) == ("odds", "tiles")
    one_of_each = load({"variant": "expert", "expert_deal": "one_of_each"}, me={"cards": ["fours", "B"]})
    assert one_of_each.mine == ("fours", "B")


@pytest.mark.parametrize("rules,position,field,words", [
    (None, {"me": {"building": "G"}}, "position.me.building", "allowed: A, B, C, D, E, F"),
    (None, {"me": {}}, "position.me.building", "allowed: A"),
    (None, {"me": {"building": "A", "cards": ["A", "B"]}}, "position.me.cards", "me.building"),
    ({"variant": "expert"}, {"me": {"building": "A"}}, "position.me.building", "me.cards"),
    ({"variant": "expert"}, {"me": {"cards": ["A"]}}, "position.me.cards", "exactly 2 cards"),
    ({"variant": "expert"}, {"me": {"cards": ["A", "A"]}}, "position.me.cards[1]", "twice"),
    ({"variant": "expert", "expert_deal": "one_of_each"}, {"me": {"cards": ["A", "B"]}}, "position.me.cards",
     "one building"),
    (None, {"opponents": [{}]}, "position.opponents", "one entry per opponent (2"),
    (None, {"opponents": [{"covered_types": {"C": 6}}, {}]}, "position.opponents[0].covered_types.C", "0 to 5"),
    (None, {"opponents": [{"covered_types": {"C": 3}}, {"covered_types": {"C": 3}}]}, "position.opponents",
     "more than 5 squares of type C"),
    (None, {"opponents": [{"covered_types": {"Z": 1}}, {}]}, "position.opponents[0].covered_types.Z", "unknown key"),
    (None, {"opponents": [{"votes_left": ["JA", "JA"]}, {}]}, "position.opponents[0].votes_left[1]", "twice"),
    (None, {"opponents": [{"votes_left": ["MAYBE"]}, {}]}, "position.opponents[0].votes_left[0]", "allowed: JA"),
    (None, {"opponents": [{"colour": 1}, {}]}, "position.opponents[0].colour", "unknown key"),
    (None, {"outhouse": {"proposer": "p9"}}, "position.outhouse.proposer", "allowed: me, p2, p3"),
    (None, {"outhouse": {"proposer": "me", "my_stance": "for"}}, "position.outhouse.my_stance", "opponent"),
    (None, {"outhouse": {"proposer": "p2", "my_stance": "maybe"}}, "position.outhouse.my_stance", "for, against"),
    (None, {"builders": {"road": [3]}}, "position.builders.road", "[column, row]"),
    (None, {"me": {"building": "A", "tiles": {"river": [4]}}}, "position.me.tiles.river[0]", "1 to 3"),
    (None, {"me": {"building": "A", "tiles": {"lava": [1]}}}, "position.me.tiles.lava", "unknown key"),
    # counts the components cannot make (issue 50): a vote set holds 3 yes cards and a JEIN
    (None, {"opponents": [{}, {"voted_to_cover": {"B": 60}}]}, "position.opponents[1].voted_to_cover",
     "60 yes votes in all; every vote spends a card and he has 4 yes cards (JA, JAA, JAAA, JEIN)"),
    (None, {"opponents": [{}, {"voted_to_cover": {"B": 3, "C": 2}}]}, "position.opponents[1].voted_to_cover",
     "5 yes votes in all; every vote spends a card and he has 4 yes cards"),
    (None, {"opponents": [{}, {"voted_to_cover": {"B": 4}, "voted_to_save": {"C": 4}}]},
     "position.opponents[1].voted_to_save", "8 yes and no votes in all"),
    (None, {"opponents": [{}, {"voted_to_save": {"C": 2}, "votes_left": ["JA", "NE", "NEE", "JEIN", "shrug"]}]},
     "position.opponents[1].voted_to_save", "he has 1 no cards spent (not in votes_left) (NEEE)"),
    (None, {"me": {"building": "A", "tiles": {"river": [3, 3, 3], "wall": [3, 3]}}}, "position.me.tiles.wall",
     "5 triples in all; a player is dealt 4 with 3 players"),
])
def test_impossible_positions_are_one_line_errors(rules, position, field, words):
    with pytest.raises(ScenarioError) as err:
        load(rules, **position)
    assert err.value.field == field and words in err.value.problem and "\n" not in str(err.value)


def test_players_out_of_range():
    with pytest.raises(ScenarioError, match="players: must be a whole number from 2 to 4, got 5"):
        state.parse_position({"game": "drunter_druber", "players": 5, "position": {"me": {"building": "A"}}})


def test_the_specs_spelling_of_the_game_and_its_flat_layout_load():
    from analyzer.core import registry

    text = scenario.load("scenarios/drunter_druber/spec-example.yaml")
    assert registry.game("drunter-druber").name == "drunter_druber" and text["rules"]["variant"] == "basic"
    assert scenario.from_spec_layout({"game": "drunter-druber", "players": 2, "me": {"building": "B"},
                                      "settings": {"variant": "basic"}})["position"] == {"me": {"building": "B"}}
