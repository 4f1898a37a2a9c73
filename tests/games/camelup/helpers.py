"""Build positions and step the vectorised engine one move at a time, for tests."""
from __future__ import annotations

import numpy as np

from analyzer.games.camelup import sim
from analyzer.games.camelup.rules import EDITIONS
from analyzer.games.camelup.state import DesertTile, parse_position

B, G, O, Y, W = range(5)


def position(track, dice=None, desert=(), **extra):
    names = EDITIONS["first"].camels
    data = {"game": "camelup", "position": {
        "track": {space: [names[c] for c in stack] for space, stack in track.items()},
        "dice_left": [names[c] for c in (dice if dice is not None else sorted(c for s in track.values() for c in s))],
        "desert": [{"space": s, "side": "oasis" if push > 0 else "mirage", "owner": i}
                   for i, (s, push) in enumerate(desert)],
        **extra}}
    return parse_position(data)


def vector_move(stacks, camel, steps, desert=None):
    """One move on the vectorised engine; returns (stacks, landed space or None)."""
    desert = desert or {}
    pos = position(stacks)
    words = sim.start_words(pos, 1)
    effects = sim.effects_table([DesertTile(s, p, 0) for s, p in desert.items()])
    p, h, target, end = sim.move(words[0], words[1], np.array([camel], dtype=np.uint64),
                                 np.array([steps], dtype=np.uint64), effects)
    return words_to_stacks(p, h), (int(target[0]) - sim.BIAS if end[0] != target[0] else None)


def words_to_stacks(pos_word, height_word, camels: int = 5):
    space = sim.unpack(pos_word, camels)[0]
    level = sim.unpack(height_word, camels)[0]
    stacks: dict[int, list[int]] = {}
    for c in np.argsort(level, kind="stable"):
        if space[c]:
            stacks.setdefault(int(space[c]) - sim.BIAS, []).append(int(c))
    return {s: stacks[s] for s in sorted(stacks)}
