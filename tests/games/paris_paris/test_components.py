"""Issue 50: more copies of a tile than the map has are refused."""
from tests.games.mutate import refused


def test_more_tiles_than_the_map_has_are_refused():
    refused("paris_paris", "leftover.yaml", ("position", "seen"), lambda v: v * 6, "position.column",
            "6 tiles Louvre/blue; the map has 2")
