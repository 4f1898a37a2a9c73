"""rules.py: the deck and what each card does per setting, the figures, the default board (the placement
restriction), parse_board's one-line errors and the board template."""
import pytest
import yaml

from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import rules as r


def test_the_deck_and_the_cards_per_setting():
    assert sorted(r.DECK) == sorted(["5", "7", "7", "8", "8", "10", "X1", "X2"])
    s = r.Settings()
    assert [r.card_effect(c, s) for c in ("5", "10", "X1", "X2")] == [(5, 0), (10, 0), (20, 1), (20, 2)]
    assert r.card_effect("X2", r.Settings(cross_cap=7)) == (7, 2)
    five = r.Settings(five_is_three_crosses=True)
    assert r.card_effect("5", five) == (20, 3) and r.is_cross("5", five) and not r.is_cross("5", s)
    assert [r.card_name(v, "c") for v in (5, "10", "x2", "1X")] == ["5", "10", "X2", "X1"]
    with pytest.raises(ScenarioError, match="allowed: 5, 7, 8, 10, X1, X2"):
        r.card_name(6, "c")


def test_the_figures_by_player_count():
    assert r.stones_for(4) == ((6, 1), (4, 3), (3, 4), (2, 5)) and r.stones_for(5) == ((6, 1), (3, 4), (2, 5))
    assert (r.to_win(2), r.to_win(7)) == (3, 2)
    assert [r.face_up((2, 5), k) for k in (1, 2, 3)] == [5, 2, 5]  # coloured side up in odd rounds


def test_the_default_board_is_the_spec_s_and_keeps_the_placement_restriction():
    b = r.DEFAULT_BOARD
    assert (b.width, b.height, b.exit, b.entrance, b.illustrative) == (16, 11, (0, 0), (15, 10), True)
    assert b.blood == (((4, 9), (5, 9), (6, 9), (7, 9)), ((8, 1), (9, 1), (8, 2), (9, 2)))
    assert len(b.stones) == 11 and all(b.on_board(q) for q in b.stones)
    assert not b.stones & (r.corner_neighbours(b) | b.blood_squares())  # corners and their neighbours stay free


def test_parse_board_and_its_errors():
    b = r.parse_board({"width": 16, "height": 16})
    assert (b.entrance, b.stones, b.blood, b.illustrative) == ((15, 15), frozenset(), (), False)
    assert r.parse_board(r.board_mapping(r.DEFAULT_BOARD)).illustrative  # the default, spelled out, is still it
    t = r.parse_board({"turn_stones": [[[3, 3], "half"]], "teleports": [[[2, 2], "S"], [[9, 9], "n"]]})
    assert t.turn_stones == {(3, 3): "half"} and t.teleports == (((2, 2), r.S), ((9, 9), r.N))
    bad = [({"stones": [[16, 0]]}, "board.stones[0][0]"), ({"stones": [[0, 0]]}, "board.stones[0]"),
           ({"stones": [[3, 3], [3, 3]]}, "board.stones[1]"), ({"teleports": [[[2, 2], "S"]]}, "board.teleports"),
           ({"blood": [[[1, 1]], [[1, 1]]]}, "board.blood[1][0]"), ({"width": 2}, "board.width"),
           ({"turn_stones": [[[3, 3], "up"]]}, "board.turn_stones[0][1]"), ({"colour": 1}, "board.colour"),
           ({"teleports": [[[4, 9], "S"], [[1, 1], "N"]], "blood": [[[4, 9]]]}, "board.teleports[0]"),
           ({"exit": [3, 3], "entrance": [3, 3]}, "board.entrance"), ({"stones": None}, "board.stones")]
    for value, field in bad:
        with pytest.raises(ScenarioError) as err:
            r.parse_board(value)
        assert err.value.field == field, (value, err.value)


def test_the_board_template_needs_filling_in_and_then_loads():
    text = r.board_template()
    block = yaml.safe_load(text)["rules"]["board"]
    with pytest.raises(ScenarioError, match="blank"):
        r.parse_board(block)
    block.update(stones=sorted(map(list, r.DEFAULT_STONES)), blood=[list(map(list, p)) for p in r.DEFAULT_BOARD.blood])
    assert r.parse_board(block) == r.DEFAULT_BOARD


@pytest.mark.parametrize("name", sorted(r.SETTINGS))
def test_every_setting_parses_in_every_reading_and_refuses_junk(name):
    default, readings = r.SETTINGS[name]
    for value in readings or (default, 1):
        assert getattr(r.parse_settings({name: value}), name) == value
    with pytest.raises(ScenarioError) as err:
        r.parse_settings({name: "junk"})
    assert err.value.field == f"rules.{name}"
    assert r.parse_settings({"board": {}}) == r.Settings()  # the board is the caller's
