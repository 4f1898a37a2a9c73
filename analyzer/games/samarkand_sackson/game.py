"""The fast Samarkand (Sackson) engine: whole games (and games from a position) in numba, one game per loop
iteration.

A game's state is one flat int64 vector (offsets in `kernels.py`, with the engine's helpers; this module re-exports
them); the board (`board_vector`, built from a
`rules.Board`: spaces, arrows, capacities, oasis prices, markets, the price tables, the cube totals and the
removals per player count) and the §10 settings (`settings_vector`, from a `rules.Settings`) are two more
small vectors: the engine keeps no copy of its own of the board, the prices or the totals.  Every kernel is
`@njit(cache=True)`, helpers without a Python wrapper; one entry point (`run_batch`, called through `batch`)
so that a clean checkout compiles the engine once.  A turn is core's forward model (`model.py`): `run_batch` plays
every game through core's loop (`search.whole_game`), so a seat may be the search player.

The bag is kept as counts by colour: a draw takes colour k with probability count_k / total (the same law as a
blind draw of one cube).  Chance.  Each game has 8 random streams (splitmix64) seeded from `Chance`: 0 the bag,
1 the die, 2 the oasis penalty and the hidden deal of a position, 3 the start placement, 4 + seat that seat's
own choices (random player's coin flips).  Every game's seeds are drawn up front, so two rule sets playing game
j meet the same streams.

Every turn can be recorded (`trace`): the move, the spaces entered, the gifts, the act at the final space, every
cube drawn in order and the empty-bag discards; `sim.engine_agrees` replays the record through the readable
reference and holds the two equal turn by turn.

Policies (codes in `POLICY_CODES`) are played inside the kernel, decision by decision (`model.policy`; see
`policies.py`).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core import settings as core_settings
from analyzer.games.samarkand_sackson import model
from analyzer.games.samarkand_sackson.kernels import *  # noqa: F403 (the layout and helpers, as game.X)


# ------------------------------------------------------------------------------------------------
# set-up, positions and the batch


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def setup(s, bd, cfg, rs, starts, pol, st, tr):
    for i in range(GAME):
        s[i] = 0
    P = cfg[C_P]
    s[NPL] = P
    s[DISC] = -1
    s[DISC2] = -1
    s[WINNER] = -1
    for k in range(NK):
        s[BAG + k] = bd[B_TOT + k] - bd[B_REM + P]
    for q in range(P):
        s[MONEY + q] = cfg[C_MONEY0] + cfg[C_HCAP + q]
        for _ in range(cfg[C_HAND0]):
            draw_cube(s, bd, cfg, pol, rs, st, tr, HAND + q * NK)
    for x in range(bd[B_NS]):
        if bd[B_TYPE + x] == T_CAMP:
            for _ in range(cfg[C_FIELD0]):
                draw_cube(s, bd, cfg, pol, rs, st, tr, FIELD + x * NK)
    for q in range(P):  # one draw per seat even where the start is fixed: rule sets keep the same stream
        x = randint(rs, S_START, bd[B_NS])
        s[POS + q] = starts[q] if starts[q] >= 0 else x


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def deal_hidden(s, bd, me, hidden, known_bag, rs, pool):
    """A rollout from a position: each opponent's hidden cubes (hidden[q]) dealt uniformly from my unseen
    pool (the totals less everything seen; the bag is the rest), or, with a known bag, from what is left."""
    P = s[NPL]
    for k in range(NK):
        v = bd[B_TOT + k] - bd[B_REM + P] - s[GONE + k]
        for x in range(bd[B_NS]):
            v -= s[FIELD + x * NK + k]
        for q in range(P):
            v -= s[HAND + q * NK + k]  # known cubes only (hidden ones are not in the state yet)
        if known_bag:
            v -= s[BAG + k]
        pool[k] = max(v, 0)
    for q in range(P):
        for _ in range(hidden[q]):
            k = random_cube(pool, rs, S_PEN)
            if k < 0:
                break
            pool[k] -= 1
            s[HAND + q * NK + k] += 1
    if not known_bag:
        for k in range(NK):
            s[BAG + k] = pool[k]


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def seat_models(s, codes, par):
    """Each seat's own player model (a search seat's base: its discards when the bag empties) and parameters into
    the state."""
    w = s[PAR:PAR + MAXP * NPAR].view(np.float64)
    for q in range(codes.shape[0]):
        c = codes[q]
        s[POLS + q] = c if c >= 0 else (-c - 1) & 0xFFFFFFFF
        for i in range(NPAR):
            w[q * NPAR + i] = par[q, i]


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def clear_stats(s):
    for i in range(STSIZE):
        s[STAT + i] = 0
    s[STAT + ST_EMPTY] = -1
    for q in range(MAXP):
        s[STAT + ST_REACH + q] = -1


@njit(types.void(types.int64[::1], types.boolean, types.int64, types.int64[::1], types.boolean, types.int64,
                 types.int64[::1], types.int64[:, ::1], types.float64[:, :, ::1], types.int64[:, ::1],
                 types.uint64[:, ::1], types.int64[:, ::1], types.int64[:, ::1], types.int64[::1], types.int64[::1],
                 *search.MODEL), cache=True)
def run_batch(s0, from_setup, me, hidden, known_bag, turns, cfg, pols, pars, starts, seeds, stats, trace, s, pool,
              advance, legal, apply, policy, determinize, reward, margin):
    """Games j = 0..n-1, from the set-up (from_setup; starts[j, q] the start space of seat q, -1 random) or from
    s0 (hidden[q] >= 0 cubes of seat q dealt anew from `me`'s unseen pool per game), played by the seat policies
    pols[j] (codes, search codes too) / pars[j] (parameters) to the end, or for `turns` turns (turns >= 0; then s0
    is left at the game's state, its first GAME entries, and seeds[j] at its streams' state, so that stepping
    continues the same game).
    cfg: the settings and the board vector, one after the other.  Fills stats (n, STSIZE) and, where trace has
    rows, one per turn.  The game is core's loop (`search.whole_game`) over the forward model (`model.py`, whose
    functions come in as arguments so that this kernel caches); the search players' seed comes from the start
    stream's state (never its draws).  s, pool: work space."""
    n = seeds.shape[0]
    bd = cfg[CSIZE:]
    for j in range(n):
        rs = seeds[j]
        if from_setup:
            for i in range(SSIZE):
                s[i] = 0
            seat_models(s, pols[j], pars[j])
            clear_stats(s)
            setup(s, bd, cfg, rs, starts[j], s[POLS:POLS + MAXP], s[STAT:STAT + STSIZE], s[DUMMY:DUMMY + TRSIZE])
        else:
            for i in range(SSIZE):
                s[i] = s0[i]
            seat_models(s, pols[j], pars[j])
            clear_stats(s)
            if me >= 0:
                deal_hidden(s, bd, me, hidden, known_bag, rs, pool)
        st = s[STAT:STAT + STSIZE]
        for q in range(s[NPL]):
            st[ST_START + q] = s[POS + q]
        start = s[TURN]
        s[TSTART] = start
        seed = search.mix(rs[S_START] ^ np.uint64(0x5A3A2CA4D))
        model.PLAY(s, cfg, rs, trace, pols[j], turns, -1, seed, advance, legal, apply, policy, determinize,
                   reward, margin)
        out = stats[j]
        for i in range(STSIZE):
            out[i] = st[i]
        out[ST_TURNS] = s[TURN] - start
        out[ST_END] = s[ENDED]
        if out[ST_EMPTY] >= 0:
            out[ST_EMPTY] -= start
        for q in range(s[NPL]):
            out[ST_MONEY + q] = s[MONEY + q]
        out[ST_WINNER] = -1 if s[ENDED] == E_CAPPED else s[WINNER]
        if turns >= 0:  # the game goes on from a turn's start: its state proper, nothing of these players
            for i in range(SSIZE):
                s0[i] = s[i] if i < GAME else 0


