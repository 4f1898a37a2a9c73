"""The Puerto Rico full-game engine (numba): whole 3-5 player games with every role and building power, from the
set-up or from a position, with the seated policies (`policies.py`).

State and settings are flat int64 arrays (offsets below; one block of PSZ per seat at PL).  Crops/goods are
0 corn .. 4 coffee (the trading price), island kinds 0..4 and 5 quarry, buildings 0..22 and roles 0..7 in the
coordination notes' order ("Interfaces: B's whole-game model", the full text of the model, its shared rules and
the greedy and random policies; noisy is in `policies.py`).  Chance comes from three splitmix64 streams per game
seeded from `Chance` (the first governor, the plantation stack and its rebuilds, the random players' choices and
the noisy players' coins), so game j of every rule set meets the same luck.  With a record buffer every chance
outcome, every random choice and every noisy coin is written in order (rows (tag, a, 0)); the readable reference
replays a game from it.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core.kernels import R, S, U, kernel, note1 as note, randint
from analyzer.core import settings as core_settings
from analyzer.core.streams import StreamSeeds
from analyzer.games.puerto_rico import rules as r

MAXP = 5
NK = 5  # crops / goods
QUARRY = 5
NB = 23
NR = 8
SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR = range(7)
ROLE_KINDS = ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
(SMALL_INDIGO, SMALL_SUGAR, INDIGO_PLANT, SUGAR_MILL, TOBACCO, COFFEE, SMALL_MARKET, HACIENDA, HUT,
 SMALL_WAREHOUSE, HOSPICE, OFFICE, LARGE_MARKET, LARGE_WAREHOUSE, FACTORY, UNIVERSITY, HARBOR, WHARF,
 GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL) = range(NB)
FIRST_VIOLET, FIRST_LARGE = 6, 18
PRODUCES = (1, 2, 1, 2, 3, 4)  # the crop of production buildings 0..5
CITY_SPACES, ISLAND_SPACES, HOUSE_SLOTS = 12, 12, 4
STACK_MAX = 64

# settings vector
C_P, C_POOL, C_MERGE, C_FLOOR, C_WHARF, C_CAP, C_NROLES, C_DUB, C_VP, C_COL, C_ENOUGH = range(11)
C_CROPS = 11  # MAXP start crops by rank
C_SHIPS = C_CROPS + MAXP  # 3 capacities
C_TILES = C_SHIPS + 3  # 5 plantation counts
C_QUAR = C_TILES + NK
C_GOODS = C_QUAR + 1  # 5
C_COST = C_GOODS + NK  # NB
C_COLUMN = C_COST + NB
C_CIRCLES = C_COLUMN + NB
C_BSUP = C_CIRCLES + NB
C_HCAP = C_BSUP + NB  # MAXP start doubloons added by rank (the seat handicap)
CSIZE = C_HCAP + MAXP

# state vector
(NPL, GOV, FIRSTGOV, ROUND, PICKS, ENDFLAG, ENDED, CAPPED, COL_SUP, COL_SHIP, VP_SUP, QUARRIES, STKPOS, STKN,
 DISPN, HOUSEN, CHOOSER) = range(17)  # CHOOSER: the seat whose role is being played
# the forward model's cursor: the role being played (-1 between roles), its turn (the captain: the seat loading),
# the pending decision (-1 none; NR a role card, else the role's phase) and its seat, the captain's idle seats in a
# row and whether its chooser's first-load bonus is still due
ROLE, TURN, WHAT, DECP, IDLE, FIRSTSHIP = range(17, 23)
DISC = 23  # NK discard counts
DISP = DISC + NK  # MAXP + 1 display tiles in draw order
GOODS = DISP + MAXP + 1  # NK supply
HOUSE = GOODS + NK  # 4 kinds sold
SHIP_CAP = HOUSE + HOUSE_SLOTS  # 3
SHIP_KIND = SHIP_CAP + 3  # 3 (-1 empty)
SHIP_LOAD = SHIP_KIND + 3  # 3
ROLE_DUB = SHIP_LOAD + 3  # NR
ROLE_TAKEN = ROLE_DUB + NR  # NR: 1 taken this round
BSUP = ROLE_TAKEN + NR  # NB
STK = BSUP + NB  # STACK_MAX tiles, drawn from STKPOS up to STKN
OPT = STK + STACK_MAX  # scratch: a decision's options (24 at most), then the work lists at OPT + 32..
GOT, KEEP, ROLES = OPT + 32, OPT + 40, OPT + 48
CHOSEN = OPT + 64  # MAXP x 7 role kinds chosen by each seat
PL = CHOSEN + MAXP * 7
O_DUB, O_VP, O_SJ, O_SPACES, O_WHARF_USED, O_SCORE, O_POL = range(7)
O_GOODS = 7  # NK
O_TILES = O_GOODS + NK  # 6 by island kind
O_OCC = O_TILES + 6  # 6 occupied by island kind
O_OWN = O_OCC + 6  # NB 0/1
O_BCOL = O_OWN + NB  # NB colonists on each building
PSZ = O_BCOL + NB
SSIZE = PL + MAXP * PSZ

# per-game stats
ST_SCORE = 0
ST_TIE = MAXP  # doubloons + goods at the end
ST_VP = 2 * MAXP  # VP chips
ST_GOV, ST_ROUNDS, ST_CAPPED = 3 * MAXP, 3 * MAXP + 1, 3 * MAXP + 2
ST_ROLE = 3 * MAXP + 3  # MAXP x 7 role kinds chosen
STSIZE = ST_ROLE + MAXP * len(ROLE_KINDS)

# chance streams and record tags
S_GOV, S_STACK, S_CHOICE = range(3)
R_GOVERNOR, R_STACK, R_RESHUFFLE, R_CHOICE, R_COIN = range(5)
RECORD_KINDS = ("governor", "stack", "reshuffle", "choice", "coin")
POLICY_CODES = {"random": 0, "greedy": 1, "noisy": 2}  # noisy:EPS seats P_NOISY + round(EPS * NOISE_SCALE)
P_RANDOM, P_GREEDY, P_NOISY = 0, 1, 2
NOISE_SCALE = 1_000_000  # noisy's coin: u = randint(NOISE_SCALE) on the choice stream; u < its threshold explores
NEW_GAME, GO_ON, FROM_STATE = range(3)

R2 = types.int64[:, ::1]
G = f"{S}, {S}, {U}, {R}"  # s, cfg, rs, rec


class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 3) uint64; game j of every rule set reads row j."""
    STREAMS = ("governor", "stack", "choice")


