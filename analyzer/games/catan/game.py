"""The Catan full-game engine (numba): whole games from the set-up with the seated policies (`policies.py`).

State, board and settings are flat int64 arrays (offsets below); chance comes from four splitmix64 streams per
game (start order, dice, development deck, steals) seeded from `Chance`, so every rule set of a balance run
meets the same luck, game by game.  The engine is core's forward model (`MODEL`, from "the forward model" on:
every decision a player makes is a decision point with its legal options, the policies' choices among them), so
`batch` plays whole games through core's whole-game loop (`search.whole_game`), search seats included, or steps one
game turn by turn (`sim.py`); the state holds its board row, work vector and stats.  A random player draws its
choices from the steals' stream.
With a record buffer every chance outcome is written in order (`R_START` / `R_ROLL` / `R_DEV` / `R_STEAL`,
value): the readable reference (`reference.py`, `reference_policies.py`) replays a game from it.

The rules and the policies are the ones written down in the coordination notes (and `policies.py`): the snake
draft, 2d6 production with the bank's limit (a resource the bank cannot pay to everyone owed is paid to nobody),
7s (discards, robber, steal), supply-limited building, development cards (not playable in the turn bought; a VP
card bought as the 10th point is revealed at once), longest road (a trail; others' buildings split it under
road_split) and largest army, the win at 10 points on one's own turn, and the turn cap.
"""
from __future__ import annotations

import math
from functools import partial

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core.kernels import R, S, U, kernel as core_kernel, note1 as note, randint
from analyzer.core.policies import engine_coders
from analyzer.core.streams import StreamSeeds
from analyzer.games.catan import board as bo
from analyzer.games.catan.policies import SEARCH_DEPTH

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
EDGES = bo.EDGES
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

# the helpers keep numba's Python error model
kernel = partial(core_kernel, error_model="python")


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
# the forward model's cursor (core/search.py): the step of the game (T_*), the pending decision (D_*: 0 none) and
# its seat; the set-up's placement index and the vertex just settled (-1: a settlement is due); a 7's discards (the
# k-th seat from the mover, its cards still to discard (-1: not yet counted), its wanted build); why the robber
# moves (R_SEVEN, R_KNIGHT) and the victim; road building's roads left
STEP, PEND, DECP, SETI, SETV, DK, DLEFT, DTGT, RCTX, VICT, RBL = range(NPL + 1, NPL + 12)
UNC = RBL + 1  # MAXP x MAXP: for viewer w, the cards of seat q's hand whose kind w has not seen (steals between others)
BD = UNC + MAXP * MAXP  # the board row (BDSIZE), then the work vector (WSIZE), then the game's stats (STSIZE)
E_RUN, E_WON, E_CAPPED = 0, 1, 2
T_SETUP, T_START, T_DISC, T_ROB, T_VICTIM, T_STEAL, T_DEV, T_RB, T_BUILD, T_END, T_DONE = range(11)
D_SSET, D_SROAD, D_DISC, D_ROBHEX, D_VICTIM, D_STEAL, D_DEV, D_RBROAD, D_BUILD = range(1, 10)
R_SEVEN, R_KNIGHT = range(2)
# the forward model's options: O_END ends a phase (no card played, no more builds; a road building road not built); a build at a
# vertex or edge; a bank trade give * NR + get; a development card (year of plenty's r1 * 6 + r2, r2 = NR: one card)
O_END, O_DEV, O_KNIGHT, O_ROADB = -1, 1, 2, 3
O_MONO = 10
O_YOP = 20
O_CITY = 100
O_SETTLE = 200
O_ROAD = 300
O_TRADE = 400

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
W_OPT = W_SEG + MAXP  # the pending decision's options (the random player's)
WSIZE = W_OPT + 64
WK = BD + BDSIZE  # the forward state's work vector, then its stats

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
STB = WK + WSIZE
SSIZE = STB + STSIZE

# chance streams and record tags
S_START, S_DICE, S_DEV, S_STEAL = range(4)
NSTREAMS = 4
R_START, R_ROLL, R_DEV, R_STEAL = range(4)
RECORD_KINDS = ("start", "roll", "dev", "steal")

POLICY_CODES = {"greedy": 0, "trader": 1, "random": 2}
P_GREEDY, P_TRADER, P_RANDOM = 0, 1, 2


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


@kernel(f"int64({S}, {S}, int64)")
def city_spot(s, bd, q):
    """The own settlement a city replaces: the most pips, ties the lowest vertex; -1 none."""
    best, bp = -1, -1
    for v in range(NV):
        if s[VOWN + v] == q and s[VKIND + v] == 1 and bd[B_VPIPS + v] > bp:
            best, bp = v, bd[B_VPIPS + v]
    return best


