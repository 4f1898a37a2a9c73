"""Issue 50: two counters placed on one road are refused naming the field (a road holds one transport counter)."""
from tests.games.mutate import refused


def test_a_road_given_twice_in_placed_is_refused():
    refused("elfenland", "open-or-blind.yaml", ("position", "placed"), lambda v: v + [dict(v[0], kind="pig")],
            "position.placed", "road Lapphalya-Feodor given twice; a road holds one transport counter")
