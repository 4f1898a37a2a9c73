"""One player's Alhambra as geometry: where a tile may go, which tiles may leave, holes and the longest outer wall.

Readable and slow on purpose: the single source of the placement rules on the Python side (the numba engine mirrors
it and its tests hold the two equal).

Grid squares (x, y), the fountain at (0, 0), y growing southward.  Sides are numbered as BGA's Board.php numbers
them: 0 north (x, y - 1), 1 east (x + 1, y), 2 south (x, y + 1), 3 west (x - 1, y).  An alhambra is a dict
{(x, y): tile id}; the fountain (rules.FOUNTAIN, no walls) stands at (0, 0) whether the dict names it or not.
Wall segments run between lattice corners: square (x, y) spans the corners x..x+1, y..y+1.
"""
from __future__ import annotations

from typing import NamedTuple

from analyzer.games.alhambra.rules import FOUNTAIN, N_TILES, TILE_WALLS

NORTH, EAST, SOUTH, WEST = range(4)
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # indexed by side
ORIGIN = (0, 0)


def opposite(side: int) -> int:
    return (side + 2) % 4


def neighbour(square, side: int):
    dx, dy = DIRECTIONS[side]
    return square[0] + dx, square[1] + dy


def walls(tile: int) -> frozenset[int]:
    return frozenset() if tile == FOUNTAIN else frozenset(TILE_WALLS[tile])


def with_fountain(alhambra) -> dict:
    return {ORIGIN: FOUNTAIN, **alhambra}


def reachable(alhambra) -> set:
    """The squares a walker reaches from the fountain, stepping from tile to tile through sides without a wall."""
    alh = with_fountain(alhambra)
    seen, todo = {ORIGIN}, [ORIGIN]
    while todo:
        square = todo.pop()
        for side in range(4):
            nxt = neighbour(square, side)
            if (nxt in alh and nxt not in seen and side not in walls(alh[square])
                    and opposite(side) not in walls(alh[nxt])):
                seen.add(nxt)
                todo.append(nxt)
    return seen


def has_hole(alhambra) -> bool:
    """Whether some empty square is enclosed: it cannot reach the open desert through empty squares by sides (two
    tiles touching only at a corner close the gap between them)."""
    alh = with_fountain(alhambra)
    xs, ys = [x for x, _ in alh], [y for _, y in alh]
    box = [(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)]
    empty = {square for square in box if square not in alh}
    outside = (min(xs) - 1, min(ys) - 1)  # a corner of the box: empty, and out in the desert
    seen, todo = {outside}, [outside]
    while todo:
        square = todo.pop()
        for side in range(4):
            nxt = neighbour(square, side)
            if nxt in empty and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen != empty


def can_place(alhambra, tile: int, square) -> bool:
    """The placement rules: an empty square (never the fountain's) sharing at least one side with a tile; on every
    shared side wall meets wall and open meets open; the walker can step in from a tile he reaches from the
    fountain; and no hole is left."""
    alh = with_fountain(alhambra)
    if square in alh:
        return False
    mine = walls(tile)
    shared = [(side, neighbour(square, side)) for side in range(4) if neighbour(square, side) in alh]
    if not shared:
        return False
    if any((side in mine) != (opposite(side) in walls(alh[nb])) for side, nb in shared):
        return False
    reached = reachable(alh)
    if not any(side not in mine and nb in reached for side, nb in shared):
        return False
    return not has_hole({**alh, square: tile})


def frontier(alhambra) -> list:
    """The empty squares sharing a side with a tile, sorted."""
    alh = with_fountain(alhambra)
    return sorted({neighbour(sq, side) for sq in alh for side in range(4)} - set(alh))


def legal_placements(alhambra, tile: int) -> list:
    """Every square where `tile` may be placed, sorted."""
    return [square for square in frontier(alhambra) if can_place(alhambra, tile, square)]


def without(alhambra, square) -> dict:
    alh = with_fountain(alhambra)
    del alh[square]
    return alh


def can_remove(alhambra, square) -> bool:
    """An edge tile (a side facing empty ground) whose removal leaves every other tile reachable from the fountain,
    so the Alhambra stays in one piece by sides (corner contact never holds it together).  The fountain stays."""
    alh = with_fountain(alhambra)
    if square == ORIGIN or square not in alh:
        return False
    if all(neighbour(square, side) in alh for side in range(4)):
        return False
    rest = without(alh, square)
    return reachable(rest) == set(rest)


def removable(alhambra) -> list:
    """The squares whose tile may leave the Alhambra (to the reserve, or swapped out), sorted."""
    return [square for square in sorted(with_fountain(alhambra)) if can_remove(alhambra, square)]


