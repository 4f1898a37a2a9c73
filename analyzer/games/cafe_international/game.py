"""The Café International full-game engine (numba): whole games from the set-up, or from a position, with the
seated policies (`policies.py`).

Settings (with the layout packed in) and state are flat int64 arrays (offsets below).  A tile is its rules.kind
(2 * nat + sex, jokers 24 and 25); tables and chairs are indices in the layout's order (chairs by first
appearance, layout.py's `chair_order`).  Placement legality and scoring mirror layout.py (the tests hold the two
equal on random boards).  Chance comes from three splitmix64 streams per game (start player, bag, random players'
choices) seeded from `Chance`, so every rule set of a balance run meets the same draws game by game.  With a
record buffer every chance outcome and every random player's move is written in order (rows of 11: tag then
values; the coordination notes' chance record); the readable reference replays a game from it.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core import settings as core_settings
from analyzer.core.kernels import R, S, U, kernel, randint
from analyzer.core.policies import engine_coders
from analyzer.core.streams import StreamSeeds
from analyzer.games.cafe_international import rules as r

MAXP = 4
NK = r.KINDS  # 26
JOKER_F = 2 * r.JOKER
MAXT = r.MAX_TABLES  # tables a supplied layout may have
MAXC = 4 * MAXT
MAXNB = 8  # chairs sharing a table with a chair
MAXBAR = max(r.BAR_SPACES)
MAXMV = 1 << 17  # moves listed in one turn: more than a hand of 5 can make on rules.MAX_CHAIRS chairs
KIND_COUNTS = np.array(r.KIND_COUNTS, dtype=np.int64)
# work: per kind held, the free chairs it fits and those where it may sit alone (lists, ascending, and counts);
# the kinds held; a table's open chairs
WK_FIT, WK_ALONE = 0, NK * MAXC
WK_FITN = 2 * NK * MAXC
WK_ALONEN = WK_FITN + NK
WK_KINDS = WK_ALONEN + NK
WK_OPEN = WK_KINDS + NK
WKSIZE = WK_OPEN + 4

# settings vector (with the layout)
(C_P, C_NEVER, C_PERGUEST, C_EXACT4, C_BARN, C_COFFEE, C_BDAY, C_BDAYSCORE, C_CAP, C_NT, C_NC, C_ME,
 C_BYRANK) = range(13)
C_BAR = 13
C_TNAT = C_BAR + MAXBAR  # MAXT table nationalities
C_TNCH = C_TNAT + MAXT  # MAXT chairs per table
C_TCH = C_TNCH + MAXT  # MAXT x 4 chairs of each table (-1 pads)
C_CNT = C_TCH + 4 * MAXT  # MAXC tables per chair (1 or 2)
C_CTAB = C_CNT + MAXC  # MAXC x 2 tables of each chair
C_NBN = C_CTAB + 2 * MAXC  # MAXC near chairs per chair
C_NB = C_NBN + MAXC  # MAXC x MAXNB the chairs sharing a table with it (itself excluded)
C_HCAP = C_NB + MAXC * MAXNB  # MAXP start points by turn-order rank (the seat handicap)
CSIZE = C_HCAP + MAXP

# the actions each seat counts
ACT_KINDS = ("one guest", "two guests", "coffee party", "joker swap", "bar", "completion", "pass", "dropout")
A_ONE, A_TWO, A_PARTY, A_SWAP, A_BAR, A_COMPLETE, A_PASS, A_DROP = range(8)
NACT = len(ACT_KINDS)

# state vector
NPL, TOMOVE, TURN, ENDED, STARTP, BARN, BAGN, BDAY, NFREE, NACTIVE = range(10)
OUT = 10  # MAXP dropped out
SCORE = OUT + MAXP
TARGET = SCORE + MAXP  # MAXP refill targets (5 minus the completions used)
HN = TARGET + MAXP  # MAXP hand sizes
HAND = HN + MAXP  # MAXP x NK
BAG = HAND + MAXP * NK  # NK
SEAT = BAG + NK  # MAXC: the kind seated, -1 free
TN = SEAT + MAXC  # MAXT guests at each table
TMEN = TN + MAXT  # MAXT men at each table
POL = TMEN + MAXT  # MAXP policy codes
BARHID = POL + MAXP  # from a position: bar tiles not listed, drawn from the bag's non-jokers per rollout
# the forward model (core/search.py): a turn pending (WHAT), a turn just played (TDONE: advance reports it as
# search.ROUND_END, so the one game loop counts turns); the stats kept in the state: whether the seat C_ME went to
# the bar (and the bar's value then) and dropped out, each seat's actions by ACT_KINDS
WHAT, TDONE, MYBAR, MYBARV, MYOUT = range(BARHID + 1, BARHID + 6)
ACTS = MYOUT + 1  # MAXP x NACT
SSIZE = ACTS + MAXP * NACT
END_NAMES = ("running", "bar", "chairs", "bag", "empty_hand", "dropout", "capped")
E_RUN, E_BAR, E_CHAIRS, E_BAG, E_HAND, E_DROPOUT, E_CAPPED = range(7)

# moves: rows of MVW (type, chair and kind of up to 4 guests, guests, the coffee-party table)
MV_PLACE, MV_SWAP, MV_BAR, MV_PASS = range(4)
MVW = 11
MV_NG, MV_PARTY = 9, 10

# per-game stats
ST_TURNS, ST_END, ST_START, ST_MYBAR, ST_MYBARV, ST_MYOUT = range(6)
ST_POINTS = 6  # MAXP final points
ST_OUT = ST_POINTS + MAXP  # MAXP dropped out
ST_ACT = ST_OUT + MAXP  # MAXP x NACT
STSIZE = ST_ACT + MAXP * NACT

# chance streams and record tags
S_START, S_BAG, S_CHOICE = range(3)
R_START, R_DRAW, R_MOVE = range(3)
RECORD_KINDS = ("start", "draw", "move")
RECW = 11

POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1
GO_ON, NEW_GAME, FROM_POSITION = range(3)



class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 3) uint64; game j of every rule set reads row j."""
    STREAMS = ("start", "bag", "choice")


