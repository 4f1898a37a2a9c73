"""San Marco's board picture: the six districts by the names a scenario writes (with die face and prestige
values) and the district pairs a bridge may join; with a position, the aristocrats, bridges and the Doge."""
from __future__ import annotations

from analyzer.core import style
from analyzer.core.board import Picture
from analyzer.games.san_marco import rules as r

# the districts roughly where they lie in Venice (the board's own layout is not in the sources)
WHERE = {"Cannaregio": (3, 0), "Santa Croce": (0, 1.6), "San Polo": (2.6, 2.6), "San Marco": (5.4, 3.2),
         "Castello": (7, 1), "Dorsoduro": (1.2, 4.6)}
COLOURS = style.CAMELS  # the named colours every picture uses (red, blue, green, yellow among them)


def picture(position=None) -> Picture:
    board = r.Board() if position is None else position.board
    caption = ("district places drawn from Venice's map; " + (board.label() if board.illustrative else
                                                               "values and bridges as the scenario gives them"))
    pic = Picture("San Marco: districts and where a bridge may stand", caption, scale=0.9)
    for d, name in enumerate(r.DISTRICTS):
        pic.place(name, *WHERE[name], f"{name}\ndie {board.die[d]}, {board.high[d]}/{board.low[d]}",
                  shape="circle", size=1.9, fill="#e8dcc0", kind="district")
    for a, b in board.pairs:
        pic.link(r.DISTRICTS[a], r.DISTRICTS[b], f"{r.DISTRICTS[a]}-{r.DISTRICTS[b]}", colour="#9fb8cf",
                 kind="pair")
    if position is not None:
        for (a, b), owner in position.bridges:
            pic.link(r.DISTRICTS[a], r.DISTRICTS[b], colour=COLOURS[position.seats[owner]], width=4, kind="bridge")
        for d, counts in enumerate(position.aristocrats):
            for seat, n in enumerate(counts):
                if n:
                    pic.piece(r.DISTRICTS[d], f"{position.seats[seat]} {n}", colour=COLOURS[position.seats[seat]])
        if position.doge is not None:
            pic.piece(r.DISTRICTS[position.doge], "Doge")
    return pic

