"""Emerald's board picture: the track by the numbers a knight's position is written in (fields 1-6, caves 1-9
as 7-15, the treasure chamber 16, the start squares s1-s5, the nest); with a position, the knights, the dragon and its
trail, and the gem and gold stacks in the caves."""
from __future__ import annotations

from analyzer.core import style
from analyzer.core.board import Picture
from analyzer.games.emerald import rules as r

FILL = {"field": "#cfe8a9", "cave": "#b9b4ad", "chamber": "#f3dc87", "start": "#f4f1ea"}


def picture(position=None) -> Picture:
    pic = Picture("Emerald: the track (knights: s1-s5, 1-15, chamber, nest; stacks: caves 1-9)",
                  "fields 1-6, caves 1-9 at positions 7-15, the treasure chamber 16, the nest", scale=0.75)
    for k, pos in enumerate(r.START_SQUARES):
        pic.place(r.position_name(pos), 0, 1.3 * (k - 2), shape="square", size=1.1, fill=FILL["start"], kind="start")
    for pos in range(1, r.CHAMBER + 1):
        what = "chamber" if pos == r.CHAMBER else "cave" if r.cave_of(pos) else "field"
        label = f"{pos}\n{r.position_name(pos)}" if what != "field" else f"{pos}\nfield"
        pic.place(pos, 1.3 * pos, 0, label, shape="square", size=1.2, fill=FILL[what], kind=what)
    pic.place("nest", 1.3 * r.CHAMBER, 1.5, shape="circle", size=1.1, fill=FILL["start"], kind="nest")
    if position is None:
        return pic
    for colour, places in enumerate(position.knights):
        for pos in places:
            name = r.COLOURS[colour]
            pic.piece(r.position_name(pos) if pos in r.START_SQUARES or pos == r.NEST else pos, name,
                      colour=style.CAMELS.get(name, "#888888"))
    cave, facing, trail = position.dragon
    pic.piece(r.cave_pos(cave), f"dragon {'<' if facing == r.ENTRANCE else '>'}")
    for c in range(trail, min(trail + 4, r.CAVES + 1)):
        pic.piece(r.cave_pos(c), "trail")
    for c in range(r.CAVES):
        if position.gem_top[c] >= 0:
            pic.piece(r.cave_pos(c + 1), f"{r.GEMS[position.gem_top[c]]} +{position.gem_below[c]}")
        if position.gold_top[c]:
            pic.piece(r.cave_pos(c + 1), f"gold {position.gold_top[c]} +{position.gold_below[c]}")
    return pic
