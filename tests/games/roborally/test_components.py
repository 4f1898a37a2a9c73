"""Issue 50: a board element listed twice (a laser would fire twice) is refused naming the field."""
import pytest

from tests.games.mutate import refused


@pytest.mark.parametrize("key,words", [("lasers", "laser at [5, 3] facing W given twice"),
                                       ("walls", "wall [2, 2, N] given twice")])
def test_an_element_listed_twice_is_refused(key, words):
    refused("roborally", "typed-board.yaml", ("rules", "board", key), lambda v: v + v[:1], f"rules.board.{key}", words)


def test_a_register_listed_twice_is_refused():
    refused("roborally", "typed-board.yaml", ("rules", "board", "crushers", 0, 2), lambda v: v + v,
            "rules.board.crushers", "register 3 given twice")
