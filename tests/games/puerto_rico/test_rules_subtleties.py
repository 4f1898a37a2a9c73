"""Hand-stepped tests of every rule subtlety the Puerto Rico spec quotes, on the readable roles.py, and each named
setting in every reading it lists (the seed's own examples by their figures)."""
from dataclasses import replace

import pytest

from analyzer.games.puerto_rico import reference as ref
from analyzer.games.puerto_rico import roles
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.rules import CORN, COFFEE, INDIGO, QUARRY, SUGAR, TOBACCO, Settings

B = r.BUILDING


class Script:
    """A src answering each decision from its own queue (a test names only those it expects)."""

    def __init__(self, **answers):
        self.answers = {name: list(queue) for name, queue in answers.items()}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def answer(t, *args):
            assert self.answers.get(name), f"unexpected decision {name}{args}"
            return self.answers[name].pop(0)
        return answer

    def done(self) -> bool:
        return not any(self.answers.values())


def table(players=3, settings=None) -> roles.Table:
    """The set-up with the governor at seat 0 and the stack in kind order; every island emptied."""
    settings = settings or Settings()
    t = ref.setup(settings, players, 0, ref.start_stack(settings, players))
    for p in t.seats:
        p.island = []
    return t


def own(t, seat, *names, colonists=1):
    for name in names:
        t.seats[seat].city[B[name]] = colonists


def tiles(t, seat, *kinds, colonists=1):
    t.seats[seat].island += [[k, colonists] for k in kinds]


# -- builder -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,cost", [("construction_hut", 1), ("office", 3), ("harbor", 5), ("city_hall", 7)])
def test_three_occupied_quarries_cut_each_building_by_at_most_its_column(name, cost):
    t = table()
    tiles(t, 1, QUARRY, QUARRY, QUARRY)
    assert roles.price(t, 1, B[name], chooser=0) == cost


def test_only_occupied_quarries_count_and_the_privilege_is_the_builders_alone():
    t = table()
    tiles(t, 1, QUARRY, QUARRY)
    tiles(t, 1, QUARRY, colonists=0)
    assert roles.price(t, 1, B["harbor"], chooser=0) == 6
    assert roles.price(t, 1, B["harbor"], chooser=1) == 5


@pytest.mark.parametrize("floor,expected", [(0, 0), (1, 1)])
def test_cost_floor(floor, expected):
    t = table(settings=Settings(cost_floor=floor))
    tiles(t, 0, QUARRY)
    assert roles.price(t, 0, B["small_indigo_plant"], chooser=0) == expected


def test_the_builder_gets_no_privilege_when_he_builds_nothing_and_one_of_a_kind():
    t = table()
    t.seats[0].doubloons = 5
    own(t, 0, "small_market")
    legal = roles.buildable(t, 0, chooser=0)
    assert B["small_market"] not in legal and B["office"] in legal and B["factory"] not in legal
    src = Script(build=[None, B["small_indigo_plant"], None])
    roles.builder(t, 0, src)
    assert t.seats[0].doubloons == 5 and t.seats[1].doubloons == r.DOUBLOONS[3] - 1
    assert t.buildings_left[B["small_indigo_plant"]] == 3 and src.done()


def test_a_large_building_needs_two_city_spaces_and_the_12th_space_ends_the_game():
    t = table()
    p = t.seats[0]
    p.doubloons = 30
    own(t, 0, *r.BUILDING_NAMES[:11], colonists=0)
    assert roles.city_spaces(t, p) == 11
    legal = roles.buildable(t, 0, chooser=0)
    assert not set(legal) & set(r.LARGE) and B["wharf"] in legal
    roles.builder(t, 0, Script(build=[B["wharf"], None, None]))
    assert t.ending and p.city[B["wharf"]] == 0


