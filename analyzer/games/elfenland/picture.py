"""Elfenland's board picture: the towns by name and every road as a scenario names it ("Town-Town"), coloured by
its terrain, rivers and lakes in blue; with a position, my boot, my route's legs and the counters on roads."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.elfenland import board as b

ROAD = {"plain": "#9bc53d", "forest": "#2e7d32", "desert": "#e0b000", "mountain": "#8d6e63", "river": "#1f5fd1",
        "lake": "#7fb8e6"}
KEY = ("roads: plain light green, forest dark green, desert yellow, mountain brown, river blue, lake light blue; "
       "a road is named by its towns, e.g. Elvenhold-Lapphalya")
SCALE = 1.6  # the map's units to the picture's


def picture(position=None) -> Picture:
    board = b.printed() if position is None else position.map
    caption = (f"UNVERIFIED map: {board.source}; "
               "position.map: {file: ...} takes a corrected copy" if board == b.printed()
               else f"the scenario's map: {board.source}")
    pic = Picture(f"Elfenland: towns and roads (Town-Town), the {board.name} map", f"{KEY}. {caption}", scale=0.55)
    for town, x, y in board.towns:
        pic.place(town, x * SCALE, y * SCALE, shape="circle", size=1.25, fill="#f4f1ea", kind="town")
    seen: dict = {}
    for a, c, kind in board.roads:  # a second road between the same towns (land and water): bent aside
        k = seen[(a, c)] = seen.get((a, c), -1) + 1
        if k == 0:
            pic.link(a, c, colour=ROAD[kind], width=3 if kind in b.WATER else 2.5, kind=kind)
        else:
            (ax, ay), (cx, cy) = pic.at(a), pic.at(c)
            bend = (ax + cx) / 2 - (cy - ay) * 0.12, (ay + cy) / 2 + (cx - ax) * 0.12
            pic.link(a, bend, colour=ROAD[kind], width=3, kind=kind)
            pic.link(bend, c, colour=ROAD[kind], width=3, kind=kind)
    if position is not None:
        if position.town in pic.places:
            pic.piece(position.town, "my boot", 0)
        for i, (leg, road) in enumerate(zip(position.legs, position.roads)):
            ends = (road or "").split("-") if road and road.count("-") == 1 else []
            if len(ends) == 2 and ends[1] in pic.places:
                pic.piece(ends[1], f"leg {i + 1}: {leg.kind}", 0)
    return pic
