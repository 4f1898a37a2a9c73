"""The readable reference rules: plain Python, one camel move at a time, exact fractions.

Slow on purpose.  Tests hold the vectorised engine (`sim.py`, `exact.py`) to it.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

Stacks = dict[int, list[int]]  # space -> camels bottom to top


def move(stacks: Stacks, camel: int, steps: int, desert: dict[int, int]) -> int | None:
    """Move `camel` (and everything on it) `steps` forward.  Returns the space of the
    desert tile the unit landed on, or None."""
    start = next(space for space, stack in stacks.items() if camel in stack)
    stack = stacks[start]
    level = stack.index(camel)
    unit, stacks[start] = stack[level:], stack[:level]
    if not stacks[start]:
        del stacks[start]
    target = start + steps
    push = desert.get(target, 0)
    end = target + push
    there = stacks.setdefault(end, [])
    if push < 0:  # mirage: the unit slides under whatever is there
        stacks[end] = unit + there
    else:  # plain move or oasis: on top
        there.extend(unit)
    return target if push else None


def ranking(stacks: Stacks) -> list[int]:
    """Camels from first to last: furthest space first, higher in a stack first."""
    return [c for space in sorted(stacks, reverse=True) for c in reversed(stacks[space])]


def finished(stacks: Stacks, track_length: int) -> bool:
    return max(stacks) > track_length


def leg_odds(stacks: Stacks, dice: tuple[int, ...], desert: dict[int, int], faces: tuple[int, ...],
             track_length: int, n_camels: int):
    """Exact leg-end rank distribution and expected landings per desert tile.

    Returns (probs, landings): probs[camel][rank] and landings[space] as Fractions.
    The leg ends early when a camel crosses the finish line."""
    frozen_desert = tuple(sorted(desert.items()))

    @lru_cache(maxsize=None)
    def walk(board, dice_left):
        stacks_now = {space: list(stack) for space, stack in board}
        probs = [[Fraction(0)] * n_camels for _ in range(n_camels)]
        landings = {space: Fraction(0) for space, _ in frozen_desert}
        if not dice_left or finished(stacks_now, track_length):
            for rank, camel in enumerate(ranking(stacks_now)):
                probs[camel][rank] = Fraction(1)
            return probs, landings
        share = Fraction(1, len(dice_left) * len(faces))
        for die in dice_left:
            rest = tuple(d for d in dice_left if d != die)
            for steps in faces:
                after = {space: list(stack) for space, stack in stacks_now.items()}
                landed = move(after, die, steps, desert)
                if landed is not None:
                    landings[landed] += share
                sub_probs, sub_landings = walk(_freeze(after), rest)
                for c in range(n_camels):
                    for r in range(n_camels):
                        probs[c][r] += share * sub_probs[c][r]
                for space, value in sub_landings.items():
                    landings[space] += share * value
        return probs, landings

    return walk(_freeze(stacks), tuple(sorted(dice)))


def _freeze(stacks: Stacks):
    return tuple(sorted((space, tuple(stack)) for space, stack in stacks.items()))
