"""Issue 50: two counters placed on one road are refused naming the field (a road holds one transport counter)."""
from tests.games.mutate import refused


def test_a_road_given_twice_in_placed_is_refused():
    refused("elfenland", "open-or-blind.yaml", ("position", "placed"), lambda v: v + [dict(v[0], kind="pig")],
            "position.placed", "road Lapphalya-Feodor given twice; a road holds one transport counter")


def test_the_deck_and_counters_match_the_rulebooks_contents():
    """The English rulebook's contents: 72 travel cards (10 each of six kinds, 12 rafts), 48 transport counters
    (8 of each of the six kinds that are not rafts)."""
    from analyzer.games.elfenland import rules as r

    assert sum(r.CARD_COUNTS.values()) == 72 and r.CARD_COUNTS["raft"] == 12
    assert set(r.COUNTER_KINDS) == set(r.CARD_KINDS) - {"raft"} and r.COUNTERS_EACH * len(r.COUNTER_KINDS) == 48