@kernel(f"void({S}, {U}, {R}, boolean)")
def rebuild(s, rs, rec, merge):
    """A new stack: the discard pile (merge: the stack's rest too) in kind order, Fisher-Yates shuffled."""
    n = 0
    if merge:
        for i in range(s[STKPOS], s[STKN]):
            s[DISC + s[STK + i]] += 1
    for k in range(NK):
        for _ in range(s[DISC + k]):
            s[STK + n] = k
            n += 1
        s[DISC + k] = 0
    for i in range(n - 1, 0, -1):
        j = randint(rs, S_STACK, i + 1)
        s[STK + i], s[STK + j] = s[STK + j], s[STK + i]
    s[STKPOS] = 0
    s[STKN] = n
    for i in range(n):
        note(rec, R_RESHUFFLE, s[STK + i])


@kernel(f"int64({S}, {U}, {R})")
def draw_tile(s, rs, rec):
    """The stack's top tile (an empty stack is rebuilt from the discard pile first); -1 when none is left."""
    if s[STKPOS] == s[STKN]:
        rebuild(s, rs, rec, False)
        if s[STKN] == 0:
            return -1
    s[STKPOS] += 1
    return s[STK + s[STKPOS] - 1]


@kernel(f"void({S}, {S}, {U}, {R})")
def refill_display(s, cfg, rs, rec):
    """Leftovers to the discard pile, then players + 1 new tiles (reshuffle reading rest_first or merge)."""
    for i in range(s[DISPN]):
        s[DISC + s[DISP + i]] += 1
    s[DISPN] = 0
    want = cfg[C_P] + 1
    if cfg[C_MERGE] and s[STKN] - s[STKPOS] < want:
        rebuild(s, rs, rec, True)
    for _ in range(want):
        t = draw_tile(s, rs, rec)
        if t < 0:
            break
        s[DISP + s[DISPN]] = t
        s[DISPN] += 1


@kernel(f"boolean({S}, int64, int64)")
def works(s, p, b):
    """p owns building b and it is occupied."""
    q = PL + p * PSZ
    return s[q + O_OWN + b] > 0 and s[q + O_BCOL + b] > 0


@kernel(f"int64({S}, {S}, int64, int64, boolean)")
def build_cost(s, cfg, p, b, privilege):
    """p's price for building b, or -1 when p may not build it (owned, none left, no room, too dear)."""
    q = PL + p * PSZ
    if s[q + O_OWN + b] or s[BSUP + b] == 0 or s[q + O_SPACES] + (2 if b >= FIRST_LARGE else 1) > CITY_SPACES:
        return -1
    cost = cfg[C_COST + b] - min(s[q + O_OCC + QUARRY], cfg[C_COLUMN + b]) - (1 if privilege else 0)
    cost = max(cost, cfg[C_FLOOR])
    return cost if cost <= s[q + O_DUB] else -1


@kernel(f"int64({S}, int64, int64)")
def production(s, p, k):
    """p's production of crop k: corn its occupied plantations; others min(occupied plantations, occupied circles)."""
    q = PL + p * PSZ
    if k == 0:
        return s[q + O_OCC]
    circles = 0
    for b in range(6):
        if PRODUCES[b] == k:
            circles += s[q + O_BCOL + b]
    return min(s[q + O_OCC + k], circles)


