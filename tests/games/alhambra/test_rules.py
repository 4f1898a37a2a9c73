"""The printed data (the BGA tile list, the points table, the money deck), where the scoring cards lie, majority
scoring in both tie_split readings (the spec's reference figure among them) and the named settings."""
from collections import Counter

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import rules as r

TOWER, GARDEN, PAVILION = 5, 4, 0


def test_the_54_tiles_have_the_spec_costs_per_kind_and_are_all_different():
    costs = {k: sorted(r.TILE_COST[i] for i in range(r.N_TILES) if r.TILE_KIND[i] == k) for k in range(6)}
    assert costs == {0: [2, 3, 4, 5, 6, 7, 8], 1: [3, 4, 5, 6, 7, 8, 9], 2: [4, 5, 6, 6, 7, 8, 8, 9, 10],
                     3: [5, 6, 7, 7, 8, 9, 9, 10, 11], 4: [6, 7, 8, 8, 8, 9, 10, 10, 10, 11, 12],
                     5: [7, 8, 9, 9, 9, 10, 11, 11, 11, 12, 13]}
    assert r.N_TILES == 54 and r.TILES_PER_KIND == (7, 7, 9, 9, 11, 11)
    assert len(set(r.TILES)) == 54
    assert all(w == tuple(sorted(set(w))) and set(w) <= {0, 1, 2, 3} and len(w) <= 3 for w in r.TILE_WALLS)


def test_tiles_keep_bga_order_and_walls():
    assert r.TILES[0] == (PAVILION, 2, (0, 1, 3))  # BGA building 6
    assert r.TILES[53] == (TOWER, 13, (1,))  # BGA building 59
    assert r.tile_id(GARDEN, 10, [0]) == 38 and r.tile_id(TOWER, 9, (1, 0)) == 46
    assert r.tile_id(TOWER, 9, ()) is None and r.tile_name(38) == "garden 10 walls 0"


def test_the_points_table_is_the_spec_one():
    assert r.POINTS[0] == ((1,), (2,), (3,), (4,), (5,), (6,))
    assert r.POINTS[1] == ((8, 1), (9, 2), (10, 3), (11, 4), (12, 5), (13, 6))
    assert r.POINTS[2] == ((16, 8, 1), (17, 9, 2), (18, 10, 3), (19, 11, 4), (20, 12, 5), (21, 13, 6))


def test_the_money_deck_is_4_currencies_of_1_to_9_three_times():
    assert r.N_MONEY == 108 and set(Counter(r.MONEY).values()) == {3} and len(set(r.MONEY)) == 36


def test_the_spec_reference_figure_towers_3_3_1_at_scoring_2():
    assert r.score_kind([3, 3, 1], 2, TOWER, "occupied_ranks") == [9, 9, 0]  # (13 + 6) / 2
    assert r.score_kind([3, 3, 1], 2, TOWER, "rank_only") == [6, 6, 0]  # 13 / 2; the third is 3rd, unpaid


@pytest.mark.parametrize("counts,scoring,kind,occupied,rank_only", [
    ([2, 2, 2], 3, TOWER, [13, 13, 13], [7, 7, 7]),  # 3-way tie for 1st: (21 + 13 + 6) / 3 against 21 / 3
    ([3, 2, 2, 1], 3, TOWER, [21, 9, 9, 0], [21, 6, 6, 0]),  # tie for 2nd; the 4th place is never paid
    ([1, 3, 3, 3], 2, GARDEN, [0, 5, 5, 5], [0, 4, 4, 4]),  # (12 + 5) / 3 against 12 / 3
    ([4, 1, 1, 1], 2, GARDEN, [12, 1, 1, 1], [12, 1, 1, 1]),  # 3-way tie for 2nd: 5 / 3 both ways
    ([2, 2, 0], 1, TOWER, [3, 3, 0], [3, 3, 0]),  # scoring 1 pays only 1st: the readings agree
    ([1, 1], 1, PAVILION, [0, 0], [0, 0]),  # 1 / 2 rounded down
    ([2, 0, 0], 3, TOWER, [21, 0, 0], [21, 0, 0]),  # no tile: nothing, not 2nd and 3rd place
    ([0, 0, 0], 3, TOWER, [0, 0, 0], [0, 0, 0]),
    ([0, 5, 0, 2], 3, PAVILION, [0, 16, 0, 8], [0, 16, 0, 8]),
])
def test_tie_split_readings(counts, scoring, kind, occupied, rank_only):
    assert r.score_kind(counts, scoring, kind, "occupied_ranks") == occupied
    assert r.score_kind(counts, scoring, kind, "rank_only") == rank_only


def test_score_kinds_adds_the_kinds():
    counts = [[1, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 3], [0, 0, 0, 0, 0, 1]]
    assert r.score_kinds(counts, 2) == [8 + 9, 9, 0]  # pavilion 1st alone (8), towers shared (13 + 6) / 2
    assert r.score_kinds(counts, 2, "rank_only") == [8 + 6, 6, 0]


def test_larger_first_piles_and_the_scoring_windows():
    assert r.pile_sizes(80) == (16, 17, 16, 17, 16)
    assert r.pile_sizes(83) == (17, 18, 17, 17, 16)  # 83 = 5 x 16 + 3: the first three piles one more
    assert r.scoring_windows(80, "larger_first") == ((17, 33), (50, 66))  # spec: positions 17-33
    assert r.scoring_windows(83, "larger_first") == ((18, 35), (53, 69))


def test_fifths_windows_follow_bga_insertion():
    # n = 84 cards after the deal: card 1 with 51..67 cards below it in a deck of 85, card 2 with 17..33 below it
    # in a deck of 86; then the display takes the top 4
    assert r.scoring_windows(80, "fifths") == ((14, 30), (49, 65))
    for left in range(40, 100):
        (a1, b1), (a2, b2) = r.scoring_windows(left, "fifths")
        assert r.DISPLAY < a1 <= b1 < a2 <= b2 <= left + 2


def test_each_setting_parses_in_every_reading():
    for name, (default, readings) in r.SETTINGS.items():
        for reading in readings:
            if name == "neutral_player" and reading:
                continue
            assert getattr(r.parse_settings({name: reading}), name) == reading
        assert getattr(r.parse_settings({}), name) == default
    assert r.parse_settings({"turn_cap": 40}).turn_cap == 40


@pytest.mark.parametrize("block,field", [({"tie_split": "average"}, "rules.tie_split"),
                                         ({"neutral_player": True}, "rules.neutral_player"),
                                         ({"turn_cap": 0}, "rules.turn_cap"), ({"colour": 1}, "rules.colour")])
def test_bad_settings_are_one_line_errors(block, field):
    with pytest.raises(ScenarioError) as exc:
        r.parse_settings(block)
    assert exc.value.field == field and "\n" not in str(exc.value)