def legal_swaps(alhambra, tile: int) -> list:
    """The squares where reserve tile `tile` may replace the tile lying there.  "Not even within a swap" may the
    Alhambra be in two parts, so the tile swapped out must itself be removable; then `tile` obeys the placement
    rules on the square left empty."""
    return [square for square in removable(alhambra) if can_place(without(alhambra, square), tile, square)]


class Redesign(NamedTuple):
    kind: str  # "to_reserve" | "from_reserve" | "swap"
    tile: int  # the tile moved: out of the Alhambra (to_reserve) or out of the reserve (from_reserve, swap)
    square: tuple


def redesigns(alhambra, reserve) -> list[Redesign]:
    """Every legal redesign action, sorted: an Alhambra tile to the reserve, a reserve tile into the Alhambra, or a
    reserve tile swapped in place for an Alhambra tile."""
    alh = with_fountain(alhambra)
    moves = [Redesign("to_reserve", alh[square], square) for square in removable(alh)]
    for tile in sorted(set(reserve)):
        moves += [Redesign("from_reserve", tile, square) for square in legal_placements(alh, tile)]
        moves += [Redesign("swap", tile, square) for square in legal_swaps(alh, tile)]
    return sorted(moves)


def apply_redesign(alhambra, reserve, move: Redesign) -> tuple[dict, list]:
    """The (alhambra, reserve) after `move` (new objects; the arguments are left as they are)."""
    alh, res = with_fountain(alhambra), list(reserve)
    if move.kind == "to_reserve":
        res.append(alh.pop(move.square))
    else:
        res.remove(move.tile)
        if move.kind == "swap":
            res.append(alh.pop(move.square))
        alh[move.square] = move.tile
    return alh, res


# -- walls -------------------------------------------------------------------------------------------------------

def segment(square, side: int) -> tuple:
    """The wall segment on `side` of `square`, as its two lattice corners, sorted."""
    x, y = square
    corners = {NORTH: ((x, y), (x + 1, y)), EAST: ((x + 1, y), (x + 1, y + 1)),
               SOUTH: ((x, y + 1), (x + 1, y + 1)), WEST: ((x, y), (x, y + 1))}[side]
    return tuple(sorted(corners))


def outer_walls(alhambra) -> set:
    """The wall segments facing empty ground (a wall facing a tile meets that tile's wall: an inner double wall)."""
    alh = with_fountain(alhambra)
    return {segment(square, side) for square, tile in alh.items() for side in walls(tile)
            if neighbour(square, side) not in alh}


def longest_outer_wall(alhambra) -> int:
    """The segments of the longest outer wall: a chain of outer segments joined end to end, each segment once, no
    corner passed twice, except that the chain may close on its start (a closed ring of n segments counts n)."""
    at_corner: dict = {}
    for seg in outer_walls(alhambra):
        for corner in seg:
            at_corner.setdefault(corner, []).append(seg)

    def longest_from(start, corner, used: set, visited: set) -> int:
        best = 0
        for seg in at_corner[corner]:
            if seg in used:
                continue
            nxt = seg[1] if seg[0] == corner else seg[0]
            if nxt == start:
                best = max(best, 1)
            elif nxt not in visited:
                best = max(best, 1 + longest_from(start, nxt, used | {seg}, visited | {nxt}))
        return best

    return max((longest_from(c, c, set(), {c}) for c in at_corner), default=0)


# -- validation --------------------------------------------------------------------------------------------------

def problem(alhambra) -> str | None:
    """The first reason this cannot be an Alhambra of the game, or None."""
    if alhambra.get(ORIGIN, FOUNTAIN) != FOUNTAIN:
        return "the fountain stands at (0, 0); no tile may lie there"
    alh = with_fountain(alhambra)
    tiles = [t for sq, t in sorted(alh.items()) if sq != ORIGIN]
    bad = next((t for t in tiles if not (isinstance(t, int) and 0 <= t < N_TILES)), None)
    if bad is not None:
        return f"tile {bad!r} is not a tile id 0..{N_TILES - 1}"
    if len(set(tiles)) != len(tiles):
        return "a tile lies in two places"
    for square, tile in sorted(alh.items()):
        for side in (EAST, SOUTH):
            nb = neighbour(square, side)
            if nb in alh and (side in walls(tile)) != (opposite(side) in walls(alh[nb])):
                return f"the tiles at {square} and {nb} meet wall to open ground"
    cut_off = sorted(set(alh) - reachable(alh))
    if cut_off:
        return f"the tile at {cut_off[0]} cannot be reached from the fountain over open ground"
    if has_hole(alh):
        return "the Alhambra encloses a hole"
    return None