@kernel(f"void({S}, {S}, int64)")
def place_colonists(s, cfg, p):
    """The shared mayor rule (coordination notes): all of p's colonists re-placed in a fixed priority."""
    q = PL + p * PSZ
    t = s[q + O_SJ]
    for k in range(6):
        t += s[q + O_OCC + k]
        s[q + O_OCC + k] = 0
    for b in range(NB):
        t += s[q + O_BCOL + b]
        s[q + O_BCOL + b] = 0
    for k in range(4, 0, -1):  # pairs: a plantation and a circle of its building, small building first
        for b in range(6):
            if PRODUCES[b] != k or not s[q + O_OWN + b]:
                continue
            while t >= 2 and s[q + O_OCC + k] < s[q + O_TILES + k] and s[q + O_BCOL + b] < cfg[C_CIRCLES + b]:
                s[q + O_OCC + k] += 1
                s[q + O_BCOL + b] += 1
                t -= 2
    n = min(t, s[q + O_TILES] - s[q + O_OCC])
    s[q + O_OCC] += n
    t -= n
    for b in range(NB - 1, FIRST_VIOLET - 1, -1):
        if t > 0 and s[q + O_OWN + b] and s[q + O_BCOL + b] == 0:
            s[q + O_BCOL + b] = 1
            t -= 1
    n = min(t, s[q + O_TILES + QUARRY] - s[q + O_OCC + QUARRY])
    s[q + O_OCC + QUARRY] += n
    t -= n
    for k in range(NK):
        n = min(t, s[q + O_TILES + k] - s[q + O_OCC + k])
        s[q + O_OCC + k] += n
        t -= n
    for b in range(NB):
        if s[q + O_OWN + b]:
            n = min(t, cfg[C_CIRCLES + b] - s[q + O_BCOL + b])
            s[q + O_BCOL + b] += n
            t -= n
    s[q + O_SJ] = t


@kernel(f"int64({S})")
def take_colonist(s):
    """One colonist for a hospice / university: from the supply, else the ship; 0 when neither has one."""
    if s[COL_SUP] > 0:
        s[COL_SUP] -= 1
        return 1
    if s[COL_SHIP] > 0:
        s[COL_SHIP] -= 1
        return 1
    return 0


@kernel(f"int64({S}, int64, int64)")
def ship_for(s, p, k):
    """The ship p must load kind k on (the shared rule), or -1."""
    have = s[PL + p * PSZ + O_GOODS + k]
    if have == 0:
        return -1
    for i in range(3):
        if s[SHIP_KIND + i] == k:
            return i if s[SHIP_LOAD + i] < s[SHIP_CAP + i] else -1
    best, most = -1, 0
    for i in range(3):  # capacities ascending: the first of the most loaded is the smallest
        if s[SHIP_KIND + i] < 0 and min(have, s[SHIP_CAP + i]) > most:
            best, most = i, min(have, s[SHIP_CAP + i])
    return best


@kernel(f"int64({S}, {S}, int64, int64)")
def barrels(s, cfg, p, o):
    """Barrels captain option o (kind * 2 + 1 for the wharf) loads."""
    k = o // 2
    have = s[PL + p * PSZ + O_GOODS + k]
    if o % 2:
        return min(have, cfg[C_WHARF])
    i = ship_for(s, p, k)
    return min(have, s[SHIP_CAP + i] - s[SHIP_LOAD + i])


@kernel(f"int64({S}, {S}, int64, int64)")
def options(s, cfg, p, what):
    """p's options for decision `what` (NR: the role; else the role's phase) written at OPT; returns how many.
    Coordination notes' order: builder and trader list -1 ("none") first; the captain -1 ("pass") last, only
    when no ship can be loaded."""
    q = PL + p * PSZ
    n = 0
    if what == NR:
        for role in range(cfg[C_NROLES]):
            if not s[ROLE_TAKEN + role]:
                s[OPT + n] = role
                n += 1
    elif what == SETTLER:
        used = 0
        for k in range(6):
            used += s[q + O_TILES + k]
        if used == ISLAND_SPACES:
            return 0
        for k in range(NK):
            for i in range(s[DISPN]):
                if s[DISP + i] == k:
                    s[OPT + n] = k
                    n += 1
                    break
        if s[QUARRIES] > 0 and (s[CHOOSER] == p or works(s, p, HUT)):
            s[OPT + n] = QUARRY
            n += 1
    elif what == BUILDER:
        s[OPT] = -1
        n = 1
        for b in range(NB):
            if build_cost(s, cfg, p, b, s[CHOOSER] == p) >= 0:
                s[OPT + n] = b
                n += 1
    elif what == TRADER:
        s[OPT] = -1
        n = 1
        if s[HOUSEN] < HOUSE_SLOTS:
            office = works(s, p, OFFICE)
            for k in range(NK):
                ok = s[q + O_GOODS + k] > 0
                for i in range(s[HOUSEN]):
                    if s[HOUSE + i] == k and not office:
                        ok = False
                if ok:
                    s[OPT + n] = k
                    n += 1
    else:  # captain
        for k in range(NK):
            if ship_for(s, p, k) >= 0:
                s[OPT + n] = 2 * k
                n += 1
        ships = n
        if works(s, p, WHARF) and not s[q + O_WHARF_USED]:
            for k in range(NK):
                if s[q + O_GOODS + k] > 0:
                    s[OPT + n] = 2 * k + 1
                    n += 1
        if ships == 0 and n > 0:
            s[OPT + n] = -1
            n += 1
    return n


@kernel(f"int64({S}, int64)")
def market_bonus(s, p):
    return (1 if works(s, p, SMALL_MARKET) else 0) + (2 if works(s, p, LARGE_MARKET) else 0)


