"""Finstere Flure's board picture: the squares by [x, y] (the ids every square field reads), the exit, the
entrance, stones, crystals, turn stones, teleports and blood pools of the board a scenario plays on (the
illustrative default when it gives none); with a position, the monster and the figures."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.finstere_flure import rules as r

NAMES = {"O": "exit", "I": "entrance", "#": "stone", "*": "crystal", "b": "blood", "<": "turn left", ">": "turn right",
         "U": "turn half", "T": "teleport"}
TURNS = {"left": "<", "right": ">", "half": "U"}


def picture(position=None) -> Picture:
    board = r.DEFAULT_BOARD if position is None else position.board
    marks = {q: "b" for q in board.blood_squares()}
    marks |= {q: "#" for q in board.stones} | {q: "*" for q in board.crystals}
    marks |= {q: TURNS[turn] for q, turn in board.turn_stones.items()}
    marks |= {q: "T" for q, _ in board.teleports}
    marks |= {board.exit: "O", board.entrance: "I"}
    caption = ("ILLUSTRATIVE board: the basic game's stones as the analyzer places them without a board block "
               "(the printed diagram is missing)" if board.illustrative else "the board as the scenario gives it")
    pic = Picture(f"Finstere Flure: squares [x, y], {board.width} x {board.height}", caption, scale=0.6)
    pic.squares(board.width, board.height, marks, NAMES)
    if position is not None:
        pic.piece(f"{position.monster[0]},{position.monster[1]}", f"monster {r.DIRS[position.facing]}")
        for i, f in enumerate(position.figures):
            if f.pos is not None:
                pic.piece(f"{f.pos[0]},{f.pos[1]}", f"fig {i}", f.owner)
    return pic
