"""The Catan full-game engine (numba): whole games from the set-up with the seated policies (`policies.py`).

State, board and settings are flat int64 arrays (offsets below); chance comes from four splitmix64 streams per
game (start order, dice, development deck, steals) seeded from `Chance`, so every rule set of a balance run
meets the same luck, game by game.  `batch` plays whole games, or steps one game turn by turn (`sim.py`).
With a record buffer every chance outcome is written in order (`R_START` / `R_ROLL` / `R_DEV` / `R_STEAL`,
value): the readable reference (`reference.py`, `reference_policies.py`) replays a game from it.

The rules and the policies are the ones written down in the coordination notes (and `policies.py`): the snake
draft, 2d6 production with the bank's limit (a resource the bank cannot pay to everyone owed is paid to nobody),
7s (discards, robber, steal), supply-limited building, development cards (not playable in the turn bought; a VP
card bought as the 10th point is revealed at once), longest road (a trail; others' buildings split it under
road_split) and largest army, the win at 10 points on one's own turn, and the turn cap.
"""
from __future__ import annotations

from functools import partial

import numpy as np
from numba import njit

from analyzer.core.kernels import R, S, U, UR, kernel as core_kernel, note1 as note, randint
from analyzer.core.streams import StreamSeeds
from analyzer.games.catan import board as bo

MAXP = 4
NR = 5  # resources: wood, brick, sheep, grain, ore
NV, NE, NH = bo.N_VERTEX, bo.N_EDGE, bo.N_HEX
KNIGHT, VPCARD, ROADB, YOP, MONO = range(5)  # development card types (the record's "dev" values)
DECK0 = (14, 5, 2, 2, 2)
B_ROAD, B_SETTLE, B_CITY, B_DEV = range(4)
COST = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [0, 0, 0, 2, 3], [0, 0, 1, 1, 1]], dtype=np.int64)
PRIORITY = np.array([B_CITY, B_SETTLE, B_DEV, B_ROAD], dtype=np.int64)
PREF = np.array([3, 4, 2, 1, 0], dtype=np.int64)  # grain, ore, sheep, brick, wood: every resource tie
SUPPLY = (15, 5, 4)  # roads, settlements, cities per colour
BANK0 = 19
WIN = 10

# the geometry, neighbours ascending with the edge between them
HV = bo.HEX_VERTICES
NB = bo.VERTEX_NEIGHBORS
NBE = np.array([[bo.EDGE_ID[(min(v, u), max(v, u))] if u >= 0 else -1 for u in NB[v]] for v in range(NV)],
               dtype=np.int64)
VHEX = bo.VERTEX_HEXES
POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)

# board vector (one row per game)
B_RES = 0  # 19 resource per hex, -1 none
B_NUM = B_RES + NH  # 19 number per hex, 0 none
B_HARB = B_NUM + NH  # 54 harbour per vertex: -1 none, 0..4 the 2:1 of that resource, 5 generic
B_VPIPS = B_HARB + NV  # 54 pips of each vertex (filled by the kernel)
B_VKIND = B_VPIPS + NV  # 54 bitmask of the resources around each vertex
BDSIZE = B_VKIND + NV

# settings vector
C_P = 0
C_DISC_UP = 1
C_HDELAY = 2
C_VP_HIDDEN = 3
C_START_2D6 = 4
C_DEV_UNLIMITED = 5
C_STEAL_CHOSEN = 6
C_NEED_ROAD = 7
C_ROB_ANY = 8
C_SPLIT = 9
C_AUTOCLAIM = 10
C_CAP = 11  # main-game turns in all at which the game is capped
C_BYRANK = 12  # 1: policies are given per placement rank, 0: per seat
CSIZE = 13

# STEP: the numba signature of a player's step (s, bd, cfg, p, rs, rec, w, st); the helpers keep numba's Python
# error model
kernel = partial(core_kernel, error_model="python")
STEP = f"void({S}, {S}, {S}, int64, {U}, {R}, {S}, {S})"


# state vector
HAND = 0  # MAXP x NR
BANK = HAND + MAXP * NR
DECK = BANK + NR  # 5 left by type
DEVH = DECK + 5  # MAXP x 5 unplayed cards
DEVNEW = DEVH + MAXP * 5  # MAXP x 5 bought this turn
KN = DEVNEW + MAXP * 5  # knights played
VPR = KN + MAXP  # VP cards revealed
VOWN = VPR + MAXP  # 54 owner, -1 none
VKIND = VOWN + NV  # 54: 1 settlement, 2 city
VTURN = VKIND + NV  # 54 turn the settlement was placed (-1 set-up)
ROAD = VTURN + NV  # 72 owner, -1 none
SUP = ROAD + NE  # MAXP x 3 roads, settlements, cities left
MASK = SUP + MAXP * 3  # MAXP resources around own buildings (bitmask)
LRLEN = MASK + MAXP  # MAXP longest trail (a value under 5 stands for "under 5")
NROADS = LRLEN + MAXP
POL = NROADS + MAXP  # MAXP policy code per seat
ORDER = POL + MAXP  # MAXP seats in placement order
ROBBER = ORDER + MAXP
LR = ROBBER + 1
LA = LR + 1
TURN = LA + 1  # main-game turns played; -1 during set-up
TOMOVE = TURN + 1
ENDED = TOMOVE + 1  # 0 running, 1 won, 2 capped
WINNER = ENDED + 1
PLAYS = WINNER + 1  # development cards played this turn (VP reveals not counted)
PHASE = PLAYS + 1  # 0 fresh, 1 main game
NPL = PHASE + 1
SSIZE = NPL + 1
E_RUN, E_WON, E_CAPPED = 0, 1, 2

