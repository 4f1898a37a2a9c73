"""Whole Magellan games for balance runs: a rule set and table (`GameConfig`), played by `sim.full_games`.

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`).  The
batched engine (`sim.py`) plays every auction of a game; this module seats the policies.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import RuleSet

SEATINGS = ("fixed", "rotate")
KINDS = ("bids", "cards won", "vetoes")
LENGTHS = ("bids", "unsold")
CHUNK = 8192  # games per chunk: one batch of the engine


@dataclass(frozen=True)
class GameConfig:
    rules: RuleSet
    players: int
    policies: tuple[pol.Policy, ...]
    seating: str = "fixed"


def games_per_chunk(config: GameConfig) -> int:
    return CHUNK


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up, per game (the `core.balance` contract)."""
    P = config.players
    if config.seating == "fixed":
        games = sim.full_games(config.rules, list(config.policies), n, rng)
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    else:  # game i seats policy (s + i) mod P at seat s: one batch per rotation
        games = {}
        seat_policy = (np.arange(P)[None, :] + np.arange(n)[:, None]) % P
        for r in range(min(P, n)):
            rows = np.arange(r, n, P)
            seated = [config.policies[(s + r) % P] for s in range(P)]
            part = sim.full_games(config.rules, seated, len(rows), rng)
            for key, value in part.items():
                games.setdefault(key, np.zeros((n,) + value.shape[1:], dtype=value.dtype))[rows] = value
    actions = np.stack([games["bids"].sum(0), games["won"].sum(0), games["vetoes"].sum(0)], axis=1)
    return {"money": games["score"], "credit": games["share"], "bids": games["bids"].sum(1),
            "unsold": games["unsold"], "actions": actions, "policy": np.ascontiguousarray(seat_policy)}
