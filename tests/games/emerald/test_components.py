"""Issue 50: more knights than a colour has are refused."""
from tests.games.mutate import refused


def test_more_knights_than_a_colour_has_are_refused():
    refused("emerald", "catch-on-the-dragon.yaml", ("position", "knights", "red"), lambda v: v * 6, "position.knights.red",
            "5 knights per colour")
