"""The bridge between positions (`state.Position`) and the numba engine (`game.py`).

- `state_vector(position)`: the engine's flat state of a position, and the hidden cube count of each seat
  (a rollout deals them in the kernel, `game.deal_hidden`, uniformly from the viewer's unseen pool; an unknown
  bag is what is left).
- `position_of(s, like)`: the engine's state back as a full-information `state.Position`.
- `turn_record(row, board)`: one turn of the engine's trace as the record `reference.apply` replays.
- `engine_agrees(seed)`: the conformance check.  Seeded games (random, greedy and collector players, every
  player count, every §10 reading) are stepped turn by turn in the engine; the readable reference
  (`reference.py`) replays each turn from the engine's record (moves, gifts, trades, sales, and every chance
  outcome: the die face, the cubes drawn in order, the penalty cubes, the empty-bag discards).  Compared after
  every turn: the whole position.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from analyzer.games.samarkand_sackson import game as g


def state_vector(p) -> tuple[np.ndarray, np.ndarray, bool]:
    """A `state.Position` -> (engine state, hidden cubes per seat (MAXP,), whether the bag is known)."""
    b = p.board
    if b.spaces > g.MAXS or len(b.markets) > g.MAXM:
        raise ValueError(f"the engine takes at most {g.MAXS} spaces and {g.MAXM} markets")
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL] = p.players
    for c, x in enumerate(b.camps):
        s[g.FIELD + x * g.NK:g.FIELD + (x + 1) * g.NK] = p.fields[c]
    if p.bag is not None:
        s[g.BAG:g.BAG + g.NK] = p.bag
    s[g.GONE:g.GONE + g.NK] = p.out_of_play
    hidden = np.zeros(g.MAXP, dtype=np.int64)
    for q, ps in enumerate(p.seats):
        s[g.HAND + q * g.NK:g.HAND + (q + 1) * g.NK] = ps.known
        s[g.MONEY + q] = ps.money
        s[g.POS + q] = ps.space
        s[g.OUT + q] = int(ps.out)
        hidden[q] = ps.hidden
    disc = list(p.disc) + [-1, -1]
    s[g.DISC] = disc[0]
    s[g.DISC2] = disc[1]
    s[g.TOMOVE] = p.to_move
    s[g.TURN] = p.turn
    s[g.WINNER] = -1 if p.winner is None else p.winner
    s[g.ENDED] = {None: g.E_RUN, "won": g.E_WON, "capped": g.E_CAPPED, "last_standing": g.E_LAST}[p.end]
    if s[g.ENDED] == g.E_RUN and p.turn >= p.settings.turn_cap:
        s[g.ENDED] = g.E_CAPPED
    return s, hidden, p.bag is not None


ENDS = {g.E_RUN: None, g.E_WON: "won", g.E_CAPPED: "capped", g.E_LAST: "last_standing"}


def position_of(s: np.ndarray, like):
    """The engine's state as a full-information Position (board, settings, names, me and focus from `like`)."""
    from analyzer.games.samarkand_sackson import state as stt

    b = like.board
    P = int(s[g.NPL])
    seats = tuple(stt.PlayerState(like.seats[q].name, int(s[g.POS + q]), int(s[g.MONEY + q]),
                                  tuple(int(x) for x in s[g.HAND + q * g.NK:g.HAND + (q + 1) * g.NK]), 0,
                                  bool(s[g.OUT + q])) for q in range(P))
    chips = like.settings.chips
    disc = tuple(int(s[g.DISC + i]) for i in range(chips))
    fields = tuple(tuple(int(v) for v in s[g.FIELD + x * g.NK:g.FIELD + (x + 1) * g.NK]) for x in b.camps)
    winner = int(s[g.WINNER])
    return replace(like, disc=disc, fields=fields, bag=tuple(int(v) for v in s[g.BAG:g.BAG + g.NK]),
                   out_of_play=tuple(int(v) for v in s[g.GONE:g.GONE + g.NK]), seats=seats,
                   to_move=int(s[g.TOMOVE]), turn=int(s[g.TURN]), winner=None if winner < 0 else winner,
                   end=ENDS[int(s[g.ENDED])])


def canonical(p) -> tuple:
    """What two positions must share to be the same game state."""
    return (p.disc, p.fields, p.bag, p.out_of_play,
            tuple((q.space, q.money, q.known, q.hidden, q.out) for q in p.seats), p.to_move, p.turn, p.winner, p.end)


def _lot(counts) -> dict:
    from analyzer.games.samarkand_sackson import rules as r

    return {r.KINDS[k]: int(n) for k, n in enumerate(counts) if n}


