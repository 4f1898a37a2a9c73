"""Squares by name (issue 51): `h4` (the column's edge letter, then y) and "7,4" read as [x, y]."""
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


@pytest.mark.parametrize("name, xy", [("h4", (7, 4)), ("A0", (0, 0)), ("p10", (15, 10)), ("7,4", (7, 4)),
                                      (" 3 , 9 ", (3, 9))])
def test_a_square_reads_by_letter_or_as_the_picture_labels_it(name, xy):
    assert r.square(name, "f", r.DEFAULT_BOARD) == xy


@pytest.mark.parametrize("name", ["q4", "h11", "hh4", "4"])
def test_a_square_off_the_board_or_unreadable_is_refused_naming_the_forms(name):
    with pytest.raises(ScenarioError) as exc:
        r.square(name, "position.monster.pos", r.DEFAULT_BOARD)
    assert str(exc.value).startswith("position.monster.pos")
