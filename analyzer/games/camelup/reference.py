"""The readable reference rules: plain Python, one camel move at a time, exact fractions.

Slow on purpose.  Tests hold the vectorised engine (`sim.py`, `exact.py`) to it.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

Stacks = dict[int, list[int]]  # space -> camels bottom to top
GREY = -1


def move(stacks: Stacks, camel: int, steps: int, tiles: dict[int, int], backward: bool = False) -> int | None:
    """Move `camel` (and everything on it) `steps` spaces: forwards, or backwards for a
    crazy camel.  A +1 tile sends the unit one space further in its own direction, on top;
    a -1 tile one space back against it, under what is there.  Returns the space of the
    tile the unit landed on, or None."""
    start = next(space for space, stack in stacks.items() if camel in stack)
    stack = stacks[start]
    level = stack.index(camel)
    unit, stacks[start] = stack[level:], stack[:level]
    if not stacks[start]:
        del stacks[start]
    direction = -1 if backward else 1
    target = start + direction * steps
    push = tiles.get(target, 0)
    end = target + direction * push
    there = stacks.setdefault(end, [])
    if push < 0:  # mirage / booing: under whatever is there
        stacks[end] = unit + there
    else:  # plain move, oasis / cheering: on top
        there.extend(unit)
    return target if push else None


def crazy_mover(stacks: Stacks, named: int, crazy: tuple[int, int], racing: set[int]) -> int:
    """The crazy camel a grey-die face moves (camelup.md §3)."""
    def carries(c):
        space = next(s for s, stack in stacks.items() if c in stack)
        return any(x in racing for x in stacks[space][stacks[space].index(c) + 1:])

    first, second = crazy
    if carries(first) != carries(second):
        return first if carries(first) else second
    for below, above in ((first, second), (second, first)):
        for stack in stacks.values():
            if below in stack and stack.index(below) + 1 < len(stack) and stack[stack.index(below) + 1] == above:
                return above
    return named


def ranking(stacks: Stacks, racing: set[int] | None = None) -> list[int]:
    """Racing camels from first to last: furthest space first, higher in a stack first."""
    order = [c for space in sorted(stacks, reverse=True) for c in reversed(stacks[space])]
    return [c for c in order if racing is None or c in racing]


def finished(stacks: Stacks, track_length: int) -> bool:
    """A unit crossed the line: past the last space, or (a crazy camel) back past space 1."""
    return max(stacks) > track_length or min(stacks) < 1


def leg_odds(stacks: Stacks, dice: tuple, tiles: dict[int, int], faces: tuple[int, ...],
             track_length: int, n_camels: int, crazy: tuple[int, int] | None = None, dice_left_at_end: int = 0,
             die_faces: dict | None = None):
    """Exact leg-end rank distribution and expected landings per player tile.

    `dice` are camel numbers, ("boost", camel) for a boost die, GREY for the grey die (a
    face names a crazy camel and a step).  `die_faces` gives other faces per die (boost).  The leg ends when
    `dice_left_at_end` dice remain, or early when the race ends.
    Returns (probs, landings): probs[camel][rank] and landings[space] as Fractions."""
    frozen_tiles = tuple(sorted(tiles.items()))
    racing = set(range(n_camels)) - set(crazy or ())

    def outcomes(die):
        if die == GREY:
            return [(c, s) for c in crazy for s in faces]
        camel = die[1] if isinstance(die, tuple) else die  # ("boost", camel) is a boost die
        return [(camel, s) for s in (die_faces or {}).get(die, faces)]

    @lru_cache(maxsize=None)
    def walk(board, dice_left):
        now = {space: list(stack) for space, stack in board}
        probs = [[Fraction(0)] * n_camels for _ in range(n_camels)]
        landings = {space: Fraction(0) for space, _ in frozen_tiles}
        if len(dice_left) <= dice_left_at_end or finished(now, track_length):
            for rank, camel in enumerate(ranking(now, racing)):
                probs[camel][rank] = Fraction(1)
            return probs, landings
        for i, die in enumerate(dice_left):
            rest = dice_left[:i] + dice_left[i + 1:]
            options = outcomes(die)
            share = Fraction(1, len(dice_left) * len(options))
            for camel, steps in options:
                after = {space: list(stack) for space, stack in now.items()}
                backward = die == GREY
                if backward:
                    camel = crazy_mover(after, camel, crazy, racing)
                landed = move(after, camel, steps, tiles, backward)
                if landed is not None:
                    landings[landed] += share
                sub_probs, sub_landings = walk(_freeze(after), rest)
                for c in range(n_camels):
                    for r in range(n_camels):
                        probs[c][r] += share * sub_probs[c][r]
                for space, value in sub_landings.items():
                    landings[space] += share * value
        return probs, landings

    return walk(_freeze(stacks), tuple(dice))


def _freeze(stacks: Stacks):
    return tuple(sorted((space, tuple(stack)) for space, stack in stacks.items()))
