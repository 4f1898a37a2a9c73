"""Himalaya's board picture: the 20 villages by number (goods, tasks and leaders name them) with their level
and region, the roads by kind; with a position, the goods, tasks and leaders on the villages."""
from __future__ import annotations

import math

from analyzer.core.board import Picture, spring
from analyzer.games.himalaya import rules as r

LEVEL = {1: "house", 2: "temple", 3: "monastery"}
ROAD = {"clay": "#b5651d", "ice": "#56b4e9", "stone": "#6b6b6b"}


def picture(position=None) -> Picture:
    board = r.ILLUSTRATIVE_BOARD if position is None else position.board
    region = {v: i for i, villages in enumerate(board.regions) for v in villages}
    villages = range(1, r.VILLAGES + 1)
    lay = spring(villages, [(a, b) for a, b, _ in board.roads])
    caption = ("ILLUSTRATIVE board: no source prints the villages' levels, roads and regions "
               "(`analyzer board himalaya --template`)" if board is r.ILLUSTRATIVE_BOARD else "the scenario's board")
    pic = Picture("Himalaya: villages 1-20 (level, region), roads by kind", caption, scale=0.75)
    for v in villages:
        pic.place(v, lay[v][0] * 7, lay[v][1] * 7, f"{v}\n{LEVEL[board.levels[v - 1]]}, r{region.get(v, 0) + 1}",
                  shape="circle", size=1.5, fill="#f4f1ea", kind="village")
    for a, b, kind in board.roads:
        pic.link(a, b, f"{a}-{b} {kind}", colour=ROAD[kind], width=2.5, kind="road")
    if position is not None:
        names = position.names
        for v, colours in position.goods:
            pic.piece(v, "goods " + " ".join(colours))
        for v, colours in position.tasks:
            pic.piece(v, "task " + " ".join(colours))
        for player, v in position.leaders:
            seat = names.index(player) if player in names else None
            pic.piece(v, f"leader {player}", seat)
    return pic
