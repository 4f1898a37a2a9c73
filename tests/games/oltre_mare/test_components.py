"""Issue 50: more goods cards of one kind than the deck holds are refused."""
from tests.games.mutate import refused


def test_more_cards_than_the_deck_holds_are_refused():
    refused("oltre_mare", "cargo-run-table.yaml", ("position", "me", "hand"), lambda v: v * 6, "position.me",
            "13 scrolls cards in my hand, cargo and pirate pile; only 10 exist")