@kernel(f"void({S}, {S}, {S}, int64, int64, int64, {U}, {R}, {S}, {S})")
def build(s, bd, cfg, q, b, at, rs, rec, w, st):
    """q pays for and builds b at `at` (a vertex, an edge; a development card: none)."""
    pay(s, q, b)
    if b == B_CITY:
        s[VKIND + at] = 2
        s[SUP + q * 3 + 2] -= 1
        s[SUP + q * 3 + 1] += 1
        st[ST_ACT + q * NACT + A_CITY] += 1
    elif b == B_SETTLE:
        place_settlement(s, bd, cfg, q, at, w)
        st[ST_ACT + q * NACT + A_SETTLE] += 1
    elif b == B_DEV:
        draw_dev(s, cfg, q, rs, rec)
        st[ST_ACT + q * NACT + A_DEV] += 1
    else:
        place_road(s, cfg, q, at, w)
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


@kernel(f"int64({S}, {S}, {S}, int64, int64)")
def trade_choice(s, bd, cfg, q, b):
    """The trader's one trade completing build b (missing exactly one card): give * NR + get; -1 none."""
    m = -1
    for r in range(NR):
        if s[HAND + q * NR + r] < COST[b, r]:
            m = r
    if s[BANK + m] < 1:
        return -1
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
        return -1
    return give * NR + m


@kernel(f"int64({S}, {S}, {S}, int64, int64, {S})")
def build_choice(s, bd, cfg, q, code, w):
    """greedy's build (code P_TRADER: the trader's, a trade where one completes a build): the first affordable
    placeable build of PRIORITY where the build rules put it; else O_END."""
    for i in range(4):
        b = PRIORITY[i]
        if affordable(s, q, b) and placeable(s, bd, cfg, q, b, w):
            if b == B_CITY:
                return O_CITY + city_spot(s, bd, q)
            if b == B_SETTLE:
                return O_SETTLE + best_spot(s, bd, cfg, q, False)
            if b == B_DEV:
                return O_DEV
            return O_ROAD + road_choice(s, bd, q, w)
    if code == P_TRADER:
        for i in range(4):
            b = PRIORITY[i]
            if missing(s, q, b) == 1 and placeable(s, bd, cfg, q, b, w):
                t = trade_choice(s, bd, cfg, q, b)
                if t >= 0:
                    return O_TRADE + t
    return O_END


@kernel(f"boolean({S}, int64, int64)")
def road_legal(s, q, e):
    """Whether q may build a road on edge e: free, and touching an own building or an own road through a vertex
    no other player's building holds."""
    if s[ROAD + e] >= 0:
        return False
    for k in range(2):
        x = EDGES[e, k]
        o = s[VOWN + x]
        if o == q or (o < 0 and has_road_at(s, q, x)):
            return True
    return False


# ------------------------------------------------------------------------------------------------
# the 7, the robber and development cards


@kernel(f"int64({S}, int64, int64)")
def discard_choice(s, q, b):
    """The card greedy discards: the largest surplus over its wanted build b's cost (ties PREF)."""
    best, bv = -1, -(1 << 30)
    for i in range(NR):
        r = PREF[i]
        h = s[HAND + q * NR + r]
        if h > 0 and h - target_cost(b, r) > bv:
            best, bv = r, h - target_cost(b, r)
    return best


@kernel(f"int64({S}, {S}, {S}, int64, int64, {S})")
def steal_choice(s, bd, cfg, p, victim, w):
    """Under steal: chosen, the resource greedy takes: the most needed for its wanted build, then the victim's
    most held."""
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
    return r


@kernel(f"void({S}, int64, int64, int64)")
def take(s, p, victim, r):
    """p takes a card of kind r from the victim; every other seat sees a card move, not its kind."""
    s[HAND + victim * NR + r] -= 1
    s[HAND + p * NR + r] += 1
    for x in range(s[NPL]):
        if x != p and x != victim:
            s[UNC + x * MAXP + p] += 1
            s[UNC + x * MAXP + victim] += 1


@kernel(f"int64({S}, {U}, int64)")
def random_kind(s, rs, q):
    """The kind of a card drawn blind from q's hand (the steal stream)."""
    k = randint(rs, S_STEAL, hand_total(s, q))
    r = 0
    while k >= s[HAND + q * NR + r]:
        k -= s[HAND + q * NR + r]
        r += 1
    return r


@kernel(f"int64({S}, {U}, {R}, int64)")
def random_card(s, rs, rec, victim):
    """A card drawn blind from the victim's hand (recorded)."""
    r = random_kind(s, rs, victim)
    note(rec, R_STEAL, r)
    return r


@kernel(f"boolean({S}, {S}, int64, int64)")
def robber_legal(s, cfg, p, h):
    return h != s[ROBBER] or cfg[C_ROB_ANY] == 1


@kernel(f"int64({S}, {S}, {S}, int64)")
def robber_choice(s, bd, cfg, p):
    """greedy's robber hex: the most pips times buildings of others, away from its own buildings if it can."""
    best, bv = -1, -1
    for own_ok in range(2):
        for h in range(NH):
            if not robber_legal(s, cfg, p, h) or (own_ok == 0 and touches(s, h, p)):
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
    return best


