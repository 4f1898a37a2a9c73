"""Issue 50: more cards of one kind than the deck holds are refused."""
from tests.games.mutate import refused


def test_more_cards_than_the_deck_holds_are_refused():
    refused("st_petersburg", "seed-costs.yaml", ("position", "board", "upper"), lambda v: v * 6, "position",
            "9 Lumberjack on the board, in hands or in play; only 6 exist")
