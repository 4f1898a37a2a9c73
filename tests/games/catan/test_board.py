"""The board geometry, the token spiral, the harbour slots and the boards a scenario can name."""
from collections import Counter

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.catan import board as b


def test_the_island_has_19_hexes_54_vertices_72_edges_and_a_coast_of_30():
    assert b.HEX_VERTICES.shape == (19, 6) and len(set(b.HEX_VERTICES.ravel())) == b.N_VERTEX == 54
    assert b.EDGES.shape == (72, 2) and all(x < y for x, y in b.EDGES)
    assert len(b.COAST_EDGES) == 30 and len({v for e in b.COAST_EDGES for v in e}) == 30
    degree = Counter(int((b.VERTEX_NEIGHBORS[v] >= 0).sum()) for v in range(54))
    assert degree == {2: 18, 3: 36}
    assert Counter(int((b.VERTEX_HEXES[v] >= 0).sum()) for v in range(54)) == {1: 18, 2: 12, 3: 24}
    assert Counter(int((b.HEX_NEIGHBORS[h] >= 0).sum()) for h in range(19)) == {3: 6, 4: 6, 6: 7}


def test_ids_run_down_the_columns_left_to_right():
    # columns of 3, 4, 5, 4, 3: the centre hex is 9, its neighbours the inner ring
    assert sorted(b.HEX_NEIGHBORS[9]) == [4, 5, 8, 10, 13, 14]
    assert set(b.HEX_NEIGHBORS[0]) - {-1} == {1, 3, 4}
    # every hex's corners are a 6-cycle of edges; neighbouring hexes share exactly one edge
    for h in range(19):
        vs = list(b.HEX_VERTICES[h])
        assert all(tuple(sorted((vs[i], vs[(i + 1) % 6]))) in b.EDGE_ID for i in range(6))
        for n in b.HEX_NEIGHBORS[h]:
            if n >= 0:
                assert len(set(vs) & set(b.HEX_VERTICES[n])) == 2
    for v in range(54):
        for e in b.VERTEX_EDGES[v]:
            if e >= 0:
                assert v in b.EDGES[e]


def test_the_spiral_runs_counter_clockwise_from_each_corner_through_adjacent_hexes():
    assert b.spiral(7) == [7, 3, 0, 1, 2, 6, 11, 15, 18, 17, 16, 12, 8, 4, 5, 10, 14, 13, 9]
    for start in b.SPIRAL_STARTS:
        order = b.spiral(start)
        assert sorted(order) == list(range(19)) and order[-1] == 9
        assert all(order[i + 1] in b.HEX_NEIGHBORS[order[i]] for i in range(18))
    with pytest.raises(ValueError):
        b.spiral(9)


def test_nine_harbour_slots_on_every_second_frame_hex_from_the_south():
    slots = b.HARBOR_SLOTS
    assert len(slots) == 9 and all(e in b.COAST_EDGES for e in slots)
    assert len({v for e in slots for v in e}) == 18, "no vertex has two harbours"
    assert set(slots[0]) <= set(b.HEX_VERTICES[11]), "slot 0 touches the southernmost hex"


def test_the_default_board_and_random_boards_use_the_standard_mix():
    d = b.default_board()
    assert d.illustrative and d.desert == 9 and d.number[9] == 0
    assert sorted(n for n in d.number if n) == sorted(b.TOKENS) and sum(map(b.pips, d.number)) == 58
    # the spiral from the north corner takes the sequence in order, skipping the desert
    assert [d.number[h] for h in b.spiral(7) if h != 9] == list(b.TOKEN_SEQUENCE)
    one, two = b.random_board(np.random.default_rng(3)), b.random_board(np.random.default_rng(3))
    assert one == two and not one.illustrative and one.source == "random"
    assert one.printed == d.printed == (b.PRINTED_TOKENS, b.PRINTED_HARBORS)
    for seed in range(20):
        r = b.random_board(np.random.default_rng(seed))
        assert Counter(r.terrain) == b.TERRAIN_COUNTS
        assert r.number[r.desert] == 0 and sorted(n for n in r.number if n) == sorted(b.TOKENS)
        assert Counter(k for _, _, k in r.harbors) == Counter(b.HARBOR_KINDS)


