"""The fast Samarkand (Sackson) engine: whole games (and games from a position) in numba, one game per loop
iteration.

A game's state is one flat int64 vector (offsets below); the board (`board_vector`, built from a
`rules.Board`: spaces, arrows, capacities, oasis prices, markets, the price tables, the cube totals and the
removals per player count) and the §10 settings (`settings_vector`, from a `rules.Settings`) are two more
small vectors: the engine keeps no copy of its own of the board, the prices or the totals.  Every kernel is
`@njit(cache=True)`, helpers without a Python wrapper; one entry point (`run_batch`, called through `batch`)
so that a clean checkout compiles the engine once.

The bag is kept as counts by colour: a draw takes colour k with probability count_k / total (the same law as a
blind draw of one cube).  Chance.  Each game has 8 random streams (splitmix64) seeded from `Chance`: 0 the bag,
1 the die, 2 the oasis penalty and the hidden deal of a position, 3 the start placement, 4 + seat that seat's
own choices (random player's coin flips).  Every game's seeds are drawn up front, so two rule sets playing game
j meet the same streams.

Every turn can be recorded (`trace`): the move, the spaces entered, the gifts, the act at the final space, every
cube drawn in order and the empty-bag discards; `sim.engine_agrees` replays the record through the readable
reference and holds the two equal turn by turn.

Policies (codes in `POLICY_CODES`) are played inside the kernel (see `policies.py`).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from analyzer.core.streams import StreamSeeds

NK = 6  # kinds of cube
MAXS = 64  # spaces at most
MAXDEG = 4  # arrows out of (or into) a space at most
MAXM = 16  # markets at most
MAXP = 5
MAXF = 12  # die faces at most
MAXN = 13  # price table columns n = 0..12
ASST = 6  # market kind code of an assortment
T_CAMP, T_OASIS, T_CITY = 0, 1, 2

# -- board vector --------------------------------------------------------------------------------
B_NS = 0
B_TYPE = 1
B_CAP = B_TYPE + MAXS  # camp capacity
B_P4 = B_CAP + MAXS  # oasis: price of 4 cubes
B_NOUT = B_P4 + MAXS
B_OUT = B_NOUT + MAXS  # MAXS x MAXDEG successors (arrow heads)
B_NIN = B_OUT + MAXS * MAXDEG
B_IN = B_NIN + MAXS  # MAXS x MAXDEG predecessors (the back face)
B_NM = B_IN + MAXS * MAXDEG
B_MSP = B_NM + 1  # market m's space
B_MKIND = B_MSP + MAXM  # market m's kind (ASST: assortment)
B_PRICE = B_MKIND + MAXM  # NK x MAXN
B_ASST = B_PRICE + NK * MAXN  # assortment of k kinds, k = 0..6
B_TOT = B_ASST + 7  # cubes per kind (before removals)
B_REM = B_TOT + NK  # removed per kind at 0..5 players
B_DIST = B_REM + 6  # MAXS x MAXS shortest arrow paths (steps), 999 unreachable
BSIZE = B_DIST + MAXS * MAXS

# -- settings vector -----------------------------------------------------------------------------
(C_P, C_DISC, C_AMIN, C_SALE, C_SCOPE, C_TRADE, C_FCU, C_GIFTP, C_PEN, C_XMOVE, C_ELIM, C_PONE, C_CAP,
 C_NFACE, C_FACES) = range(15)
C_MONEY0 = C_FACES + MAXF
C_HAND0 = C_MONEY0 + 1
C_FIELD0 = C_HAND0 + 1
C_DIECOST = C_FIELD0 + 1
C_FINE = C_DIECOST + 1
C_GIFTCOST = C_FINE + 1
C_FULLCOST = C_GIFTCOST + 1
C_OASIS1 = C_FULLCOST + 1
C_LIMIT = C_OASIS1 + 1  # empty bag: discard down to this
C_TARGET = C_LIMIT + 1  # money that wins
C_PENN = C_TARGET + 1  # cubes lost at an oasis without money
C_START = C_PENN + 1  # start_action: 0 none
CSIZE = C_START + 1
MARKET_DISC = ("closed", "step_down", "none")
BACK = -1  # die face code of the arrow face ("back", rules.BACK); numbers of steps are themselves

# -- state vector --------------------------------------------------------------------------------
FIELD = 0  # MAXS x NK cubes on each camp's trading field
BAG = FIELD + MAXS * NK
HAND = BAG + NK  # MAXP x NK
MONEY = HAND + MAXP * NK
POS = MONEY + MAXP
OUT = POS + MAXP  # 1: eliminated (eliminate_broke)
GONE = OUT + MAXP  # NK cubes out of play (penalty_cubes: out)
DISC = GONE + NK  # market covered now (latest sale), -1 none
DISC2 = DISC + 1  # step_down: the older chip, -1 none
TOMOVE = DISC2 + 1
TURN = TOMOVE + 1
ENDED = TURN + 1  # 0 running, 1 a player reached the target, 2 turn cap, 3 last player standing
WINNER = ENDED + 1
NPL = WINNER + 1
SSIZE = NPL + 1
E_RUN, E_WON, E_CAPPED, E_LAST = 0, 1, 2, 3

# -- per-game stats ------------------------------------------------------------------------------
ACT_KINDS = ("free step", "extra move", "die", "gift bought", "trade", "full camp", "oasis 1", "oasis 4",
             "oasis penalty", "sale", "fine")
NACT = len(ACT_KINDS)
A_STEP, A_EXTRA, A_DIE, A_BUY, A_TRADE, A_FULL, A_OAS1, A_OAS4, A_PEN, A_SALE, A_FINE = range(NACT)
ST_TURNS = 0
ST_END = 1
ST_WINNER = 2
ST_EMPTY = 3  # turn (counted from the start) at the end of which the bag first emptied; -1 never
ST_NEMPTY = 4  # times the bag ran empty
ST_INCOME = 5  # 7: sale income by market kind (6 kinds, then assortments), all seats
ST_FINES = ST_INCOME + 7
ST_ACT = ST_FINES + 1  # MAXP x NACT
ST_MYT = ST_ACT + MAXP * NACT  # turns each seat played
ST_REACH = ST_MYT + MAXP  # the seat's own turn count when it reached the target, -1 never
ST_START = ST_REACH + MAXP  # start space of each seat
ST_MONEY = ST_START + MAXP  # final money
STSIZE = ST_MONEY + MAXP

# -- trace of one turn ------------------------------------------------------------------------------
MAXPATH = 24
TR_SEAT = 0
TR_MOVE = 1  # 0 free step (chain when TR_NPATH > 1), 2 die
TR_FACE = 2  # die face index
TR_NPATH = 3
TR_PATH = 4  # spaces entered (die: the landing only)
TR_NGIFT = TR_PATH + MAXPATH
TR_GIFT = TR_NGIFT + 1  # kind given, or 10 + kind when bought
TR_ACT = TR_GIFT + MAXPATH
TR_A = TR_ACT + 1  # 2 x NK: trade give, take / penalty lost / sold; oasis: [0] = count bought
TR_MKT = TR_A + 2 * NK
TR_PAID = TR_MKT + 1
TR_NDRAW = TR_PAID + 1
TR_DRAW = TR_NDRAW + 1  # kinds drawn in order
MAXDRAW = 32
TR_NEV = TR_DRAW + MAXDRAW
MAXEV = 3
TR_EV = TR_NEV + 1  # MAXEV x MAXP x NK empty-bag discards
TRSIZE = TR_EV + MAXEV * MAXP * NK
ACT_CODES = ("nothing", "no_trade", "trade", "full_camp", "oasis", "penalty", "sell", "fine")
X_NOTHING, X_NOTRADE, X_TRADE, X_FULL, X_OASIS, X_PEN, X_SELL, X_FINE = range(8)

POLICY_CODES = {"random": 0, "greedy": 1, "collector": 2}
NPAR = 2  # collector: roll_gain, sell_at
NSTREAMS = 4 + MAXP
S_BAG, S_DIE, S_PEN, S_START = 0, 1, 2, 3

ENGINE_READINGS = [
    "the bag is kept as counts by colour: a draw is colour k with probability count_k / total",
    "a capped game is credited to the richest player (ties share) and counted apart (`capped`)",
    "eliminate_broke: a player with no piasters and no cubes after any turn is out; the last player left wins",
    "step_down: a market (disc_scope market) or a kind (disc_scope commodity) under either chip pays one step "
    "lower: price(n - 1), a lot of 2 price_one; an assortment of k pays assortment(k - 1), of 2 price_one",
]


class Chance(StreamSeeds):
    """Every game's stream seeds (bag, die, penalty/deal, start, one per seat), drawn up front: (n, 9) uint64.

    Read by index, never redrawn: game j of any rule set uses row j."""

    STREAMS = ("bag", "die", "penalty", "start", *(f"seat {p}" for p in range(MAXP)))


# ------------------------------------------------------------------------------------------------
# random streams (splitmix64)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def _next(rs, k):
    rs[k] += np.uint64(0x9E3779B97F4A7C15)
    z = rs[k]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit("int64(uint64[::1], int64, int64)", cache=True, no_cpython_wrapper=True, _nrt=False)
def randint(rs, k, n):
    return np.int64(_next(rs, k) % np.uint64(n))


# ------------------------------------------------------------------------------------------------
# prices and wealth


@njit("int64(int64[::1], int64, int64)", cache=True, no_cpython_wrapper=True, _nrt=False)
def price(bd, k, n):
    if n > 12:
        n = 12
    if n < 0:
        n = 0
    return bd[B_PRICE + k * MAXN + n]


@njit("int64(int64[::1], int64[::1])", cache=True, no_cpython_wrapper=True, _nrt=False)
def wealth_of(bd, h):
    """W's cube part: sum over kinds price(kind, count)."""
    v = 0
    for k in range(NK):
        v += price(bd, k, h[k])
    return v