@kernel(f"int64({S}, {S}, int64, int64)")
def greedy_pick(s, cfg, p, what):
    """greedy's choice among the n options at OPT for decision `what` (policies.py; -1: none)."""
    q = PL + p * PSZ
    n = options(s, cfg, p, what)
    best, value = -1, -1
    for i in range(n):
        o = s[OPT + i]
        if o < 0:
            continue
        if what == SETTLER:
            v = (0, 2, 4, 5, 6, 3)[o]  # coffee, tobacco, sugar, quarry, indigo, corn
        elif what == BUILDER:
            v = cfg[C_COLUMN + o] * 10 + cfg[C_COST + o]
            if o < 6:  # a production building only for plantations its circles do not yet match
                k = PRODUCES[o]
                circles = 0
                for b in range(6):
                    if PRODUCES[b] == k and s[q + O_OWN + b]:
                        circles += cfg[C_CIRCLES + b]
                if s[q + O_TILES + k] <= circles:
                    v = -1
        elif what == TRADER:
            v = o
        else:  # captain: most barrels; ties the ship (listed first), then the lowest kind
            v = barrels(s, cfg, p, o)
        if v > value:
            best, value = o, v
    return best


@kernel(f"int64({G}, int64, int64, int64)")
def decide(s, cfg, rs, rec, p, what, pol):
    """Policy `pol` decides `what` for p (NR: a role; else the role's phase choice); -1: none / pass / no option.
    noisy (code P_NOISY + threshold): with two options or more a recorded coin u < threshold plays random's draw,
    else greedy's choice; threshold 0 tosses no coin (greedy's games)."""
    if pol != P_GREEDY:
        n = options(s, cfg, p, what)
        if pol > P_NOISY and n >= 2:
            u = randint(rs, S_CHOICE, NOISE_SCALE)
            note(rec, R_COIN, u)
            if u < pol - P_NOISY:
                pol = P_RANDOM
        if pol == P_RANDOM:
            if n == 0:
                return -1
            if n == 1:
                return s[OPT]
            o = s[OPT + randint(rs, S_CHOICE, n)]
            note(rec, R_CHOICE, o)
            return o
    if what != NR:
        return greedy_pick(s, cfg, p, what)
    n = options(s, cfg, p, NR)
    for i in range(n):  # the values below reuse the options list
        s[ROLES + i] = s[OPT + i]
    best, value = -1, -1
    q = PL + p * PSZ
    chooser = s[CHOOSER]
    s[CHOOSER] = p  # valued as its chooser
    for i in range(n):
        r = s[ROLES + i]  # greedy's value of card r (policies.py), its doubloons included
        v = 0
        if r == SETTLER:
            if options(s, cfg, p, SETTLER) > 0:
                v = 2
                for d in range(s[DISPN]):
                    if s[DISP + d] >= 3:
                        v = 3
        elif r == MAYOR:
            spots = 0
            for k in range(6):
                spots += s[q + O_TILES + k] - s[q + O_OCC + k]
            for b in range(NB):
                if s[q + O_OWN + b]:
                    spots += cfg[C_CIRCLES + b] - s[q + O_BCOL + b]
            if spots > s[q + O_SJ]:
                v = 1 + s[COL_SHIP] // cfg[C_P]
        elif r == BUILDER:
            if greedy_pick(s, cfg, p, BUILDER) >= 0:
                v = 4
        elif r == CRAFTSMAN:
            for k in range(NK):
                v += min(production(s, p, k), s[GOODS + k])
            if v > 0:
                v += 1
        elif r == TRADER:
            k = greedy_pick(s, cfg, p, TRADER)
            if k >= 0:
                v = k + 1 + market_bonus(s, p)
        elif r == CAPTAIN:
            o = greedy_pick(s, cfg, p, CAPTAIN)
            if o >= 0:
                v = barrels(s, cfg, p, o) + 1
        else:
            v = 1
        v += s[ROLE_DUB + r]
        if v > value:
            best, value = r, v
    s[CHOOSER] = chooser
    return best


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): the rules below as advance / legal / apply, the players as policy


@kernel(f"void({S}, int64, int64)")
def pend(s, p, what):
    s[DECP] = p
    s[WHAT] = what


@kernel(f"void({S})")
def finish_role(s):
    s[ROLE] = -1
    s[PICKS] += 1


@kernel(f"void({S}, {S})")
def end_round(s, cfg):
    """The unchosen cards' doubloons, the next governor; at the game's end the final scores (VP chips, buildings,
    occupied large buildings' bonuses)."""
    P = cfg[C_P]
    for r in range(cfg[C_NROLES]):
        if not s[ROLE_TAKEN + r]:
            s[ROLE_DUB + r] += 1
        s[ROLE_TAKEN + r] = 0
    s[PICKS] = 0
    s[CHOOSER] = -1
    s[GOV] = (s[GOV] + 1) % P
    s[ROUND] += 1
    if not (s[ENDFLAG] or s[ROUND] >= cfg[C_CAP]):
        return
    s[CAPPED] = 0 if s[ENDFLAG] else 1
    s[ENDED] = 1
    for p in range(P):
        q = PL + p * PSZ
        v = s[q + O_VP]
        for b in range(NB):
            if s[q + O_OWN + b]:
                v += cfg[C_COLUMN + b]
        if works(s, p, GUILD_HALL):
            v += s[q + O_OWN + SMALL_INDIGO] + s[q + O_OWN + SMALL_SUGAR]
            for b in range(2, 6):
                v += 2 * s[q + O_OWN + b]
        if works(s, p, RESIDENCE):
            tiles = 0
            for k in range(6):
                tiles += s[q + O_TILES + k]
            v += max(4, tiles - 5)
        if works(s, p, FORTRESS):
            col = s[q + O_SJ]
            for k in range(6):
                col += s[q + O_OCC + k]
            for b in range(NB):
                col += s[q + O_BCOL + b]
            v += col // 3
        if works(s, p, CUSTOMS_HOUSE):
            v += s[q + O_VP] // 4
        if works(s, p, CITY_HALL):
            for b in range(FIRST_VIOLET, NB):
                v += s[q + O_OWN + b]
        s[q + O_SCORE] = v


