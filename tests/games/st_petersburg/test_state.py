"""Positions: the spec's flat example loads, the decks' unseen pools by elimination, the seats around me, and every
bad field a one-line ScenarioError naming it."""
import pytest

from analyzer.core import registry, scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.st_petersburg import rules as r
from tests.games.st_petersburg import FULL_BOARD, position

GAME = registry.game("st-petersburg")


def test_the_specs_flat_position_loads_with_the_pools_by_elimination():
    p = GAME.position(scenario.load("scenarios/st_petersburg/spec-position.yaml"))
    assert p.phase == r.ARISTOCRAT and p.decks_left == (9, 11, 4, 20) and p.start_stones == (2, 3, 0, 1)
    pool = dict(p.pools[r.ARISTOCRAT])
    # Author: 5 seen out (more than the 2 visible); Secretary: 2 seen; Judge: 2 visible (board, a hand); an
    # Administrator in play
    assert (pool["Author"], pool["Secretary"], pool["Judge"]) == (1, 2, 0) and sum(pool.values()) == 17
    assert p.mine.rubles == 23 and p.mine.hand == ("Fur Shop",) and p.seats[1].hand == ("Judge",)
    assert p.seats[2].hidden_in_hand == 1 and p.seats[3].rubles is None


def test_decks_left_defaults_to_every_unseen_card_and_my_seat_orders_the_others():
    p = position(players=3, board={"upper": ["Lumberjack", "Shepherd"]},
                 me={"seat": 1, "cards": ["Lumberjack"]}, opponents=[{"cards": ["Author"]}])
    assert p.decks_left == (31 - 3, 28, 27 - 1, 30) and p.seats[2].cards == ("Author",)
    assert dict(p.pools[r.WORKER])["Lumberjack"] == 4


@pytest.mark.parametrize("fields, where", [
    ({"phase": "harvest"}, "position.phase"),
    ({"board": {"upper": ["Market"] * 6, "lower": ["Pub"] * 3}}, "position.board"),
    ({"board": {"upper": ["Markt"]}}, "position.board.upper[0]"),
    ({"board": {"middle": []}}, "position.board.middle"),
    ({"board": {"upper": ["Academy", "Academy"]}}, "position"),
    ({"decks_left": {"aristocrat": 28}}, "position.decks_left.aristocrat"),
    ({"decks_left": {"barn": 3}}, "position.decks_left.barn"),
    ({"seen_out": {"aristocrat": {"Market": 1}}}, "position.seen_out.aristocrat.Market"),
    ({"seen_out": {"aristocrat": {"Judge": 3}}}, "position.seen_out.aristocrat.Judge"),
    ({"me": {"hand": ["Market", "Market", "Pub", "Pub"]}}, "position.me.hand"),
    ({"me": {"seat": 4}}, "position.me.seat"),
    ({"me": {"rubles": -1}}, "position.me.rubles"),
    ({"opponents": [{"rubles": 10}]}, "position.opponents[0].rubles"),
    ({"opponents": [{}, {}, {}, {}]}, "position.opponents"),
    ({"opponents": [{"hand": ["Pub"], "hidden_in_hand": 3}]}, "position.opponents[0].hand"),
    ({"start_stones": {"worker": 4}}, "position.start_stones.worker"),
    ({"focus": {"taken": 9}}, "position.focus.taken"),
    ({"focus": {"taken": {"upper": 6}}}, "position.focus.taken.upper"),
    ({"focus": {"scorings": {"green": 1}}}, "position.focus.scorings.blue"),
    ({"focus": {"card": "Tsar"}}, "position.focus.card"),
    ({"colour": 1}, "position.colour"),
])
def test_bad_fields_are_one_line_errors_naming_the_field(fields, where):
    with pytest.raises(ScenarioError) as err:
        position(**{"board": FULL_BOARD, **fields})
    assert err.value.field == where and "\n" not in str(err.value)


def test_the_warehouse_raises_the_hand_limit_by_one():
    p = position(me={"hand": ["Market", "Market", "Pub", "Pub"], "cards": ["Warehouse"]})
    assert len(p.mine.hand) == 4
    five = ["Market", "Market", "Pub", "Pub", "Library"]
    assert len(position(rules={"hand_limit": 4}, me={"hand": five, "cards": ["Warehouse"]}).mine.hand) == 5
    with pytest.raises(ScenarioError, match="at most 4 cards in hand"):
        position(rules={"hand_limit": 4}, me={"hand": five})


def test_observatory_draws_keep_the_last_card_unless_allowed_and_only_up_to_the_building_phase():
    with pytest.raises(ScenarioError) as err:
        position(decks_left={"aristocrat": 3}, focus={"observatory_draws": {"aristocrat": 3}})
    assert err.value.field == "position.focus.observatory_draws.aristocrat"
    allowed = position(rules={"observatory_last_card": "allowed"}, decks_left={"aristocrat": 3},
                       focus={"observatory_draws": {"aristocrat": 3}})
    assert allowed.focus.observatory_draws == (0, 0, 3, 0)
    with pytest.raises(ScenarioError, match="building phase"):
        position(phase="aristocrat", focus={"observatory_draws": {"upgrade": 1}})
