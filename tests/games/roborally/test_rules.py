"""RoboRally rules as data: the deck and its reference figures, damage and locked registers in both hand_base
readings, the element order in every reading, card priorities, and board parsing with one-line errors."""
import json
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.roborally import rules as r


def test_the_deck_has_84_cards_in_the_sourced_counts():
    assert sum(r.DECK) == 84 and dict(zip(r.CARDS, r.DECK))["M3"] == 6


def test_p_a_hand_holds_a_move_3_is_4883857_over_9678132_with_9_cards_and_5267399_over_9678132_with_10():
    assert Fraction(*r.hand_chance_any(r.CARDS.index("M3"), 9)) == Fraction(4883857, 9678132)
    assert Fraction(*r.hand_chance_any(r.CARDS.index("M3"), 10)) == Fraction(5267399, 9678132)


def test_7_damage_seed_deals_3_and_locks_2_the_common_rule_deals_2_and_locks_3():
    seed, common = r.Settings(), r.Settings(hand_base=9, destroy_at=10)
    assert (r.cards_dealt(7, seed), r.locked_count(7, seed), r.locked_registers(7, seed)) == (3, 2, (5, 4))
    assert (r.cards_dealt(7, common), r.locked_count(7, common)) == (2, 3)
    assert r.locked_count(5, seed) == 0 and r.locked_count(6, seed) == 1 and r.locked_count(5, common) == 1
    assert r.locked_count(10, seed) == 5 and r.cards_dealt(12, seed) == 0


def test_lock_order_says_which_registers_lock_first():
    assert r.locked_registers(8, r.Settings(lock_order=(1, 2, 3, 4, 5))) == (1, 2, 3)


def test_element_order_in_every_reading():
    assert r.element_sequence(r.Settings()) == ("express", "conveyors", "gears", "pushers", "crushers")
    assert r.element_sequence(r.Settings(pusher_crusher_order="crushers_first"))[3:] == ("crushers", "pushers")
    mine = ("pushers", "express", "conveyors", "gears", "crushers")
    assert r.element_sequence(r.parse_settings({"element_order": list(mine)})) == mine


@pytest.mark.parametrize("block, field", [
    ({"hand_base": 8}, "rules.hand_base"), ({"destroy_at": 12}, "rules.destroy_at"),
    ({"pusher_crusher_order": "both"}, "rules.pusher_crusher_order"), ({"element_order": ["gears"]},
                                                                       "rules.element_order"),
    ({"lock_order": [5, 4, 3]}, "rules.lock_order"), ({"priorities": "x"}, "rules.priorities"),
    ({"element_order": list(r.ELEMENTS), "pusher_crusher_order": "pushers_first"}, "rules.pusher_crusher_order"),
    ({"ghost_start": "maybe"}, "rules.ghost_start"), ({"deck": 1}, "rules.deck")])
def test_bad_settings_name_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)


def test_cards_and_priorities_in_both_readings():
    s = r.Settings()
    assert r.parse_card("M1/520", "c", s) == 0 and r.parse_card("UT", "c", s) == 6
    for bad in ("M1/430", "RL/80", "M4", "M1/x", 5):
        with pytest.raises(ScenarioError):
            r.parse_card(bad, "c", s)
    assert r.parse_card("M1/430", "c", r.Settings(priorities="any")) == 0
    with pytest.raises(ScenarioError):
        r.parse_card("M1/1001", "c", r.Settings(priorities="any"))


def test_the_illustrative_board_parses_and_says_so():
    b = r.ILLUSTRATIVE_BOARD
    assert b.illustrative and (b.width, b.height) == (8, 8) and b.flags[0] == (3, 0)
    assert b.wall(3, 3, 0) and b.wall(3, 4, 2)  # a wall is on both squares' sides
    assert b.conveyor_at((1, 1)) == (0, True) and b.conveyor_at((4, 5)) == (1, False)
    assert b.pusher_at((0, 4)) == (1, (1, 3, 5)) and b.crusher_at((5, 3)) == (2, 4) and b.gear_at((3, 6)) == -1
    assert r.parse_board("illustrative") is b and not r.parse_board(r.ILLUSTRATIVE_BOARD_DATA).illustrative


