"""Issue 50: more guest tiles of one kind than the box holds are refused."""
from tests.games.mutate import refused


def test_more_tiles_than_the_box_holds_are_refused():
    refused("cafe_international", "jokers-in-my-turns.yaml", ("position", "bar"), lambda v: v * 6, "position",
            "6 tiles N7 m are seated, at the bar, in hands or out of the game; only 4 exist")


def test_the_shipped_tables_match_the_rulebooks_component_counts():
    """Rules (Jeff Goldsmith's translation, jeff-goldsmith.org/games/cafetr1.html): 100 guest tiles, 48 ladies and
    48 gentlemen from 12 nations plus 4 jokers (2 ladies, 2 gentlemen); a board of 24 tables of 4 chairs; 20 places
    at the bar (the Cafe International guild's rules, ci-gilde.xbowl.co.at)."""
    from analyzer.games.cafe_international import rules as r

    assert r.TILES == 100 and len(r.NATIONALITIES) == 12
    assert sum(r.KIND_COUNTS[:2 * r.JOKER]) == 96 and r.KIND_COUNTS[2 * r.JOKER:] == (2, 2)
    assert len(r.ILLUSTRATIVE_LAYOUT) == r.RING_TABLES == 24
    assert all(len(chairs) == r.SEATS_PER_TABLE == 4 for _, _, chairs in r.ILLUSTRATIVE_LAYOUT)
    assert len(r.ILLUSTRATIVE_BAR) == r.Settings().bar_spaces == 20
