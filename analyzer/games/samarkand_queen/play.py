"""Whole Samarkand games for balance runs, and rollouts from a position for the at-the-table answers.

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): the numba engine
(`game.py`) plays every game from the set-up with the seated policies, on chance drawn up front (`Chance`).

From a position (a `state.Position`; `me` = position.me, the seat whose hand is known), each rollout deals
the cards `me` has not seen anew (others' hands with their sizes, the pile, the discards too when they are
hidden; spec §6) and shuffles the 2-player bag, then plays on with one policy in every seat (default greedy).
Every question runs through `core.runner` (a picklable task per chunk), so a seed gives the same answer for
any --jobs.  Each returns (payload dict, RunResult); `runner.annotate(result, done)` adds the run's notes.

- `route_odds(position, run, goals)`: P(goal before the end), goals ("reach", family, goods_n) | ("meet", x, y);
  the distribution of turns left and of the end condition;
- `action_values(position, run, actions=None)`: the mover's final VP and win chance after each action, on
  common random numbers (game j of every action meets the same deal, deck and seat streams);
- `sell_or_keep(position, run, card)`: the card's final score if kept against 3 Dirham now, and both
  choices' EV and win chance (common random numbers);
- `reach_probabilities(position, run=None, cards=None, families=None)`: {card: P(at the end a camel of one
  of `families` stands on the card's space)}.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core import engine, runner, stats
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen.policies import Policy

KINDS = g.KINDS
SOURCES = ("cards", "goods markers", "relationship markers", "money")
ENDS = ("all_related", "five_relationships", "capped")
RuleSet, GameConfig = engine.BoardRuleSet, engine.BoardConfig


def launch(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray) -> dict:
    """n games from the set-up on the config's board: scores, stats and credit by seat."""
    return g.play_games(config.rules.board, config.rules.settings, config.players, config.policies, n, rng,
                        seat_policy=seat_policy, bd=config.bd)


RECORD = engine.Record(start=None, money=None, actions=g.ST_ACT, kinds=KINDS, maxp=g.MAXP, lengths=(
    engine.Length("turns", g.ST_TURNS), *engine.ended(g.ST_END, {"capped": 3, "five relationships end": 2}),
    engine.Length("reshuffles", g.ST_RESHUF), engine.Length("marriages", g.ST_ACT, "seats", stride=g.NKINDS),
    engine.Length("sales", g.ST_ACT + 4, "seats", stride=g.NKINDS),
    *(engine.Length(f"VP from {src} (all seats)", g.ST_VP + k, "seats", stride=4) for k, src in enumerate(SOURCES))))
WHOLE = engine.WholeGames("analyzer.games.samarkand_queen.game", RECORD, slow_chunk=256, launch=launch)
play, games_per_chunk = WHOLE.play, WHOLE.games_per_chunk


# ------------------------------------------------------------------------------------------------
# rollouts from a position


def fits(position) -> bool:
    """Whether the engine takes this position's board: 10 families, at most game.MAXC spaces of at most
    game.MAXDEG neighbours, at most 33 goods cards."""
    b = position.board
    return (len(b.families) == g.NF and b.cells <= g.MAXC and b.cards <= g.NCARD
            and all(len(nb) <= g.MAXDEG for nb in b.neighbours))


def _policy(policy) -> Policy:
    return policy if isinstance(policy, Policy) else Policy(str(policy))


def _option_row(action) -> np.ndarray:
    """A canonical action tuple -> the engine's option row."""
    kind = action[0]
    if kind == "marry":
        return np.array([g.T_MARRY, action[1], -1, -1], dtype=np.int64)
    if kind == "extend":
        cells = tuple(action[2])
        if len(cells) == 1:
            return np.array([g.T_EXT1, action[1], cells[0], -1], dtype=np.int64)
        return np.array([g.T_EXT2, action[1], cells[0], cells[1]], dtype=np.int64)
    return np.array([g.T_PASS, -1, -1, -1], dtype=np.int64)