def test_an_occupied_university_puts_one_colonist_on_the_new_building_from_the_bank_else_the_ship():
    t = table()
    t.seats[0].doubloons = 10
    own(t, 0, "university")
    t.colonist_bank = 0
    roles.builder(t, 1, Script(build=[None, None, B["sugar_mill"]]))
    assert t.seats[0].city[B["sugar_mill"]] == 1 and t.colonist_ship == 2


# -- settler -------------------------------------------------------------------------------------------------------

def test_quarries_for_the_settler_and_an_occupied_construction_hut_only():
    t = table()
    t.display = [CORN, CORN, SUGAR, COFFEE]
    own(t, 2, "construction_hut")
    own(t, 1, "construction_hut", colonists=0)
    assert roles.settle_options(t, 0, chooser=0) == [CORN, SUGAR, COFFEE, QUARRY]
    assert roles.settle_options(t, 1, chooser=0) == [CORN, SUGAR, COFFEE]
    assert roles.settle_options(t, 2, chooser=0) == [CORN, SUGAR, COFFEE, QUARRY]
    t.quarries = 0
    assert QUARRY not in roles.settle_options(t, 0, chooser=0)


def test_a_settler_owning_the_construction_hut_still_takes_one_tile():
    t = table()
    own(t, 0, "construction_hut")
    t.display = [CORN, SUGAR, INDIGO, COFFEE]
    roles.settler(t, 0, Script(settle=[QUARRY, CORN, SUGAR]))
    assert [k for k, _ in t.seats[0].island] == [QUARRY] and t.quarries == r.QUARRIES - 1


def test_the_hacienda_draws_blind_first_and_the_hospice_colonist_goes_on_the_chosen_tile_only():
    t = table()
    own(t, 1, "hacienda", "hospice")
    t.display = [CORN, SUGAR, INDIGO, COFFEE]
    top = t.stack[0]
    roles.settler(t, 0, Script(settle=[CORN, COFFEE, None], hacienda=[True]))
    assert t.seats[1].island == [[top, 0], [COFFEE, 1]]
    assert t.discard == [SUGAR, INDIGO] and len(t.display) == 4


def test_the_hospice_colonist_comes_from_the_ship_when_the_bank_is_empty_else_none():
    t = table()
    own(t, 0, "hospice")
    t.colonist_bank, t.colonist_ship = 0, 1
    t.display = [CORN, SUGAR, INDIGO, COFFEE]
    roles.settler(t, 0, Script(settle=[CORN, None, None]))
    assert t.seats[0].island == [[CORN, 1]] and t.colonist_ship == 0


def test_a_full_island_takes_no_tile():
    t = table()
    tiles(t, 0, *[CORN] * r.ISLAND_SPACES)
    assert roles.settle_options(t, 0, chooser=0) == []


@pytest.mark.parametrize("reading", ["rest_first", "merge"])
def test_a_short_stack_is_made_up_from_the_shuffled_discards(reading):
    t = table(settings=Settings(reshuffle=reading))
    t.stack, t.discard = [COFFEE], [CORN, SUGAR]
    t.display = [INDIGO, INDIGO, TOBACCO, TOBACCO]
    new = [COFFEE, SUGAR, CORN, INDIGO, TOBACCO, TOBACCO] if reading == "rest_first" else \
        [SUGAR, COFFEE, INDIGO, CORN, TOBACCO, TOBACCO]
    roles.settler(t, 0, Script(settle=[INDIGO, None, None], reshuffle=[new]))
    assert t.display == new[:4] and t.stack == new[4:] and t.discard == []


def test_rest_first_refuses_a_new_stack_that_moves_the_old_tiles():
    t = table()
    t.stack, t.discard = [COFFEE], [CORN, SUGAR]
    with pytest.raises(AssertionError):
        roles.make_up_stack(t, 4, Script(reshuffle=[[CORN, COFFEE, SUGAR]]))


