"""Issue 50: a colony type a player founded listed twice is refused."""
from tests.games.mutate import refused


def test_a_colony_listed_twice_is_refused():
    refused("goa", "spec-position.yaml", ("position", "founded"), lambda v: v * 6, "position.founded[1]",
            "quilon is listed twice; a player founds each type once")
