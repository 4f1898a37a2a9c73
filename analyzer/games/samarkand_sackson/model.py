"""Samarkand (Sackson)'s rules as core's forward model (`core/search.py`): a turn split into the decisions a player
makes, each left pending in the state (`game.WHAT`) for `search.whole_game` to hand to the seat's player.

The decisions of the mover, in the order a turn meets them:
- W_MOVE: a free step to one successor (option: the space) or the die (option DIE);
- W_LAND: after the roll, the landing among the face's distinct landings (option: the space);
- W_GIFT: the greeting gift at a camp that is not full: the kind given (an empty hand buys it: under
  gift_purchase choice the colour named is the decision, blind it is drawn);
- W_ON: after the gift, following a free step (extra_move on): trade here (option 0) or step on to z (z + 1);
- W_TRADE: the one trade (option: `trade_code(give, take)`, 4 bits a kind each);
- W_OASIS: 1 or 4 cubes, where both can be paid;
- W_SALE: the sale (option: the row of `game.sales`).
Everything else is played by the rules: a full camp, the fine, the oasis penalty, one oasis cube where four cannot
be paid, a blind gift purchase.  The empty-bag discards are not decisions: each seat discards by its own player
model (`game.POLS`; a search seat by its base).  `advance` plays the turn's start and end (the 500 check,
eliminations, the turn cap), a turn being the model's round.

The engine's own players (`policy`) choose exactly as they did when a turn was one kernel, drawing from the same
streams in the same order, so the games are the same: greedy plans its move once (`game.greedy_move`) and each
later decision of the turn re-derives that plan from the state (`via_plan`: the plan restricted to the space
entered is the plan), the collector reads the goal it set at the turn's start (`game.GOAL0`).

Hidden (`determinize`): the colours in the other seats' hands and the bag's contents; each playout deals every
other seat its hand size anew from the cubes the viewer has not seen (their hands and the bag, by colour), the rest
to the bag.  The die is chance: a playout rolls it on its own streams.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.core import search
from analyzer.games.samarkand_sackson import kernels as g
from analyzer.games.samarkand_sackson.kernels import (
    A_BUY, A_DIE, A_EXTRA, A_FINE, A_OAS1, A_OAS4, A_PEN, A_SALE, A_STEP, ASST, B_CAP, B_MKIND, B_MSP, B_NM,
    B_NOUT, B_NS, B_OUT, B_P4, B_TYPE, BAG, C_DIECOST, C_DISC, C_FACES, C_FINE, C_GIFTCOST, C_GIFTP, C_NFACE,
    C_OASIS1, C_PEN, C_PENN, C_TARGET, C_TRADE, C_XMOVE, CSIZE, DISC, DISC2, DUMMY, E_CAPPED, E_LAST, E_RUN, E_WON,
    FACE, FIELD, GKIND, GNEXT, GOAL0, GONE, GPAID, HAND, MAXDEG, MAXM, MAXP, MAXPATH, MAXS, MONEY, NACT, NK, NPAR,
    NPL, OUT, PAR, PHASE, POLS, POS, S_DIE, S_PEN, STAT, STEPS, ST_ACT, ST_EMPTY, ST_FINES, ST_INCOME, ST_MYT,
    ST_NEMPTY, ST_REACH, STSIZE, T_CAMP, T_OASIS, TOMOVE, TR_A, TR_ACT, TR_FACE, TR_MKT, TR_MOVE, TR_PAID, TR_SEAT,
    TRSIZE, TSTART, TURN, VIA, WHAT, WINNER, X_FINE, X_OASIS, X_PEN, X_SELL)
from analyzer.games.samarkand_sackson.policies import SEARCH_DEPTH

W_NONE, W_MOVE, W_LAND, W_GIFT, W_ON, W_TRADE, W_OASIS, W_SALE = range(8)
DECISIONS = ("move", "landing", "gift", "trade or move on", "trade", "oasis", "sale")
DIE = MAXS  # W_MOVE's option: roll the die
RANDOM, GREEDY, COLLECTOR = 0, 1, 2
SALE_ROWS = MAXM * 64
# the evaluation's softmax: W differences in units of EVAL_SCALE piasters (search:16 against three greedy, 128 games:
# 46.9% at 25, 51.6% at 50, 48.4% at 100; docs/games/samarkand_sackson-search.md)
EVAL_SCALE = 50.0
TRADES_MAX = 20_000  # trade candidates W_TRADE's legal list looks at, at most


# ------------------------------------------------------------------------------------------------
# the state's parts


@njit(cache=True, no_cpython_wrapper=True)
def trace_row(s, rec):
    """The trace's row of the turn being played, or the state's own scratch row when rec keeps none."""
    t = s[TURN] - s[TSTART]
    if rec.shape[1] == TRSIZE and 0 <= t < rec.shape[0]:
        return rec[t]
    return s[DUMMY:DUMMY + TRSIZE]


@njit(cache=True, no_cpython_wrapper=True)
def stats(s):
    return s[STAT:STAT + STSIZE]


@njit(cache=True, no_cpython_wrapper=True)
def seat_pols(s):
    return s[POLS:POLS + MAXP]


@njit(cache=True, no_cpython_wrapper=True)
def params(s):
    """Each seat's parameters (MAXP x NPAR: the collector's roll_gain, sell_at)."""
    return s[PAR:PAR + MAXP * NPAR].view(np.float64).reshape((MAXP, NPAR))


@njit(cache=True, no_cpython_wrapper=True)
def hand(s, p):
    return s[HAND + p * NK:HAND + p * NK + NK]


@njit(cache=True, no_cpython_wrapper=True)
def work():
    """greedy's work arrays: (d, dp, arg, tmp, sale rows), as `game.space_value` takes them."""
    return (np.empty(NK, dtype=np.int64), np.empty((NK + 1, 256), dtype=np.int64),
            np.empty((NK + 1, 256), dtype=np.int64), np.empty(6 * NK, dtype=np.int64),
            np.empty((SALE_ROWS, 5), dtype=np.int64))


