"""roles.py's API, role by role: the set-up it starts from, the round's flow, and each phase's legal choices and
effects on a small hand-made table (the rule subtleties the spec quotes are in test_rules_subtleties.py)."""
import pytest

from analyzer.games.puerto_rico import reference as ref
from analyzer.games.puerto_rico import roles
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.rules import CORN, COFFEE, INDIGO, QUARRY, SUGAR, TOBACCO, Settings
from tests.games.puerto_rico.test_rules_subtleties import Filler, Script, own, table, tiles

B = r.BUILDING


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_setup_by_players(players):
    stack = ref.start_stack(Settings(), players)
    t = ref.setup(Settings(), players, players - 1, stack)
    crops = [t.seats[(players - 1 + k) % players].island for k in range(players)]
    assert [tile for [tile] in crops] == [[c, 0] for c in r.START_CROPS[players]]
    assert len(t.display) == players + 1 and len(t.stack) == 50 - players - (players + 1)
    assert [s[0] for s in t.ships] == list(r.CARGO_SHIPS[players]) and t.colonist_ship == players
    assert len(t.cards) == players + 3 and all(p.doubloons == r.DOUBLOONS[players] for p in t.seats)
    assert t.vp_supply == r.VP_CHIPS[players] and t.colonist_bank == r.COLONISTS[players]


@pytest.mark.parametrize("pool,reading,size,corn", [(True, "fixed", 47, 9), (False, "fixed", 50, 10),
                                                    (True, "all_corn", 47, 7), (True, "all_indigo", 47, 10)])
def test_start_tiles_from_pool_and_start_crops(pool, reading, size, corn):
    stack = ref.start_stack(Settings(start_tiles_from_pool=pool, start_crops=reading), 3)
    assert len(stack) == size and stack.count(CORN) == corn


def test_setup_refuses_a_stack_that_is_not_the_tiles_left():
    with pytest.raises(AssertionError):
        ref.setup(Settings(), 3, 0, [CORN] * 47)


def test_a_round_each_takes_one_card_and_the_governor_passes():
    t = table()
    src = Filler(role=[r.MAYOR, r.BUILDER, r.CRAFTSMAN], build=[None, None, None])
    t.cards[r.CAPTAIN][1] = 2  # a captain card left with doubloons: taken by nobody, they grow
    roles.play_round(t, src)
    assert t.governor == 1 and t.round == 1 and [c[1] for c in t.cards] == [1, 0, 0, 0, 1, 3]
    assert all(c[2] is None for c in t.cards)


def test_a_taken_card_cannot_be_taken_again():
    t = table()
    roles.take_role(t, 0, r.CAPTAIN, Script())
    with pytest.raises(AssertionError):
        roles.take_role(t, 1, r.CAPTAIN, Script())


def test_settler_each_takes_one_tile_in_turn():
    t = table()
    t.display = [CORN, SUGAR, SUGAR, COFFEE]
    roles.settler(t, 1, Script(settle=[QUARRY, SUGAR, SUGAR]))
    assert [p.island for p in t.seats] == [[[SUGAR, 0]], [[QUARRY, 0]], [[SUGAR, 0]]]
    t.display = [CORN] * 4
    with pytest.raises(AssertionError):
        roles.settler(t, 1, Script(settle=[CORN, QUARRY]))  # only the settler may take one


def test_mayor_placement_must_keep_every_colonist():
    t = table()
    tiles(t, 0, CORN, colonists=0)
    t.colonist_ship = 3
    with pytest.raises(AssertionError):
        roles.mayor(t, 1, Script(place=[([0], {}, 0)]))


def test_builder_pays_the_price_and_a_sold_out_building_is_gone():
    t = table()
    t.seats[1].doubloons = 6
    tiles(t, 1, QUARRY)
    t.buildings_left[B["office"]] = 0
    legal = roles.buildable(t, 1, chooser=1)
    assert B["office"] not in legal and B["wharf"] not in legal and B["harbor"] in legal
    roles.builder(t, 1, Script(build=[B["harbor"], None, None]))
    assert t.seats[1].doubloons == 6 - (8 - 1 - 1) and B["harbor"] in t.seats[1].city


def test_craftsman_bank_shortage_cuts_in_turn_order():
    t = table()
    for seat in range(3):
        tiles(t, seat, CORN, CORN)
    t.goods_bank[CORN] = 3
    roles.craftsman(t, 2, Script(extra_good=[CORN]))
    assert [p.goods[CORN] for p in t.seats] == [1, 0, 2]


def test_trader_sells_each_kind_once_at_its_price():
    t = table()
    for p in t.seats:
        p.goods = [0, 1, 0, 1, 0]
    roles.trader(t, 2, Script(sell=[TOBACCO, INDIGO, None]))
    assert t.house == [TOBACCO, INDIGO] and roles.sellable(t, 1) == []
    assert [p.doubloons for p in t.seats] == [2 + 1, 2, 2 + 3 + 1]


def test_captain_turns_go_round_until_nobody_can_load():
    t = table()
    t.seats[0].goods = [0, 1, 0, 2, 0]
    t.seats[1].goods = [0, 0, 3, 0, 0]
    src = Script(load=[(INDIGO, 0), (SUGAR, 1), (TOBACCO, 2)])
    roles.captain(t, 0, src)
    assert src.done() and [p.vp for p in t.seats] == [1 + 1 + 2, 3, 0]
    assert t.ships == [[4, INDIGO, 1], [5, SUGAR, 3], [6, TOBACCO, 2]]


def test_final_score_sums_chips_buildings_and_bonuses():
    t = table()
    p = t.seats[0]
    p.vp = 20
    own(t, 0, "customs_house", "small_market")
    own(t, 0, "coffee_roaster", colonists=0)
    assert roles.final_score(t, 0) == (20, 4 + 1 + 3, 5, 20 + 8 + 5)
    assert roles.tie_break(t, 0) == p.doubloons