@kernel(f"boolean({S}, int64, int64)")
def victim_legal(s, p, q):
    return q != p and hand_total(s, q) > 0 and touches(s, s[ROBBER], q)


@kernel(f"int64({S}, int64)")
def victim_choice(s, p):
    """greedy's victim at the robber's hex: the most cards (ties the first after p); -1 none."""
    P = s[NPL]
    victim, vt = -1, 0
    for k in range(1, P):
        q = (p + k) % P
        t = hand_total(s, q)
        if t > vt and touches(s, s[ROBBER], q):
            victim, vt = q, t
    return victim


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


@kernel(f"int64({S}, {S}, {S}, int64, {S})")
def yop_choice(s, bd, cfg, p, w):
    """greedy's year of plenty: the cards completing the first placeable build of PRIORITY that misses one or
    two (a second card where one is missing: the resource it holds least, ties PREF) as O_YOP + r1 * 6 + r2
    (r2 = NR: none); -1 none."""
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
        r1, r2 = -1, -1
        for r in range(NR):
            d = COST[b, r] - s[HAND + p * NR + r]
            for _ in range(max(0, d)):
                if r1 < 0:
                    r1 = r
                else:
                    r2 = r
        if m == 1:
            best, bh = -1, 1 << 30
            for j in range(NR):
                r = PREF[j]
                left = s[BANK + r] - (r == r1)
                held = s[HAND + p * NR + r] + (r == r1)
                if left > 0 and held < bh:
                    best, bh = r, held
            r2 = best
        if r2 < 0:
            r2 = NR
        elif r2 < r1:
            r1, r2 = r2, r1
        return O_YOP + r1 * 6 + r2
    return -1


@kernel(f"int64({S}, int64)")
def mono_choice(s, p):
    """greedy's monopoly: the resource the others hold most of (ties PREF), at least 3; -1 none."""
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
    return best if bt >= 3 else -1


@kernel(f"int64({S}, {S}, {S}, int64, {S})")
def dev_choice(s, bd, cfg, p, w):
    """greedy's development card: a knight when the robber blocks it or to take largest army, road building when
    it wants a road, year of plenty when two cards complete a build, monopoly on 3 cards or more; else O_END."""
    if can_play(s, p, KNIGHT) and knight_wanted(s, bd, p):
        return O_KNIGHT
    if can_play(s, p, ROADB) and road_wanted(s, bd, cfg, p, w):
        return O_ROADB
    if can_play(s, p, YOP):
        c = yop_choice(s, bd, cfg, p, w)
        if c >= 0:
            return c
    if can_play(s, p, MONO):
        r = mono_choice(s, p)
        if r >= 0:
            return O_MONO + r
    return O_END


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


@kernel(f"void({S}, {S}, int64)")
def roll_start(s, cfg, p):
    """The start of p's turn before the roll: last turn's cards become playable, old VP cards are revealed
    (must_reveal), the win check."""
    for t in range(5):
        s[DEVNEW + p * 5 + t] = 0
    s[PLAYS] = 0
    if cfg[C_VP_HIDDEN] == 0 and s[DEVH + p * 5 + VPCARD] > 0:
        s[VPR + p] += s[DEVH + p * 5 + VPCARD]
        s[DEVH + p * 5 + VPCARD] = 0
    check_win(s, cfg, p)


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


@kernel(f"int64({S}, {S}, int64)")
def setup_road_choice(s, bd, v):
    """greedy's set-up road from v: toward the free spot of most pips one step beyond (ties the first
    neighbour); -1 none."""
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
    return -1 if best < 0 else NBE[v, best]


@njit(f"void({S}, {S}, {S})", cache=True)
def init(s, bd, cfg):
    """A fresh state for the board in bd (its vertex pips and kinds are filled in here, and the row copied into
    the state)."""
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
    for i in range(BDSIZE):
        s[BD + i] = bd[i]
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
    s[SETV] = -1
    s[DLEFT] = -1
    s[VICT] = -1


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


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py) on the state `f` (its board row, work vector and stats inside it, `init`):
# the set-up's settlements and roads, each card a 7's discard costs (seat by seat from the mover), the robber's hex
# and victim (and under steal: chosen the card), each development card played (road building's roads one by one)
# and each build or bank trade are decisions; a turn ends with its mover's O_END, and advance returns
# search.ROUND_END after each turn (and after the set-up), so a caller's round limit counts turns.

# the forward model's functions allocate nothing and are compiled without numba's reference counting (_nrt=False):
# with it, the slices of the state they hand their kernels (parts) took half of a greedy game's time
@njit(cache=True, error_model="python", _nrt=False)
def parts(f):
    return f[BD:BD + BDSIZE], f[WK:WK + WSIZE], f[STB:STB + STSIZE]


