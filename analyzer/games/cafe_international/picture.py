"""Café International's board picture: the tables by id with their nationality, the chairs by id (a seated
guest's `chair`; a chair between two tables belongs to both) and the bar's spaces with their points; with a
position, the guests on the chairs and the tiles at the bar."""
from __future__ import annotations

import math

from analyzer.core.board import Picture
from analyzer.games.cafe_international import rules as r


def _places(layout) -> dict:
    """Tables round a circle in layout order; a chair two tables share between them, a table's own chairs on
    its outer side."""
    n = len(layout)
    radius = max(2.5, 2.6 * n / (2 * math.pi))
    at = {table: (radius * math.cos(2 * math.pi * i / n), radius * math.sin(2 * math.pi * i / n))
          for i, (table, _, _) in enumerate(layout)}
    tables_of: dict = {}
    for table, _, chairs in layout:
        for c in chairs:
            tables_of.setdefault(c, []).append(table)
    for table, _, chairs in layout:
        own = [c for c in chairs if len(tables_of[c]) == 1]
        x, y = at[table]
        d = math.hypot(x, y) or 1
        for j, c in enumerate(own):
            side = (j - (len(own) - 1) / 2) * 1.0
            at[c] = (x + 1.3 * x / d - side * y / d, y + 1.3 * y / d + side * x / d)
    for c, tables in tables_of.items():
        if len(tables) > 1:
            at[c] = (sum(at[t][0] for t in tables) / len(tables), sum(at[t][1] for t in tables) / len(tables))
    return at


def _tile(tile) -> str:
    """A guest (nationality, sex) as a scenario writes it."""
    nat, sex = tile
    return f"{'joker' if nat == r.JOKER else r.NATIONALITIES[nat]} {r.SEXES[sex]}"


def picture(position=None) -> Picture:
    settings = r.DEFAULT_SETTINGS if position is None else position.settings
    layout, bar = settings.layout, settings.bar_values
    where = _places(layout)
    reach = max(abs(c) for xy in where.values() for c in xy)
    caption = "; ".join((
        "ILLUSTRATIVE layout (a ring of 24 tables; the printed board is only pictured)"
        if layout == r.ILLUSTRATIVE_LAYOUT else "the scenario's layout",
        "ILLUSTRATIVE bar values" if bar == r.ILLUSTRATIVE_BAR else "the scenario's bar values"))
    pic = Picture("Café International: tables, chairs (c1, ...) and the bar", caption, scale=0.55)
    for table, nat, _ in layout:
        pic.place(table, *where[table], f"{table}\n{r.NATIONALITIES[nat]}",
                  shape="square", size=1.3, fill="#f2e3bd", kind="table")
    for c in dict.fromkeys(c for _, _, cs in layout for c in cs):
        pic.place(c, *where[c], shape="dot", size=0.8, fill="#ffffff", kind="chair")
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