@pytest.mark.parametrize("reading,asked", [("rest_first", False), ("merge", True)])
def test_with_no_discards_merge_still_shuffles_the_short_stack(reading, asked):
    t = table(settings=Settings(reshuffle=reading))
    t.stack, t.discard = [COFFEE, CORN], []
    src = Script(reshuffle=[[CORN, COFFEE]])
    roles.make_up_stack(t, 4, src)
    assert src.done() == asked and t.stack == ([CORN, COFFEE] if asked else [COFFEE, CORN])


def test_still_short_some_get_none():
    t = table()
    t.stack, t.discard, t.display = [COFFEE], [], [CORN]
    roles.settler(t, 0, Script(settle=[CORN]))
    assert t.display == [COFFEE] and t.stack == []


# -- mayor ---------------------------------------------------------------------------------------------------------

def fill_everything(t, seat):
    p = t.seats[seat]
    total = roles.colonists(p)
    island = [0] * len(p.island)
    city = {b: 0 for b in p.city}
    for i in range(len(island)):
        if total:
            island[i], total = 1, total - 1
    for b in city:
        n = min(total, roles.building(t, b).circles)
        city[b], total = n, total - n
    return island, city, total


class Filler(Script):
    def place(self, t, seat):
        return fill_everything(t, seat)


def test_mayor_privilege_and_the_ship_dealt_one_at_a_time_from_the_mayor():
    t = table()
    t.colonist_ship = 5
    roles.mayor(t, 1, Filler())
    assert [p.san_juan for p in t.seats] == [1, 3, 2]


def test_an_empty_bank_gives_the_mayor_no_privilege():
    t = table()
    t.colonist_bank, t.colonist_ship = 0, 2
    roles.mayor(t, 2, Filler())
    assert [p.san_juan for p in t.seats] == [1, 0, 1] and t.colonist_ship == 0


def test_san_juan_only_when_every_circle_is_full():
    t = table()
    tiles(t, 0, CORN, colonists=0)
    t.seats[0].san_juan = 1
    with pytest.raises(AssertionError):
        roles.check_placement(t, t.seats[0], [0], {}, 1)
    roles.check_placement(t, t.seats[0], [1], {}, 0)


def test_the_refill_counts_empty_building_circles_only_never_fewer_than_the_players():
    t = table()
    tiles(t, 0, CORN, CORN, colonists=0)
    own(t, 0, "coffee_roaster", colonists=0)
    assert roles.refill_need(t) == 3
    own(t, 1, "tobacco_storage", "sugar_mill", colonists=0)
    assert roles.refill_need(t) == 8


@pytest.mark.parametrize("reading,bank,ends", [("not_enough", 2, True), ("not_enough", 3, False),
                                               ("enough", 3, True), ("enough", 2, False)])
def test_end_colonists_reading(reading, bank, ends):
    t = table(settings=Settings(end_colonists_reading=reading))
    t.colonist_bank, t.colonist_ship = bank + 1, 0
    roles.mayor(t, 0, Filler())
    assert t.ending == ends and t.colonist_ship == min(3, bank)


# -- craftsman -----------------------------------------------------------------------------------------------------

def test_the_seed_production_example():
    t = table()
    tiles(t, 0, CORN, CORN, SUGAR, SUGAR, SUGAR, TOBACCO, TOBACCO)
    tiles(t, 0, CORN, SUGAR, colonists=0)
    own(t, 0, "sugar_mill", colonists=3)
    own(t, 0, "tobacco_storage", colonists=1)
    assert roles.production(t, 0) == [2, 0, 3, 1, 0]


def test_the_seed_factory_example_and_the_privilege_barrel_of_a_kind_received():
    t = table()
    tiles(t, 0, CORN, CORN, CORN, SUGAR, SUGAR, SUGAR, TOBACCO)
    own(t, 0, "sugar_mill", colonists=3)
    own(t, 0, "tobacco_storage", colonists=1)
    own(t, 0, "factory")
    t.goods_bank = [0, 11, 2, 9, 9]
    doubloons = t.seats[0].doubloons
    roles.craftsman(t, 0, Script(extra_good=[TOBACCO]))
    assert t.seats[0].goods == [0, 0, 2, 2, 0] and t.seats[0].doubloons == doubloons + 1


