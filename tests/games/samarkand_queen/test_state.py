"""Positions (spec §8): parsing, derived counts, the set-up, and every component count an impossible one breaks."""
import copy
from pathlib import Path

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import state
from tests.cli_helpers import invoke, one_line_error

HERE = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"
DELETE = object()


def doc(name="relationship.yaml"):
    return scenario.load(HERE / name)


def edit(path, value, name="relationship.yaml"):
    d = doc(name)
    node = d
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


def test_every_shipped_position_parses():
    for path in sorted(HERE.glob("*.yaml")):
        data = scenario.load(path)
        if "position" in data:
            p = state.parse_position(data)
            assert p.seats[p.me].hand is not None


def test_the_relationship_position_derives_what_it_omits():
    p = state.parse_position(doc())
    lev, byz = p.board.families.index("levant"), p.board.families.index("byzantium")
    assert p.families[lev].camels_left == 10 and p.families[byz].tiles_left == 1 and p.families[lev].treasury == 5
    assert p.families[0].markers_left == 5 and p.met == frozenset() and p.goods_taken == frozenset()
    assert p.pile_count == 33 - 12 and len(p.unseen()) == 30 and p.to_move == 0 and p.me == 0
    assert p.camels[p.board.start_cell[4]] == (4,)  # starts not listed get their camel


def test_the_set_up_position():
    p = state.start_position(4)
    assert p.pile_count == 25 and all(q.money == 10 and q.hand_count == 2 for q in p.seats)
    assert all(s.camels_left == 11 and s.tiles_left == 2 and s.treasury == 0 for s in p.families)
    two = state.start_position(2)
    assert two.bag == tuple(range(10)) and all(s.tiles_left == 1 for s in two.families) and two.pile_count == 29
    assert state.start_position(2, settings=r.Settings(two_player_bag=False)).bag == ()
    dealt = state.start_position(3, hands=[[1, 2], [3, 4], [5, 6]])
    state.check(dealt)
    assert dealt.unseen() == tuple(range(3, 34))


def test_to_dict_round_trips():
    for name in ("relationship.yaml", "best-keep.yaml", "two-player-bag.yaml", "sell-at-the-end.yaml"):
        p = state.parse_position(doc(name))
        again = state.parse_position(state.to_dict(p))
        assert state.to_dict(again) == state.to_dict(p)
        assert again.board == p.board and again.seats == p.seats and again.camels == p.camels


P = ("position",)


@pytest.mark.parametrize("path,value,field", [
    (P + ("camels", "2,2"), ["levant", "byzantium", "china"], "position.camels.2,2"),  # 3 on a space
    (P + ("camels", "2,2"), ["levant", "levant"], "position.camels.2,2"),  # same colour twice
    (P + ("camels", "5,5"), ["levant"], "position.camels"),  # not connected to its route
    (P + ("camels", "9,9"), ["levant"], "position.camels.9,9"),  # no such cell
    (P + ("camels", "2,2"), ["atlantis"], "position.camels.2,2[0]"),
    (P + ("families", "levant", "camels_left"), 11, "position.families.levant.camels_left"),
    (P + ("families", "levant", "tiles_left"), 2, "position.families.levant.tiles_left"),  # Petra holds one
    (P + ("families", "levant", "markers_left"), 4, "position.families.levant.markers_left"),  # no relationship yet
    (P + ("families", "levant", "treasury"), -1, "position.families.levant.treasury"),
    (P + ("met",), [["levant", "byzantium"]], "position.met"),  # they share no land space
    (P + ("goods_markers_taken",), [12], "position.goods_markers_taken"),
    (P + ("players", 0, "hand"), [5, 12, 12], "position.players[0].hand"),
    (P + ("players", 0, "hand"), [5, 12, 34], "position.players[0].hand[2]"),
    (P + ("players", 0, "hand"), [5, 6, 7, 8, 9, 10, 11, 12], "position.players[0].hand"),  # over the limit 7
    (P + ("players", 0, "sold"), [16], "position.players[0].sold"),  # never reached
    (P + ("players", 1, "tiles"), ["levant", "levant"], "position.players[1].tiles"),
    (P + ("players", 1, "name"), "Tomáš", "position.players[1].name"),
    (P + ("players", 1, "markers"), {"relationships": 1}, "position.players"),
    (P + ("players", 0, "markers"), {"goods": [1]}, "position.players"),
    (P + ("players", 0, "money"), "lots", "position.players[0].money"),
    (P + ("players",), [{"name": "x", "hand": [1]}], "position.players"),
    (P + ("pile_count",), 30, "position.pile_count"),
    (P + ("discard_pile",), 3, "position.discard_pile"),  # public: list the cards
    (P + ("bag",), ["china"], "position.bag"),  # only with 2 players
    (P + ("to_move",), "Zdeněk", "position.to_move"),
    (P + ("players", 0, "hand"), DELETE, "position.players[0].hand"),  # me's hand must be known
    (P + ("focus", "card_value"), "hope", "position.focus.card_value"),
    (P + ("focus", "cards"), [5], "position.focus.cards"),  # in my own hand
    (P + ("surprise",), 1, "position.surprise"),
    (("rules",), {"second_camel": "anywhere"}, "rules.second_camel"),
    (("players",), 6, "players"),
])
def test_an_impossible_position_is_one_error_naming_the_field(path, value, field):
    with pytest.raises(ScenarioError) as err:
        state.parse_position(edit(path, value))
    assert err.value.field == field, str(err.value)
    assert "\n" not in str(err.value)