@kernel(f"void({S}, {S}, {S})")
def after_robber(f, cfg, st):
    """A knight's robber done: the army counted, largest army, the win check; then back to the cards."""
    p = f[TOMOVE]
    if f[RCTX] == R_KNIGHT:
        f[KN + p] += 1
        la = f[LA]
        if f[KN + p] >= 3 and la != p and (la < 0 or f[KN + p] > f[KN + la]):
            f[LA] = p
        claim(f, cfg, p)
    f[STEP] = T_DEV


@kernel(f"boolean({S}, int64)")
def any_dev_play(f, p):
    """Whether p has a development card it may play now (road building: with a road left in supply)."""
    return (can_play(f, p, KNIGHT) or (can_play(f, p, ROADB) and f[SUP + p * 3] > 0) or can_play(f, p, YOP)
            or can_play(f, p, MONO))


@kernel(f"boolean({S}, int64)")
def any_road(f, q):
    if f[SUP + q * 3] == 0:
        return False
    for e in range(NE):
        if road_legal(f, q, e):
            return True
    return False


@njit(search.ADVANCE_SIG, cache=True, error_model="python", _nrt=False)
def advance(f, cfg, rs, rec):
    bd, w, st = parts(f)
    P = f[NPL]
    while True:
        if f[PEND]:
            return f[DECP]
        if f[ENDED] != E_RUN:
            if f[STEP] != T_DONE:  # the turn the game ended in is counted
                if f[PHASE] == 1:
                    f[TURN] += 1
                f[STEP] = T_DONE
            return search.ENDED
        step, p = f[STEP], f[TOMOVE]
        if step == T_SETUP:
            i = f[SETI]
            if i == 2 * P:
                f[PHASE] = 1
                f[TURN] = 0
                f[TOMOVE] = f[ORDER]
                f[STEP] = T_START
                return search.ROUND_END
            q = f[ORDER + (i if i < P else 2 * P - 1 - i)]
            if f[SETV] >= 0 and setup_road_choice(f, bd, f[SETV]) < 0:  # no free edge: no road
                f[SETI] += 1
                f[SETV] = -1
                continue
            f[PEND] = D_SSET if f[SETV] < 0 else D_SROAD
            f[DECP] = q
        elif step == T_START:
            roll_start(f, cfg, p)
            if f[ENDED] != E_RUN:
                continue
            roll = randint(rs, S_DICE, 6) + randint(rs, S_DICE, 6) + 2
            note(rec, R_ROLL, roll)
            if roll == 7:
                st[ST_SEVENS] += 1
                f[STEP], f[DK], f[DLEFT] = T_DISC, 0, -1
            else:
                produce(f, bd, roll, w)
                f[STEP] = T_DEV
            continue
        elif step == T_DISC:
            if f[DK] == P:
                f[STEP], f[RCTX] = T_ROB, R_SEVEN
                continue
            q = (p + f[DK]) % P
            if f[DLEFT] < 0:
                n = hand_total(f, q)
                d = 0 if n <= 7 else ((n + 1) // 2 if cfg[C_DISC_UP] else n // 2)
                st[ST_DISCARDED] += d
                f[DLEFT] = d
                if d > 0:
                    f[DTGT] = target(f, bd, cfg, q, w)
            if f[DLEFT] == 0:
                f[DK] += 1
                f[DLEFT] = -1
                continue
            f[PEND], f[DECP] = D_DISC, q
        elif step == T_ROB:
            f[PEND], f[DECP] = D_ROBHEX, p
        elif step == T_VICTIM:
            if victim_choice(f, p) < 0:
                after_robber(f, cfg, st)
                continue
            f[PEND], f[DECP] = D_VICTIM, p
        elif step == T_STEAL:
            f[PEND], f[DECP] = D_STEAL, p
        elif step == T_DEV:
            if f[RBL] > 0:
                f[STEP] = T_RB
                continue
            if not (cfg[C_DEV_UNLIMITED] == 1 or f[PLAYS] == 0) or not any_dev_play(f, p):
                f[STEP] = T_BUILD
                continue
            f[PEND], f[DECP] = D_DEV, p
        elif step == T_RB:
            if f[RBL] == 0:
                claim(f, cfg, p)
                f[STEP] = T_DEV
                continue
            if not any_road(f, p):
                f[RBL] -= 1
                continue
            f[PEND], f[DECP] = D_RBROAD, p
        elif step == T_BUILD:
            f[PEND], f[DECP] = D_BUILD, p
        else:  # T_END
            f[TURN] += 1
            f[STEP] = T_START
            f[TOMOVE] = (p + 1) % P
            if f[TURN] >= cfg[C_CAP]:
                f[ENDED] = E_CAPPED
                f[STEP] = T_DONE
            return search.ROUND_END


@njit(search.LEGAL_SIG, cache=True, error_model="python", _nrt=False)
def legal(f, cfg, out):
    """The pending decision's options (module notes above), at most out's length."""
    bd, w, st = parts(f)
    d, q, cap = f[PEND], f[DECP], out.shape[0]
    n = 0
    if d == D_SSET:
        for v in range(NV):
            if spot_free(f, v) and n < cap:
                out[n] = v
                n += 1
    elif d == D_SROAD:
        v = f[SETV]
        for k in range(3):
            if NB[v, k] >= 0 and f[ROAD + NBE[v, k]] < 0:
                out[n] = NBE[v, k]
                n += 1
    elif d == D_DISC or d == D_STEAL:
        who = q if d == D_DISC else f[VICT]
        for r in range(NR):
            if f[HAND + who * NR + r] > 0:
                out[n] = r
                n += 1
    elif d == D_ROBHEX:
        for h in range(NH):
            if robber_legal(f, cfg, q, h):
                out[n] = h
                n += 1
    elif d == D_VICTIM:
        P = f[NPL]
        for k in range(1, P):
            if victim_legal(f, q, (q + k) % P):
                out[n] = (q + k) % P
                n += 1
    elif d == D_RBROAD:
        out[0] = O_END
        n = 1
        for e in range(NE):
            if road_legal(f, q, e) and n < cap:
                out[n] = e
                n += 1
    elif d == D_DEV:
        out[0] = O_END
        n = 1
        if can_play(f, q, KNIGHT):
            out[n] = O_KNIGHT
            n += 1
        if can_play(f, q, ROADB) and f[SUP + q * 3] > 0:
            out[n] = O_ROADB
            n += 1
        if can_play(f, q, MONO):
            for r in range(NR):
                out[n] = O_MONO + r
                n += 1
        if can_play(f, q, YOP):
            pairs = n
            for r1 in range(NR):
                for r2 in range(r1, NR):
                    if f[BANK + r1] >= 1 + (r1 == r2) and f[BANK + r2] >= 1:
                        out[n] = O_YOP + r1 * 6 + r2
                        n += 1
            if n == pairs:  # the bank holds one card at most
                for r in range(NR):
                    if f[BANK + r] > 0:
                        out[n] = O_YOP + r * 6 + NR
                        n += 1
    else:  # D_BUILD
        out[0] = O_END
        n = 1
        if affordable(f, q, B_CITY) and f[SUP + q * 3 + 2] > 0:
            for v in range(NV):
                if f[VOWN + v] == q and f[VKIND + v] == 1:
                    out[n] = O_CITY + v
                    n += 1
        if affordable(f, q, B_SETTLE) and f[SUP + q * 3 + 1] > 0:
            for v in range(NV):
                if spot_free(f, v) and (cfg[C_NEED_ROAD] == 0 or has_road_at(f, q, v)) and n < cap:
                    out[n] = O_SETTLE + v
                    n += 1
        if affordable(f, q, B_DEV) and placeable(f, bd, cfg, q, B_DEV, w) and n < cap:
            out[n] = O_DEV
            n += 1
        if affordable(f, q, B_ROAD) and f[SUP + q * 3] > 0:
            for e in range(NE):
                if road_legal(f, q, e) and n < cap:
                    out[n] = O_ROAD + e
                    n += 1
        for give in range(NR):
            if f[HAND + q * NR + give] >= rate(f, bd, cfg, q, give):
                for get in range(NR):
                    if get != give and f[BANK + get] > 0 and n < cap:
                        out[n] = O_TRADE + give * NR + get
                        n += 1
    return n


@njit(search.APPLY_SIG, cache=True, error_model="python", _nrt=False)
def apply(f, cfg, rs, rec, o):
    bd, w, st = parts(f)
    d, q = f[PEND], f[DECP]
    f[PEND] = 0
    if d == D_SSET:
        place_settlement(f, bd, cfg, q, o, w)
        f[SETV] = o
        if f[SETI] >= f[NPL]:  # the second settlement's hexes pay one card each
            for j in range(3):
                h = VHEX[o, j]
                if h >= 0 and bd[B_RES + h] >= 0:
                    f[HAND + q * NR + bd[B_RES + h]] += 1
                    f[BANK + bd[B_RES + h]] -= 1
    elif d == D_SROAD:
        place_road(f, cfg, q, o, w)
        f[SETI] += 1
        f[SETV] = -1
    elif d == D_DISC:
        f[HAND + q * NR + o] -= 1
        f[BANK + o] += 1
        f[DLEFT] -= 1
    elif d == D_ROBHEX:
        f[ROBBER] = o
        f[STEP] = T_VICTIM
    elif d == D_VICTIM:
        if cfg[C_STEAL_CHOSEN]:
            f[VICT] = o
            f[STEP] = T_STEAL
        else:
            take(f, q, o, random_card(f, rs, rec, o))
            after_robber(f, cfg, st)
    elif d == D_STEAL:
        take(f, q, f[VICT], o)
        after_robber(f, cfg, st)
    elif d == D_RBROAD:
        if o != O_END:
            place_road(f, cfg, q, o, w)
        f[RBL] -= 1
        f[STEP] = T_RB
    elif d == D_DEV:
        if o == O_END:
            f[STEP] = T_BUILD
        elif o == O_KNIGHT:
            play_card(f, q, KNIGHT, st, A_KNIGHT)
            f[STEP], f[RCTX] = T_ROB, R_KNIGHT
        elif o == O_ROADB:
            play_card(f, q, ROADB, st, A_ROADB)
            f[RBL] = 2
            f[STEP] = T_RB
        elif o < O_YOP:
            play_card(f, q, MONO, st, A_MONO)
            r = o - O_MONO
            for x in range(f[NPL]):
                if x != q:
                    f[HAND + q * NR + r] += f[HAND + x * NR + r]
                    f[HAND + x * NR + r] = 0
        else:
            play_card(f, q, YOP, st, A_YOP)
            for r in ((o - O_YOP) // 6, (o - O_YOP) % 6):
                if r < NR:
                    f[HAND + q * NR + r] += 1
                    f[BANK + r] -= 1
    else:  # D_BUILD
        if o == O_END:
            f[STEP] = T_END
        elif o >= O_TRADE:
            give, get = (o - O_TRADE) // NR, (o - O_TRADE) % NR
            rt = rate(f, bd, cfg, q, give)
            f[HAND + q * NR + give] -= rt
            f[BANK + give] += rt
            f[HAND + q * NR + get] += 1
            f[BANK + get] -= 1
            st[ST_ACT + q * NACT + A_TRADE] += 1
        elif o >= O_ROAD:
            build(f, bd, cfg, q, B_ROAD, o - O_ROAD, rs, rec, w, st)
        elif o >= O_SETTLE:
            build(f, bd, cfg, q, B_SETTLE, o - O_SETTLE, rs, rec, w, st)
        elif o >= O_CITY:
            build(f, bd, cfg, q, B_CITY, o - O_CITY, rs, rec, w, st)
        else:
            build(f, bd, cfg, q, B_DEV, -1, rs, rec, w, st)


@njit(search.POLICY_SIG, cache=True, error_model="python", _nrt=False)
def policy(f, cfg, rs, rec, code):
    """greedy (P_GREEDY), trader (P_TRADER: greedy with its bank trades) or random (P_RANDOM: uniform over the
    legal options, on the steal stream)."""
    bd, w, st = parts(f)
    d, q = f[PEND], f[DECP]
    if code == P_RANDOM:
        opts = w[W_OPT:W_OPT + 64]
        n = legal(f, cfg, opts)
        return opts[randint(rs, S_STEAL, n)]
    if d == D_SSET:
        return best_spot(f, bd, cfg, q, True)
    if d == D_SROAD:
        return setup_road_choice(f, bd, f[SETV])
    if d == D_DISC:
        return discard_choice(f, q, f[DTGT])
    if d == D_ROBHEX:
        return robber_choice(f, bd, cfg, q)
    if d == D_VICTIM:
        return victim_choice(f, q)
    if d == D_STEAL:
        return steal_choice(f, bd, cfg, q, f[VICT], w)
    if d == D_RBROAD:
        e = road_choice(f, bd, q, w) if f[SUP + q * 3] > 0 else -1
        return O_END if e < 0 else e
    if d == D_DEV:
        return dev_choice(f, bd, cfg, q, w)
    return build_choice(f, bd, cfg, q, code, w)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="python")
def determinize(f, cfg, viewer, rs):
    """Hidden from `viewer`: the other seats' development cards (each keeps its count, and of them the count
    bought this turn) and the deck's order (the engine draws from the deck's counts).  The cards the viewer
    cannot see (the deck's and the others' unplayed cards) are pooled by kind and dealt again at random.
    Resource hands: every production, build, trade, discard and card played is public; a steal between two other
    seats hides the card's kind, so that many cards of each seat it touched are resampled (`UNC`; a
    simplification: docs/games/catan-search.md)."""
    P = f[NPL]
    pool = np.zeros(5, dtype=np.int64)
    for t in range(5):
        pool[t] = f[DECK + t]
    for q in range(P):
        if q != viewer:
            for t in range(5):
                pool[t] += f[DEVH + q * 5 + t]
    left = pool.sum()
    for q in range(P):
        if q == viewer:
            continue
        held, new = 0, 0
        for t in range(5):
            held += f[DEVH + q * 5 + t]
            new += f[DEVNEW + q * 5 + t]
            f[DEVH + q * 5 + t] = 0
            f[DEVNEW + q * 5 + t] = 0
        for i in range(held):
            k = randint(rs, S_DEV, left)
            t = 0
            while k >= pool[t]:
                k -= pool[t]
                t += 1
            pool[t] -= 1
            left -= 1
            f[DEVH + q * 5 + t] += 1
            if i < new:
                f[DEVNEW + q * 5 + t] += 1
    for t in range(5):
        f[DECK + t] = pool[t]
    # the resource cards whose kind steals between other seats hid from the viewer: as many as such steals touched
    # each other seat (as thief or victim; at most its hand), drawn from its hand, pooled and dealt again
    unseen = np.zeros(P, dtype=np.int64)
    cards = np.zeros(NR, dtype=np.int64)
    left = 0
    for q in range(P):
        if q == viewer:
            continue
        unseen[q] = min(f[UNC + viewer * MAXP + q], hand_total(f, q))
        for _ in range(unseen[q]):
            r = random_kind(f, rs, q)
            f[HAND + q * NR + r] -= 1
            cards[r] += 1
            left += 1
    for q in range(P):
        for _ in range(unseen[q]):
            k = randint(rs, S_STEAL, left)
            r = 0
            while k >= cards[r]:
                k -= cards[r]
                r += 1
            cards[r] -= 1
            left -= 1
            f[HAND + q * NR + r] += 1


@kernel(f"void({S}, {S}, {S})")
def top_points(f, cfg, keys):
    """Every seat's win key: the winner 1, the rest 0; a game not won: its points (a capped game's most points
    share the win)."""
    for q in range(f[NPL]):
        keys[q] = points(f, cfg, q)
    if f[ENDED] == E_WON:
        for q in range(f[NPL]):
            keys[q] = 1 if q == f[WINNER] else 0


# the evaluation: a seat's standing in points, EVAL_PIPS a point per pip of production (a city's twice; the
# robber's hex not counted), EVAL_CARDS a point per card in hand up to 7 and per unplayed development card;
# EVAL_SHARPNESS the softmax's over the seats
EVAL_PIPS, EVAL_CARDS, EVAL_SHARPNESS = 0.06, 0.1, 1.0


@kernel(f"float64({S}, {S}, int64)")
def standing(f, cfg, q):
    pp = 0
    for v in range(NV):
        if f[VOWN + v] == q:
            pp += f[BD + B_VPIPS + v] * f[VKIND + v]
    cards = min(hand_total(f, q), 7)
    for t in range(5):
        cards += f[DEVH + q * 5 + t]
    return points(f, cfg, q) + EVAL_PIPS * pp + EVAL_CARDS * cards


@njit(search.SCORE_SIG, cache=True, error_model="python", _nrt=False)
def evaluate(f, cfg, seat):
    """The forward model's evaluation (core/search.py, truncated playouts): the seat's estimated share of the win
    where the game goes on, a softmax of every seat's `standing` (points, production, cards)."""
    P = f[NPL]
    top = -1e9
    for q in range(P):
        top = max(top, standing(f, cfg, q))
    total, mine = 0.0, 0.0
    for q in range(P):
        e = math.exp(EVAL_SHARPNESS * (standing(f, cfg, q) - top))
        total += e
        if q == seat:
            mine = e
    return mine / total


@njit(search.SCORE_SIG, cache=True, error_model="python", _nrt=False)
def reward(f, cfg, seat):
    """The seat's share of the win: 1 to the winner; a capped game splits it among the most points; where the
    game goes on (a truncated playout), its `evaluate`."""
    if f[ENDED] == E_RUN:
        return evaluate(f, cfg, seat)
    keys = parts(f)[1][W_KEY:W_KEY + f[NPL]]
    top_points(f, cfg, keys)
    return search.win_share(keys, seat)


@njit(search.SCORE_SIG, cache=True, error_model="python", _nrt=False)
def margin(f, cfg, seat):
    """The seat's points minus the best other seat's; where the game goes on, the same of their `standing`."""
    if f[ENDED] == E_RUN:
        best = -1e9
        for q in range(f[NPL]):
            if q != seat:
                best = max(best, standing(f, cfg, q))
        return standing(f, cfg, seat) - best
    keys = parts(f)[1][W_KEY:W_KEY + f[NPL]]
    for q in range(f[NPL]):
        keys[q] = points(f, cfg, q)
    return search.lead(keys, seat)


# playouts of SEARCH_DEPTH turns (two rounds at 4 players; policies.py), then the evaluation, and no
# exploring playouts: at 4 players search:64 against three search:16 won 34.5% (200 games) with none, 27.0% with the
# default rate 8; 4 or 16 turns did worse (docs/games/catan-search.md)
MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, explore_in=0,
                            evaluate=evaluate, depth=SEARCH_DEPTH)