@pytest.mark.parametrize("change, field", [
    ({"size": [0, 5]}, "board.size[0]"), ({"size": [5]}, "board.size"), ({"flags": [[0, 0]]}, "board.flags"),
    ({"pits": [[9, 0]]}, "board.pits[0][0]"), ({"walls": [[1, 1, "X"]]}, "board.walls"),
    ({"gears": [[1, 1, "U"]]}, "board.gears"), ({"crushers": [[1, 1, [6]]]}, "board.crushers[0]"),
    ({"pits": [[3, 0]]}, "board.flags"), ({"conveyors": [[2, 4, "N"]]}, "board.conveyors"),
    ({"express": [[4, 5, "E"]]}, "board.express"), ({"lasers": [[1, 1, "N"]]}, "board.lasers[0]"),
    ({"repairs": [[1, 1, 3]]}, "board.repairs"), ({"holes": []}, "board.holes")])
def test_bad_boards_name_the_field_in_one_line(change, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_board({**r.ILLUSTRATIVE_BOARD_DATA, **change})
    assert err.value.field == field and "\n" not in str(err.value)


def test_a_corner_takes_two_walls_and_a_square_two_lasers():
    b = r.parse_board({"size": [3, 3], "flags": [[0, 0], [1, 1]], "walls": [[1, 1, "N"], [1, 1, "E"]],
                       "lasers": [[2, 2, "W", 1], [2, 2, "S", 2]]})
    assert b.wall(1, 1, 0) and b.wall(1, 1, 1) and b.wall(2, 1, 3) and len(b.lasers) == 2


def test_a_board_file_is_read_as_a_board_or_a_filled_in_template(tmp_path):
    import yaml

    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump({"rules": {"board": r.ILLUSTRATIVE_BOARD_DATA}}))
    assert r.parse_board({"file": str(path)}) == r.parse_board(r.ILLUSTRATIVE_BOARD_DATA)
    path.write_text(yaml.safe_dump({**r.ILLUSTRATIVE_BOARD_DATA, "size": [2, 2]}))
    with pytest.raises(ScenarioError) as err:
        r.parse_board({"file": str(path)}, "rules.board")
    assert err.value.field.startswith("rules.board.file.")
    with pytest.raises(ScenarioError) as err:
        r.parse_board({"file": str(tmp_path / "none.yaml")}, "rules.board")
    assert err.value.field == "rules.board.file" and "\n" not in str(err.value)


def test_a_board_file_is_found_beside_the_scenario_from_any_working_directory(tmp_path, monkeypatch):
    import yaml

    from tests.cli_helpers import invoke

    data = yaml.safe_load((Path(__file__).parents[3] / "scenarios" / "roborally" / "typed-board.yaml").read_text())
    folder = tmp_path / "mine"
    (folder / "boards").mkdir(parents=True)
    (folder / "boards" / "printed.yaml").write_text(yaml.safe_dump({"rules": {"board": data["rules"]["board"]}}))
    (folder / "turn.yaml").write_text(yaml.safe_dump({**data, "rules": {**data["rules"],
                                                                         "board": {"file": "boards/printed.yaml"}}}))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    inline = invoke("odds", Path(__file__).parents[3] / "scenarios" / "roborally" / "typed-board.yaml", "--format",
                    "json")
    by_file = invoke("odds", folder / "turn.yaml", "--format", "json")
    assert by_file.exit_code == 0, by_file.output
    strip = (lambda text: {k: v for k, v in json.loads(text).items() if k != "meta"})
    assert strip(by_file.stdout) == strip(inline.stdout)
    (folder / "boards" / "printed.yaml").unlink()
    missing = invoke("odds", folder / "turn.yaml")
    assert missing.exit_code == 2 and "rules.board.file" in missing.output
