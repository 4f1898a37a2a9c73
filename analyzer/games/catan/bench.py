"""Catan benchmarks: whole 4-player games per second, no trades (greedy) and with bank trades (trader), each
game on its own random standard board (drawn in the engine, `board_kernel.py`, included in the time).  Medians of
repeated batches, one process (the numba kernel is compiled or loaded from its cache before timing).  The issue's
target: at least 200 no-trade games/s on the 2-core machine.

No public engine plays these policies, so there is no comparison column, except in the row of issue 56 item 4:
greedy games with the boards drawn in the engine against the same games with the boards drawn in Python one by
one (`board.random_board`, as before), interleaved in the same run.
"""
from __future__ import annotations

import statistics
import time
from contextlib import nullcontext
from unittest import mock

import numpy as np

from analyzer.core import bench as core_bench
from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import play as pl
from analyzer.games.catan.policies import Policy


def python_boards(config: pl.GameConfig, n: int, rng: np.random.Generator) -> np.ndarray:
    """`play.boards` as it was before the engine drew them: one `board.random_board` per game, in Python."""
    tokens = tuple(g.setting(config.rules.settings, "token_sequence", bo.TOKEN_SEQUENCE))
    kinds = tuple(g.setting(config.rules.settings, "harbor_kinds", bo.HARBOR_KINDS))
    return np.stack([g.board_vector(bo.random_board(rng, tokens, kinds)) for _ in range(n)])


def boards_row(games: int, repeats: int) -> dict:
    """Greedy games/s with the boards drawn in the engine against drawn in Python, interleaved (CPU time)."""
    config = pl.make_config(pl.RuleSet(), 4, (Policy("greedy"),) * 4)
    pl.play(config, 2, np.random.default_rng(0))
    times: dict = {"engine": [], "python": []}
    for k in range(repeats):
        for name in times:
            with mock.patch.object(pl, "boards", python_boards) if name == "python" else nullcontext():
                t = time.process_time()
                pl.play(config, games, np.random.default_rng(k + 1))
                times[name].append(time.process_time() - t)
    engine, python = (games / statistics.median(times[name]) for name in ("engine", "python"))
    return {"what": f"catan full 4-player games, greedy, random boards drawn in the engine (games/s, median of "
                    f"{repeats}; comparison: drawn in Python one by one as before; ratio: the speed-up)",
            "ours": engine, "comparison": python, "ratio": engine / python, "target": "issue 56 item 4"}


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    games = 500 if quick else 4000
    runs = (("greedy", games, ">=200/s on 2 cores"), ("trader", games, ""))
    rows = core_bench.full_games("catan", lambda kind: pl.make_config(pl.RuleSet(), 4, (Policy(kind),) * 4),
                                 pl.play, runs, repeats,
                                 note=" (random boards; printed tokens and harbours)")
    rows.append(boards_row(games, repeats))
    rows += core_bench.default_jobs_rows("catan", "balance-4p.yaml", (None, 65_536), quick)
    decisions = core_bench.spread_decisions(g.MODEL, new_game, 4 if quick else 12, g.P_GREEDY)
    rows += core_bench.search_rows("catan", g.MODEL, decisions, g.P_GREEDY, g.NSTREAMS,
                                   (("search:64", "greedy", 4, 16 if quick else 48, ">=1/s"),), 1 if quick else 3)
    return rows + core_bench.exact_questions("catan", ("ev", "odds", "income", "seven", "discard", "afford", "deck", "robber"),
                                             repeats, names=("reference-city.yaml", "discard-seven-cards.yaml"))


def new_game(seed: int):
    """Game `seed` on a random board, its set-up played by 4 greedy players: (state, settings, chance streams)."""
    rng = np.random.default_rng(seed)
    cfg = g.settings_vector(None, 4)
    streams = g.Chance(1, rng).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, 4), g.P_GREEDY, dtype=np.int64), bds=g.board_vector(bo.random_board(rng))[None, :])
    return s, cfg, streams[0]