@njit("int64(int64[::1], int64, int64)", cache=True, no_cpython_wrapper=True, _nrt=False)
def total(a, lo, n):
    t = 0
    for i in range(lo, lo + n):
        t += a[i]
    return t


@njit("float64(int64, int64)", cache=True, no_cpython_wrapper=True, _nrt=False)
def comb(n, k):
    if k < 0 or k > n:
        return 0.0
    r = 1.0
    for i in range(k):
        r = r * (n - i) / (i + 1)
    return r


# ------------------------------------------------------------------------------------------------
# the bag


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def least_loss_kind(bd, h, protect):
    """The kind whose cube costs the least W to give up (ties: the lower kind; `protect` last), -1 none."""
    best = -1
    bl = 10**9
    for pass_ in range(2):
        for k in range(NK):
            if h[k] <= 0 or (pass_ == 0 and k == protect):
                continue
            loss = price(bd, k, h[k]) - price(bd, k, h[k] - 1)
            if loss < bl:
                bl = loss
                best = k
        if best >= 0:
            return best
    return best


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def random_cube(h, rs, stream):
    """A uniformly random cube of the counts h -> its kind (-1: none)."""
    n = 0
    for k in range(NK):
        n += h[k]
    if n == 0:
        return -1
    r = randint(rs, stream, n)
    for k in range(NK):
        if r < h[k]:
            return k
        r -= h[k]
    return -1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def target_kind(bd, h):
    """Collector's kind: the largest price(kind, n + 2) - price(kind, n) (ties: the lower kind)."""
    best = 0
    bg = -10**9
    for k in range(NK):
        gain = price(bd, k, h[k] + 2) - price(bd, k, h[k])
        if gain > bg:
            bg = gain
            best = k
    return best


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def empty_bag(s, bd, cfg, pol, rs, tr):
    """The last cube has been drawn: everyone with more than the limit discards down to it, into the bag."""
    lim = cfg[C_LIMIT]
    ev = -1
    if tr[TR_NEV] < MAXEV:
        ev = tr[TR_NEV]
        tr[TR_NEV] += 1
    P = s[NPL]
    for i in range(P):  # from the mover on
        q = (s[TOMOVE] + i) % P
        h = s[HAND + q * NK:HAND + q * NK + NK]
        prot = target_kind(bd, h) if pol[q] == 2 else -1
        while total(h, 0, NK) > lim:
            if pol[q] == 0:
                k = random_cube(h, rs, 4 + q)
            else:
                k = least_loss_kind(bd, h, prot)
            h[k] -= 1
            s[BAG + k] += 1
            if ev >= 0:
                tr[TR_EV + (ev * MAXP + q) * NK + k] += 1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def draw_cube(s, bd, cfg, pol, rs, st, tr, dest):
    """One cube from the bag onto s[dest + kind] (a hand or a field) -> its kind (-1: the bag is empty even after
    the discards); the last cube drawn sets off the empty-bag discards (after it has arrived)."""
    n = total(s, BAG, NK)
    if n == 0:
        return -1
    r = randint(rs, S_BAG, n)
    k = 0
    while r >= s[BAG + k]:
        r -= s[BAG + k]
        k += 1
    s[BAG + k] -= 1
    s[dest + k] += 1
    if tr[TR_NDRAW] < MAXDRAW:
        tr[TR_DRAW + tr[TR_NDRAW]] = k
        tr[TR_NDRAW] += 1
    if n == 1:
        st[ST_NEMPTY] += 1
        if st[ST_EMPTY] < 0:
            st[ST_EMPTY] = s[TURN]  # rewritten relative to the start by run_batch
        empty_bag(s, bd, cfg, pol, rs, tr)
    return k


