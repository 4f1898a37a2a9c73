"""Café International's board picture: the tables by id with their nationality, the chairs by id (a seated
guest's `chair`; a chair between two tables belongs to both) and the bar's spaces with their points; with a
position, the guests on the chairs and the tiles at the bar."""
from __future__ import annotations

import math

from analyzer.core.board import Picture, spring
from analyzer.games.cafe_international import rules as r


def _tile(tile) -> str:
    """A guest (nationality, sex) as a scenario writes it."""
    nat, sex = tile
    return f"{'joker' if nat == r.JOKER else r.NATIONALITIES[nat]} {r.SEXES[sex]}"


def picture(position=None) -> Picture:
    settings = r.DEFAULT_SETTINGS if position is None else position.settings
    layout, bar = settings.layout, settings.bar_values
    tables = [table for table, _, _ in layout]
    chairs = list(dict.fromkeys(c for _, _, cs in layout for c in cs))
    lay = spring(tables + chairs, [(table, c) for table, _, cs in layout for c in cs])
    reach = 1.1 * math.sqrt(len(tables) + len(chairs))
    caption = "; ".join((
        "ILLUSTRATIVE layout (a ring of 24 tables; the printed board is only pictured)"
        if layout == r.ILLUSTRATIVE_LAYOUT else "the scenario's layout",
        "ILLUSTRATIVE bar values" if bar == r.ILLUSTRATIVE_BAR else "the scenario's bar values"))
    pic = Picture("Café International: tables, chairs (c1, ...) and the bar", caption, scale=0.55)
    for table, nat, _ in layout:
        pic.place(table, lay[table][0] * reach, lay[table][1] * reach, f"{table}\n{r.NATIONALITIES[nat]}",
                  shape="square", size=1.3, fill="#f2e3bd", kind="table")
    for c in chairs:
        pic.place(c, lay[c][0] * reach, lay[c][1] * reach, shape="dot", size=0.8, fill="#ffffff", kind="chair")
    for table, _, cs in layout:
        for c in cs:
            pic.link(table, c, kind="seat")
    for i, points in enumerate(bar):
        pic.place(f"bar {i + 1}", -reach + 1.1 * i, reach + 2.2, f"{i + 1}\n{points:+d}", shape="square", size=1,
                  fill="#cfe0f3", kind="bar")
    if position is not None:
        for chair, tile in position.seated:
            pic.piece(chair, _tile(tile))
        for i, tile in enumerate(position.bar):
            pic.piece(f"bar {i + 1}", _tile(tile))
    return pic
