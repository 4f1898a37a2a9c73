"""Whole Café International games for balance runs, and rollouts from a position (spec question 4).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the start player, the bag, the random players'
choices), so game j of every rule set meets the same luck.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is the (random) start player, seat 1 the next
clockwise, and so on; the policies are given per rank, and credit, points and actions are by rank.

From a position (greedy players in every seat, me included; hands are open and the bag known, so only the draws
and any unlisted bar tiles are drawn), through core's runner, so the estimates depend on the seed and the rollout
count only, never on `jobs` or the backend: `bar_pressure(position, settings)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core import runner
from analyzer.core.balance.run import by_turn_rank, engine_games
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international import sim
from analyzer.games.cafe_international.policies import Policy

SEATINGS = ("fixed", "rotate")
KINDS = g.ACT_KINDS
LENGTHS = ("turns", "rounds", "capped", "ended by the bar", "ended by the chairs", "ended by the bag",
           "ended by an empty hand", "ended by dropouts")
CHUNK = 1024  # games per batch
SEARCH_CHUNK = 16  # games per batch when a search player sits at the table
BATCH = 4096  # rollouts per engine call from a position
END_ORDER = (g.E_BAR, g.E_CHAIRS, g.E_BAG, g.E_HAND, g.E_CAPPED)  # bar_pressure's "end" counts


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
    """n games: (engine stats (n, STSIZE), the policy index per turn-order rank (n, P))."""
    cfg = g.settings_vector(config.rules.settings, config.players, by_rank=True)
    return engine_games(g, cfg, config, n, rng, np.zeros(g.SSIZE, dtype=np.int64), seat_policy)


def summarize(out: np.ndarray, P: int) -> dict:
    """The balance contract's arrays, by turn-order rank, from the engine's per-game stats (by seat)."""
    n = len(out)
    starts = out[:, g.ST_START]
    turns = out[:, g.ST_TURNS]
    end = out[:, g.ST_END]
    res = {"credit": by_turn_rank(g.credit(out, P), starts, P),
           "money": by_turn_rank(out[:, g.ST_POINTS:g.ST_POINTS + P], starts, P),
           "turns": turns, "rounds": -(-turns // P), "capped": (end == g.E_CAPPED).astype(np.int64)}
    for name, code in zip(LENGTHS[3:], (g.E_BAR, g.E_CHAIRS, g.E_BAG, g.E_HAND, g.E_DROPOUT)):
        res[name] = (end == code).astype(np.int64)
    acts = out[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(n, g.MAXP, g.NACT)[:, :P]
    res["actions"] = by_turn_rank(acts, starts, P).sum(0)
    return res


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up (the `core.balance` contract), plus `policy` (n, turn-order ranks)."""
    out, seat_policy = play_games(config, n, rng)
    res = summarize(out, config.players)
    res["policy"] = np.ascontiguousarray(seat_policy)
    return res


# ------------------------------------------------------------------------------------------------
# rollouts from a position


@dataclass(frozen=True)
class BarPressureTask:
    """Rollouts from one position (picklable): `task(n, rng) -> counts` for core's runner."""
    s0: np.ndarray
    cfg: np.ndarray

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        seeds = g.Chance(n, rng).seeds
        s = np.zeros(g.SSIZE, dtype=np.int64)
        total = None
        for a in range(0, n, BATCH):
            out = np.zeros((min(BATCH, n - a), g.STSIZE), dtype=np.int64)
            g.run(self.cfg, seeds[a:a + BATCH], out, s, g.FROM_POSITION, s0=self.s0)
            total = runner.merge(total, counts(out))
        return total


def counts(out: np.ndarray) -> dict:
    went = out[:, g.ST_MYBAR] == 1
    v = np.where(went, out[:, g.ST_MYBARV], 0)
    end = out[:, g.ST_END]
    return {"rollouts": len(out), "my_bar": int(went.sum()), "my_bar_points": int(v.sum()),
            "my_bar_points_sq": int((v * v).sum()), "my_dropout": int(out[:, g.ST_MYOUT].sum()),
            "end": np.array([(end == e).sum() for e in END_ORDER], dtype=np.int64),
            "ended_by_dropouts": int((end == g.E_DROPOUT).sum())}


def bar_task(position) -> BarPressureTask:
    P = position.players
    s0 = sim.position_state(position, ("greedy",) * P)
    return BarPressureTask(s0, g.settings_vector(position.settings, P, me=position.me))


def _halfwidths(merged: dict) -> np.ndarray:
    n = merged["rollouts"]
    p = np.concatenate([[merged["my_bar"] / n], merged["end"] / n])
    return 1.96 * np.sqrt(p * (1 - p) / n)


def bar_pressure(position, settings: runner.RunSettings) -> runner.RunResult:
    """{"rollouts", "my_bar" (rollouts where me put a guest on the bar), "my_bar_points", "my_bar_points_sq" (sums
    over those of the value of me's FIRST bar space, negative = paid), "my_dropout" (me could not pay), "end": (5,)
    counts by end: bar full, chairs full, the bag rule, an empty hand, capped; "ended_by_dropouts"}; greedy players
    in every seat, played to the end."""
    return runner.run(bar_task(position), settings, "rollouts", _halfwidths)
