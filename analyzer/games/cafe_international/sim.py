"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `position_state(position, policies)`: a `state.Position` as an engine state (`game.batch` FROM_POSITION plays
  on from it; the unlisted bar tiles are drawn from the bag's non-jokers per rollout).
- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped turn by turn: its chance record and a snapshot after the
  set-up and after every turn.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random and greedy players, 2 to 4 players) are played by the engine; the readable reference
  (`reference_policies.play`) replays each from the engine's record (the start player, every bag draw, the random
  players' moves) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import turn_by_turn
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import rules as r


def chair_index(layout) -> dict:
    order: dict = {}
    for _, _, chairs in layout:
        for c in chairs:
            order.setdefault(c, len(order))
    return order


def position_state(p, policies) -> np.ndarray:
    """The engine state of position p (policies one per seat) for `game.run(..., FROM_POSITION)`."""
    P = p.players
    cfg = g.settings_vector(p.settings, P)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL], s[g.TOMOVE], s[g.STARTP] = P, p.to_move, p.to_move
    s[g.TURN] = 0 if p.first_turn else 1
    s[g.BARN] = p.bar_filled
    s[g.BDAY] = -1 if p.birthday is None else p.birthday
    s[g.SEAT:g.SEAT + g.MAXC] = -1
    s[g.NFREE] = cfg[g.C_NC]
    order = chair_index(p.settings.layout)
    for chair, tile in p.seated:
        c, k = order[chair], r.kind(*tile)
        s[g.SEAT + c] = k
        s[g.NFREE] -= 1
        for t in cfg[g.C_CTAB + 2 * c:g.C_CTAB + 2 * c + cfg[g.C_CNT + c]]:
            s[g.TN + t] += 1
            s[g.TMEN + t] += k % 2
    for q in range(P):
        for tile in p.hands[q]:
            s[g.HAND + q * g.NK + r.kind(*tile)] += 1
        s[g.HN + q] = len(p.hands[q])
        s[g.SCORE + q] = p.scores[q]
        s[g.TARGET + q] = p.targets[q]
        s[g.OUT + q] = q in p.dropped
    s[g.NACTIVE] = P - len(set(p.dropped))
    s[g.BAG:g.BAG + g.NK] = p.pool
    s[g.BAGN] = sum(p.pool)
    s[g.BARHID] = p.bar_hidden
    s[g.POL:g.POL + P] = g.policy_codes(policies)
    return s


def snapshot(s: np.ndarray, nchairs: int) -> dict:
    P = int(s[g.NPL])
    return {
        "turn": int(s[g.TURN]), "to_move": int(s[g.TOMOVE]), "start": int(s[g.STARTP]), "bar": int(s[g.BARN]),
        "bag": tuple(int(x) for x in s[g.BAG:g.BAG + g.NK]),
        "hands": tuple(tuple(int(x) for x in s[g.HAND + q * g.NK:g.HAND + (q + 1) * g.NK]) for q in range(P)),
        "seated": tuple(int(x) for x in s[g.SEAT:g.SEAT + nchairs]),
        "scores": tuple(int(s[g.SCORE + q]) for q in range(P)), "out": tuple(int(s[g.OUT + q]) for q in range(P)),
        "targets": tuple(int(s[g.TARGET + q]) for q in range(P)), "birthday": int(s[g.BDAY]),
        "end": g.END_NAMES[int(s[g.ENDED])],
    }


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game dealt and ready to play (`step(k)` plays k more turns); policies one name per seat, seeds its
    stream seeds."""
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record, g.RECW)


def record_of(rec: np.ndarray) -> list[tuple]:
    """The chance record as the coordination notes write it."""
    out = []
    for row in rec[1:1 + rec[0, 0]]:
        kind = g.RECORD_KINDS[int(row[0])]
        if row[0] == g.R_MOVE:
            out.append((kind, *(int(x) for x in row[1:10])))
        elif row[0] == g.R_DRAW:
            out.append((kind, int(row[1]), int(row[2])))
        else:
            out.append((kind, int(row[1])))
    return out


def engine_game(settings, players: int, policies, seeds, max_turns: int = 10_000):
    """One engine game stepped turn by turn: (chance record, snapshots after the set-up and every turn)."""
    game = start(settings, players, policies, seeds, 8 * max_turns + 64)
    nchairs = int(game.cfg[g.C_NC])
    snaps = game.play_out(lambda s: snapshot(s, nchairs), lambda s: s[g.ENDED] == g.E_RUN and s[g.TURN] < max_turns)
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies per seat): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (2, {}, ("greedy", "random")), (3, {}, ("random", "greedy")),
    (4, {"lone_guest_rule": "never", "table_scoring": "per_guest"}, ("greedy", "random")),
    (3, {"bag_end": "exactly_4", "bar_spaces": 21}, ("random", "greedy")),
    (4, {"coffee_party": True}, ("greedy", "random")),
    (2, {"birthday_table": True, "birthday_score": 20}, ("greedy",)),
    (4, {"turn_cap": 12}, ("greedy", "random")),
    (3, {"seat_handicap": (0, 6, 12)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


agreement, engine_agrees = turn_by_turn(READINGS, r.Settings, g.Chance, engine_game,
                                        "analyzer.games.cafe_international.reference_policies:play")