PLAY = search.whole_game(MODEL)
S1, R2 = types.int64[::1], types.int64[:, ::1]


@njit(types.void(R2, S1, R2, types.uint64[:, ::1], R2, S1, R2, types.boolean, types.int64, *search.MODEL),
      cache=True, error_model="python")
def batch(bds, cfg, pols, streams, stats, s, rec, fresh, max_turns, advance, legal, apply, policy, determinize,
          reward, margin):
    """Game j on board bds[j] with policies pols[j] (per seat, or per placement rank under C_BYRANK) and chance
    streams streams[j] (advanced in place), its stats in stats[j]; s the forward state (its board, work and stats
    inside), rec the record buffer.  fresh: every game from a new state (its start order rolled here); else the
    one game in s goes on.  Each game plays its set-up (if not yet done) and then up to max_turns turns (-1: to
    the end), through core's whole-game loop (`search.whole_game`); the search players' seed comes from the start-order stream's seed
    (never its draws); the forward model comes in as arguments, so that this kernel caches."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    st = s[STB:STB + STSIZE]
    for j in range(streams.shape[0]):
        rs = streams[j]
        seed = search.mix(rs[S_START] ^ np.uint64(0xCA7A4))
        if fresh:
            init(s, bds[j], cfg)
            start_order(s, cfg, rs, rec, s[WK:WK + WSIZE])
            for k in range(P):
                q = s[ORDER + k]
                s[POL + q] = pols[j, k] if cfg[C_BYRANK] else pols[j, q]
        for q in range(P):
            codes[q] = s[POL + q]
        rounds = max_turns + 1 if (max_turns >= 0 and s[PHASE] == 0) else max_turns  # the set-up ends a round
        PLAY(s, cfg, rs, rec, codes, rounds, -1, seed, advance, legal, apply, policy, determinize, reward, margin)
        finish(s, cfg, st)
        stats[j, :] = st


NEW_GAME, GO_ON = True, False  # run's start: every game from a fresh state, or the one game in s goes on


def run(cfg, streams, stats, s, start, max_turns=-1, pols=None, bds=None, rec=None):
    """`batch` as core calls an engine (`core/engine.py`): `bds` the board rows (one a game; read for new games
    only), `pols` the policy codes, the record buffer made fresh where the caller keeps none."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    bds = np.zeros((1, BDSIZE), dtype=np.int64) if bds is None else bds
    batch(bds, cfg, pols, streams, stats, s, np.zeros((1, 2), dtype=np.int64) if rec is None else rec, start,
          max_turns, *MODEL.functions())


