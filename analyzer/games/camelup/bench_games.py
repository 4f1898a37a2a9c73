"""Benchmarks of full Camel Up games (`game.py`, `policies.py`), rows like `bench.py`'s.

- full 4-player first-edition games per second, through `analyzer balance`'s own machinery
  (the runner, its chunks and workers), with `random` and with `greedy` players, 1 and 2 jobs,
  and second-edition games, 2 jobs;
- how much weaker the rollout `greedy` is than exact greedy: on positions from greedy games,
  the exact EV (`exact_values`: exact leg and desert prices, 20,000 races for the overall
  cards) the rollout choice gives up against the exact best choice (regret, coins per
  decision), and how often the two choose the same action.
"""
from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from analyzer.core import balance, runner
from analyzer.games.camelup import game, policies as pol
from analyzer.games.camelup.balance import parse_balance
from analyzer.games.camelup.rules import rule_set


def _spec(policy, edition: str = "first") -> balance.BalanceSpec:
    return parse_balance({"game": "camelup", "players": 4, "policies": policy, "rules": {"edition": edition}})[0]


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


def run(quick: bool = False) -> list[dict]:
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
