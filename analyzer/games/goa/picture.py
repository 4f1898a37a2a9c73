"""Goa's board picture: the development board (the five columns by name, rows 1-5 with what each row gives)
and the four colonies a founding names, with the colonists each needs; with a position, my founded colonies
and the colony being attempted."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.goa import rules as r


def _value(value) -> str:
    return f"{value[0]} / {value[1]}" if isinstance(value, tuple) else str(value)


def picture(position=None) -> Picture:
    settings = r.DEFAULT_SETTINGS if position is None else position.settings
    development = settings.development
    caption = ("development values partly ILLUSTRATIVE (rules.development replaces them); expedition: cards "
               "taken / hand limit; a colony needs that many colonists")
    pic = Picture("Goa: the development board (columns, rows 1-5) and the colonies", caption, scale=0.8)
    pic.place("colonies", 2.6 * len(r.COLUMNS) + 0.6, 0, shape="text", kind="column")
    for c, column in enumerate(r.COLUMNS):
        pic.place(column, 2.6 * c, 0, shape="text", kind="column")
        for row in range(r.ROWS):
            pic.place(f"{column} {row + 1}", 2.6 * c, 1.1 * (row + 1), f"{row + 1}: {_value(development[c][row])}",
                      shape="square", size=1.0, kind="row")
    for k, colony in enumerate(r.COLONIES):
        pic.place(colony, 2.6 * len(r.COLUMNS) + 0.6, 1.1 * (k + 1),
                  f"{colony}\nneeds {r.COLONY_TARGETS[k]},\n{r.COLONY_TILES[k]} tiles", shape="circle", size=1.05,
                  fill="#cfe8a9", kind="colony")
    if position is not None:
        for k in position.founded:
            pic.piece(r.COLONIES[k], "founded", position.me)
        attempt = position.attempt
        if attempt is not None and attempt.target is not None:
            pic.piece(r.COLONIES[attempt.target], "attempted", position.me)
    return pic