@kernel(f"void({S}, {S})")
def end_captain(s, cfg):
    """Storage (the shared rule: the warehouses' kinds whole, then one barrel), the wharves free again, full ships
    unloaded, the end when the VP chips ran out."""
    P = cfg[C_P]
    for p in range(P):
        q = PL + p * PSZ
        whole = (1 if works(s, p, SMALL_WAREHOUSE) else 0) + (2 if works(s, p, LARGE_WAREHOUSE) else 0)
        for k in range(NK):
            s[KEEP + k] = 0
        for t in range(whole + 1):
            best = -1
            for k in range(NK - 1, -1, -1):  # most barrels, ties the higher price
                n = s[q + O_GOODS + k]
                if not s[KEEP + k] and n > 0 and (best < 0 or n > s[q + O_GOODS + best]):
                    best = k
            if best >= 0:
                s[KEEP + best] = 2 if t < whole else 1
        for k in range(NK):
            kept = s[q + O_GOODS + k] if s[KEEP + k] == 2 else min(s[KEEP + k], s[q + O_GOODS + k])
            s[GOODS + k] += s[q + O_GOODS + k] - kept
            s[q + O_GOODS + k] = kept
    for p in range(P):
        s[PL + p * PSZ + O_WHARF_USED] = 0
    for i in range(3):
        if s[SHIP_LOAD + i] == s[SHIP_CAP + i]:
            s[GOODS + s[SHIP_KIND + i]] += s[SHIP_LOAD + i]
            s[SHIP_LOAD + i] = 0
            s[SHIP_KIND + i] = -1
    if s[VP_SUP] <= 0:
        s[ENDFLAG] = 1


@kernel(f"void({S}, {S}, int64)")
def mayor(s, cfg, c):
    P = cfg[C_P]
    if s[COL_SUP] > 0:
        s[COL_SUP] -= 1
        s[PL + c * PSZ + O_SJ] += 1
    for turn in range(s[COL_SHIP]):
        s[PL + ((c + turn) % P) * PSZ + O_SJ] += 1
    s[COL_SHIP] = 0
    need = 0
    for turn in range(P):
        p = (c + turn) % P
        place_colonists(s, cfg, p)
        for b in range(NB):
            if s[PL + p * PSZ + O_OWN + b]:
                need += cfg[C_CIRCLES + b] - s[PL + p * PSZ + O_BCOL + b]
    need = max(need, P)
    full = s[COL_SUP] >= need
    s[COL_SHIP] = min(need, s[COL_SUP])
    s[COL_SUP] -= s[COL_SHIP]
    if full == (cfg[C_ENOUGH] == 1):  # not_enough (0) or enough (1: the seed literally)
        s[ENDFLAG] = 1


@kernel(f"void({S}, {S}, int64)")
def craftsman(s, cfg, c):
    """Production round the table; GOT: the chooser's barrels received, by kind, for its extra barrel."""
    P = cfg[C_P]
    for turn in range(P):
        p = (c + turn) % P
        q = PL + p * PSZ
        kinds = 0
        for k in range(NK):
            n = min(production(s, p, k), s[GOODS + k])
            s[GOODS + k] -= n
            s[q + O_GOODS + k] += n
            if n > 0:
                kinds += 1
            if turn == 0:
                s[GOT + k] = n
        if works(s, p, FACTORY) and kinds >= 2:
            s[q + O_DUB] += (0, 0, 1, 2, 3, 5)[kinds]
    for k in range(NK - 1, -1, -1):
        if s[GOT + k] > 0 and s[GOODS + k] > 0:
            s[GOODS + k] -= 1
            s[PL + c * PSZ + O_GOODS + k] += 1
            break


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(s, cfg, rs, rec):
    """Plays up to the next decision (left pending in s) and returns its seat; search.ROUND_END after a round,
    search.ENDED at the end.  The roles' phases run from their chooser round the table (the coordination notes'
    model); an occupied Hacienda draws before its owner's settler decision."""
    P = cfg[C_P]
    while True:
        if s[ENDED]:
            return search.ENDED
        if s[WHAT] >= 0:
            return s[DECP]
        r, c, t = s[ROLE], s[CHOOSER], s[TURN]
        if r < 0:
            if s[PICKS] < P:
                p = (s[GOV] + s[PICKS]) % P
                pend(s, p, NR)
                return p
            end_round(s, cfg)
            return search.ROUND_END
        if r == CAPTAIN:
            if s[IDLE] < P:
                pend(s, t, CAPTAIN)
                return t
            end_captain(s, cfg)
            finish_role(s)
        elif t < P:
            p = (c + t) % P
            if r == SETTLER:
                q = PL + p * PSZ
                used = 0
                for k in range(6):
                    used += s[q + O_TILES + k]
                if works(s, p, HACIENDA) and used <= ISLAND_SPACES - 2:
                    tile = draw_tile(s, rs, rec)
                    if tile >= 0:
                        s[q + O_TILES + tile] += 1
            pend(s, p, r)
            return p
        else:
            if r == SETTLER:
                refill_display(s, cfg, rs, rec)
            elif r == TRADER and s[HOUSEN] == HOUSE_SLOTS:
                for i in range(HOUSE_SLOTS):
                    s[GOODS + s[HOUSE + i]] += 1
                s[HOUSEN] = 0
            finish_role(s)