@njit(cache=True, no_cpython_wrapper=True)
def goal_mask(s, bd, cfg, p, sell_at):
    """The collector's goal spaces (`game.collector_goals`) as a bit mask."""
    goal = np.empty(MAXS, dtype=np.int64)
    g.collector_goals(s, bd, cfg, p, sell_at, goal)
    m = 0
    for c in range(bd[B_NS]):
        if goal[c]:
            m |= np.int64(1) << c
    return m


@njit(cache=True, no_cpython_wrapper=True)
def goals(s, bd):
    goal = np.zeros(MAXS, dtype=np.int64)
    for c in range(bd[B_NS]):
        goal[c] = (s[GOAL0] >> c) & 1
    return goal


@njit(cache=True, no_cpython_wrapper=True)
def trade_code(give, take):
    o = 0
    for k in range(NK):
        o |= (give[k] << (4 * k)) | (take[k] << (24 + 4 * k))
    return o


@njit(cache=True, no_cpython_wrapper=True)
def trade_lots(o, give, take):
    for k in range(NK):
        give[k] = (o >> (4 * k)) & 15
        take[k] = (o >> (24 + 4 * k)) & 15


# ------------------------------------------------------------------------------------------------
# the rules between decisions


@njit(cache=True, no_cpython_wrapper=True)
def pend(s, what):
    s[WHAT] = what


@njit(cache=True, no_cpython_wrapper=True)
def done(s):
    """The turn's act is over: advance plays the end checks next."""
    s[WHAT] = W_NONE
    s[PHASE] = 1


@njit(cache=True, no_cpython_wrapper=True)
def start_turn(s, bd, cfg, rec, p):
    if rec.shape[1] != TRSIZE or not 0 <= s[TURN] - s[TSTART] < rec.shape[0]:
        s[DUMMY:DUMMY + TRSIZE] = 0
    trace_row(s, rec)[TR_SEAT] = p
    stats(s)[ST_MYT + p] += 1
    s[STEPS] = 0
    s[VIA] = 0
    s[GOAL0] = goal_mask(s, bd, cfg, p, params(s)[p, 1])
    pend(s, W_MOVE)


@njit(cache=True, no_cpython_wrapper=True)
def end_turn(s, cfg):
    p = s[TOMOVE]
    P = s[NPL]
    st = stats(s)
    if s[OUT + p] == 0 and s[MONEY + p] >= cfg[C_TARGET]:
        s[g.ENDED] = E_WON
        s[WINNER] = p
        st[ST_REACH + p] = st[ST_MYT + p]
    if s[g.ENDED] == E_RUN and cfg[g.C_ELIM] == 1:
        left = 0
        last = -1
        for q in range(P):
            if s[OUT + q] == 0 and s[MONEY + q] == 0 and g.total(s, HAND + q * NK, NK) == 0:
                s[OUT + q] = 1
            if s[OUT + q] == 0:
                left += 1
                last = q
        if left <= 1:
            s[g.ENDED] = E_LAST
            s[WINNER] = last
    s[TURN] += 1
    if s[g.ENDED] == E_RUN and s[TURN] >= cfg[g.C_CAP]:
        s[g.ENDED] = E_CAPPED
    if s[g.ENDED] == E_RUN:
        q = p
        for _ in range(P):
            q = (q + 1) % P
            if s[OUT + q] == 0:
                break
        s[TOMOVE] = q
    s[PHASE] = 0


