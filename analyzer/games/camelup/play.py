"""The full-game play loop: who sits where, each turn's choices, the outcome of every game.

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`):
the engine (`game.Games`) holds the boards and the pre-drawn dice (`game.Chance`), the
policies (`policies.py`) choose each turn's action, and finished games drop out.
"""
from __future__ import annotations


import numpy as np

from analyzer.core.balance.run import seat_assignments
from analyzer.games.camelup import policies as pol
from analyzer.games.camelup.game import MAX_TURNS, GameConfig, Games, check_rules


def games_per_chunk(config: GameConfig) -> int:
    """Games per batch: large for cheap policies, small where a seat runs rollouts per decision.

    Called once in the process that starts the run: where a greedy seat reads the exact race table,
    the table is made ready here (built and cached on first use), so the workers only load it."""
    if any(spec.name in ("greedy", "greedy-exact") and spec.race_rollouts for spec in config.policies):
        pol.greedy_race_table(config.rules, config.rules.racing)
    return min(pol.batch_size(spec, config.rules) for spec in config.policies)


def credit(money) -> np.ndarray:
    """(games, players) win credit: 1/k to each of the k players tied on the most money."""
    top = money == money.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def play(config: GameConfig, n: int, rng, trace: bool = False) -> dict:
    """Play n full games; the outcome of each, and action counts per seat and kind.

    Returns money (n, players) final coins, credit (n, players) win credit, turns (n,),
    legs (n,), actions (players, kinds), policy (n, players) the policy index of each seat;
    with trace=True also `trace` (n, turns) the action of each turn (-1 after the end),
    `draws` (n, 1 + legs) the dice draws (set-up first) and, with boost dice, `boost_draws`
    (n, legs, rolls) their draws (`game.Chance`) and, with the boost action, `boosts` (n, turns)
    the boost die each turn's follow-up threw in (-1: none).

    With the boost action a turn is the main action, then the seat's follow-up (`choose_boost`,
    from a uniform of its own per game and turn: a stream apart, so rule sets without it see the
    same choices)."""
    check_rules(config.rules, players=config.players)
    dice_rng, choice_rng, rollout_rng, boost_rng = rng.spawn(4)  # the first three as before the fourth existed
    games = Games(config, n, dice_rng)
    models = [pol.make(spec, config) for spec in config.policies]
    seat_policy = seat_assignments(config.players, config.seating, n)
    fixed = config.seating == "fixed"
    boosting = config.rules.boost_action
    log = np.full((n, 0), -1, dtype=np.int16) if trace else None
    boost_log = np.full((n, 0), -1, dtype=np.int8) if trace and boosting else None
    t = 0
    while games.alive.any():
        if t >= MAX_TURNS:
            raise RuntimeError(f"{games.rows} games still running after {MAX_TURNS} turns")
        seat = t % config.players
        u = choice_rng.random((n, 2))[games.orig]  # one pair per game and turn, whatever the rows
        rows = np.flatnonzero(games.alive)  # finished games play the no-op
        action = np.full(games.rows, games.space.noop, dtype=np.int64)
        if t == 0 and config.opening is not None:
            action[rows] = pol.opening(config.opening, games, rows, seat)
        elif fixed:
            action[rows] = models[seat].choose(games, rows, seat, u[rows], rollout_rng)
        else:
            which = seat_policy[games.orig[rows], seat]
            for i, model in enumerate(models):
                sel = rows[which == i]
                if sel.size:
                    action[sel] = model.choose(games, sel, seat, u[sel], rollout_rng)
        if trace:
            if log.shape[1] <= t:
                log = np.concatenate([log, np.full((n, 64), -1, dtype=np.int16)], axis=1)
                if boosting:
                    boost_log = np.concatenate([boost_log, np.full((n, 64), -1, dtype=np.int8)], axis=1)
            log[games.orig[games.alive], t] = action[games.alive]
        games.apply(seat, action)
        if boosting:
            ub = boost_rng.random(n)[games.orig]
            camel = _follow_up(games, models, seat_policy, fixed, seat, ub, rollout_rng)
            if trace:
                log_rows = camel >= 0
                boost_log[games.orig[log_rows], t] = camel[log_rows]
            games.apply_boost(seat, camel)
        games.drop_finished()
        t += 1
    out = {"money": games.final_money, "credit": credit(games.final_money), "turns": games.final_turns,
           "legs": games.final_legs, "actions": games.actions, "policy": seat_policy}
    if trace:
        out["trace"] = log[:, :t]
        out["draws"] = games.draws.table
        if config.rules.boost_dice:
            out["boost_draws"] = games.draws.boost_table
        if boosting:
            out["boosts"] = boost_log[:, :t]
    return out


def _follow_up(games, models, seat_policy, fixed, seat, u, rng) -> np.ndarray:
    """(rows,) the boost die each game's seat throws in after its action (-1: none), where it may."""
    camel = np.full(games.rows, -1, dtype=np.int64)
    rows = np.flatnonzero(games.alive & (games.pyr[:, seat] >= 1))
    if not rows.size:
        return camel
    if fixed:
        camel[rows] = models[seat].choose_boost(games, rows, seat, u[rows], rng)
        return camel
    which = seat_policy[games.orig[rows], seat]
    for i, model in enumerate(models):
        sel = rows[which == i]
        if sel.size:
            camel[sel] = model.choose_boost(games, sel, seat, u[sel], rng)
    return camel
