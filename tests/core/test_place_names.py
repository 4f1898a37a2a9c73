"""Places by name (issue 51): grid squares (core.scenario.grid_square: `h5`, "7,4") and games' own counted places."""
import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.core.registry import SCENARIOS, game
from analyzer.games.finstere_flure import rules as r


def test_the_worked_example_is_the_same_position_as_by_coordinates():
    ff = game("finstere_flure")
    by_xy = ff.position(scenario.load(SCENARIOS / "finstere_flure" / "catch-this-round.yaml"))
    by_name = ff.position(scenario.load(SCENARIOS / "finstere_flure" / "catch-by-letters.yaml"))
    assert by_name == by_xy


@pytest.mark.parametrize("name, xy", [("h5", (7, 4)), ("A1", (0, 0)), ("p11", (15, 10)), ("7,4", (7, 4)),
                                      (" 3 , 9 ", (3, 9))])
def test_a_square_reads_by_letter_or_as_the_picture_labels_it(name, xy):
    assert r.square(name, "f", r.DEFAULT_BOARD) == xy


@pytest.mark.parametrize("name", ["q4", "h12", "h0", "hh4", "4"])
def test_a_square_off_the_board_or_unreadable_is_refused_naming_the_forms(name):
    with pytest.raises(ScenarioError) as exc:
        r.square(name, "position.monster.pos", r.DEFAULT_BOARD)
    assert str(exc.value).startswith("position.monster.pos")


def test_roborally_reads_the_same_names_with_row_1_at_the_bottom():
    rr = game("roborally")
    by_xy = rr.position(scenario.load(SCENARIOS / "roborally" / "hand-to-flag.yaml"))
    by_name = rr.position(scenario.load(SCENARIOS / "roborally" / "hand-to-flag-by-name.yaml"))
    assert by_name == by_xy


def test_emerald_reads_fields_and_caves_as_the_board_counts_them():
    emerald = game("emerald")
    by_number = emerald.position(scenario.load(SCENARIOS / "emerald" / "gem-race.yaml"))
    by_name = emerald.position(scenario.load(SCENARIOS / "emerald" / "gem-race-by-name.yaml"))
    assert by_name == by_number
    data = scenario.load(SCENARIOS / "emerald" / "gem-race-by-name.yaml")
    data["position"]["knights"]["red"][2] = "cave10"
    with pytest.raises(ScenarioError, match="cave1..cave9"):
        emerald.position(data)
