"""Issue 50: more cards of a value than the deck holds are refused."""
from tests.games.mutate import refused


def test_more_cards_than_the_deck_holds_are_refused():
    refused("finstere_flure", "catch-this-round.yaml", ("position", "cards_left"), lambda v: v * 6, "position.cards_left",
            "but the deck holds 1")


def test_the_deck_and_board_match_the_rules_component_counts():
    """The rules (the spec's): 8 monster cards (5, 7, 7, 8, 8, 10 and two crosses), the basic game's 11 stones and
    2 blood pools (one long, one square) on a 16 x 11 floor, exit top-left and entrance bottom-right."""
    from analyzer.games.finstere_flure import rules as r

    assert len(r.DECK) == 8 and sorted(r.DECK[:6], key=int) == ["5", "7", "7", "8", "8", "10"]
    assert sorted(r.CROSSES.values()) == [1, 2]
    b = r.DEFAULT_BOARD
    assert (b.width, b.height, b.exit, b.entrance) == (16, 11, (0, 0), (15, 10))
    assert len(b.stones) == 11 and len(b.blood) == 2 and all(len(pool) == 4 for pool in b.blood)
    assert not b.stones & b.blood_squares() and all(b.on_board(q) for q in b.stones | b.blood_squares())
