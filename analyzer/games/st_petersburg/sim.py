"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped phase by phase: its chance record and a snapshot after the
  set-up and after every phase (its scoring, Pub and refill; after the upgrade phase the round's end).
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random and greedy players, 2 to 4 players) are played by the engine; the readable reference
  (`reference_policies.play`) replays each from the engine's record (the start stones, the four decks' order, the random
  players' moves and Pub choices) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import seeded_games
from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import rules as r


def _sorted(counts) -> tuple:
    return tuple(t for t, n in enumerate(counts) for _ in range(int(n)))


def _rows(s: np.ndarray, base: int, P: int, T: int) -> tuple:
    return tuple(_sorted(s[base + q * g.MAXT:base + q * g.MAXT + T]) for q in range(P))


def final(s: np.ndarray, cfg: np.ndarray) -> tuple[tuple, tuple]:
    """(final points per seat, winners): most final points, ties the most rubles, then shared."""
    P = int(s[g.NPL])
    stats = np.zeros((1, g.STSIZE), dtype=np.int64)
    for q in range(P):
        stats[0, g.ST_FINAL + q] = final_points(s, cfg, q)
        stats[0, g.ST_RUB + q] = s[g.RUB + q]
    won = g.credit(stats, P)[0]
    return tuple(int(x) for x in stats[0, g.ST_FINAL:g.ST_FINAL + P]), tuple(q for q in range(P) if won[q] > 0)


def final_points(s: np.ndarray, cfg: np.ndarray, q: int) -> int:
    T = int(cfg[g.C_T])
    red = sum(1 for t in range(T) if cfg[g.C_COL + t] == r.RED and s[g.OWN + q * g.MAXT + t] > 0)
    return (int(s[g.PTS + q]) + r.aristocrat_bonus(red) + int(s[g.RUB + q]) // r.RUBLES_PER_POINT
            - r.HAND_PENALTY * int(s[g.HN + q]))


def snapshot(s: np.ndarray, cfg: np.ndarray, set_up: bool = False) -> dict:
    """round and phase: those just played (the set-up: round 1, phase -1), as the reference counts them."""
    P, T = int(s[g.NPL]), int(cfg[g.C_T])
    ended = bool(s[g.ENDED] != g.E_RUN)
    points, winners = final(s, cfg) if ended else (None, None)
    went_on = s[g.PHASE] == 0 and not ended and not set_up  # the engine counts the next round already
    return {
        "round": int(s[g.ROUND]) - went_on, "phase": -1 if set_up else (int(s[g.PHASE]) - 1) % 4,
        "rubles": tuple(int(s[g.RUB + q]) for q in range(P)), "points": tuple(int(s[g.PTS + q]) for q in range(P)),
        "cards": _rows(s, g.OWN, P, T), "hands": _rows(s, g.HAND, P, T),
        "upper": _sorted(s[g.UP:g.UP + T]), "lower": _sorted(s[g.LO:g.LO + T]),
        "decks_left": tuple(int(s[g.DN + d] - s[g.DP + d]) for d in range(4)),
        "stones": tuple(int((s[g.STONE] + k) % P) for k in range(4)),
        "last_round": bool(s[g.LAST]), "ended": ended, "final": points, "winners": winners,
    }


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game dealt and ready to play (`step(k)` plays k more phases); policies one name per turn-order rank
    from the worker stone, seeds its stream seeds."""
    pols = np.zeros((1, g.MAXP), dtype=np.int64)
    pols[0, :players] = g.policy_codes(policies)
    return engine.OneGame.start(g, g.settings_vector(settings, players, by_rank=True), pols, seeds, max_record,
                                g.RECW)


def set_up_record(s: np.ndarray) -> list[tuple]:
    """The chance record's set-up rows: the stones' seats, then every deck's cards top first."""
    P = int(s[g.NPL])
    out = [("stones", *(int((s[g.STONE] + k) % P) for k in range(4)))]
    for d in range(4):
        out += [("deck", d, int(t)) for t in s[g.DK + d * g.MAXD:g.DK + d * g.MAXD + s[g.DN + d]]]
    return out


def play_record(rec: np.ndarray) -> list[tuple]:
    """The random players' decisions in play order: ("move", kind, a, b, c) and ("pub", points)."""
    out = []
    for row in rec[1:1 + rec[0, 0]]:
        if row[0] == g.R_MOVE:
            out.append(("move", *(int(x) for x in row[1:5])))
        else:
            out.append(("pub", int(row[1])))
    return out


def engine_game(settings, players: int, policies, seeds, max_phases: int = 400):
    """One engine game stepped phase by phase: (chance record, snapshots after the set-up and every phase)."""
    game = start(settings, players, policies, seeds, 4096 * 16)
    record = set_up_record(game.s)
    snaps = [snapshot(game.s, game.cfg, set_up=True)]
    while game.s[g.ENDED] == g.E_RUN and len(snaps) <= max_phases:
        game.step(1)
        snaps.append(snapshot(game.s, game.cfg))
    if game.rec[0, 0] >= len(game.rec) - 1:
        raise ValueError("the record buffer is full")
    return record + play_record(game.rec), snaps


READINGS = [  # (players, settings changes, policies per turn-order rank): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (2, {}, ("greedy", "random")), (3, {}, ("random", "greedy")),
    (4, {"upgrade_pairs": "seed"}, ("random", "greedy")),
    (3, {"worker_refill_end": "immediate"}, ("random",)),
    (2, {"observatory_last_card": "allowed", "hand_limit": 4}, ("random",)),
    (4, {"turn_cap": 3}, ("greedy", "random")),
    (3, {"seat_handicap": (0, 4, -3)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


def agreement(seed: int, games=READINGS, max_phases: int = 400) -> list[tuple]:
    """(what, engine's value, reference's value) over seeded games, snapshot by snapshot (see the module doc)."""
    from analyzer.games.st_petersburg import reference_policies as ref

    return seeded_games(seed, games, r.Settings, g.Chance,
                        lambda s, n, pol, seeds: engine_game(s, n, pol, seeds, max_phases),
                        ref.play,
                        step=lambda i, snap: "after the set-up" if i == 0 else f"after phase step {i}")


def engine_agrees(seed: int) -> list[tuple]:
    """The conformance check (`GameSpec.reference_check`): see `agreement`."""
    return agreement(seed)
