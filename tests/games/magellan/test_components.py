"""Issue 50: a seat that passed listed twice, and more policies than seats, are refused naming the field."""
from tests.games.mutate import refused


def test_a_seat_passed_twice_is_refused():
    refused("magellan", "bid.yaml", ("position", "auction", "passed"), lambda p: p + p, "position.auction.passed",
            "given twice")


def test_one_policy_per_seat_not_more():
    refused("magellan", "setup.yaml", ("position", "policies"), lambda p: p + p, "position.policies",
            "one policy for each of the 4 seats, got 8")


def test_the_board_and_cards_match_the_rules_component_counts():
    """Rules (Peter Sarrett's translation, globetrotter-games.com/game/rules/eMagell1.htm): six explorers on two
    double-sided boards, three phases (3, 2, 1 ships sail per explorer), each player's start set of money cards
    numbered 1-9; a field per explorer per phase on each side: 6 x 3 x 2 = 36."""
    from analyzer.games.magellan import rules as r

    assert len(r.EXPLORERS) == 6 and r.PHASES == 3 and r.SIDES == ("A", "B") and r.VALUES == tuple(range(1, 10))
    assert set(r.DEFAULT_BOARD) == set(r.EXPLORERS)
    fields = [len(row.crowns) for sides in r.DEFAULT_BOARD.values() for row in sides.values()]
    assert len(fields) == 12 and sum(fields) == 36 and len(r.DEFAULT_CARD_CROWNS) == len(r.VALUES)
