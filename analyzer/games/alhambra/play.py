"""Whole Alhambra games for balance runs, and rollouts from a position (spec questions 1 and 3).

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): every game draws its
chance up front from the runner's Generator (`game.Chance`: the money deck, the tile stack, the scoring cards'
places, the start tie, reshuffles, the random players' choices), so game j of every rule set meets the same luck.

The balance tables' "seat" is the TURN-ORDER RANK: seat 0 is the start player (the fewest start cards, then the
lowest total, then `start_tie`), seat 1 the next clockwise, and so on; the policies are given per rank, and
credit, points and actions are by rank.

From a position (greedy players in every seat, me included; the hidden hands dealt from the unseen money, the
deck's order and the unseen scoring cards' places drawn, the tile stack shuffled), through core's runner, so the
estimates depend on the seed and the rollout count only, never on `jobs` or the backend:
- `refill_draws(position, settings)`: how many money cards the refills draw until my next turn starts;
- `majority(position, settings)`: every seat's rank and majority points by kind at the next scoring.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core import engine, runner
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import sim

ENDS = {"ended by an empty market space": g.E_MARKET, "ended by the empty stack": g.E_STACK}
MAX_DRAWS = 120  # refill_draws' histogram: draws 0..MAX_DRAWS (the last bin holds more)


RuleSet, GameConfig = engine.RuleSet, engine.GameConfig
WHOLE = engine.WholeGames("analyzer.games.alhambra.game", engine.turn_record(g, ENDS))
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# rollouts from a position


@dataclass(frozen=True)
class PositionTask:
    """Rollouts from one position (picklable): `task(n, rng) -> counts` for core's runner.  what: "draws" (until
    me's next turn) or "majority" (until the next scoring)."""
    what: str
    s0: np.ndarray
    hidden: np.ndarray
    pools: np.ndarray
    cfg: np.ndarray
    max_turns: int

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        return engine.position_rollouts(g, self.cfg, n, rng, self.counts, self.max_turns, s0=self.s0,
                                        hidden=self.hidden, pools=self.pools)

    def counts(self, out: np.ndarray) -> dict:
        n, P = len(out), int(self.s0[g.NPL])
        if self.what == "draws":
            return {"rollouts": n,
                    "draws": np.bincount(np.minimum(out[:, g.ST_DRAWS], MAX_DRAWS), minlength=MAX_DRAWS + 1)}
        counts = out[:, g.ST_COUNTS:g.ST_COUNTS + g.MAXP * g.NK].reshape(n, g.MAXP, g.NK)[:, :P]
        pts = out[:, g.ST_MAJ:g.ST_MAJ + g.MAXP * g.NK].reshape(n, g.MAXP, g.NK)[:, :P]
        ahead = (counts[:, None, :, :] > counts[:, :, None, :]).sum(2)  # (n, P, K): players strictly ahead
        rank = np.where(counts > 0, ahead, P)
        hist = np.zeros((P, g.NK, P + 1), dtype=np.int64)
        for q in range(P):
            for k in range(g.NK):
                hist[q, k] = np.bincount(rank[:, q, k], minlength=P + 1)
        return {"rollouts": n, "rank": hist, "points": pts.sum(0), "points_sq": (pts * pts).sum(0),
                "scoring": np.bincount(out[:, g.ST_FIRST], minlength=4)[1:4].astype(np.int64),
                "capped": int((out[:, g.ST_END] == g.E_CAPPED).sum())}


def position_task(position, what: str) -> PositionTask:
    """Greedy players in every seat from `position` (the coordination notes' bridge, `sim.position_state`)."""
    P = position.players
    s0, hidden, pools = sim.position_state(position, ("greedy",) * P)
    if what == "draws":
        turns = P if position.to_move == position.me else (position.me - position.to_move) % P
        cfg = g.settings_vector(position.settings, P)
    else:
        turns = -1
        cfg = g.settings_vector(position.settings, P, until_scoring=True)
    return PositionTask(what, s0, hidden, pools, cfg, turns)


def _halfwidths(merged: dict) -> np.ndarray:
    n = merged["rollouts"]
    key = "draws" if "draws" in merged else "rank"
    p = np.ravel(merged[key]) / n
    return 1.96 * np.sqrt(p * (1 - p) / n)


def refill_draws(position, settings: runner.RunSettings) -> runner.RunResult:
    """{"rollouts", "draws": (MAX_DRAWS + 1,) histogram}: the money cards (scoring cards not counted) the refills
    draw from the deck from now until me's next turn starts (to_move == me: the rest of my turn too)."""
    return runner.run(position_task(position, "draws"), settings, "rollouts", _halfwidths)


def majority(position, settings: runner.RunSettings) -> runner.RunResult:
    """{"rollouts", "rank": (P, 6, P + 1) counts of the 0-based rank at which seat p's group starts in kind k at the
    next scoring (index P: no tile of the kind), "points", "points_sq": (P, 6) sums of the majority points there,
    "scoring": (3,) how often the next scoring was 1 / 2 / 3, "capped"}."""
    return runner.run(position_task(position, "majority"), settings, "rollouts", _halfwidths)
