"""Puerto Rico positions: the spec's sketch in its flat layout, the set-up, the stack by elimination, a full
table for question 4, and every impossible input a one-line ScenarioError naming the field."""
import pytest

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico import state
from tests.games.puerto_rico import position, scenario

SPEC = "scenarios/puerto_rico/spec-position.yaml"
BOARDS = [{"doubloons": 2, "plantations": {"indigo": 1, "corn": 1}, "occupied": {"indigo": 1},
           "buildings": {"small_indigo_plant": 1}, "goods": {"indigo": 1}},
          {"doubloons": 3, "plantations": {"indigo": 1, "quarry": 1}},
          {"doubloons": 1, "vp": 2, "plantations": {"corn": 1, "coffee": 1}, "buildings": {"city_hall": 0}},
          {"doubloons": 4, "plantations": {"corn": 1}, "san_juan": 1}]


def test_the_spec_sketch_loads_from_its_flat_layout():
    p = state.parse_position(sc.load(SPEC))
    assert p.players == 4 and p.governor == 2 and p.stack_given
    assert dict(zip(r.CROPS, p.stack)) == {"corn": 5, "indigo": 8, "sugar": 9, "tobacco": 7, "coffee": 6}
    assert p.discard == (1, 0, 1, 0, 0) and p.display == (r.SUGAR, r.CORN, r.INDIGO, r.TOBACCO, r.COFFEE)
    assert p.quarries == 6 and not p.full and state.questions(p) == ("odds", "hacienda")


def test_the_set_up_is_the_default_position():
    p = position(5)
    assert p.stack == r.setup(5).stack and p.to_choose == 0 and p.untaken == tuple(range(8))
    assert p.colonist_ship == 5 and p.colonists == 95 and p.vp_chips == 122 and p.goods_supply == r.GOODS
    assert [state.card_name(5, i) for i in (6, 7)] == ["prospector", "prospector 2"]
    assert state.questions(p) == ("odds", "hacienda", "ev")


def test_the_stack_by_elimination_and_the_leftovers():
    p = position(4, display=["coffee", "coffee", "corn"], discard_pile={"sugar": 2}, leftovers=["coffee"],
                 boards=BOARDS)  # the islands: corn 3, indigo 2, coffee 1
    assert p.stack == (10 - 3 - 1, 12 - 2, 11 - 2, 9, 8 - 1 - 2) and p.next_discard == (0, 0, 2, 0, 1)
    outside = position(4, rules={"start_tiles_from_pool": False})
    assert outside.stack == r.PLANTATION_TILES


@pytest.mark.parametrize("kw", [{"round": 2}, {"discard_pile": {"sugar": 2}}, {"roles_taken": {0: "settler"}},
                                {"display": ["corn"], "leftovers": ["corn"]}])
def test_a_started_game_without_boards_or_stack_is_refused(kw):
    """Past the set-up the islands are not the start crops: the elimination would rest on a hidden guess."""
    with pytest.raises(ScenarioError, match="required once the game has started") as err:
        position(4, **kw)
    assert err.value.field == "position.boards"
    assert position(4, stack={"corn": 1}, **kw).stack_given  # the stack itself is enough


def test_a_full_table():
    p = position(4, governor=1, boards=BOARDS, roles_taken={1: "settler", 2: "prospector"},
                 role_doubloons={"builder": 2}, ships=[{"good": "corn", "barrels": 3}, {}, {}],
                 trading_house=["indigo"], round=4)
    assert p.full and p.to_choose == 3 and p.untaken == (1, 2, 3, 4, 5)
    assert p.roles_taken == ((1, r.SETTLER), (2, r.PROSPECTOR)) and p.role_doubloons[r.BUILDER] == 2
    assert p.stack == (10 - 3, 12 - 2, 11, 9, 8 - 1) and p.quarries == 7
    assert p.goods_supply == (7, 9, 11, 9, 9) and p.buildings_left[r.BUILDING["city_hall"]] == 0
    assert p.boards[0].buildings == ((0, 1),) and p.boards[0].colonists == 2
    assert p.colonists == 75 + 4 - 4 - 3 and p.vp_chips == 98 and p.ships[0] == (5, r.CORN, 3)