# ------------------------------------------------------------------------------------------------
# chance


@kernel(f"void({R}, int64, {R}, int64)")
def note(rec, tag, mv, i):
    """Appends a record row: the tag, then mv[i] (a move) or, for i < 0, mv[0, :2] (start / draw values)."""
    if rec.shape[0] > 1:
        n = rec[0, 0] + 1
        if n < rec.shape[0]:
            rec[n, 0] = tag
            for j in range(RECW - 1):
                rec[n, 1 + j] = mv[i, j] if i >= 0 else (mv[0, j] if j < 2 else 0)
            rec[0, 0] = n


@kernel(f"int64({S}, int64)")
def take_from_bag(s, x):
    """Takes the bag's x-th tile (counting kind by kind) out of it: its kind."""
    k = 0
    while x >= s[BAG + k]:
        x -= s[BAG + k]
        k += 1
    s[BAG + k] -= 1
    s[BAGN] -= 1
    return k


@kernel(f"void({S}, int64, {U}, {R}, {R})")
def draw(s, p, rs, rec, tmp):
    """One tile from the bag, uniform over the tiles in it, into seat p's hand."""
    k = take_from_bag(s, randint(rs, S_BAG, s[BAGN]))
    s[HAND + p * NK + k] += 1
    s[HN + p] += 1
    tmp[0, 0], tmp[0, 1] = p, k
    note(rec, R_DRAW, tmp, -1)


# ------------------------------------------------------------------------------------------------
# the board (layout.py)


@kernel(f"boolean({S}, int64, int64)")
def fits(cfg, c, k):
    nat = k // 2
    if nat == r.JOKER:
        return True
    for i in range(cfg[C_CNT + c]):
        if cfg[C_TNAT + cfg[C_CTAB + 2 * c + i]] == nat:
            return True
    return False


@kernel(f"void({S}, {S}, int64, int64, int64)")
def put(cfg, s, c, k, sign):
    """Seats (sign 1) or lifts (sign -1) kind k on chair c."""
    s[SEAT + c] = k if sign > 0 else -1
    for i in range(cfg[C_CNT + c]):
        t = cfg[C_CTAB + 2 * c + i]
        s[TN + t] += sign
        s[TMEN + t] += sign * (k % 2)
    s[NFREE] -= sign


@kernel(f"boolean({S}, {S}, int64)")
def single_nat(cfg, s, t):
    nat = -1
    for i in range(cfg[C_TNCH + t]):
        k = s[SEAT + cfg[C_TCH + 4 * t + i]]
        if k >= 0 and k < JOKER_F:
            if nat >= 0 and k // 2 != nat:
                return False
            nat = k // 2
    return True


@kernel(f"boolean({S}, {S}, int64)")
def table_ok(cfg, s, t):
    """The balance and the lone-guest rule at table t at the end of a turn (layout._legal_end)."""
    if abs(2 * s[TMEN + t] - s[TN + t]) > 1:
        return False
    if s[TN + t] != 1:
        return True
    if cfg[C_NEVER]:
        return False
    for i in range(cfg[C_TNCH + t]):
        c = cfg[C_TCH + 4 * t + i]
        if s[SEAT + c] >= 0:
            for j in range(cfg[C_CNT + c]):
                o = cfg[C_CTAB + 2 * c + j]
                if o != t and s[TN + o] >= 2:
                    return True
    return False


@kernel(f"int64({S}, {S}, int64)")
def table_points(cfg, s, t):
    if s[TN + t] < 2:
        return 0
    if s[TN + t] == cfg[C_TNCH + t] and single_nat(cfg, s, t):
        return r.SINGLE_NATIONALITY_POINTS
    return s[TN + t]


