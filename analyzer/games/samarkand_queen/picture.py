"""Samarkand's (Queen Games) map picture: every cell by the id a scenario writes ("row,col" on the default
map), its goods number, the families' start cells, water; with a position, the camels on the cells."""
from __future__ import annotations

import math

from analyzer.core.board import Picture, spring

ROW = math.sqrt(3) / 2  # pointy hexes one unit wide: rows this far apart, odd rows half a cell to the right


def _where(board) -> list[tuple[float, float]] | None:
    """Cell centres by "row,col" ids on a grid map; None for a map given only by its adjacency."""
    try:
        rc = [tuple(int(v) for v in cid.split(",")) for cid in board.cell_ids]
        if all(len(v) == 2 for v in rc):
            return [(c + 0.5 * (r % 2), r * ROW) for r, c in rc]
    except ValueError:
        pass
    return None


def picture(position=None) -> Picture:
    from analyzer.games.samarkand_queen.rules import DEFAULT_BOARD

    board = DEFAULT_BOARD if position is None else position.board
    starts = {cell: board.families[f] for f, cell in enumerate(board.start_cell)}
    pic = Picture(f"Samarkand: the {board.name} map, cells by id (goods numbers, family starts)", board.label(),
                  scale=0.85)
    where, shape = _where(board), "hex"
    edges = [(a, b) for a, near in enumerate(board.neighbours) for b in near if a < b]
    if where is None:
        lay, reach, shape = spring(range(board.cells), edges), 1.4 * math.sqrt(board.cells), "circle"
        where = [(lay[i][0] * reach, lay[i][1] * reach) for i in range(board.cells)]
    for i, (x, y) in enumerate(where):
        what = "water" if board.is_water[i] else starts.get(i, f"goods {board.goods_at[i]}" if board.goods_at[i]
                                                            else "")
        pic.place(board.cell_ids[i], x, y, f"{board.cell_ids[i]}\n{what}".strip(), shape=shape, size=2 / math.sqrt(3),
                  fill="#a9cde8" if board.is_water[i] else "#f2e3bd" if i in starts else "#f4f1ea", kind="cell")
    if _where(board) is None:
        for a, b in edges:
            pic.link(board.cell_ids[a], board.cell_ids[b], kind="adjacent")
    if position is not None:
        for cell, families in enumerate(position.camels):
            for f in families:
                pic.piece(board.cell_ids[cell], board.families[f], f)
    return pic