# work vector
W_DIST = 0
W_PAR = W_DIST + NV
W_Q = W_PAR + NV
W_USED = W_Q + NV
W_SV = W_USED + NE
W_SI = W_SV + 20
W_SE = W_SI + 20
W_OWED = W_SE + 20
W_KEY = W_OWED + MAXP * NR
W_SEG = W_KEY + MAXP
WSIZE = W_SEG + MAXP

# per-game stats
ACT_KINDS = ("road", "settlement", "city", "development card", "knight", "road building", "year of plenty",
             "monopoly", "trade")
A_ROAD, A_SETTLE, A_CITY, A_DEV, A_KNIGHT, A_ROADB, A_YOP, A_MONO, A_TRADE = range(9)
NACT = len(ACT_KINDS)
ST_TURNS = 0
ST_END = 1
ST_WINNER = 2
ST_SEVENS = 3
ST_DISCARDED = 4
ST_LR = 5
ST_LA = 6
ST_POINTS = 7  # MAXP by seat
ST_ORDER = ST_POINTS + MAXP  # MAXP seats in placement order
ST_ACT = ST_ORDER + MAXP  # MAXP x NACT by seat
STSIZE = ST_ACT + MAXP * NACT

# chance streams and record tags
S_START, S_DICE, S_DEV, S_STEAL = range(4)
NSTREAMS = 4
R_START, R_ROLL, R_DEV, R_STEAL = range(4)
RECORD_KINDS = ("start", "roll", "dev", "steal")

POLICY_CODES = {"greedy": 0, "trader": 1}
P_TRADER = POLICY_CODES["trader"]


class Chance(StreamSeeds):
    """Every game's stream seeds (start order, dice, development deck, steals), drawn up front: (n, 4) uint64.
    Read by index, never redrawn: game j of every rule set uses row j."""

    STREAMS = ("start order", "dice", "development deck", "steals")


# ------------------------------------------------------------------------------------------------
# small queries


@kernel("int64(int64)")
def pips(n):
    if n == 0 or n == 7:
        return 0
    return 6 - abs(7 - n)


@kernel(f"int64({S}, int64)")
def hand_total(s, q):
    t = 0
    for r in range(NR):
        t += s[HAND + q * NR + r]
    return t


@kernel(f"int64({S}, {S}, int64)")
def points(s, cfg, q):
    pts = (SUPPLY[1] - s[SUP + q * 3 + 1]) + 2 * (SUPPLY[2] - s[SUP + q * 3 + 2])
    if s[LR] == q:
        pts += 2
    if s[LA] == q:
        pts += 2
    if cfg[C_VP_HIDDEN]:
        pts += s[DEVH + q * 5 + VPCARD]
    else:
        pts += s[VPR + q]
    return pts


@kernel(f"boolean({S}, int64)")
def spot_free(s, v):
    if s[VOWN + v] >= 0:
        return False
    for k in range(3):
        u = NB[v, k]
        if u >= 0 and s[VOWN + u] >= 0:
            return False
    return True


@kernel(f"boolean({S}, int64, int64)")
def has_road_at(s, q, v):
    for k in range(3):
        e = NBE[v, k]
        if e >= 0 and s[ROAD + e] == q:
            return True
    return False


@kernel(f"int64({S}, {S}, int64, int64)")
def score(s, bd, q, v):
    return bd[B_VPIPS + v] + 2 * POP[bd[B_VKIND + v] & ~s[MASK + q] & 31]


@kernel(f"int64({S}, {S}, {S}, int64, boolean)")
def best_spot(s, bd, cfg, q, setup):
    """The legal settlement spot of the largest score, ties the lowest vertex; -1 none."""
    best, bs = -1, -1
    need = (not setup) and cfg[C_NEED_ROAD] == 1
    for v in range(NV):
        if not spot_free(s, v) or (need and not has_road_at(s, q, v)):
            continue
        sc = score(s, bd, q, v)
        if sc > bs:
            best, bs = v, sc
    return best