@kernel(f"int64({S}, {R}, int64, {S})")
def touched(cfg, mv, i, tl):
    """The tables placement mv[i] reaches, into tl; returns how many."""
    n = 0
    for g in range(mv[i, MV_NG]):
        c = mv[i, 1 + 2 * g]
        for j in range(cfg[C_CNT + c]):
            t = cfg[C_CTAB + 2 * c + j]
            new = True
            for x in range(n):
                if tl[x] == t:
                    new = False
            if new:
                tl[n] = t
                n += 1
    return n


@kernel(f"boolean({S}, {S}, {R}, int64, {S})")
def placement_ok(cfg, s, mv, i, tl):
    """Placement mv[i] ends the turn legally at every table it reaches (the party table's balance waived)."""
    ng = mv[i, MV_NG]
    for g in range(ng):
        put(cfg, s, mv[i, 1 + 2 * g], mv[i, 2 + 2 * g], 1)
    ok = True
    for x in range(touched(cfg, mv, i, tl)):
        t = tl[x]
        if t != mv[i, MV_PARTY] and not table_ok(cfg, s, t):  # a full party table has no lone guest
            ok = False
    for g in range(ng):
        put(cfg, s, mv[i, 1 + 2 * g], mv[i, 2 + 2 * g], -1)
    return ok


@kernel(f"int64({S}, {S}, {R}, int64, {S})")
def score(cfg, s, mv, i, tl):
    """layout.score of placement mv[i] (and, in tl[MAXT - 1], the single-nationality tables it completes)."""
    ng, party = mv[i, MV_NG], mv[i, MV_PARTY]
    pts = 0
    if cfg[C_PERGUEST]:
        for g in range(ng):
            c = mv[i, 1 + 2 * g]
            put(cfg, s, c, mv[i, 2 + 2 * g], 1)
            for j in range(cfg[C_CNT + c]):
                t = cfg[C_CTAB + 2 * c + j]
                if t != party:
                    pts += table_points(cfg, s, t) * (2 if cfg[C_TNAT + t] == s[BDAY] else 1)
    else:
        for g in range(ng):
            put(cfg, s, mv[i, 1 + 2 * g], mv[i, 2 + 2 * g], 1)
    done = 0
    for x in range(touched(cfg, mv, i, tl)):
        t = tl[x]
        full1 = s[TN + t] == cfg[C_TNCH + t] and single_nat(cfg, s, t)
        done += full1
        if t == party:
            p = r.COFFEE_PARTY_SINGLE_POINTS if full1 else r.COFFEE_PARTY_POINTS
        elif cfg[C_PERGUEST]:
            p = 0
        else:
            p = table_points(cfg, s, t)
        pts += p * (2 if cfg[C_TNAT + t] == s[BDAY] else 1)
    for g in range(ng):
        put(cfg, s, mv[i, 1 + 2 * g], mv[i, 2 + 2 * g], -1)
    tl[MAXT - 1] = done
    return pts


# ------------------------------------------------------------------------------------------------
# the moves


@kernel(f"int64({R}, int64, int64, int64, int64, int64, int64)")
def add_pair(mv, n, c1, k1, c2, k2, party):
    """Appends a placement of one guest (c2 < 0) or two (chairs sorted); returns the new count."""
    if n >= MAXMV:
        return n
    for j in range(MVW):
        mv[n, j] = -1
    mv[n, 0] = MV_PLACE
    if c2 >= 0 and c2 < c1:
        c1, k1, c2, k2 = c2, k2, c1, k1
    mv[n, 1], mv[n, 2] = c1, k1
    mv[n, MV_NG] = 1
    if c2 >= 0:
        mv[n, 3], mv[n, 4] = c2, k2
        mv[n, MV_NG] = 2
    mv[n, MV_PARTY] = party
    return n + 1


@kernel(f"boolean({S}, int64, int64)")
def apart(cfg, c1, c2):
    for i in range(cfg[C_CNT + c1]):
        for j in range(cfg[C_CNT + c2]):
            if cfg[C_CTAB + 2 * c1 + i] == cfg[C_CTAB + 2 * c2 + j]:
                return False
    return True


@kernel(f"void({R}, int64)")
def sort_row(mv, i):
    """The guests of row i by chair (a party round a table that wraps the layout's chair order)."""
    for a in range(1, mv[i, MV_NG]):
        x = a
        while x > 0 and mv[i, 2 * x - 1] > mv[i, 2 * x + 1]:
            mv[i, 2 * x - 1], mv[i, 2 * x + 1] = mv[i, 2 * x + 1], mv[i, 2 * x - 1]
            mv[i, 2 * x], mv[i, 2 * x + 2] = mv[i, 2 * x + 2], mv[i, 2 * x]
            x -= 1