@njit(cache=True, no_cpython_wrapper=True)
def start_gift(s, bd, cfg, rs, tr, p, y, then):
    """At camp y (not full) the gift is due, `then` (W_ON or W_TRADE) after it: held cubes or a colour named:
    the gift pends; an empty hand under gift_purchase blind buys one drawn from the bag."""
    s[GNEXT] = then
    s[GPAID] = 0
    if g.total(s, HAND + p * NK, NK) > 0:
        pend(s, W_GIFT)
        return
    paid = min(cfg[C_GIFTCOST], s[MONEY + p])
    s[MONEY + p] -= paid
    s[GPAID] = paid
    st = stats(s)
    st[ST_ACT + p * NACT + A_BUY] += 1
    if cfg[C_GIFTP] == 1:
        if g.total(s, BAG, NK) > 0:
            pend(s, W_GIFT)
            return
        k = -1
    else:
        k = g.draw_cube(s, bd, cfg, seat_pols(s), rs, st, tr, FIELD + y * NK)
    g.record_gift(tr, 10 + k if k >= 0 else 10 + NK)
    s[GKIND] = NK + (k if k >= 0 else NK)
    pend(s, then)


@njit(cache=True, no_cpython_wrapper=True)
def give(s, bd, cfg, rs, tr, p, k):
    """The gift (kind k; an empty hand: the colour bought) goes onto the mover's camp's field."""
    y = s[POS + p]
    st = stats(s)
    if g.total(s, HAND + p * NK, NK) == 0:
        while s[BAG + k] == 0:  # a colour a resampled bag lacks (the search's playouts): the next one it has
            k = (k + NK - 1) % NK
        s[BAG + k] -= 1
        s[FIELD + y * NK + k] += 1
        if g.total(s, BAG, NK) == 0:
            st[ST_NEMPTY] += 1
            if st[ST_EMPTY] < 0:
                st[ST_EMPTY] = s[TURN]
            g.empty_bag(s, bd, cfg, seat_pols(s), rs, tr)
        g.record_gift(tr, 10 + k)
        s[GKIND] = NK + k
    else:
        s[HAND + p * NK + k] -= 1
        s[FIELD + y * NK + k] += 1
        g.record_gift(tr, k)
        s[GKIND] = k
    pend(s, s[GNEXT])


@njit(cache=True, no_cpython_wrapper=True)
def penalty(s, cfg, rs, tr, st, p):
    """Under the price of one cube at an oasis: 3 random cubes of the hand to the bank."""
    h = hand(s, p)
    tr[TR_ACT] = X_PEN
    st[ST_ACT + p * NACT + A_PEN] += 1
    for _ in range(cfg[C_PENN]):
        k = g.random_cube(h, rs, S_PEN)
        if k < 0:
            break
        h[k] -= 1
        if cfg[C_PEN] == 0:
            s[BAG + k] += 1
        else:
            s[GONE + k] += 1
        tr[TR_A + k] += 1


@njit(cache=True, no_cpython_wrapper=True)
def buy(s, bd, cfg, rs, tr, st, p, n):
    """n cubes (1 or 4) at the mover's oasis."""
    p4 = bd[B_P4 + s[POS + p]]
    paid = p4 if n == 4 else cfg[C_OASIS1]
    s[MONEY + p] -= paid
    st[ST_ACT + p * NACT + (A_OAS4 if n == 4 else A_OAS1)] += 1
    tr[TR_ACT] = X_OASIS
    tr[TR_A] = n
    tr[TR_PAID] = paid
    for _ in range(n):
        g.draw_cube(s, bd, cfg, seat_pols(s), rs, st, tr, HAND + p * NK)


@njit(cache=True, no_cpython_wrapper=True)
def sell(s, bd, cfg, tr, st, p, i):
    """The sale of row i of `game.sales` at the mover's city (the disc moves onto its market)."""
    h = hand(s, p)
    opts = np.empty((SALE_ROWS, 5), dtype=np.int64)
    g.sales(s, bd, cfg, h, s[POS + p], opts)
    m = opts[i, 0]
    kind = opts[i, 1]
    pay = opts[i, 3]
    if kind != ASST:
        h[kind] -= opts[i, 2]
        s[BAG + kind] += opts[i, 2]
        tr[TR_A + kind] = opts[i, 2]
        st[ST_INCOME + kind] += pay
    else:
        for k in range(NK):
            if (opts[i, 4] >> k) & 1:
                h[k] -= 1
                s[BAG + k] += 1
                tr[TR_A + k] = 1
        st[ST_INCOME + 6] += pay
    s[MONEY + p] += pay
    st[ST_ACT + p * NACT + A_SALE] += 1
    tr[TR_ACT] = X_SELL
    tr[TR_MKT] = m
    tr[TR_PAID] = pay
    if cfg[C_DISC] != 2:
        s[DISC2] = s[DISC]
        s[DISC] = m


@njit(cache=True, no_cpython_wrapper=True)
def sale_count(s, bd, cfg, p):
    return g.sales(s, bd, cfg, hand(s, p), s[POS + p], np.empty((SALE_ROWS, 5), dtype=np.int64))


