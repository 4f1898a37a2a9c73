"""Drunter und Drüber's board picture: what a scenario names on the town board (the building types A-F, 5 squares
each, and the routes' start corners: the coach park's road, the two watchtowers' walls, the waterworks' river);
with a position, my building and the squares of each type the opponents covered.  The printed grid, where the
buildings stand and the outhouses are in no source: the picture places nothing where the box would."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.drunter_druber import rules as r

CORNERS = (("coach park", "road", 0, 0), ("watchtower", "wall_a", 8, 0), ("watchtower", "wall_b", 0, 5.4),
           ("waterworks", "river", 8, 5.4))
KIND = {"road": "#d9c6a5", "wall_a": "#bdb6a8", "wall_b": "#bdb6a8", "river": "#b9e4f0"}


def picture(position=None) -> Picture:
    caption = ("ILLUSTRATIVE layout: the printed grid, the building squares and the outhouses are in no source; a "
               "builder is given as [column, row] of your own board (position.builders)")
    pic = Picture(f"Drunter und Drüber: building types {r.TYPES[0]}-{r.TYPES[-1]} and the route starts", caption,
                  scale=0.6)
    for name, route, x, y in CORNERS:
        pic.place(route, x, y, f"{name}\n{route}", shape="circle", size=2.0, fill=KIND[route], kind="corner")
    for i, t in enumerate(r.TYPES):
        pic.place(t, 2 + 2 * (i % 3), 1.7 + 2 * (i // 3), f"{t}\n{r.SQUARES_PER_TYPE} squares", size=1.7,
                  fill="#f2e3bd", kind="building")
    if position is not None:
        for card in position.mine:
            if card in r.TYPES:
                pic.piece(card, "mine", 0)
        for seat, opponent in enumerate(position.opponents, start=1):
            for t, n in opponent.covered:
                if n:
                    pic.piece(t, f"{position.names[seat]} covered {n}", seat)
    return pic
