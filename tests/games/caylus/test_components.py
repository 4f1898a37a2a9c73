"""Issue 50: a road space listed twice is refused."""
from tests.games.mutate import refused


def test_a_road_space_listed_twice_is_refused():
    refused("caylus", "spec-example.yaml", ("position", "road"), lambda v: v * 6, "position.road[1].space",
            "space 7 listed twice: one building (and worker) a space")
