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


def test_the_program_deck_matches_the_rules_card_counts():
    """The 84 program cards of the rules (1994 edition): 18 Move 1, 12 Move 2, 6 Move 3, 6 Back Up, 18 Rotate
    Left, 18 Rotate Right, 6 U-Turn; five registers.  Each common-band priority range holds its card's copies."""
    from analyzer.games.roborally import rules as r

    assert dict(zip(r.CARDS, r.DECK)) == {"M1": 18, "M2": 12, "M3": 6, "BU": 6, "RL": 18, "RR": 18, "UT": 6}
    assert sum(r.DECK) == 84 and r.REGISTERS == 5
    for name, (first, last, step) in r.PRIORITY_BANDS.items():
        assert len(range(first, last + 1, step)) == r.DECK[r.CARDS.index(name)], name
