"""Magellan benchmarks: whole 4-player games per second, and the wall time of a bid-state `ev`
(every "raise up to L" move against re-raising opponents, played out to the end of the game).

No public engine plays Magellan, so there is no comparison column.  Figures are on the
illustrative board (every board has the same number of auctions; only prices differ).
"""
from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

from analyzer.core import runner
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import rule_set

BID_SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "magellan" / "bid.yaml"  # 5 moves: pass, up to 14-17
TARGET_CI = 0.5  # crowns


def _games_per_second(games: int, jobs: int) -> float:
    task = sim.GamesTask(rule_set("A"), [pol.PRESETS["value"]] * 4)
    settings = runner.RunSettings(rollouts=games, seed=1, jobs=jobs, progress=False)
    if jobs > 1:
        runner.run(task, runner.RunSettings(rollouts=2 * 4096, seed=0, jobs=jobs, progress=False))  # start workers
    t = time.perf_counter()
    runner.run(task, settings)
    return games / (time.perf_counter() - t)


def _ev(rollouts: int) -> tuple[float, float, int]:
    """Wall time of `analyzer ev` (interpreter start included), its widest CI, and its moves."""
    cmd = [sys.executable, "-m", "analyzer", "ev", str(BID_SCENARIO), "--no-progress", "--seed", "1",
           "-n", str(rollouts), "-f", "json"]
    t = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t
    moves = json.loads(out)["moves"]
    return wall, max(m["crowns_ci95"] for m in moves), len(moves)


def run(quick: bool = False) -> list[dict]:
    rows = []
    games = 2 * runner.CHUNK if not quick else 16_384
    for jobs in (1, 2) if not quick else (1,):
        rows.append({"what": f"magellan full 4-player games, jobs={jobs} (games/s)",
                     "ours": _games_per_second(games, jobs), "comparison": None, "ratio": None,
                     "target": ">=5,000/s on 2 cores" if jobs == 2 else ""})
    pilot = 300 if quick else 1000
    _, ci, _ = _ev(pilot)
    deals = max(pilot, math.ceil(pilot * (ci / TARGET_CI) ** 2))  # deals for a CI of +-0.5 crowns
    wall, ci, moves = _ev(deals)
    rows.append({"what": f"magellan `analyzer ev`, {moves} moves, {deals:,} deals, widest CI +-{ci:.2f} (s wall)",
                 "ours": wall, "comparison": None, "ratio": None,
                 "target": "<10 s for CIs of +-0.5 crowns, interpreter start included"})
    return rows