def test_a_craftsman_who_produced_nothing_gets_no_extra_barrel():
    t = table()
    roles.craftsman(t, 0, Script())
    assert t.seats[0].goods == [0] * 5


# -- trader --------------------------------------------------------------------------------------------------------

def test_privilege_only_on_a_sale_markets_add_three_and_corn_sells():
    t = table()
    own(t, 1, "small_market", "large_market")
    for p in t.seats:
        p.goods = [1, 0, 0, 0, 0]
    d = [p.doubloons for p in t.seats]
    roles.trader(t, 0, Script(sell=[None, CORN]))
    assert [p.doubloons - x for p, x in zip(t.seats, d)] == [0, 3, 0] and t.house == [CORN]


def test_the_office_example_and_the_house_empties_only_when_full():
    t = table()
    t.house = [TOBACCO]
    own(t, 1, "office")
    own(t, 2, "office")
    for p in t.seats:
        p.goods = [0, 0, 0, 2, 0]
    assert roles.sellable(t, 0) == []
    roles.trader(t, 0, Script(sell=[TOBACCO, TOBACCO]))
    assert t.house == [TOBACCO] * 3
    t.seats[0].goods = [1, 0, 0, 0, 0]
    roles.trader(t, 0, Script(sell=[CORN]))
    assert t.house == [] and t.goods_bank[TOBACCO] == r.GOODS[TOBACCO] + 3


def test_a_full_house_takes_nothing_even_with_an_office():
    t = table()
    t.house = [CORN, INDIGO, SUGAR, TOBACCO]
    own(t, 0, "office")
    t.seats[0].goods = [1, 0, 0, 0, 0]
    assert roles.sellable(t, 0) == []


# -- captain -------------------------------------------------------------------------------------------------------

def test_one_kind_per_ship_no_kind_on_two_ships_the_ship_with_room_enough():
    t = table()  # ships 4, 5, 6
    t.ships[0] = [4, CORN, 4]
    t.seats[0].goods = [3, 0, 5, 0, 0]
    assert roles.ship_loads(t, 0) == [(SUGAR, 1), (SUGAR, 2)]  # corn: its ship is full; the 5 sugar fit either
    t.ships[2] = [6, INDIGO, 1]
    assert roles.ship_loads(t, 0) == [(SUGAR, 1)]
    t.seats[0].goods = [0, 0, 6, 0, 0]
    t.ships[2] = [6, None, 0]
    assert roles.ship_loads(t, 0) == [(SUGAR, 2)]


def test_the_captain_must_load_all_that_fits_and_gets_one_vp_on_his_first_load():
    t = table()
    t.seats[0].goods = [2, 0, 0, 0, 0]
    t.seats[1].goods = [0, 3, 0, 0, 0]
    src = Script(load=[(CORN, 0), (INDIGO, 1)])
    roles.captain(t, 0, src)
    assert [p.vp for p in t.seats] == [3, 3, 0] and src.done()
    assert t.ships == [[4, CORN, 2], [5, INDIGO, 3], [6, None, 0]]


def test_a_player_who_can_load_may_not_pass():
    t = table()
    t.seats[0].goods = [1, 0, 0, 0, 0]
    with pytest.raises(AssertionError):
        roles.captain(t, 0, Script(load=[None]))


