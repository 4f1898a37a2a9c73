"""Camel Up benchmarks, each against `camel-up-solver` (PyPI) on the same position when it is installed.

That package plays the second edition; its grey die is marked rolled and no crazy camel is
placed, so it rolls first-edition dice.  Our colours map onto its five racing colours.

Full games (`play.py`, `policies.py`):

- full 4-player first-edition games per second, through `analyzer balance`'s own machinery
  (the runner, its chunks and workers), with `random` and with `greedy` players, 1 and 2 jobs,
  and second-edition games, 2 jobs;
- how much weaker the rollout `greedy` is than exact greedy: on positions from greedy games,
  the exact EV (`exact_values`: exact leg and desert prices, 20,000 races for the overall
  cards) the rollout choice gives up against the exact best choice (regret, coins per
  decision), and how often the two choose the same action.
"""
from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from analyzer.core import balance, runner
from analyzer.core import bench as core_bench
from analyzer.games.camelup import exact, game, policies as pol, sim
from analyzer.games.camelup.rules import rule_set
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
    rows += full_game_rows(quick)
    rows += table_rows(quick)

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


# -- full games ----------------------------------------------------------------------------------

def _spec(policy, edition: str = "first") -> balance.BalanceSpec:
    from analyzer.games.camelup import GAME

    return balance.parse(GAME.full(), {"players": 4, "policies": policy, "rules": {"edition": edition}}, "camelup")[0]


def games_per_second(policy, games: int, jobs: int, repeats: int = 1, edition: str = "first") -> float:
    """Full 4-player games per second under `analyzer balance` (one rule set), best of `repeats`."""
    spec = _spec(policy, edition)
    settings = runner.RunSettings(rollouts=games, seed=1, jobs=jobs, progress=False)
    if jobs > 1:  # start the workers first: a long run pays that once
        balance.run(spec, replace(settings, rollouts=jobs * spec.chunk))
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        balance.run(spec, settings)
        best = min(best, time.perf_counter() - t)
    return games / best


def greedy_regret(decisions: int = 400, budgets=((16, 16), (64, 64), (256, 256)), seed: int = 0,
                  race_rollouts: int = pol.EXACT_RACE_ROLLOUTS, heuristic: bool = True) -> dict:
    """Regret of rollout greedy (and the heuristic) against exact greedy, on the same positions.

    Positions come from 4-player games played by default greedy; at each of `decisions`
    positions every model chooses, and its choice is scored with the exact values.  Returns
    {label: {"regret": mean coins given up, "ci95": half-width, "agree": share choosing the
    exact best action}}."""
    rng = np.random.default_rng(seed)
    spec = pol.parse_spec("greedy", "bench")
    cfg = game.GameConfig(rule_set(), 4, (spec,) * 4)
    games = game.Games(cfg, max(8, decisions // 8), rng.spawn(1)[0])
    per_turn = -(-decisions // 60)  # a game lasts about 60 turns
    models = {f"greedy({r}/{k})": pol.Greedy(pol.PolicySpec("greedy", r, k)) for r, k in budgets}
    if heuristic:
        models["heuristic"] = pol.Heuristic(pol.PolicySpec("heuristic"))
    regret = {label: [] for label in models}
    agree = {label: [] for label in models}
    t = 0
    while len(regret[next(iter(models))]) < decisions and games.alive.any():
        seat = t % 4
        rows = np.arange(games.rows)
        action = pol.make(spec, cfg).choose(games, rows, seat, None, rng)
        live = np.flatnonzero(games.alive)
        for row in rng.choice(live, size=min(per_turn, live.size), replace=False):
            exact = pol.exact_values(games, int(row), seat, rng, race_rollouts)
            best = exact.max()
            for label, model in models.items():
                chosen = int(model.choose(games, np.array([row]), seat, rng.random((1, 2)), rng)[0])
                regret[label].append(best - exact[chosen])
                agree[label].append(exact[chosen] >= best - 1e-12)
        action[~games.alive] = games.space.noop
        games.apply(seat, action)
        games.drop_finished()
        t += 1
    out = {}
    for label in models:
        r = np.asarray(regret[label])
        out[label] = {"regret": float(r.mean()), "ci95": float(1.96 * r.std(ddof=1) / np.sqrt(r.size)),
                      "agree": float(np.mean(agree[label])), "decisions": int(r.size)}
    return out


def full_game_rows(quick: bool = False) -> list[dict]:
    rows = []
    for policy, chunks, target in (("random", 2 if quick else 4, ">=20,000/s on 2 cores"),
                                   ("greedy", 1 if quick else 2, ">=100/s on 2 cores")):
        spec = _spec(policy)
        for edition, jobs in (("first", 1), ("first", 2), ("second", 2)):
            n = chunks * spec.chunk * jobs  # the same chunks per worker
            rate = games_per_second(policy, n, jobs, 1 if quick else 2, edition)
            what = "" if edition == "first" else f", {edition} edition"
            rows.append({"what": f"camelup full games, 4 {policy} players{what}, jobs={jobs} (games/s)", "ours": rate,
                         "comparison": None, "ratio": None,
                         "target": target if (edition, jobs) == ("first", 2) else ""})
    if not quick:
        for label, r in greedy_regret().items():
            rows.append({"what": f"camelup {label} vs exact greedy: regret (coins/decision; "
                                 f"{r['agree']:.0%} same choice, {r['decisions']} decisions)",
                         "ours": r["regret"], "comparison": None, "ratio": None,
                         "target": f"±{r['ci95']:.3f} (95%)"})
    return rows


# -- the table session -------------------------------------------------------------------------------

def table_rows(quick: bool = False) -> list[dict]:
    """`analyzer camelup table`: an event and its refreshed answers inside the session, and the one-shot form
    (interpreter start included); medians."""
    import statistics
    import tempfile

    from analyzer.games.camelup.session import Session

    repeats = 3 if quick else 9
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "table.json"
        session = Session(state)
        session.run('new --track "1:bg 3:y 4:ow" --players 4')
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            session.run("roll b 2")
            times.append(time.perf_counter() - t)
            session.run("undo")
        inside = statistics.median(times)
        cmd = [sys.executable, "-m", "analyzer", "camelup", "table", "--state", str(state), "take", "y"]
        walls = []
        for _ in range(repeats):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            walls.append(time.perf_counter() - t)
            session.run("undo")
    return [{"what": "camelup table: an event and its top 10 answers, in the session (s, median)", "ours": inside,
             "comparison": None, "ratio": None, "seconds": inside, "target": "<0.3 s"},
            {"what": "camelup table: one event, one-shot form, interpreter start included (s wall, median)",
             "ours": statistics.median(walls), "comparison": None, "ratio": None,
             "seconds": statistics.median(walls), "target": "<0.6 s"}]
