"""Whole Samarkand (Sackson) games for balance runs, and the race to 500 from a position.

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): the numba engine
(`game.py`) plays every game from the set-up with the seated policies, on chance drawn up front (`Chance`),
from the configured start spaces (`start`: a uniform space per seat, or one space per seat).

`race(position, settings)`: rollouts of the rest of the game from a position (a `state.Position`; me =
position.me, whose cubes are known): every other seat's hidden cubes are dealt per rollout uniformly from my
unseen pool (an unknown bag is what is left), then every seat plays on with its policy (default greedy).  It
runs through `core.runner` (a picklable task per chunk, one SeedSequence child each), so a seed gives the same
answer for any --jobs.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core import engine, runner, stats
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson.policies import Policy

KINDS = g.ACT_KINDS
MARKET_NAMES = ("grain", "fruit", "copper", "carpets", "camels", "jewels", "assortments")
STARTS = ("camp", "oasis", "city")
START_NAMES = ("a camp", "an oasis", "a city")
BAG_TURNS = (10, 20, 50, 100, 200)
RuleSet = engine.BoardRuleSet


@dataclass(frozen=True)
class GameConfig(engine.BoardConfig):
    starts: tuple | None = None  # one start space (index, -1 uniform) per seat; None: every seat uniform


def launch(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray) -> dict:
    """n games from the set-up on the config's board and start spaces: stats and credit by seat."""
    return g.play_games(config.rules.board, config.rules.settings, config.players, config.policies, n, rng,
                        seat_policy=seat_policy, starts=config.starts, bd=config.bd)


def start_lengths(games: dict, config: GameConfig) -> dict:
    """The win credit of the seats that started on each kind of space, and the kind seat 0 started on."""
    from analyzer.games.samarkand_sackson import rules as r

    board = r.DEFAULT_BOARD if config.rules.board is None else config.rules.board
    st, win = games["stats"], games["credit"]
    kind = np.asarray(board.kind)[st[:, g.ST_START:g.ST_START + config.players]]  # (n, P) each start space's type
    res = {}
    for k, name in enumerate(START_NAMES):
        res[f"winner started on {name}"] = ((kind == k) * win).sum(1)
        res[f"seat 0 started on {name}"] = (kind[:, 0] == k).astype(np.int64)
    return res


RECORD = engine.Record(start=None, money=g.ST_MONEY, actions=g.ST_ACT, kinds=KINDS, maxp=g.MAXP, lengths=(
    engine.Length("turns", g.ST_TURNS),
    *engine.ended(g.ST_END, {"capped": g.E_CAPPED, "won at 500": g.E_WON, "last player standing": g.E_LAST}),
    engine.Length("bag emptied (times)", g.ST_NEMPTY),
    *(engine.Length(f"income from {m} (all seats)", g.ST_INCOME + k) for k, m in enumerate(MARKET_NAMES)),
    engine.Length("fines paid (all seats)", g.ST_FINES)))
WHOLE = engine.WholeGames(
    "analyzer.games.samarkand_sackson.game", RECORD, slow_chunk=256, launch=launch, own=start_lengths,
    own_lengths=(*(f"winner started on {k}" for k in START_NAMES), *(f"seat 0 started on {k}" for k in START_NAMES)))
play, games_per_chunk = WHOLE.play, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# the race from a position


def _policy(policy) -> Policy:
    return policy if isinstance(policy, Policy) else Policy(str(policy))


@dataclass(frozen=True)
class Race:
    """A picklable task: rollouts of a position to the end (core.runner calls it per chunk with n and a Generator)."""
    s0: np.ndarray
    hidden: np.ndarray
    known_bag: bool
    bd: np.ndarray
    cfg: np.ndarray
    me: int
    policies: tuple

    def __call__(self, n: int, rng) -> dict:
        P = int(self.cfg[g.C_P])
        seeds = g.Chance(n, rng).seeds
        pols, pars = g.policy_arrays(list(self.policies), n)
        st = np.zeros((n, g.STSIZE), dtype=np.int64)
        g.batch(self.s0.copy(), False, self.me, self.hidden, self.known_bag, -1, self.bd, self.cfg, pols, pars,
                np.full((n, P), -1, dtype=np.int64), seeds, st, g.NO_TRACE)
        first = (st[:, g.ST_END] == g.E_WON) & (st[:, g.ST_WINNER] == self.me)
        reach = st[:, g.ST_REACH + self.me]
        empty = st[:, g.ST_EMPTY]
        return {"n": n, "first": int(first.sum()),
                "reach": np.bincount(np.where(reach >= 0, np.minimum(reach, 1000), 1001), minlength=1002),
                "empty": np.array([int(((empty >= 0) & (empty < t)).sum()) for t in BAG_TURNS]),
                "ends": np.bincount(st[:, g.ST_END], minlength=4)}


def race_task(position, policy="greedy", opponents=None) -> Race:
    """The race's task for a position: me = position.me plays `policy`, every other seat `opponents` (default
    the same policy)."""
    from analyzer.games.samarkand_sackson import sim

    s0, hidden, known = sim.state_vector(position)
    mine = _policy(policy)
    theirs = mine if opponents is None else _policy(opponents)
    pols = tuple(mine if q == position.me else theirs for q in range(position.players))
    return Race(s0, hidden, known, g.board_vector(position.board), g.settings_vector(position.settings,
                                                                                      position.players),
                position.me, pols)


def _halfwidths(m):
    return np.atleast_1d(stats.wilson_halfwidth(m["first"], m["n"]))


def race(position, settings=None, *, rollouts: int | None = None, seed: int | None = None, jobs: int | None = None,
         policy="greedy", opponents=None):
    """P(me reaches 500 first) with its Wilson 95% interval, the distribution of my own turns until I reach 500,
    P(the bag has emptied within t turns in all) for t in BAG_TURNS, and how the rollouts ended.

    `settings` a `runner.RunSettings` (rollouts, seed, jobs ... as the CLI gives them); rollouts/seed/jobs
    override it.  Returns (payload dict, RunResult)."""
    from dataclasses import replace

    settings = settings if settings is not None else runner.RunSettings(rollouts=200, seed=0, progress=False, jobs=1)
    changes = {k: v for k, v in (("rollouts", rollouts), ("seed", seed), ("jobs", jobs)) if v is not None}
    settings = replace(settings, **changes) if changes else settings
    task = race_task(position, policy, opponents)
    done = runner.run(task, settings, "rollouts", _halfwidths)
    n = int(done["n"])
    k = int(done["first"])
    lo, hi = stats.wilson(k, n)
    reach = done["reach"]
    turns = {str(t): float(reach[t] / n) for t in range(1001) if reach[t]}
    never = float(reach[1001] / n)  # index 1000 holds 1000 turns or more
    turns["never"] = never
    ends = done["ends"]
    names = {g.E_WON: "won", g.E_CAPPED: "capped", g.E_LAST: "last_standing", g.E_RUN: "running"}
    label = _policy(policy).label if opponents is None else \
        f"me {_policy(policy).label}, opponents {_policy(opponents).label}"
    payload = {"p_first": k / n, "p_first_lo95": float(lo), "p_first_hi95": float(hi), "turns_to_500": turns,
               "turns_to_500_mean": (float(sum(int(t) * q for t, q in turns.items() if t != "never") / (1 - never))
                                     if never < 1 else None),
               "p_bag_empty": {str(t): float(done["empty"][i] / n) for i, t in enumerate(BAG_TURNS)},
               "ends": {names[e]: float(ends[e] / n) for e in range(4) if ends[e]}, "policy": label,
               "rollouts": n, "seed": done.seed}
    return payload, done