@njit(search.LEGAL_SIG, cache=True, error_model="numpy", _nrt=False)
def legal(s, cfg, out):
    n = options(s, cfg, s[DECP], s[WHAT])
    for i in range(n):
        out[i] = s[OPT + i]
    return n


@njit(search.APPLY_SIG, cache=True, error_model="numpy", _nrt=False)
def apply(s, cfg, rs, rec, o):
    """The pending decision takes option o (-1: none / pass)."""
    P = cfg[C_P]
    p, what = s[DECP], s[WHAT]
    s[WHAT] = -1
    q = PL + p * PSZ
    if what == NR:
        s[ROLE_TAKEN + o] = 1
        s[q + O_DUB] += s[ROLE_DUB + o]
        s[ROLE_DUB + o] = 0
        s[CHOOSER] = p
        s[CHOSEN + p * len(ROLE_KINDS) + min(o, PROSPECTOR)] += 1
        s[TURN] = 0
        if o == MAYOR:
            mayor(s, cfg, p)
            finish_role(s)
        elif o == CRAFTSMAN:
            craftsman(s, cfg, p)
            finish_role(s)
        elif o >= PROSPECTOR:
            s[q + O_DUB] += 1
            finish_role(s)
        else:
            s[ROLE] = o
            if o == CAPTAIN:
                s[TURN], s[IDLE], s[FIRSTSHIP] = p, 0, 1
        return
    if what == CAPTAIN:
        s[TURN] = (p + 1) % P
        if o < 0:
            s[IDLE] += 1
            return
        s[IDLE] = 0
        k = o // 2
        n = barrels(s, cfg, p, o)
        if o % 2:
            s[q + O_WHARF_USED] = 1
            s[GOODS + k] += n
        else:
            i = ship_for(s, p, k)
            s[SHIP_KIND + i] = k
            s[SHIP_LOAD + i] += n
        s[q + O_GOODS + k] -= n
        if p == s[CHOOSER] and s[FIRSTSHIP]:
            n += 1
            s[FIRSTSHIP] = 0
        if works(s, p, HARBOR):
            n += 1
        s[q + O_VP] += n
        s[VP_SUP] -= n
        return
    s[TURN] += 1
    if o < 0:
        return
    if what == SETTLER:
        if o == QUARRY:
            s[QUARRIES] -= 1
        else:
            for i in range(s[DISPN]):
                if s[DISP + i] == o:
                    for m in range(i, s[DISPN] - 1):
                        s[DISP + m] = s[DISP + m + 1]
                    s[DISPN] -= 1
                    break
        s[q + O_TILES + o] += 1
        if works(s, p, HOSPICE):
            s[q + O_OCC + o] += take_colonist(s)
    elif what == BUILDER:
        s[q + O_DUB] -= build_cost(s, cfg, p, o, p == s[CHOOSER])
        s[BSUP + o] -= 1
        s[q + O_OWN + o] = 1
        s[q + O_SPACES] += 2 if o >= FIRST_LARGE else 1
        if works(s, p, UNIVERSITY):
            s[q + O_BCOL + o] = take_colonist(s)
        if s[q + O_SPACES] == CITY_SPACES:
            s[ENDFLAG] = 1
    else:  # trader
        s[q + O_GOODS + o] -= 1
        s[HOUSE + s[HOUSEN]] = o
        s[HOUSEN] += 1
        s[q + O_DUB] += o + market_bonus(s, p) + (1 if p == s[CHOOSER] else 0)


@njit(search.POLICY_SIG, cache=True, error_model="numpy", _nrt=False)
def policy(s, cfg, rs, rec, code):
    return decide(s, cfg, rs, rec, s[DECP], s[WHAT], code)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """The face-down plantation stack is all a seat cannot see (the discard pile and every board are open): its
    tiles sorted by kind, then shuffled."""
    a, b = s[STKPOS], s[STKN]
    for k in range(NK):
        s[KEEP + k] = 0  # scratch: the count of each kind
    for i in range(a, b):
        s[KEEP + s[STK + i]] += 1
    n = a
    for k in range(NK):
        for _ in range(s[KEEP + k]):
            s[STK + n] = k
            n += 1
    for i in range(b - 1, a, -1):
        j = a + randint(rs, S_STACK, i - a + 1)
        s[STK + i], s[STK + j] = s[STK + j], s[STK + i]


