"""Café International positions: the spec's flat layout, the bag derived exactly (or given and checked), the
unlisted bar tiles, and one-line errors for every impossible position."""
import pytest

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.cafe_international import rules as r
from tests.games.cafe_international import THREE_AND_THREE, position, scenario


def test_the_spec_position_reads_in_its_flat_layout_with_its_tables_as_the_layout():
    p = sc_position("spec-position.yaml")
    assert p.players == 3 and p.settings.layout == (("T1", 0, ("c1", "c2", "c3", "c4")),
                                                    ("T2", 1, ("c4", "c5", "c6", "c7")))
    assert p.board == {"c2": (0, 0), "c4": (1, 1), "c5": (r.JOKER, 0)} and p.scores == (23, 17, 30)
    assert p.hands[0] == ((2, 0), (0, 1), (r.JOKER, 1)) and p.bar_filled == 6 and p.bar_hidden == 6
    assert sum(p.pool) == 100 - 3 - 5 and p.bag_size == 86 and not p.first_turn
    assert p.illustrative == ("bar_values",)


def sc_position(name):
    from analyzer.games.cafe_international import state
    return state.parse_position(sc.load(f"scenarios/cafe_international/{name}"))


def test_the_bag_is_100_less_everything_visible():
    p = position(players=2, seated={"c1": ["N1", "f"], "c2": ["N1", "m"]}, bar=[["N5", "m"]],
                 hands={0: [["N1", "f"], ["joker", "m"]], 1: ["N5 m"]}, out_of_game=[["N5", "m"]])
    assert p.pool[r.kind(0, 0)] == 2 and p.pool[r.kind(0, 1)] == 3 and p.pool[r.kind(4, 1)] == 1
    assert p.pool[r.kind(r.JOKER, 1)] == 1 and p.bag_size == 100 - 7 and p.bar_hidden == 0
    assert p.hands[1] == ((4, 1),) and not p.first_turn


def test_a_given_bag_must_total_100_less_visible_and_fit_each_kind():
    derived = {r.kind_name(k): n for k, n in enumerate(r.KIND_COUNTS)}
    derived["N1 f"] -= 1
    p = position(players=2, hands={0: [["N1", "f"]]}, bag=derived)
    assert p.bag_given and p.bag_size == 99
    with pytest.raises(ScenarioError, match="total"):
        position(players=2, hands={0: [["N1", "f"]]}, bag={**derived, "N2 m": 3})
    with pytest.raises(ScenarioError) as err:
        position(players=2, hands={0: [["N1", "f"]]}, bag={**derived, "N1 f": 4})
    assert err.value.field == "position.bag.N1 f"


def test_unlisted_bar_tiles_are_unseen_non_jokers_taken_out_of_the_bag():
    p = position(players=2, bar=[["N2", "f"]], bar_filled=3)
    assert p.bar_hidden == 2 and p.bag_size == 97 and sum(p.pool) == 99


def test_an_empty_board_is_the_start_players_first_turn_and_one_lone_tile_is_allowed():
    assert position().first_turn
    p = position(seated={"c10": ["N4", "m"]}, first_turn=False)
    assert p.board == {"c10": (3, 1)}


@pytest.mark.parametrize("pos,field,words", [
    ({"seated": {"c99": ["N1", "f"]}}, "position.seated.c99", "no chair"),
    ({"seated": {"c2": ["N5", "f"]}}, "position.seated.c2", "cannot sit"),
    ({"seated": {"c2": ["N13", "f"]}}, "position.seated.c2.nat", "allowed"),
    ({"seated": {"c2": ["N1", "x"]}}, "position.seated.c2.sex", "allowed"),
    ({"seated": {"c1": ["N1", "f"], "c2": ["N1", "f"], "c3": ["N1", "f"]}}, "position.seated", "differ by one"),
    ({"seated": {"c2": ["N1", "f"], "c6": ["N2", "m"]}}, "position.seated", "alone"),
    ({"hands": {0: [["N1", "f"]] * 6}}, "position.hands.0", "at most 5"),
    ({"hands": {0: [["N1", "f"]] * 5}}, "position", "only 4 exist"),
    ({"hands": {7: []}}, "position.hands.7", "from 0 to 3"),
    ({"bar": [["joker", "f"]]}, "position.bar[0]", "joker"),
    ({"bar_filled": 21}, "position.bar_filled", "from 0 to 20"),
    ({"bag": "guessed"}, "position.bag", "derived"),
    ({"scores": [1, 2]}, "position.scores", "one score per seat"),
    ({"birthday": "N3"}, "position.birthday", "birthday_table"),
    ({"me": 4}, "position.me", "from 0 to 3"),
    ({"focus": {"table": "T99"}}, "position.focus.table", "allowed"),
    ({"focus": {"turns": 0}}, "position.focus.turns", "from 1 to 50"),
    ({"first_turn": True, "bar_filled": 2}, "position.first_turn", "first turn"),
    ({"dropped": [1], "hands": {1: [["N1", "m"]]}}, "position.dropped[0]", "hand"),
    ({"weather": "rain"}, "position.weather", "unknown key"),
])
def test_impossible_positions_are_one_line_errors_naming_the_field(pos, field, words):
    with pytest.raises(ScenarioError) as err:
        position(**pos)
    assert err.value.field == field and words in str(err.value) and "\n" not in str(err.value)


def test_the_layout_given_twice_is_an_error():
    doc = scenario(rules={"layout": {"A": {"nat": "N1", "chairs": ["x"]}}},
                   tables={"B": {"nat": "N2", "chairs": ["y"]}})
    from analyzer.games.cafe_international import state
    with pytest.raises(ScenarioError) as err:
        state.parse_position(doc)
    assert err.value.field == "position.tables"


def test_lone_guest_rule_never_refuses_guests_alone_on_shared_chairs():
    assert position(seated=THREE_AND_THREE).board  # c1 alone at T24 and c7 at T3, each with his group next door
    with pytest.raises(ScenarioError, match="alone at c1, c7"):
        position(rules={"lone_guest_rule": "never"}, seated=THREE_AND_THREE)


def test_coffee_party_allows_a_full_table_of_one_sex():
    four = {"c1": ["N1", "f"], "c2": ["N1", "f"], "c3": ["N1", "f"], "c4": ["N1", "f"], "c70": ["N12", "m"],
            "c5": ["N2", "m"]}
    assert position(rules={"coffee_party": True}, seated=four).board["c4"] == (0, 0)
    with pytest.raises(ScenarioError, match="differ by one"):
        position(seated=four)


def test_the_specs_spelling_of_the_game_and_its_flat_layout_are_read():
    from analyzer.core import registry
    doc = sc.parse("game: cafe-international\nsettings: {bag_end: exactly_4}\nplayers: 2\nseated: {c2: [N1, f]}\n")
    p = registry.game(doc["game"]).position(doc)
    assert p.settings.bag_end == "exactly_4" and p.board == {"c2": (0, 0)} and p.players == 2