def test_storage_one_barrel_warehouses_whole_kinds_full_ships_empty():
    t = table()
    t.ships[0] = [4, CORN, 3]
    t.seats[0].goods = [2, 0, 0, 0, 0]
    t.seats[1].goods = [0, 2, 3, 0, 0]
    t.seats[1].goods[TOBACCO] = 2  # no ship takes it; the warehouse keeps both
    own(t, 1, "small_warehouse")
    src = Script(load=[(CORN, 0), (INDIGO, 1), (SUGAR, 2)])
    roles.captain(t, 0, src)
    assert t.ships == [[4, None, 0], [5, INDIGO, 2], [6, SUGAR, 3]]
    assert t.seats[0].goods == [1, 0, 0, 0, 0] and t.seats[1].goods == [0, 0, 0, 2, 0]
    assert t.goods_bank[CORN] == r.GOODS[CORN] + 4


def test_the_keep_decision_is_checked_against_the_warehouses():
    t = table()
    t.seats[0].goods = [0, 2, 2, 2, 0]
    own(t, 0, "small_warehouse")
    with pytest.raises(AssertionError):
        roles.store(t, 0, Script(keep=[((INDIGO, SUGAR), None)]))
    roles.store(t, 0, Script(keep=[((INDIGO,), SUGAR)]))
    assert t.seats[0].goods == [0, 2, 1, 0, 0] and roles.keeps_all(t.seats[0])


@pytest.mark.parametrize("warehouses,kinds", [((), 0), (("small_warehouse",), 1), (("large_warehouse",), 2),
                                               (("small_warehouse", "large_warehouse"), 3)])
def test_warehouses_keep_whole_kinds_the_large_one_two(warehouses, kinds):
    t = table()
    own(t, 0, *warehouses)
    assert roles.keep_limit(t.seats[0]) == kinds
    own(t, 0, *warehouses, colonists=0)
    assert roles.keep_limit(t.seats[0]) == 0


def test_the_seed_harbor_and_wharf_example():
    t = table()
    t.ships = [[4, TOBACCO, 1], [5, None, 0], [6, CORN, 1]]
    own(t, 1, "harbor", "wharf")
    t.seats[1].goods = [0, 0, 2, 5, 0]
    src = Script(load=[(TOBACCO, 0), (SUGAR, 1), (TOBACCO, roles.WHARF)])
    roles.captain(t, 0, src)
    assert t.seats[1].vp == (3 + 1) + (2 + 1) + (2 + 1) and t.seats[1].goods == [0] * 5 and src.done()


def test_the_wharf_is_never_forced_and_serves_once():
    t = table()
    t.ships = [[4, CORN, 1], [5, SUGAR, 5], [6, INDIGO, 6]]
    own(t, 0, "wharf")
    t.seats[0].goods = [0, 3, 2, 0, 0]
    assert roles.load_options(t, 0) == [(INDIGO, roles.WHARF), (SUGAR, roles.WHARF)]
    src = Script(load=[(SUGAR, roles.WHARF)], keep=[((), INDIGO)])
    roles.captain(t, 0, src)  # the next turn offers nothing: the wharf is spent
    assert t.seats[0].vp == 2 + 1 and src.done() and t.seats[0].goods == [0, 1, 0, 0, 0]


@pytest.mark.parametrize("capacity,vp", [(11, 5), (3, 3)])
def test_wharf_capacity(capacity, vp):
    t = table(settings=Settings(wharf_capacity=capacity))
    t.ships = [[4, SUGAR, 4], [5, INDIGO, 5], [6, TOBACCO, 6]]
    own(t, 0, "wharf")
    t.seats[0].goods = [5, 0, 0, 0, 0]
    roles.captain(t, 1, Script(load=[(CORN, roles.WHARF)], keep=[((), CORN)]))
    assert t.seats[0].vp == vp


def test_vp_chips_running_out_end_the_game_and_later_vp_still_count():
    t = table()
    t.vp_supply = 2
    t.seats[0].goods = [3, 0, 0, 0, 0]
    roles.captain(t, 0, Script(load=[(CORN, 0)]))
    assert t.seats[0].vp == 4 and t.vp_supply == -2 and t.ending


