"""Whole Finstere Flure games for balance runs, and the escape rollouts from a position (spec questions 3, 4).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the start player, the monster cards, the random
players' choices), so game j of every rule set meets the same luck.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is round 1's start player (drawn at random), seat 1
the next clockwise, and so on; the policies are given per rank, and credit, figures out and actions are by rank.

`escape(position, figure, rounds, n, rng)`: n continuations of a position with greedy players in every seat (the
cards drawn by the engine's law from cards_left); counts for question 3, deterministic given rng.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core import policies as core_policies
from analyzer.core.balance.run import by_turn_rank, engine_games
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure import sim
from analyzer.games.finstere_flure.policies import Policy

SEATINGS = ("fixed", "rotate")
KINDS = ("figure out", "figure eaten")
LENGTHS = ("rounds", "capped", "won by escaping", "stage 2 emptied", "stage 2 cards out", "reached stage 2")
CHUNK = 1024  # games per batch


@dataclass(frozen=True)
class RuleSet:
    settings: r.Settings = field(default_factory=r.Settings)
    board: r.Board = r.DEFAULT_BOARD

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative


@dataclass(frozen=True)
class GameConfig:
    rules: RuleSet
    players: int
    policies: tuple[Policy, ...]  # one per turn-order rank
    seating: str = "fixed"


def games_per_chunk(config: GameConfig) -> int:
    return core_policies.games_per_chunk(config.policies, CHUNK)


def play_games(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray | None = None):
    """n games: (engine stats (n, STSIZE), the policy index per turn-order rank (n, P))."""
    cfg = g.settings_vector(config.rules.settings, config.rules.board, config.players, by_rank=True)
    return engine_games(g, cfg, config, n, rng, g.state(), seat_policy)


def summarize(out: np.ndarray, P: int) -> dict:
    """The balance contract's arrays, by turn-order rank, from the engine's per-game stats (by seat)."""
    starts = out[:, g.ST_START]
    end = out[:, g.ST_END]
    outs = by_turn_rank(out[:, g.ST_OUT:g.ST_OUT + P], starts, P)
    eaten = by_turn_rank(out[:, g.ST_EATEN:g.ST_EATEN + P], starts, P)
    return {"credit": by_turn_rank(g.credit(out, P), starts, P), "money": outs,
            "rounds": out[:, g.ST_ROUNDS], "capped": (end == g.E_CAPPED).astype(np.int64),
            "won by escaping": (end == g.E_ESCAPE).astype(np.int64),
            "stage 2 emptied": (end == g.E_EMPTY).astype(np.int64),
            "stage 2 cards out": (end == g.E_CARDS).astype(np.int64),
            "reached stage 2": (out[:, g.ST_STAGE2] > 0).astype(np.int64),
            "actions": np.stack([outs.sum(0), eaten.sum(0)], axis=1)}


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up (the `core.balance` contract), plus `policy` (n, turn-order ranks)."""
    out, seat_policy = play_games(config, n, rng)
    res = summarize(out, config.players)
    res["policy"] = np.ascontiguousarray(seat_policy)
    return res


# ------------------------------------------------------------------------------------------------
# question 3: escape rollouts


def escape(position, figure: int, rounds: int, n: int, rng: np.random.Generator) -> dict[str, int]:
    """n continuations of `position` (a state.Position), every seat greedy: "games", "escaped_1" ..
    f"escaped_{rounds}" (figure out within the first k monster phases, this round's = 1), "caught_stage1"
    (stage-1 positions: caught at least once before stage 2 begins, before getting out; 0 in stage 2) and
    "capped".  Deterministic given rng."""
    s0, cfg = sim.position_state(position, ("greedy",) * position.players)
    seeds = g.Chance(n, rng).seeds
    out = np.zeros((n, g.STSIZE), dtype=np.int64)
    g.run(cfg, seeds, out, g.state(), g.ESCAPE, rounds, s0=s0, watch=figure)
    esc = out[:, 0]
    counts = {"games": n}
    for k in range(1, rounds + 1):
        counts[f"escaped_{k}"] = int(((esc > 0) & (esc <= k)).sum())
    counts["caught_stage1"] = int(out[:, 1].sum()) if position.stage == 1 else 0
    counts["capped"] = int(out[:, 2].sum())
    return counts
