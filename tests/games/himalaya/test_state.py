"""Himalaya positions: both layouts read alike, the refill counts derive from the villages, the bag derives from
every cube seen, and an impossible position is one ScenarioError naming the field."""
import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.himalaya import rules as r
from analyzer.games.himalaya.state import parse_position, questions


def load(name):
    return parse_position(scenario.load(f"scenarios/himalaya/{name}"))


def test_the_spec_sketch_reads_like_the_project_layout():
    flat, nested = load("spec-example.yaml"), load("refill.yaml")
    assert (flat.goods, flat.tasks, flat.bag, flat.refill) == (nested.goods, nested.tasks, nested.bag, nested.refill)
    assert flat.refill == (1, 2) and flat.leaders == (("me", 7), ("p2", 12), ("p3", 4), ("p4", 18))
    assert dict(flat.goods)[12] == ("barley", "barley", "gold")


def test_a_derived_bag_holds_every_cube_not_seen():
    p = load("single-placement.yaml")
    assert dict(p.bag) == {"salt": 11, "barley": 12, "tea": 11, "jade": 11, "gold": 11} and p.bag_derived
    assert questions(p) == ("odds", "bag", "inventory")
    assert questions(load("fresh-bag.yaml")) == ("odds", "bag", "inventory")  # a whole setup's 10 placements
    assert load("fresh-bag.yaml").refill == (5, 5) == load("setup-refill.yaml").refill


def test_holdings_known_unknown_and_untracked():
    p = load("inventory.yaml")
    assert p.holdings[2] == ("p3", (("tea", 1),), 3) and p.holdings[3] == ("p4", (), None)
    assert p.pool == {"salt": 1, "barley": 3, "tea": 1, "jade": 0, "gold": 0}


def base(**position):
    return {"game": "himalaya", "players": 4, "position": position}


@pytest.mark.parametrize("position,field", [
    ({"villages": {21: {"goods": ["salt"]}}}, "position.villages.21"),
    ({"villages": {3: {"goods": ["salt"], "task": ["tea"]}}}, "position.villages.3"),
    ({"villages": {3: {"goods": ["rice"]}}}, "position.villages.3.goods[0]"),
    ({"villages": {3: {"goods": ["salt"] * 6}}}, "position.villages.3.goods"),
    ({"leaders": {"me": 3, "p2": 3}}, "position.leaders.p2"),
    ({"leaders": {"p5": 3}}, "position.leaders.p5"),
    ({"holdings": {"me": {"salt": 13}}}, "position.holdings.me.salt"),
    ({"holdings": {"p2": {"known": {}, "unknown": 2}}}, "position.bag"),
    ({"bag": {"salt": 12}, "holdings": {"me": {"salt": 1}}}, "position.bag.salt"),
    ({"bag": {c: 12 for c in ("salt", "barley", "tea", "jade", "gold")}, "holdings": {"p2": {"unknown": 1}}},
     "position.holdings"),
    ({"round": 13}, "position.round"), ({"first_leader": 5}, "position.first_leader"),
    ({"refill": {"goods": 6}}, "position.refill.goods"), ({"board": 3}, "position.board"),
])
def test_an_impossible_position_is_one_line_naming_the_field(position, field):
    with pytest.raises(ScenarioError) as err:
        parse_position(base(**position))
    assert err.value.field == field and "\n" not in str(err.value)


def test_goods_only_allows_goods_on_a_task_village():
    doc = base(villages={3: {"goods": ["salt"], "task": ["tea"]}})
    doc["rules"] = {"occupied_means": "goods_only"}
    p = parse_position(doc)
    assert p.goods == ((3, ("salt",)),) and p.tasks == ((3, ("tea",)),)


def test_the_board_is_illustrative_unless_typed_and_a_typed_one_has_one_road_of_a_kind_per_village():
    assert load("refill.yaml").board == r.ILLUSTRATIVE_BOARD
    b = r.ILLUSTRATIVE_BOARD
    typed = {"levels": {v: 3 for v in range(1, 21)}, "roads": [list(x) for x in b.roads],
             "regions": [list(x) for x in b.regions]}
    doc = {**base(), "rules": {"board": typed}}
    assert parse_position(doc).board.levels == (3,) * 20
    typed["roads"].append([1, 3, "ice"])  # village 1 has an ice road to 2
    with pytest.raises(ScenarioError) as err:
        parse_position(doc)
    assert err.value.field == f"rules.board.roads[{len(b.roads)}]"
    with pytest.raises(ScenarioError) as err:
        parse_position({**base(board="illustrative"), "rules": {"board": "illustrative"}})
    assert err.value.field == "position.board"
