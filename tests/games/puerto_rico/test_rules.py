"""Puerto Rico rules as data: the set-up by player count, the printed tables (checked against the rulebook's
contents list), the builder's cost rule (the spec's
quarry example) and every named setting in each of its readings."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.puerto_rico import rules as r


def test_the_printed_tables_match_the_rulebooks_component_counts():
    """Contents: 58 island tiles (8 quarries, 50 plantations), 50 goods, 49 buildings: 20 production, 2 each of 12
    small violet, 5 large violet; every building's column is its VP."""
    assert sum(r.PLANTATION_TILES) + r.QUARRIES == 58 and sum(r.GOODS) == 50
    production = [b for b in r.BUILDINGS if b.good >= 0]
    small = [b for b in r.BUILDINGS if b.good < 0 and b.size == 1]
    large = [b for b in r.BUILDINGS if b.size == 2]
    assert sum(b.count for b in production) == 20 and sum(b.count for b in r.BUILDINGS) == 49
    assert len(small) == 12 and all(b.count == 2 for b in small)
    assert len(large) == 5 and all(b.count == 1 and b.cost == 10 and b.column == 4 for b in large)
    assert all(b.circles == 1 for b in small + large)
    assert set(r.PRINTED) == set(r._DATA) and all(p.source for p in r.PRINTED.values())


def test_the_printed_components():
    assert dict(zip(r.CROPS, r.PLANTATION_TILES)) == {"corn": 10, "indigo": 12, "sugar": 11, "tobacco": 9,
                                                       "coffee": 8}
    assert r.QUARRIES == 8 and sum(r.PLANTATION_TILES) == 50
    assert dict(zip(r.CROPS, r.GOODS)) == {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9}
    assert r.PRICES == tuple(range(5)) and r.CROPS.index("coffee") == 4
    assert [b.name for b in r.BUILDINGS if b.size == 2] == ["guild_hall", "residence", "fortress", "customs_house",
                                                            "city_hall"]
    counts = {b.name: b.count for b in r.BUILDINGS}
    assert counts["small_indigo_plant"] == counts["small_sugar_mill"] == 4 and counts["coffee_roaster"] == 3
    assert counts["wharf"] == 2 and counts["city_hall"] == 1
    circles = {b.name: b.circles for b in r.BUILDINGS if b.good >= 0}
    assert circles == {"small_indigo_plant": 1, "small_sugar_mill": 1, "indigo_plant": 3, "sugar_mill": 3,
                       "tobacco_storage": 3, "coffee_roaster": 2}
    costs = {b.name: (b.cost, b.column) for b in r.BUILDINGS}
    assert costs["harbor"] == (8, 3) and costs["office"] == (5, 2) and costs["construction_hut"] == (2, 1)
    assert costs["guild_hall"] == (10, 4) and costs["large_warehouse"] == (6, 2)


@pytest.mark.parametrize("players, doubloons, vp, colonists, ships, roles", [
    (3, 2, 75, 55, (4, 5, 6), 6), (4, 3, 100, 75, (5, 6, 7), 7), (5, 4, 122, 95, (6, 7, 8), 8)])
def test_the_set_up_by_players(players, doubloons, vp, colonists, ships, roles):
    s = r.setup(players)
    assert (s.doubloons, s.vp_chips, s.colonists, s.ship_colonists, s.ships) == (doubloons, vp, colonists,
                                                                                 players, ships)
    assert len(s.roles) == roles and s.roles.count(r.PROSPECTOR) == players - 3
    assert s.display_size == players + 1 and s.quarries == 8


def test_the_fixed_start_crops_leave_the_stack():
    four = r.setup(4)
    assert four.start_crops == (r.INDIGO, r.INDIGO, r.CORN, r.CORN)
    assert dict(zip(r.CROPS, four.stack)) == {"corn": 8, "indigo": 10, "sugar": 11, "tobacco": 9, "coffee": 8}
    assert sum(four.stack) == 46 and sum(r.setup(3).stack) == 47 and r.setup(3).stack[r.CORN] == 9
    assert r.setup(5).start_crops == (r.INDIGO,) * 3 + (r.CORN,) * 2
    outside = r.setup(4, r.Settings(start_tiles_from_pool=False))
    assert outside.stack == r.PLANTATION_TILES


