"""Issue 50: more goods than a village holds are refused."""
from tests.games.mutate import refused


def test_more_goods_than_a_village_holds_are_refused():
    refused("himalaya", "inventory.yaml", ("position", "villages", 2, "goods"), lambda v: v * 6,
            "position.villages.2.goods", "1 to 5 colours")


def test_the_board_and_rounds_match_the_rules_component_counts():
    """Rules as summarised by Wikipedia (de.zxc.wiki/wiki/Himalaya_(Spiel)), spellenlab.be and globetrotter-games:
    a board of 20 villages (three building levels) in 8 regions, 5 goods (salt, barley, tea, jade, gold) drawn 5
    at a time from a bag onto a village rolled on a d20, 5 villages with goods and 5 with orders, 12 rounds with
    an inventory after rounds 4, 8 and 12 worth 3 yaks a good; the shipped bag holds the spec's 60 cubes."""
    from analyzer.games.himalaya import rules as r

    assert r.VILLAGES == r.DIE == 20 and r.REGIONS == 8 and r.LEVELS == (1, 2, 3) and len(r.ROADS) == 3
    assert r.COLOURS == ("salt", "barley", "tea", "jade", "gold") and r.PER_PLACEMENT == r.TARGET == 5
    assert r.ROUNDS == 12 and r.INVENTORY_ROUNDS == (4, 8, 12) and r.INVENTORY_YAKS == 3
    assert r.Settings().resources_per_colour * len(r.COLOURS) == 60
    assert len(r.ILLUSTRATIVE_BOARD.levels) == r.VILLAGES
