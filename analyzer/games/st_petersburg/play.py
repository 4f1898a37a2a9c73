"""Whole Sankt Petersburg games for balance runs (spec question 4: the start stones' seat value).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the start stones, the four decks, the random players'
choices), so game j of every rule set meets the same decks and stones.

The balance tables' "seat" is the TURN-ORDER RANK from the worker stone: seat 0 holds the worker stone at the
start, seat 1 sits next clockwise (the building stone), and so on; with 4 players seat k holds stone k (worker,
building, aristocrat, upgrade), with 3 seat 0 also holds the upgrade stone, with 2 seat 0 worker + aristocrat and
seat 1 building + upgrade.  The policies are given per rank; credit, points and actions are by rank.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core.balance.run import by_turn_rank, engine_games
from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.policies import Policy

SEATINGS = ("fixed", "rotate")
KINDS = g.ACT_KINDS
LENGTHS = ("rounds", "moves", "capped", "ended by a worker refill")  # moves: every seat's actions, passes included
CHUNK = 1024  # games per batch
SEARCH_CHUNK = 16  # games per batch when a search player sits at the table


@dataclass(frozen=True)
class RuleSet:
    settings: r.Settings = field(default_factory=r.Settings)


@dataclass(frozen=True)
class GameConfig:
    rules: RuleSet
    players: int
    policies: tuple[Policy, ...]  # one per turn-order rank
    seating: str = "fixed"


def games_per_chunk(config: GameConfig) -> int:
    """Search players take a fraction of a second a game: small chunks keep the progress bar moving and both
    cores busy."""
    return SEARCH_CHUNK if any(p.kind == "search" for p in config.policies) else CHUNK


def play_games(config: GameConfig, n: int, rng: np.random.Generator):
    """n games: (engine stats (n, STSIZE), the policy index per turn-order rank (n, P))."""
    cfg = g.settings_vector(config.rules.settings, config.players, by_rank=True)
    return engine_games(g, cfg, config, n, rng, np.zeros(g.SSIZE, dtype=np.int64))


def summarize(out: np.ndarray, P: int) -> dict:
    """The balance contract's arrays, by turn-order rank, from the engine's per-game stats (by seat)."""
    n = len(out)
    first = out[:, g.ST_STONE]
    end = out[:, g.ST_END]
    acts = out[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(n, g.MAXP, g.NACT)[:, :P]
    return {"credit": by_turn_rank(g.credit(out, P), first, P),
            "money": by_turn_rank(out[:, g.ST_FINAL:g.ST_FINAL + P], first, P),
            "rounds": out[:, g.ST_ROUNDS], "moves": out[:, g.ST_ACTIONS],
            "capped": (end == g.E_CAPPED).astype(np.int64),
            "ended by a worker refill": (end == g.E_IMMEDIATE).astype(np.int64),
            "actions": by_turn_rank(acts, first, P).sum(0)}


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up (the `core.balance` contract), plus `policy` (n, turn-order ranks)."""
    out, seat_policy = play_games(config, n, rng)
    res = summarize(out, config.players)
    res["policy"] = np.ascontiguousarray(seat_policy)
    return res