@pytest.mark.parametrize("reading, crop", [("all_corn", r.CORN), ("all_indigo", r.INDIGO)])
def test_the_house_rule_start_crops(reading, crop):
    s = r.setup(4, r.parse_settings({"start_crops": reading}))
    assert s.start_crops == (crop,) * 4 and s.stack[crop] == r.PLANTATION_TILES[crop] - 4


def test_the_spec_quarry_example():
    """3 quarries: construction hut 2 - 1, office 5 - 2, harbor 8 - 3, city hall 10 - 3 (at most the column)."""
    s = r.Settings()
    price = {name: r.build_cost(*s.building(r.BUILDING[name])[1:3], False, 3)
             for name in ("construction_hut", "office", "harbor", "city_hall")}
    assert price == {"construction_hut": 1, "office": 3, "harbor": 5, "city_hall": 7}


def test_the_builder_privilege_and_the_cost_floor():
    assert r.build_cost(1, 1, True, 1) == 0  # the seed is silent: cost_floor 0 lets it reach nothing
    assert r.build_cost(1, 1, True, 1, floor=1) == 1
    assert r.build_cost(10, 4, True, 4) == 5
    assert r.parse_settings({"cost_floor": 1}).cost_floor == 1


def test_every_named_setting_in_each_reading():
    assert r.Settings() == r.parse_settings(None)
    for name, (default, readings) in r.SETTINGS.items():
        for value in readings:
            if value != "printed":
                assert getattr(r.parse_settings({name: value}), name) == value
    s = r.parse_settings({"start_tiles_from_pool": False, "reshuffle": "merge", "end_colonists_reading": "enough",
                          "wharf_capacity": 9, "turn_cap": 30})
    assert s.labels()[0].startswith("rules: start_tiles_from_pool=False, reshuffle=merge")


def test_the_tables_are_overridable_and_then_not_printed():
    s = r.parse_settings({"plantations": {"coffee": 7, "quarry": 6}, "goods": {"corn": 8},
                          "buildings": {"office": {"cost": 4, "column": 1}}})
    assert s.tiles[r.COFFEE] == 7 and s.quarries == 6 and s.goods[r.CORN] == 8
    assert s.building(r.BUILDING["office"])[1:3] == (4, 1) and s.printed == ()
    assert r.Settings().printed == ("plantations", "goods", "buildings")
    assert r.parse_settings({"plantations": "printed"}) == r.Settings()
    assert s.shown()["buildings"] == {"office": {"cost": 4, "column": 1, "count": 2, "circles": 1}}


@pytest.mark.parametrize("block, field", [
    ({"reshuffle": "shuffle"}, "rules.reshuffle"), ({"cost_floor": -1}, "rules.cost_floor"),
    ({"start_crops": "all_sugar"}, "rules.start_crops"), ({"plantations": {"coffee": 0}}, "rules.plantations.coffee"),
    ({"plantations": "box"}, "rules.plantations"), ({"buildings": {"palace": {"cost": 3}}}, "rules.buildings.palace"),
    ({"buildings": {"office": {"column": 5}}}, "rules.buildings.office.column"),
    ({"goods": {"rum": 3}}, "rules.goods.rum"),
    ({"turn_cap": 0}, "rules.turn_cap"), ({"wharf": 11}, "rules.wharf")])
def test_bad_settings_name_the_field(block, field):
    with pytest.raises(ScenarioError) as e:
        r.parse_settings(block)
    assert e.value.field == field and "\n" not in str(e.value)


def test_the_residence_bonus():
    assert [r.residence_bonus(n) for n in (0, 9, 10, 11, 12)] == [4, 4, 5, 6, 7]