@njit(cache=True, no_cpython_wrapper=True)
def arrive(s, bd, cfg, rs, tr, p, y, chain):
    """The mover stands on y (by a free step or an extra move: chain; by the die: not): a camp's gift (then, in a
    chain with extra_move on, trade or move on), or the act of the space."""
    st = stats(s)
    if chain and cfg[C_XMOVE] == 1 and g.is_open_camp(s, bd, y) and s[STEPS] < MAXPATH - 2:
        start_gift(s, bd, cfg, rs, tr, p, y, W_ON)
        return
    t = bd[B_TYPE + y]
    if t == T_CAMP:
        if g.total(s, FIELD + y * NK, NK) >= bd[B_CAP + y]:
            g.full_camp(s, bd, cfg, p, y, seat_pols(s), rs, st, tr)
            done(s)
        else:
            start_gift(s, bd, cfg, rs, tr, p, y, W_TRADE)
    elif t == T_OASIS:
        money = s[MONEY + p]
        if money < cfg[C_OASIS1]:
            penalty(s, cfg, rs, tr, st, p)
            done(s)
        elif money >= bd[B_P4 + y]:
            pend(s, W_OASIS)
        else:
            buy(s, bd, cfg, rs, tr, st, p, 1)
            done(s)
    elif sale_count(s, bd, cfg, p) > 0:
        pend(s, W_SALE)
    else:
        paid = min(cfg[C_FINE], s[MONEY + p])
        s[MONEY + p] -= paid
        st[ST_FINES] += paid
        st[ST_ACT + p * NACT + A_FINE] += 1
        tr[TR_ACT] = X_FINE
        tr[TR_PAID] = paid
        done(s)


# ------------------------------------------------------------------------------------------------
# the forward model


@njit(search.ADVANCE_SIG, cache=True)
def advance(s, cfg, rs, rec):
    """Plays the turn's start (the mover's move pends) and its end (the 500 check, eliminations, the turn cap, the
    next mover; then search.ROUND_END); an eliminated seat's turn is only its end."""
    bd = cfg[CSIZE:]  # the board after the settings (CSIZE counts the seat handicap's MAXP)
    while True:
        if s[g.ENDED] != E_RUN:
            return search.ENDED
        if s[WHAT] != W_NONE:
            return s[TOMOVE]
        if s[PHASE] == 1:
            end_turn(s, cfg)
            return search.ROUND_END
        p = s[TOMOVE]
        if s[OUT + p] != 0:
            s[PHASE] = 1
            continue
        start_turn(s, bd, cfg, rec, p)
        return p


@njit(cache=True, no_cpython_wrapper=True)
def landing_spaces(s, bd, cfg, p, lands):
    cur = np.empty(MAXS, dtype=np.int64)
    nxt = np.empty(MAXS, dtype=np.int64)
    return g.landings(bd, cfg, s[POS + p], cfg[C_FACES + s[FACE]], lands, cur, nxt)


@njit(search.APPLY_SIG, cache=True)
def apply(s, cfg, rs, rec, o):
    """The pending decision takes option o (`legal` lists them)."""
    bd = cfg[CSIZE:]
    what = s[WHAT]
    s[WHAT] = W_NONE
    p = s[TOMOVE]
    tr = trace_row(s, rec)
    st = stats(s)
    if what == W_MOVE:
        if o == DIE:
            s[MONEY + p] -= cfg[C_DIECOST]
            st[ST_ACT + p * NACT + A_DIE] += 1
            s[FACE] = g.randint(rs, S_DIE, cfg[C_NFACE])
            tr[TR_MOVE] = 2
            tr[TR_FACE] = s[FACE]
            pend(s, W_LAND)
            return
        st[ST_ACT + p * NACT + A_STEP] += 1
        s[POS + p] = o
        g.enter(tr, o)
        arrive(s, bd, cfg, rs, tr, p, o, True)
    elif what == W_LAND:
        g.enter(tr, o)
        s[POS + p] = o
        s[VIA] = 1
        arrive(s, bd, cfg, rs, tr, p, o, False)
    elif what == W_GIFT:
        give(s, bd, cfg, rs, tr, p, o)
    elif what == W_ON:
        if o == 0:
            pend(s, W_TRADE)
            return
        st[ST_ACT + p * NACT + A_EXTRA] += 1
        s[POS + p] = o - 1
        g.enter(tr, o - 1)
        s[STEPS] += 1
        arrive(s, bd, cfg, rs, tr, p, o - 1, True)
    elif what == W_TRADE:
        lots = np.empty(2 * NK, dtype=np.int64)
        trade_lots(o, lots[:NK], lots[NK:])
        g.do_trade(s, p, s[POS + p], lots[:NK], lots[NK:], tr, st)
        done(s)
    elif what == W_OASIS:
        buy(s, bd, cfg, rs, tr, st, p, o)
        done(s)
    else:
        sell(s, bd, cfg, tr, st, p, o)
        done(s)


