"""The board (spec §7) and the §10 settings as data."""
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_queen import rules as r

B = r.DEFAULT_BOARD


def cell(rc: str) -> int:
    return B.cell(rc, "test")


def test_the_illustrative_board_has_the_counts_spec_7_gives():
    assert B.cells == 84 and B.cards == 33 and sum(B.is_water) == 8
    empty = [c for c in range(84) if not B.is_water[c] and not B.goods_at[c] and c not in B.start_cell]
    assert len(empty) == 33 and len(set(B.start_cell)) == 10
    assert max(max(row) for row in B.distance) < 84  # all 84 cells connected
    assert B.illustrative and "ILLUSTRATIVE" in B.label()


def test_hex_adjacency_is_spec_7s_for_even_and_odd_rows():
    assert {B.cell_ids[c] for c in B.neighbours[cell("3,2")]} == {"3,1", "3,3", "2,2", "2,3", "4,2", "4,3"}
    assert {B.cell_ids[c] for c in B.neighbours[cell("2,5")]} == {"2,4", "2,6", "1,4", "1,5", "3,4", "3,5"}
    assert {B.cell_ids[c] for c in B.neighbours[cell("0,0")]} == {"0,1", "1,0"}
    assert all(a in B.neighbours[b] for a in range(84) for b in B.neighbours[a])


def test_families_starts_goods_and_dowries():
    assert B.families[6] == "levant" and B.start_cell[6] == cell("3,2") and B.dowry[6] == 5
    assert B.start_cell[0] == cell("0,1") and B.domain[0] == "top" and B.domain[5] == "bottom"
    assert B.goods_cell[1] == cell("0,2") and B.goods_cell[33] == cell("6,11") and B.goods_cell[16] == cell("3,3")
    assert B.is_water[cell("1,6")] and not B.is_water[cell("3,2")]
    assert sorted(B.dowry) == [3, 3, 4, 4, 4, 5, 5, 5, 6, 6]
    assert B.distance[cell("3,2")][cell("3,3")] == 1 and B.distance[cell("3,2")][cell("3,5")] == 3


def tiny(**overrides):
    board = {"families": {"red": {"dowry": 4}, "blue": {"dowry": 3, "domain": "bottom"}},
             "cells": {"a": {"start": "red"}, "b": {"start": "blue"}, "w": {"kind": "water"}, "g": {"goods": 1}},
             "adjacency": {"a": ["w", "g"], "b": ["w"]}}
    board.update(overrides)
    return board


def test_an_inline_board_is_read_with_symmetric_adjacency():
    b = r.parse_board(tiny())
    assert not b.illustrative and b.cards == 1 and b.families == ("red", "blue") and b.dowry == (4, 3)
    a, w = b.cell("a", "t"), b.cell("w", "t")
    assert w in b.neighbours[a] and a in b.neighbours[w] and b.is_water[w]
    assert r.parse_board(r.board_mapping(b)) == b
    assert r.parse_board(r.board_mapping(B)).neighbours == B.neighbours


@pytest.mark.parametrize("change,field", [
    ({"cells": {"a": {"start": "red"}, "b": {"start": "blue"}, "g": {"goods": 2}}}, "rules.board.cells"),
    ({"cells": {"a": {"start": "red"}, "b": {"start": "green"}, "g": {"goods": 1}}}, "rules.board.cells.b.start"),
    ({"cells": {"a": {"start": "red"}, "b": {"start": "blue"}, "g": {"goods": 1, "kind": "water"}}},
     "rules.board.cells.g"),
    ({"adjacency": {"a": ["g"]}}, "rules.board.adjacency"),
    ({"adjacency": {"a": ["nowhere"]}}, "rules.board.adjacency.a[0]"),
    ({"families": {"red": {"dowry": -1}, "blue": {"dowry": 3}}}, "rules.board.families.red.dowry"),
])
def test_a_bad_inline_board_names_the_field(change, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_board(tiny(**change))
    assert err.value.field == field


def test_every_setting_reads_each_reading_and_rejects_others():
    for name, (default, readings) in r.SETTINGS.items():
        if isinstance(readings, tuple):
            for reading in readings:
                assert getattr(r.parse_settings({name: reading}), name) == reading
            with pytest.raises(ScenarioError) as err:
                r.parse_settings({name: "nonsense"})
            assert err.value.field == f"rules.{name}"
    s = r.parse_settings({"hand_limit": {3: 8}, "turn_cap": 50})
    assert s.limit(3) == 8 and s.limit(4) == 7 and s.limit(5) == 6 and s.limit(2) == 10 and s.turn_cap == 50
    assert r.Settings().bag(2) and not r.Settings().bag(3) and not r.Settings(two_player_bag=False).bag(2)
    with pytest.raises(ScenarioError):
        r.parse_settings({"second_camels": "free"})
    with pytest.raises(ScenarioError):
        r.parse_settings({"hand_limit": {6: 5}})
