"""The bridge between positions (`state.Position`) and the numba engine (`game.py`).

- `state_vector(position)`: the engine's flat state of a position.  Cards the position does not show
  (others' hands, the pile, hidden discards) get a placeholder assignment; a rollout deals them anew
  (`game.shuffle_hidden`), uniformly from the viewer's unseen cards with every count kept.
- `position_of(s, like)`: the engine's state back as a `state.Position` (every hand known).
- `engine_agrees(seed)`: the conformance check.  Seeded random games (random players, every player
  count, every §10 reading) are stepped turn by turn in the engine; the readable reference
  (`reference.py`) replays each turn from the engine's recorded chance (the cards drawn, the bag tile)
  and choices (the action, the kept hand, the sales).  Compared at every turn: the position (as the §8
  dict), the set of legal actions; at the end the scores and the end reason.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from analyzer.games.samarkand_queen import game as g


def state_vector(p, settings=None) -> np.ndarray:
    """A `state.Position` -> the engine's state vector (hidden cards placed in a fixed order)."""
    b = p.board
    if len(b.families) != g.NF or b.cells > g.MAXC or b.cards > g.NCARD:
        raise ValueError(f"the engine takes {g.NF} families, at most {g.MAXC} spaces and {g.NCARD} cards")
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.CAM:g.CAM + 2 * g.MAXC] = -1
    s[g.NPL] = p.players
    for f, fs in enumerate(p.families):
        s[g.F_TREAS + f] = fs.treasury
        s[g.F_CAMELS + f] = fs.camels_left
        s[g.F_TILES + f] = fs.tiles_left
        s[g.F_MARK + f] = fs.markers_left
        s[g.F_OUT + f] = sum(1 for x in p.tiles_out if x == f)
    for c, fams in enumerate(p.camels):
        for k, f in enumerate(fams):
            s[g.CAM + 2 * c + k] = f
    for a, c in p.met:
        s[g.MET + a * g.NF + c] = s[g.MET + c * g.NF + a] = 1
        s[g.F_NREL + a] += 1
        s[g.F_NREL + c] += 1
    for n in p.goods_taken:
        s[g.GTAKEN + n] = 1
    for n in range(1, g.NCARD + 1):
        s[g.CLOC + n] = g.LOC_NONE if n > b.cards else -1
    for q, ps in enumerate(p.seats):
        s[g.P_MONEY + q] = ps.money
        s[g.P_GM + q] = len(ps.goods_markers)
        s[g.P_RM + q] = ps.relationships
        for n in ps.goods_markers:
            s[g.P_GMASK + q] |= 1 << n
        for f in ps.tiles:
            s[g.P_TILES + q * g.NF + f] += 1
        s[g.P_HN + q] = ps.hand_count if ps.hand is None else len(ps.hand)
        s[g.P_SN + q] = len(ps.sold)
        for n in ps.sold:
            s[g.CLOC + n] = g.LOC_SOLD + q
        for n in ps.hand or ():
            s[g.CLOC + n] = g.LOC_HAND + q
    for i, n in enumerate(p.discard or ()):
        s[g.CLOC + n] = g.LOC_DISC
        s[g.DISC + i] = n
    s[g.DN] = len(p.discard) if p.discard is not None else p.discard_count
    free = [n for n in range(1, g.NCARD + 1) if s[g.CLOC + n] == -1]
    k = 0
    for q, ps in enumerate(p.seats):  # placeholders: unknown hands, hidden discards, then the pile
        if ps.hand is None:
            for _ in range(ps.hand_count):
                s[g.CLOC + free[k]] = g.LOC_HAND + q
                k += 1
    if p.discard is None:
        for i in range(p.discard_count):
            s[g.DISC + i] = free[k]
            s[g.CLOC + free[k]] = g.LOC_DISC
            k += 1
    s[g.PN] = len(free) - k
    if s[g.PN] != p.pile_count:
        raise ValueError("the pile count does not match the cards the position places")
    for i in range(s[g.PN]):
        s[g.PILE + i] = free[k]
        s[g.CLOC + free[k]] = g.LOC_PILE
        k += 1
    for i, f in enumerate(p.bag):
        s[g.BAG + i] = f
    s[g.BN] = len(p.bag)
    s[g.TOMOVE] = p.to_move
    s[g.TURN] = p.turn
    degrees = s[g.F_NREL:g.F_NREL + g.NF]
    if (degrees >= 5).any():  # the game is over already: rollouts score it as it stands
        s[g.ENDED] = 2
    elif (degrees > 0).all():
        s[g.ENDED] = 1
    elif p.turn >= p.settings.turn_cap:
        s[g.ENDED] = 3
    return s


