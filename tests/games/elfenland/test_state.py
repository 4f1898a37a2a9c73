"""Elfenland positions: the spec's flat sketch loads, legs take their cost from the table, the pools are what is
unseen from my seat, and every impossible position is a one-line ScenarioError naming the field."""
import copy

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.elfenland import state
from analyzer.games.elfenland.exact import Leg

BASE = {"game": "elfenland", "players": 4, "position": {
    "round": 2, "phase": "deal",
    "me": {"town": "Elvenhold", "hand": ["dragon", "dragon", "raft", "pig"], "counters": ["troll"],
           "hidden_counter": "cloud", "obstacle": True, "towns_left": 15},
    "open_counters": ["dragon", "dragon", "cycle", "pig", "cloud"],
    "placed": [{"road": "A-B", "kind": "troll"}, "unicorn"],
    "opponent_counters": ["pig"],
    "route": [{"road": "A-B", "kind": "troll", "terrain": "forest"},
              {"road": "B-C", "kind": "dragon", "terrain": "desert", "obstacle": True},
              {"road": "C-D", "kind": "raft", "water": "lake"},
              {"kind": "unicorn", "cost": 2}]}}


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
    p = state.parse_position(scenario.load("scenarios/elfenland/spec-example.yaml"))
    assert (p.players, p.round, p.to_deal, p.town, p.towns_left) == (4, 2, 4, "Elvenhold", 15)
    assert p.hand_dict == {"dragon": 2, "raft": 1, "pig": 1} and sum(p.pool_dict.values()) == 68
    assert p.legs == (Leg("troll", 2, True),) and p.wanted == ()  # my kept troll covers the leg
    assert state.questions(p) == ("odds", "blind")


def test_legs_pools_and_wanted_counters():
    p = load()
    assert p.legs == (Leg("troll", 2, True), Leg("dragon", 2, True, True), Leg("raft", 2, False),
                      Leg("unicorn", 2, True))
    assert p.roads == ("A-B", "B-C", "C-D", None)
    assert dict(p.wanted) == {"dragon": 1, "unicorn": 1}  # troll placed on A-B; unicorn placed elsewhere
    # 48 less 5 open, 2 placed, 1 opponent's, my 2
    assert sum(p.counters_dict.values()) == 38 and p.counters_dict["dragon"] == 6 and p.counters_dict["pig"] == 6
    assert p.pool_dict["dragon"] == 8 and p.to_deal == 4
    assert state.questions(p) == ("odds", "ev", "blind")


def test_discards_leave_the_pool_only_under_when_empty():
    every = load(position__discards=["raft", "raft", "troll"])
    empty = load(position__discards=["raft", "raft", "troll"], rules={"deck_reshuffle": "when_empty"})
    assert sum(every.pool_dict.values()) == 68 and sum(empty.pool_dict.values()) == 65
    assert empty.pool_dict["raft"] == 12 - 1 - 2


def test_after_the_deal_nothing_is_dealt():
    p = load(position__phase="planning", position__me__hand=["pig"] * 8)
    assert p.to_deal == 0 and p.hand_dict == {"pig": 8}


