"""Places on the board by what a player reads off it, beside the ids: a hex, a corner and an edge.

- A hex is its resource and number, `ore6` (terrain names, `mountains6`, and wheat, lumber, wool read the same), or
  `desert`; or its id 0..18.
- A corner is the land hexes it touches, joined by `-` in any order: `ore6-grain2-brick4` (three inland), two
  (`ore6-grain2`) or one at the coast; `sea` may stand for each missing hex (`ore6-grain2-sea`).  Where that
  names several corners (one hex's coast corners; two hexes with the same resource and number) a corner is its
  hex and compass point, `ore6.ne` or `9.ne` (the points of a hex: e, ne, nw, w, sw, se; north is up).  Or its
  id 0..53.
- An edge is its two corners, `ore6-grain2-brick4~ore6-grain2` or a list `[corner, corner]`.

A name that fits no place, or several, is refused naming the field, the candidates or what the board has.
"""
from __future__ import annotations

import re
from collections import Counter

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.catan import board as bo

POINTS = ("e", "se", "sw", "w", "nw", "ne")  # the corners of a hex in board.CORNERS order (y grows downwards)
ALIASES = {"wheat": "grain", "lumber": "wood", "wool": "sheep", "forest": "wood", "hills": "brick",
           "pasture": "sheep", "fields": "grain", "mountains": "ore"}
SEA = "sea"
_HEX = re.compile(r"^([a-z]+)\s*(\d+)?$")


def hex_label(board: bo.Board, h: int) -> str:
    res = board.resource(h)
    return "desert" if res < 0 else f"{bo.RESOURCES[res]}{board.number[h]}"


def corner_name(board: bo.Board, v: int) -> str:
    """The shortest name of corner v: its hexes when no other corner has the same, else hex.point."""
    hexes = [int(h) for h in bo.VERTEX_HEXES[v] if h >= 0]
    labels = sorted(hex_label(board, h) for h in hexes)
    if len(_by_hexes(board, Counter(labels))) == 1:
        return "-".join(labels)
    for h in hexes:
        if len(_hexes_named(board, hex_label(board, h))) == 1:
            return f"{hex_label(board, h)}.{POINTS[bo.HEX_VERTICES[h].tolist().index(v)]}"
    h = hexes[0]
    return f"{h}.{POINTS[bo.HEX_VERTICES[h].tolist().index(v)]}"


def hex_id(value, field: str, board: bo.Board) -> int:
    """A hex: its id or its name (`ore6`, `desert`)."""
    if not isinstance(value, str) or value.strip().isdigit():
        return sc.integer(value, field, 0, bo.N_HEX - 1)
    found = _known(value, field, board)
    if len(found) > 1:
        raise ScenarioError(field, f"{value.strip()!r} names hexes {', '.join(map(str, found))}; give the id")
    return found[0]


def vertex(value, field: str, board: bo.Board) -> int:
    """A corner: its id or its name (see the module docstring)."""
    if not isinstance(value, str) or value.strip().isdigit():
        return sc.integer(value, field, 0, bo.N_VERTEX - 1)
    text = value.strip().lower()
    if "." in text:
        return _hex_point(text, field, board)
    parts = [p.strip() for p in text.split("-")]
    if not all(p == SEA or _HEX.match(p) for p in parts) or len(parts) > 3 or set(parts) == {SEA}:
        raise ScenarioError(field, f"got {value!r}; a corner is the 1 to 3 hexes it touches, e.g. ore6-grain2-brick4, "
                                   "or hex.point, e.g. ore6.ne, or an id 0..53")
    land = [_hex_text(p, field) for p in parts if p != SEA]
    for label in set(land):
        _known(label, field, board)
    found = [v for v in _by_hexes(board, Counter(land)) if len(parts) == len(land) or _land(v) == len(land)]
    if not found:
        raise ScenarioError(field, f"no corner touches exactly {' and '.join(land)}; a corner of {land[0]} is one of "
                                   f"{', '.join(_corners_of(board, land[0]))}")
    if len(found) > 1:
        raise ScenarioError(field, f"{value!r} names {len(found)} corners: "
                                   f"{', '.join(_point_name(board, v, land[0]) for v in found)}; write one of these")
    return found[0]


def edge(value, field: str, board: bo.Board) -> tuple[int, int]:
    """An edge: two corners, as a list or `corner~corner`; (a, b) with a < b, checked to be a side of a hex."""
    ends = value.split("~") if isinstance(value, str) else sc.sequence(value, field)
    if len(ends) != 2:
        raise ScenarioError(field, "two corners joined by a side of a hex: [a, b] (ids or names) or name~name")
    a, b = sorted(vertex(x, field, board) for x in ends)
    if (a, b) not in bo.EDGE_ID:
        raise ScenarioError(field, f"[{a}, {b}] is not an edge; two corners joined by a side of a hex, "
                                   f"e.g. {list(bo.EDGES[0])}")
    return a, b


def _known(value: str, field: str, board: bo.Board) -> list[int]:
    """The hexes a hex name fits; refused when none does, naming the board's hexes."""
    label = _hex_text(value, field)
    found = _hexes_named(board, label)
    if not found:
        labels = sorted({hex_label(board, h) for h in range(bo.N_HEX)})
        raise ScenarioError(field, f"no hex {value.strip()!r} on this board; it has {', '.join(labels)}"
                                   f"{did_you_mean(label, labels)}")
    return found


def _hex_text(value: str, field: str) -> str:
    m = _HEX.match(value.strip().lower())
    if not m:
        raise ScenarioError(field, f"got {value!r}; a hex is its resource and number, e.g. ore6, or desert")
    name, number = m[1], m[2] or ""
    return ALIASES.get(name, name) + number


def _hexes_named(board: bo.Board, label: str) -> list[int]:
    return [h for h in range(bo.N_HEX) if hex_label(board, h) == label]


def _land(v: int) -> int:
    return sum(1 for h in bo.VERTEX_HEXES[v] if h >= 0)


def _by_hexes(board: bo.Board, labels: Counter) -> list[int]:
    return [v for v in range(bo.N_VERTEX)
            if Counter(hex_label(board, int(h)) for h in bo.VERTEX_HEXES[v] if h >= 0) == labels]


def _point_name(board: bo.Board, v: int, label: str) -> str:
    h = next((int(h) for h in bo.VERTEX_HEXES[v] if h >= 0 and hex_label(board, int(h)) == label), None)
    h = h if h is not None and len(_hexes_named(board, label)) == 1 else int(bo.VERTEX_HEXES[v][0])
    name = label if len(_hexes_named(board, label)) == 1 and hex_label(board, h) == label else str(h)
    return f"{name}.{POINTS[bo.HEX_VERTICES[h].tolist().index(v)]}"


def _corners_of(board: bo.Board, label: str) -> list[str]:
    return [corner_name(board, int(v)) for h in _hexes_named(board, label) for v in bo.HEX_VERTICES[h]]


def _hex_point(text: str, field: str, board: bo.Board) -> int:
    where, _, point = text.rpartition(".")
    if point not in POINTS:
        raise ScenarioError(field, f"got {text!r}: a corner's point is one of {', '.join(POINTS)}"
                                   f"{did_you_mean(point, POINTS)}")
    h = hex_id(where, field, board)
    return int(bo.HEX_VERTICES[h][POINTS.index(point)])
