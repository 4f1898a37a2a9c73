"""Issue 50: more guest tiles of one kind than the box holds are refused."""
from tests.games.mutate import refused


def test_more_tiles_than_the_box_holds_are_refused():
    refused("cafe_international", "jokers-in-my-turns.yaml", ("position", "bar"), lambda v: v * 6, "position",
            "6 tiles N7 m are seated, at the bar, in hands or out of the game; only 4 exist")
