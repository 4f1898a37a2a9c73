"""Exact leg odds: every dice outcome of the rest of the leg, level by level.

Each level expands every state by each die still in the pyramid and each face, then merges
equal states (same variant, board and dice left) and adds up their probabilities: the
memoisation on (board, dice left).  A branch whose race has ended stops and its
probability is booked at once, so leaves are never counted as equally likely.

Several desert-tile layouts ("variants") run side by side in one pass; that is how
`analysis.ev` prices every desert placement at once.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.camelup import sim
from analyzer.games.camelup.state import Position


@dataclass
class LegExact:
    rank_probs: np.ndarray  # (variants, camels, ranks): P(camel ends the leg at rank)
    landings: np.ndarray  # (variants, spaces + 1): expected units landing on the tile there
    finish_prob: np.ndarray  # (variants,): P(the race ends during this leg)


def leg_exact(position: Position, layouts=None) -> LegExact:
    """Exact leg outcome for the position, once per desert layout (default: the board's)."""
    rules = position.rules
    layouts = [position.desert] if layouts is None else list(layouts)
    effects = np.stack([sim.effects_table(tiles) for tiles in layouts])
    n_var, n_camels = len(layouts), len(rules.camels)
    faces = np.asarray(rules.die_faces, dtype=np.uint64)
    dice = np.asarray(position.dice_left, dtype=np.uint64)
    line = np.uint64(rules.track_length + sim.BIAS)

    rank_probs = np.zeros((n_var, n_camels, n_camels))
    landings = np.zeros((n_var, sim.TABLE))
    finish_prob = np.zeros(n_var)

    pos, height = sim.start_words(position, n_var)
    variant = np.arange(n_var)
    left = np.full(n_var, (1 << dice.size) - 1, dtype=np.int64)
    prob = np.ones(n_var)
    if dice.size == 0 or sim.finished(pos[:1], rules.track_length)[0]:
        _book_ranks(rank_probs, variant, pos, height, prob, n_camels)
        return _result(rank_probs, landings, finish_prob, rules)

    while prob.size:
        # every (state, die, face) child of every state, keeping dice still in the pyramid
        per_state = dice.size * faces.size
        state = np.repeat(np.arange(prob.size), per_state)
        die = np.tile(np.repeat(np.arange(dice.size), faces.size), prob.size)
        face = np.tile(np.arange(faces.size), prob.size * dice.size)
        keep = (left[state] >> die) & 1 == 1
        state, die, face = state[keep], die[keep], face[keep]
        in_pyramid = np.bitwise_count(left[state]).astype(np.float64)
        child_prob = prob[state] / (in_pyramid * faces.size)
        child_var = variant[state]
        child_pos, child_height, target, end = sim.move(
            pos[state], height[state], dice[die], faces[face], effects, child_var)
        landed = end != target
        landings += np.bincount(child_var[landed] * sim.TABLE + target[landed].astype(np.int64),
                                weights=child_prob[landed], minlength=landings.size).reshape(landings.shape)
        child_left = left[state] & ~(1 << die)
        race_over = end > line
        finish_prob += np.bincount(child_var[race_over], weights=child_prob[race_over], minlength=n_var)
        done = race_over | (child_left == 0)
        _book_ranks(rank_probs, child_var[done], child_pos[done], child_height[done], child_prob[done], n_camels)
        go = ~done
        variant, pos, height, left, prob = _merge(
            child_var[go], child_pos[go], child_height[go], child_left[go], child_prob[go])
    return _result(rank_probs, landings, finish_prob, rules)


def _merge(variant, pos, height, left, prob):
    """Merge equal states, adding their probabilities."""
    if prob.size == 0:
        return variant, pos, height, left, prob
    rows = np.stack([variant.astype(np.uint64), pos, height, left.astype(np.uint64)], axis=1)
    keys = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.dtype.itemsize * 4))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return (variant[first], pos[first], height[first], left[first],
            np.bincount(inverse.ravel(), weights=prob, minlength=first.size))


def _book_ranks(rank_probs, variant, pos, height, prob, n_camels):
    if prob.size == 0:
        return
    key = sim.order_keys(pos, height, n_camels)
    rank = np.zeros(key.shape, dtype=np.int64)
    for other in range(n_camels):
        rank += key[:, other, None] > key
    cell = (variant[:, None] * n_camels + np.arange(n_camels)) * n_camels + rank
    weight = np.where(key >= 0, prob[:, None], 0.0)
    rank_probs += np.bincount(cell.ravel(), weights=weight.ravel(), minlength=rank_probs.size).reshape(rank_probs.shape)


def _result(rank_probs, landings, finish_prob, rules) -> LegExact:
    spaces = rules.track_length + 1
    by_space = landings[:, sim.BIAS: sim.BIAS + spaces]
    return LegExact(rank_probs, by_space, finish_prob)