# ------------------------------------------------------------------------------------------------
# moves


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def landings(bd, cfg, x, face, out, cur, nxt):
    """The spaces where a walk of the face's steps from x can end (BACK: one step against an arrow) -> count."""
    ns = bd[B_NS]
    if face == BACK:
        n = 0
        for i in range(bd[B_NIN + x]):
            out[n] = bd[B_IN + x * MAXDEG + i]
            n += 1
        if n == 0:  # no arrow into x: he stays
            out[0] = x
            n = 1
        return n
    for c in range(ns):
        cur[c] = 0
    cur[x] = 1
    for _ in range(face):
        for c in range(ns):
            nxt[c] = 0
        for c in range(ns):
            if cur[c]:
                for i in range(bd[B_NOUT + c]):
                    nxt[bd[B_OUT + c * MAXDEG + i]] = 1
        for c in range(ns):
            cur[c] = nxt[c]
    n = 0
    for c in range(ns):
        if cur[c]:
            out[n] = c
            n += 1
    return n


# ------------------------------------------------------------------------------------------------
# markets


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def chipped(s, bd, cfg, m, kind):
    """Is market m (selling `kind`, ASST for the assortment) covered by the disc (closed) / a chip (step_down)?"""
    mode = cfg[C_DISC]
    if mode == 2:
        return False
    for j in range(2 if mode == 1 else 1):
        d = s[DISC + j]
        if d < 0:
            continue
        if cfg[C_SCOPE] == 0:
            if d == m:
                return True
        elif bd[B_MKIND + d] == kind:
            return True
    return False


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def sale_pay(s, bd, cfg, m, kind, n):
    """What market m pays for n cubes of `kind` (kind ASST: an assortment of n kinds); -1 if it buys nothing."""
    if kind == ASST:
        if n < cfg[C_AMIN] or n < 2:
            return -1
    elif n < 2:
        return -1
    low = chipped(s, bd, cfg, m, kind)
    if low and cfg[C_DISC] == 0:
        return -1
    if low:  # step_down
        if n == 2:
            return cfg[C_PONE]
        n -= 1
    if kind == ASST:
        return bd[B_ASST + min(n, 6)]
    return price(bd, kind, n)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def kind_closed(s, bd, cfg, k):
    """disc_scope commodity under closed: kind k sells nowhere (not in an assortment either)."""
    if cfg[C_DISC] != 0 or cfg[C_SCOPE] != 1 or s[DISC] < 0:
        return False
    return bd[B_MKIND + s[DISC]] == k


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def sales(s, bd, cfg, h, x, opts):
    """Every legal sale at city x with hand h -> count; rows (market, kind or ASST, n, pay, kind mask)."""
    n = 0
    for m in range(bd[B_NM]):
        if bd[B_MSP + m] != x:
            continue
        kind = bd[B_MKIND + m]
        if kind != ASST:
            if kind_closed(s, bd, cfg, kind):
                continue
            lo = h[kind] if cfg[C_SALE] == 1 else 2
            for c in range(lo, h[kind] + 1):
                pay = sale_pay(s, bd, cfg, m, kind, c)
                if pay >= 0:
                    opts[n, 0] = m
                    opts[n, 1] = kind
                    opts[n, 2] = c
                    opts[n, 3] = pay
                    opts[n, 4] = 1 << kind
                    n += 1
        else:
            held = 0
            for k in range(NK):
                if h[k] > 0 and not kind_closed(s, bd, cfg, k):
                    held |= 1 << k
            for mask in range(1, 64):
                if mask & held != mask or (cfg[C_SALE] == 1 and mask != held):
                    continue
                c = 0
                for k in range(NK):
                    c += (mask >> k) & 1
                pay = sale_pay(s, bd, cfg, m, ASST, c)
                if pay >= 0:
                    opts[n, 0] = m
                    opts[n, 1] = ASST
                    opts[n, 2] = c
                    opts[n, 3] = pay
                    opts[n, 4] = mask
                    n += 1
    return n


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def sale_gain(bd, h, row):
    """ΔW of a sale row for hand h."""
    kind = row[1]
    if kind != ASST:
        return row[3] - price(bd, kind, h[kind]) + price(bd, kind, h[kind] - row[2])
    g = row[3]
    for k in range(NK):
        if (row[4] >> k) & 1:
            g -= price(bd, k, h[k]) - price(bd, k, h[k] - 1)
    return g