@dataclass(frozen=True)
class Rollouts:
    """A picklable task: rollouts of a position (core.runner calls it per chunk with n and a Generator).

    `forced`: option rows, one per candidate first move (none: the policies move), every candidate
    played on the same games (common random numbers); `goals` (G, 3) as in `game.goals_hit`."""
    s0: np.ndarray
    bd: np.ndarray
    cfg: np.ndarray
    me: int
    hidden: int
    policy: Policy
    forced: tuple = ()
    goals: np.ndarray = field(default_factory=lambda: g.NO_GOALS)
    actor: int = -1  # whose final VP and win are summed (-1: me)

    def play(self, n: int, rng, forced=None, s0=None):
        P = int(self.cfg[g.C_P])
        seeds = g.Chance(n, rng).seeds
        pols, pars = g.policy_arrays([self.policy] * P, n)
        scores = np.zeros((n, P), dtype=np.int64)
        st = np.zeros((n, g.STSIZE), dtype=np.int64)
        hit = np.full((n, len(self.goals)), -1, dtype=np.int64)
        f = np.full(4, -1, dtype=np.int64) if forced is None else forced
        g.batch(self.s0.copy() if s0 is None else s0, False, self.me, self.hidden, f, -1, self.bd, self.cfg,
                    pols, pars, seeds, scores, st, self.goals, hit, g.NO_TRACE)
        return scores, st, hit

    def __call__(self, n: int, rng) -> dict:
        out = {}
        state = rng.bit_generator.state
        me0 = None
        who = self.me if self.actor < 0 else self.actor
        for k, forced in enumerate(self.forced or (None,)):
            rng.bit_generator.state = state  # every candidate on the same games
            scores, st, hit = self.play(n, rng, forced)
            me = scores[:, who].astype(float)
            out[f"ev{k}"] = me.sum()
            out[f"ev_sq{k}"] = (me * me).sum()
            out[f"win{k}"] = g.credit(scores)[:, who].sum()
            if me0 is None:
                me0 = me
            else:
                d = me - me0
                out[f"diff{k}"] = d.sum()
                out[f"diff_sq{k}"] = (d * d).sum()
        if len(self.goals):
            out["hits"] = (hit >= 0).sum(0)
        turns = st[:, g.ST_TURNS]
        out["turns_left"] = np.bincount(np.minimum(turns, 400), minlength=401)
        out["ends"] = np.bincount(st[:, g.ST_END], minlength=4)[1:]
        out["n"] = n
        return out


def _task(position, policy="greedy", **kw) -> Rollouts:
    from analyzer.games.samarkand_queen import sim

    hidden = 1 if position.discard is None else 0
    return Rollouts(sim.state_vector(position), g.board_vector(position.board),
                    g.settings_vector(position.settings, position.players), position.me, hidden,
                    _policy(policy), **kw)


REACH_ROLLOUTS = 1_000  # reach_probabilities without run settings: seed 0, one process (about a second)


def _run(task, run, label, halfwidths=None):
    run = run if run is not None else runner.RunSettings(rollouts=REACH_ROLLOUTS, seed=0, progress=False, jobs=1)
    return runner.run(task, run, label, halfwidths)


def _goal_rows(position, goals) -> np.ndarray:
    rows = []
    for goal in goals:
        if goal[0] == "reach":
            rows.append((0, goal[1], position.board.goods_cell[goal[2]]))
        elif goal[0] == "meet":
            rows.append((1, goal[1], goal[2]))
        else:
            raise ValueError(f"unknown goal {goal!r}")
    return np.array(rows, dtype=np.int64).reshape(-1, 3)


def _goal_name(position, goal) -> str:
    fam = position.board.families
    if goal[0] == "reach":
        return f"{fam[goal[1]]} reaches goods space {goal[2]}"
    return f"{fam[goal[1]]} meets {fam[goal[2]]}"


def _wilson_halfwidths(m):
    n = m["n"]
    parts = [stats.wilson_halfwidth(m["hits"], n)] if "hits" in m else []
    return np.concatenate([np.atleast_1d(x) for x in parts]) if parts else np.zeros(1)


def route_odds(position, run=None, goals=(), policy="greedy"):
    """P(each goal before the end), turns left and the end condition (see the module doc)."""
    task = _task(position, policy, goals=_goal_rows(position, goals))
    done = _run(task, run, "rollouts", _wilson_halfwidths)
    n = int(done["n"])
    out = []
    for i, goal in enumerate(goals):
        k = int(done["hits"][i])
        lo, hi = stats.wilson(k, n)
        out.append({"goal": _goal_name(position, goal), "p": k / n, "lo95": float(lo), "hi95": float(hi)})
    turns = done["turns_left"]
    payload = {"goals": out, "turns_left": {int(t): float(c / n) for t, c in enumerate(turns) if c},
               "turns_left_mean": float((np.arange(len(turns)) * turns).sum() / n),
               "end": {name: float(done["ends"][k] / n) for k, name in enumerate(ENDS)},
               "rollouts": n, "seed": done.seed, "policy": _policy(policy).label}
    return payload, done


def _value_rows(done, labels):
    n = int(done["n"])
    rows = []
    for k, label in enumerate(labels):
        mean, half = stats.mean_ci(n, done[f"ev{k}"], done[f"ev_sq{k}"])
        w = float(done[f"win{k}"])
        wlo, whi = stats.wilson(w, n)
        row = {"action": label, "ev": float(mean), "ev_ci95": float(half), "win": w / n,
               "win_lo95": float(wlo), "win_hi95": float(whi)}
        if k > 0:
            d, dlo, dhi = stats.paired_difference(n, done[f"diff{k}"], done[f"diff_sq{k}"])
            row.update(diff_vs_first=float(d), diff_ci95=float(dhi - d))
        rows.append(row)
    return rows