@kernel(f"int64({S}, {S}, int64, {S})")
def road_choice(s, bd, q, w):
    """The edge the road rule builds (BFS from the own network toward the best target spot); -1 none."""
    for v in range(NV):
        w[W_DIST + v] = -1
    tail = 0
    for v in range(NV):
        o = s[VOWN + v]
        if o == q or (o < 0 and has_road_at(s, q, v)):
            w[W_DIST + v] = 0
            w[W_Q + tail] = v
            tail += 1
    head = 0
    while head < tail:
        x = w[W_Q + head]
        head += 1
        for k in range(3):
            y = NB[x, k]
            if y < 0 or s[ROAD + NBE[x, k]] >= 0 or w[W_DIST + y] >= 0:
                continue
            w[W_DIST + y] = w[W_DIST + x] + 1
            w[W_PAR + y] = x
            if s[VOWN + y] < 0:
                w[W_Q + tail] = y
                tail += 1
    best, bv, bdist = -1, -(1 << 30), 0
    for u in range(NV):
        d = w[W_DIST + u]
        if d < 1 or not spot_free(s, u):
            continue
        val = score(s, bd, q, u) - 2 * d
        if val > bv or (val == bv and d < bdist):
            best, bv, bdist = u, val, d
    if best < 0:
        return -1
    y = best
    while w[W_DIST + y] > 1:
        y = w[W_PAR + y]
    x = w[W_PAR + y]
    for k in range(3):
        if NB[x, k] == y:
            return NBE[x, k]
    return -1


@kernel(f"boolean({S}, int64, int64)")
def affordable(s, q, b):
    for r in range(NR):
        if s[HAND + q * NR + r] < COST[b, r]:
            return False
    return True


@kernel(f"int64({S}, int64, int64)")
def missing(s, q, b):
    m = 0
    for r in range(NR):
        d = COST[b, r] - s[HAND + q * NR + r]
        if d > 0:
            m += d
    return m


@kernel(f"boolean({S}, {S}, {S}, int64, {S})")
def road_wanted(s, bd, cfg, q, w):
    return (s[SUP + q * 3] > 0 and s[SUP + q * 3 + 1] > 0 and best_spot(s, bd, cfg, q, False) < 0
            and road_choice(s, bd, q, w) >= 0)


@kernel(f"boolean({S}, {S}, {S}, int64, int64, {S})")
def placeable(s, bd, cfg, q, b, w):
    if b == B_CITY:
        return s[SUP + q * 3 + 2] > 0 and s[SUP + q * 3 + 1] < SUPPLY[1]
    if b == B_SETTLE:
        return s[SUP + q * 3 + 1] > 0 and best_spot(s, bd, cfg, q, False) >= 0
    if b == B_DEV:
        return s[DECK] + s[DECK + 1] + s[DECK + 2] + s[DECK + 3] + s[DECK + 4] > 0
    return road_wanted(s, bd, cfg, q, w)


@kernel(f"int64({S}, {S}, {S}, int64, {S})")
def target(s, bd, cfg, q, w):
    """The first placeable build in PRIORITY (what the player saves for); -1 none."""
    for i in range(4):
        if placeable(s, bd, cfg, q, PRIORITY[i], w):
            return PRIORITY[i]
    return -1


@kernel("int64(int64, int64)")
def target_cost(b, r):
    return 0 if b < 0 else COST[b, r]


@kernel(f"boolean({S}, int64, int64)")
def touches(s, h, q):
    for k in range(6):
        if s[VOWN + HV[h, k]] == q:
            return True
    return False


# ------------------------------------------------------------------------------------------------
# longest road and largest army


@kernel(f"int64({S}, {S}, int64, {S})")
def longest(s, cfg, q, w):
    """The longest trail in q's roads (no edge twice); under road_split it may not pass through a vertex holding
    another player's building."""
    if s[NROADS + q] < 5:
        return s[NROADS + q]  # any value under 5 stands for "under 5"
    for e in range(NE):
        w[W_USED + e] = 0
    best = 0
    for start in range(NV):
        if not has_road_at(s, q, start):
            continue
        depth = 0
        w[W_SV] = start
        w[W_SI] = 0
        while depth >= 0:
            v = w[W_SV + depth]
            o = s[VOWN + v]
            blocked = depth > 0 and cfg[C_SPLIT] == 1 and o >= 0 and o != q
            k = w[W_SI + depth]
            if blocked or k >= 3:
                if depth > 0:
                    w[W_USED + w[W_SE + depth]] = 0
                depth -= 1
                continue
            w[W_SI + depth] = k + 1
            e = NBE[v, k]
            if e < 0 or s[ROAD + e] != q or w[W_USED + e] == 1:
                continue
            w[W_USED + e] = 1
            depth += 1
            w[W_SV + depth] = NB[v, k]
            w[W_SI + depth] = 0
            w[W_SE + depth] = e
            if depth > best:
                best = depth
    return best


@kernel(f"void({S})")
def update_longest(s):
    P = s[NPL]
    h = s[LR]
    m, at, ties = -1, -1, 0
    for q in range(P):
        x = s[LRLEN + q]
        if x > m:
            m, at, ties = x, q, 1
        elif x == m:
            ties += 1
    if h >= 0 and s[LRLEN + h] >= 5 and s[LRLEN + h] >= m:
        return
    s[LR] = at if (m >= 5 and ties == 1) else -1


# ------------------------------------------------------------------------------------------------
# building


@kernel(f"void({S}, {S}, int64)")
def check_win(s, cfg, q):
    if s[ENDED] == E_RUN and points(s, cfg, q) >= WIN:
        s[ENDED] = E_WON
        s[WINNER] = q


@kernel(f"void({S}, {S}, int64)")
def claim(s, cfg, q):
    """The win check after an action of q's own turn (auto_claim; else only at the start of his turn)."""
    if cfg[C_AUTOCLAIM]:
        check_win(s, cfg, q)