@njit(cache=True, no_cpython_wrapper=True)
def trade_options(s, bd, cfg, p, out):
    """The trades at the mover's camp as (give, take) codes, the best by the hand's W after them first (at most
    search.MAX_OPTIONS; greedy's own first): every take from the field and every give of the other kinds
    (trade_counts equal: as many as taken; any: the field within its capacity)."""
    x = s[POS + p]
    h = hand(s, p)
    f = s[FIELD + x * NK:FIELD + x * NK + NK]
    cap = bd[B_CAP + x]
    fs = g.total(f, 0, NK)
    K = search.MAX_OPTIONS
    vals = np.full(K, -1e300)
    codes = np.full(K, -1, dtype=np.int64)
    t = np.zeros(NK, dtype=np.int64)
    gv = np.zeros(NK, dtype=np.int64)
    d, dp, arg, tmp, opts = work()
    g.best_trade(bd, cfg, h, f, cap, 0, d, dp, arg)
    for k in range(NK):
        t[k] = max(d[k], 0)
        gv[k] = max(-d[k], 0)
    mine = trade_code(gv, t)
    vals[0] = 1e300
    codes[0] = mine
    looked = 0
    t[:] = 0
    while looked < TRADES_MAX:  # every take t (mixed radix over the field), then every give g
        nt = g.total(t, 0, NK)
        lo = nt if cfg[C_TRADE] == 0 else 0
        hi = nt if cfg[C_TRADE] == 0 else cap - (fs - nt)
        gv[:] = 0
        while looked < TRADES_MAX:
            ng = g.total(gv, 0, NK)
            if lo <= ng <= hi:
                looked += 1
                v = 0.0
                for k in range(NK):
                    v += g.price(bd, k, h[k] - gv[k] + t[k])
                c = trade_code(gv, t)
                worst = 0
                for i in range(1, K):
                    if vals[i] < vals[worst]:
                        worst = i
                if v > vals[worst] and c != mine:
                    vals[worst] = v
                    codes[worst] = c
            k = 0  # the next give: kinds not taken, within the hand, at most hi cubes
            while k < NK:
                if t[k] == 0 and gv[k] < h[k] and ng < hi:
                    gv[k] += 1
                    break
                ng -= gv[k]
                gv[k] = 0
                k += 1
            if k == NK:
                break
        k = 0
        while k < NK:
            if t[k] < f[k]:
                t[k] += 1
                break
            t[k] = 0
            k += 1
        if k == NK:
            break
    n = 0
    for _ in range(K):  # best first (ties: found first)
        b = -1
        for i in range(K):
            if codes[i] >= 0 and (b < 0 or vals[i] > vals[b]):
                b = i
        if b < 0:
            break
        out[n] = codes[b]
        n += 1
        codes[b] = -1
    return n


@njit(search.LEGAL_SIG, cache=True)
def legal(s, cfg, out):
    """The pending decision's options (at most search.MAX_OPTIONS; sales beyond it: the best by greedy's ΔW,
    greedy's own first)."""
    bd = cfg[CSIZE:]
    what = s[WHAT]
    p = s[TOMOVE]
    x = s[POS + p]
    h = hand(s, p)
    n = 0
    if what == W_MOVE:
        for i in range(bd[B_NOUT + x]):
            out[n] = bd[B_OUT + x * MAXDEG + i]
            n += 1
        if s[MONEY + p] >= cfg[C_DIECOST]:
            out[n] = DIE
            n += 1
    elif what == W_LAND:
        lands = np.empty(MAXS, dtype=np.int64)
        n = landing_spaces(s, bd, cfg, p, lands)
        out[:n] = lands[:n]
    elif what == W_GIFT:
        src = h if g.total(h, 0, NK) > 0 else s[BAG:BAG + NK]
        for k in range(NK):
            if src[k] > 0:
                out[n] = k
                n += 1
    elif what == W_ON:
        out[0] = 0
        n = 1
        for i in range(bd[B_NOUT + x]):
            out[n] = bd[B_OUT + x * MAXDEG + i] + 1
            n += 1
    elif what == W_TRADE:
        n = trade_options(s, bd, cfg, p, out)
    elif what == W_OASIS:
        out[0] = 1
        out[1] = 4
        n = 2
    elif what == W_SALE:
        opts = np.empty((SALE_ROWS, 5), dtype=np.int64)
        m = g.sales(s, bd, cfg, h, x, opts)
        if m <= search.MAX_OPTIONS:
            for i in range(m):
                out[i] = i
            return m
        mine = g.city_best(s, bd, cfg, x, h, opts)[1]
        v = np.empty(m)
        for i in range(m):
            v[i] = -1e300 if i == mine else -g.sale_gain(bd, h, opts[i])
        keep = np.argsort(v, kind="mergesort")[:search.MAX_OPTIONS]
        for i in range(keep.shape[0]):
            out[i] = keep[i]
        n = keep.shape[0]
    return n


# ------------------------------------------------------------------------------------------------
# the engine's own players, one decision at a time


