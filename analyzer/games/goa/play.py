"""Whole Goa games for balance runs (spec question 5, on ILLUSTRATIVE board data).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the expedition deck and its reshuffles, the tile
layouts, the random players' choices), so game j of every rule set meets the same luck, and the tables are the same
for any `--jobs` and backend.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is the start player (the first to flip a tiger; the flag
and 7 ducats), seat 1 the next clockwise (10 ducats), and so on; the policies are given per rank, and credit,
points and actions are by rank.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core.balance.run import by_turn_rank, engine_games
from analyzer.games.goa import game as g
from analyzer.games.goa import rules as r
from analyzer.games.goa.policies import Policy

SEATINGS = ("fixed", "rotate")
KINDS = g.ACT_KINDS
LENGTHS = ("actions played", "capped")  # per game: actions in all (extra ones too); 1 if the turn cap stopped it
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
    """Search players take a while a game: small chunks keep the progress bar moving and both cores busy."""
    return SEARCH_CHUNK if any(p.kind == "search" for p in config.policies) else CHUNK


def play_games(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray | None = None):
    """n games: (engine stats (n, STSIZE) by seat, the policy index per turn-order rank (n, P))."""
    cfg = g.settings_vector(config.rules.settings, config.players)
    return engine_games(g, cfg, config, n, rng, np.zeros(g.SSIZE, dtype=np.int64), seat_policy)


def summarize(out: np.ndarray, P: int) -> dict:
    """The balance contract's arrays, by turn-order rank, from the engine's per-game stats (by seat)."""
    n = len(out)
    starts = out[:, g.ST_START]
    res = {"credit": by_turn_rank(g.credit(out, P), starts, P),
           "money": by_turn_rank(out[:, g.ST_POINTS:g.ST_POINTS + P], starts, P),
           "actions played": out[:, g.ST_ACTS], "capped": out[:, g.ST_CAPPED].astype(np.int64)}
    acts = out[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(n, g.MAXP, g.NACT)[:, :P]
    res["actions"] = by_turn_rank(acts, starts, P).sum(0)
    return res


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up (the `core.balance` contract), plus `policy` (n, turn-order ranks)."""
    out, seat_policy = play_games(config, n, rng)
    res = summarize(out, config.players)
    res["policy"] = np.ascontiguousarray(seat_policy)
    return res