@kernel(f"void({S}, {S}, {S}, int64, int64, {S})")
def place_settlement(s, bd, cfg, q, v, w):
    s[VOWN + v] = q
    s[VKIND + v] = 1
    s[VTURN + v] = s[TURN]
    s[SUP + q * 3 + 1] -= 1
    s[MASK + q] |= bd[B_VKIND + v]
    if cfg[C_SPLIT] == 1 and s[PHASE] == 1:
        changed = False
        for o in range(s[NPL]):
            if o != q and has_road_at(s, o, v):
                s[LRLEN + o] = longest(s, cfg, o, w)
                changed = True
        if changed:
            update_longest(s)


@kernel(f"void({S}, {S}, int64, int64, {S})")
def place_road(s, cfg, q, e, w):
    s[ROAD + e] = q
    s[SUP + q * 3] -= 1
    s[NROADS + q] += 1
    if s[PHASE] == 1:
        s[LRLEN + q] = longest(s, cfg, q, w)
        update_longest(s)


@kernel(f"void({S}, int64, int64)")
def pay(s, q, b):
    for r in range(NR):
        s[HAND + q * NR + r] -= COST[b, r]
        s[BANK + r] += COST[b, r]


@kernel(f"void({S}, {S}, int64, {U}, {R})")
def draw_dev(s, cfg, q, rs, rec):
    total = 0
    for t in range(5):
        total += s[DECK + t]
    k = randint(rs, S_DEV, total)
    t = 0
    while k >= s[DECK + t]:
        k -= s[DECK + t]
        t += 1
    note(rec, R_DEV, t)
    s[DECK + t] -= 1
    s[DEVH + q * 5 + t] += 1
    s[DEVNEW + q * 5 + t] += 1
    if t == VPCARD and cfg[C_VP_HIDDEN] == 0 and points(s, cfg, q) + 1 >= WIN:
        s[DEVH + q * 5 + t] -= 1  # the buyer's 10th point: revealed at once
        s[DEVNEW + q * 5 + t] -= 1
        s[VPR + q] += 1


@kernel(f"void({S}, {S}, {S}, int64, int64, {U}, {R}, {S}, {S})")
def build(s, bd, cfg, q, b, rs, rec, w, st):
    pay(s, q, b)
    if b == B_CITY:
        best, bp = -1, -1
        for v in range(NV):
            if s[VOWN + v] == q and s[VKIND + v] == 1 and bd[B_VPIPS + v] > bp:
                best, bp = v, bd[B_VPIPS + v]
        s[VKIND + best] = 2
        s[SUP + q * 3 + 2] -= 1
        s[SUP + q * 3 + 1] += 1
        st[ST_ACT + q * NACT + A_CITY] += 1
    elif b == B_SETTLE:
        place_settlement(s, bd, cfg, q, best_spot(s, bd, cfg, q, False), w)
        st[ST_ACT + q * NACT + A_SETTLE] += 1
    elif b == B_DEV:
        draw_dev(s, cfg, q, rs, rec)
        st[ST_ACT + q * NACT + A_DEV] += 1
    else:
        place_road(s, cfg, q, road_choice(s, bd, q, w), w)
        st[ST_ACT + q * NACT + A_ROAD] += 1
    claim(s, cfg, q)


@kernel(f"int64({S}, {S}, {S}, int64, int64)")
def rate(s, bd, cfg, q, r):
    """q's bank rate for giving resource r: 2 at an own usable 2:1 harbour of r, 3 at a generic one, else 4."""
    best = 4
    for v in range(NV):
        hb = bd[B_HARB + v]
        if hb < 0 or s[VOWN + v] != q or (cfg[C_HDELAY] == 1 and s[VTURN + v] == s[TURN]):
            continue
        if hb == r:
            return 2
        if hb == 5:
            best = 3
    return best


@kernel(f"boolean({S}, {S}, {S}, int64, int64)")
def trade_for(s, bd, cfg, q, b):
    """The trader's one trade completing build b (missing exactly one card); True when done."""
    m = -1
    for r in range(NR):
        if s[HAND + q * NR + r] < COST[b, r]:
            m = r
    if s[BANK + m] < 1:
        return False
    give, grate, gsur = -1, 99, -1
    for i in range(NR):
        r = PREF[i]
        if r == m:
            continue
        rt = rate(s, bd, cfg, q, r)
        sur = s[HAND + q * NR + r] - COST[b, r]
        if sur >= rt and (rt < grate or (rt == grate and sur > gsur)):
            give, grate, gsur = r, rt, sur
    if give < 0:
        return False
    s[HAND + q * NR + give] -= grate
    s[BANK + give] += grate
    s[HAND + q * NR + m] += 1
    s[BANK + m] -= 1
    return True


