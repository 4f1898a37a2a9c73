"""Rules as data: the components of spec §1, the illustrative board of §2, every §10 setting parses."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.san_marco import rules as r


def test_the_components_match_the_spec():
    assert r.ACTION_DECK == 62 and r.LIMIT_DECK == 28
    assert sum(v * c for v, c in zip(r.LIMIT_VALUES, r.LIMIT_COUNTS)) == 58
    assert {k: sum(c for i, c in enumerate(r.ACTION_COUNTS) if r.card_kind(i) == k) for k in r.ACTION_KINDS} \
        == r.KIND_COUNTS
    assert r.BRIDGES == 12 and r.ARISTOCRATS == 25 and r.MAX_BRIDGES_PER_PAIR == 3


def test_the_illustrative_board_is_the_spec_default_and_says_so():
    board = r.parse_board(None)
    assert board.illustrative and "ILLUSTRATIVE" in board.label()
    assert board.high[r.SAN_MARCO] == 8 and board.low[r.SAN_MARCO] == 6
    assert board.district_of_face(6) == r.CASTELLO
    assert len(board.pairs) == 10 and board.adjacent(r.SAN_MARCO, r.CASTELLO)
    assert not board.adjacent(r.CASTELLO, r.DISTRICTS.index("Dorsoduro"))


def full_board():
    return {"districts": {d: {"high": 9, "low": 3, "die": i + 1} for i, d in enumerate(reversed(r.DISTRICTS))},
            "adjacent": [["San Marco", "Castello"], ["santa croce", "San_Polo"]]}


def test_a_whole_board_is_printed_and_a_partial_one_stays_illustrative():
    board = r.parse_board(full_board())
    assert board.source == "printed" and not board.illustrative
    assert board.die[r.CASTELLO] == 1 and board.pairs == ((1, 2), (3, 5))
    partial = r.parse_board({"adjacent": [["San Marco", "Castello"]]})
    assert partial.illustrative and partial.supplied == ("adjacent",)


@pytest.mark.parametrize("board,field", [
    ({"districts": {"San Marco": {"high": 8, "low": 6}}}, "rules.board.districts.Cannaregio.high"),
    ({"districts": {"Atlantis": {"high": 8}}}, "rules.board.districts"),
    ({"adjacent": [["San Marco", "San Marco"]]}, "rules.board.adjacent[0]"),
    ({"adjacent": [["San Marco"]]}, "rules.board.adjacent[0]"),
    ({"source": "printed"}, "rules.board.source"),
    ({"colour": 1}, "rules.board.colour"),
])
def test_a_bad_board_names_the_field(board, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_rules({"board": board})
    assert err.value.field == field


def test_die_faces_must_be_a_permutation():
    board = full_board()
    board["districts"]["San Marco"]["die"] = board["districts"]["Castello"]["die"]
    with pytest.raises(ScenarioError, match="1..6"):
        r.parse_board(board)


def _readings(name):
    default, readings = r.SETTINGS[name]
    if name == "setup_bridges":
        return [{3: 3}, {4: 2}, {3: 2, 4: 1}]
    if name == "canal_cost":
        return [0, 2, 5]
    return list(readings)


@pytest.mark.parametrize("name", sorted(r.SETTINGS))
def test_every_setting_parses_in_every_reading_and_defaults(name):
    assert getattr(r.Settings(), name) == getattr(r.DEFAULT_SETTINGS, name)
    for reading in _readings(name):
        settings = r.parse_settings({name: reading})
        value = getattr(settings, name)
        if name == "setup_bridges":
            assert all(settings.bridges_at_setup(p) == n for p, n in reading.items())
        else:
            assert value == reading


def test_settings_are_read_from_strings_too():
    s = r.parse_settings({"receiver_sees_piles": "false", "district_card_hops": "1", "score_floor": "none",
                          "doge_start": "san marco"})
    assert s.receiver_sees_piles is False and s.district_card_hops == 1 and s.score_floor == "none"
    assert s.doge_start == "San Marco" and s.changed() == {"receiver_sees_piles": False, "score_floor": "none",
                                                          "doge_start": "San Marco"}


@pytest.mark.parametrize("block,field", [
    ({"canal_crossing": "sometimes"}, "rules.canal_crossing"),
    ({"canal_cost": -1}, "rules.canal_cost"),
    ({"setup_bridges": {5: 1}}, "rules.setup_bridges"),
    ({"setup_bridges": {4: 9}}, "rules.setup_bridges.4"),
    ({"district_card_hops": 2}, "rules.district_card_hops"),
    ({"receiver_sees_piles": "maybe"}, "rules.receiver_sees_piles"),
    ({"house_rule": 1}, "rules.house_rule"),
])
def test_a_bad_setting_names_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_rules(block)
    assert err.value.field == field and err.value.problem


def test_names_of_cards_and_districts():
    assert r.card("Doge", "x") == r.DOGE and r.card("san marco", "x") == r.SAN_MARCO
    assert r.card("Výměna", "x") == r.TRANSFER == r.card("vymena", "x")
    with pytest.raises(ScenarioError):
        r.card("Joker", "x")
