"""Issue 50: a scoring card listed twice is refused naming the field."""
from tests.games.mutate import refused


def test_a_scoring_card_listed_twice_is_refused():
    refused("alhambra", "spec-position.yaml", ("position", "money_deck", "scoring_cards_seen"), lambda v: v * 6,
            "position.money_deck.scoring_cards_seen[1]", "scoring card 1 is given twice")
