"""`analyzer strength`: how well one player model plays against another, in whole games of any game.

G games of the scenario's base rule set (its first rule set) with one seat playing P and every other seat Q,
P's seat rotated over every turn-order rank from game to game (the game's `rotate` seating), so neither the seat
nor the luck favours either.  Reported: P's win rate (mean win credit, a win shared by k counting 1/k) with its
95% interval against the fair share 1/players, its mean score margin (P's final score minus the best other seat's)
and games/s.  The games are seeded as balance runs are: the same seed gives the same games for any --jobs or
backend.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result


@dataclass(frozen=True)
class StrengthTask:
    """One chunk of games (picklable): P's seat is the one `play` reports as policy 0."""
    play: Callable
    config: object
    scale: int  # runner rollouts per game

    def __call__(self, units: int, rng) -> dict:
        n = units // self.scale
        out = self.play(self.config, n, rng)
        if "policy" not in out:
            raise ScenarioError("game", "this game's engine does not say which policy sat where; strength needs it")
        mine = np.asarray(out["policy"]) == 0
        credit = (out["credit"] * mine).sum(1)
        money = np.asarray(out["money"], dtype=np.float64)
        margin = (money * mine).sum(1) - np.where(mine, -np.inf, money).max(1)
        return {"games": n, "credit": credit.sum(), "credit_sq": (credit ** 2).sum(),
                "outright": int((credit == 1).sum()), "margin": margin.sum(), "margin_sq": (margin ** 2).sum()}


def _halfwidths(total: dict) -> np.ndarray:
    n = total["games"]
    return np.array([stats.wilson_halfwidth(total["credit"], n), stats.mean_ci(n, total["margin"],
                                                                              total["margin_sq"])[1]])


def config(game, data: dict, policy: str, against: str, players: int | None):
    """(the game's config with P in seat 0 and Q elsewhere, rotated; the parsed P and Q; the players)."""
    from analyzer.core.balance.variants import parse

    full = game.full()
    if "rotate" not in full.seatings:
        raise ScenarioError("game", f"{game.name} cannot rotate its seats; strength needs it")
    base = {k: v for k, v in data.items() if k not in ("variants", "ladder", "policies", "seating")}
    variants = data.get("variants") or {}
    name, block = next(iter(variants.items())) if isinstance(variants, dict) and variants else ("base", {})
    block = {k: v for k, v in (block or {}).items() if k != "policies"} if isinstance(block, dict) else block
    if players is not None:
        base["players"] = players
        block = {k: v for k, v in block.items() if k != "players"} if isinstance(block, dict) else block
    probe, configs = parse(full, {**base, "variants": {name: block}}, game.name)
    seats = probe.variants[0].players
    parse_policies = full.hook("parse_policies")
    mine = parse_policies(policy, "--policy", 1)[0]
    theirs = parse_policies(against, "--against", 1)[0]
    _, configs = parse(full, {**base, "seating": "rotate", "policies": [policy] + [against] * (seats - 1),
                              "variants": {name: block}}, game.name)
    return configs[name], mine, theirs, seats


def strength(game, data: dict, policy: str, against: str, players: int | None,
             settings: runner.RunSettings) -> Result:
    cfg, mine, theirs, seats = config(game, data, policy, against, players)
    full = game.full()
    chunk = full.hook("games_per_chunk")(cfg)
    scale = runner.CHUNK // chunk
    scaled = replace(settings, rollouts=settings.rollouts * scale,
                     max_rollouts=settings.max_rollouts * scale if settings.max_rollouts else None)
    start = time.perf_counter()
    total = runner.run(StrengthTask(full.hook("play"), cfg, scale), scaled, label=f"games/{scale}",
                       halfwidths=_halfwidths, unit=scale, counted="games",
                       stage=f"playing {mine.label} against {theirs.label}")
    seconds = time.perf_counter() - start
    n = int(total["games"])
    rate = total["credit"] / n
    lo, hi = stats.wilson(total["credit"], n)
    margin, margin_hw = stats.mean_ci(n, total["margin"], total["margin_sq"])
    fair = 1.0 / seats
    verdict = ("stronger" if lo > fair else "weaker" if hi < fair else "not told apart")
    payload = {"policy": mine.label, "against": theirs.label, "players": seats, "games": n, "seed": total.seed,
               "win_rate": float(rate), "lo95": float(lo), "hi95": float(hi), "fair_share": fair,
               "margin": float(margin), "margin_ci95": float(margin_hw), "outright_wins": int(total["outright"]),
               "games_per_second": n / seconds if seconds > 0 else None, "verdict": verdict}
    import pandas as pd

    table = pd.DataFrame([{"policy": mine.label, "against": theirs.label, "players": seats, "games": n,
                           "win rate": rate, "lo95": lo, "hi95": hi, "fair share": fair, "margin": margin,
                           "margin ±95%": margin_hw, "games/s": payload["games_per_second"]}]).set_index("policy")
    money = full.money_name
    notes = [f"{mine.label} {'wins more than' if verdict == 'stronger' else 'wins less than' if verdict == 'weaker' else 'cannot be told from'}"
             f" its fair share of {fair:.0%} against {seats - 1} × {theirs.label}: {rate:.1%} (95% CI {lo:.1%}–"
             f"{hi:.1%}) over {n:,} games; margin {margin:+.2f} {money} over the best other seat (±{margin_hw:.2f})",
             f"{mine.label}'s seat rotates over every turn-order rank; a win shared by k tied players counts 1/k; "
             f"seed {total.seed}",
             f"players: {mine.label}: {mine.describe()}; {theirs.label}: {theirs.describe()}"]
    return runner.annotate(Result(f"{game.title}: {mine.label} against {theirs.label}", {"strength": table},
                                  payload, notes, exact={"strength": False}), total)