def test_sold_cards_count_towards_the_hand_limit():
    d = doc("best-keep.yaml")
    d["position"]["players"][0]["hand"] = [1, 2, 13, 14]
    d["position"]["pile_count"] = 2
    with pytest.raises(ScenarioError, match="hand 4 \\+ sold 4 over the hand limit 7"):
        state.parse_position(d)


def test_a_hidden_discard_pile_is_a_count_and_part_of_my_unseen_cards():
    public = edit(P + ("discard_pile",), [16, 20])
    public["position"]["pile_count"] = 19
    hidden = copy.deepcopy(public)
    hidden["rules"] = {"discard_pile": "hidden"}
    hidden["position"]["discard_pile"] = 2
    a, b = state.parse_position(public), state.parse_position(hidden)
    assert len(a.unseen()) == 28 and len(b.unseen()) == 30 and 16 not in a.unseen() and 16 in b.unseen()


def test_a_bad_scenario_is_exit_2_with_one_line_through_the_cli(tmp_path):
    import yaml

    bad = edit(P + ("camels", "2,2"), ["levant", "byzantium", "china"])
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad, allow_unicode=True))
    one_line_error(invoke("ask", "effects", path), "position.camels.2,2", "different families")
    one_line_error(invoke("ask", "sell", HERE / "relationship.yaml"), "position.focus.card")


@pytest.mark.parametrize("path", [("rules",), ("position",), ("position", "camels"), ("position", "families"),
                                  ("position", "players", 0)])
def test_an_odd_key_is_named_on_one_line(path):
    d = doc()
    node = d
    for key in path:
        node = node.setdefault(key, {}) if isinstance(node, dict) else node[key]
    node["\n"] = 1
    with pytest.raises(ScenarioError) as err:
        state.parse_position(d)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("bag,out,field,twice", [
    (["byzantium", "caucasus", "mesopotamia", "turkestan", "china", "egypt", "levant", "arabia", "persia",
      "india"] * 2, [], "position.bag", "byzantium"),  # the bag listed twice: 20 tiles, the game has 10
    (["egypt", "china"], ["egypt"], "position.tiles_out", "egypt"),  # one bag tile, in the bag and out
])
def test_a_bag_tile_given_twice_is_refused(bag, out, field, twice):
    d = doc("two-player-bag.yaml")
    d["position"].update(bag=bag, tiles_out=out)
    with pytest.raises(ScenarioError) as err:
        state.parse_position(d)
    assert err.value.field == field and f"{twice} given twice" in str(err.value)
    assert "the bag holds one tile of each family (10 in all)" in str(err.value)


def test_a_card_in_two_places_names_the_second_place():
    d = doc()
    d["position"]["discard_pile"] = [d["position"]["players"][0]["hand"][0]]
    with pytest.raises(ScenarioError) as err:
        state.parse_position(d)
    assert err.value.field == "position.discard_pile" and "position.players[0].hand" in str(err.value)