# ------------------------------------------------------------------------------------------------
# greedy's values (spec §9.2): the expected ΔW of acting on a space


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def best_trade(bd, cfg, h, f, cap, need, d, dp, arg):
    """The best change of the hand under W: d[k] in -h[k] .. f[k] (taken - given of each kind) with
    sum d = need (trade_counts equal) or the field ending within its capacity (any) -> the W of the hand after
    (-1e12: nothing legal).  need 0: a trade with the gift already on the field; need -1: the gift and the
    trade at once (any gift kind the hand gives up serves).  Ties: the smaller change.
    dp/arg: (NK + 1) x 256 scratch."""
    hs = total(h, 0, NK)
    fs = total(f, 0, NK)
    off = hs
    width = hs + fs + 1
    NEG = -10**12
    for i in range(NK + 1):
        for j in range(width):
            dp[i, j] = NEG
    dp[0, off] = 0
    for k in range(NK):
        for j in range(width):
            if dp[k, j] == NEG:
                continue
            span = max(h[k], f[k])
            for a in range(2 * span + 1):  # 0, -1, +1, -2, +2, ...: the smaller change first
                dk = (a + 1) // 2
                if a % 2 == 1:
                    dk = -dk
                if dk < -h[k] or dk > f[k]:
                    continue
                v = dp[k, j] + price(bd, k, h[k] + dk)
                jj = j + dk
                if v > dp[k + 1, jj]:
                    dp[k + 1, jj] = v
                    arg[k + 1, jj] = dk
    bj = -1
    bv = NEG
    for j in range(width):
        net = j - off
        ok = net == need if cfg[C_TRADE] == 0 else (fs - net <= cap and net <= fs)
        if ok and dp[NK, j] > bv:
            bv = dp[NK, j]
            bj = j
    if bj < 0:
        for k in range(NK):
            d[k] = 0
        return NEG
    j = bj
    for k in range(NK - 1, -1, -1):
        dk = arg[k + 1, j]
        d[k] = dk
        j -= dk
    return bv


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def camp_value(s, bd, cfg, x, h, money, pool, d, dp, arg, tmp):
    """ΔW of acting on camp x (the gift and the best trade at once; full: the purchase) and the gift kind
    that realises it (-1: bought or none): the lowest kind the best change gives up."""
    f = s[FIELD + x * NK:FIELD + x * NK + NK]
    cap = bd[B_CAP + x]
    w0 = wealth_of(bd, h)
    if total(f, 0, NK) >= cap:
        if money >= cfg[C_FULLCOST]:
            paid = cfg[C_FULLCOST]
        elif cfg[C_FCU] == 1:
            paid = money
        else:
            return 0.0, -1
        for k in range(NK):
            tmp[k] = h[k] + f[k]
        return float(wealth_of(bd, tmp[0:NK]) - w0 - paid), -1
    if total(h, 0, NK) == 0:  # the gift is bought; with an empty hand only an `any` trade takes: over the bought
        paid = min(cfg[C_GIFTCOST], money)  # cube's colour (blind: its chance in the pool; choice: the best one)
        U = total(pool, 0, NK)
        if cfg[C_TRADE] == 0 or U == 0:
            return float(-paid), -1
        acc = 0.0
        top = 0.0
        for c in range(NK):
            if pool[c] == 0:
                continue
            for k in range(NK):
                tmp[k] = f[k]
            tmp[c] += 1
            v = float(best_trade(bd, cfg, h, tmp[0:NK], cap, 0, d, dp, arg) - w0)
            acc += v * pool[c] / U
            if v > top:
                top = v
        return (top if cfg[C_GIFTP] == 1 else acc) - paid, -1
    v = best_trade(bd, cfg, h, f, cap, -1, d, dp, arg) - w0
    g = -1
    for k in range(NK):
        if d[k] < 0:
            g = k
            break
    if g < 0:
        for k in range(NK):
            if h[k] > 0:
                g = k
                break
    return float(v), g


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def draw_ev(bd, h, pool, ndraw, sign, tmp):
    """E[W(h + sign * x)] - W(h) for x a uniform ndraw-subset (by colour) of the counts `pool`: W is a sum over
    kinds, so by linearity the expectation is a sum of each kind's hypergeometric marginal,
    P(x_k = x) = C(pool_k, x) C(U - pool_k, n - x) / C(U, n)."""
    U = total(pool, 0, NK)
    if ndraw > U:
        ndraw = U
    if ndraw <= 0:
        return 0.0
    den = comb(U, ndraw)
    acc = 0.0
    for k in range(NK):
        base = price(bd, k, h[k])
        for x in range(1, min(ndraw, pool[k]) + 1):
            pr = comb(pool[k], x) * comb(U - pool[k], ndraw - x) / den
            acc += pr * (price(bd, k, h[k] + sign * x) - base)
    return acc


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def oasis_value(bd, cfg, x, h, money, pool, tmp):
    """(ΔW of the oasis act, cubes greedy buys: 1, 4, or 0 for the penalty)."""
    p4 = bd[B_P4 + x]
    c1 = cfg[C_OASIS1]
    if money < c1:
        n = min(cfg[C_PENN], total(h, 0, NK))
        return draw_ev(bd, h, h, n, -1, tmp), 0
    v1 = draw_ev(bd, h, pool, 1, 1, tmp) - c1
    if money < p4:
        return v1, 1
    v4 = draw_ev(bd, h, pool, 4, 1, tmp) - p4
    if v4 > v1:
        return v4, 4
    return v1, 1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def city_best(s, bd, cfg, x, h, opts):
    """Greedy's sale at city x: (ΔW, row index, count); the largest ΔW, ties the larger lot, then the first."""
    n = sales(s, bd, cfg, h, x, opts)
    best = -1
    bv = -10**9
    for i in range(n):
        v = sale_gain(bd, h, opts[i])
        if v > bv or (v == bv and opts[i, 2] > opts[best, 2]):
            bv = v
            best = i
    return bv, best, n


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def space_value(s, bd, cfg, x, h, money, pool, w):
    """Greedy's V(x): the expected ΔW of acting on x (spec §9.2)."""
    d, dp, arg, tmp, opts = w
    t = bd[B_TYPE + x]
    if t == T_CAMP:
        return camp_value(s, bd, cfg, x, h, money, pool, d, dp, arg, tmp)[0]
    if t == T_OASIS:
        return oasis_value(bd, cfg, x, h, money, pool, tmp)[0]
    bv, best, n = city_best(s, bd, cfg, x, h, opts)
    if n == 0:
        return float(-min(cfg[C_FINE], money))
    return float(bv)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def unseen_pool(s, bd, cfg, p, pool):
    """Greedy's unseen pool: the totals for the table less my hand, every field and the cubes out of play."""
    P = s[NPL]
    for k in range(NK):
        v = bd[B_TOT + k] - bd[B_REM + P] - s[HAND + p * NK + k] - s[GONE + k]
        for x in range(bd[B_NS]):
            v -= s[FIELD + x * NK + k]
        pool[k] = max(v, 0)


