"""Issue 50: more goods cards of one kind than the deck holds are refused."""
from tests.games.mutate import refused


def test_more_cards_than_the_deck_holds_are_refused():
    refused("oltre_mare", "cargo-run-table.yaml", ("position", "me", "hand"), lambda v: v * 6, "position.me",
            "13 scrolls cards in my hand, cargo and pirate pile; only 10 exist")


def test_the_deck_and_start_match_the_rules_component_counts():
    """Gamers Alliance review (gamersalliance.com/oltremare-merchants-of-venice): 98 goods cards, a start of 11
    ducats; every card's naval power plus bales is 7 (the spec's BoardGameGeek review); the shipped illustrative
    deck keeps both."""
    from analyzer.games.oltre_mare import rules as r

    assert sum(r.GOOD_COUNTS.values()) == 98 == len(r.ILLUSTRATIVE_DECK) and r.START_DUCATS == 11
    assert all(power + bales == r.POWER_PLUS_BALES for _, _, power, bales in r.ILLUSTRATIVE_DECK)
    assert {g: sum(1 for c in r.ILLUSTRATIVE_DECK if c[0] == g) for g in r.GOODS} == r.GOOD_COUNTS