@njit(cache=True, no_cpython_wrapper=True)
def via_plan(s, bd, cfg, p, y, pool, w, hv):
    """Greedy's plan at the open camp y it has stepped into (the gift still due): (z, gift) of the best extra move
    on from y, or (-1, -1) to trade here.  This is `game.greedy_move`'s plan restricted to the steps through y, so
    the same as the plan it moved by."""
    h = hand(s, p)
    money = s[MONEY + p]
    best = g.space_value(s, bd, cfg, y, h, money, pool, w)
    bz = -1
    bg = -1
    for j in range(bd[B_NOUT + y]):
        z = bd[B_OUT + y * MAXDEG + j]
        v, k = g.extra_value(s, bd, cfg, y, z, h, money, pool, w, hv)
        if v > best:
            best = v
            bz = z
            bg = k
    return bz, bg


@njit(cache=True, no_cpython_wrapper=True)
def greedy_on(s, bd, cfg, p):
    """Greedy after the gift at the first camp of a free step: trade here (0) or on to z (z + 1), the gift given
    taken as the plan's (`via_plan` on the state before the gift: the same comparison its move made)."""
    y = s[POS + p]
    w = work()
    pre = s.copy()
    k = s[GKIND]
    if k < NK:
        pre[HAND + p * NK + k] += 1
        pre[FIELD + y * NK + k] -= 1
    else:
        if k - NK < NK:
            pre[FIELD + y * NK + k - NK] -= 1
        pre[MONEY + p] += s[GPAID]
    pool = np.empty(NK, dtype=np.int64)
    g.unseen_pool(pre, bd, cfg, p, pool)
    h0 = hand(pre, p)
    money0 = pre[MONEY + p]
    best = g.space_value(pre, bd, cfg, y, h0, money0, pool, w)
    bz = -1
    for j in range(bd[B_NOUT + y]):
        z = bd[B_OUT + y * MAXDEG + j]
        if k < NK:
            v = g.space_value(s, bd, cfg, z, hand(s, p), s[MONEY + p], pool, w) - (
                g.price(bd, k, h0[k]) - g.price(bd, k, h0[k] - 1))
        else:
            v = g.space_value(pre, bd, cfg, z, h0, money0 - s[GPAID], pool, w) - s[GPAID]
        if v > best:
            best = v
            bz = z
    return bz + 1


@njit(cache=True, no_cpython_wrapper=True)
def first_of_chain(s):
    """The gift / move-on decision at the camp a free step entered (greedy's plan decides it)."""
    return s[GNEXT] == W_ON and s[STEPS] == 0


@njit(cache=True, no_cpython_wrapper=True)
def gift_choice(s, bd, cfg, rs, p, code):
    y = s[POS + p]
    h = hand(s, p)
    if g.total(h, 0, NK) > 0:
        if code == RANDOM:
            return g.random_cube(h, rs, 4 + p)
        if code == COLLECTOR:
            return g.least_loss_kind(bd, h, g.target_kind(bd, h))
        if first_of_chain(s):
            pool = np.empty(NK, dtype=np.int64)
            g.unseen_pool(s, bd, cfg, p, pool)
            z, k = via_plan(s, bd, cfg, p, y, pool, work(), np.empty(NK, dtype=np.int64))
            if z >= 0:
                return k
        return g.least_loss_kind(bd, h, -1)
    if code == RANDOM:  # a colour named for the bought gift: a uniform one the bag holds
        nb = 0
        for c in range(NK):
            nb += s[BAG + c] > 0
        r = g.randint(rs, 4 + p, nb)
        for c in range(NK):
            if s[BAG + c] > 0:
                if r == 0:
                    return c
                r -= 1
    best_trade = False  # greedy about to trade under `any`: the colour whose best trade is best, ties the dearest
    if code == GREEDY and cfg[C_TRADE] == 1:
        best_trade = True
        if first_of_chain(s):  # the plan as greedy made it: before it paid for the gift
            pool = np.empty(NK, dtype=np.int64)
            g.unseen_pool(s, bd, cfg, p, pool)
            s[MONEY + p] += s[GPAID]
            best_trade = via_plan(s, bd, cfg, p, y, pool, work(), np.empty(NK, dtype=np.int64))[0] < 0
            s[MONEY + p] -= s[GPAID]
    d, dp, arg, tmp, opts = work()
    bv = -1e300
    k = -1
    for c in range(NK - 1, -1, -1):
        if s[BAG + c] > 0:
            if not best_trade:
                return c
            s[FIELD + y * NK + c] += 1
            v = float(g.best_trade(bd, cfg, h, s[FIELD + y * NK:FIELD + y * NK + NK], bd[B_CAP + y], 0, d, dp, arg))
            s[FIELD + y * NK + c] -= 1
            if v > bv:
                bv = v
                k = c
    return k


