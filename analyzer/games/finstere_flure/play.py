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

from analyzer.core import engine
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure import sim

ENDS = {"capped": g.E_CAPPED, "won by escaping": g.E_ESCAPE, "stage 2 emptied": g.E_EMPTY,
        "stage 2 cards out": g.E_CARDS}


@dataclass(frozen=True)
class RuleSet:
    settings: r.Settings = field(default_factory=r.Settings)
    board: r.Board = r.DEFAULT_BOARD

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative


GameConfig = engine.GameConfig


def settings_vector(config: GameConfig) -> np.ndarray:
    return g.settings_vector(config.rules.settings, config.rules.board, config.players, by_rank=True)


# money: figures out; actions: figures out and eaten (two blocks of MAXP by seat)
WHOLE = engine.WholeGames("analyzer.games.finstere_flure.game", engine.Record(
    start=g.ST_START, money=g.ST_OUT, actions=g.ST_OUT, kinds=("figure out", "figure eaten"), maxp=g.MAXP,
    lengths=(engine.Length("rounds", g.ST_ROUNDS), *engine.ended(g.ST_END, ENDS),
             engine.Length("reached stage 2", g.ST_STAGE2, "positive")), kind_major=True), settings_vector)
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk


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
