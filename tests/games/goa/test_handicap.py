"""The seat handicap (`analyzer tune`): ducats added to each turn-order rank's start (7 for the start player, 10
for the others), read alike by the engine and the reference."""
from dataclasses import replace

import numpy as np

from analyzer.games.goa import game, sim
from analyzer.games.goa import reference_policies as rp
from analyzer.games.goa.rules import Settings


def _start(settings, players):
    seeds = game.Chance(1, np.random.default_rng(7)).seeds[0]
    return sim.engine_game(settings, players, ("greedy", "random", "greedy"), seeds)


def test_the_handicap_reaches_the_start_ducats_by_rank_in_engine_and_reference():
    plain, handicapped = Settings(), replace(Settings(), seat_handicap=(4, 0, -3))
    record, snaps = _start(handicapped, 3)
    _, plain_snaps = _start(plain, 3)
    start = snaps[0]["flag"]  # the start player holds the flag after the set-up
    by_rank = [snaps[0]["ducats"][(start + k) % 3] for k in range(3)]
    assert by_rank == [7 + 4, 10, 10 - 3]
    assert [plain_snaps[0]["ducats"][(start + k) % 3] for k in range(3)] == [7, 10, 10]
    assert rp.play(handicapped, 3, ("greedy", "random", "greedy"), record) == snaps
