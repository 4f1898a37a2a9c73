"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped round by round: its chance record and a snapshot after the
  set-up and after every round.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random and greedy players, 2 to 4 players) are played by the engine; the readable reference
  (`reference_policies.play`) replays each from the engine's record (the deck and its reshuffles, the tile
  layouts, the random players' choices) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import round_by_round
from analyzer.games.goa import game as g
from analyzer.games.goa import rules as r


def _seat(s: np.ndarray, q: int, offset: int, n: int = 1):
    at = g.PL + q * g.PSZ + offset
    return int(s[at]) if n == 1 else tuple(int(x) for x in s[at:at + n])


def snapshot(s: np.ndarray) -> dict:
    """The coordination notes' snapshot: rows 1-based, tiles by square y * 5 + x, won tiles as (phase, tile)."""
    P = int(s[g.NPL])
    seats = range(P)
    ended = bool(s[g.ENDED])
    return {
        "round": int(s[g.ROUND]), "flag": int(s[g.FLAG]),
        "ducats": tuple(_seat(s, q, g.O_DUC) for q in seats),
        "ships": tuple(_seat(s, q, g.O_SHIPS) for q in seats),
        "colonists": tuple(_seat(s, q, g.O_COL) for q in seats),
        "extra": tuple(_seat(s, q, g.O_EXTRA) for q in seats),
        "rows": tuple(_seat(s, q, g.O_ROWS, g.NC) for q in seats),
        "capacity": tuple(_seat(s, q, g.O_CAP, g.NS) for q in seats),
        "sacks": tuple(_seat(s, q, g.O_SACK, g.NS) for q in seats),
        "plantations": tuple(tuple(zip(_seat(s, q, g.O_PK, 5), _seat(s, q, g.O_PC, 5)))[:_seat(s, q, g.O_NPLANT)]
                             for q in seats),
        "singles": tuple(_seat(s, q, g.O_SINGLES) for q in seats),
        "colonies": tuple(tuple(t for t in range(g.NCOL) if _seat(s, q, g.O_COLONIES + t)) for q in seats),
        "hands": tuple(tuple(sorted(_seat(s, q, g.O_HAND, g.NCARD)[:_seat(s, q, g.O_HANDN)])) for q in seats),
        "deck": tuple(int(c) for c in s[g.DECK + s[g.DPOS]:g.DECK + s[g.DN]]),
        "discard": tuple(sorted(int(c) for c in s[g.DISC:g.DISC + s[g.DISCN]])),
        "tiles": tuple(None if t < 0 else int(t) for t in s[g.TILES:g.TILES + g.NSQ]),
        "won": tuple(tuple(sorted(divmod(w, g.NT) for w in _seat(s, q, g.O_WON, 2 * g.NSQ)[:_seat(s, q, g.O_WONN)]))
                     for q in seats),
        "red": tuple(_seat(s, q, g.O_RED, 4) for q in seats),
        "rewards": tuple(None if x < 0 else int(x) for x in s[g.REWARD:g.REWARD + 2 * g.NC]),
        "allrows": tuple(_seat(s, q, g.O_ALLROWS) for q in seats),
        "duty": tuple(_seat(s, q, g.O_DUTY) for q in seats),
        "mission": tuple(_seat(s, q, g.O_MISSION) for q in seats),
        "supply": int(s[g.SUPPLY]), "actions": int(s[g.NACTS]),
        "scores": tuple(_seat(s, q, g.O_SCORE) for q in seats) if ended else None,
        "capped": bool(s[g.CAPPED]),
    }


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game set up and ready to play (`step(k)` plays k more rounds); policies one name per TURN-ORDER RANK
    (rank 0 the start player)."""
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record)


def record_of(rec: np.ndarray) -> list[tuple]:
    """The chance record as the coordination notes write it."""
    out = []
    for tag, a, b in rec[1:1 + rec[0, 0]]:
        kind = g.RECORD_KINDS[int(tag)]
        if tag in (g.R_TILE, g.R_FLAG, g.R_MARKER, g.R_ADV):
            out.append((kind, int(a), int(b)))
        else:
            out.append((kind, int(a)))
    return out


def engine_game(settings, players: int, policies, seeds):
    """One engine game stepped round by round: (chance record, snapshots after the set-up and every round)."""
    game = start(settings, players, policies, seeds, 20_000)
    snaps = game.play_out(snapshot, lambda s: not s[g.ENDED])
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies by turn-order rank): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (3, {}, ("greedy", "random")), (2, {}, ("random", "greedy")),
    (4, {"expedition_limit": "always"}, ("greedy", "random")),
    (3, {"expedition_reshuffle": "shuffle_together", "ducat_tie": "none"}, ("random", "greedy")),
    (4, {"advanced_start": "two_markers_row2"}, ("random", "greedy")),
    (2, {"advanced_start": "ten_ducats", "set_values": (1, 2, 4, 8, 12, 16)}, ("greedy", "random")),
    (4, {"turn_cap": 40}, ("random", "greedy")),
    (3, {"seat_handicap": (3, 0, -2)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


agreement = engine_agrees = round_by_round(READINGS, r.Settings, g.Chance, engine_game,
                                           "analyzer.games.goa.reference_policies:play")
