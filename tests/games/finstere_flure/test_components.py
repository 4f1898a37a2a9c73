"""Issue 50: more cards of a value than the deck holds are refused."""
from tests.games.mutate import refused


def test_more_cards_than_the_deck_holds_are_refused():
    refused("finstere_flure", "catch-this-round.yaml", ("position", "cards_left"), lambda v: v * 6, "position.cards_left",
            "but the deck holds 1")