@kernel(f"int64({S}, {S}, int64, {R}, int64, {S}, {S})")
def parties(cfg, s, p, mv, n, wk, tl):
    """Appends every legal coffee party of seat p (layout._parties): 3 or 4 hand guests of one sex filling a table
    of 4 chairs whose guests are all of that sex."""
    h = HAND + p * NK
    for t in range(cfg[C_NT]):
        if cfg[C_TNCH + t] != 4:
            continue
        nopen = 0
        oc = wk[WK_OPEN:WK_OPEN + 4]
        for i in range(4):
            c = cfg[C_TCH + 4 * t + i]
            if s[SEAT + c] < 0:
                oc[nopen] = c
                nopen += 1
        if nopen < 3:
            continue
        for x in range(2):
            if (x == 0 and s[TMEN + t] > 0) or (x == 1 and s[TMEN + t] < s[TN + t]):
                continue
            # nested choice of one kind of sex x per open chair (13 nationalities with the joker)
            for a in range(13):
                ka = 2 * a + x
                if s[h + ka] == 0 or not fits(cfg, oc[0], ka):
                    continue
                s[h + ka] -= 1
                for b in range(13):
                    kb = 2 * b + x
                    if s[h + kb] == 0 or not fits(cfg, oc[1], kb):
                        continue
                    s[h + kb] -= 1
                    for d in range(13):
                        kd = 2 * d + x
                        if s[h + kd] == 0 or not fits(cfg, oc[2], kd):
                            continue
                        s[h + kd] -= 1
                        for e in range(13 if nopen == 4 else 1):
                            ke = 2 * e + x
                            if nopen == 4 and (s[h + ke] == 0 or not fits(cfg, oc[3], ke)):
                                continue
                            if n < MAXMV:
                                mv[n, 0] = MV_PLACE
                                mv[n, 1], mv[n, 2], mv[n, 3], mv[n, 4] = oc[0], ka, oc[1], kb
                                mv[n, 5], mv[n, 6] = oc[2], kd
                                mv[n, 7], mv[n, 8] = -1, -1
                                if nopen == 4:
                                    mv[n, 7], mv[n, 8] = oc[3], ke
                                mv[n, MV_NG], mv[n, MV_PARTY] = nopen, t
                                sort_row(mv, n)
                                if placement_ok(cfg, s, mv, n, tl):
                                    n += 1
                        s[h + kd] += 1
                    s[h + kb] += 1
                s[h + ka] += 1
    return n


@kernel(f"int64({S}, {S}, int64, boolean, {R}, {S}, {S})")
def moves(cfg, s, p, first, mv, wk, tl):
    """Every move of seat p into mv (coordination notes): placements (layout.legal_placements' set: singles, pairs,
    then coffee parties; greedy's tie-break compares keys, not places in this list), then joker swaps by chair and
    kind, then one bar move per non-joker kind held; returns how many."""
    h = HAND + p * NK
    NC = cfg[C_NC]
    kinds = wk[WK_KINDS:WK_KINDS + NK]
    nk = 0
    for k in range(NK):
        if s[h + k] > 0:
            kinds[nk] = k
            nk += 1
    n = 0
    for a in range(nk):  # singles
        k = kinds[a]
        nf = na = 0
        for c in range(NC):
            if s[SEAT + c] >= 0 or not fits(cfg, c, k):
                continue
            wk[WK_FIT + a * MAXC + nf] = c
            nf += 1
            n = add_pair(mv, n, c, k, -1, -1, -1)
            if not first:
                if placement_ok(cfg, s, mv, n - 1, tl):
                    wk[WK_ALONE + a * MAXC + na] = c
                    na += 1
                else:
                    n -= 1
        wk[WK_FITN + a], wk[WK_ALONEN + a] = nf, na
    # pairs: guests at tables apart are legal together exactly when each is legal alone
    for a in range(nk):
        for b in range(a, nk):
            ka, kb = kinds[a], kinds[b]
            if a == b and s[h + ka] < 2:
                continue
            ia = 0
            for i1 in range(wk[WK_FITN + a]):
                c1 = wk[WK_FIT + a * MAXC + i1]
                while ia < wk[WK_ALONEN + a] and wk[WK_ALONE + a * MAXC + ia] < c1:
                    ia += 1
                if ia < wk[WK_ALONEN + a] and wk[WK_ALONE + a * MAXC + ia] == c1:
                    for i2 in range(wk[WK_ALONEN + b]):
                        c2 = wk[WK_ALONE + b * MAXC + i2]
                        if c2 != c1 and (a != b or c2 > c1) and apart(cfg, c1, c2):
                            n = add_pair(mv, n, c1, ka, c2, kb, -1)
                for x in range(cfg[C_NBN + c1]):
                    c2 = cfg[C_NB + MAXNB * c1 + x]
                    if s[SEAT + c2] >= 0 or not fits(cfg, c2, kb) or (a == b and c2 < c1):
                        continue
                    n = add_pair(mv, n, c1, ka, c2, kb, -1)
                    if not placement_ok(cfg, s, mv, n - 1, tl):
                        n -= 1
    if cfg[C_COFFEE]:
        n = parties(cfg, s, p, mv, n, wk, tl)
    # joker swaps
    for c in range(NC):
        j = s[SEAT + c]
        if j < JOKER_F:
            continue
        for a in range(nk):
            k = kinds[a]
            if k >= JOKER_F or not fits(cfg, c, k):
                continue
            ok = True
            if k % 2 != j % 2:
                put(cfg, s, c, j, -1)
                put(cfg, s, c, k, 1)
                for i in range(cfg[C_CNT + c]):
                    t = cfg[C_CTAB + 2 * c + i]
                    if abs(2 * s[TMEN + t] - s[TN + t]) > 1:
                        ok = False
                put(cfg, s, c, k, -1)
                put(cfg, s, c, j, 1)
            if ok and n < MAXMV:
                for i in range(MVW):
                    mv[n, i] = -1
                mv[n, 0], mv[n, 1], mv[n, 2] = MV_SWAP, c, k
                n += 1
    for a in range(nk):
        if kinds[a] < JOKER_F and n < MAXMV and s[BARN] < cfg[C_BARN]:
            for i in range(MVW):
                mv[n, i] = -1
            mv[n, 0], mv[n, 2] = MV_BAR, kinds[a]
            n += 1
    return n


