"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `position_state(position, policies)`: a `state.Position` as (engine state, engine settings).
- `table_state(table, settings, policies)`: a readable reference `Table` as an engine state (the hand-stepped
  tests build tables the readable way and run the engine on them).
- `snapshot(s, board)`: the engine state as the reference's snapshot tuple (reference_policies.snapshot).
- `engine_game(...)`: one seeded engine game played round by round: its chance record and a snapshot after every
  monster phase.
- `agreement(...)`, `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that
  changes a full game, on the default board and on an advanced board (crystals, turn stones, teleporters), random and greedy
  players, 2 to 7 players, are played by the engine; the readable reference (`reference_policies.play`) replays
  each from the engine's record and the two are compared after every monster phase.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from analyzer.core.agreement import replay_rows
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import rules as r

CODE_OF_CARD = {"5": 5, "7": 7, "8": 8, "10": 10, "X1": -1, "X2": -2}


def _pos_code(board, pos) -> int:
    if pos in ("off", None):
        return g.OFF
    if pos == "out":
        return g.OUT
    if pos == "eaten":
        return g.DEAD
    return g.square(board, pos)


def fill_state(board, players: int, figures, monster, facing, tiles, stage: int, round_no: int,
               stage_round: int, cards_left, start_player: int, to_move: int, exits, policies) -> np.ndarray:
    """An engine state from the readable pieces: figures as (owner, pos, top, moved) with pos (x, y) | "off" |
    "out" | "eaten"; tiles a MAXSQ array (game.tile_layout)."""
    s = g.state()
    s[g.TILE:g.TILE + g.MAXSQ] = tiles
    s[g.FAT:g.FAT + g.MAXSQ] = -1
    s[g.FPOS:g.FPOS + g.MAXF] = g.DEAD
    for f, (owner, pos, top, moved) in enumerate(figures):
        code = _pos_code(board, pos)
        s[g.FPOS + f], s[g.FTOP + f], s[g.FMOVED + f], s[g.FOWN + f] = code, top, bool(moved), owner
        if code >= 0:
            s[g.FAT + code] = f
        if moved:
            s[g.TURNS + owner] += 1
    s[g.NFIGS] = len(figures)
    s[g.MSQ], s[g.MDIR] = g.square(board, monster), facing
    left = list(cards_left)
    for c, code in enumerate(g.CARD_CODES):  # the played slots: those the multiset left does not cover
        name = {5: "5", 7: "7", 8: "8", 10: "10", -1: "X1", -2: "X2"}[code]
        if name in left:
            left.remove(name)
        else:
            s[g.PLAYED + c] = 1
            s[g.NPLAYED] += 1
    s[g.STAGE], s[g.ROUND] = stage, round_no
    s[g.STAGEROUND] = round_no - stage_round + 1
    s[g.STARTP] = s[g.FIRSTP] = start_player
    s[g.TOMOVE] = to_move
    for k, owner in enumerate(exits):
        s[g.NOUT + owner] += 1
        s[g.REACH + owner] = k + 1
    s[g.CLOCK] = len(exits)
    s[g.NPL] = players
    s[g.WINNER] = -1
    s[g.POL:g.POL + players] = g.policy_codes(policies)
    return s


def table_state(t, settings, policies, to_move: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A reference Table as (engine state, engine settings)."""
    b = t.board
    tiles = g.tile_layout(t.stones, t.crystals, t.turn_stones, b)
    figs = [(f.owner, f.pos, f.top, f.moved) for f in t.figures]
    s = fill_state(b, t.players, figs, t.monster, t.facing, tiles, t.stage, t.round, t.stage_round, t.cards_left,
                   t.start_player, t.start_player if to_move is None else to_move, t.exits, policies)
    return s, g.settings_vector(settings, b, t.players)


def position_state(p, policies) -> tuple[np.ndarray, np.ndarray]:
    """A state.Position as (engine state, engine settings), policies one name per seat."""
    b = p.board
    tiles = g.tile_layout(b.stones, b.crystals, b.turn_stones, b)
    figs = [(f.owner, "off" if f.pos is None else f.pos, f.top, f.moved) for f in p.figures]
    s = fill_state(b, p.players, figs, p.monster, p.facing, tiles, p.stage, p.round, p.stage_round, p.cards_left,
                   p.start_player, p.to_move, p.exits, policies)
    return s, g.settings_vector(p.settings, b, p.players)


def snapshot(s: np.ndarray, board) -> tuple:
    """(round, stage, monster square code, facing, figure codes (out -2, off -1, dead -3), tops) after a monster
    phase (the round not yet advanced)."""
    n = int(s[g.NFIGS])
    rnd = int(s[g.ROUND]) - (1 if s[g.ENDED] == g.E_RUN else 0)
    codes = tuple(int(c) for c in s[g.FPOS:g.FPOS + n])
    return (rnd, int(s[g.STAGE]), int(s[g.MSQ]), int(s[g.MDIR]), codes, tuple(int(x) for x in s[g.FTOP:g.FTOP + n]))


def engine_game(board, settings, players: int, policies, seed: int, max_rounds: int = 10_000):
    """One seeded engine game, policies per seat: (record rows, snapshots after every monster phase, state)."""
    cfg = g.settings_vector(settings, board, players)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    stats = np.zeros((1, g.STSIZE), dtype=np.int64)
    s = g.state()
    rec = np.zeros((20_000, 4), dtype=np.int64)
    pols = g.policy_codes(policies)[None, :].copy()
    g.run(cfg, streams, stats, s, g.NEW_GAME, 0, pols, rec)
    snaps = []
    while s[g.ENDED] == g.E_RUN and len(snaps) < max_rounds:
        g.run(cfg, streams, stats, s, g.GO_ON, 1, pols, rec)
        if s[g.ENDED] != g.E_ESCAPE:
            snaps.append(snapshot(s, board))
    rows = [(g.RECORD_KINDS[t], int(a), int(b), int(c)) for t, a, b, c in rec[1:rec[0, 0] + 1]]
    return rows, snaps, s


ADVANCED_BOARD = replace(
    r.DEFAULT_BOARD, stones=frozenset({(3, 3), (6, 3), (9, 5)}), crystals=frozenset({(12, 2), (2, 6)}),
    turn_stones={(5, 6): "right", (13, 5): "right", (7, 8): "left", (11, 8): "right", (14, 7): "half",
                 (10, 9): "half"},
    teleports=(((4, 0), 2), ((15, 5), 3), ((0, 6), 1), ((11, 10), 0)), illustrative=True)

RULE_SETS = (  # (label, board, settings changes): every reading that changes a full game
    ("defaults", r.DEFAULT_BOARD, {}),
    ("torus, sight wraps", r.DEFAULT_BOARD, {"wrap": "torus", "sight_wraps": True}),
    ("7 cards, ban each stage", r.DEFAULT_BOARD, {"stage_cards": 7, "cross_ban": "first_round_of_each_stage"}),
    ("blood entry, exit beyond", r.DEFAULT_BOARD, {"blood_stop": "entry", "exit_on": "beyond"}),
    ("five is three crosses, cap 12", r.DEFAULT_BOARD, {"five_is_three_crosses": True, "cross_cap": 12}),
    ("advanced board", ADVANCED_BOARD, {}),
    ("advanced board, mirror sight", ADVANCED_BOARD, {"sight_wraps": True, "blood_stop": "entry"}),
)


GREEDY_ROUNDS = 4  # the greedy games' turn_cap: the readable greedy is slow


def agreement(seed: int = 0, games: int = 1, greedy_games: int = 1, rule_sets=RULE_SETS) -> list[tuple]:
    """Engine games replayed by the readable reference, every rule set of `rule_sets`: `games` random games at 2
    to 7 players and `greedy_games` games of greedy and random players (greedy at the even seats) capped at
    GREEDY_ROUNDS rounds.  Returns [(what, engine's value, reference's value)]: every monster phase's snapshot
    up to the first difference, and the number of them."""
    from analyzer.games.finstere_flure import reference_policies as rp

    rng = np.random.default_rng(seed)
    out = []
    for label, board, changes in rule_sets:
        settings = replace(r.DEFAULT_SETTINGS, **changes)
        plans = [(int(rng.integers(2, 8)), "random") for _ in range(games)]
        plans += [(int(rng.integers(2, 5)), "greedy/random") for _ in range(greedy_games)]
        for players, kind in plans:
            policies = (("random",) * players if kind == "random"
                        else tuple("greedy" if q % 2 == 0 else "random" for q in range(players)))
            rules = settings if kind == "random" else replace(settings, turn_cap=GREEDY_ROUNDS)
            game_seed = int(rng.integers(2**31))
            rows, snaps, _ = engine_game(board, rules, players, policies, game_seed)
            what = f"{label}, {players} players {kind}, seed {game_seed}"
            out += replay_rows(what, snaps, lambda: rp.play(board, rules, players, policies, rows).snapshots,
                               lambda k, _: f"after monster phase {k + 1}", "monster phases")
    return out


def engine_agrees(seed: int = 0) -> list[tuple]:
    """The conformance check (`GameSpec.reference_check`): see `agreement`; a random game in every rule set, a
    greedy one on the defaults (the readable greedy is slow)."""
    return agreement(seed, 1, 0) + agreement(seed + 1, 0, 1, RULE_SETS[:1])