# ------------------------------------------------------------------------------------------------
# choosing the move


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def is_open_camp(s, bd, x):
    return bd[B_TYPE + x] == T_CAMP and total(s, FIELD + x * NK, NK) < bd[B_CAP + x]


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def greedy_move(s, bd, cfg, p, pool, w, vals, dvals, lands, cur, nxt, hv):
    """(kind 0 step / 1 extra / 2 die, y, z, EV, the gift at y of the extra move (NK: bought), -1 none): the
    argmax of the one-turn EV (ties: step, extra, die).
    vals / dvals: V of each space with the money now / after paying for the die (1e300: not needed)."""
    x = s[POS + p]
    h = s[HAND + p * NK:HAND + p * NK + NK]
    money = s[MONEY + p]
    ns = bd[B_NS]
    for c in range(ns):
        vals[c] = 1e300  # not computed yet
        dvals[c] = 1e300
    best = -1e300
    bk = 0
    by = -1
    bz = -1
    bg = -1
    for i in range(bd[B_NOUT + x]):
        y = bd[B_OUT + x * MAXDEG + i]
        if vals[y] == 1e300:
            vals[y] = space_value(s, bd, cfg, y, h, money, pool, w)
        if vals[y] > best:
            best = vals[y]
            by = y
    if cfg[C_XMOVE] == 1:
        for i in range(bd[B_NOUT + x]):
            y = bd[B_OUT + x * MAXDEG + i]
            if not is_open_camp(s, bd, y):
                continue
            for j in range(bd[B_NOUT + y]):
                z = bd[B_OUT + y * MAXDEG + j]
                if total(h, 0, NK) > 0:  # the gift at y chosen with z's act: ties the least loss, the lower kind
                    v = -1e300
                    g = -1
                    gl = 10**9
                    for k in range(NK):
                        hv[k] = h[k]
                    for k in range(NK):
                        if h[k] <= 0:
                            continue
                        loss = price(bd, k, h[k]) - price(bd, k, h[k] - 1)
                        hv[k] -= 1
                        s[FIELD + y * NK + k] += 1
                        vk = space_value(s, bd, cfg, z, hv, money, pool, w) - loss
                        s[FIELD + y * NK + k] -= 1
                        hv[k] += 1
                        if vk > v + 1e-9 or (vk > v - 1e-9 and loss < gl):
                            v = vk
                            g = k
                            gl = loss
                else:  # bought (NK: any colour; it stays at y)
                    g = NK
                    paid = min(cfg[C_GIFTCOST], money)
                    v = space_value(s, bd, cfg, z, h, money - paid, pool, w) - paid
                if v > best:
                    best = v
                    bk = 1
                    by = y
                    bz = z
                    bg = g
    if money >= cfg[C_DIECOST]:
        m2 = money - cfg[C_DIECOST]
        ev = 0.0
        nf = cfg[C_NFACE]
        for fi in range(nf):
            n = landings(bd, cfg, x, cfg[C_FACES + fi], lands, cur, nxt)
            top = -1e300
            for i in range(n):
                y = lands[i]
                if dvals[y] == 1e300:
                    dvals[y] = space_value(s, bd, cfg, y, h, m2, pool, w)
                if dvals[y] > top:
                    top = dvals[y]
            ev += top / nf
        ev -= cfg[C_DIECOST]
        if ev > best:
            best = ev
            bk = 2
            by = -1
            bz = -1
    return bk, by, bz, best, bg


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def nearest(bd, x, goal_mask_sp, ns):
    """min over goal spaces of the arrow distance from x."""
    best = 999
    for c in range(ns):
        if goal_mask_sp[c] and bd[B_DIST + x * MAXS + c] < best:
            best = bd[B_DIST + x * MAXS + c]
    return best


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def collector_goals(s, bd, cfg, p, sell_at, goal):
    """Collector's goal spaces: its kind's city once it holds sell_at of it, else the camps whose field holds
    the kind (the oases if none)."""
    h = s[HAND + p * NK:HAND + p * NK + NK]
    k = target_kind(bd, h)
    ns = bd[B_NS]
    for c in range(ns):
        goal[c] = 0
    if h[k] >= sell_at:
        for m in range(bd[B_NM]):
            if bd[B_MKIND + m] == k:
                goal[bd[B_MSP + m]] = 1
        return k
    any_ = False
    for c in range(ns):
        if bd[B_TYPE + c] == T_CAMP and s[FIELD + c * NK + k] > 0:
            goal[c] = 1
            any_ = True
    if not any_:
        for c in range(ns):
            if bd[B_TYPE + c] == T_OASIS:
                goal[c] = 1
    return k


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def collector_move(s, bd, cfg, p, par, goal, lands, cur, nxt):
    """(kind 0 step / 2 die, y): the free step nearest the goal; the die when its expected distance (best
    landing per face) is at least roll_gain shorter."""
    x = s[POS + p]
    ns = bd[B_NS]
    collector_goals(s, bd, cfg, p, par[p, 1], goal)
    best = 10**9
    by = bd[B_OUT + x * MAXDEG]
    for i in range(bd[B_NOUT + x]):
        y = bd[B_OUT + x * MAXDEG + i]
        dd = 0 if goal[y] else nearest(bd, y, goal, ns)
        if dd < best:
            best = dd
            by = y
    if s[MONEY + p] >= cfg[C_DIECOST]:
        nf = cfg[C_NFACE]
        ev = 0.0
        for fi in range(nf):
            n = landings(bd, cfg, x, cfg[C_FACES + fi], lands, cur, nxt)
            top = 10**9
            for i in range(n):
                y = lands[i]
                dd = 0 if goal[y] else nearest(bd, y, goal, ns)
                top = min(top, dd)
            ev += top / nf
        if ev <= best - par[p, 0]:
            return 2, -1
    return 0, by