@kernel(STEP)
def build_loop(s, bd, cfg, p, rs, rec, w, st):
    while s[ENDED] == E_RUN:
        done = False
        for i in range(4):
            b = PRIORITY[i]
            if affordable(s, p, b) and placeable(s, bd, cfg, p, b, w):
                build(s, bd, cfg, p, b, rs, rec, w, st)
                done = True
                break
        if not done and s[POL + p] == P_TRADER:
            for i in range(4):
                b = PRIORITY[i]
                if missing(s, p, b) == 1 and placeable(s, bd, cfg, p, b, w) and trade_for(s, bd, cfg, p, b):
                    st[ST_ACT + p * NACT + A_TRADE] += 1
                    build(s, bd, cfg, p, b, rs, rec, w, st)
                    done = True
                    break
        if not done:
            return


# ------------------------------------------------------------------------------------------------
# the 7, the robber and development cards


@kernel(f"void({S}, {S}, {S}, int64, {S}, {S})")
def discard(s, bd, cfg, q, w, st):
    n = hand_total(s, q)
    if n <= 7:
        return
    d = (n + 1) // 2 if cfg[C_DISC_UP] else n // 2
    st[ST_DISCARDED] += d
    b = target(s, bd, cfg, q, w)
    for _ in range(d):
        best, bv = -1, -(1 << 30)
        for i in range(NR):
            r = PREF[i]
            h = s[HAND + q * NR + r]
            if h > 0 and h - target_cost(b, r) > bv:
                best, bv = r, h - target_cost(b, r)
        s[HAND + q * NR + best] -= 1
        s[BANK + best] += 1


@kernel(f"void({S}, {S}, {S}, int64, int64, {U}, {R}, {S})")
def steal(s, bd, cfg, p, victim, rs, rec, w):
    if cfg[C_STEAL_CHOSEN]:
        b = target(s, bd, cfg, p, w)
        r, bn, bvh = -1, -1, -1
        for i in range(NR):
            x = PREF[i]
            vh = s[HAND + victim * NR + x]
            if vh == 0:
                continue
            need = max(0, target_cost(b, x) - s[HAND + p * NR + x])
            if need > bn or (need == bn and vh > bvh):
                r, bn, bvh = x, need, vh
    else:
        k = randint(rs, S_STEAL, hand_total(s, victim))
        r = 0
        while k >= s[HAND + victim * NR + r]:
            k -= s[HAND + victim * NR + r]
            r += 1
        note(rec, R_STEAL, r)
    s[HAND + victim * NR + r] -= 1
    s[HAND + p * NR + r] += 1


@kernel(f"void({S}, {S}, {S}, int64, {U}, {R}, {S})")
def robber(s, bd, cfg, p, rs, rec, w):
    best, bv = -1, -1
    for own_ok in range(2):
        for h in range(NH):
            if (h == s[ROBBER] and cfg[C_ROB_ANY] == 0) or (own_ok == 0 and touches(s, h, p)):
                continue
            val = 0
            pp = pips(bd[B_NUM + h])
            for k in range(6):
                v = HV[h, k]
                o = s[VOWN + v]
                if o >= 0 and o != p:
                    val += pp * s[VKIND + v]
            if val > bv:
                best, bv = h, val
        if best >= 0:
            break
    s[ROBBER] = best
    P = s[NPL]
    victim, vt = -1, 0
    for k in range(1, P):
        q = (p + k) % P
        t = hand_total(s, q)
        if t > vt and touches(s, best, q):
            victim, vt = q, t
    if victim >= 0:
        steal(s, bd, cfg, p, victim, rs, rec, w)


@kernel(f"boolean({S}, int64, int64)")
def can_play(s, p, t):
    return s[DEVH + p * 5 + t] - s[DEVNEW + p * 5 + t] > 0


@kernel(f"boolean({S}, {S}, int64)")
def knight_wanted(s, bd, p):
    h = s[ROBBER]
    if h >= 0 and bd[B_NUM + h] > 0 and touches(s, h, p):
        return True
    k = s[KN + p] + 1
    la = s[LA]
    return k >= 3 and la != p and (la < 0 or k > s[KN + la])


@kernel(f"void({S}, int64, int64, {S}, int64)")
def play_card(s, p, t, st, act):
    s[DEVH + p * 5 + t] -= 1
    s[PLAYS] += 1
    st[ST_ACT + p * NACT + act] += 1


@kernel(f"boolean({S}, {S}, {S}, int64, {S}, {S})")
def year_of_plenty(s, bd, cfg, p, w, st):
    for i in range(4):
        b = PRIORITY[i]
        m = missing(s, p, b)
        if m < 1 or m > 2:
            continue
        ok = True
        for r in range(NR):
            if s[BANK + r] < COST[b, r] - s[HAND + p * NR + r]:
                ok = False
        if not ok or not placeable(s, bd, cfg, p, b, w):
            continue
        play_card(s, p, YOP, st, A_YOP)
        for r in range(NR):
            d = COST[b, r] - s[HAND + p * NR + r]
            if d > 0:
                s[HAND + p * NR + r] += d
                s[BANK + r] -= d
        if m == 1:
            best, bh = -1, 1 << 30
            for j in range(NR):
                r = PREF[j]
                if s[BANK + r] > 0 and s[HAND + p * NR + r] < bh:
                    best, bh = r, s[HAND + p * NR + r]
            if best >= 0:
                s[HAND + p * NR + best] += 1
                s[BANK + best] -= 1
        return True
    return False


