"""Alhambra's board picture: each player's alhambra on the squares a tile's `at: [x, y]` names (the fountain
at [0, 0], y growing southward); with a position, every seat's placed tiles with their kind, cost and walls."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import rules as r

FILL = ("#f3c6c6", "#cfe0f3", "#f3dc87", "#d9c6f3", "#cfe8a9", "#e0a37a")  # by kind
SIDE = {0: ((-0.5, -0.5), (0.5, -0.5)), 1: ((0.5, -0.5), (0.5, 0.5)), 2: ((-0.5, 0.5), (0.5, 0.5)),
        3: ((-0.5, -0.5), (-0.5, 0.5))}  # N, E, S, W sides of a square, y down


def _grid(pic: Picture, tiles: dict, left: float, name: str) -> float:
    """One alhambra from x = left: its squares one beyond its tiles; returns where the next may start."""
    xs, ys = [x for x, _ in tiles] + [0], [y for _, y in tiles] + [0]
    for y in range(min(ys) - 1, max(ys) + 2):
        for x in range(min(xs) - 1, max(xs) + 2):
            at, tile = (left + x - min(xs) + 1, y), tiles.get((x, y))
            if (x, y) == layout.ORIGIN:
                what, fill = "fountain", "#a9cde8"
            elif tile is None:
                what, fill = "", "#f4f1ea"
            else:
                what, fill = f"{r.KINDS[r.TILE_KIND[tile]]}\n{r.TILE_COST[tile]}", FILL[r.TILE_KIND[tile]]
            pic.place(f"{name}{x},{y}", *at, f"[{x}, {y}]\n{what}".strip(), size=0.95, fill=fill, kind="square")
            for side in r.TILE_WALLS[tile] if tile is not None and tile != r.FOUNTAIN else ():
                (ax, ay), (bx, by) = SIDE[side]
                pic.link((at[0] + ax, y + ay), (at[0] + bx, y + by), colour="#6b3d1f", width=4, on_top=True)
    return left + max(xs) - min(xs) + 4


def picture(position=None) -> Picture:
    pic = Picture("Alhambra: a tile's square at: [x, y] (the fountain at [0, 0], y grows southward)",
                  "a tile's walls: n, e, s, w (north up)" if position is None
                  else "walls in brown; each seat's alhambra from the left, seat 0 first",
                  scale=0.9)
    if position is None:
        _grid(pic, {(x, y): None for x in (-2, 2) for y in (-2, 2)}, 0, "")
        return pic
    left = 0.0
    for seat, tiles in enumerate(position.alhambras):
        pic.place(f"seat {seat}", left + 1, min([y for _, y in tiles] + [0]) - 2, f"seat {seat}", shape="text")
        left = _grid(pic, dict(tiles), left, f"seat {seat} ")
    return pic