# ------------------------------------------------------------------------------------------------
# acting on a space


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def record_gift(tr, code):
    if tr[TR_NGIFT] < MAXPATH:
        tr[TR_GIFT + tr[TR_NGIFT]] = code
        tr[TR_NGIFT] += 1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def give_gift(s, bd, cfg, p, x, pol, par, rs, st, tr, w, want):
    """The greeting gift at camp x (not full): a cube of the hand, or one bought for 20 (blind from the bag, or
    of a colour he names under gift_purchase choice).  want >= 0: greedy's gift chosen with the extra move's next
    space (greedy_move); else greedy gives the cube costing least W (at a camp where it trades, the trade can take
    the gift back, so that gift attains the joint best of gift and trade), the collector the cheapest not of its
    kind."""
    h = s[HAND + p * NK:HAND + p * NK + NK]
    if total(h, 0, NK) == 0:
        paid = min(cfg[C_GIFTCOST], s[MONEY + p])
        s[MONEY + p] -= paid
        st[ST_ACT + p * NACT + A_BUY] += 1
        if cfg[C_GIFTP] == 1:
            k = -1
            if pol[p] == 0:
                nb = 0
                for c in range(NK):
                    if s[BAG + c] > 0:
                        nb += 1
                if nb > 0:
                    r = randint(rs, 4 + p, nb)
                    for c in range(NK):
                        if s[BAG + c] > 0:
                            if r == 0:
                                k = c
                                break
                            r -= 1
            else:  # the dearest colour the bag holds; greedy about to trade under `any` (an empty hand may take
                bv = -1e300  # cubes): the colour whose best trade is best (as its value), ties the dearest
                for c in range(NK - 1, -1, -1):
                    if s[BAG + c] > 0:
                        v = 0.0
                        if pol[p] == 1 and want < 0 and cfg[C_TRADE] == 1:
                            d, dp, arg, tmp, opts = w
                            s[FIELD + x * NK + c] += 1
                            v = best_trade(bd, cfg, h, s[FIELD + x * NK:FIELD + x * NK + NK], bd[B_CAP + x], 0, d,
                                           dp, arg)
                            s[FIELD + x * NK + c] -= 1
                        if v > bv:
                            bv = v
                            k = c
                        if not (pol[p] == 1 and want < 0 and cfg[C_TRADE] == 1):
                            break
            if k >= 0:
                s[BAG + k] -= 1
                s[FIELD + x * NK + k] += 1
                if total(s, BAG, NK) == 0:
                    st[ST_NEMPTY] += 1
                    if st[ST_EMPTY] < 0:
                        st[ST_EMPTY] = s[TURN]
                    empty_bag(s, bd, cfg, pol, rs, tr)
        else:
            k = draw_cube(s, bd, cfg, pol, rs, st, tr, FIELD + x * NK)
        record_gift(tr, 10 + k if k >= 0 else 10 + NK)
        return
    if pol[p] == 0:
        k = random_cube(h, rs, 4 + p)
    elif pol[p] == 2:
        k = least_loss_kind(bd, h, target_kind(bd, h))
    elif want >= 0:  # greedy, moving on: the gift of the argmax
        k = want
    else:  # greedy: the least W loss (a trade may take it back: the same best as gift and trade at once)
        k = least_loss_kind(bd, h, -1)
    h[k] -= 1
    s[FIELD + x * NK + k] += 1
    record_gift(tr, k)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def do_trade(s, p, x, give, take, tr, st):
    m = 0
    for k in range(NK):
        s[HAND + p * NK + k] += take[k] - give[k]
        s[FIELD + x * NK + k] += give[k] - take[k]
        m += give[k] + take[k]
    tr[TR_ACT] = X_TRADE if m > 0 else X_NOTRADE
    for k in range(NK):
        tr[TR_A + k] = give[k]
        tr[TR_A + NK + k] = take[k]
    if m > 0:
        st[ST_ACT + p * NACT + A_TRADE] += 1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def camp_trade(s, bd, cfg, p, x, pol, par, rs, st, tr, w, give, take, tmp):
    """The one trade after the gift."""
    h = s[HAND + p * NK:HAND + p * NK + NK]
    f = s[FIELD + x * NK:FIELD + x * NK + NK]
    for k in range(NK):
        give[k] = 0
        take[k] = 0
    if pol[p] == 0:
        hs = total(h, 0, NK)
        fs = total(f, 0, NK)
        if cfg[C_TRADE] == 0:
            m = randint(rs, 4 + p, min(hs, fs) + 1)
            a = m
            b = m
        else:  # any counts: take a, give b, the field within its capacity
            a = randint(rs, 4 + p, fs + 1)
            room = bd[B_CAP + x] - (fs - a)
            b = randint(rs, 4 + p, min(hs, room) + 1)
        for k in range(NK):
            tmp[k] = f[k]
            tmp[NK + k] = h[k]
        for _ in range(a):
            k = random_cube(tmp[0:NK], rs, 4 + p)
            tmp[k] -= 1
            take[k] += 1
        for _ in range(b):
            k = random_cube(tmp[NK:2 * NK], rs, 4 + p)
            tmp[NK + k] -= 1
            give[k] += 1
    elif pol[p] == 1:
        d, dp, arg, tmp2, opts = w
        best_trade(bd, cfg, h, f, bd[B_CAP + x], 0, d, dp, arg)
        for k in range(NK):
            if d[k] > 0:
                take[k] = d[k]
            else:
                give[k] = -d[k]
    else:  # collector: every cube of its kind on the field, for the cheapest other cubes
        tk = target_kind(bd, h)
        for k in range(NK):
            tmp[k] = h[k]
        if cfg[C_TRADE] == 1:
            take[tk] = f[tk]
        else:
            for _ in range(f[tk]):
                k = least_loss_kind(bd, tmp[0:NK], tk)
                if k < 0 or k == tk:
                    break
                tmp[k] -= 1
                give[k] += 1
                take[tk] += 1
    do_trade(s, p, x, give, take, tr, st)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def full_camp(s, bd, cfg, p, x, pol, rs, st, tr):
    if s[MONEY + p] >= cfg[C_FULLCOST]:
        paid = cfg[C_FULLCOST]
    elif cfg[C_FCU] == 1:
        paid = s[MONEY + p]
    else:
        tr[TR_ACT] = X_NOTHING
        return
    s[MONEY + p] -= paid
    for k in range(NK):
        s[HAND + p * NK + k] += s[FIELD + x * NK + k]
        tr[TR_A + NK + k] = s[FIELD + x * NK + k]
        s[FIELD + x * NK + k] = 0
    tr[TR_ACT] = X_FULL
    tr[TR_PAID] = paid
    st[ST_ACT + p * NACT + A_FULL] += 1
    for _ in range(cfg[C_FIELD0]):
        draw_cube(s, bd, cfg, pol, rs, st, tr, FIELD + x * NK)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def oasis(s, bd, cfg, p, x, pol, par, rs, st, tr, pool, w):
    money = s[MONEY + p]
    h = s[HAND + p * NK:HAND + p * NK + NK]
    p4 = bd[B_P4 + x]
    if money < cfg[C_OASIS1]:  # the penalty: 3 random cubes to the bank
        tr[TR_ACT] = X_PEN
        st[ST_ACT + p * NACT + A_PEN] += 1
        for _ in range(cfg[C_PENN]):
            k = random_cube(h, rs, S_PEN)
            if k < 0:
                break
            h[k] -= 1
            if cfg[C_PEN] == 0:
                s[BAG + k] += 1
            else:
                s[GONE + k] += 1
            tr[TR_A + k] += 1
        return
    n = 1
    if money >= p4:
        if pol[p] == 0:
            n = 4 if randint(rs, 4 + p, 2) == 1 else 1
        elif pol[p] == 2:
            n = 4
        else:
            d, dp, arg, tmp, opts = w
            unseen_pool(s, bd, cfg, p, pool)
            n = oasis_value(bd, cfg, x, h, money, pool, tmp)[1]
    s[MONEY + p] -= p4 if n == 4 else cfg[C_OASIS1]
    st[ST_ACT + p * NACT + (A_OAS4 if n == 4 else A_OAS1)] += 1
    tr[TR_ACT] = X_OASIS
    tr[TR_A] = n
    tr[TR_PAID] = p4 if n == 4 else cfg[C_OASIS1]
    for _ in range(n):
        draw_cube(s, bd, cfg, pol, rs, st, tr, HAND + p * NK)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def city(s, bd, cfg, p, x, pol, par, rs, st, tr, opts):
    h = s[HAND + p * NK:HAND + p * NK + NK]
    if pol[p] == 2:
        n = sales(s, bd, cfg, h, x, opts)
        i = -1
        for j in range(n):  # the largest lot of one kind once it holds sell_at of it
            if opts[j, 1] != ASST and opts[j, 2] >= par[p, 1] and (i < 0 or opts[j, 2] > opts[i, 2]):
                i = j
        if i < 0 and n > 0:
            bv, i, n = city_best(s, bd, cfg, x, h, opts)
    elif pol[p] == 1:
        bv, i, n = city_best(s, bd, cfg, x, h, opts)
    else:
        n = sales(s, bd, cfg, h, x, opts)
        i = randint(rs, 4 + p, n) if n > 0 else -1
    if n == 0:
        paid = min(cfg[C_FINE], s[MONEY + p])
        s[MONEY + p] -= paid
        st[ST_FINES] += paid
        st[ST_ACT + p * NACT + A_FINE] += 1
        tr[TR_ACT] = X_FINE
        tr[TR_PAID] = paid
        return
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


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def enter(tr, y):
    if tr[TR_NPATH] < MAXPATH:
        tr[TR_PATH + tr[TR_NPATH]] = y
        tr[TR_NPATH] += 1


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def move_on(s, bd, cfg, p, y, pol, par, rs, goal, pool, w):
    """After the gift at camp y (free step, extra move on): step on to -> z, or -1 to trade here."""
    if pol[p] == 0:
        if randint(rs, 4 + p, 2) == 0:
            return -1
        return bd[B_OUT + y * MAXDEG + randint(rs, 4 + p, bd[B_NOUT + y])]
    if pol[p] == 2:
        if goal[y] or total(s, HAND + p * NK, NK) == 0:
            return -1
        best = 10**9
        bz = -1
        for i in range(bd[B_NOUT + y]):
            z = bd[B_OUT + y * MAXDEG + i]
            dd = 0 if goal[z] else nearest(bd, z, goal, bd[B_NS])
            if dd < best:
                best = dd
                bz = z
        return bz
    return -1  # greedy: decided before it moved (greedy_move)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def act(s, bd, cfg, p, x, pol, par, rs, st, tr, pool, w, give, take, tmp, gifted):
    typ = bd[B_TYPE + x]
    if typ == T_CAMP:
        if gifted:
            camp_trade(s, bd, cfg, p, x, pol, par, rs, st, tr, w, give, take, tmp)
        elif total(s, FIELD + x * NK, NK) >= bd[B_CAP + x]:
            full_camp(s, bd, cfg, p, x, pol, rs, st, tr)
        else:
            give_gift(s, bd, cfg, p, x, pol, par, rs, st, tr, w, -1)
            camp_trade(s, bd, cfg, p, x, pol, par, rs, st, tr, w, give, take, tmp)
    elif typ == T_OASIS:
        oasis(s, bd, cfg, p, x, pol, par, rs, st, tr, pool, w)
    else:
        d, dp, arg, tmp2, opts = w
        city(s, bd, cfg, p, x, pol, par, rs, st, tr, opts)


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def play_turn(s, bd, cfg, pol, par, rs, st, tr, pool, w, lands, cur, nxt, vals, dvals, hv, goal, give, take, tmp):
    p = s[TOMOVE]
    P = s[NPL]
    if s[OUT + p] == 0:
        tr[TR_SEAT] = p
        st[ST_MYT + p] += 1
        x = s[POS + p]
        kind = 0
        y = -1
        z = -1
        gk = -1
        if pol[p] == 1:
            unseen_pool(s, bd, cfg, p, pool)
            kind, y, z, v, gk = greedy_move(s, bd, cfg, p, pool, w, vals, dvals, lands, cur, nxt, hv)
        elif pol[p] == 2:
            kind, y = collector_move(s, bd, cfg, p, par, goal, lands, cur, nxt)
        else:
            if s[MONEY + p] >= cfg[C_DIECOST] and randint(rs, 4 + p, 2) == 1:
                kind = 2
            else:
                y = bd[B_OUT + x * MAXDEG + randint(rs, 4 + p, bd[B_NOUT + x])]
        gifted = False
        if kind == 2:
            s[MONEY + p] -= cfg[C_DIECOST]
            st[ST_ACT + p * NACT + A_DIE] += 1
            fi = randint(rs, S_DIE, cfg[C_NFACE])
            n = landings(bd, cfg, x, cfg[C_FACES + fi], lands, cur, nxt)
            if pol[p] == 0:
                y = lands[randint(rs, 4 + p, n)]
            elif pol[p] == 1:  # the best landing, valued when it chose the die
                bv = -1e300
                for i in range(n):
                    if dvals[lands[i]] > bv:
                        bv = dvals[lands[i]]
                        y = lands[i]
            else:
                bv = 10**9
                for i in range(n):
                    dd = 0 if goal[lands[i]] else nearest(bd, lands[i], goal, bd[B_NS])
                    if dd < bv:
                        bv = dd
                        y = lands[i]
            tr[TR_MOVE] = 2
            tr[TR_FACE] = fi
            enter(tr, y)
            s[POS + p] = y
        else:
            st[ST_ACT + p * NACT + A_STEP] += 1
            s[POS + p] = y
            enter(tr, y)
            steps = 0
            while cfg[C_XMOVE] == 1 and is_open_camp(s, bd, y) and steps < MAXPATH - 2:
                if pol[p] == 1:
                    nz = z if (kind == 1 and steps == 0) else -1
                    give_gift(s, bd, cfg, p, y, pol, par, rs, st, tr, w, gk if nz >= 0 else -1)
                else:
                    give_gift(s, bd, cfg, p, y, pol, par, rs, st, tr, w, -1)
                    nz = move_on(s, bd, cfg, p, y, pol, par, rs, goal, pool, w)
                gifted = True
                if nz < 0:
                    break
                st[ST_ACT + p * NACT + A_EXTRA] += 1
                y = nz
                s[POS + p] = y
                enter(tr, y)
                gifted = False
                steps += 1
        act(s, bd, cfg, p, y, pol, par, rs, st, tr, pool, w, give, take, tmp, gifted)
        if s[MONEY + p] >= cfg[C_TARGET]:
            s[ENDED] = E_WON
            s[WINNER] = p
            st[ST_REACH + p] = st[ST_MYT + p]
    if s[ENDED] == E_RUN and cfg[C_ELIM] == 1:
        left = 0
        last = -1
        for q in range(P):
            if s[OUT + q] == 0 and s[MONEY + q] == 0 and total(s, HAND + q * NK, NK) == 0:
                s[OUT + q] = 1
            if s[OUT + q] == 0:
                left += 1
                last = q
        if left <= 1:
            s[ENDED] = E_LAST
            s[WINNER] = last
    s[TURN] += 1
    if s[ENDED] == E_RUN and s[TURN] >= cfg[C_CAP]:
        s[ENDED] = E_CAPPED
    if s[ENDED] == E_RUN:
        q = p
        for _ in range(P):
            q = (q + 1) % P
            if s[OUT + q] == 0:
                break
        s[TOMOVE] = q


