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

from dataclasses import dataclass

import numpy as np

from analyzer.core import engine, runner
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import sim

ENDS = {"ended by the bar": g.E_BAR, "ended by the chairs": g.E_CHAIRS, "ended by the bag": g.E_BAG,
        "ended by an empty hand": g.E_HAND, "ended by dropouts": g.E_DROPOUT}
END_ORDER = (g.E_BAR, g.E_CHAIRS, g.E_BAG, g.E_HAND, g.E_CAPPED)  # bar_pressure's "end" counts


RuleSet, GameConfig = engine.RuleSet, engine.GameConfig
WHOLE = engine.WholeGames("analyzer.games.cafe_international.game", engine.turn_record(g, ENDS))
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# rollouts from a position


@dataclass(frozen=True)
class BarPressureTask:
    """Rollouts from one position (picklable): `task(n, rng) -> counts` for core's runner."""
    s0: np.ndarray
    cfg: np.ndarray

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        return engine.position_rollouts(g, self.cfg, n, rng, counts, s0=self.s0)


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