@kernel(f"boolean({S}, int64, {S})")
def monopoly(s, p, st):
    P = s[NPL]
    best, bt = -1, -1
    for i in range(NR):
        r = PREF[i]
        t = 0
        for q in range(P):
            if q != p:
                t += s[HAND + q * NR + r]
        if t > bt:
            best, bt = r, t
    if bt < 3:
        return False
    play_card(s, p, MONO, st, A_MONO)
    for q in range(P):
        if q != p:
            s[HAND + p * NR + best] += s[HAND + q * NR + best]
            s[HAND + q * NR + best] = 0
    return True


@kernel(STEP)
def dev_step(s, bd, cfg, p, rs, rec, w, st):
    while s[ENDED] == E_RUN and (cfg[C_DEV_UNLIMITED] == 1 or s[PLAYS] == 0):
        if can_play(s, p, KNIGHT) and knight_wanted(s, bd, p):
            play_card(s, p, KNIGHT, st, A_KNIGHT)
            robber(s, bd, cfg, p, rs, rec, w)
            s[KN + p] += 1
            la = s[LA]
            if s[KN + p] >= 3 and la != p and (la < 0 or s[KN + p] > s[KN + la]):
                s[LA] = p
            claim(s, cfg, p)
        elif can_play(s, p, ROADB) and road_wanted(s, bd, cfg, p, w):
            play_card(s, p, ROADB, st, A_ROADB)
            for _ in range(2):
                e = road_choice(s, bd, p, w) if s[SUP + p * 3] > 0 else -1
                if e >= 0:
                    place_road(s, cfg, p, e, w)
            claim(s, cfg, p)
        elif can_play(s, p, YOP) and year_of_plenty(s, bd, cfg, p, w, st):
            continue
        elif can_play(s, p, MONO) and monopoly(s, p, st):
            continue
        else:
            return


# ------------------------------------------------------------------------------------------------
# turns, the set-up and whole games


@kernel(f"void({S}, {S}, int64, {S})")
def produce(s, bd, roll, w):
    P = s[NPL]
    for i in range(P * NR):
        w[W_OWED + i] = 0
    for h in range(NH):
        if bd[B_NUM + h] != roll or h == s[ROBBER]:
            continue
        r = bd[B_RES + h]
        for k in range(6):
            v = HV[h, k]
            o = s[VOWN + v]
            if o >= 0:
                w[W_OWED + o * NR + r] += s[VKIND + v]
    for r in range(NR):
        t = 0
        for q in range(P):
            t += w[W_OWED + q * NR + r]
        if t > 0 and t <= s[BANK + r]:
            for q in range(P):
                s[HAND + q * NR + r] += w[W_OWED + q * NR + r]
            s[BANK + r] -= t


@kernel(STEP)
def roll_phase(s, bd, cfg, p, rs, rec, w, st):
    """The start of p's turn: last turn's cards become playable, old VP cards are revealed (must_reveal), the
    win check, then the roll: production, or a 7's discards, robber and steal."""
    for t in range(5):
        s[DEVNEW + p * 5 + t] = 0
    s[PLAYS] = 0
    if cfg[C_VP_HIDDEN] == 0 and s[DEVH + p * 5 + VPCARD] > 0:
        s[VPR + p] += s[DEVH + p * 5 + VPCARD]
        s[DEVH + p * 5 + VPCARD] = 0
    check_win(s, cfg, p)
    if s[ENDED] != E_RUN:
        return
    roll = randint(rs, S_DICE, 6) + randint(rs, S_DICE, 6) + 2
    note(rec, R_ROLL, roll)
    if roll == 7:
        st[ST_SEVENS] += 1
        P = s[NPL]
        for k in range(P):
            discard(s, bd, cfg, (p + k) % P, w, st)
        robber(s, bd, cfg, p, rs, rec, w)
    else:
        produce(s, bd, roll, w)


@kernel(f"void({S}, {S}, {U}, {R}, {S})")
def start_order(s, cfg, rs, rec, w):
    """The placement order: everyone rolls; tied groups re-roll, the first unresolved group first (depth first)."""
    P = s[NPL]
    for q in range(P):
        s[ORDER + q] = q
        w[W_SEG + q] = 0  # segment id per position; one segment of everyone
    while True:
        a = -1
        for i in range(P):
            n = 0
            for j in range(P):
                if w[W_SEG + j] == w[W_SEG + i]:
                    n += 1
            if n > 1:
                a = i
                break
        if a < 0:
            return
        seg = w[W_SEG + a]
        b = a
        while b < P and w[W_SEG + b] == seg:
            b += 1
        for i in range(a, b):  # seats of a segment stay ascending: they roll in seat order
            x = randint(rs, S_START, 6) + 1
            if cfg[C_START_2D6]:
                x += randint(rs, S_START, 6) + 1
            note(rec, R_START, x)
            w[W_KEY + i] = x
        for i in range(a + 1, b):  # stable insertion sort, higher rolls first
            j = i
            while j > a and w[W_KEY + j - 1] < w[W_KEY + j]:
                w[W_KEY + j - 1], w[W_KEY + j] = w[W_KEY + j], w[W_KEY + j - 1]
                s[ORDER + j - 1], s[ORDER + j] = s[ORDER + j], s[ORDER + j - 1]
                j -= 1
        nxt = 0
        for i in range(P):
            nxt = max(nxt, w[W_SEG + i] + 1)
        for i in range(a + 1, b):  # the sorted run splits where the roll changes
            if w[W_KEY + i] == w[W_KEY + i - 1]:
                w[W_SEG + i] = w[W_SEG + i - 1]
            else:
                w[W_SEG + i] = nxt
                nxt += 1