# ------------------------------------------------------------------------------------------------
# Python side: the board and the settings as vectors, whole games


def batch(s0, from_setup, me, hidden, known_bag, turns, bd, cfg, pols, pars, starts, seeds, stats, trace):
    """`run_batch` with the settings and the board as one vector and fresh work space; seeds are copied (the
    kernel advances its rows in place) unless stepping (turns >= 0)."""
    run_batch(s0, bool(from_setup), me, hidden, bool(known_bag), turns, np.concatenate((cfg, bd)), pols,
              np.ascontiguousarray(pars, dtype=np.float64), starts, seeds.copy() if turns < 0 else seeds, stats,
              trace, np.zeros(SSIZE, dtype=np.int64), np.zeros(NK, dtype=np.int64), *model.MODEL.functions())


NO_TRACE = np.zeros((0, TRSIZE), dtype=np.int64)


def board_vector(board=None) -> np.ndarray:
    """The engine's board vector of a `rules.Board` (None: the illustrative default), cached per board: the
    kernels only read it."""
    from analyzer.games.samarkand_sackson import rules as r

    return _board_vector(r.DEFAULT_BOARD if board is None else board)


@lru_cache(maxsize=16)
def _board_vector(board) -> np.ndarray:
    from analyzer.games.samarkand_sackson import rules as r

    ns = board.spaces
    if ns > MAXS or len(board.markets) > MAXM:
        raise ValueError(f"the engine takes at most {MAXS} spaces and {MAXM} markets")
    bd = np.zeros(BSIZE, dtype=np.int64)
    bd[B_NS] = ns
    for x in range(ns):
        bd[B_TYPE + x] = board.kind[x]
        bd[B_CAP + x] = board.capacity[x]
        bd[B_P4 + x] = board.price4[x]
        succ, pred = board.succ[x], board.pred[x]
        if len(succ) > MAXDEG or len(pred) > MAXDEG:
            raise ValueError(f"the engine takes at most {MAXDEG} arrows into or out of a space")
        bd[B_NOUT + x] = len(succ)
        bd[B_OUT + x * MAXDEG:B_OUT + x * MAXDEG + len(succ)] = succ
        bd[B_NIN + x] = len(pred)
        bd[B_IN + x * MAXDEG:B_IN + x * MAXDEG + len(pred)] = pred
    bd[B_NM] = len(board.markets)
    for m, (x, k) in enumerate(board.markets):
        bd[B_MSP + m] = x
        bd[B_MKIND + m] = ASST if k == r.ASSORTMENT else k
    for k in range(NK):
        bd[B_PRICE + k * MAXN:B_PRICE + (k + 1) * MAXN] = board.price[k][:MAXN]
    bd[B_ASST:B_ASST + 7] = board.assortment[:7]
    bd[B_TOT:B_TOT + NK] = r.TOTALS
    for players, removed in r.REMOVED.items():
        bd[B_REM + players] = removed
    dist = np.full((MAXS, MAXS), 999, dtype=np.int64)
    for c in range(ns):
        col = r.distances(board, c)
        for a in range(ns):
            if col[a] <= ns:
                dist[a, c] = col[a]
    bd[B_DIST:B_DIST + MAXS * MAXS] = dist.ravel()
    return bd


