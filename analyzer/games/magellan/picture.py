"""Magellan's board picture: each explorer's row by the name a scenario writes (`ships.<explorer>`), its side
and power, and its three fields (field 1-3: the crowns of a ship ending there, the cards it draws); with a bid
state, the ships on the fields."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.magellan import rules as r


def picture(position=None) -> Picture:
    rules = r.rule_set() if position is None else position.rules
    given = sum(rules.supplied)
    caption = (f"{'ILLUSTRATIVE rows' if given < len(r.EXPLORERS) else 'rows'}: {given} of {len(r.EXPLORERS)} "
               "given by the scenario (`analyzer board magellan --template`); a field: its number: the crowns of a ship "
               "ending there, +cards drawn; powers: " + ", ".join(f"{name} {row.power}" for name, row in
                                                                  zip(r.EXPLORERS, rules.rows) if row.power))
    pic = Picture("Magellan: the explorers' rows (ships.<explorer>[field 1-3])", caption, scale=0.8)
    for e, name in enumerate(r.EXPLORERS):
        row, y = rules.rows[e], 1.2 * e
        pic.place(name, 0, y, f"{name} {rules.sides[e]}", shape="text", kind="explorer")
        for f in range(r.PHASES):
            right = f" | {row.right_crowns[f]}" if row.right_crowns else ""
            pic.place(f"{name} {f + 1}", 2.2 + 2.2 * f, y, f"{f + 1}: {row.crowns[f]}{right}\n+{row.bags[f]} cards",
                      shape="square", size=1.05, kind="field")
    for halves, mark in ((getattr(position, "ships", None), ""), (getattr(position, "right", None), " right")):
        for e, fields in enumerate(halves or ()):
            for f, owners in enumerate(fields):
                for owner in owners:
                    pic.piece(f"{r.EXPLORERS[e]} {f + 1}", f"P{owner}{mark}", owner)
    return pic
