"""Places by name (issue 51): a corner as the hexes it touches, an edge as two corners, a hex as resource+number."""
import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.core.registry import SCENARIOS, game
from analyzer.games.catan import board as bo
from analyzer.games.catan import names

BOARD = bo.default_board()


def test_the_worked_example_is_the_same_position_as_its_ids():
    catan = game("catan")
    by_id = catan.position(scenario.load(SCENARIOS / "catan" / "where-to-settle.yaml"))
    by_name = catan.position(scenario.load(SCENARIOS / "catan" / "settle-by-names.yaml"))
    assert by_name == by_id


@pytest.mark.parametrize("board", [BOARD, bo.random_board(__import__("numpy").random.default_rng(3))])
def test_every_corner_has_a_name_that_reads_back(board):
    for v in range(bo.N_VERTEX):
        assert names.vertex(names.corner_name(board, v), "f", board) == v


def test_names_are_order_free_and_take_aliases_and_sea():
    assert names.vertex("ore6-grain2-brick4", "f", BOARD) == names.vertex("Brick4-wheat2-mountains6", "f", BOARD) == 12
    assert names.vertex("ore6-grain2-sea", "f", BOARD) == 7
    assert names.hex_id("desert", "f", BOARD) == 9 and names.hex_id("ore 6", "f", BOARD) == 0
    assert names.edge("ore6-grain2-brick4~brick4-grain2-wood9", "f", BOARD) == (12, 17)
    assert names.edge([12, "brick4-grain2-wood9"], "f", BOARD) == (12, 17)


@pytest.mark.parametrize("name, words", [
    ("wood8", ["4 corners", "2.w", "16.e"]),  # two wood 8 hexes: their coast corners by hex id and point
    ("ore6-sea-sea", ["2 corners", "ore6.w", "ore6.nw"]),
    ("oar6", ["no hex 'oar6'", "did you mean ore6?"]),
    ("ore6-grain2-wood9", ["no corner touches exactly ore6 and grain2 and wood9"]),
    ("ore6.up", ["point is one of e, se"]),
])
def test_a_name_that_fits_none_or_several_is_refused_with_the_candidates(name, words):
    with pytest.raises(ScenarioError) as exc:
        names.vertex(name, "position.buildings[0].vertex", BOARD)
    assert str(exc.value).startswith("position.buildings[0].vertex: ")
    for word in words:
        assert word in str(exc.value)


def test_an_edge_of_two_corners_not_joined_is_refused():
    with pytest.raises(ScenarioError, match="is not an edge"):
        names.edge("ore6-grain2-brick4~wood6-brick10-sheep5", "f", BOARD)


def test_a_given_boards_harbours_take_corner_names_on_its_own_hexes():
    hexes = [{"id": h, "terrain": t, "number": n} for h, (t, n) in enumerate(zip(BOARD.terrain, BOARD.number))]
    by_id = [{"vertices": [a, b], "kind": k} for a, b, k in BOARD.harbors]
    by_name = [{"vertices": [names.corner_name(BOARD, a), names.corner_name(BOARD, b)], "kind": k}
               for a, b, k in BOARD.harbors]
    assert (bo.parse_board({"hexes": hexes, "harbors": by_name}, corner=names.vertex).harbors
            == bo.parse_board({"hexes": hexes, "harbors": by_id}).harbors == BOARD.harbors)