@kernel(f"void({S}, {S}, {S}, int64, int64, {S})")
def setup_road(s, bd, cfg, q, v, w):
    best, bv = -1, -2
    for k in range(3):
        x = NB[v, k]
        if x < 0 or s[ROAD + NBE[v, k]] >= 0:
            continue
        val = -1
        for j in range(3):
            u = NB[x, j]
            if u >= 0 and u != v and spot_free(s, u) and bd[B_VPIPS + u] > val:
                val = bd[B_VPIPS + u]
        if val > bv:
            best, bv = k, val
    if best >= 0:
        place_road(s, cfg, q, NBE[v, best], w)


@kernel(f"void({S}, {S}, {S}, {S}, {U}, {R}, {S})")
def setup(s, bd, cfg, pols, rs, rec, w):
    P = s[NPL]
    start_order(s, cfg, rs, rec, w)
    for k in range(P):
        q = s[ORDER + k]
        s[POL + q] = pols[k] if cfg[C_BYRANK] else pols[q]
    for i in range(2 * P):
        q = s[ORDER + (i if i < P else 2 * P - 1 - i)]
        v = best_spot(s, bd, cfg, q, True)
        place_settlement(s, bd, cfg, q, v, w)
        setup_road(s, bd, cfg, q, v, w)
        if i >= P:
            for j in range(3):
                h = VHEX[v, j]
                if h >= 0 and bd[B_RES + h] >= 0:
                    s[HAND + q * NR + bd[B_RES + h]] += 1
                    s[BANK + bd[B_RES + h]] -= 1
    s[PHASE] = 1
    s[TURN] = 0
    s[TOMOVE] = s[ORDER]


@njit(f"void({S}, {S}, {S})", cache=True)
def init(s, bd, cfg):
    """A fresh state for the board in bd (its vertex pips and kinds are filled in here)."""
    for v in range(NV):
        p, m = 0, 0
        for j in range(3):
            h = VHEX[v, j]
            if h >= 0 and bd[B_RES + h] >= 0:
                p += pips(bd[B_NUM + h])
                m |= 1 << bd[B_RES + h]
        bd[B_VPIPS + v] = p
        bd[B_VKIND + v] = m
    for i in range(SSIZE):
        s[i] = 0
    for r in range(NR):
        s[BANK + r] = BANK0
    for t in range(5):
        s[DECK + t] = DECK0[t]
    for v in range(NV):
        s[VOWN + v] = -1
        s[VTURN + v] = -1
    for e in range(NE):
        s[ROAD + e] = -1
    P = cfg[C_P]
    for q in range(P):
        for k in range(3):
            s[SUP + q * 3 + k] = SUPPLY[k]
    s[ROBBER] = -1
    for h in range(NH):
        if bd[B_RES + h] < 0:
            s[ROBBER] = h
            break
    s[LR] = -1
    s[LA] = -1
    s[TURN] = -1
    s[WINNER] = -1
    s[NPL] = P


@kernel(f"void({S}, {S}, {S})")
def finish(s, cfg, st):
    P = s[NPL]
    st[ST_TURNS] = s[TURN]
    st[ST_END] = s[ENDED]
    st[ST_WINNER] = s[WINNER]
    st[ST_LR] = s[LR]
    st[ST_LA] = s[LA]
    for q in range(P):
        st[ST_POINTS + q] = points(s, cfg, q)
        st[ST_ORDER + q] = s[ORDER + q]


@njit(f"void({R}, {S}, {R}, {UR}, {R}, {S}, {S}, {R}, boolean, int64)", cache=True, _nrt=False)
def batch(bds, cfg, pols, streams, stats, s, w, rec, fresh, max_turns):
    """Game j on board bds[j] with policies pols[j] (per seat, or per placement rank under C_BYRANK) and chance
    streams streams[j] (advanced in place), its stats in stats[j]; s, w and rec are the state, work and record
    buffers.  fresh: every game from a new state; else the one game in s goes on.  Each game plays its set-up
    (if not yet done) and then up to max_turns turns (-1: to the end)."""
    for j in range(bds.shape[0]):
        bd, rs, st = bds[j], streams[j], stats[j]
        if fresh:
            init(s, bd, cfg)
        if s[PHASE] == 0:
            setup(s, bd, cfg, pols[j], rs, rec, w)
        P = s[NPL]
        played = 0
        while s[ENDED] == E_RUN and played != max_turns:
            p = s[TOMOVE]
            roll_phase(s, bd, cfg, p, rs, rec, w, st)
            if s[ENDED] == E_RUN:
                dev_step(s, bd, cfg, p, rs, rec, w, st)
                build_loop(s, bd, cfg, p, rs, rec, w, st)
            s[TURN] += 1
            played += 1
            if s[ENDED] == E_RUN:
                s[TOMOVE] = (p + 1) % P
                if s[TURN] >= cfg[C_CAP]:
                    s[ENDED] = E_CAPPED
        finish(s, cfg, st)