# ------------------------------------------------------------------------------------------------
# set-up, positions and the batch


@njit(cache=True, no_cpython_wrapper=True, _nrt=False)
def setup(s, bd, cfg, rs, starts, pol, st, tr):
    for i in range(SSIZE):
        s[i] = 0
    P = cfg[C_P]
    s[NPL] = P
    s[DISC] = -1
    s[DISC2] = -1
    s[WINNER] = -1
    for k in range(NK):
        s[BAG + k] = bd[B_TOT + k] - bd[B_REM + P]
    for q in range(P):
        s[MONEY + q] = cfg[C_MONEY0]
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


@njit(cache=True, _nrt=False)
def run_batch(s0, from_setup, me, hidden, known_bag, turns, bd, cfg, pols, pars, starts, seeds, stats, trace,
              dp, arg, opts, wi, wf):
    """Games j = 0..n-1, from the set-up (from_setup; starts[j, q] the start space of seat q, -1 random) or from
    s0 (hidden[q] >= 0 cubes of seat q dealt anew from `me`'s unseen pool per game), played by the seat policies
    pols[j] (codes) / pars[j] (parameters) to the end, or for `turns` turns (turns >= 0; then s0 is left at the
    game's state and seeds[j] at its streams' state, so that stepping continues the same game).  Fills stats
    (n, STSIZE) and, where trace has rows, one per turn.  dp, arg, opts, wi, wf: work space (`workspace()`)."""
    n = seeds.shape[0]
    s = wi[0:SSIZE]
    pool = wi[SSIZE:SSIZE + NK]
    lands = wi[SSIZE + NK:SSIZE + NK + MAXS]
    cur = wi[SSIZE + NK + MAXS:SSIZE + NK + 2 * MAXS]
    nxt = wi[SSIZE + NK + 2 * MAXS:SSIZE + NK + 3 * MAXS]
    goal = wi[SSIZE + NK + 3 * MAXS:SSIZE + NK + 4 * MAXS]
    o = SSIZE + NK + 4 * MAXS
    hv = wi[o:o + NK]
    give = wi[o + NK:o + 2 * NK]
    take = wi[o + 2 * NK:o + 3 * NK]
    tmp = wi[o + 3 * NK:o + 5 * NK]
    d = wi[o + 5 * NK:o + 6 * NK]
    tmp2 = wi[o + 6 * NK:o + 12 * NK]
    vals = wf[0:MAXS]
    dvals = wf[MAXS:2 * MAXS]
    dummy = wi[WISIZE - TRSIZE:WISIZE]  # the trace row of a turn nobody records
    w = (d, dp, arg, tmp2, opts)
    for j in range(n):
        rs = seeds[j]
        st = stats[j]
        st[ST_EMPTY] = -1
        for q in range(MAXP):
            st[ST_REACH + q] = -1
        if from_setup:
            setup(s, bd, cfg, rs, starts[j], pols[j], st, dummy)
        else:
            for i in range(SSIZE):
                s[i] = s0[i]
            if me >= 0:
                deal_hidden(s, bd, me, hidden, known_bag, rs, pool)
        for q in range(s[NPL]):
            st[ST_START + q] = s[POS + q]
        start = s[TURN]
        while s[ENDED] == 0 and (turns < 0 or s[TURN] - start < turns):
            t = s[TURN] - start
            tr = trace[t] if t < trace.shape[0] else dummy
            play_turn(s, bd, cfg, pols[j], pars[j], rs, st, tr, pool, w, lands, cur, nxt, vals, dvals, hv,
                      goal, give, take, tmp)
        st[ST_TURNS] += s[TURN] - start
        st[ST_END] = s[ENDED]
        if st[ST_EMPTY] >= 0:
            st[ST_EMPTY] -= start
        for q in range(s[NPL]):
            st[ST_MONEY + q] = s[MONEY + q]
        win = s[WINNER]
        if s[ENDED] == E_CAPPED:
            win = -1
        st[ST_WINNER] = win
        if turns >= 0:
            for i in range(SSIZE):
                s0[i] = s[i]