@kernel(f"int64({S}, int64)")
def win_key(s, p):
    q = PL + p * PSZ
    tie = s[q + O_DUB]
    for k in range(NK):
        tie += s[q + O_GOODS + k]
    return s[q + O_SCORE] * (1 << 20) + tie


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: most points, then doubloons + goods; a tie left splits it."""
    return search.win_share(np.array([win_key(s, p) for p in range(cfg[C_P])]), seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    return search.lead(np.array([s[PL + p * PSZ + O_SCORE] for p in range(cfg[C_P])]), seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin)
PLAY = search.whole_game(MODEL)


@njit(types.void(*(types.int64[::1], R2, types.uint64[:, ::1], R2, types.int64[::1], types.int64[::1], R2),
                 types.int64, types.int64, types.int64, *search.MODEL), cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, s0, rec, start, max_rounds, force, advance, legal, apply, policy,
          determinize, reward, margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s the state, rec the record buffer.
    start NEW_GAME: a new set-up, policies pols[j] per turn-order rank from the first governor; FROM_STATE: a copy
    of position s0 (its policies per seat in s0; the unseen stack reshuffled from the game's stack stream);
    GO_ON: the one game in s goes on.  Each game plays up to max_rounds rounds (-1: to the end); force >= 0 is the
    role the first chooser of the call takes (question 4).  The search players' seed comes from the game's choice
    stream's seed (never its draws).  The forward model comes in as arguments (function pointers), so that this
    kernel caches: a pointer taken inside it would be a dynamic global."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x5EA4C4))
        if start == NEW_GAME:  # the coordination notes' set-up
            for i in range(SSIZE):
                s[i] = 0
            s[NPL] = P
            g = randint(rs, S_GOV, P)
            note(rec, R_GOVERNOR, g)
            s[GOV] = g
            s[FIRSTGOV] = g
            for k in range(NK):
                s[DISC + k] = cfg[C_TILES + k]  # the pool, shuffled below as a rebuilt stack is
                s[GOODS + k] = cfg[C_GOODS + k]
            for rank in range(P):
                p = (g + rank) % P
                k = cfg[C_CROPS + rank]
                s[PL + p * PSZ + O_TILES + k] = 1
                s[PL + p * PSZ + O_DUB] = cfg[C_DUB] + cfg[C_HCAP + rank]
                if cfg[C_POOL]:
                    s[DISC + k] -= 1
            s[STKN] = 0
            for k in range(NK):  # the set-up shuffle: as a rebuild, recorded as "stack" rows
                for _ in range(s[DISC + k]):
                    s[STK + s[STKN]] = k
                    s[STKN] += 1
                s[DISC + k] = 0
            for i in range(s[STKN] - 1, 0, -1):
                m = randint(rs, S_STACK, i + 1)
                s[STK + i], s[STK + m] = s[STK + m], s[STK + i]
            for i in range(s[STKN]):
                note(rec, R_STACK, s[STK + i])
            s[COL_SUP] = cfg[C_COL]
            s[COL_SHIP] = P
            s[VP_SUP] = cfg[C_VP]
            s[QUARRIES] = cfg[C_QUAR]
            for i in range(3):
                s[SHIP_CAP + i] = cfg[C_SHIPS + i]
                s[SHIP_KIND + i] = -1
            for b in range(NB):
                s[BSUP + b] = cfg[C_BSUP + b]
            refill_display(s, cfg, rs, rec)
            for k in range(P):
                s[PL + ((s[GOV] + k) % P) * PSZ + O_POL] = pols[j, k]
            s[CHOOSER], s[ROLE], s[WHAT] = -1, -1, -1
        elif start == FROM_STATE:
            for i in range(SSIZE):
                s[i] = s0[i]
            for i in range(s[STKN] - 1, s[STKPOS], -1):
                m = s[STKPOS] + randint(rs, S_STACK, i - s[STKPOS] + 1)
                s[STK + i], s[STK + m] = s[STK + m], s[STK + i]
            if s[DISPN] == 0:
                refill_display(s, cfg, rs, rec)
        for p in range(P):
            codes[p] = s[PL + p * PSZ + O_POL]
        PLAY(s, cfg, rs, rec, codes, max_rounds, force, seed, advance, legal, apply, policy, determinize,
             reward, margin)
        st[ST_GOV] = s[FIRSTGOV]
        st[ST_ROUNDS] = s[ROUND]
        st[ST_CAPPED] = s[CAPPED]
        for i in range(MAXP * len(ROLE_KINDS)):
            st[ST_ROLE + i] = s[CHOSEN + i]
        for p in range(P):
            q = PL + p * PSZ
            st[ST_SCORE + p] = s[q + O_SCORE]
            st[ST_VP + p] = s[q + O_VP]
            st[ST_TIE + p] = s[q + O_DUB]
            for k in range(NK):
                st[ST_TIE + p] += s[q + O_GOODS + k]


OPTIONS, GREEDY, DECIDE, PLACE = range(4)  # probe's questions


@njit(cache=True, error_model="numpy", _nrt=False)  # compiled on its first call, so not on the engine's import
def probe(s, cfg, rs, rec, question, p, what):
    """One decision helper called from Python (tests): OPTIONS (the count; the list at OPT), GREEDY (greedy's
    choice in a phase), DECIDE (p's own policy's decision; NR: its role card), PLACE (the mayor's rule for p)."""
    if question == OPTIONS:
        return options(s, cfg, p, what)
    if question == GREEDY:
        return greedy_pick(s, cfg, p, what)
    if question == DECIDE:
        return decide(s, cfg, rs, rec, p, what, s[PL + p * PSZ + O_POL])
    place_colonists(s, cfg, p)
    return 0


# ------------------------------------------------------------------------------------------------
# Python side

ENGINE_READINGS = [
    "bots never decline a free plantation; an occupied Hacienda draws when the island has 2 free spaces or more",
    "mayor: one shared placement rule (production pairs coffee first, corn, violet buildings, quarries, the rest)",
    "captain: among empty ships the one loading the most (tie the smallest); storage keeps the largest kinds",
    "turn_cap counts rounds; a capped game is scored where it stopped, counted apart",
    "win: most points, then doubloons + goods; still tied: shared",
]


def settings_vector(settings, players: int) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default)."""
    st = settings or r.DEFAULT_SETTINGS
    up = r.setup(players, st)
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    cfg[C_POOL] = st.start_tiles_from_pool
    cfg[C_MERGE] = st.reshuffle == "merge"
    cfg[C_FLOOR] = st.cost_floor
    cfg[C_WHARF] = st.wharf_capacity
    cfg[C_CAP] = st.turn_cap
    cfg[C_ENOUGH] = st.end_colonists_reading == "enough"
    cfg[C_NROLES] = len(up.roles)
    cfg[C_DUB], cfg[C_VP], cfg[C_COL] = up.doubloons, up.vp_chips, up.colonists
    cfg[C_CROPS:C_CROPS + players] = up.start_crops
    handicap = core_settings.handicap_by_rank(st.seat_handicap, players)
    core_settings.check_start(up.doubloons, handicap, "doubloons")
    cfg[C_HCAP:C_HCAP + players] = handicap
    cfg[C_SHIPS:C_SHIPS + 3] = up.ships
    cfg[C_TILES:C_TILES + NK] = st.tiles
    cfg[C_QUAR] = st.quarries
    cfg[C_GOODS:C_GOODS + NK] = st.goods
    for b in range(NB):
        cfg[C_COST + b], cfg[C_COLUMN + b], cfg[C_BSUP + b], cfg[C_CIRCLES + b] = st.buildings[b]
    return cfg


def policy_code(policy) -> int:
    """The engine's code of a policy (a policies.Policy or its name: greedy, random, noisy, noisy:EPS)."""
    if isinstance(policy, str):
        from analyzer.games.puerto_rico.policies import parse_policy

        policy = parse_policy(policy, "policy")
    if policy.kind == "search":
        return MODEL.code(policy.budget, policy_code(policy.base))
    if policy.kind == "noisy":
        return P_NOISY + int(round(policy.epsilon * NOISE_SCALE))
    return POLICY_CODES[policy.kind]


