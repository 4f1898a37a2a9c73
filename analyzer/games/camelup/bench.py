"""Camel Up benchmarks, each against `camel-up-solver` (PyPI) on the same position when it is installed.

That package plays the second edition; its grey die is marked rolled and no crazy camel is
placed, so it rolls first-edition dice.  Our colours map onto its five racing colours.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from analyzer.core import bench as core_bench
from analyzer.games.camelup import bench_games, exact, sim
from analyzer.games.camelup.state import parse_position

OPENING = {"game": "camelup", "position": {
    "track": {1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
    "dice_left": ["blue", "green", "orange", "yellow", "white"]}}
THEIR_COLOURS = {"blue": "blue", "green": "green", "orange": "red", "yellow": "yellow", "white": "purple"}
EV_SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "camelup" / "five-dice.yaml"
SUPERCUP = {"game": "camelup", "rules": {"supercup": ["long_track", "boost_dice"]}, "position": {
    "track": {1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
    "dice_left": ["blue", "green", "orange", "yellow", "white"], "boost_dice_left": ["blue"]}}
SECOND = {"game": "camelup", "rules": {"edition": "second"}, "position": {
    "track": {1: ["blue", "green"], 2: ["yellow"], 3: ["red", "purple"], 15: ["white"], 16: ["black"]},
    "dice_left": ["blue", "green", "yellow", "red", "purple", "grey"]}}


def _their_state(position):
    try:
        from camel_up.state import State
    except ImportError:
        return None
    names = position.camel_names
    track = {space: [THEIR_COLOURS[names[c]] for c in stack] for space, stack in position.stacks.items()}
    rolled = {"grey"} | {THEIR_COLOURS[names[c]] for c in position.on_track if c not in position.dice_left}
    return State(track=track, rolled=rolled)


_best_of = core_bench.best_of


def run(quick: bool = False) -> list[dict]:
    position = parse_position(OPENING)
    theirs = _their_state(position)
    rows = []

    ours = _best_of(lambda: exact.leg_exact(position), 3 if quick else 20)
    row = {"what": "camelup exact leg, 5 dice (ms)", "ours": ours * 1e3, "comparison": None, "ratio": None,
           "seconds": ours, "target": "<10 ms; >=20x camel-up-solver enumerate_leg"}
    if theirs is not None:
        from camel_up.sim import enumerate_leg

        t = _best_of(lambda: enumerate_leg(theirs), 1)
        row.update(comparison=t * 1e3, ratio=t / ours)
    rows.append(row)

    chunks = (1, 2) if quick else (2, 8)
    race_rows = core_bench.scaling(_RaceTask(position), "camelup races from the opening", "races", chunks,
                                   repeats=1 if quick else 2,
                                   targets={("2 local workers", chunks[-1]): ">=1,000,000/s on 2 cores; "
                                                                             ">=40x simulate_race"})
    if theirs is not None:
        from camel_up.sim import simulate_race

        n = 500 if quick else 3000
        t = _best_of(lambda: simulate_race(theirs, n), 1)
        for row in race_rows:
            if row["ours"] is not None:
                row.update(comparison=n / t, ratio=row["ours"] / (n / t))
    rows += race_rows
    rows += _rule_set_rows(quick)
    rows += bench_games.run(quick)

    cmd = [sys.executable, "-m", "analyzer", "ev", str(EV_SCENARIO), "--no-progress", "--seed", "1"]
    t = _best_of(lambda: subprocess.run(cmd, check=True, capture_output=True), 1 if quick else 3)
    rows.append({"what": "camelup `analyzer ev`, 5 dice, every desert placement (s wall)", "ours": t,
                 "comparison": None, "ratio": None, "seconds": t, "target": "<2 s, interpreter start included"})
    return rows


def _rule_set_rows(quick: bool) -> list[dict]:
    """Issue 3's figures: a Supercup leg with a boost die, a second-edition leg with all six dice."""
    supercup = parse_position(SUPERCUP)
    t = _best_of(lambda: exact.leg_exact(supercup), 3 if quick else 10)
    rows = [{"what": "camelup Supercup exact leg, 5 base + 1 boost die (ms)", "ours": t * 1e3, "comparison": None,
             "ratio": None, "seconds": t, "target": "<100 ms"}]
    second = parse_position(SECOND)
    t = _best_of(lambda: exact.leg_exact(second), 3 if quick else 10)
    row = {"what": "camelup second-edition exact leg, 6 dice in (ms)", "ours": t * 1e3, "comparison": None,
           "ratio": None, "seconds": t,
           "target": ">=100x enumerate_leg (which rolls all 6 dice, ~1M completions; the rules stop at 5)"}
    if not quick:
        try:
            from camel_up.sim import enumerate_leg
            from camel_up.state import State
        except ImportError:
            enumerate_leg = None
        if enumerate_leg is not None:
            names = second.camel_names
            theirs = State(track={s: [names[c] for c in stack] for s, stack in second.stacks.items()}, rolled=set())
            their_t = _best_of(lambda: enumerate_leg(theirs), 1)
            row.update(comparison=their_t * 1e3, ratio=their_t / t)
    rows.append(row)
    return rows


class _RaceTask:
    """A picklable race-rollout task (joblib sends it to the workers)."""

    def __init__(self, position):
        self.position = position

    def __call__(self, n, rng):
        return sim.race_counts(self.position, n, rng)
