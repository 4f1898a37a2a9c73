"""The fast Samarkand (Sackson) engine's layout and its numba helpers: the board, settings and state vectors'
offsets, the bag, moves, markets, greedy's values and plans, the collector's goals, acting on a space.  The turn is
played by the forward model (`model.py`), whole games by `game.py`, which re-exports all of this."""
from __future__ import annotations

from numba import njit

from analyzer.core.kernels import randint
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
C_HCAP = C_START + 1  # MAXP piasters added to each seat's start (seat 0 moves first; the seat handicap)
CSIZE = C_HCAP + MAXP
MARKET_DISC = ("closed", "step_down", "none")
BACK = -1  # die face code of the arrow face ("back", rules.BACK); numbers of steps are themselves

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
GAME = NPL + 1  # the game proper (what a position sets; the set-up clears it)
# the turn in progress as the forward model (model.py) plays it, each seat's own player model, the game's stats
WHAT = GAME  # the decision pending (model.W_*), 0 none
PHASE = WHAT + 1  # 0 the turn starts, 1 its act is done (the end checks are next)
STEPS = PHASE + 1  # extra moves taken this turn
VIA = STEPS + 1  # 0 the mover came by a free step, 1 by the die
FACE = VIA + 1  # the die face (index) rolled
GNEXT = FACE + 1  # what follows the gift: model.W_ON or model.W_TRADE
GKIND = GNEXT + 1  # the gift at this camp: its kind; bought: NK + its kind (NK + NK: none came)
GPAID = GKIND + 1  # what a bought gift cost
GOAL0 = GPAID + 1  # the collector's goal spaces at the turn's start (bit x: space x)
POLS = GOAL0 + 1  # MAXP: each seat's own player model (its discards when the bag empties; a search seat's base)
PAR = POLS + MAXP  # MAXP x NPAR: each seat's parameters (float64 bits)
TSTART = PAR + MAXP * NPAR  # the turn the batch started at (the trace's row 0)
STAT = TSTART + 1  # STSIZE: the game's stats
DUMMY = STAT + STSIZE  # TRSIZE: the trace row of a turn nobody records
SSIZE = DUMMY + TRSIZE
E_RUN, E_WON, E_CAPPED, E_LAST = 0, 1, 2, 3

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
                    opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3], opts[n, 4] = m, kind, c, pay, 1 << kind
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
                    opts[n, 0], opts[n, 1], opts[n, 2], opts[n, 3], opts[n, 4] = m, ASST, c, pay, mask
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
def extra_value(s, bd, cfg, y, z, h, money, pool, w, hv):
    """(EV, gift) of a free step into the open camp y, the gift there, then on to z: the gift chosen with z's act
    (ties: the least loss, the lower kind); an empty hand buys it (gift NK: any colour; it stays at y)."""
    if total(h, 0, NK) == 0:
        paid = min(cfg[C_GIFTCOST], money)
        return space_value(s, bd, cfg, z, h, money - paid, pool, w) - paid, NK
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
    return v, g


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
                v, g = extra_value(s, bd, cfg, y, z, h, money, pool, w, hv)
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
def enter(tr, y):
    if tr[TR_NPATH] < MAXPATH:
        tr[TR_PATH + tr[TR_NPATH]] = y
        tr[TR_NPATH] += 1
