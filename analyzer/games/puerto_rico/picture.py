"""Puerto Rico's board picture: the role cards (the names `roles_taken` and `role_doubloons` use) and the
buildings supply board, the buildings in their four quarry columns (cost, VP and copies of each, by the names a
scenario's `boards[i].buildings` uses); with a position, the doubloons on each role card and who took it, how many
of each building are left and which seats hold one.  The islands and cities are counted by crop and named by
building, not placed by square, so the player boards are not drawn."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.puerto_rico import rules as r

COLUMN_FILL = {1: "#e6efd9", 2: "#dfe8f3", 3: "#f3e6d3", 4: "#eadcf0"}
PRODUCTION = "#f6f1c9"


def picture(position=None) -> Picture:
    settings = position.settings if position is not None else r.DEFAULT_SETTINGS
    caption = ("roles_taken: {seat: role}, role_doubloons: {role: n}; boards[i].buildings: {name: colonists on it}; "
               "a building's column is the quarries a builder may use (and its VP); large buildings take two city "
               "spaces")
    pic = Picture("Puerto Rico: the role cards, and the buildings by quarry column", caption, scale=0.55)
    for i, role in enumerate(r.ROLES):
        pic.place(role, 2.2 * i, -3.2, role, shape="circle", size=1.6, fill="#efe6d2", kind="role")
    rows: dict[int, int] = {}
    for b in range(len(r.BUILDINGS)):
        building = settings.building(b)
        column = building.column
        row = rows.get(column, 0)
        rows[column] = row + 1
        left = building.count if position is None else position.buildings_left[b]
        label = f"{building.name}\ncost {building.cost} · {left} left"
        fill = PRODUCTION if building.good >= 0 else COLUMN_FILL[column]
        pic.place(building.name, 4.4 * (column - 1), 1.6 * row, label, size=1.1, fill=fill, kind="building")
    for column in rows:
        pic.place(f"column {column}", 4.4 * (column - 1), -1.3, f"column {column}: {column} VP, "
                                                                f"{column} quarr{'y' if column == 1 else 'ies'}",
                  shape="text", kind="column")
    if position is None:
        return pic
    cards = r.role_cards(position.players)
    for seat, card in position.roles_taken:
        pic.piece(r.ROLES[cards[card]], f"taken: seat {seat}", seat)
    for card, n in enumerate(position.role_doubloons):
        if n:
            pic.piece(r.ROLES[cards[card]], f"{n} doubloon{'s' if n > 1 else ''}")
    for seat, board in enumerate(position.boards or ()):
        for b, _ in board.buildings:
            pic.piece(r.BUILDING_NAMES[b], f"seat {seat}", seat)
    return pic
