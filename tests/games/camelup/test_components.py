"""Issue 50: a Supercup module listed twice is refused, naming the field."""
from tests.games.mutate import refused


def test_a_module_listed_twice_is_refused():
    refused("camelup", "supercup-all-modules.yaml", ("rules", "supercup"), lambda m: m + m[:1], "rules.supercup",
            "module long_track given twice")
