"""Issue 50: more goods than a village holds are refused."""
from tests.games.mutate import refused


def test_more_goods_than_a_village_holds_are_refused():
    refused("himalaya", "inventory.yaml", ("position", "villages", 2, "goods"), lambda v: v * 6,
            "position.villages.2.goods", "1 to 5 colours")