@njit(cache=True, no_cpython_wrapper=True)
def trade_choice(s, bd, cfg, rs, p, code):
    x = s[POS + p]
    h = hand(s, p)
    f = s[FIELD + x * NK:FIELD + x * NK + NK]
    give_ = np.zeros(NK, dtype=np.int64)
    take = np.zeros(NK, dtype=np.int64)
    tmp = np.empty(2 * NK, dtype=np.int64)
    if code == RANDOM:
        hs = g.total(h, 0, NK)
        fs = g.total(f, 0, NK)
        if cfg[C_TRADE] == 0:
            a = g.randint(rs, 4 + p, min(hs, fs) + 1)
            b = a
        else:  # any counts: take a, give b, the field within its capacity
            a = g.randint(rs, 4 + p, fs + 1)
            room = bd[B_CAP + x] - (fs - a)
            b = g.randint(rs, 4 + p, min(hs, room) + 1)
        for k in range(NK):
            tmp[k] = f[k]
            tmp[NK + k] = h[k]
        for _ in range(a):
            k = g.random_cube(tmp[0:NK], rs, 4 + p)
            tmp[k] -= 1
            take[k] += 1
        for _ in range(b):
            k = g.random_cube(tmp[NK:2 * NK], rs, 4 + p)
            tmp[NK + k] -= 1
            give_[k] += 1
    elif code == GREEDY:
        d, dp, arg, tmp2, opts = work()
        g.best_trade(bd, cfg, h, f, bd[B_CAP + x], 0, d, dp, arg)
        for k in range(NK):
            if d[k] > 0:
                take[k] = d[k]
            else:
                give_[k] = -d[k]
    else:  # collector: every cube of its kind on the field, for the cheapest other cubes
        tk = g.target_kind(bd, h)
        for k in range(NK):
            tmp[k] = h[k]
        if cfg[C_TRADE] == 1:
            take[tk] = f[tk]
        else:
            for _ in range(f[tk]):
                k = g.least_loss_kind(bd, tmp[0:NK], tk)
                if k < 0 or k == tk:
                    break
                tmp[k] -= 1
                give_[k] += 1
                take[tk] += 1
    return trade_code(give_, take)


@njit(cache=True, no_cpython_wrapper=True)
def sale_choice(s, bd, cfg, rs, p, code):
    x = s[POS + p]
    h = hand(s, p)
    opts = np.empty((SALE_ROWS, 5), dtype=np.int64)
    if code == RANDOM:
        return g.randint(rs, 4 + p, g.sales(s, bd, cfg, h, x, opts))
    if code == COLLECTOR:
        n = g.sales(s, bd, cfg, h, x, opts)
        i = -1
        sell_at = params(s)[p, 1]
        for j in range(n):  # the largest lot of one kind once it holds sell_at of it
            if opts[j, 1] != ASST and opts[j, 2] >= sell_at and (i < 0 or opts[j, 2] > opts[i, 2]):
                i = j
        if i >= 0:
            return i
    return g.city_best(s, bd, cfg, x, h, opts)[1]


@njit(cache=True, no_cpython_wrapper=True)
def nearest_of(bd, y, goal):
    return 0 if goal[y] else g.nearest(bd, y, goal, bd[B_NS])


@njit(search.POLICY_SIG, cache=True)
def policy(s, cfg, rs, rec, code):
    """What the engine's own player `code` (RANDOM, GREEDY, COLLECTOR; the collector with the mover's parameters)
    chooses for the pending decision."""
    bd = cfg[CSIZE:]
    what = s[WHAT]
    p = s[TOMOVE]
    x = s[POS + p]
    h = hand(s, p)
    money = s[MONEY + p]
    if what == W_MOVE:
        if code == RANDOM:
            if money >= cfg[C_DIECOST] and g.randint(rs, 4 + p, 2) == 1:
                return DIE
            return bd[B_OUT + x * MAXDEG + g.randint(rs, 4 + p, bd[B_NOUT + x])]
        lands = np.empty(MAXS, dtype=np.int64)
        cur = np.empty(MAXS, dtype=np.int64)
        nxt = np.empty(MAXS, dtype=np.int64)
        if code == GREEDY:
            pool = np.empty(NK, dtype=np.int64)
            g.unseen_pool(s, bd, cfg, p, pool)
            kind, y, z, v, k = g.greedy_move(s, bd, cfg, p, pool, work(), np.empty(MAXS), np.empty(MAXS), lands,
                                             cur, nxt, np.empty(NK, dtype=np.int64))
        else:
            kind, y = g.collector_move(s, bd, cfg, p, params(s), np.empty(MAXS, dtype=np.int64), lands, cur, nxt)
        return DIE if kind == 2 else y
    if what == W_LAND:
        lands = np.empty(MAXS, dtype=np.int64)
        n = landing_spaces(s, bd, cfg, p, lands)
        if code == RANDOM:
            return lands[g.randint(rs, 4 + p, n)]
        y = lands[0]
        if code == GREEDY:  # the best landing by its value (as the die was valued, with the 5 paid)
            pool = np.empty(NK, dtype=np.int64)
            g.unseen_pool(s, bd, cfg, p, pool)
            w = work()
            bv = -1e300
            for i in range(n):
                v = g.space_value(s, bd, cfg, lands[i], h, money, pool, w)
                if v > bv:
                    bv = v
                    y = lands[i]
            return y
        goal = goals(s, bd)
        bd_ = 10**9
        for i in range(n):
            dd = nearest_of(bd, lands[i], goal)
            if dd < bd_:
                bd_ = dd
                y = lands[i]
        return y
    if what == W_GIFT:
        return gift_choice(s, bd, cfg, rs, p, code)
    if what == W_ON:
        if code == RANDOM:
            if g.randint(rs, 4 + p, 2) == 0:
                return 0
            return bd[B_OUT + x * MAXDEG + g.randint(rs, 4 + p, bd[B_NOUT + x])] + 1
        if code == GREEDY:
            return greedy_on(s, bd, cfg, p) if s[STEPS] == 0 else 0
        goal = goals(s, bd)
        if goal[x] or g.total(h, 0, NK) == 0:
            return 0
        best = 10**9
        bz = -1
        for i in range(bd[B_NOUT + x]):
            z = bd[B_OUT + x * MAXDEG + i]
            dd = nearest_of(bd, z, goal)
            if dd < best:
                best = dd
                bz = z
        return bz + 1
    if what == W_TRADE:
        return trade_choice(s, bd, cfg, rs, p, code)
    if what == W_OASIS:
        if code == RANDOM:
            return 4 if g.randint(rs, 4 + p, 2) == 1 else 1
        if code == COLLECTOR:
            return 4
        pool = np.empty(NK, dtype=np.int64)
        g.unseen_pool(s, bd, cfg, p, pool)
        return g.oasis_value(bd, cfg, x, h, money, pool, np.empty(NK, dtype=np.int64))[1]
    return sale_choice(s, bd, cfg, rs, p, code)