PROBES = ("longest", "road_choice", "best_spot", "place_settlement", "place_road", "discard", "rate", "points",
          "target", "robber", "build_loop", "roll_phase", "dev_step", "produce")
# the steps a probe drives through the forward model (from start, while in first..last): the discards, the robber,
# the builds, the turn's start up to its cards, the cards (a knight's robber too)
DRIVEN = np.zeros((len(PROBES), 3), dtype=np.int64)  # (start, first, last) by probe
DRIVEN[5], DRIVEN[9], DRIVEN[10] = (T_DISC, T_DISC, T_DISC), (T_ROB, T_ROB, T_STEAL), (T_BUILD, T_BUILD, T_BUILD)
DRIVEN[11], DRIVEN[12] = (T_START, T_START, T_STEAL), (T_DEV, T_ROB, T_RB)


@njit(cache=True, error_model="python")
def drive(f, cfg, rs, rec, start, first, last):
    """The forward model from step `start`, every decision taken by its seat's own policy, until the game leaves
    steps first..last (a decision pending after them is withdrawn) or ends."""
    f[STEP] = start
    while f[ENDED] == E_RUN:
        if f[PEND] == 0 and not first <= f[STEP] <= last:
            break
        p = advance(f, cfg, rs, rec)
        if p < 0:
            break
        if not first <= f[STEP] <= last:
            f[PEND] = 0
            break
        apply(f, cfg, rs, rec, policy(f, cfg, rs, rec, f[POL + p]))


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, s, bd, cfg, q, x, rs, rec, w, st):
    """One engine step on a hand-made state, for the hand-stepped tests: PROBES[op] for player q (x: a vertex,
    edge or resource where the step takes one; best_spot: x = 1 in the set-up).  The discards, the robber, the
    builds, the turn's start and the cards are driven through the forward model (`drive`: s is a whole forward
    state, its own board row, work vector and stats), q the mover.  Returns the step's value or 0."""
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
    elif op == 6:
        return rate(s, bd, cfg, q, x)
    elif op == 7:
        return points(s, cfg, q)
    elif op == 8:
        return target(s, bd, cfg, q, w)
    elif op == 13:
        produce(s, bd, x, w)
    else:
        s[TOMOVE] = q
        s[DK], s[DLEFT] = 0, -1
        s[RCTX] = R_SEVEN
        drive(s, cfg, rs, rec, DRIVEN[op, 0], DRIVEN[op, 1], DRIVEN[op, 2])
        if op == 9:
            return s[ROBBER]
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


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: 1 to the winner; a capped game splits 1 among the seats with the most points."""
    pts = stats[:, ST_POINTS:ST_POINTS + players].astype(np.float64)
    top = pts == pts.max(1, keepdims=True)
    out = top / top.sum(1, keepdims=True)
    won = stats[:, ST_END] == E_WON
    out[won] = 0.0
    out[np.flatnonzero(won), stats[won, ST_WINNER]] = 1.0
    return out
