"""Issue 50: more knights than a colour has are refused."""
from tests.games.mutate import refused


def test_more_knights_than_a_colour_has_are_refused():
    refused("emerald", "catch-on-the-dragon.yaml", ("position", "knights", "red"), lambda v: v * 6, "position.knights.red",
            "5 knights per colour")


def test_the_track_and_cards_match_the_rules_component_counts():
    """Rules as summarised in the BGG user review (boardgamegeek.com/thread/14474) and Brettspielwelt's guide: five
    castle (start) spaces, six field spaces, nine cave spaces and the treasure chamber; four treasure cards worth
    5; the dragon track beside four caves, moving toward the chamber; the dragon starts on the fourth cave."""
    from analyzer.games.emerald import rules as r

    assert len(r.START_SQUARES) == 5 and r.CAVE_1 - 1 == 6 and r.CAVES == 9 and r.CHAMBER == r.CAVE_1 + r.CAVES
    assert (r.TREASURES, r.TREASURE_VALUE) == (4, 5) and r.TRAIL_LENGTH == 4
    assert r.TRAIL_LAST + r.TRAIL_LENGTH - 1 == r.CAVES  # the track ends covering the last four caves
    assert len(r.GEMS) == 4 and r.GOLD_VALUES == (1, 2, 3, 4, 5)