def settings_vector(settings=None, players: int = 4, turn_cap: int | None = None) -> np.ndarray:
    """The §10 readings (`rules.Settings`; None: the defaults) and the rule constants as the engine's vector."""
    from analyzer.games.samarkand_sackson import rules as r

    st = r.DEFAULT_SETTINGS if settings is None else settings
    if len(st.die) > MAXF:
        raise ValueError(f"the engine takes at most {MAXF} die faces")
    c = np.zeros(CSIZE, dtype=np.int64)
    c[C_P] = players
    c[C_DISC] = MARKET_DISC.index(st.market_disc)
    c[C_AMIN] = st.assortment_min
    c[C_SALE] = int(st.sale_size == "all")
    c[C_SCOPE] = int(st.disc_scope == "commodity")
    c[C_TRADE] = int(st.trade_counts == "any")
    c[C_FCU] = int(st.full_camp_unpaid == "pay_all")
    c[C_GIFTP] = int(st.gift_purchase == "choice")
    c[C_PEN] = int(st.penalty_cubes == "out")
    c[C_XMOVE] = int(st.extra_move)
    c[C_ELIM] = int(st.eliminate_broke)
    c[C_PONE] = st.price_one
    c[C_CAP] = st.turn_cap if turn_cap is None else turn_cap
    c[C_NFACE] = len(st.die)
    for i, f in enumerate(st.die):
        c[C_FACES + i] = BACK if f == r.BACK else f
    c[C_MONEY0] = r.START_MONEY
    c[C_HAND0] = r.START_CUBES
    c[C_FIELD0] = r.FIELD_RESTOCK
    c[C_DIECOST] = r.DIE_COST
    c[C_FINE] = r.FINE
    c[C_GIFTCOST] = r.GIFT_PRICE
    c[C_FULLCOST] = r.FULL_CAMP_PRICE
    c[C_OASIS1] = r.ONE_CUBE
    c[C_LIMIT] = r.HAND_LIMIT
    c[C_TARGET] = r.WIN
    c[C_PENN] = r.PENALTY
    c[C_START] = 0  # start_action: none (the only reading)
    handicap = core_settings.handicap_by_rank(st.seat_handicap, players)
    core_settings.check_start(r.START_MONEY, handicap, "piasters")
    c[C_HCAP:C_HCAP + players] = handicap
    return c


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """(n, P) win credit: 1 to the winner; a capped game to the richest (ties share)."""
    n = len(stats)
    out = np.zeros((n, players))
    win = stats[:, ST_WINNER]
    has = win >= 0
    out[np.flatnonzero(has), win[has]] = 1.0
    money = stats[:, ST_MONEY:ST_MONEY + players][~has]
    if len(money):
        top = money == money.max(axis=1, keepdims=True)
        out[~has] = top / top.sum(axis=1, keepdims=True)
    return out