NEW_GAME, GO_ON = True, False  # run's start: every game from a fresh state, or the one game in s goes on


def run(cfg, streams, stats, s, start, max_turns=-1, pols=None, bds=None, w=None, rec=None):
    """`batch` as core calls an engine (`core/engine.py`): `bds` the board rows (one a game), `pols` the policy
    codes, the work and record buffers made fresh where the caller keeps none."""
    batch(bds, cfg, pols, streams, stats, s, np.zeros(WSIZE, dtype=np.int64) if w is None else w,
          np.zeros((1, 2), dtype=np.int64) if rec is None else rec, start, max_turns)


PROBES = ("longest", "road_choice", "best_spot", "place_settlement", "place_road", "discard", "rate", "points",
          "target", "robber", "build_loop", "roll_phase", "dev_step", "produce")


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, s, bd, cfg, q, x, rs, rec, w, st):
    """One engine step on a hand-made state, for the hand-stepped tests: PROBES[op] for player q (x: a vertex,
    edge or resource where the step takes one; best_spot: x = 1 in the set-up).  Returns the step's value or 0."""
    if op == 0:
        return longest(s, cfg, q, w)
    if op == 1:
        return road_choice(s, bd, q, w)
    if op == 2:
        return best_spot(s, bd, cfg, q, x == 1)
    if op == 3:
        place_settlement(s, bd, cfg, q, x, w)
    elif op == 4:
        place_road(s, cfg, q, x, w)
    elif op == 5:
        discard(s, bd, cfg, q, w, st)
    elif op == 6:
        return rate(s, bd, cfg, q, x)
    elif op == 7:
        return points(s, cfg, q)
    elif op == 8:
        return target(s, bd, cfg, q, w)
    elif op == 9:
        robber(s, bd, cfg, q, rs, rec, w)
        return s[ROBBER]
    elif op == 10:
        build_loop(s, bd, cfg, q, rs, rec, w, st)
    elif op == 11:
        roll_phase(s, bd, cfg, q, rs, rec, w, st)
    elif op == 12:
        dev_step(s, bd, cfg, q, rs, rec, w, st)
    elif op == 13:
        produce(s, bd, x, w)
    return 0


# ------------------------------------------------------------------------------------------------
# Python side


ENGINE_READINGS = [
    "a resource the bank cannot pay to everyone owed is paid to nobody",
    "start order: tied players re-roll (the first tied group first); the main game starts with the first placer "
    "and goes on in seat order",
    "turn_cap counts own turns per player; a capped game's win credit is split among the players with most points",
    "auto_claim false: the win is checked only at the start of the player's own turn",
    "development cards are played after the roll, before building; VP reveals are not plays",
]


def board_vector(board) -> np.ndarray:
    """One board's engine row (the vertex pips and kinds are filled in by the kernel)."""
    resource, number, harbor = bo.arrays(board)
    row = np.zeros(BDSIZE, dtype=np.int64)
    row[B_RES:B_RES + NH] = resource
    row[B_NUM:B_NUM + NH] = number
    row[B_HARB:B_HARB + NV] = harbor
    return row


def setting(settings, name, default):
    return default if settings is None else getattr(settings, name, default)


def settings_vector(settings, players: int, by_rank: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default)."""
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    cfg[C_DISC_UP] = setting(settings, "discard_rounding", "up") == "up"
    cfg[C_HDELAY] = bool(setting(settings, "harbor_delay", True))
    cfg[C_VP_HIDDEN] = setting(settings, "vp_cards", "must_reveal") == "hidden"
    cfg[C_START_2D6] = setting(settings, "start_die", "1d6") == "2d6"
    cfg[C_DEV_UNLIMITED] = str(setting(settings, "dev_cards_per_turn", 1)) == "unlimited"
    cfg[C_STEAL_CHOSEN] = setting(settings, "steal", "random") == "chosen"
    cfg[C_NEED_ROAD] = bool(setting(settings, "settlement_needs_road", True))
    cfg[C_ROB_ANY] = setting(settings, "robber_target", "land_other") == "land_any"
    cfg[C_SPLIT] = bool(setting(settings, "road_split", True))
    cfg[C_AUTOCLAIM] = bool(setting(settings, "auto_claim", True))
    cfg[C_CAP] = int(setting(settings, "turn_cap", 300)) * players
    cfg[C_BYRANK] = by_rank
    return cfg


def policy_codes(policies) -> np.ndarray:
    return np.array([POLICY_CODES[p if isinstance(p, str) else p.kind] for p in policies], dtype=np.int64)


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: 1 to the winner; a capped game splits 1 among the seats with the most points."""
    pts = stats[:, ST_POINTS:ST_POINTS + players].astype(np.float64)
    top = pts == pts.max(1, keepdims=True)
    out = top / top.sum(1, keepdims=True)
    won = stats[:, ST_END] == E_WON
    out[won] = 0.0
    out[np.flatnonzero(won), stats[won, ST_WINNER]] = 1.0
    return out
