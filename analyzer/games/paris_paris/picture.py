"""Paris Paris's board picture: every stop by the name a scenario writes (a tile is "Stop/colour"), the five
bus lines in their colours, crossings marked; with a position, the shops on the stops."""
from __future__ import annotations

from analyzer.core.board import Picture, spring
from analyzer.games.paris_paris import rules as r

LINE = {"blue": "#1f5fd1", "red": "#d62828", "green": "#1f9d3a", "yellow": "#e0b000", "brown": "#8b5a2b"}
SHOP = {"grey": "#9a9a9a", "purple": "#8e3bc7", "black": "#222222", "white": "#f4f4f4"}


def picture(position=None) -> Picture:
    board = (r.DEFAULT_SETTINGS if position is None else position.settings).map
    pairs = [(a, b) for _, stops in board.lines for a, b in zip(stops, stops[1:])]
    lay = spring(board.stops, pairs)
    caption = ("ILLUSTRATIVE map: every two lines cross once (the printed map is in no source)"
               if board == r.ILLUSTRATIVE_MAP else "the scenario's map")
    pic = Picture("Paris Paris: stops by name, bus lines by colour (crossings hold 2 shops)", caption, scale=0.7)
    for stop in board.stops:
        crossing = board.is_crossing(stop)
        pic.place(stop, lay[stop][0] * 8, lay[stop][1] * 8, f"{stop}\n{'crossing' if crossing else ''}".strip(),
                  shape="circle", size=1.6 if crossing else 1.3, fill="#f2e3bd" if crossing else "#f4f1ea",
                  kind="stop")
    for colour, stops in board.lines:
        for a, b in zip(stops, stops[1:]):
            pic.link(a, b, colour=LINE.get(colour, "#8a8170"), width=3, kind=colour)
    pic.legend += [f"{colour} line: {' - '.join(stops)}" for colour, stops in board.lines]
    if position is not None:
        for stop, owners in position.shops:
            for owner in owners:
                pic.piece(stop, f"shop {owner}", colour=SHOP.get(owner))
    return pic
