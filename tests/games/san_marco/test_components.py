"""Issue 50: a player listed twice out of the passage is refused naming the field."""
from tests.games.mutate import refused


def test_a_player_out_of_the_passage_twice_is_refused():
    refused("san_marco", "extra-round.yaml", ("position", "state", "out_of_passage"), lambda p: p + p[:1],
            "position.state.out_of_passage", "player red given twice")
