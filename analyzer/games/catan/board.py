"""The Catan board: the geometry of 19 land hexes, 54 vertices and 72 edges, the harbour slots, the token spiral,
and the boards a scenario can name (the default, a random standard board, or one given hex by hex).

Hexes lie in the seed's columns, left to right (3, 4, 5, 4, 3 hexes), top to bottom inside a column: ids 0-2,
3-6, 7-11, 12-15, 16-18.  In integer coordinates (y grows downwards) hex h of column q (-2..2) has its centre at
x = 3q and its corners at (x ± 2, y) and (x ± 1, y ± 1); vertex ids 0..53 are the corners sorted by (x, y), and an
edge is the pair of vertex ids (a < b) it joins.  The sea frame is the ring of 18 hexes around the land; the seed
puts a harbour on the frame hex touching the southernmost land hex and on every second frame hex from there
(counter-clockwise, as the token spiral runs), each facing one coast edge.  The token sequence and the harbour
kinds are not in the seed; their defaults are PRINTED (`PRINTED_TOKENS`, `PRINTED_HARBORS`: the rulebook's variable
set-up, sources named there and in docs/games/catan.md), so a random standard board is printed data.  The default
board's terrain layout (and so which harbour kind sits on which slot of it) is ILLUSTRATIVE: the rulebook's
beginner map is only pictured, and no public source read gives it hex by hex in a form checked against the picture.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core import scenario as sc
from analyzer.core import sources
from analyzer.core.errors import ScenarioError

RESOURCES = ("wood", "brick", "sheep", "grain", "ore")
TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert")
TERRAIN_RESOURCE = {"forest": 0, "hills": 1, "pasture": 2, "fields": 3, "mountains": 4, "desert": -1}
TERRAIN_COUNTS = {"forest": 4, "hills": 3, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1}
TOKENS = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
TOKEN_SEQUENCE = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)  # A..R: printed (PRINTED_TOKENS)
HARBOR_KINDS = ("generic", "wood", "generic", "brick", "sheep", "generic", "grain", "generic", "ore")  # the 9 pieces
PRINTED_TOKENS = sources.Printed(
    "number tokens A..R in a counter-clockwise spiral",
    "CATAN Game Rules & Almanac (5th ed.), Almanac 'Set-Up, Variable' and 'Number Tokens', as reproduced at "
    "catanboard.com/en/rules/almanacST and /almanacNR",
    "18 tokens 2..12 without 7, one 2 and one 12; laid in letter order from a corner, counter-clockwise toward the "
    "centre, skipping the desert; the letters' values A..R = 5,2,6,3,8,10,9,12,11,4,8,10,9,4,5,6,3,11 as on the "
    "tokens (the rulebook's Illustration Q)")
PRINTED_HARBORS = sources.Printed(
    "the 9 harbour pieces, shuffled onto the frame's harbours",
    "CATAN Game Rules & Almanac, 'Set-Up, Variable' (catanboard.com/en/rules/almanacST); the count per kind as in "
    "rhit-spiottdj/CSSE_375_Project docs/requirement/characters_rules.md",
    "9 pieces placed at random on the frame's harbours: four generic 3:1 and one 2:1 per resource")
HARBOR_NAMES = ("generic", *RESOURCES)
GENERIC = 5  # harbour code of a 3:1 harbour in `arrays`; 0..4 is the 2:1 harbour of that resource
N_HEX, N_VERTEX, N_EDGE = 19, 54, 72

# hex directions in counter-clockwise order as drawn (y down): N, NW, SW, S, SE, NE
DIRECTIONS = ((0, -2), (-3, -1), (-3, 1), (0, 2), (3, 1), (3, -1))
CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def pips(n: int) -> int:
    """The dots on number token n: the ways two dice make it (0 for no number and for 7)."""
    return 0 if n in (0, 7) else 6 - abs(7 - n)


def _add(a, b, k=1):
    return a[0] + k * b[0], a[1] + k * b[1]


def ring(radius: int, start: int) -> list[tuple[int, int]]:
    """The hex centres at distance `radius`, counter-clockwise from the corner in direction `start`."""
    if radius == 0:
        return [(0, 0)]
    at, out = _add((0, 0), DIRECTIONS[start], radius), []
    for j in range(6):
        step = DIRECTIONS[(start + 2 + j) % 6]
        for _ in range(radius):
            out.append(at)
            at = _add(at, step)
    return out


def _geometry():
    centres = sorted(ring(2, 0) + ring(1, 0) + ring(0, 0))
    hex_of = {c: h for h, c in enumerate(centres)}
    corners = [[_add(c, d) for d in CORNERS] for c in centres]
    vertex_of = {p: v for v, p in enumerate(sorted({p for cs in corners for p in cs}))}
    hex_vertices = [[vertex_of[p] for p in cs] for cs in corners]
    edges = sorted({tuple(sorted((vs[i], vs[(i + 1) % 6]))) for vs in hex_vertices for i in range(6)})
    return centres, hex_of, vertex_of, hex_vertices, edges


def _padded(rows, width):
    out = np.full((len(rows), width), -1, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, :len(row)] = sorted(row)
    return out


_CENTRES, _HEX_OF, _VERTEX_OF, _HEX_VERTICES, _EDGES = _geometry()
HEX_VERTICES = np.array(_HEX_VERTICES, dtype=np.int64)
EDGES = np.array(_EDGES, dtype=np.int64)
EDGE_ID = {e: i for i, e in enumerate(_EDGES)}
VERTEX_HEXES = _padded([[h for h in range(N_HEX) if v in _HEX_VERTICES[h]] for v in range(N_VERTEX)], 3)
VERTEX_NEIGHBORS = _padded([[b if a == v else a for a, b in _EDGES if v in (a, b)] for v in range(N_VERTEX)], 3)
VERTEX_EDGES = _padded([[i for i, e in enumerate(_EDGES) if v in e] for v in range(N_VERTEX)], 3)
HEX_NEIGHBORS = _padded([[_HEX_OF[n] for d in DIRECTIONS if (n := _add(c, d)) in _HEX_OF] for c in _CENTRES], 6)
SPIRAL_STARTS = tuple(_HEX_OF[_add((0, 0), DIRECTIONS[i], 2)] for i in range(6))  # the corner hexes, N first
_EDGE_HEXES = {e: [h for h in range(N_HEX) if set(e) <= set(_HEX_VERTICES[h])] for e in _EDGES}
COAST_EDGES = tuple(e for e in _EDGES if len(_EDGE_HEXES[e]) == 1)


def _harbor_slots() -> tuple[tuple[int, int], ...]:
    """One coast edge per second frame hex, counter-clockwise from the one south of the southernmost hex.  A frame
    hex beside two land hexes faces the one met first counter-clockwise (the one nearer the previous slot)."""
    slots = []
    for sea in ring(3, 3)[::2]:
        sea_corners = {_VERTEX_OF.get(_add(sea, d)) for d in CORNERS} - {None}
        facing = [e for e in COAST_EDGES if set(e) <= sea_corners]
        slots.append(facing[0] if len(facing) == 1 else min(facing, key=lambda e: _ring_rank(e)))
    return tuple(slots)


def _ring_rank(edge) -> int:
    land = _EDGE_HEXES[edge][0]
    return [_HEX_OF[c] for c in ring(2, 3)].index(land)


HARBOR_SLOTS = _harbor_slots()


def spiral(start: int) -> list[int]:
    """The 19 hex ids in token order: counter-clockwise round the outside from corner hex `start`, then the inner
    ring from the hex between it and the centre, then the centre."""
    if start not in SPIRAL_STARTS:
        raise ValueError(f"a spiral starts at a corner hex: {', '.join(map(str, SPIRAL_STARTS))}")
    d = SPIRAL_STARTS.index(start)
    return [_HEX_OF[c] for c in ring(2, d) + ring(1, d) + ring(0, d)]


@dataclass(frozen=True)
class Board:
    """One board: terrain and number per hex id (0 for the desert), the harbours as (v1, v2, kind)."""
    terrain: tuple[str, ...]
    number: tuple[int, ...]
    harbors: tuple[tuple[int, int, str], ...]
    source: str = "given"
    illustrative: bool = False
    printed: tuple = ()  # the sources.Printed tables this board rests on

    @property
    def desert(self) -> int:
        """The first desert hex (where the robber starts), or -1 on a board without one."""
        return self.terrain.index("desert") if "desert" in self.terrain else -1

    def resource(self, h: int) -> int:
        return TERRAIN_RESOURCE[self.terrain[h]]

    def harbor(self, v: int) -> str | None:
        """The kind of the harbour at vertex v, or None."""
        return next((k for a, b, k in self.harbors if v in (a, b)), None)


def numbered(terrain, start: int, token_sequence=TOKEN_SEQUENCE) -> tuple[int, ...]:
    """Number tokens laid in spiral order from corner `start`, skipping the desert."""
    number = [0] * N_HEX
    tokens = iter(token_sequence)
    for h in spiral(start):
        if terrain[h] != "desert":
            number[h] = next(tokens)
    return tuple(number)


def harbors(kinds=HARBOR_KINDS) -> tuple[tuple[int, int, str], ...]:
    return tuple((a, b, k) for (a, b), k in zip(HARBOR_SLOTS, kinds))


def printed_tables(token_sequence, harbor_kinds, tokens: bool = True) -> tuple:
    """The printed tables a board built from these defaults rests on (a scenario's own replace them)."""
    return tuple(p for p, used in ((PRINTED_TOKENS, tokens and tuple(token_sequence) == TOKEN_SEQUENCE),
                                   (PRINTED_HARBORS, tuple(harbor_kinds) == HARBOR_KINDS)) if used)


# an illustrative fixed layout (desert in the centre), numbered from the north corner
DEFAULT_TERRAIN = ("mountains", "pasture", "forest", "fields", "hills", "pasture", "hills", "fields", "forest",
                   "desert", "forest", "mountains", "pasture", "hills", "fields", "mountains", "forest", "fields",
                   "pasture")


def default_board(token_sequence=TOKEN_SEQUENCE, harbor_kinds=HARBOR_KINDS) -> Board:
    return Board(DEFAULT_TERRAIN, numbered(DEFAULT_TERRAIN, SPIRAL_STARTS[0], token_sequence),
                 harbors(harbor_kinds), "default", True, printed_tables(token_sequence, harbor_kinds))


def random_board(rng: np.random.Generator, token_sequence=TOKEN_SEQUENCE, harbor_kinds=HARBOR_KINDS) -> Board:
    """A variable standard board: the terrain shuffled, the spiral from a random corner, the harbour kinds
    shuffled onto the slots: the rulebook's variable set-up, printed data (a scenario's own sequence or kinds
    replace the printed ones)."""
    terrain = tuple(rng.permutation(np.array([t for t, n in TERRAIN_COUNTS.items() for _ in range(n)])).tolist())
    start = SPIRAL_STARTS[int(rng.integers(6))]
    kinds = tuple(rng.permutation(np.array(harbor_kinds)).tolist())
    return Board(terrain, numbered(terrain, start, token_sequence), harbors(kinds), "random", False,
                 printed_tables(token_sequence, harbor_kinds))


def _vertex_id(value, field: str, land: Board) -> int:
    return sc.integer(value, field, low=0, high=N_VERTEX - 1)


def parse_board(value, field: str = "board", token_sequence=TOKEN_SEQUENCE, harbor_kinds=HARBOR_KINDS,
                corner=_vertex_id) -> Board:
    """A scenario's `board:` block: absent (the illustrative default), {source: default}, {source: random, seed: n}
    or {hexes: [19 x {id, terrain, number}], harbors: [up to 9 x {vertices: [a, b], kind}]} (a, b read
    by `corner(value, field, the land)` -> vertex id: ids, or with `names.vertex` corner names too; no harbours given:
    the default slots and kinds in their illustrative order)."""
    if value is None:
        return default_board(token_sequence, harbor_kinds)
    block = sc.mapping(value, field)
    source = block.get("source", "given" if "hexes" in block else None)
    if source == "default":
        sc.mapping(block, field, {"source"})
        return default_board(token_sequence, harbor_kinds)
    if source == "random":
        sc.mapping(block, field, {"source", "seed"})
        seed = sc.integer(block.get("seed", 0), f"{field}.seed", low=0)
        return random_board(np.random.default_rng(seed), token_sequence, harbor_kinds)
    if source != "given":
        raise ScenarioError(f"{field}.source", f"got {source!r}; allowed: default, random (with seed), or `hexes:`")
    sc.mapping(block, field, {"source", "hexes", "harbors"})
    terrain, number = _hexes(block.get("hexes"), f"{field}.hexes")
    if "harbors" not in block:
        return Board(terrain, number, harbors(harbor_kinds), "given", True,
                     printed_tables((), harbor_kinds, tokens=False))
    return Board(terrain, number, _harbors(block["harbors"], f"{field}.harbors", Board(terrain, number, ()), corner),
                 "given", False)


def _hexes(value, field: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    items = sc.sequence(value, field)
    if len(items) != N_HEX:
        raise ScenarioError(field, f"all {N_HEX} land hexes (ids 0..18); got {len(items)}")
    terrain, number = [None] * N_HEX, [0] * N_HEX
    for i, item in enumerate(items):
        f = f"{field}[{i}]"
        item = sc.mapping(item, f, {"id", "terrain", "number"})
        h = sc.integer(item.get("id", i), f"{f}.id", low=0, high=N_HEX - 1)
        if terrain[h] is not None:
            raise ScenarioError(f"{f}.id", f"hex {h} is given twice; each of 0..18 once")
        terrain[h] = sc.choice(item.get("terrain"), f"{f}.terrain", TERRAINS)
        n = item.get("number")
        if terrain[h] == "desert":
            if n not in (None, 0):
                raise ScenarioError(f"{f}.number", f"the desert has no number token; got {n!r}")
        else:
            n = sc.integer(n, f"{f}.number", low=2, high=12)
            if n == 7:
                raise ScenarioError(f"{f}.number", "a number token is 2..6 or 8..12; got 7")
            number[h] = n
    return tuple(terrain), tuple(number)


def _harbors(value, field: str, land: Board, corner) -> tuple[tuple[int, int, str], ...]:
    """The harbours: each on a coast edge, its two vertices read by `corner` on the `land` just given."""
    items = sc.sequence(value, field)
    if len(items) > len(HARBOR_SLOTS):
        raise ScenarioError(field, f"at most {len(HARBOR_SLOTS)} harbours; got {len(items)}")
    out, used = [], set()
    for i, item in enumerate(items):
        f = f"{field}[{i}]"
        item = sc.mapping(item, f, {"vertices", "kind"})
        vs = sc.sequence(item.get("vertices"), f"{f}.vertices")
        edge = tuple(sorted(corner(v, f"{f}.vertices", land) for v in vs))
        if edge not in COAST_EDGES:
            raise ScenarioError(f"{f}.vertices", f"two vertices of one coast edge (e.g. {list(COAST_EDGES[0])}); got {list(vs)}")
        if used & set(edge):
            raise ScenarioError(f"{f}.vertices", f"vertex {sorted(used & set(edge))[0]} already has a harbour")
        used |= set(edge)
        out.append((*edge, sc.choice(item.get("kind"), f"{f}.kind", HARBOR_NAMES)))
    return tuple(out)


def arrays(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The engine's view: resource per hex (-1 desert), number per hex (0 none), harbour per vertex (-1 none,
    GENERIC for 3:1, 0..4 for the 2:1 of that resource)."""
    resource = np.array([board.resource(h) for h in range(N_HEX)], dtype=np.int64)
    number = np.array(board.number, dtype=np.int64)
    harbor = np.full(N_VERTEX, -1, dtype=np.int64)
    for a, b, kind in board.harbors:
        harbor[[a, b]] = GENERIC if kind == "generic" else RESOURCES.index(kind)
    return resource, number, harbor