def position_of(s: np.ndarray, like):
    """The engine's state as a Position with every hand known (board, settings, names and `me` from `like`)."""
    from analyzer.games.samarkand_queen import state as stt

    P = int(s[g.NPL])
    loc = s[g.CLOC:g.CLOC + g.NCARD + 1]
    families = tuple(stt.FamilyState(int(s[g.F_TREAS + f]), int(s[g.F_CAMELS + f]), int(s[g.F_TILES + f]),
                                     int(s[g.F_MARK + f])) for f in range(g.NF))
    cells = like.board.cells
    camels = tuple(tuple(sorted(int(x) for x in s[g.CAM + 2 * c:g.CAM + 2 * c + 2] if x >= 0)) for c in range(cells))
    met = frozenset((a, c) for a in range(g.NF) for c in range(a + 1, g.NF) if s[g.MET + a * g.NF + c])
    seats = []
    for q in range(P):
        tiles = tuple(f for f in range(g.NF) for _ in range(int(s[g.P_TILES + q * g.NF + f])))
        hand = tuple(n for n in range(1, g.NCARD + 1) if loc[n] == g.LOC_HAND + q)
        sold = tuple(n for n in range(1, g.NCARD + 1) if loc[n] == g.LOC_SOLD + q)
        goods = tuple(n for n in range(1, g.NCARD + 1) if int(s[g.P_GMASK + q]) >> n & 1)
        seats.append(stt.PlayerState(like.seats[q].name, int(s[g.P_MONEY + q]), tiles, hand, len(hand), sold, goods,
                                     int(s[g.P_RM + q])))
    discard = tuple(int(x) for x in s[g.DISC:g.DISC + s[g.DN]])
    public = like.settings.discard_pile == "public"
    return replace(like, families=families, camels=camels, met=met, seats=tuple(seats),
                   goods_taken=frozenset(n for n in range(1, g.NCARD + 1) if s[g.GTAKEN + n]),
                   pile_count=int(s[g.PN]), discard=discard if public else None, discard_count=len(discard),
                   bag=tuple(sorted(int(x) for x in s[g.BAG:g.BAG + s[g.BN]])),
                   tiles_out=tuple(f for f in range(g.NF) for _ in range(int(s[g.F_OUT + f]))),
                   to_move=int(s[g.TOMOVE]), turn=int(s[g.TURN]))


def canonical(p) -> dict:
    """A position's §8 dict with every list that is a set sorted (hand, sold, discards, bag ...)."""
    from analyzer.games.samarkand_queen import state as stt

    d = stt.to_dict(p)["position"]
    for q in d["players"]:
        for k in ("hand", "sold"):
            if k in q:
                q[k] = sorted(q[k])
        q["markers"]["goods"] = sorted(q["markers"]["goods"])
        q["tiles"] = sorted(q["tiles"])
    if isinstance(d.get("discard_pile"), list):
        d["discard_pile"] = sorted(d["discard_pile"])
    for k in ("bag", "tiles_out"):
        if k in d:
            d[k] = sorted(d[k])
    return d


def action_of(row) -> tuple:
    """An engine option row -> the reference's canonical action tuple."""
    t, f, a, b = (int(x) for x in row)
    if t == g.T_MARRY:
        return ("marry", f)
    if t == g.T_EXT1:
        return ("extend", f, (a,))
    if t == g.T_EXT2:
        return ("extend", f, (a, b))
    return ("pass",)


def legal_actions(s, bd, cfg) -> list[tuple]:
    opts = np.zeros((g.MAXOPT, 4), dtype=np.int64)
    front = np.zeros(g.MAXC, dtype=np.int64)
    in_front = np.zeros(g.MAXC, dtype=np.int64)
    n = g.legal_options(s, bd, cfg, int(s[g.TOMOVE]), opts, front, in_front)
    return [action_of(opts[i]) for i in range(n)]


def step(s, bd, cfg, pols, pars, seeds, turns: int, trace) -> list[int]:
    """Play `turns` turns of the game in s (in place; seeds (1, 8) carry its streams on) -> the scores after."""
    P = int(cfg[g.C_P])
    scores = np.zeros((1, P), dtype=np.int64)
    g.batch(s, False, -1, -1, np.full(4, -1, dtype=np.int64), turns, bd, cfg, pols, pars, seeds, scores,
            np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_GOALS, np.zeros((1, 0), dtype=np.int64), trace)
    return [int(x) for x in scores[0]]


