"""RoboRally's board picture: the squares by [x, y] (y grows northwards, as the loader reads them), the
elements on them, walls and flags; with a position, my robot."""
from __future__ import annotations

from analyzer.core.board import Picture
from analyzer.games.roborally import rules as r

NAMES = {"X": "pit", "c": "conveyor", "e": "express", "g": "gear", "p": "pusher", "k": "crusher", "L": "laser",
         "w": "repair", "F": "flag"}
FILLS = {"X": "#4b4b4b", "c": "#f3dc87", "e": "#e0a37a", "g": "#cfe0f3", "p": "#e9b3ad", "k": "#b9b4ad",
         "L": "#f6c3c3", "w": "#cfe8a9", "F": "#a8d5a2"}
SIDE = {0: ((-0.5, 0.5), (0.5, 0.5)), 1: ((0.5, -0.5), (0.5, 0.5)), 2: ((-0.5, -0.5), (0.5, -0.5)),
        3: ((-0.5, -0.5), (-0.5, 0.5))}  # N, E, S, W sides of a square, y up


def picture(position=None) -> Picture:
    board = r.ILLUSTRATIVE_BOARD if position is None else position.board
    d = r.DIRECTIONS
    marks, labels = {}, {}

    def put(square, mark, words):
        marks[square], labels[square] = mark, words

    for sq in board.pits:
        put(sq, "X", "pit")
    for sq, (direction, express) in board.conveyors:
        put(sq, "e" if express else "c", f"{'express' if express else 'conveyor'} {d[direction]}")
    for sq, turn in board.gears:
        put(sq, "g", f"gear {'R' if turn > 0 else 'L'}")
    for sq, (direction, registers) in board.pushers:
        put(sq, "p", f"pusher {d[direction]}\n{','.join(map(str, registers))}")
    for sq, registers in board.crushers:
        put(sq, "k", f"crusher\n{','.join(map(str, registers))}")
    for sq, direction, strength in board.lasers:
        put(sq, "L", f"laser {d[direction]} {strength}")
    for sq, wrenches in board.repairs:
        put(sq, "w", f"repair {wrenches}")
    for i, sq in enumerate(board.flags):
        put(sq, "F", f"flag {i + 1}")
    caption = "ILLUSTRATIVE board (no printed board is modelled)" if board.illustrative else "the scenario's board"
    pic = Picture(f"RoboRally: squares [x, y], {board.width} x {board.height}, north up", caption, scale=0.9,
                  y_up=True)
    pic.squares(board.width, board.height, marks, NAMES, labels, FILLS)
    for x, y, side in board.walls:
        (ax, ay), (bx, by) = SIDE[side]
        pic.link((x + ax, y + ay), (x + bx, y + by), colour="#d55e00", width=4, kind="wall", on_top=True)
    pic.legend.append("walls: " + ", ".join(f"{x},{y} {d[side]}" for x, y, side in sorted(board.walls)))
    if position is not None:
        x, y, facing, damage = position.robot
        pic.piece(f"{x},{y}", f"robot {d[facing]}", 0)
    return pic
