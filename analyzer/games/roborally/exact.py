"""RoboRally's exact answers (spec "What the analyzer is asked", 1-2) for a robot alone on a typed board: one
register step by step (the card, then the board elements in the settings' order, then the board lasers), the search
over the ordered selections of a hand, and the next deal's chance over the hand compositions (numpy).
reference.py steps the same rules another way and `reference.reference_agrees` holds the two equal.

A robot is (x, y, facing, damage); destroyed is None.  Cards are ints (rules.CARDS).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb, perm

import numpy as np

from analyzer.games.roborally import rules as r
from analyzer.games.roborally.rules import Board, Settings


def _step(board: Board, x: int, y: int, d: int):
    """One square in direction d: the new square, the old one when a wall stops it, None when it falls (a pit or
    the edge)."""
    if board.wall(x, y, d):
        return x, y
    dx, dy = r.STEP[d]
    sq = (x + dx, y + dy)
    return None if not board.on_board(sq) or sq in board.pits else sq


def _move(board: Board, robot, card: int):
    x, y, f, dmg = robot
    f = (f + r.TURNS[card]) % 4
    n = r.MOVES[card]
    d = f if n > 0 else (f + 2) % 4
    for _ in range(abs(n)):
        sq = _step(board, x, y, d)
        if sq is None:
            return None
        x, y = sq
    return x, y, f, dmg


def _convey(board: Board, robot, express_only: bool):
    x, y, f, dmg = robot
    belt = board.conveyor_at((x, y))
    if belt is None or (express_only and not belt[1]):
        return robot
    sq = _step(board, x, y, belt[0])
    if sq is None:
        return None
    onto = board.conveyor_at(sq) if sq != (x, y) else None
    turn = (onto[0] - belt[0]) % 4 if onto else 0
    return sq[0], sq[1], (f + (turn if turn != 2 else 0)) % 4, dmg  # a belt meeting head-on does not turn


def _element(board: Board, robot, name: str, register: int):
    if name in ("express", "conveyors"):
        return _convey(board, robot, name == "express")
    x, y, f, dmg = robot
    if name == "gears":
        turn = board.gear_at((x, y))
        return robot if turn is None else (x, y, (f + turn) % 4, dmg)
    if name == "pushers":
        pusher = board.pusher_at((x, y))
        if pusher is None or register not in pusher[1]:
            return robot
        sq = _step(board, x, y, pusher[0])
        return None if sq is None else (sq[0], sq[1], f, dmg)
    regs = board.crusher_at((x, y))
    return None if regs is not None and register in regs else robot


def _laser_hits(board: Board, x: int, y: int) -> int:
    damage = 0
    for (lx, ly), d, strength in board.lasers:
        sq = (lx, ly)
        while board.on_board(sq):
            if sq == (x, y):
                damage += strength
                break
            if board.wall(sq[0], sq[1], d):
                break
            sq = (sq[0] + r.STEP[d][0], sq[1] + r.STEP[d][1])
    return damage


def register_step(board: Board, s: Settings, robot, card: int, register: int):
    """One register (1-5) for a robot alone: its card, the board elements, the board lasers."""
    robot = _move(board, robot, card)
    for name in r.element_sequence(s):
        if robot is None:
            return None
        robot = _element(board, robot, name, register)
    if robot is None:
        return None
    x, y, f, dmg = robot
    dmg += _laser_hits(board, x, y)
    return None if dmg >= s.destroy_at else (x, y, f, dmg)


def run_program(board: Board, s: Settings, robot, program, flag) -> tuple[int | None, tuple | None]:
    """(the register the robot first stands on `flag` at a register's end, or None; the robot after register 5)."""
    touched = None
    for register, card in enumerate(program, 1):
        robot = register_step(board, s, robot, card, register)
        if robot is None:
            return touched, None
        if touched is None and robot[:2] == tuple(flag):
            touched = register
    return touched, robot


class Stepper:
    """register_step memoised: the search meets the same (robot, card, register) many times."""

    def __init__(self, board: Board, s: Settings):
        self.board, self.s, self.memo = board, s, {}

    def __call__(self, robot, card: int, register: int):
        key = (robot, card, register)
        if key not in self.memo:
            self.memo[key] = register_step(self.board, self.s, robot, card, register)
        return self.memo[key]


def reaching_prefixes(board: Board, s: Settings, robot, flag, locked: dict, counts) -> list[tuple]:
    """Every program prefix that first stands on `flag` at its last register: (cards by register, register).
    `locked` {register: card} is fixed; the free registers take cards from `counts` (7 per-type counts; None:
    unlimited)."""
    step, out, flag = Stepper(board, s), [], tuple(flag)
    left = list(counts) if counts is not None else None

    def walk(robot, register, cards):
        if register > r.REGISTERS:
            return
        options = (locked[register],) if register in locked else range(len(r.CARDS))
        for card in options:
            free = register not in locked
            if free and left is not None:
                if not left[card]:
                    continue
                left[card] -= 1
            nxt = step(robot, card, register)
            if nxt is not None:
                if nxt[:2] == flag:
                    out.append((cards + (card,), register))
                else:
                    walk(nxt, register + 1, cards + (card,))
            if free and left is not None:
                left[card] += 1

    walk(robot, 1, ())
    return out


def reach(board: Board, s: Settings, robot, flag, locked: dict, hand) -> dict:
    """Question 1 for a known hand (card ints): every reaching prefix with its register and how many ordered
    selections of the hand's cards (card by card) program it, and the share of all selections that reach."""
    counts = [hand.count(c) for c in range(len(r.CARDS))]
    free = [g for g in range(1, r.REGISTERS + 1) if g not in locked]
    total = perm(len(hand), len(free))
    rows, reaching = [], 0
    for cards, register in reaching_prefixes(board, s, robot, flag, locked, counts):
        used = [c for g, c in enumerate(cards, 1) if g not in locked]
        ways, left = 1, list(counts)
        for c in used:
            ways *= left[c]
            left[c] -= 1
        ways *= perm(len(hand) - len(used), len(free) - len(used))  # any cards in the later free registers
        reaching += ways
        rows.append({"cards": cards, "register": register, "selections": ways})
    rows.sort(key=lambda row: (row["register"], -row["selections"], row["cards"]))
    return {"programs": rows, "reaching": reaching, "selections": total,
            "share": Fraction(reaching, total) if total else Fraction(int(bool(rows)))}


def compositions(size: int, caps) -> np.ndarray:
    """Every hand composition (k_0..k_6) with sum `size` and k_c <= caps[c], one row each."""
    rows = [()]
    for i, cap in enumerate(caps):
        rest = sum(caps[i + 1:])
        rows = [row + (k,) for row in rows for k in range(min(cap, size - sum(row)) + 1)
                if size - sum(row) - k <= rest]
    return np.array([row for row in rows if sum(row) == size], dtype=np.int64).reshape(-1, len(caps))


def minimal_needs(prefixes, locked: dict) -> np.ndarray:
    """The free cards each reaching prefix uses, as count vectors, with every vector that contains another dropped."""
    needs = set()
    for cards, _ in prefixes:
        vec = [0] * len(r.CARDS)
        for g, c in enumerate(cards, 1):
            if g not in locked:
                vec[c] += 1
        needs.add(tuple(vec))
    ordered = sorted(needs, key=sum)
    kept: list[tuple] = []
    for v in ordered:
        if not any(all(a <= b for a, b in zip(k, v)) for k in kept):
            kept.append(v)
    return np.array(kept, dtype=np.int64).reshape(-1, len(r.CARDS))


def deal_chance(board: Board, s: Settings, robot, flag, locked: dict, unseen) -> dict:
    """Question 2: P(the next deal, hand_base - damage cards from the `unseen` deck (7 per-type counts), holds the
    free cards of some program reaching `flag`), exact over the hand compositions (multivariate hypergeometric)."""
    size = r.cards_dealt(robot[3], s)
    prefixes = reaching_prefixes(board, s, robot, flag, locked, None)
    needs = minimal_needs(prefixes, locked)
    comps = compositions(size, list(unseen))
    if len(needs):
        works = (comps[:, None, :] >= needs[None, :, :]).all(axis=2).any(axis=1)
    else:
        works = np.zeros(len(comps), dtype=bool)
    table = [[comb(n, k) for k in range(size + 1)] for n in unseen]
    hits = sum(_weight(table, row) for row in comps[works].tolist())
    total = comb(sum(unseen), size)
    return {"p": Fraction(hits, total), "hands": total, "compositions": len(comps),
            "working_compositions": int(works.sum()), "needs": needs.tolist(), "size": size}


def _weight(table, row) -> int:
    w = 1
    for c, k in enumerate(row):
        w *= table[c][k]
    return w