@kernel(f"boolean({R}, int64, int64)")
def key_less(mv, i, j):
    """Placement i before placement j in the key tuple((chair, kind) ...) order (-1 pads sort first)."""
    for x in range(1, 9):
        if mv[i, x] != mv[j, x]:
            return mv[i, x] < mv[j, x]
    return False


@kernel(f"int64({S}, {S}, int64, {R}, {S})")
def greedy(cfg, s, n, mv, tl):
    """The best immediate score; ties: placements by key, then swaps, then the bar with the lowest kind."""
    best, bi = -(1 << 40), -1
    for i in range(n):
        if mv[i, 0] == MV_PLACE:
            v = score(cfg, s, mv, i, tl)
        elif mv[i, 0] == MV_SWAP:
            v = 0
        else:
            v = cfg[C_BAR + s[BARN]]
        if v > best or (v == best and mv[i, 0] == MV_PLACE and key_less(mv, i, bi)):
            best, bi = v, i
    return bi


# ------------------------------------------------------------------------------------------------
# turns


@kernel(f"void({S}, {S}, {U}, {R}, {R}, {S})")
def play_move(cfg, s, rs, rec, mv, tl):
    """The player to move plays mv[0] (a placement, a joker swap, the bar or a pass), refills and the end is
    checked; then the turn passes on."""
    P = s[NPL]
    p = s[TOMOVE]
    h = HAND + p * NK
    a = ACTS + p * NACT
    i = 0
    typ = mv[i, 0]
    if typ == MV_PASS:
        s[a + A_PASS] += 1
    elif typ == MV_PLACE:
        pts = score(cfg, s, mv, i, tl)
        done = tl[MAXT - 1]
        for g in range(mv[i, MV_NG]):
            k = mv[i, 2 + 2 * g]
            put(cfg, s, mv[i, 1 + 2 * g], k, 1)
            s[h + k] -= 1
            s[HN + p] -= 1
        s[SCORE + p] += pts
        s[TARGET + p] = max(0, s[TARGET + p] - done)
        s[a + (A_PARTY if mv[i, MV_PARTY] >= 0 else (A_ONE if mv[i, MV_NG] == 1 else A_TWO))] += 1
        s[a + A_COMPLETE] += done
    elif typ == MV_SWAP:
        c, k = mv[i, 1], mv[i, 2]
        j = s[SEAT + c]
        put(cfg, s, c, j, -1)
        put(cfg, s, c, k, 1)
        s[h + k] -= 1
        s[h + j] += 1
        s[a + A_SWAP] += 1
    elif typ == MV_BAR:
        k = mv[i, 2]
        v = cfg[C_BAR + s[BARN]]
        s[BARN] += 1
        s[h + k] -= 1
        s[HN + p] -= 1
        s[a + A_BAR] += 1
        if p == cfg[C_ME] and s[MYBAR] == 0:
            s[MYBAR], s[MYBARV] = 1, v
        if s[SCORE + p] + v < 0:
            s[OUT + p] = 1
            s[NACTIVE] -= 1
            for x in range(NK):
                s[h + x] = 0
            s[HN + p] = 0
            s[a + A_DROP] += 1
            if p == cfg[C_ME]:
                s[MYOUT] = 1
        else:
            s[SCORE + p] += v
    if cfg[C_BDAY] and s[BDAY] < 0 and not s[OUT + p] and s[SCORE + p] >= cfg[C_BDAYSCORE]:
        nat, most = 0, 0
        for x in range(r.JOKER):
            m = s[h + 2 * x] + s[h + 2 * x + 1]
            if m > most:
                nat, most = x, m
        s[BDAY] = nat
    if not s[OUT + p]:
        floor = 4 if cfg[C_EXACT4] else 0
        while s[HN + p] < s[TARGET + p] and s[BAGN] > floor:
            draw(s, p, rs, rec, mv)
    s[TURN] += 1
    end = E_RUN
    empty = False
    for q in range(P):
        if not s[OUT + q] and s[HN + q] == 0:
            empty = True
    if s[BARN] >= cfg[C_BARN]:
        end = E_BAR
    elif s[NFREE] == 0:
        end = E_CHAIRS
    elif s[BAGN] <= r.BAG_END:
        end = E_BAG
    elif empty:
        end = E_HAND
    elif s[NACTIVE] <= 1:
        end = E_DROPOUT
    elif s[TURN] >= cfg[C_CAP]:
        end = E_CAPPED
    if end != E_RUN:
        s[ENDED] = end
        for q in range(P):
            if not s[OUT + q]:
                for x in range(NK):
                    s[SCORE + q] -= s[HAND + q * NK + x] * (r.PENALTY_JOKER if x >= JOKER_F else r.PENALTY_TILE)
    q = p
    for _ in range(P):
        q = (q + 1) % P
        if not s[OUT + q]:
            break
    s[TOMOVE] = q


