"""Hand-built alhambras for every placement rule, a hole, removal, a swap that would split, and the longest outer
wall.  Tile ids (rules.TILES): open tiles 6, 13, 21, 22, 30, 31, 40, 41; walls N = 0, E = 1, S = 2, W = 3."""
import pytest

from analyzer.games.alhambra import layout as L
from analyzer.games.alhambra import rules

OPEN = [6, 13, 21, 22, 30, 31, 40, 41]
EAST_WALL = 5  # pavilion 7, wall 1
WEST_WALL = 11  # seraglio 7, wall 3


def tile_with(walls) -> int:
    return next(i for i, w in enumerate(rules.TILE_WALLS) if set(w) == set(walls))


def build(*squares, tiles=None) -> dict:
    """Open tiles on `squares` unless `tiles` names them."""
    return dict(zip(squares, tiles or OPEN))


def test_side_numbering_follows_bga():
    assert L.DIRECTIONS == ((0, -1), (1, 0), (0, 1), (-1, 0))
    assert [L.opposite(s) for s in range(4)] == [2, 3, 0, 1]
    assert L.walls(L.FOUNTAIN) == frozenset()
    assert L.walls(0) == {L.NORTH, L.EAST, L.WEST}


def test_first_tile_goes_beside_the_fountain():
    assert L.legal_placements({}, 6) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert not L.can_place({}, 6, (0, 0))
    assert not L.can_place({}, 6, (1, 1))  # corner contact is not enough


def test_wall_never_meets_open_ground():
    # its west wall would face the open fountain at (1, 0)
    assert L.legal_placements({}, WEST_WALL) == [(-1, 0), (0, -1), (0, 1)]
    alh = build((1, 0))
    assert L.can_place(alh, EAST_WALL, (0, -1))  # its east wall faces empty ground
    assert not L.can_place(alh, WEST_WALL, (2, 0))  # west wall against an open side


def test_wall_to_wall_is_no_way_in():
    alh = {(0, -1): EAST_WALL}
    assert L.problem(alh) is None
    # at (1, -1) the west wall meets the east wall (allowed) but the walker cannot step in
    assert not L.can_place(alh, WEST_WALL, (1, -1))
    alh[(1, 0)] = 6  # now it can be entered from the south
    assert L.can_place(alh, WEST_WALL, (1, -1))


def test_every_shared_side_must_match():
    alh = build((1, 0), (1, -1))
    # (0, -1) touches the fountain's north (open) and (1, -1)'s west (open): an east wall there does not fit
    assert not L.can_place(alh, EAST_WALL, (0, -1))
    assert L.can_place(alh, 6, (0, -1))