def turn_record(row: np.ndarray, board, settings, players: int) -> dict:
    """One trace row -> the turn record `reference.apply` replays (see the coordination notes)."""
    from analyzer.games.samarkand_sackson import rules as r

    ids = board.space_ids
    path = [ids[int(x)] for x in row[g.TR_PATH:g.TR_PATH + row[g.TR_NPATH]]]
    if row[g.TR_MOVE] == 2:
        move = ("die", int(row[g.TR_FACE]), path[0])
    elif len(path) == 1:
        move = ("step", path[0])
    else:
        move = ("chain", tuple(path))
    gifts = []
    blind = 0
    for code in row[g.TR_GIFT:g.TR_GIFT + row[g.TR_NGIFT]]:
        code = int(code)
        if code < 10:
            gifts.append(r.KINDS[code])
        elif code == 10 + g.NK:
            gifts.append("bought:none")
        else:
            gifts.append("bought:" + r.KINDS[code - 10])
            blind += settings.gift_purchase == "blind"
    draws = [r.KINDS[int(k)] for k in row[g.TR_DRAW:g.TR_DRAW + row[g.TR_NDRAW]]][blind:]
    a = row[g.TR_A:g.TR_A + 2 * g.NK]
    code = int(row[g.TR_ACT])
    if code == g.X_NOTRADE:
        act = ("no_trade",)
    elif code == g.X_TRADE:
        act = ("trade", _lot(a[:g.NK]), _lot(a[g.NK:]))
    elif code == g.X_FULL:
        act = ("full_camp", int(row[g.TR_PAID]), draws)
    elif code == g.X_NOTHING:
        act = ("nothing",)
    elif code == g.X_OASIS:
        act = ("oasis", int(a[0]), draws)
    elif code == g.X_PEN:
        act = ("penalty", _lot(a[:g.NK]))
    elif code == g.X_SELL:
        act = ("sell", int(row[g.TR_MKT]), _lot(a[:g.NK]))
    else:
        act = ("fine", int(row[g.TR_PAID]))
    discards = []
    P = players
    for ev in range(int(row[g.TR_NEV])):
        event = {}
        for i in range(P):  # from the mover on, as they discard
            q = (int(row[g.TR_SEAT]) + i) % players
            o = g.TR_EV + (ev * g.MAXP + q) * g.NK
            if row[o:o + g.NK].any():
                event[q] = _lot(row[o:o + g.NK])
        discards.append(event)
    return {"move": move, "gifts": gifts, "act": act, "discards": discards}


def step(s, bd, cfg, pols, pars, seeds, turns: int, trace) -> None:
    """Play `turns` turns of the game in s (in place; seeds (1, NSTREAMS) carry its streams on)."""
    P = int(cfg[g.C_P])
    g.batch(s, False, -1, np.zeros(g.MAXP, dtype=np.int64), True, turns, bd, cfg, pols, pars,
            np.full((1, P), -1, dtype=np.int64), seeds, np.zeros((1, g.STSIZE), dtype=np.int64), trace)


def start(players, settings, seeds, board=None, policies=("random",), starts=None):
    """The engine's set-up for one game (its streams in seeds (1, NSTREAMS), advanced in place)."""
    from analyzer.games.samarkand_sackson.policies import Policy

    bd = g.board_vector(board)
    cfg = g.settings_vector(settings, players)
    pol = [Policy(k) if isinstance(k, str) else k for k in policies]
    pols, pars = g.policy_arrays([pol[q % len(pol)] for q in range(players)], 1)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    st0 = g.start_array(starts, 1, players)
    g.batch(s, True, -1, np.zeros(g.MAXP, dtype=np.int64), True, 0, bd, cfg, pols, pars, st0, seeds,
            np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_TRACE)
    return s, bd, cfg, pols, pars


READINGS = [  # (players, settings changes, policies): every §10 reading at least once
    (4, {}, ("random",)), (2, {}, ("greedy", "collector")), (3, {"market_disc": "step_down"}, ("random",)),
    (5, {"market_disc": "none", "extra_move": False}, ("random", "greedy")),
    (4, {"disc_scope": "commodity"}, ("random", "collector")),
    (3, {"market_disc": "step_down", "disc_scope": "commodity", "price_one": 3}, ("greedy", "random")),
    (4, {"sale_size": "all", "assortment_min": 3}, ("random",)), (2, {"trade_counts": "any"}, ("random", "greedy")),
    (4, {"full_camp_unpaid": "pay_all", "gift_purchase": "choice"}, ("random",)),
    (3, {"penalty_cubes": "out", "eliminate_broke": False, "turn_cap": 120}, ("random",)),
    (5, {"die": (1, 2, 3, -1), "turn_cap": 150}, ("random", "collector", "greedy")),
    (3, {"seat_handicap": (0, 40, -60)}, ("greedy", "random")),  # the seat handicap (`analyzer tune`)
]


def agreement(seed: int, games=READINGS, max_turns: int = 400) -> list[tuple]:
    """(what, engine's value, reference's value) over seeded games, turn by turn (see the module doc)."""
    from analyzer.games.samarkand_sackson import reference as ref
    from analyzer.games.samarkand_sackson import rules as r
    from analyzer.games.samarkand_sackson import state as stt

    out = []
    rng = np.random.default_rng(seed)
    for k, (players, changes, policies) in enumerate(games):
        settings = replace(r.Settings(), **changes)
        seeds = g.Chance(1, rng).seeds
        s, bd, cfg, pols, pars = start(players, settings, seeds, None, policies)
        like = stt.Position(players, r.DEFAULT_BOARD, settings, seats=tuple(
            stt.PlayerState(f"p{q}", 0) for q in range(players)))
        p = position_of(s, like)
        label = f"game {k} ({players} players, {changes or 'defaults'}, {'/'.join(policies)})"
        trace = np.zeros((1, g.TRSIZE), dtype=np.int64)
        while s[g.ENDED] == 0 and s[g.TURN] < max_turns:
            t = int(s[g.TURN])
            trace[:] = 0
            step(s, bd, cfg, pols, pars, seeds, 1, trace)
            turn = turn_record(trace[0], r.DEFAULT_BOARD, settings, players)
            try:
                expected = ref.apply(p, turn)
            except Exception as exc:  # the reference refused the engine's turn: report it
                out.append((f"{label} turn {t}: the reference replays {turn}", "ok", f"{type(exc).__name__}: {exc}"))
                break
            got = position_of(s, like)
            out.append((f"{label} turn {t}: {turn}", canonical(got), canonical(expected)))
            p = expected
        out.append((f"{label}: the end", ENDS[int(s[g.ENDED])], p.end))
    return out


def engine_agrees(seed: int) -> list[tuple]:
    """The conformance check (`GameSpec.reference_check`): see `agreement`."""
    return agreement(seed, max_turns=150)