@kernel(f"void({S}, {S}, {U}, {R}, {R})")
def deal(cfg, s, rs, rec, tmp):
    """A new set-up: the bag full, the start player drawn, then seats 0..P-1 each draw 5."""
    P = cfg[C_P]
    for i in range(SSIZE):
        s[i] = 0
    s[NPL] = P
    s[NACTIVE] = P
    s[BDAY] = -1
    for k in range(NK):
        s[BAG + k] = KIND_COUNTS[k]
    s[BAGN] = r.TILES
    for c in range(MAXC):
        s[SEAT + c] = -1
    s[NFREE] = cfg[C_NC]
    st = randint(rs, S_START, P)
    s[STARTP] = s[TOMOVE] = st
    tmp[0, 0], tmp[0, 1] = st, 0  # (the second value unused)
    note(rec, R_START, tmp, -1)
    for p in range(P):
        s[SCORE + p] = cfg[C_HCAP + (p - st) % P]
        s[TARGET + p] = r.HAND
        for _ in range(r.HAND):
            draw(s, p, rs, rec, tmp)


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): one decision a turn, the move; an option is the move's row packed in an int64
# (`pack`).  The move list of a turn can run to thousands of placements, more than the search's MAX_OPTIONS: the
# search weighs CANDIDATES of them (greedy's move, the best other placements by immediate score, then bar moves and
# joker swaps, then more placements: few, so that each gets several playouts); the engine's own players choose from
# the whole list.

CANDIDATES = 6  # the moves a search weighs in a turn
FIRST_PLACEMENTS = 3  # of them, the best placements taken before the bar moves and joker swaps
MV_BITS = (2, 7, 5, 7, 5, 7, 5, 7, 5, 3, 7)  # a move row's fields in an option, each + 1 but the type


@njit("int64(int64[:, ::1], int64)", cache=True)
def pack(mv, i):
    o = 0
    for x in range(MVW):
        o = (o << MV_BITS[x]) | (mv[i, x] + (0 if x == 0 else 1))
    return o


@njit("void(int64, int64[:, ::1])", cache=True)
def unpack(o, mv):
    for x in range(MVW - 1, -1, -1):
        mv[0, x] = (o & ((1 << MV_BITS[x]) - 1)) - (0 if x == 0 else 1)
        o >>= MV_BITS[x]


@njit(cache=True)
def turn_moves(cfg, s):
    """The moves of the player to move in a fresh move list (a pass alone when there is none): (mv, n, tl)."""
    mv = np.empty((MAXMV, MVW), dtype=np.int64)
    wk = np.empty(WKSIZE, dtype=np.int64)
    tl = np.empty(MAXT, dtype=np.int64)
    n = moves(cfg, s, s[TOMOVE], s[TURN] == 0, mv, wk, tl)
    if n == 0:
        mv[0, 0] = MV_PASS
        for j in range(1, MVW):
            mv[0, j] = -1
    return mv, n, tl


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy")
def advance(s, cfg, rs, rec):
    """The turn of the player to move, left pending; search.ROUND_END after every turn (the game loop counts
    turns), search.ENDED at the end."""
    if s[TDONE]:
        s[TDONE] = 0
        return search.ROUND_END
    if s[ENDED] != E_RUN:
        return search.ENDED
    s[WHAT] = 1
    return s[TOMOVE]