@pytest.mark.parametrize("kw, field", [
    ({"governor": 4}, "position.governor"),
    ({"display": ["corn"] * 6}, "position.display"),
    ({"display": ["rum"]}, "position.display[0]"),
    ({"display": ["corn"], "leftovers": ["sugar"]}, "position.leftovers[0]"),
    ({"stack": {"coffee": 9}}, "position.stack.coffee"),
    ({"discard_pile": {"coffee": 9}}, "position"),
    ({"boards": BOARDS[:3]}, "position.boards"),
    ({"boards": BOARDS, "stack": {"corn": 7, "indigo": 10, "sugar": 11, "tobacco": 9, "coffee": 8}},
     "position.stack.coffee"),
    ({"boards": [{"plantations": {"corn": 13}}] * 4}, "position.boards[0].plantations.corn"),
    ({"boards": [{"plantations": {"corn": 7, "sugar": 6}}] + [{}] * 3}, "position.boards[0].plantations"),
    ({"boards": [{"plantations": {"corn": 1}, "occupied": {"corn": 2}}] + [{}] * 3},
     "position.boards[0].occupied.corn"),
    ({"boards": [{"buildings": {"indigo_plant": 4}}] + [{}] * 3}, "position.boards[0].buildings.indigo_plant"),
    ({"boards": [{"buildings": {"palace": 1}}] + [{}] * 3}, "position.boards[0].buildings.palace"),
    ({"boards": [{"buildings": {"guild_hall": 0, "residence": 0, "fortress": 0, "customs_house": 0, "city_hall": 0,
                                "office": 0, "hospice": 0, "wharf": 0}}] + [{}] * 3}, "position.boards[0].buildings"),
    ({"boards": [{"buildings": {"city_hall": 0}}, {"buildings": {"city_hall": 0}}, {}, {}]},
     "position.boards[1].buildings.city_hall"),
    ({"boards": [{"plantations": {"quarry": 5}}, {"plantations": {"quarry": 4}}, {}, {}]}, "position.boards"),
    ({"boards": [{"goods": {"coffee": 9}}, {"goods": {"coffee": 1}}, {}, {}]}, "position"),
    ({"roles_taken": {1: "settler"}}, "position.roles_taken"),
    ({"roles_taken": {0: "settler", 1: "settler"}}, "position.roles_taken.1"),
    ({"roles_taken": {0: "harbor"}}, "position.roles_taken.0"),
    ({"roles_taken": {0: "mayor", 1: "builder", 2: "trader", 3: "captain"}}, "position.roles_taken"),
    ({"roles_taken": {0: "mayor"}, "role_doubloons": {"mayor": 1}}, "position.role_doubloons.mayor"),
    ({"role_doubloons": {"prospector": [1, 2]}}, "position.role_doubloons.prospector"),
    ({"ships": [{}, {}]}, "position.ships"),
    ({"ships": [{"good": "corn", "barrels": 6}, {}, {}]}, "position.ships[0].barrels"),
    ({"ships": [{"barrels": 2}, {}, {}]}, "position.ships[0].good"),
    ({"ships": [{"good": "corn", "barrels": 1}, {"good": "corn", "barrels": 1}, {}]}, "position.ships[1].good"),
    ({"trading_house": ["corn"] * 5}, "position.trading_house"),
    ({"boards": BOARDS, "trading_house": ["corn", "sugar", "corn"]}, "position.trading_house[2]"),
    ({"colonist_ship": 80}, "position.colonist_ship"),
    ({"vp_chips": 101}, "position.vp_chips"),
    ({"quarries_left": 9}, "position.quarries_left"),
    ({"harbour": 1}, "position.harbour"),
])
def test_impossible_positions_name_the_field(kw, field):
    with pytest.raises(ScenarioError) as e:
        state.parse_position(scenario(4, **kw))
    assert e.value.field == field and "\n" not in str(e.value)


def test_a_kind_twice_in_the_trading_house_needs_an_office():
    office = [dict(BOARDS[0], buildings={"office": 0})] + BOARDS[1:]
    assert position(4, boards=office, trading_house=["corn", "corn"]).trading_house == (r.CORN, r.CORN)


def test_bad_player_counts():
    for players in (2, 6):
        with pytest.raises(ScenarioError) as e:
            position(players)
        assert e.value.field == "players"


def test_start_tiles_from_outside_the_pool_stay_out_of_the_elimination():
    inside = position(4, boards=BOARDS)
    outside = position(4, rules={"start_tiles_from_pool": False}, boards=BOARDS)
    # the start crops (indigo, indigo, corn, corn from the governor, seat 0) came from outside the 50
    assert outside.stack[r.INDIGO] == inside.stack[r.INDIGO] + 2 and outside.stack[r.CORN] == inside.stack[r.CORN] + 2