def policy_codes(policies) -> np.ndarray:
    return np.array([policy_code(p) for p in policies], dtype=np.int64)


def run(cfg, streams, stats, s, start, max_rounds=-1, pols=None, rec=None, s0=None, force=-1):
    """`batch` with the buffers a caller does not keep made fresh."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, 3), dtype=np.int64) if rec is None else rec
    s0 = s if s0 is None else s0
    batch(cfg, pols, streams, stats, s, s0, rec, start, max_rounds, force, *MODEL.functions())


def position_state(position, policies) -> np.ndarray:
    """A state.Position at a role choice as the engine's state (policies one per seat); without boards, the
    set-up's boards (each seat its start crop, the set-up doubloons).  The stack's order is drawn by each game."""
    P = position.players
    st = position.settings
    up = r.setup(P, st)
    s = np.zeros(SSIZE, dtype=np.int64)
    s[NPL], s[GOV], s[FIRSTGOV], s[ROUND] = P, position.governor, position.governor, position.round - 1  # played
    s[PICKS] = len(position.roles_taken)
    s[CHOOSER], s[ROLE], s[WHAT] = -1, -1, -1
    for _, card in position.roles_taken:
        s[ROLE_TAKEN + card] = 1
    s[ROLE_DUB:ROLE_DUB + len(position.role_doubloons)] = position.role_doubloons
    s[COL_SUP], s[COL_SHIP], s[VP_SUP], s[QUARRIES] = (position.colonists, position.colonist_ship,
                                                       position.vp_chips, position.quarries)
    n = 0
    for k in range(NK):
        s[STK + n:STK + n + position.stack[k]] = k
        n += position.stack[k]
        s[DISC + k] = position.discard[k] + position.leftovers[k]
    s[STKN] = n
    s[DISPN] = len(position.display)
    s[DISP:DISP + len(position.display)] = position.display
    s[HOUSEN] = len(position.trading_house)
    s[HOUSE:HOUSE + len(position.trading_house)] = position.trading_house
    for i, (cap, kind, load) in enumerate(position.ships):
        s[SHIP_CAP + i], s[SHIP_KIND + i], s[SHIP_LOAD + i] = cap, kind, load
    s[GOODS:GOODS + NK] = position.goods_supply
    s[BSUP:BSUP + NB] = position.buildings_left
    for p in range(P):
        q = PL + p * PSZ
        s[q + O_POL] = policy_code(policies[p])
        if position.boards is None:
            s[q + O_DUB] = up.doubloons
            s[q + O_TILES + up.start_crops[(p - position.governor) % P]] = 1
            continue
        board = position.boards[p]
        s[q + O_DUB], s[q + O_VP], s[q + O_SJ] = board.doubloons, board.vp, board.san_juan
        s[q + O_GOODS:q + O_GOODS + NK] = board.goods
        s[q + O_TILES:q + O_TILES + 6] = board.plantations
        s[q + O_OCC:q + O_OCC + 6] = board.occupied
        for b, colonists in board.buildings:
            s[q + O_OWN + b] = 1
            s[q + O_BCOL + b] = colonists
            s[q + O_SPACES] += r.BUILDINGS[b].size
    return s


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points, then doubloons + goods; a tie left splits 1."""
    key = stats[:, ST_SCORE:ST_SCORE + players] * (1 << 20) + stats[:, ST_TIE:ST_TIE + players]
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)
