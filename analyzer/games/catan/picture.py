"""Catan's board picture: the 19 hexes (id, terrain, number), the 54 corners and the 72 edges by the ids the
loader reads (a building's `vertex`, a road's `edge: [a, b]`), the harbours; with a position, its pieces."""
from __future__ import annotations

import math

from analyzer.core.board import SEATS, Picture
from analyzer.games.catan import board as bo

FILL = {"forest": "#9cc58f", "hills": "#e0a37a", "pasture": "#cfe8a9", "fields": "#f3dc87", "mountains": "#b9b4ad",
        "desert": "#efe3c4"}
Y = math.sqrt(3)  # the board module's corners are (x +- 2, y) and (x +- 1, y +- 1): a regular hex is sqrt(3) tall


def picture(position=None) -> Picture:
    board = bo.default_board() if position is None else position.board
    caption = ("an edge is [a, b], the corners it joins; " + ("ILLUSTRATIVE board layout (the default)"
                                                              if board.illustrative else f"board: {board.source}"))
    pic = Picture("Catan: hexes 0-18 (robber), corners 0-53 (vertex), edges [a, b]", caption, scale=0.5)
    for h, (x, y) in enumerate(bo._CENTRES):
        number = f" {board.number[h]}" if board.number[h] else ""
        pic.place(f"hex {h}", x, y * Y, f"hex {h}\n{board.terrain[h]}{number}", shape="flathex", size=4,
                  fill=FILL[board.terrain[h]], kind="hex")
    for (x, y), v in bo._VERTEX_OF.items():
        pic.place(v, x, y * Y, shape="dot", size=0.75, fill="#ffffff", kind="corner")
    for a, b in bo._EDGES:
        pic.link(str(a), str(b), colour="#6b6253", width=1.0, kind="edge")
    for a, b, kind in board.harbors:
        (xa, ya), (xb, yb) = pic.at(a), pic.at(b)
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        out = math.hypot(mx, my)
        pic.place(f"harbour {a}-{b}", mx * (1 + 1.3 / out), my * (1 + 1.3 / out),
                  f"{'3:1' if kind == 'generic' else '2:1 ' + kind}", shape="text", size=1, kind="harbour")
        for end in (a, b):
            pic.link(f"harbour {a}-{b}", str(end), colour="#9fb8cf", width=1.0)
    if position is not None:
        pic.piece(f"hex {position.robber}", "robber")
        for v, owner, mult in position.buildings:
            pic.piece(v, ("S" if mult == 1 else "C") + str(owner), owner)
        for e, owner in position.roads:
            a, b = map(int, bo.EDGES[e])
            pic.link(str(a), str(b), colour=SEATS[owner % len(SEATS)], width=4, kind="road")
    return pic

