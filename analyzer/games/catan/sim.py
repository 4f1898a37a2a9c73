"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `start(...)`: one engine game (`core.engine.OneGame`: its buffers, the set-up played, stepped turn by turn).
- `snapshot(s, stats)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped turn by turn: its chance record and a snapshot after the
  set-up and after every turn.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (greedy and trader players, 3 and 4 players, random boards) are played by the engine; the readable
  reference (`reference_policies.play`) replays each from the engine's chance record (start-order rolls, the
  dice, the development cards drawn, the stolen cards) and the two are compared snapshot by snapshot.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import replay_rows
from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g

KIND_NAMES = {1: "settlement", 2: "city"}
ENDS = {g.E_RUN: "running", g.E_WON: "won", g.E_CAPPED: "capped"}


def _row(s, at: int, n: int) -> tuple:
    return tuple(int(x) for x in s[at:at + n])


def snapshot(s: np.ndarray, stats: np.ndarray) -> dict:
    """The state s as a snapshot; the points as the engine counted them when it stopped (stats, one game's)."""
    P = int(s[g.NPL])
    return {
        "turn": int(s[g.TURN]), "robber": int(s[g.ROBBER]),
        "hands": tuple(_row(s, g.HAND + q * g.NR, g.NR) for q in range(P)),
        "bank": _row(s, g.BANK, g.NR), "deck": _row(s, g.DECK, 5),
        "buildings": tuple((v, int(s[g.VOWN + v]), KIND_NAMES[int(s[g.VKIND + v])])
                           for v in range(g.NV) if s[g.VOWN + v] >= 0),
        "roads": tuple((e, int(s[g.ROAD + e])) for e in range(g.NE) if s[g.ROAD + e] >= 0),
        "dev_hand": tuple(_row(s, g.DEVH + q * 5, 5) for q in range(P)),
        "knights": _row(s, g.KN, P), "vp_revealed": _row(s, g.VPR, P),
        "longest_road": int(s[g.LR]), "largest_army": int(s[g.LA]),
        "points": _row(stats, g.ST_POINTS, P),
        "winner": int(s[g.WINNER]), "end": ENDS[int(s[g.ENDED])],
    }


def start(board, settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game on `board` with its set-up played (`step(k)` plays k more turns); policies one name per seat,
    seeds its NSTREAMS stream seeds."""
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record, 2, bds=g.board_vector(board)[None, :])


def record_of(rec: np.ndarray) -> list[tuple[str, int]]:
    return [(g.RECORD_KINDS[int(k)], int(v)) for k, v in rec[1:1 + rec[0, 0]]]


def engine_game(board, settings, players: int, policies, seeds, max_turns: int = 10_000):
    """One engine game stepped turn by turn: (chance record, snapshots after the set-up and every turn)."""
    game = start(board, settings, players, policies, seeds, 8 * max_turns + 64)
    snaps = [snapshot(game.s, game.stats[0])]
    while game.s[g.ENDED] == g.E_RUN and game.s[g.TURN] < max_turns:
        game.step(1)
        snaps.append(snapshot(game.s, game.stats[0]))
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies per seat): every reading that changes a full game
    (4, {}, ("greedy",)), (4, {}, ("trader",)), (3, {}, ("greedy", "trader")),
    (4, {"discard_rounding": "down", "harbor_delay": False}, ("trader", "greedy")),
    (4, {"vp_cards": "hidden", "start_die": "2d6"}, ("greedy", "trader")),
    (3, {"dev_cards_per_turn": "unlimited", "steal": "chosen"}, ("trader",)),
    (4, {"settlement_needs_road": False, "robber_target": "land_any"}, ("greedy",)),
    (4, {"road_split": False, "auto_claim": False}, ("trader", "greedy", "greedy", "trader")),
    (3, {"turn_cap": 20, "steal": "chosen", "vp_cards": "hidden"}, ("greedy",)),
]


def agreement(seed: int, games=READINGS, max_turns: int = 10_000) -> list[tuple]:
    """(what, engine's value, reference's value) over seeded games, snapshot by snapshot (see the module doc)."""
    from analyzer.games.catan import reference_policies as refp
    from analyzer.games.catan import rules as r

    out = []
    rng = np.random.default_rng(seed)
    for k, (players, changes, names) in enumerate(games):
        settings = replace(r.Settings(), **changes)
        board = bo.random_board(rng)
        seeds = g.Chance(1, rng).seeds[0]
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = engine_game(board, settings, players, policies, seeds, max_turns)
        label = f"game {k} ({players} players, {changes or 'defaults'}, {'/'.join(policies)})"
        out += replay_rows(label, snaps, lambda: refp.play(board, settings, players, policies, record, max_turns))
    return out


def engine_agrees(seed: int) -> list[tuple]:
    """The conformance check (`GameSpec.reference_check`): see `agreement`."""
    return agreement(seed, max_turns=400)