@njit(search.LEGAL_SIG, cache=True, error_model="numpy")
def legal(s, cfg, out):
    """The search's candidates (packed): greedy's move, the best other placements by immediate score (ties greedy's
    key order) up to FIRST_PLACEMENTS + 1 moves, bar moves and joker swaps in list order, then more placements,
    CANDIDATES at most."""
    mv, n, tl = turn_moves(cfg, s)
    if n == 0:
        out[0] = pack(mv, 0)
        return 1
    value = np.empty(n, dtype=np.int64)
    taken = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        value[i] = score(cfg, s, mv, i, tl) if mv[i, 0] == MV_PLACE else -(1 << 40)
    gi = greedy(cfg, s, n, mv, tl)
    taken[gi] = True
    out[0] = pack(mv, gi)
    m = 1
    for phase in range(3):
        while m < min(CANDIDATES, n):
            if phase == 1:
                bi = -1
                for i in range(n):
                    if not taken[i] and mv[i, 0] != MV_PLACE:
                        bi = i
                        break
            else:
                if phase == 0 and m > FIRST_PLACEMENTS:
                    break
                bi = -1
                for i in range(n):
                    if not taken[i] and mv[i, 0] == MV_PLACE and (bi < 0 or value[i] > value[bi] or (
                            value[i] == value[bi] and key_less(mv, i, bi))):
                        bi = i
            if bi < 0:
                break
            taken[bi] = True
            out[m] = pack(mv, bi)
            m += 1
    return m


@njit(search.APPLY_SIG, cache=True, error_model="numpy")
def apply(s, cfg, rs, rec, o):
    mv = np.empty((1, MVW), dtype=np.int64)
    tl = np.empty(MAXT, dtype=np.int64)
    unpack(o, mv)
    s[WHAT] = 0
    play_move(cfg, s, rs, rec, mv, tl)
    s[TDONE] = 1


@njit(search.POLICY_SIG, cache=True, error_model="numpy")
def policy(s, cfg, rs, rec, code):
    """random (0): uniform over the whole move list; greedy (1): the best immediate score (`greedy`)."""
    mv, n, tl = turn_moves(cfg, s)
    i = 0
    if n > 0:
        i = randint(rs, S_CHOICE, n) if code == P_RANDOM else greedy(cfg, s, n, mv, tl)
    if code == P_RANDOM:
        note(rec, R_MOVE, mv, i)
    return pack(mv, i)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """Nothing to resample: hands, tables and the bar are open (the spec: the bag is the only chance, its content
    known), and the bag has no order in the state: each draw is uniform over its content, from the playout's own
    streams."""


@kernel(f"int64({S}, int64)")
def win_key(s, p):
    return -(1 << 40) if s[OUT + p] else s[SCORE + p]


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: most points among the players still in; a tie splits it."""
    return search.win_share(np.array([win_key(s, p) for p in range(s[NPL])]), seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    return search.lead(s[SCORE:SCORE + s[NPL]].copy(), seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, confidence=1.0)
PLAY = search.whole_game(MODEL)
I64, R2 = types.int64[::1], types.int64[:, ::1]


@njit(types.void(I64, R2, types.uint64[:, ::1], R2, I64, R2, types.int64, types.int64, I64, *search.MODEL),
      cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, rec, start, max_turns, s0, advance, legal, apply, policy, determinize,
          reward, margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s and rec the state and record buffers.
    start NEW_GAME: a new set-up, policies pols[j] per seat; FROM_POSITION: the position s0 (its policies in it);
    GO_ON: the one game in s goes on.  Up to max_turns turns (-1: to the end) in core's one game loop.  The search
    players' seed comes from the game's choice stream's seed (never its draws); the forward model comes in as
    arguments (function pointers), so that this kernel caches."""
    codes = np.empty(cfg[C_P], dtype=np.int64)
    tmp = np.empty((1, MVW), dtype=np.int64)
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0xCAFE))
        if start != GO_ON:
            for i in range(STSIZE):
                st[i] = 0
            if start == NEW_GAME:
                deal(cfg, s, rs, rec, tmp)
                for k in range(cfg[C_P]):  # pols[j] per seat, or per turn-order rank under C_BYRANK
                    s[POL + ((s[STARTP] + k) % cfg[C_P] if cfg[C_BYRANK] else k)] = pols[j, k]
            else:
                for i in range(SSIZE):
                    s[i] = s0[i]
                for _ in range(s[BARHID]):
                    take_from_bag(s, randint(rs, S_BAG, s[BAGN] - s[BAG + JOKER_F] - s[BAG + JOKER_F + 1]))
                s[BARHID] = 0
        for q in range(cfg[C_P]):
            codes[q] = s[POL + q]
        PLAY(s, cfg, rs, rec, codes, max_turns, -1, seed, advance, legal, apply, policy,
             determinize, reward, margin)
        st[ST_TURNS] = s[TURN]
        st[ST_END] = s[ENDED]
        st[ST_START] = s[STARTP]
        st[ST_MYBAR], st[ST_MYBARV], st[ST_MYOUT] = s[MYBAR], s[MYBARV], s[MYOUT]
        for q in range(s[NPL]):
            st[ST_POINTS + q] = s[SCORE + q]
            st[ST_OUT + q] = s[OUT + q]
            for x in range(NACT):
                st[ST_ACT + q * NACT + x] = s[ACTS + q * NACT + x]