# -- the round, the prospector, the end ----------------------------------------------------------------------------

def test_the_chooser_takes_the_cards_doubloons_and_untaken_cards_gain_one():
    t = table(players=4)
    t.cards[r.PROSPECTOR][1] = 2
    roles.take_role(t, 0, r.PROSPECTOR, Script())
    assert t.seats[0].doubloons == r.DOUBLOONS[4] + 3
    roles.end_of_round(t)
    assert [c[1] for c in t.cards] == [1, 1, 1, 1, 1, 1, 0] and t.governor == 1


def test_the_game_ends_at_the_round_end_and_the_turn_cap_counts_apart():
    t = table(settings=Settings(turn_cap=1))
    t.ending = True
    roles.end_of_round(t)
    assert t.ended and not t.capped
    t = table(settings=Settings(turn_cap=1))
    roles.end_of_round(t)
    assert t.ended and t.capped


# -- the final score -----------------------------------------------------------------------------------------------

def test_the_seed_guild_hall_example_by_its_rule():
    t = table()
    own(t, 0, "guild_hall", "small_sugar_mill", "sugar_mill", "small_indigo_plant", "coffee_roaster")
    assert roles.bonus(t, t.seats[0], B["guild_hall"]) == 1 + 2 + 1 + 2


def test_the_seed_residence_fortress_customs_house_and_city_hall_examples():
    t = table()
    p = t.seats[0]
    tiles(t, 0, *[CORN] * 10)
    assert roles.bonus(t, p, B["residence"]) == 5
    p.san_juan = 20 - roles.colonists(p)
    assert roles.bonus(t, p, B["fortress"]) == 6
    p.vp = 23
    assert roles.bonus(t, p, B["customs_house"]) == 5
    own(t, 0, "hacienda", "construction_hut", "office", "large_warehouse", "harbor", "residence", "city_hall",
        colonists=0)
    assert roles.bonus(t, p, B["city_hall"]) == 7


@pytest.mark.parametrize("filled,vp", [(0, 4), (9, 4), (11, 6), (12, 7)])
def test_residence_steps(filled, vp):
    t = table()
    tiles(t, 0, *[CORN] * filled, colonists=0)
    assert roles.bonus(t, t.seats[0], B["residence"]) == vp


def test_building_vp_count_unoccupied_bonuses_only_occupied_and_the_tie_break():
    t = table()
    own(t, 0, "fortress", "harbor", colonists=0)
    t.seats[0].san_juan = 9
    assert roles.final_score(t, 0) == (0, 7, 0, 7)
    t.seats[0].city[B["fortress"]] = 1
    t.seats[0].san_juan = 8
    assert roles.final_score(t, 0) == (0, 7, 3, 10)
    own(t, 1, "fortress", "harbor", colonists=1)
    t.seats[1].san_juan = 7
    t.seats[1].goods = [0, 0, 0, 0, 1]
    assert roles.winners(t) == [1]
    t.seats[0].doubloons += 1
    assert roles.winners(t) == [0, 1]


def test_settings_readings_all_parse():
    for block in ({"reshuffle": "merge"}, {"end_colonists_reading": "enough"}, {"start_crops": "all_corn"},
                  {"wharf_capacity": 5, "cost_floor": 1}):
        assert r.parse_settings(block) == replace(Settings(), **block)


def test_a_scenarios_tables_replace_the_printed_ones():
    settings = r.parse_settings({"buildings": {"harbor": {"cost": 4, "circles": 2}}, "goods": {"coffee": 2},
                                 "plantations": {"coffee": 3, "quarry": 1}})
    t = table(settings=settings)
    assert roles.price(t, 1, B["harbor"], chooser=0) == 4 and roles.building(t, B["harbor"]).circles == 2
    assert t.goods_bank[COFFEE] == 2 and t.quarries == 1
    assert (t.stack + t.display).count(COFFEE) == 3
