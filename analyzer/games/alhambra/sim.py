"""The bridge between the numba engine (`game.py`) and Python, and the engine's conformance check.

- `position_state(position, policies)`: a `state.Position` as an engine state plus what `game.batch` FROM_POSITION
  deals per rollout (the hidden hands' counts, the unseen scoring cards' deck windows, the unseen money and tiles).
- `snapshot(s)`: the engine's state as the snapshot dict the readable reference gives (coordination notes).
- `engine_game(...)`: one seeded engine game stepped turn by turn: its chance record and a snapshot after the
  set-up and after every turn.
- `engine_agrees(seed)`: the conformance check.  Seeded games under every setting reading that changes a full
  game (random and greedy players, 3 to 6 players) are played by the engine; the readable reference
  (`reference_policies.play`) replays each from the engine's record (the money deck, the scoring cards' positions, the
  tile stack, the start player, reshuffles, the random players' choices) and the two are compared snapshot by
  snapshot.
"""
from __future__ import annotations

import numpy as np

from analyzer.core import engine
from analyzer.core.agreement import turn_by_turn
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import rules as r


def _code(card) -> int:
    return card[0] * 9 + card[1] - 1


def _card(code: int) -> tuple[int, int]:
    return int(code) // 9, int(code) % 9 + 1


def place_tiles(s: np.ndarray, seat: int, alhambra: dict) -> None:
    """Seat's alhambra {(x, y): tile} into the state's tile list (sorted squares), kind counts and bounding box."""
    b = g.BB + 4 * seat
    for (x, y), t in sorted(alhambra.items()):
        if t == r.FOUNTAIN:
            continue
        k = s[g.NTL + seat]
        s[g.TX + seat * g.NT + k], s[g.TY + seat * g.NT + k], s[g.TT + seat * g.NT + k] = x, y, t
        s[g.NTL + seat] = k + 1
        s[g.KC + seat * g.NK + r.TILE_KIND[t]] += 1
        s[b], s[b + 1] = min(s[b], x), max(s[b + 1], x)
        s[b + 2], s[b + 3] = min(s[b + 2], y), max(s[b + 3], y)


