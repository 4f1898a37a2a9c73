"""Issue 50: more cubes on a nomad field than its capacity are refused."""
from tests.games.mutate import refused


def test_more_cubes_than_the_capacity_are_refused():
    refused("samarkand_sackson", "city-step-down.yaml", ("position", "fields", "e1", "camels"), 50, "position.fields.e1",
            "over the capacity 6")