def policy_code(policy) -> int:
    """The engine's code of a policy (a policies.Policy, a SearchPolicy, or a name)."""
    from analyzer.core.policies import engine_code
    from analyzer.games.samarkand_sackson.policies import parse_policy

    return engine_code(policy, parse_policy, POLICY_CODES, model.MODEL)


def policy_arrays(policies, n: int, seat_policy: np.ndarray | None = None):
    """(n, P) codes and (n, P, NPAR) parameters (a search seat: its base's) for game rows; seat_policy[j, s]:
    index into policies."""
    P = len(policies)
    codes = np.array([policy_code(p) for p in policies], dtype=np.int64)
    params = np.array([[float(getattr(getattr(p, "base", p), "roll_gain", 2)),
                        float(getattr(getattr(p, "base", p), "sell_at", 6))] for p in policies], dtype=np.float64)
    if seat_policy is None:
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    return np.ascontiguousarray(codes[seat_policy]), np.ascontiguousarray(params[seat_policy])


def start_array(starts, n: int, players: int, board=None) -> np.ndarray:
    """(n, P) start spaces: None / "random": -1 (uniform, stream `start`), or one space (index or id) per seat."""
    out = np.full((n, players), -1, dtype=np.int64)
    if starts is None or isinstance(starts, str):
        return out
    for q, x in enumerate(starts):
        out[:, q] = -1 if x is None or x == "random" else x
    return out


def new_game(players: int, seed: int, board=None, settings=None, policy="greedy"):
    """Game `seed` set up (every seat `policy`) as the forward model (`model.py`) sees it: (state, cfg = the
    settings and the board as one vector, its chance streams)."""
    bd, cfg = board_vector(board), settings_vector(settings, players)
    seeds = Chance(1, np.random.default_rng(seed)).seeds
    pols, pars = policy_arrays([policy] * players, 1)
    s = np.zeros(SSIZE, dtype=np.int64)
    batch(s, True, -1, np.zeros(MAXP, dtype=np.int64), False, 0, bd, cfg, pols, pars,
          start_array(None, 1, players), seeds, np.zeros((1, STSIZE), dtype=np.int64), NO_TRACE)
    s[POLS:POLS + players] = [c if c >= 0 else (-c - 1) & 0xFFFFFFFF for c in pols[0]]
    s[PAR:PAR + players * NPAR].view(np.float64)[:] = pars[0].ravel()
    return s, np.concatenate((cfg, bd)), seeds[0].copy()


def play_games(board, settings, players: int, policies, n: int, rng, seat_policy=None, starts=None,
               turn_cap: int | None = None, bd=None) -> dict:
    """n whole games from the set-up: stats (n, STSIZE), credit (n, P)."""
    chance = Chance(n, rng)
    bd = board_vector(board) if bd is None else bd
    cfg = settings_vector(settings, players, turn_cap)
    pols, pars = policy_arrays(policies, n, seat_policy)
    stats = np.zeros((n, STSIZE), dtype=np.int64)
    st0 = start_array(starts, n, players) if not isinstance(starts, np.ndarray) else starts
    batch(np.zeros(SSIZE, dtype=np.int64), True, -1, np.zeros(MAXP, dtype=np.int64), False, -1, bd, cfg, pols,
          pars, st0, chance.seeds, stats, NO_TRACE)
    return {"stats": stats, "credit": credit(stats, players)}