# ------------------------------------------------------------------------------------------------
# Python side

ENGINE_READINGS = [
    "the start player is drawn first, then seats 0..P-1 draw 5 each in seat order",
    "the refill option is always taken: a seat's refill target drops by one per single-nationality completion",
    "a player who cannot pay the bar drops out (score kept, hand removed, out of the win); at most one left ends it",
    "birthday: the first to birthday_score names the nationality he holds most of; doubled from the next turn",
    "turn_cap counts turns of all players together; a capped game is scored as it stands, counted apart",
    "win: most points among the players still in; equal totals share the win credit",
]


def pack_layout(cfg: np.ndarray, layout) -> None:
    """The layout (rules.py's tuple of (table, nat, chairs)) into the settings vector."""
    order: dict = {}
    for _, _, chairs in layout:
        for c in chairs:
            order.setdefault(c, len(order))
    if len(layout) > MAXT or len(order) > MAXC:
        raise ValueError(f"the engine takes at most {MAXT} tables")
    cfg[C_NT], cfg[C_NC] = len(layout), len(order)
    cfg[C_TCH:C_TCH + 4 * MAXT] = -1
    tables_of: dict = {c: [] for c in order}
    for t, (_, nat, chairs) in enumerate(layout):
        cfg[C_TNAT + t], cfg[C_TNCH + t] = nat, len(chairs)
        for i, c in enumerate(chairs):
            cfg[C_TCH + 4 * t + i] = order[c]
            tables_of[c].append(t)
    for c, i in order.items():
        ts = tables_of[c]
        cfg[C_CNT + i] = len(ts)
        cfg[C_CTAB + 2 * i:C_CTAB + 2 * i + len(ts)] = ts
        near = sorted({order[x] for t in ts for x in layout[t][2]} - {i})
        cfg[C_NBN + i] = len(near)
        cfg[C_NB + MAXNB * i:C_NB + MAXNB * i + len(near)] = near


def settings_vector(settings, players: int, me: int = -1, by_rank: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default); me: the seat question 4 follows."""
    settings = settings or r.DEFAULT_SETTINGS
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    cfg[C_NEVER] = settings.lone_guest_rule == "never"
    cfg[C_PERGUEST] = settings.table_scoring == "per_guest"
    cfg[C_EXACT4] = settings.bag_end == "exactly_4"
    cfg[C_BARN] = settings.bar_spaces
    cfg[C_BAR:C_BAR + len(settings.bar_values)] = settings.bar_values
    cfg[C_COFFEE] = bool(settings.coffee_party)
    cfg[C_BDAY] = bool(settings.birthday_table)
    cfg[C_BDAYSCORE] = settings.birthday_score
    cfg[C_CAP] = settings.turn_cap
    cfg[C_ME] = me
    cfg[C_BYRANK] = by_rank
    pack_layout(cfg, settings.layout)
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)
    core_settings.check_start(0, handicap, "points")
    cfg[C_HCAP:C_HCAP + players] = handicap
    return cfg


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(move list, work, table list) buffers for `probe`."""
    return (np.zeros((MAXMV, MVW), dtype=np.int64), np.zeros(WKSIZE, dtype=np.int64),
            np.zeros(MAXT, dtype=np.int64))


def run(cfg, streams, stats, s, start, max_turns=-1, pols=None, rec=None, s0=None, bufs=None):
    """`batch` with the buffers a caller does not keep made fresh (`bufs` is not needed any more: the forward
    model makes its own move lists; accepted so that callers holding buffers still run)."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, RECW), dtype=np.int64) if rec is None else rec
    batch(cfg, pols, streams, stats, s, rec, start, max_turns, s if s0 is None else s0, *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points among the players still in; a tie splits 1."""
    pts = stats[:, ST_POINTS:ST_POINTS + players].astype(np.float64)
    pts = np.where(stats[:, ST_OUT:ST_OUT + players] == 1, -np.inf, pts)
    top = pts == pts.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)


PROBES = ("moves", "score")


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, cfg, s, p, first, mv, wk, tl):
    """One engine step on a hand-made state, for the tests: the moves of seat p into mv (their count), or the
    score of placement mv[0] (its completions left in tl[MAXT - 1])."""
    if op == 0:
        return moves(cfg, s, p, first, mv, wk, tl)
    return score(cfg, s, mv, 0, tl)
