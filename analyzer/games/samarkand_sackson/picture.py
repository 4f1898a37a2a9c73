"""Samarkand's (Sid Sackson) board picture: every space by the id a scenario writes (a1..e4 on the default
board) with its camp capacity, oasis price or city markets, and the arrows a nomad follows; with a position,
the nomads and the cubes in the camps."""
from __future__ import annotations

import math

from analyzer.core.board import Picture, spring
from analyzer.games.samarkand_sackson import rules as r

FILL = {r.CAMP: "#f4f1ea", r.OASIS: "#cfe8a9", r.CITY: "#f2e3bd"}


def _what(board, s: int) -> str:
    if board.kind[s] == r.CAMP:
        return f"camp {board.capacity[s]}"
    if board.kind[s] == r.OASIS:
        return f"oasis {board.price4[s]}"
    return "city\n" + ", ".join((r.KINDS + ("assortment",))[k] for k in board.city_markets[s])


def picture(position=None) -> Picture:
    board = r.DEFAULT_BOARD if position is None else position.board
    grid = [r._grid(sid) for sid in board.space_ids]
    if all(grid):
        where = [(2.2 * col, 1.6 * row) for col, row in grid]
    else:
        lay, reach = spring(range(board.spaces), board.arrows), 1.6 * math.sqrt(board.spaces)
        where = [(lay[s][0] * reach, lay[s][1] * reach) for s in range(board.spaces)]
    pic = Picture(f"Samarkand (Sackson): the {board.name} board, spaces by id, arrows", board.label(), scale=0.8)
    for s, (x, y) in enumerate(where):
        pic.place(board.space_ids[s], x, y, f"{board.space_ids[s]}\n{_what(board, s)}", shape="circle", size=1.45,
                  fill=FILL[board.kind[s]], kind="space")
    for a, b in board.arrows:
        pic.link(board.space_ids[a], board.space_ids[b], arrow=True, kind="arrow")
    if position is not None:
        for seat, p in enumerate(position.seats):
            if not p.out:
                pic.piece(board.space_ids[p.space], p.name, seat)
        for camp, cubes in zip(board.camps, position.fields):
            if sum(cubes):
                pic.piece(board.space_ids[camp], f"{sum(cubes)} cubes")
    return pic
