"""Issue 50: more plantation tiles of a crop than the box holds are refused."""
from tests.games.mutate import refused


def test_more_plantations_than_the_box_holds_are_refused():
    refused("puerto_rico", "hacienda-empty-stack.yaml", ("position", "discard_pile", "corn"), 100, "position",
            "corn tiles on the islands, the display and the discard pile; there are 10")