def test_closing_a_ring_leaves_a_hole():
    ring = [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    alh = build(*ring)
    assert L.problem(alh) is None and not L.has_hole(alh)
    assert (0, 1) not in L.legal_placements(alh, 41)  # it would enclose (1, 1)
    assert L.has_hole({**alh, (0, 1): 41})
    assert L.problem({**alh, (0, 1): 41}) == "the Alhambra encloses a hole"


def test_corner_contact_seals_a_hole():
    # (1, 1) would have tiles on all four sides, (1, 0) and (2, 1) meeting only at a corner
    alh = build((1, 0), (2, 0), (2, 1), (0, 1), (0, 2))
    assert L.can_place(alh, 6, (2, 2))
    assert not L.can_place(alh, 6, (1, 2))
    assert L.can_place(alh, 6, (1, 1))


def test_a_two_square_hole():
    alh = build((1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (0, 2), tiles=OPEN + [51])
    assert not L.has_hole(alh)
    assert L.has_hole({**alh, (0, 1): 52})  # (1, 1) and (2, 1) enclosed together


def test_removal_keeps_one_piece():
    assert L.removable(build((1, 0), (2, 0))) == [(2, 0)]
    # without (1, 0) the tile at (1, 1) would touch the fountain at a corner only
    assert L.removable(build((1, 0), (1, 1))) == [(1, 1)]
    assert not L.can_remove(build((1, 0)), (0, 0))  # the fountain stays


def test_only_edge_tiles_leave():
    plus = build((1, 0), (2, 0), (1, -1), (1, 1))
    assert L.removable(plus) == [(1, -1), (1, 1), (2, 0)]


def test_one_piece_means_over_open_ground():
    # (1, -1) touches (0, -1) wall to wall only: it hangs on (1, 0), which may not leave
    alh = {(0, -1): EAST_WALL, (1, 0): 6, (1, -1): WEST_WALL}
    assert L.problem(alh) is None
    assert L.removable(alh) == [(0, -1), (1, -1)]


def test_a_swap_may_not_split_the_alhambra():
    alh = build((1, 0), (2, 0))
    # swapping out (1, 0) would leave (2, 0) apart for a moment, even though tile 13 would join them again
    assert L.legal_swaps(alh, 13) == [(2, 0)]
    assert L.legal_swaps(alh, WEST_WALL) == []  # its west wall would face (1, 0)'s open side
    assert L.legal_swaps(alh, EAST_WALL) == [(2, 0)]


def test_redesigns_and_applying_them():
    alh = build((1, 0))
    moves = L.redesigns(alh, [13])
    assert L.Redesign("to_reserve", 6, (1, 0)) in moves
    assert L.Redesign("swap", 13, (1, 0)) in moves
    assert [m.square for m in moves if m.kind == "from_reserve"] == L.legal_placements(alh, 13)
    after, reserve = L.apply_redesign(alh, [13], L.Redesign("swap", 13, (1, 0)))
    assert after == {(0, 0): L.FOUNTAIN, (1, 0): 13} and reserve == [6]
    assert alh == {(1, 0): 6}  # left as it was
    after, reserve = L.apply_redesign(alh, [13], L.Redesign("to_reserve", 6, (1, 0)))
    assert after == {(0, 0): L.FOUNTAIN} and sorted(reserve) == [6, 13]


def test_one_tile_wall():
    # pavilion 2 (walls N, E, W) north of the fountain: west, north and east sides, 3 segments in one chain
    alh = {(0, -1): 0}
    assert L.outer_walls(alh) == {((0, -1), (0, 0)), ((0, -1), (1, -1)), ((1, -1), (1, 0))}
    assert L.longest_outer_wall(alh) == 3


def test_wall_continues_across_tiles():
    alh = {(0, -1): tile_with({0, 3}), (1, -1): tile_with({0, 1})}
    assert L.problem(alh) is None
    assert L.longest_outer_wall(alh) == 4


def test_an_open_side_breaks_the_wall():
    #   +---+   +      (0, -1) has walls north and west, (1, -1) only east: the open north
    #   |       |      side of (1, -1) breaks the run, so the walls are 2 and 1 segments long
    #   +   +   +
    #     F  (1,0)
    alh = {(0, -1): tile_with({0, 3}), (1, -1): EAST_WALL, (1, 0): 6}
    assert L.problem(alh) is None
    assert len(L.outer_walls(alh)) == 3 and L.longest_outer_wall(alh) == 2


def test_inner_double_wall_does_not_count():
    alh = {(0, -1): EAST_WALL, (1, 0): 6, (1, -1): WEST_WALL}
    assert L.outer_walls(alh) == set()
    assert L.longest_outer_wall(alh) == 0


def test_longest_of_two_walls_not_their_sum():
    alh = {(0, -1): 0, (0, 1): tile_with({2})}  # 3 segments north, 1 south
    assert L.longest_outer_wall(alh) == 3


def test_closed_ring_counts_every_segment():
    sides = {(-1, -1): {0, 3}, (0, -1): {0}, (1, -1): {0, 1}, (1, 0): {1},
             (1, 1): {1, 2}, (0, 1): {2}, (-1, 1): {2, 3}, (-1, 0): {3}}
    used, alh = set(), {}
    for square, walls in sides.items():
        alh[square] = next(i for i, w in enumerate(rules.TILE_WALLS) if set(w) == walls and i not in used)
        used.add(alh[square])
    assert L.problem(alh) is None
    assert len(L.outer_walls(alh)) == 12
    assert L.longest_outer_wall(alh) == 12


@pytest.mark.parametrize("alh, reason", [
    ({(0, 0): 6}, "fountain"),
    ({(1, 0): 99}, "not a tile id"),
    ({(1, 0): 6, (2, 0): 6}, "two places"),
    ({(1, 0): WEST_WALL}, "wall to open ground"),
    ({(0, -1): EAST_WALL, (1, -1): WEST_WALL}, "cannot be reached"),
    ({(1, 1): 6}, "cannot be reached"),
])
def test_problem_names_the_reason(alh, reason):
    assert reason in L.problem(alh)


def bga_can_place(alh, tile, square) -> bool:
    """BGA's placement check, restated: a side neighbour; walls match on every shared side; one shared side open;
    and around the square's 8 neighbours empty and built change exactly twice (its local hole test)."""
    alh = L.with_fountain(alh)
    shared = [(side, L.neighbour(square, side)) for side in range(4) if L.neighbour(square, side) in alh]
    if square in alh or not shared:
        return False
    if any((side in L.walls(tile)) != (L.opposite(side) in L.walls(alh[nb])) for side, nb in shared):
        return False
    if all(side in L.walls(tile) for side, _ in shared):
        return False
    ring = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    free = [(square[0] + dx, square[1] + dy) not in alh for dx, dy in ring]
    return sum(free[i] != free[i - 1] for i in range(8)) == 2


def test_placement_equals_bgas_local_checks_on_grown_alhambras():
    import random

    rng = random.Random(7)
    holes = 0
    for _ in range(10):
        alh, tiles = {}, list(range(rules.N_TILES))
        rng.shuffle(tiles)
        for tile in tiles[:16]:
            for square in L.frontier(alh):
                assert L.can_place(alh, tile, square) == bga_can_place(alh, tile, square), (alh, tile, square)
                holes += L.has_hole({**alh, square: tile})
            squares = L.legal_placements(alh, tile)
            if squares:
                alh[rng.choice(squares)] = tile
                assert L.problem(alh) is None
    assert holes > 20  # the hole rule was tried
