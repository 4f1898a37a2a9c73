"""Issue 50: more copies of a tile than the map has are refused."""
from tests.games.mutate import refused


def test_more_tiles_than_the_map_has_are_refused():
    refused("paris_paris", "leftover.yaml", ("position", "seen"), lambda v: v * 6, "position.column",
            "6 tiles Louvre/blue; the map has 2")


def test_the_map_and_pieces_match_the_rules_component_counts():
    """Rules (Brettspielwelt's English rules, brettspielwelt.info/rules/ParisParis; boardgameblog's review): five
    bus lines with four crossings each (two shops at a crossing, one elsewhere), 80 wooden shops in four colours,
    five secret bus-line markers; the illustrative map keeps the shape."""
    from analyzer.games.paris_paris import rules as r

    m = r.ILLUSTRATIVE_MAP
    assert len(r.LINE_COLOURS) == 5 and len(r.PLAYER_COLOURS) * r.SHOPS_PER_PLAYER == 80
    assert all(len(m.crossings(colour)) == 4 for colour in r.LINE_COLOURS)
    assert (r.CROSSING_CAPACITY, r.STOP_CAPACITY) == (2, 1)
    assert sum(m.is_crossing(s) for s in m.stops) == 10 and len(m.stops) == 25