def _start(players, settings, seeds, board):
    bd = g.board_vector(board)
    cfg = g.settings_vector(settings, players)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    pols = np.zeros((1, players), dtype=np.int64)
    pars = np.zeros((1, players), dtype=np.float64)
    g.batch(s, True, -1, -1, np.full(4, -1, dtype=np.int64), 0, bd, cfg, pols, pars, seeds,
                np.zeros((1, players), dtype=np.int64), np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_GOALS,
                np.zeros((1, 0), dtype=np.int64), g.NO_TRACE)
    return s, bd, cfg, pols, pars


READINGS = [  # (players, settings changes): every §10 reading at least once
    (4, {}), (3, {"second_camel": "old_route_only"}), (5, {"second_camel": "free"}),
    (4, {"bonus_scope": "first_per_family"}), (3, {"discard_pile": "hidden"}), (2, {}),
    (2, {"bag_tile": "drawer_married"}), (2, {"two_player_bag": False, "second_camel": "free"}),
    (5, {"bonus_scope": "first_per_family", "second_camel": "old_route_only", "discard_pile": "hidden"}),
    (4, {"turn_cap": 30}),
    (3, {"seat_handicap": (0, 3, -4)}),  # the seat handicap (`analyzer tune`)
]


def agreement(seed: int, games=READINGS, turn_cap: int | None = None) -> list[tuple]:
    """(what, engine's value, reference's value) over seeded random games, turn by turn (see the module doc)."""
    from analyzer.games.samarkand_queen import reference as ref
    from analyzer.games.samarkand_queen import rules as r
    from analyzer.games.samarkand_queen import state as stt

    out = []
    rng = np.random.default_rng(seed)
    for k, (players, changes) in enumerate(games):
        settings = replace(r.Settings(), **changes)
        if turn_cap is not None:
            settings = replace(settings, turn_cap=min(turn_cap, settings.turn_cap))
        seeds = g.Chance(1, rng).seeds
        s, bd, cfg, pols, pars = _start(players, settings, seeds, r.DEFAULT_BOARD)
        like = stt.start_position(players, r.DEFAULT_BOARD, settings, hands=[[1, 2]] * players)
        p = position_of(s, like)
        label = f"game {k} ({players} players, {changes or 'defaults'})"
        trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
        while s[g.ENDED] == 0:
            t = int(s[g.TURN])
            out.append((f"{label} turn {t}: the position", canonical(position_of(s, like)), canonical(p)))
            out.append((f"{label} turn {t}: the legal actions", sorted(legal_actions(s, bd, cfg)),
                        sorted(ref.legal_actions(p))))
            trace[:] = -1
            seat = int(s[g.TOMOVE])
            final = step(s, bd, cfg, pols, pars, seeds, 1, trace)
            row = trace[0]
            action = action_of(row[g.TR_OPT:g.TR_OPT + 4])
            drawn = tuple(int(x) for x in row[g.TR_DRAWN:g.TR_DRAWN + max(0, int(row[g.TR_ND]))])
            loc = s[g.CLOC:g.CLOC + g.NCARD + 1]
            keep = tuple(n for n in range(1, g.NCARD + 1) if loc[n] == g.LOC_HAND + seat) if drawn else None
            sells = {int(row[g.TR_SELL + 2 * i]): bool(row[g.TR_SELL + 2 * i + 1]) for i in range(2)
                     if row[g.TR_SELL + 2 * i] > 0}
            bag = int(row[g.TR_BAG]) if row[g.TR_BAG] >= 0 else None
            p = ref.apply(p, action, drawn=drawn, keep=keep, sells=sells, bag=bag)
        out.append((f"{label}: the final position", canonical(position_of(s, like)), canonical(p)))
        out.append((f"{label}: the scores", final, list(ref.scores(p))))
        out.append((f"{label}: the end", {1: "all_related", 2: "five_relationships", 3: "capped"}[int(s[g.ENDED])],
                    ref.end_reason(p)))
    return out


def engine_agrees(seed: int) -> list[tuple]:
    """The conformance check (`GameSpec.reference_check`): see `agreement`."""
    return agreement(seed)
