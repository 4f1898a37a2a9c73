"""Caylus's board picture: the road's spaces by number (a building's `space`, the provost and the bailiff),
the six neutral buildings' spaces 1-6; with a position, the buildings, their owners and workers, the provost
and the bailiff.  No source gives the printed road's length: a position's `road_length`, else the road is drawn
to the last space in use."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.caylus import rules as r

ROW = 10  # spaces a row, the road snaking down the picture


def picture(position=None) -> Picture:
    built = {} if position is None else {space: (building, owner, worker)
                                         for space, building, owner, worker in position.road}
    neutral = (None,) * len(r.NEUTRALS) if position is None else position.neutral_order
    used = [len(r.NEUTRALS), *built] + ([position.provost, position.bailiff] if position is not None else [])
    length = (position.road_length if position is not None and position.road_length else None) or max(used) + 2
    pic = Picture("Caylus: the road's spaces (spaces 1-6: the neutral buildings, blue)",
                  "the road drawn to " + ("its road_length" if length != max(used) + 2 else "the last space in use")
                  + "; a neutral building not yet known: 'neutral ?'", scale=0.7)
    for space in range(1, length + 1):
        row, col = divmod(space - 1, ROW)
        x = col if row % 2 == 0 else ROW - 1 - col
        if space <= len(r.NEUTRALS):
            what, fill = neutral[space - 1] or "neutral ?", "#cfe0f3"
        elif space in built:
            what, fill = built[space][0].replace("_", " "), "#f2e3bd"
        else:
            what, fill = "", "#f4f1ea"
        pic.place(space, 1.7 * x, 1.7 * row, f"{space}\n{what}".strip(), shape="square", size=1.5, fill=fill,
                  kind="space")
    if position is not None:
        for space, (_, owner, worker) in built.items():
            if owner:
                pic.piece(space, f"owner {owner}")
            if worker:
                pic.piece(space, f"worker {worker}")
        for who, space in (("provost", position.provost), ("bailiff", position.bailiff)):
            if 1 <= space <= length:
                pic.piece(space, who)
    return pic