# ------------------------------------------------------------------------------------------------
# Python side: the board and the settings as vectors, whole games

WISIZE = SSIZE + NK + 4 * MAXS + 12 * NK + TRSIZE


def workspace():
    """The kernel's work arrays: dp, arg ((NK + 1) x 128), sale options, ints, floats."""
    return (np.zeros((NK + 1, 256), dtype=np.int64), np.zeros((NK + 1, 256), dtype=np.int64),
            np.zeros((2 * 64 * MAXM // 2 + 64, 5), dtype=np.int64), np.zeros(WISIZE, dtype=np.int64),
            np.zeros(2 * MAXS, dtype=np.float64))


def batch(s0, from_setup, me, hidden, known_bag, turns, bd, cfg, pols, pars, starts, seeds, stats, trace):
    """`run_batch` with fresh work space; seeds are copied (the kernel advances its rows in place) unless
    stepping (turns >= 0)."""
    run_batch(s0, from_setup, me, hidden, known_bag, turns, bd, cfg, pols, pars, starts,
              seeds.copy() if turns < 0 else seeds, stats, trace, *workspace())


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


def policy_arrays(policies, n: int, seat_policy: np.ndarray | None = None):
    """(n, P) codes and (n, P, NPAR) parameters for game rows; seat_policy[j, s]: index into policies."""
    P = len(policies)
    codes = np.array([POLICY_CODES[p.kind] for p in policies], dtype=np.int64)
    params = np.array([[float(getattr(p, "roll_gain", 2)), float(getattr(p, "sell_at", 6))] for p in policies],
                      dtype=np.float64)
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