def position_state(p, policies) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(engine state, hidden, pools) of position p for `game.run(..., FROM_POSITION)`; policies one per seat."""
    P = p.players
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL] = P
    s[g.TOMOVE] = s[g.STARTP] = p.to_move
    s[g.NSCORED] = len(p.scoring_seen)
    s[g.DISP:g.DISP + r.DISPLAY] = -1
    for i, card in enumerate(p.display):
        s[g.DISP + i] = _code(card)
    s[g.MKT:g.MKT + r.MARKET] = [t if t >= 0 else -1 for t in p.market]
    for i, t in enumerate(p.bought):
        s[g.BOUGHT + i] = t
    s[g.BN] = len(p.bought)
    hidden = np.full(g.HIDSIZE, -1, dtype=np.int64)
    for q in range(P):
        hand = p.hands[q]
        hidden[q] = p.hand_counts[q] if hand is None else 0
        for card in hand or ():
            c = _code(card)
            s[g.HAND + q * g.NSORT + c] += 1
            s[g.HSUM + q * g.NCUR + card[0]] += card[1]
            s[g.HN + q] += 1
        place_tiles(s, q, p.alhambras[q])
        for i, t in enumerate(p.reserves[q]):
            s[g.RES + q * g.NT + i] = t
        s[g.RESN + q] = len(p.reserves[q])
        s[g.SCORE + q] = p.scores[q]
    for card in p.discards:
        s[g.DISC + _code(card)] += 1
        s[g.DISCN] += 1
    unseen = np.repeat(np.arange(g.NSORT), p.unseen).astype(np.int64)
    free = len(unseen) - int(sum(hidden[q] for q in range(P)))
    if p.draws <= p.money_left + 2:
        in_deck = min(free, p.money_left - (p.draws - len(p.scoring_seen)))
        windows = r.scoring_windows(p.money_left, p.settings.pile_split)
        for k, (first, last) in enumerate(windows):
            if k + 1 not in p.scoring_seen:
                hidden[g.H_LO + 2 * k] = max(first, p.draws + 1) - p.draws - 1
                hidden[g.H_LO + 2 * k + 1] = last - p.draws - 1
    else:  # the deck was rebuilt: the unseen cards out of the hidden hands lie in it
        in_deck = free
    hidden[g.H_DECK] = in_deck
    s[g.SN] = p.tiles_left
    s[g.POL:g.POL + P] = g.policy_codes(policies)
    stack = np.array(p.stack, dtype=np.int64)
    pools = np.concatenate([[len(unseen)], unseen, [len(stack)], stack]).astype(np.int64)
    return s, hidden, pools


def _hand(s, q: int) -> tuple:
    return tuple(_card(c) for c in range(g.NSORT) for _ in range(int(s[g.HAND + q * g.NSORT + c])))


def snapshot(s: np.ndarray) -> dict:
    P = int(s[g.NPL])
    return {
        "turn": int(s[g.TURN]), "to_move": int(s[g.TOMOVE]),
        "display": tuple(None if s[g.DISP + i] < 0 else _card(s[g.DISP + i]) for i in range(r.DISPLAY)),
        "market": tuple(None if s[g.MKT + c] < 0 else int(s[g.MKT + c]) for c in range(r.MARKET)),
        "deck_left": int(s[g.DN] - s[g.DTOP]), "stack_left": int(s[g.SN] - s[g.STOP]),
        "hands": tuple(_hand(s, q) for q in range(P)),
        "discards": tuple(_card(c) for c in range(g.NSORT) for _ in range(int(s[g.DISC + c]))),
        "alhambras": tuple(tuple(sorted((int(s[g.TX + q * g.NT + i]), int(s[g.TY + q * g.NT + i]),
                                         int(s[g.TT + q * g.NT + i])) for i in range(int(s[g.NTL + q]))))
                           for q in range(P)),
        "reserves": tuple(tuple(int(x) for x in s[g.RES + q * g.NT:g.RES + q * g.NT + s[g.RESN + q]])
                          for q in range(P)),
        "scores": tuple(int(s[g.SCORE + q]) for q in range(P)), "scorings": int(s[g.NSCORED]),
        "end": g.END_NAMES[int(s[g.ENDED])],
    }


def grid_of(s: np.ndarray) -> np.ndarray:
    """The engine's grid of a state's alhambras (what `game.batch` builds before a new game or a position)."""
    grid = g.new_grid()
    for q in range(int(s[g.NPL])):
        grid[q, g.OFF * g.W + g.OFF] = g.FOUNT_CELL
        for (x, y), t in alhambra_of(s, q).items():
            grid[q, (x + g.OFF) * g.W + y + g.OFF] = t + 1
    return grid


def alhambra_of(s: np.ndarray, seat: int) -> dict:
    """The seat's alhambra as layout.py takes it: {(x, y): tile}."""
    return {(int(s[g.TX + seat * g.NT + i]), int(s[g.TY + seat * g.NT + i])): int(s[g.TT + seat * g.NT + i])
            for i in range(int(s[g.NTL + seat]))}


def start(settings, players: int, policies, seeds, max_record: int = 1) -> engine.OneGame:
    """One game dealt and ready to play (`step(k)` plays k more turns); policies one name per seat, seeds its
    stream seeds."""
    return engine.OneGame.dealt(g, settings, players, policies, seeds, max_record)


def record_of(rec: np.ndarray) -> list[tuple]:
    """The chance record as the coordination notes write it."""
    out = []
    for tag, a, b in rec[1:1 + rec[0, 0]]:
        kind = g.RECORD_KINDS[int(tag)]
        if tag in (g.R_MONEY, g.R_SCORING, g.R_PLACE):
            out.append((kind, int(a), int(b)))
        elif tag == g.R_RESERVE:
            out.append((kind,))
        else:
            out.append((kind, int(a)))
    return out


def engine_game(settings, players: int, policies, seeds, max_turns: int = 10_000):
    """One engine game stepped turn by turn: (chance record, snapshots after the set-up and every turn)."""
    game = start(settings, players, policies, seeds, 40 * max_turns + 400)
    snaps = game.play_out(snapshot, lambda s: s[g.ENDED] == g.E_RUN and s[g.TURN] < max_turns)
    return record_of(game.rec), snaps


READINGS = [  # (players, settings changes, policies per seat): every reading that changes a full game
    (4, {}, ("random",)), (4, {}, ("greedy",)), (3, {}, ("greedy", "random")), (5, {}, ("random", "greedy")),
    (6, {}, ("greedy", "random")), (4, {"tie_split": "rank_only"}, ("greedy", "random")),
    (4, {"pile_split": "fifths", "end_rule": "empty_stack"}, ("random", "greedy")),
    (3, {"money_reshuffle": False, "start_tie": "lower_seat"}, ("greedy",)),
    (4, {"turn_cap": 12}, ("greedy", "random")),
    (3, {"seat_handicap": (0, 4, 9)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


agreement, engine_agrees = turn_by_turn(READINGS, r.Settings, g.Chance, engine_game,
                                        "analyzer.games.alhambra.reference_policies:play")
