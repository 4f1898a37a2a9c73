"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `position_state(position, policies)`: a `state.Position` as an engine state (the unknown cards under the
  tops as -1, dealt by `game.batch` FROM_POSITION from the unseen pools it also returns).
- `reference_table(s, settings)`: an engine state as the readable reference's `Table`.
- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped turn by turn: its chance record and a snapshot after the
  set-up and after every turn.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random and greedy players, 2 to 5 players) are played by the engine; the readable reference
  (`reference.play`) replays each from the engine's record (start player, the stacks dealt, the rolls, the
  random players' choices) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import turn_by_turn
from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r


def _cell(col: int, pos: int) -> int:
    return col * g.NPOS + pos


def position_state(p, policies) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(engine state, unseen gem kinds, unseen gold values) of position p, policies one name per seat."""
    s = np.zeros(g.SSIZE, dtype=np.int64)
    P = p.players
    s[g.NPL] = P
    s[g.OWNER:g.OWNER + g.NC] = -1
    for seat, cols in enumerate(p.colours):
        for c in cols:
            s[g.OWNER + c] = seat
    for c, places in enumerate(p.knights):
        for pos in places:
            s[g.CNT + _cell(c, pos)] += 1
            s[g.SQ + pos] += 1
            q = s[g.OWNER + c]
            if r.on_track(pos):
                s[g.ONT + q] += 1
            elif pos == r.NEST:
                s[g.LOST + q] += 1
    for c, pos in p.moved:
        s[g.MV + _cell(c, pos)] += 1
    if p.moved:
        s[g.STEPS] = 1
        s[g.FIRSTCOL] = p.moved[0][0]
    else:
        s[g.FIRSTCOL] = -1
    for k in range(9):
        for top, below, none, at, left in ((p.gem_top[k], p.gem_below[k], -1, g.GEMC, g.GEML),
                                           (p.gold_top[k], p.gold_below[k], 0, g.GOLDC, g.GOLDL)):
            n = 0 if top == none else 1 + below
            s[left + k] = n
            for i in range(n):  # bottom first: the unknown cards below, the top last
                s[at + k * g.NSTACK + i] = top if i == n - 1 else -1
    s[g.DC], s[g.DF], s[g.DT] = p.dragon
    s[g.TL] = p.treasure_left
    s[g.FOURK] = -1
    for q, h in enumerate(p.holdings):
        for v in h.gold:
            s[g.GOLDV + q * 6 + v] += 1
        s[g.NGOLD + q] = len(h.gold)
        s[g.GOLDSUM + q] = sum(h.gold)
        s[g.GEMH + q * g.KINDS:g.GEMH + (q + 1) * g.KINDS] = h.gems
        s[g.TREAS + q] = h.treasure
        if h.four_kinds:
            s[g.FOURK] = q
    s[g.POL:g.POL + P] = g.policy_codes(policies)
    s[g.TOMOVE] = p.to_move
    s[g.STARTP] = p.to_move
    gems = np.repeat(np.arange(4), p.unseen_gems).astype(np.int64)
    gold = np.repeat(np.arange(1, 6), p.unseen_gold).astype(np.int64)
    return s, np.concatenate([gems, np.zeros(32 - len(gems), dtype=np.int64)]), \
        np.concatenate([gold, np.zeros(32 - len(gold), dtype=np.int64)])


def _stack(s, at: int, left: int) -> tuple:
    return tuple(int(s[at + i]) for i in range(left - 1, -1, -1))  # top first


def points(s: np.ndarray) -> tuple[tuple, int]:
    """(points per seat, majorities included; the winner by points, treasure, gems, or -1 on a full tie)."""
    P = int(s[g.NPL])
    gems = [[int(x) for x in s[g.GEMH + q * g.KINDS:g.GEMH + (q + 1) * g.KINDS]] for q in range(P)]
    pts = [int(s[g.GOLDSUM + q]) + r.TREASURE_VALUE * int(s[g.TREAS + q]) + r.GEM_POINTS * sum(gems[q])
           + r.BONUS_POINTS * int(s[g.FOURK] == q) for q in range(P)]
    for k in range(g.KINDS):
        counts = [gems[q][k] for q in range(P)]
        top = max(counts)
        if top > 0 and counts.count(top) == 1:
            pts[counts.index(top)] += r.BONUS_POINTS
    key = [(pts[q], int(s[g.TREAS + q]), sum(gems[q])) for q in range(P)]
    best = max(key)
    return tuple(pts), (key.index(best) if key.count(best) == 1 else -1)


def snapshot(s: np.ndarray) -> dict:
    P = int(s[g.NPL])
    pts, winner = points(s)
    cols = [c for c in range(g.NC) if s[g.OWNER + c] >= 0]
    return {
        "turn": int(s[g.TURN]), "to_move": int(s[g.TOMOVE]),
        "knights": tuple(tuple(pos for pos in range(1, g.NPOS) for _ in range(int(s[g.CNT + _cell(c, pos)])))
                         for c in cols),
        "stacks": tuple((_stack(s, g.GEMC + k * g.NSTACK, int(s[g.GEML + k])),
                         _stack(s, g.GOLDC + k * g.NSTACK, int(s[g.GOLDL + k]))) for k in range(9)),
        "dragon": (int(s[g.DC]), int(s[g.DF]), int(s[g.DT])), "treasure_left": int(s[g.TL]),
        "gold": tuple(tuple(v for v in range(1, 6) for _ in range(int(s[g.GOLDV + q * 6 + v]))) for q in range(P)),
        "gems": tuple(tuple(int(x) for x in s[g.GEMH + q * g.KINDS:g.GEMH + (q + 1) * g.KINDS]) for q in range(P)),
        "treasure": tuple(int(s[g.TREAS + q]) for q in range(P)), "four_kinds": int(s[g.FOURK]),
        "points": pts, "end": g.END_NAMES[int(s[g.ENDED])],
        "winner": winner if s[g.ENDED] != g.E_RUN else -1,
    }


def reference_table(s: np.ndarray, settings):
    """The engine's state as the readable reference's `Table` (for holding the two equal mid-game)."""
    from analyzer.games.emerald import reference as ref

    snap = snapshot(s)
    P = int(s[g.NPL])
    colours = tuple(tuple(c for c in range(g.NC) if s[g.OWNER + c] == q) for q in range(P))
    knights = [[pos for pos in range(1, g.NPOS) for _ in range(int(s[g.CNT + _cell(c, pos)]))] for c in range(g.NC)]
    barred = [(c, pos) for c in range(g.NC) for pos in range(1, g.NPOS) for _ in range(int(s[g.MV + _cell(c, pos)]))]
    steps = int(s[g.STEPS])
    if steps and barred:  # the moved knight first
        first = next(b for b in barred if b[0] == s[g.FIRSTCOL])
        barred.remove(first)
        barred.insert(0, first)
    return ref.Table(P, settings, colours, knights, [list(gem) for gem, _ in snap["stacks"]],
                     [list(gold) for _, gold in snap["stacks"]], snap["dragon"], snap["treasure_left"],
                     [list(x) for x in snap["gold"]], [list(x) for x in snap["gems"]], list(snap["treasure"]),
                     snap["four_kinds"], snap["to_move"], barred, steps, int(s[g.FIRSTCOL]), [0] * P,
                     snap["turn"], snap["end"])


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game dealt and ready to play (`step(k)` plays k more turns); policies one name per seat, seeds its
    NSTREAMS stream seeds."""
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record)