def test_arrays_code_harbours_and_resources_for_the_engine():
    d = b.default_board()
    resource, number, harbor = b.arrays(d)
    assert resource[9] == -1 and resource[0] == b.RESOURCES.index("ore") and number[0] == d.number[0]
    for x, y, kind in d.harbors:
        code = b.GENERIC if kind == "generic" else b.RESOURCES.index(kind)
        assert harbor[x] == harbor[y] == code
    assert (harbor >= 0).sum() == 18


def _given():
    d = b.default_board()
    return {"hexes": [{"id": h, "terrain": d.terrain[h], "number": d.number[h] or None} for h in range(19)]}


def test_a_given_board_parses_and_its_harbours_are_illustrative_unless_given():
    block = _given()
    got = b.parse_board(block)
    assert got.terrain == b.DEFAULT_TERRAIN and got.illustrative
    block["harbors"] = [{"vertices": list(b.HARBOR_SLOTS[0]), "kind": "ore"}]
    got = b.parse_board(block)
    assert not got.illustrative and got.harbors == ((*b.HARBOR_SLOTS[0], "ore"),) and got.printed == ()
    assert b.parse_board({"source": "random", "seed": 5}) == b.random_board(np.random.default_rng(5))
    assert b.parse_board(None) == b.default_board()


@pytest.mark.parametrize("change, field", [
    (lambda x: x["hexes"].pop(), "board.hexes"),
    (lambda x: x["hexes"][3].update(id=2), "board.hexes[3].id"),
    (lambda x: x["hexes"][0].update(terrain="swamp"), "board.hexes[0].terrain"),
    (lambda x: x["hexes"][0].update(number=7), "board.hexes[0].number"),
    (lambda x: x["hexes"][9].update(number=6), "board.hexes[9].number"),
    (lambda x: x["hexes"][0].update(colour=1), "board.hexes[0].colour"),
    (lambda x: x.update(harbors=[{"vertices": [0, 1], "kind": "generic"}]), "board.harbors[0].vertices"),
    (lambda x: x.update(harbors=[{"vertices": list(b.HARBOR_SLOTS[0]), "kind": "gold"}]), "board.harbors[0].kind"),
    (lambda x: x.update(source="moon"), "board.source"),
])
def test_a_bad_board_names_the_field(change, field):
    block = _given()
    change(block)
    with pytest.raises(ScenarioError) as err:
        b.parse_board(block)
    assert err.value.field == field


def test_the_printed_tables_match_the_rulebook_component_counts():
    """The Almanac: 19 land hexes (4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert); 18 number tokens,
    one 2 and one 12, no 7, two of each other; 9 harbour pieces: four 3:1 and one 2:1 per resource."""
    assert sum(b.TERRAIN_COUNTS.values()) == b.N_HEX == 19 and b.TERRAIN_COUNTS["desert"] == 1
    assert Counter(b.TOKEN_SEQUENCE) == Counter({2: 1, 12: 1, **{n: 2 for n in (3, 4, 5, 6, 8, 9, 10, 11)}})
    assert len(b.TOKEN_SEQUENCE) == 18 and 7 not in b.TOKEN_SEQUENCE
    assert Counter(b.HARBOR_KINDS) == Counter({"generic": 4, **{k: 1 for k in b.RESOURCES}})
    assert len(b.HARBOR_SLOTS) == 9
    # the printed spiral keeps the red numbers apart on every random board
    for seed in range(30):
        r = b.random_board(np.random.default_rng(seed))
        red = [h for h in range(b.N_HEX) if r.number[h] in (6, 8)]
        assert not any(k in red for h in red for k in b.HEX_NEIGHBORS[h] if k >= 0), seed
