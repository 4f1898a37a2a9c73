"""Whole Puerto Rico games for balance runs (spec question 3), and rollouts from a position (question 4).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the first governor, the plantation stack and its
rebuilds, the random players' choices), so game j of every rule set meets the same luck.

The balance tables' "seat" is the TURN-ORDER RANK from the first governor: rank 0 is the governor of round 1,
rank 1 the next clockwise, and so on (the fixed start crops go by rank: indigo first, corn last); the policies are
given per rank, and credit, points and roles are by rank.

From a position (greedy players in every seat; the stack's order is unknown, so each rollout shuffles it):
`role_ev(position, settings)` through core's runner, so the estimates depend on the seed and the rollout count
only, never on `jobs` or the backend.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core import engine, runner
from analyzer.games.puerto_rico import game as g

BATCH = 4096  # rollouts per engine call from a position


RuleSet, GameConfig = engine.RuleSet, engine.GameConfig
# the balance "actions": the roles each turn-order rank chose
WHOLE = engine.WholeGames("analyzer.games.puerto_rico.game", engine.Record(
    start=g.ST_GOV, money=g.ST_SCORE, actions=g.ST_ROLE, kinds=g.ROLE_KINDS, maxp=g.MAXP,
    lengths=(engine.Length("rounds", g.ST_ROUNDS), engine.Length("capped", g.ST_CAPPED))), by_rank=False)
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# question 4: rollouts from a position


@dataclass(frozen=True)
class RoleTask:
    """Rollouts from one position (picklable): for each card, `n` games in which the seat choosing now takes it,
    all on the same seeds (common random numbers); `task(n, rng) -> sums` for core's runner."""
    s0: np.ndarray
    cfg: np.ndarray
    cards: tuple[int, ...]
    seat: int

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        seeds = g.Chance(n, rng).seeds
        s = np.zeros(g.SSIZE, dtype=np.int64)
        P = int(self.cfg[g.C_P])
        k = len(self.cards)
        total = {"rollouts": n, "score": np.zeros(k), "score_sq": np.zeros(k), "win": np.zeros(k),
                 "capped": np.zeros(k)}
        for i, card in enumerate(self.cards):
            for a in range(0, n, BATCH):
                out = np.zeros((min(BATCH, n - a), g.STSIZE), dtype=np.int64)
                g.run(self.cfg, seeds[a:a + BATCH].copy(), out, s, g.FROM_STATE, s0=self.s0, force=card)
                score = out[:, g.ST_SCORE + self.seat].astype(np.float64)
                total["score"][i] += score.sum()
                total["score_sq"][i] += (score ** 2).sum()
                total["win"][i] += g.credit(out, P)[:, self.seat].sum()
                total["capped"][i] += out[:, g.ST_CAPPED].sum()
        return total


def role_task(position) -> RoleTask:
    P = position.players
    s0 = g.position_state(position, ("greedy",) * P)
    return RoleTask(s0, g.settings_vector(position.settings, P), position.untaken, position.to_choose)


def _halfwidths(merged: dict) -> np.ndarray:
    n = merged["rollouts"]
    sd = np.sqrt(np.maximum(merged["score_sq"] / n - (merged["score"] / n) ** 2, 0))
    p = merged["win"] / n
    return np.concatenate([1.96 * sd / np.sqrt(n), 1.96 * np.sqrt(p * (1 - p) / n)])


def role_ev(position, settings: runner.RunSettings) -> runner.RunResult:
    """{"rollouts" (per card), "score", "score_sq", "win", "capped": arrays by `position.untaken`}: the seat
    choosing now takes each untaken card (its doubloons included), then greedy players everywhere play to the end;
    sums of that seat's final score, its square, its win credit (ties shared) and capped games."""
    return runner.run(role_task(position), settings, "rollouts", _halfwidths)