def record_of(rec: np.ndarray) -> list[tuple]:
    """The chance record as the coordination notes write it."""
    out = []
    for tag, a, b in rec[1:1 + rec[0, 0]]:
        kind = g.RECORD_KINDS[int(tag)]
        if tag in (g.R_GEM, g.R_GOLD, g.R_MOVE):
            out.append((kind, int(a), int(b)))
        elif tag == g.R_STOP:
            out.append((kind,))
        elif tag == g.R_CARD:
            out.append((kind, "gold" if a else "gem"))
        else:
            out.append((kind, int(a)))
    return out


def engine_game(settings, players: int, policies, seeds, max_turns: int = 10_000):
    """One engine game stepped turn by turn: (chance record, snapshots after the set-up and every turn)."""
    game = start(settings, players, policies, seeds, 16 * max_turns + 128)
    snaps = game.play_out(snapshot, lambda s: s[g.ENDED] == g.E_RUN and s[g.TURN] < max_turns)
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies per seat): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (3, {}, ("greedy", "random")), (5, {}, ("random", "greedy")),
    (2, {}, ("greedy", "random")), (2, {"two_player_one_colour": False}, ("random", "greedy")),
    (4, {"chamber_ends_turn": True, "turn_on_arrival": False}, ("greedy", "random")),
    (3, {"stack_pattern": "gold_2_first", "knight_value": 2}, ("greedy",)),
    (4, {"die_faces": (1, 1, 2, 3, 4), "turn_cap": 6}, ("greedy", "random")),
]


agreement, engine_agrees = turn_by_turn(READINGS, r.Settings, g.Chance, engine_game,
                                        "analyzer.games.emerald.reference:play")
