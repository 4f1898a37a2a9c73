"""Camel Up's board picture: the track's spaces by number (a stack's `space`, a tile's `space`); with a
position, the camels on them (the top camel first), the desert or spectator tiles and the camera."""
from __future__ import annotations

from analyzer.core import style
from analyzer.core.board import Picture
from analyzer.games.camelup import rules as r


def picture(position=None) -> Picture:
    rules = r.rule_set() if position is None else position.rules
    last = max([rules.track_length] + list(position.stacks if position is not None else ()))
    pic = Picture(f"Camel Up: the track, spaces 1-{rules.track_length} (the finish after {rules.track_length})",
                  "" if position is None else f"player {position.to_move} to move", scale=0.9)
    for s in range(1, last + 1):
        pic.place(s, 1.5 * s, 0, shape="square", size=1.4, fill="#f4f1ea" if s <= rules.track_length else "#fdd",
                  kind="space")
    if position is None:
        return pic
    names = position.camel_names
    for s, stack in position.stacks.items():
        for camel in reversed(stack):  # the top camel first
            name = names[camel]
            pic.piece(s, name, colour=style.CAMELS.get(name, "#888888"))
    for tile in position.desert:
        pic.piece(tile.space, f"{tile.side(rules)} P{tile.owner}", tile.owner)
    if position.photographer:
        space, holder = position.photographer
        pic.piece(space, f"camera P{holder}", holder)
    return pic