@njit(search.DETERMINIZE_SIG, cache=True)
def determinize(s, cfg, viewer, rs):
    """What the viewer has not seen dealt anew: every other seat's hand (at its size) from the cubes of their hands
    and the bag counted by colour, uniformly (stream S_PEN), the rest to the bag: the result depends only on those
    counts, never on where the hidden cubes were."""
    P = s[NPL]
    pool = np.zeros(NK, dtype=np.int64)
    size = np.zeros(MAXP, dtype=np.int64)
    for k in range(NK):
        pool[k] = s[BAG + k]
    for q in range(P):
        if q != viewer:
            for k in range(NK):
                pool[k] += s[HAND + q * NK + k]
                size[q] += s[HAND + q * NK + k]
                s[HAND + q * NK + k] = 0
    for q in range(P):
        for _ in range(size[q]):
            k = g.random_cube(pool, rs, S_PEN)
            pool[k] -= 1
            s[HAND + q * NK + k] += 1
    for k in range(NK):
        s[BAG + k] = pool[k]


@njit("int64[::1](int64[::1])", cache=True)
def moneys(s):
    return s[MONEY:MONEY + s[NPL]].copy()


@njit(cache=True, no_cpython_wrapper=True)
def worth(s, cfg, q):
    """Greedy's W of seat q (money + Σ price(kind, count) of its hand); an eliminated seat: -1."""
    if s[OUT + q] != 0:
        return -1.0
    return float(s[MONEY + q] + g.wealth_of(cfg[CSIZE:], hand(s, q)))


@njit(search.SCORE_SIG, cache=True)
def evaluate(s, cfg, seat):
    """The forward model's evaluation (core/search.py, truncated playouts): the seat's estimated share of the win
    from a state where the game goes on, a softmax of every seat's W (`worth`) in units of EVAL_SCALE piasters; an
    eliminated seat's share is 0."""
    if s[OUT + seat] != 0:
        return 0.0
    P = s[NPL]
    top = -1.0
    for q in range(P):
        top = max(top, worth(s, cfg, q))
    total, mine = 0.0, 0.0
    for q in range(P):
        if s[OUT + q] == 0:
            e = np.exp((worth(s, cfg, q) - top) / EVAL_SCALE)
            total += e
            if q == seat:
                mine = e
    return mine / total


@njit(search.SCORE_SIG, cache=True)
def reward(s, cfg, seat):
    """The seat's share of the win (`game.credit`): the winner's (500 first, or the last standing), else the
    richest's (ties share); where the game goes on (a truncated playout), its `evaluate`."""
    if s[g.ENDED] == E_RUN:
        return evaluate(s, cfg, seat)
    if s[g.ENDED] != E_CAPPED and s[WINNER] >= 0:
        return 1.0 if s[WINNER] == seat else 0.0
    return search.win_share(moneys(s), seat)


@njit(search.SCORE_SIG, cache=True)
def margin(s, cfg, seat):
    """The seat's money less the best other seat's; where the game goes on, the same of their W (`worth`)."""
    if s[g.ENDED] == E_RUN:
        best = -1e300
        for q in range(s[NPL]):
            if q != seat:
                best = max(best, worth(s, cfg, q))
        return worth(s, cfg, seat) - best
    return search.lead(moneys(s), seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, evaluate=evaluate,
                            depth=SEARCH_DEPTH)
PLAY = search.whole_game(MODEL)
