"""Whole Emerald games for balance runs, and the gem race from a position (spec question 4).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the start player, the deal, the die, the random
players' choices), so game j of every rule set meets the same luck.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is the start player (drawn at random), seat 1 the
next clockwise, and so on; the policies are given per rank, and credit, points and actions are by rank.

`race(position, ...)`: rollouts from a position with greedy players in every seat (the unknown stack cards dealt
from the unseen ones), through core's runner, so the estimates depend on the seed and the rollout count only.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core import engine, runner, stats
from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r
from analyzer.games.emerald import sim

ENDS = {"ended by the last treasure": g.E_TREASURE, "ended by a last knight": g.E_LAST}


@dataclass(frozen=True)
class RuleSet:
    settings: r.Settings = field(default_factory=r.Settings)

    @property
    def illustrative(self) -> bool:
        return self.settings.illustrative


GameConfig = engine.GameConfig
WHOLE = engine.WholeGames("analyzer.games.emerald.game", engine.turn_record(g, ENDS))
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# the gem race


@dataclass(frozen=True)
class RaceTask:
    """Rollouts from one position (picklable): `task(n, rng) -> counts` for core's runner."""
    s0: np.ndarray
    cfg: np.ndarray
    gem_pool: np.ndarray
    n_gem: int
    gold_pool: np.ndarray
    n_gold: int

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        P = int(self.s0[g.NPL])
        out = np.zeros((n, g.STSIZE), dtype=np.int64)
        g.run(self.cfg, g.Chance(n, rng).seeds, out, np.zeros(g.SSIZE, dtype=np.int64), g.FROM_POSITION, s0=self.s0,
              pools=(self.gem_pool, self.n_gem, self.gold_pool, self.n_gold))
        maj = out[:, g.ST_MAJ:g.ST_MAJ + g.KINDS]
        return {"rollouts": n,
                "majority": np.array([(maj == q).sum(0) for q in range(P)], dtype=np.int64),
                "four_kinds": np.bincount(out[:, g.ST_FOURK] + 1, minlength=P + 1).astype(np.int64),
                "win": g.credit(out, P).sum(0), "capped": int((out[:, g.ST_END] == g.E_CAPPED).sum())}


def race_task(position) -> RaceTask:
    s0, gems, gold = sim.position_state(position, ("greedy",) * position.players)
    cfg = g.settings_vector(position.settings, position.players)
    return RaceTask(s0, cfg, gems, int(sum(position.unseen_gems)), gold, int(sum(position.unseen_gold)))


def race_halfwidths(merged: dict) -> np.ndarray:
    n = merged["rollouts"]
    p = np.concatenate([np.ravel(merged["majority"]), merged["four_kinds"]]) / n
    return 1.96 * np.sqrt(p * (1 - p) / n)


def race(position, rollouts: int = 20_000, seed: int | None = 0, jobs: int = 1,
         settings: runner.RunSettings | None = None) -> dict:
    """The gem race from `position`, greedy players everywhere: for every seat P(it wins each majority card)
    and P(it holds the four-kinds card at the end: the first to four kinds), with 95% Wilson intervals.

    Returns {"rollouts", "seed", "seats": [{"seat", "majority": {gem: {p, lo95, hi95}}, "four_kinds": {...},
    "win": {...}}], "nobody": {"majority": {gem: p}, "four_kinds": p}, "capped", "run"} (run: core's RunResult)."""
    settings = settings or runner.RunSettings(rollouts=rollouts, seed=seed, jobs=jobs, progress=False)
    done = runner.run(race_task(position), settings, "rollouts", race_halfwidths)
    n = int(done["rollouts"])

    def est(k) -> dict:
        lo, hi = stats.wilson(np.asarray(k), n)
        return {"p": float(k) / n, "lo95": float(lo), "hi95": float(hi)}

    maj, four, win = np.asarray(done["majority"]), np.asarray(done["four_kinds"]), np.asarray(done["win"])
    seats = [{"seat": q, "majority": {gem: est(maj[q, k]) for k, gem in enumerate(r.GEMS)},
              "four_kinds": est(four[q + 1]), "win": est(win[q])} for q in range(position.players)]
    nobody = {"majority": {gem: float(n - maj[:, k].sum()) / n for k, gem in enumerate(r.GEMS)},
              "four_kinds": float(four[0]) / n}
    return {"rollouts": n, "seed": done.seed, "seats": seats,
            "nobody": nobody, "capped": int(done["capped"]), "run": done}