@pytest.mark.parametrize("changes,field,words", [
    ({"players": 7}, "players", "2 to 6"),
    ({"position__round": 5}, "position.round", "1 to 4"),
    ({"position__phase": "scoring"}, "position.phase", "deal"),
    ({"position__me__hand": ["dragon"] * 5}, "position.me.hand", "at most 4"),
    ({"position__me__hand": ["pegasus"]}, "position.me.hand[0]", "dragon"),
    ({"position__round": 1}, "position.me.hand", "empty"),
    ({"position__cards_to_deal": 5}, "position.cards_to_deal", "4"),
    ({"position__route": [{"kind": "pig", "terrain": "desert"}]}, "position.route[0].terrain", "plain, forest"),
    ({"position__route": [{"kind": "raft", "water": "lake", "obstacle": True}]}, "position.route[0].obstacle", "water"),
    ({"position__route": [{"kind": "raft", "terrain": "plain"}]}, "position.route[0].terrain", "water"),
    ({"position__route": [{"kind": "dragon", "water": "lake"}]}, "position.route[0].water", "terrain"),
    ({"position__route": [{"kind": "dragon"}]}, "position.route[0].terrain", "cost"),
    ({"position__route": [{"kind": "dragon", "terrain": "forest", "cost": 1}]}, "position.route[0].cost", "2"),
    ({"position__route": [{"kind": "dragon", "cost": 9}]}, "position.route[0].cost", "1 to 4"),
    ({"position__route": ["dragon"]}, "position.route[0]", "mapping"),
    ({"position__route": [{"kind": "pig", "cost": 1}] * 9}, "position.route", "at most 8"),
    ({"position__open_counters": ["dragon"] * 6}, "position.open_counters", "at most 5"),
    ({"position__opponent_counters": ["dragon"] * 7}, "position.open_counters", "only 8"),
    ({"position__me__counters": ["pig"] * 4 + ["troll"]}, "position.me.counters", "at most 5"),
    ({"position__me__hidden_counter": ["pig", "pig", "pig"]}, "position.me.hidden_counter", "at most 2"),
    ({"position__me__hidden_counter": ["pig", "pig"], "rules": {"later_round_counters": "one_face_down"}},
     "position.me.hidden_counter", "at most 1"),
    ({"position__me__towns_left": 21}, "position.me.towns_left", "0 to 20"),
    ({"position__me__town": 3}, "position.me.town", "town"),
    ({"position__round": 1, "position__me__hand": None, "position__discards": ["pig"]}, "position.discards",
     "round 1"),
    ({"position__discards": ["raft"] * 12, "rules": {"deck_reshuffle": "when_empty"}}, "position.discards", "only 12"),
    ({"position__map": {"file": 3}}, "position.map.file", "path"),
    ({"position__map": {"file": "no-such-map.yaml"}}, "position.map.file", "cannot read"),
    ({"position__map": "illustrative"}, "position.map", "printed"),
    ({"position__map": "printed", "position__me__town": "Elvenhod"}, "position.me.town", "did you mean Elvenhold"),
    ({"position__map": "printed", "position__placed": [], "position__route": [{"road": "Elvenhold-Grangor", "kind": "pig", "cost": 1}]},
     "position.route[0].road", "the printed map"),
    ({"position__placed": [{"kind": "pegasus"}]}, "position.placed[0].kind", "dragon"),
    ({"position__colour": "red"}, "position.colour", "unknown key"),
])
def test_an_impossible_position_is_one_line_naming_the_field(changes, field, words):
    with pytest.raises(ScenarioError) as err:
        load(**changes)
    assert err.value.field == field and words in err.value.problem and "\n" not in str(err.value)


def test_the_printed_map_is_the_default_and_a_road_reads_either_way_round():
    from analyzer.games.elfenland import board

    assert load().map == board.printed() and len(board.printed().towns) == 21
    given = load(position__map="printed", position__placed=["troll"], position__route=[{"road": "Lapphalya-Elvenhold", "kind": "pig", "cost": 1}])
    assert given.roads == ("Lapphalya-Elvenhold",) and board.printed().road("Lapphalya-Elvenhold", "x") == \
        "Lapphalya-Elvenhold"


def test_a_user_map_file_replaces_the_printed_one(tmp_path):
    path = tmp_path / "map.yaml"
    path.write_text("towns: {A: [0, 0], B: [1, 0]}\nroads: [[A, B, plain]]\n")
    route = [{"road": "B-A", "kind": "troll", "terrain": "forest"}]
    position = load(position__map={"file": str(path)}, position__me__town="A", position__route=route)
    assert position.map.town_names == ("A", "B") and position.map.roads == (("A", "B", "plain"),)
    path.write_text("towns: {A: [0, 0], B: [1, 0]}\nroads: [[A, C, plain]]\n")
    with pytest.raises(ScenarioError, match="roads"):
        load(position__map={"file": str(path)}, position__me__town="A", position__route=route)
