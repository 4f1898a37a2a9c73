"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (the coordination notes):
  round, governor, per seat doubloons, vp, goods (5), plantations (6 counts by kind, quarry last), occupied (6),
  buildings ((building, colonists), ... by building index), san_juan; colonist_supply, colonist_ship,
  vp_supply, goods_supply (5), ships ((capacity, kind or -1, barrels) x 3), trading_house (kinds in the order
  sold), stack (the face-down tiles, top first), discard (5 counts), display (kinds in draw order), quarries,
  role_doubloons (per role card), buildings_left (23), ended, capped, scores (None until the end).
- `engine_game(...)`: one seeded engine game stepped round by round: its chance record and a snapshot after the
  set-up and after every round.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random, greedy and noisy players, 3 to 5 players) are played by the engine; the readable reference
  (`reference_policies.play`) replays each from the engine's record (the governor, the stack and its rebuilds,
  the random players' choices, the noisy players' coins) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import round_by_round
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r


def _seat(s: np.ndarray, q: int, offset: int, n: int = 1):
    at = g.PL + q * g.PSZ + offset
    return int(s[at]) if n == 1 else tuple(int(x) for x in s[at:at + n])


def _ints(s: np.ndarray, at: int, n: int) -> tuple:
    return tuple(int(x) for x in s[at:at + n])


def snapshot(s: np.ndarray) -> dict:
    """The coordination notes' snapshot (see the module doc)."""
    P = int(s[g.NPL])
    seats = range(P)
    ended = bool(s[g.ENDED])
    return {
        "round": int(s[g.ROUND]), "governor": int(s[g.GOV]),
        "doubloons": tuple(_seat(s, q, g.O_DUB) for q in seats),
        "vp": tuple(_seat(s, q, g.O_VP) for q in seats),
        "goods": tuple(_seat(s, q, g.O_GOODS, g.NK) for q in seats),
        "plantations": tuple(_seat(s, q, g.O_TILES, 6) for q in seats),
        "occupied": tuple(_seat(s, q, g.O_OCC, 6) for q in seats),
        "buildings": tuple(tuple((b, _seat(s, q, g.O_BCOL + b)) for b in range(g.NB) if _seat(s, q, g.O_OWN + b))
                           for q in seats),
        "san_juan": tuple(_seat(s, q, g.O_SJ) for q in seats),
        "colonist_supply": int(s[g.COL_SUP]), "colonist_ship": int(s[g.COL_SHIP]), "vp_supply": int(s[g.VP_SUP]),
        "goods_supply": _ints(s, g.GOODS, g.NK),
        "ships": tuple((int(s[g.SHIP_CAP + i]), int(s[g.SHIP_KIND + i]), int(s[g.SHIP_LOAD + i])) for i in range(3)),
        "trading_house": _ints(s, g.HOUSE, int(s[g.HOUSEN])),
        "stack": _ints(s, g.STK + int(s[g.STKPOS]), int(s[g.STKN] - s[g.STKPOS])),
        "discard": _ints(s, g.DISC, g.NK),
        "display": _ints(s, g.DISP, int(s[g.DISPN])),
        "quarries": int(s[g.QUARRIES]),
        "role_doubloons": _ints(s, g.ROLE_DUB, len(r.role_cards(P))),
        "buildings_left": _ints(s, g.BSUP, g.NB),
        "ended": ended, "capped": bool(s[g.CAPPED]),
        "scores": tuple(_seat(s, q, g.O_SCORE) for q in seats) if ended else None,
    }


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game set up and ready to play; policies one name per TURN-ORDER RANK (rank 0 the first governor)."""
    if len(policies) != players:  # the kernel reads one code per rank, unchecked
        raise ValueError(f"one policy per turn-order rank: {players} wanted, {len(policies)} given")
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record)


def record_of(rec: np.ndarray) -> list[tuple]:
    """The chance record as the coordination notes write it: (kind, value) rows in order."""
    return [(g.RECORD_KINDS[int(tag)], int(a)) for tag, a, _ in rec[1:1 + rec[0, 0]]]


def engine_game(settings, players: int, policies, seeds):
    """One engine game stepped round by round: (chance record, snapshots after the set-up and every round)."""
    game = start(settings, players, policies, seeds, 20_000)
    snaps = game.play_out(snapshot, lambda s: not s[g.ENDED])
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies by turn-order rank): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (3, {}, ("greedy", "random")), (5, {}, ("random", "greedy")),
    (4, {"reshuffle": "merge"}, ("random",)), (5, {"start_tiles_from_pool": False}, ("greedy", "random")),
    (3, {"cost_floor": 1, "wharf_capacity": 4}, ("random",)), (4, {"start_crops": "all_corn"}, ("random", "greedy")),
    (5, {"start_crops": "all_indigo"}, ("random",)), (4, {"end_colonists_reading": "enough"}, ("random",)),
    (4, {"turn_cap": 6}, ("random", "greedy")),
    # noisy seats (greedy with a recorded coin, exploring by random's draw), appended so the games above keep
    # their seeds
    (4, {}, ("noisy:0.3",)), (5, {"reshuffle": "merge"}, ("noisy", "random", "greedy")),
    (3, {"start_crops": "all_corn"}, ("noisy:1", "noisy:0", "greedy")),
    (4, {"seat_handicap": (0, 1, 2, -1)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


agreement = engine_agrees = round_by_round(READINGS, r.Settings, g.Chance, engine_game,
                                           "analyzer.games.puerto_rico.reference_policies:play")