def _ev_halfwidths(m, k):
    n = m["n"]
    return np.array([stats.mean_ci(n, m[f"ev{i}"], m[f"ev_sq{i}"])[1] for i in range(k)])


def action_values(position, run=None, policy="greedy", actions=None):
    """The mover's final VP and win chance after each of his actions (default: every legal one), on common random
    numbers; the cards me has not seen are dealt anew per rollout (the mover's too, when he is not me)."""
    from analyzer.games.samarkand_queen import reference

    actions = list(actions) if actions is not None else reference.legal_actions(position)
    task = _task(position, policy, forced=tuple(_option_row(a) for a in actions), actor=position.to_move)
    done = _run(task, run, "rollouts", lambda m: _ev_halfwidths(m, len(actions)))
    rows = _value_rows(done, [str(a) for a in actions])
    for row, a in zip(rows, actions):
        row["action"] = a
    return {"actions": rows, "rollouts": int(done["n"]), "seed": done.seed,
            "policy": _policy(policy).label}, done


@dataclass(frozen=True)
class _SellTask:
    """Keep (k = 0) against sell (k = 1) of a card in my hand, on the same games."""
    base: Rollouts
    sold: np.ndarray

    def __call__(self, n: int, rng) -> dict:
        state = rng.bit_generator.state
        scores_k, st_k, hit = self.base.play(n, rng)
        rng.bit_generator.state = state
        scores_s, _, _ = self.base.play(n, rng, s0=self.sold.copy())
        keep_me = scores_k[:, self.base.me].astype(float)
        sell_me = scores_s[:, self.base.me].astype(float)
        d = keep_me - sell_me
        value = hit[:, 0].astype(float)  # the card's final score if kept (goal kind 3)
        return {"n": n, "keep": keep_me.sum(), "keep_sq": (keep_me ** 2).sum(), "sell": sell_me.sum(),
                "sell_sq": (sell_me ** 2).sum(), "diff": d.sum(), "diff_sq": (d * d).sum(),
                "win_keep": g.credit(scores_k)[:, self.base.me].sum(),
                "win_sell": g.credit(scores_s)[:, self.base.me].sum(),
                "value": value.sum(), "value_sq": (value * value).sum()}


def sell_or_keep(position, run=None, card=None, policy="greedy"):
    """Keep the card (its final score for me) against selling it now for 3 Dirham, on common random numbers."""
    card = card if card is not None else position.focus.card
    me = position.seats[position.me]
    if card not in (me.hand or ()):
        raise ValueError(f"card {card} is not in my hand")
    base = _task(position, policy, goals=np.array([[3, position.me, card]], dtype=np.int64))
    sold = base.s0.copy()
    sold[g.CLOC + card] = g.LOC_SOLD + position.me
    sold[g.P_HN + position.me] -= 1
    sold[g.P_SN + position.me] += 1
    sold[g.P_MONEY + position.me] += 3
    task = _SellTask(base, sold)

    def half(m):
        n = m["n"]
        return np.array([stats.mean_ci(n, m["value"], m["value_sq"])[1],
                         stats.mean_ci(n, m["diff"], m["diff_sq"])[1]])

    done = _run(task, run, "rollouts", half)
    n = int(done["n"])
    value, vhalf = stats.mean_ci(n, done["value"], done["value_sq"])
    d, dlo, dhi = stats.paired_difference(n, done["diff"], done["diff_sq"])
    payload = {"card": card, "sell": 3, "keep_value": float(value), "keep_ci95": float(vhalf),
               "ev_keep": float(done["keep"] / n), "ev_sell": float(done["sell"] / n), "diff": float(d),
               "diff_ci95": float(dhi - d), "win_keep": float(done["win_keep"] / n),
               "win_sell": float(done["win_sell"] / n),
               "decision": "keep" if d > 0 else ("sell" if d < 0 else "either"),
               "rollouts": n, "seed": done.seed, "policy": _policy(policy).label}
    return payload, done


def reach_probabilities(position, run=None, cards=None, families=None, policy="greedy"):
    """{card: P(at the end a camel of one of `families` (default: my tiles) stands on the card's space)}.

    Returns (dict, RunResult); `run` None: REACH_ROLLOUTS rollouts, seed 0, one process."""
    me = position.seats[position.me]
    cards = list(cards) if cards is not None else list(me.hand or ())
    families = sorted(set(families) if families is not None else set(me.tiles))
    mask = sum(1 << f for f in families)
    goals = np.array([[2, mask, position.board.goods_cell[c]] for c in cards], dtype=np.int64).reshape(-1, 3)
    task = _task(position, policy, goals=goals)
    done = _run(task, run, "rollouts", _wilson_halfwidths)
    n = int(done["n"])
    return {c: float(done["hits"][i] / n) for i, c in enumerate(cards)}, done
