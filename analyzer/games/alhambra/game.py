"""The Alhambra full-game engine (numba): whole games from the set-up, or from a position, with the seated
policies (`policies.py`).

State and settings are flat int64 arrays (offsets below); tiles, kinds and currencies are rules.py's ints and a
money card is its sort `cur * 9 + v - 1` (36, 37: scoring cards 1 and 2).  Each seat's alhambra lives twice: as a
tile list in the state and as a grid (`grid[seat, (x + OFF) * W + y + OFF]`: tile id + 1, FOUNT_CELL the fountain)
that `batch` rebuilds from the lists.  Chance comes from six splitmix64 streams per game seeded from `Chance`, so
every rule set of a balance run meets the same decks game by game.  With a record buffer every chance outcome and
every random player's choice is written in order (rows (tag, a, b), the coordination notes' chance record); the
readable reference replays a game from it.  The rules, the payment rule and both policies are the ones in the
coordination notes (`policies.py` sums them up); the geometry mirrors layout.py (tests hold the two equal).
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError
from analyzer.core.kernels import R, S, U, kernel, note2 as note, randint, rows_of, shuffle, shuffled_range
from analyzer.core.policies import engine_coders
from analyzer.core.streams import StreamSeeds
from analyzer.games.alhambra import rules as r

MAXP = 6
NT = r.N_TILES  # 54
NK = len(r.KINDS)
NCUR = len(r.CURRENCIES)
NSORT = NCUR * 9  # money card sorts
SCORING1 = NSORT  # the scoring cards' codes: SCORING1, SCORING1 + 1
OFF = NT + 2  # grid offset: every square of a legal alhambra and its ring lies within OFF of the fountain
W = 2 * OFF + 1
CW = W + 1  # corner grid width
FOUNT_CELL = NT + 1

TILE_KIND = np.array(r.TILE_KIND, dtype=np.int64)
TILE_COST = np.array(r.TILE_COST, dtype=np.int64)
CELL_WALLS = np.array([0] + [sum(1 << s for s in ws) for ws in r.TILE_WALLS] + [0], dtype=np.int64)  # by cell
PTS = np.zeros((3, NK, 3), dtype=np.int64)
for _sc, _row in enumerate(r.POINTS):
    for _k, _paid in enumerate(_row):
        PTS[_sc, _k, :len(_paid)] = _paid
FIRST_POINTS = np.array([r.POINTS[2][k][0] for k in range(NK)], dtype=np.int64)  # greedy's points of a tile
DX = np.array([0, 1, 0, -1], dtype=np.int64)  # by side: 0 north, 1 east, 2 south, 3 west (layout.py)
DY = np.array([-1, 0, 1, 0], dtype=np.int64)
RX = np.array([-1, 0, 1, 1, 1, 0, -1, -1], dtype=np.int64)  # the 8-ring NW, N, NE, E, SE, S, SW, W
RY = np.array([-1, -1, -1, 0, 1, 1, 1, 0], dtype=np.int64)

# settings vector
C_P, C_TIE, C_PILE, C_END, C_RESHUFFLE, C_STARTTIE, C_CAP, C_BYRANK, C_UNTIL = range(9)
C_HCAP = 9  # MAXP money dealt on top of the start deal by turn-order rank (the seat handicap)
CSIZE = C_HCAP + MAXP
TIE_READINGS = ("occupied_ranks", "rank_only")
PILE_READINGS = ("larger_first", "fifths")
END_READINGS = ("free_space", "empty_stack")
START_READINGS = ("random", "lower_seat")

# state vector
NPL, TOMOVE, TURN, ENDED, STARTP, NSCORED, DTOP, DN, DISCN, STOP, SN, BN = range(12)
HAND = 12  # MAXP x NSORT card counts
HSUM = HAND + MAXP * NSORT  # MAXP x NCUR total value by currency
HN = HSUM + MAXP * NCUR  # MAXP cards held
DISP = HN + MAXP  # 4 display slots: card sort or -1
DECK = DISP + r.DISPLAY  # the money deck, deck[DTOP] the top, DN cards in all
DECKMAX = r.N_MONEY + 2
DISC = DECK + DECKMAX  # NSORT paid cards by sort
MKT = DISC + NSORT  # 4 market spaces: tile or -1
STK = MKT + r.MARKET  # the tile stack, stk[STOP] the top, SN tiles in all
NTL = STK + NT  # MAXP tiles in each alhambra (fountain not counted)
TX = NTL + MAXP  # MAXP x NT: x, y and tile of each placed tile, in the order placed
TY = TX + MAXP * NT
TT = TY + MAXP * NT
BB = TT + MAXP * NT  # MAXP x 4 bounding box min x, max x, min y, max y (fountain included)
KC = BB + MAXP * 4  # MAXP x NK tiles of each kind in the alhambra
RESN = KC + MAXP * NK  # MAXP reserve sizes
RES = RESN + MAXP  # MAXP x NT reserve tiles in the order put there
BOUGHT = RES + MAXP * NT  # tiles bought this turn (at most 4)
SCORE = BOUGHT + r.MARKET  # MAXP points
POL = SCORE + MAXP  # MAXP policy code per seat
# the forward model's cursor: the step of the turn (T_*), the pending decision (D_*: 0 none) and its seat, the
# tile to place, the next bought tile to place, the game's end pending (E_*) and the next market space whose
# leftover tile is handed out
STEP, PEND, DECP, PTILE, PLI, ENDKIND, ENDC = range(POL + MAXP, POL + MAXP + 7)
T_START, T_ACT, T_PLACE, T_END = range(4)
D_ACT, D_PLACE = 1, 2
RESERVE = -1  # the place decision's option when no square is legal
WIN = ENDC + 1  # the unseen scoring cards' 0-based deck windows (first, last) for cards 1 and 2, to determinize
STB = WIN + 4  # the game's stats (STSIZE below), kept in the state as it is played
E_RUN, E_MARKET, E_STACK, E_CAPPED = range(4)
END_NAMES = ("running", "market", "stack", "capped")

# per-game stats
ACT_KINDS = ("money take", "exact buy", "overpaying buy", "tile placed", "tile to reserve", "leftover tile")
A_TAKE, A_EXACT, A_OVER, A_PLACED, A_RESERVE, A_LEFTOVER = range(6)
NACT = len(ACT_KINDS)
ST_TURNS, ST_END, ST_START, ST_FIRST, ST_DRAWS = range(5)
ST_POINTS = 5  # MAXP by seat
ST_COUNTS = ST_POINTS + MAXP  # MAXP x NK tiles by kind at the run's first scoring (ST_FIRST: which one)
ST_MAJ = ST_COUNTS + MAXP * NK  # MAXP x NK majority points there
ST_ACT = ST_MAJ + MAXP * NK  # MAXP x NACT by seat
STSIZE = ST_ACT + MAXP * NACT
SSIZE = STB + STSIZE
# the forward model's state (`batch` makes it): the state, then the P seats' grids (P x W * W), then the work rows
GRID = SSIZE

# chance streams and record tags
S_MONEY, S_TILES, S_SCORING, S_START, S_RESHUFFLE, S_CHOICE = range(6)
R_MONEY, R_SCORING, R_TILE, R_START, R_TAKE, R_BUY, R_PLACE, R_RESERVE, R_RESHUF = range(9)
RECORD_KINDS = ("money", "scoring", "tile", "start", "take", "buy", "place", "reserve", "reshuffle")

POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1
INF = 1 << 40

# work rows: W_CORNER corner -> local node + 1; W_WALL segments and the DFS; W_LIST legal squares and actions;
# W_POOL shuffles; W_PAY the payment tables
W_CORNER, W_WALL, W_LIST, W_POOL, W_PAY = range(5)
WSHAPE = (5, CW * CW)
MAXSEG = 4 * (NT + 1)
WL_A, WL_B = 0, MAXSEG  # segment corners (local nodes)
WL_DEG = 2 * MAXSEG  # node degree (nodes <= 2 * MAXSEG)
WL_ADJ = WL_DEG + 2 * MAXSEG  # node x 4 segments
WL_VIS = WL_ADJ + 8 * MAXSEG
WL_USED = WL_VIS + 2 * MAXSEG
WL_SN = WL_USED + MAXSEG  # DFS stack: node, next adjacency index, segment used
WL_SK = WL_SN + MAXSEG + 2
WL_SE = WL_SK + MAXSEG + 2
WL_CORN = WL_SE + MAXSEG + 2  # the corner cells set, to clear them

class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 6) uint64; game j of every rule set reads row j."""
    STREAMS = ("money", "tiles", "scoring", "start", "reshuffle", "choice")


# ------------------------------------------------------------------------------------------------
# chance


@kernel(f"void({R}, int64)")
def note_card(rec, code):
    note(rec, R_MONEY, code // 9, code % 9 + 1)


# ------------------------------------------------------------------------------------------------
# geometry (layout.py)


@kernel("int64(int64, int64)")
def cell(x, y):
    return (x + OFF) * W + y + OFF


@kernel(f"boolean({R}, int64, int64, int64, int64)")
def can_place(grid, p, t, x, y):
    """layout.can_place on an alhambra whose every tile the fountain reaches: an empty square, every shared side
    wall to wall and open to open, one shared side open, and the occupied squares of its 8-ring in one run (so no
    hole is left)."""
    g = grid[p]
    if g[cell(x, y)] != 0:
        return False
    mine = CELL_WALLS[t + 1]
    opened = False
    for side in range(4):
        v = g[cell(x + DX[side], y + DY[side])]
        if v == 0:
            continue
        wall = (mine >> side) & 1
        if wall != (CELL_WALLS[v] >> ((side + 2) % 4)) & 1:
            return False
        if wall == 0:
            opened = True
    if not opened:
        return False
    changes = 0
    last = g[cell(x + RX[7], y + RY[7])] != 0
    for i in range(8):
        occ = g[cell(x + RX[i], y + RY[i])] != 0
        if occ != last:
            changes += 1
        last = occ
    return changes == 2


@kernel(f"int64({S}, {R}, int64, int64, {S})")
def legal_squares(s, grid, p, t, out):
    """The squares where tile t may go in p's alhambra, in layout.legal_placements' order (x, then y), as
    cell(x, y) into out; returns how many."""
    n = 0
    b = BB + 4 * p
    for x in range(s[b] - 1, s[b + 1] + 2):
        for y in range(s[b + 2] - 1, s[b + 3] + 2):
            if can_place(grid, p, t, x, y):
                out[n] = cell(x, y)
                n += 1
    return n


@kernel(f"void({S}, {R}, int64, int64, int64, int64)")
def put(s, grid, p, t, x, y):
    k = s[NTL + p]
    s[TX + p * NT + k] = x
    s[TY + p * NT + k] = y
    s[TT + p * NT + k] = t
    s[NTL + p] = k + 1
    grid[p, cell(x, y)] = t + 1
    s[KC + p * NK + TILE_KIND[t]] += 1
    b = BB + 4 * p
    s[b] = min(s[b], x)
    s[b + 1] = max(s[b + 1], x)
    s[b + 2] = min(s[b + 2], y)
    s[b + 3] = max(s[b + 3], y)


@kernel(f"void({S}, {R}, int64)")
def unput(s, grid, p):
    """Takes back p's last placed tile (the bounding box may stay larger: it only bounds the scans)."""
    k = s[NTL + p] - 1
    t = s[TT + p * NT + k]
    grid[p, cell(s[TX + p * NT + k], s[TY + p * NT + k])] = 0
    s[KC + p * NK + TILE_KIND[t]] -= 1
    s[NTL + p] = k


@kernel(f"int64({S}, {S}, int64, int64)")
def corner_node(w, node_of, cx, cy):
    """The local node of corner (cx, cy), made when new (w: the wall row)."""
    c = (cx + OFF) * CW + cy + OFF
    if node_of[c] == 0:
        n = w[WL_CORN]
        w[WL_CORN] = n + 1
        w[WL_CORN + 1 + n] = c
        node_of[c] = n + 1
        w[WL_DEG + n] = 0
        w[WL_VIS + n] = 0
    return node_of[c] - 1


@kernel(f"int64({S}, {R}, int64, {R})")
def longest_wall(s, grid, p, wk):
    """layout.longest_outer_wall: the longest chain of outer wall segments joined end to end, each segment once,
    no corner twice, except that it may close on its start (a ring of n segments counts n)."""
    node_of, w = wk[W_CORNER], wk[W_WALL]
    g = grid[p]
    w[WL_CORN] = 0
    nseg = 0
    for i in range(s[NTL + p]):
        x, y, t = s[TX + p * NT + i], s[TY + p * NT + i], s[TT + p * NT + i]
        m = CELL_WALLS[t + 1]
        for side in range(4):
            if (m >> side) & 1 == 0 or g[cell(x + DX[side], y + DY[side])] != 0:
                continue
            if side == 0:
                ax, ay, bx, by = x, y, x + 1, y
            elif side == 1:
                ax, ay, bx, by = x + 1, y, x + 1, y + 1
            elif side == 2:
                ax, ay, bx, by = x, y + 1, x + 1, y + 1
            else:
                ax, ay, bx, by = x, y, x, y + 1
            a = corner_node(w, node_of, ax, ay)
            b = corner_node(w, node_of, bx, by)
            w[WL_A + nseg] = a
            w[WL_B + nseg] = b
            w[WL_USED + nseg] = 0
            w[WL_ADJ + 4 * a + w[WL_DEG + a]] = nseg
            w[WL_DEG + a] += 1
            w[WL_ADJ + 4 * b + w[WL_DEG + b]] = nseg
            w[WL_DEG + b] += 1
            nseg += 1
    nodes = w[WL_CORN]
    best = 0
    for start in range(nodes):
        if best >= nseg:
            break
        # iterative DFS: stack of (node, next adjacency index, segment that led here)
        depth = 0
        w[WL_SN] = start
        w[WL_SK] = 0
        w[WL_SE] = -1
        w[WL_VIS + start] = 1
        while depth >= 0:
            u = w[WL_SN + depth]
            k = w[WL_SK + depth]
            if k < w[WL_DEG + u]:
                w[WL_SK + depth] = k + 1
                e = w[WL_ADJ + 4 * u + k]
                if w[WL_USED + e]:
                    continue
                v = w[WL_B + e] if w[WL_A + e] == u else w[WL_A + e]
                if v == start:
                    best = max(best, depth + 1)
                elif w[WL_VIS + v] == 0:
                    w[WL_USED + e] = 1
                    w[WL_VIS + v] = 1
                    depth += 1
                    best = max(best, depth)
                    w[WL_SN + depth] = v
                    w[WL_SK + depth] = 0
                    w[WL_SE + depth] = e
            else:
                w[WL_VIS + u] = 0
                e = w[WL_SE + depth]
                if e >= 0:
                    w[WL_USED + e] = 0
                depth -= 1
    for i in range(nodes):
        node_of[w[WL_CORN + 1 + i]] = 0
    return best


# ------------------------------------------------------------------------------------------------
# scoring


@kernel(f"int64({S}, {S}, int64, int64, int64)")
def kind_points(s, cfg, sc, k, p):
    """rules.score_kind for seat p: points of kind k at scoring sc (1..3)."""
    c = s[KC + p * NK + k]
    if c == 0:
        return 0
    rank, group = 0, 0
    for q in range(s[NPL]):
        x = s[KC + q * NK + k]
        if x > c:
            rank += 1
        elif x == c:
            group += 1
    pot = 0
    if cfg[C_TIE] == 0:
        for i in range(rank, min(rank + group, 3)):
            pot += PTS[sc - 1, k, i]
    elif rank < 3:
        pot = PTS[sc - 1, k, rank]
    return pot // group


@kernel(f"void({S}, {S}, int64, {R}, {R}, {S})")
def scoring(s, cfg, sc, grid, wk, st):
    """Scoring sc: the majorities and every seat's longest outer wall; the run's first scoring noted in st."""
    first = st[ST_FIRST] == 0
    if first:
        st[ST_FIRST] = sc
    for p in range(s[NPL]):
        gain = longest_wall(s, grid, p, wk) * r.WALL_POINT
        for k in range(NK):
            x = kind_points(s, cfg, sc, k, p)
            gain += x
            if first:
                st[ST_COUNTS + p * NK + k] = s[KC + p * NK + k]
                st[ST_MAJ + p * NK + k] = x
        s[SCORE + p] += gain
    s[NSCORED] = max(s[NSCORED], sc)


# ------------------------------------------------------------------------------------------------
# money


@kernel(f"void({S}, int64, int64, int64)")
def give(s, p, code, n):
    s[HAND + p * NSORT + code] += n
    s[HSUM + p * NCUR + code // 9] += n * (code % 9 + 1)
    s[HN + p] += n


@kernel(f"int64({S}, int64, int64, int64, {S})")
def payment(s, p, c, cost, w):
    """The payment rule: the sub-multiset of p's currency-c cards of least total >= cost, then fewest cards, then
    the greatest count vector (n9, ..., n1).  Its counts go to w[1..9]; returns its total (0: cannot pay)."""
    if s[HSUM + p * NCUR + c] < cost:
        return 0
    top = cost + 9
    mc = 16  # w[mc + v * top + x]: fewest cards of values <= v summing to x
    w[mc] = 0
    for x in range(1, top):
        w[mc + x] = INF
    for v in range(1, 10):
        have = s[HAND + p * NSORT + c * 9 + v - 1]
        for x in range(top):
            b = w[mc + (v - 1) * top + x]
            for n in range(1, have + 1):
                if n * v > x:
                    break
                b = min(b, w[mc + (v - 1) * top + x - n * v] + n)
            w[mc + v * top + x] = b
    total = cost
    while w[mc + 9 * top + total] >= INF:
        total += 1
    rem, left = total, w[mc + 9 * top + total]
    for v in range(9, 0, -1):
        have = s[HAND + p * NSORT + c * 9 + v - 1]
        n = min(have, rem // v)
        while n > 0 and w[mc + (v - 1) * top + rem - n * v] != left - n:
            n -= 1
        w[v] = n
        rem -= n * v
        left -= n
    return total


@kernel(f"int64({S}, int64, int64, int64)")
def reach(s, p, c, take):
    """The sums p's currency-c cards (with the display slots in mask `take`) can make, as a bit mask (to 31)."""
    m = np.int64(1)
    for v in range(1, 10):
        for _ in range(s[HAND + p * NSORT + c * 9 + v - 1]):
            m = (m | (m << v)) & 0xFFFFFFFF
    for i in range(r.DISPLAY):
        if (take >> i) & 1 and s[DISP + i] // 9 == c:
            m = (m | (m << (s[DISP + i] % 9 + 1))) & 0xFFFFFFFF
    return m


@kernel(f"void({S}, {S}, {R}, {R}, {U}, {R}, {S})")
def refill_display(s, cfg, grid, wk, rs, rec, st):
    """Empty display slots in ascending order from the deck top; a scoring card scores at once and the slot is
    drawn again; an empty deck is rebuilt from the paid cards (money_reshuffle) or the slot stays empty."""
    for slot in range(r.DISPLAY):
        while s[DISP + slot] < 0:
            if s[DTOP] == s[DN]:
                if cfg[C_RESHUFFLE] == 0 or s[DISCN] == 0:
                    return
                n = 0
                for code in range(NSORT):
                    for _ in range(s[DISC + code]):
                        s[DECK + n] = code
                        n += 1
                    s[DISC + code] = 0
                s[DISCN] = 0
                shuffle(s, DECK, n, rs, S_RESHUFFLE)
                note(rec, R_RESHUF, n, 0)
                for i in range(n):
                    note_card(rec, s[DECK + i])
                s[DTOP] = 0
                s[DN] = n
            code = s[DECK + s[DTOP]]
            s[DTOP] += 1
            if code >= SCORING1:
                scoring(s, cfg, code - SCORING1 + 1, grid, wk, st)
            else:
                s[DISP + slot] = code
                st[ST_DRAWS] += 1


# ------------------------------------------------------------------------------------------------
# actions and policies
# an action: 1..15 a take (the display slot mask), 16 + space a buy, 0 none


@kernel(f"boolean({S}, int64)")
def take_legal(s, mask):
    n, total = 0, 0
    for i in range(r.DISPLAY):
        if (mask >> i) & 1:
            code = s[DISP + i]
            if code < 0:
                return False
            n += 1
            total += code % 9 + 1
    return n == 1 or total <= r.TAKE_LIMIT


@kernel(f"int64({S}, {S})")
def actions(s, out):
    """The mover's legal actions into out: the takes (by display-slot mask) ascending, then the payable buys."""
    m = s[TOMOVE]
    n = 0
    for a in range(1, 16 + r.MARKET):
        if a < 16:
            ok = take_legal(s, a)
        else:
            t = s[MKT + a - 16]
            ok = t >= 0 and TILE_COST[t] <= s[HSUM + m * NCUR + a - 16]
        if ok:
            out[n] = a
            n += 1
    return n


@kernel(f"int64({S}, {U}, {S})")
def random_action(s, rs, out):
    """Uniform over the legal takes (by slot set) and the payable buys (out: a work row); 0 when none."""
    n = actions(s, out)
    return out[randint(rs, S_CHOICE, n)] if n > 0 else 0


@kernel(f"int64({S}, int64, boolean)")
def best_buy(s, m, exact_only):
    """The space of the tile of highest points/cost that m pays (exactly, with exact_only); ties: lower cost,
    then lower space; -1 none."""
    best = -1
    for c in range(r.MARKET):
        t = s[MKT + c]
        if t < 0 or TILE_COST[t] > s[HSUM + m * NCUR + c]:
            continue
        if exact_only and (reach(s, m, c, 0) >> TILE_COST[t]) & 1 == 0:
            continue
        if best < 0:
            best = c
            continue
        b = s[MKT + best]
        lhs = FIRST_POINTS[TILE_KIND[t]] * TILE_COST[b]
        rhs = FIRST_POINTS[TILE_KIND[b]] * TILE_COST[t]
        if lhs > rhs or (lhs == rhs and TILE_COST[t] < TILE_COST[b]):
            best = c
    return best


@kernel(f"int64({S})")
def greedy_action(s):
    """The spec's greedy (question 5): the best exactly payable buy, else the take making the most market tiles
    exactly payable (ties: more value, more cards, the smaller mask), else the best overpaying buy."""
    m = s[TOMOVE]
    c = best_buy(s, m, True)
    if c >= 0:
        return 16 + c
    best, bn, bv, bk = 0, -1, 0, 0
    for a in range(1, 16):
        if not take_legal(s, a):
            continue
        value, cards = 0, 0
        for i in range(r.DISPLAY):
            if (a >> i) & 1:
                value += s[DISP + i] % 9 + 1
                cards += 1
        exact = 0
        for c in range(r.MARKET):
            t = s[MKT + c]
            if t >= 0 and (reach(s, m, c, a) >> TILE_COST[t]) & 1:
                exact += 1
        if (exact > bn or (exact == bn and (value > bv or (value == bv and cards > bk)))):
            best, bn, bv, bk = a, exact, value, cards
    if best > 0:
        return best
    c = best_buy(s, m, False)
    return 16 + c if c >= 0 else 0


@kernel(f"int64({S}, {R}, int64, int64, int64, {U}, {R}, {R})")
def place_choice(s, grid, p, t, pol, rs, rec, wk):
    """Where policy pol puts tile t in p's alhambra (random: uniform over the legal squares; greedy: the longest
    outer wall after it, ties the first square): its cell, or RESERVE when no square is legal (random records
    its choice, the reserve too)."""
    sq = wk[W_LIST]
    n = legal_squares(s, grid, p, t, sq)
    if n == 0:
        if pol == P_RANDOM:
            note(rec, R_RESERVE, 0, 0)
        return RESERVE
    if pol == P_RANDOM:
        at = sq[randint(rs, S_CHOICE, n)]
        note(rec, R_PLACE, at // W - OFF, at % W - OFF)
        return at
    at, bw = sq[0], -1
    for i in range(n):
        put(s, grid, p, t, sq[i] // W - OFF, sq[i] % W - OFF)
        lw = longest_wall(s, grid, p, wk)
        unput(s, grid, p)
        if lw > bw:
            at, bw = sq[i], lw
    return at


@kernel(f"void({S}, {R}, int64, int64, int64, {S})")
def place_at(s, grid, p, t, at, st):
    """p puts tile t on cell `at`, or in the reserve."""
    if at == RESERVE:
        s[RES + p * NT + s[RESN + p]] = t
        s[RESN + p] += 1
        st[ST_ACT + p * NACT + A_RESERVE] += 1
        return
    put(s, grid, p, t, at // W - OFF, at % W - OFF)
    st[ST_ACT + p * NACT + A_PLACED] += 1


@kernel(f"void({S}, {R}, int64, int64, {U}, {R}, {R}, {S})")
def place(s, grid, p, t, rs, rec, wk, st):
    """p puts tile t in his alhambra by his policy, or in the reserve when no square is legal."""
    place_at(s, grid, p, t, place_choice(s, grid, p, t, s[POL + p], rs, rec, wk), st)


@kernel(f"int64({S}, int64, {U}, {R}, {R})")
def action_choice(s, pol, rs, rec, wk):
    """The mover's next action by policy pol (0: none is legal); random records its choice."""
    if pol == P_RANDOM:
        a = random_action(s, rs, wk[W_LIST])
        if a > 0:
            note(rec, R_TAKE if a < 16 else R_BUY, a if a < 16 else a - 16, 0)
        return a
    return greedy_action(s)


@kernel(f"int64({S}, int64, {R}, {S})")
def do_action(s, a, wk, st):
    """The mover takes action a; returns 1 when he may act again (an exact payment), else 0."""
    m = s[TOMOVE]
    if a == 0:
        return 0
    if a < 16:
        for i in range(r.DISPLAY):
            if (a >> i) & 1:
                give(s, m, s[DISP + i], 1)
                s[DISP + i] = -1
        st[ST_ACT + m * NACT + A_TAKE] += 1
        return 0
    c = a - 16
    t = s[MKT + c]
    w = wk[W_PAY]
    total = payment(s, m, c, TILE_COST[t], w)
    for v in range(1, 10):
        code = c * 9 + v - 1
        give(s, m, code, -w[v])
        s[DISC + code] += w[v]
        s[DISCN] += w[v]
    s[MKT + c] = -1
    s[BOUGHT + s[BN]] = t
    s[BN] += 1
    if total == TILE_COST[t]:
        st[ST_ACT + m * NACT + A_EXACT] += 1
        return 1
    st[ST_ACT + m * NACT + A_OVER] += 1
    return 0


# ------------------------------------------------------------------------------------------------
# set-up, whole games


@kernel(f"void({S}, int64)")
def init(s, P):
    """An empty table: fountains, empty hands, markets and piles."""
    for i in range(SSIZE):
        s[i] = 0
    s[NPL] = P
    for i in range(r.DISPLAY):
        s[DISP + i] = -1
    for i in range(r.MARKET):
        s[MKT + i] = -1


@kernel("UniTuple(int64, 2)(int64, int64, int64)")
def window(money_left, pile_split, card):
    """rules.scoring_windows: the first and last 1-based deck positions of scoring card 1|2."""
    if pile_split == 0:
        base, extra = money_left // 5, money_left % 5
        pile = 1 if card == 1 else 3
        start = 1
        for i in range(pile):
            start += base + (1 if i < extra else 0) + (1 if i == 1 or i == 3 else 0)
        return start, start + base + (1 if pile < extra else 0)
    n = money_left + r.DISPLAY
    if card == 1:
        lo, hi, k = -((-3 * n) // 5), (4 * n) // 5, 1
    else:
        lo, hi, k = -((-n) // 5), (2 * n) // 5, 2
    return n + k - hi - r.DISPLAY, n + k - lo - r.DISPLAY


@kernel(f"int64({S}, int64)")
def money_total(s, p):
    return s[HSUM + p * NCUR] + s[HSUM + p * NCUR + 1] + s[HSUM + p * NCUR + 2] + s[HSUM + p * NCUR + 3]


@kernel(f"void({S}, {S}, {U}, {R}, {R})")
def deal(s, cfg, rs, rec, wk):
    """The set-up's chance (coordination notes): the money deck, the start deal seat by seat until 20, the
    display, the scoring cards in their windows, the tile stack and market, the start player."""
    P = cfg[C_P]
    init(s, P)
    pool = wk[W_POOL]
    for i in range(r.N_MONEY):
        pool[i] = i // r.COPIES
    shuffle(pool, 0, r.N_MONEY, rs, S_MONEY)
    for i in range(r.N_MONEY):
        note_card(rec, pool[i])
    at = 0
    for p in range(P):
        while money_total(s, p) < r.START_MONEY:
            give(s, p, pool[at], 1)
            at += 1
    pos = wk[W_LIST]
    best, tied = -1, 0  # fewest cards, then the lowest total; pos[2..] the tied seats
    for p in range(P):
        if best < 0 or s[HN + p] < s[HN + best] or (s[HN + p] == s[HN + best]
                                                    and money_total(s, p) < money_total(s, best)):
            best, tied = p, 0
        if s[HN + p] == s[HN + best] and money_total(s, p) == money_total(s, best):
            pos[2 + tied] = p
            tied += 1
    k = randint(rs, S_START, tied) if cfg[C_STARTTIE] == 0 and tied > 1 else 0
    s[STARTP] = pos[2 + k]
    for rank in range(P):  # the seat handicap: each rank dealt on until its total grew by its handicap
        p = (s[STARTP] + rank) % P
        goal = money_total(s, p) + cfg[C_HCAP + rank]
        while money_total(s, p) < goal:
            give(s, p, pool[at], 1)
            at += 1
    for i in range(r.DISPLAY):
        s[DISP + i] = pool[at]
        at += 1
    left = r.N_MONEY - at
    for card in range(2):
        lo, hi = window(left, cfg[C_PILE], card + 1)
        pos[card] = lo + randint(rs, S_SCORING, hi - lo + 1)
        s[WIN + 2 * card], s[WIN + 2 * card + 1] = lo - 1, hi - 1
        note(rec, R_SCORING, card + 1, pos[card])
    for i in range(left + 2):
        if i + 1 == pos[0]:
            s[DECK + i] = SCORING1
        elif i + 1 == pos[1]:
            s[DECK + i] = SCORING1 + 1
        else:
            s[DECK + i] = pool[at]
            at += 1
    s[DN] = left + 2
    shuffled_range(s, STK, NT, rs, S_TILES)
    for i in range(NT):
        note(rec, R_TILE, s[STK + i], 0)
    s[SN] = NT
    for c in range(r.MARKET):
        s[MKT + c] = s[STK + c]
    s[STOP] = r.MARKET
    s[TOMOVE] = s[STARTP]
    note(rec, R_START, s[STARTP], 0)


@kernel(f"void({R}, {S})")
def build_grid(grid, s):
    for p in range(s[NPL]):
        grid[p, cell(0, 0)] = FOUNT_CELL
        for i in range(s[NTL + p]):
            grid[p, cell(s[TX + p * NT + i], s[TY + p * NT + i])] = s[TT + p * NT + i] + 1


@kernel(f"void({R}, {S})")
def clear_grid(grid, s):
    for p in range(s[NPL]):
        grid[p, cell(0, 0)] = 0
        for i in range(s[NTL + p]):
            grid[p, cell(s[TX + p * NT + i], s[TY + p * NT + i])] = 0


@kernel(f"void({S}, {S})")
def copy(dst, src):
    for i in range(SSIZE):
        dst[i] = src[i]


H_LO = MAXP  # hidden[H_LO + 2k], hidden[H_LO + 2k + 1]: 0-based deck window of unseen scoring card k + 1 (-1 seen)
H_DECK = MAXP + 4  # money cards in the deck
HIDSIZE = MAXP + 5


@kernel(f"void({S}, {S}, {S}, {S}, {U}, {R})")
def from_position(s, s0, hidden, pools, rs, wk):
    """s = the position s0 with its hidden chance dealt from the shuffled unseen money (pools: n, then n sorts):
    hidden[p] cards to each hidden hand, then hidden[H_DECK] to the deck with each unseen scoring card at a
    uniform index of its window, the rest to the paid cards; the stack (s0[SN] tiles) from the shuffled unseen
    tiles (pools after the money: m, then m ids)."""
    copy(s, s0)
    pool = wk[W_POOL]
    n = pools[0]
    for i in range(n):
        pool[i] = pools[1 + i]
    shuffle(pool, 0, n, rs, S_MONEY)
    at = 0
    for p in range(s[NPL]):
        for _ in range(hidden[p]):
            give(s, p, pool[at], 1)
            at += 1
    lo1, hi1, lo2, hi2 = hidden[H_LO], hidden[H_LO + 1], hidden[H_LO + 2], hidden[H_LO + 3]
    for k in range(4):
        s[WIN + k] = hidden[H_LO + k]
    i1 = lo1 + randint(rs, S_SCORING, hi1 - lo1 + 1) if lo1 >= 0 else -1
    i2 = lo2 + randint(rs, S_SCORING, hi2 - lo2 + 1) if lo2 >= 0 else -1
    left = hidden[H_DECK] + (1 if i1 >= 0 else 0) + (1 if i2 >= 0 else 0)
    for i in range(left):
        if i == i1:
            s[DECK + i] = SCORING1
        elif i == i2:
            s[DECK + i] = SCORING1 + 1
        else:
            s[DECK + i] = pool[at]
            at += 1
    s[DTOP] = 0
    s[DN] = left
    for i in range(at, n):
        s[DISC + pool[i]] += 1
        s[DISCN] += 1
    nt = pools[1 + n]
    for i in range(nt):
        pool[i] = pools[2 + n + i]
    shuffle(pool, 0, nt, rs, S_TILES)
    for i in range(s[SN]):
        s[STK + i] = pool[i]
    s[STOP] = 0


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py) on the forward state `f` (`batch` makes it: the state, the grids, the work
# rows): a turn is the mover's actions (each a decision; an exact payment acts again), then a place decision for
# each tile bought, in order, then the refills; the game's end hands out the leftover tiles (a place decision each)
# and scores.  advance returns search.ROUND_END after each TURN, so a caller's round limit counts turns.


@njit(cache=True, error_model="numpy", inline="always")  # a view: inlined into the allocation-free callers
def grid_of(f):
    P = f[NPL]
    return rows_of(f, GRID, P, W * W)


@njit(cache=True, error_model="numpy", inline="always")  # a view: inlined into the allocation-free callers
def work_of(f):
    at = GRID + f[NPL] * W * W
    return rows_of(f, at, WSHAPE[0], WSHAPE[1])


@njit(cache=True, error_model="numpy")
def forward(s, P, go_on):
    """A forward state for P players: s with its grids built from its tile lists (go_on), else an empty one."""
    f = np.zeros(GRID + P * W * W + WSHAPE[0] * WSHAPE[1], dtype=np.int64)
    f[NPL] = P
    if go_on:
        f[:SSIZE] = s
        build_grid(grid_of(f), f)
    return f


@kernel(f"void({S}, {S}, {R}, {R}, {U}, {R}, {S})")
def end_turn(s, cfg, grid, wk, rs, rec, st):
    """The refills (the display first: a scoring card scores at once; then the market), the next mover, and the
    game's end when the market could not be refilled (or the stack ran out, or the turn cap)."""
    P = s[NPL]
    s[BN] = 0
    refill_display(s, cfg, grid, wk, rs, rec, st)
    full = True
    for c in range(r.MARKET):
        if s[MKT + c] < 0:
            if s[STOP] < s[SN]:
                s[MKT + c] = s[STK + s[STOP]]
                s[STOP] += 1
            else:
                full = False
    s[TURN] += 1
    s[TOMOVE] = (s[TOMOVE] + 1) % P
    end = E_RUN
    if cfg[C_END] == 1 and s[STOP] == s[SN]:
        end = E_STACK
    elif not full:
        end = E_MARKET
    elif s[TURN] >= cfg[C_CAP]:
        end = E_CAPPED
    s[STEP] = T_START
    if end != E_RUN:
        s[STEP], s[ENDKIND], s[ENDC] = T_END, end, 0


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(f, cfg, rs, rec):
    grid, wk, st = grid_of(f), work_of(f), f[STB:STB + STSIZE]
    while True:
        if f[ENDED] != E_RUN:
            return search.ENDED
        if f[PEND]:
            return f[DECP]
        step = f[STEP]
        if step == T_START:  # cfg C_UNTIL: the run stops at the end of the turn in which a scoring happened
            if cfg[C_UNTIL] and st[ST_FIRST] > 0:
                return search.ENDED
            f[STEP] = T_ACT
        elif step == T_ACT:
            f[PEND], f[DECP] = D_ACT, f[TOMOVE]
            return f[DECP]
        elif step == T_PLACE:
            if f[PLI] < f[BN]:
                f[PEND], f[DECP], f[PTILE] = D_PLACE, f[TOMOVE], f[BOUGHT + f[PLI]]
                return f[DECP]
            end_turn(f, cfg, grid, wk, rs, rec, st)
            if f[STEP] == T_START:
                return search.ROUND_END
        else:  # the end: each leftover tile to the strictly highest total of its currency (a capped game: none)
            while f[ENDKIND] != E_CAPPED and f[ENDC] < r.MARKET:
                c = f[ENDC]
                f[ENDC] += 1
                t = f[MKT + c]
                if t < 0:
                    continue
                f[MKT + c] = -1
                best, top, tie = -1, 0, False
                for q in range(f[NPL]):
                    x = f[HSUM + q * NCUR + c]
                    if x > top:
                        best, top, tie = q, x, False
                    elif x == top and x > 0:
                        tie = True
                if best >= 0 and not tie:
                    st[ST_ACT + best * NACT + A_LEFTOVER] += 1
                    f[PEND], f[DECP], f[PTILE] = D_PLACE, best, t
                    return best
            scoring(f, cfg, 3, grid, wk, st)
            f[ENDED] = f[ENDKIND]
            return search.ROUND_END


@njit(search.LEGAL_SIG, cache=True, error_model="numpy", _nrt=False)
def legal(f, cfg, out):
    """The mover's actions (the takes by display-slot mask, then the buys 16 + space; 0 when none is legal), or
    the squares (cells) for the tile to place (RESERVE when none is legal)."""
    if f[PEND] == D_ACT:
        n = actions(f, out)
        if n == 0:
            out[0] = 0
            n = 1
        return n
    sq = work_of(f)[W_LIST]
    n = min(legal_squares(f, grid_of(f), f[DECP], f[PTILE], sq), out.shape[0])  # (seeded games: 13 at most)
    for i in range(n):
        out[i] = sq[i]
    if n == 0:
        out[0] = RESERVE
        n = 1
    return n


@njit(search.APPLY_SIG, cache=True, error_model="numpy", _nrt=False)
def apply(f, cfg, rs, rec, o):
    what = f[PEND]
    f[PEND] = 0
    st = f[STB:STB + STSIZE]
    if what == D_ACT:
        if do_action(f, o, work_of(f), st) == 0:
            f[STEP], f[PLI] = T_PLACE, 0
        return
    place_at(f, grid_of(f), f[DECP], f[PTILE], o, st)
    if f[STEP] == T_PLACE:
        f[PLI] += 1


@njit(search.POLICY_SIG, cache=True, error_model="numpy", _nrt=False)
def policy(f, cfg, rs, rec, code):
    """random (P_RANDOM) or greedy (any other code)."""
    if f[PEND] == D_ACT:
        return action_choice(f, code, rs, rec, work_of(f))
    return place_choice(f, grid_of(f), f[DECP], f[PTILE], code, rs, rec, work_of(f))


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(f, cfg, viewer, rs):
    """Hidden from every seat: the money deck's order, with each unseen scoring card somewhere in what is left of
    its window (its fifth), and the tile stack's order.  The deck's money cards are laid out sorted and shuffled,
    each unseen scoring card put at a uniform index of its window's undrawn part; the stack's tiles sorted, then
    shuffled."""
    pool = work_of(f)[W_POOL]
    a, b = f[DTOP], f[DN]
    cnt = DECKMAX  # pool[cnt + code]: the deck's cards of each sort
    for code in range(NSORT + 2):
        pool[cnt + code] = 0
    for i in range(a, b):
        pool[cnt + f[DECK + i]] += 1
    m = 0
    for code in range(NSORT):
        for _ in range(pool[cnt + code]):
            pool[m] = code
            m += 1
    shuffle(pool, 0, m, rs, S_MONEY)
    at = np.full(2, -1, dtype=np.int64)
    for k in range(2):
        if pool[cnt + SCORING1 + k]:
            lo = max(f[WIN + 2 * k], a)
            at[k] = lo + randint(rs, S_SCORING, f[WIN + 2 * k + 1] - lo + 1)
    m = 0
    for i in range(a, b):
        if i == at[0]:
            f[DECK + i] = SCORING1
        elif i == at[1]:
            f[DECK + i] = SCORING1 + 1
        else:
            f[DECK + i] = pool[m]
            m += 1
    lo, hi = f[STOP], f[SN]
    for t in range(NT):
        pool[t] = 0
    for i in range(lo, hi):
        pool[f[STK + i]] = 1
    m = lo
    for t in range(NT):
        if pool[t]:
            f[STK + m] = t
            m += 1
    shuffle(f, STK + lo, hi - lo, rs, S_TILES)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(f, cfg, seat):
    """The seat's share of the win: most points; equal totals share it."""
    return search.win_share(f[SCORE:SCORE + f[NPL]], seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(f, cfg, seat):
    return search.lead(f[SCORE:SCORE + f[NPL]], seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, confidence=1.0)
PLAY = search.whole_game(MODEL)
GO_ON, NEW_GAME, FROM_POSITION = range(3)  # batch's `start`
S1, R2 = types.int64[::1], types.int64[:, ::1]


@njit(types.void(S1, R2, types.uint64[:, ::1], R2, S1, R2, types.int64, types.int64, S1, S1, S1, *search.MODEL),
      cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, rec, start, max_turns, s0, hidden, pools, advance, legal, apply, policy,
          determinize, reward, margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s the state (left as the last game ended) and
    rec the record buffer.  start NEW_GAME: a new set-up, policies pols[j] (per seat, or per turn-order rank under
    C_BYRANK); FROM_POSITION: the position s0 (its policies in s0) with its hidden chance dealt (`from_position`);
    GO_ON: the one game in s goes on (its stats from stats[0]).  Each game plays up to max_turns turns (-1: to
    the end).  The games are played on a forward state (s, the grids, the work rows) made here; the search players'
    seed comes from the game's choice stream's seed (never its draws); the forward model comes in as arguments, so
    that this kernel caches (a function pointer taken inside it would be a dynamic global)."""
    P = cfg[C_P]
    f = forward(s, P, start == GO_ON)
    grid, wk, st = grid_of(f), work_of(f), f[STB:STB + STSIZE]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs = streams[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x5EA4C4))
        if start != GO_ON:
            clear_grid(grid, f)
            if start == NEW_GAME:
                deal(f, cfg, rs, rec, wk)
                for k in range(P):
                    q = (f[STARTP] + k) % P if cfg[C_BYRANK] else k
                    f[POL + q] = pols[j, k]
            else:
                from_position(f, s0, hidden, pools, rs, wk)
            build_grid(grid, f)
            st[:] = 0
        else:
            st[:] = stats[j]
        for p in range(P):
            codes[p] = f[POL + p]
        PLAY(f, cfg, rs, rec, codes, max_turns, -1, seed, advance, legal, apply, policy, determinize, reward,
             margin)
        out = stats[j]
        out[:] = st
        out[ST_TURNS] = f[TURN]
        out[ST_END] = f[ENDED]
        out[ST_START] = f[STARTP]
        for p in range(P):
            out[ST_POINTS + p] = f[SCORE + p]
    s[:] = f[:SSIZE]


PROBES = ("legal_squares", "longest_wall", "payment", "greedy_action", "place", "kind_points", "random_action")


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, s, cfg, grid, m, a, b, rs, rec, wk, st):
    """One engine step on a hand-made state (its grid built here first), for the tests: PROBES[op] for seat m."""
    grid[:, :] = 0
    build_grid(grid, s)
    if op == 0:
        return legal_squares(s, grid, m, a, wk[W_LIST])
    if op == 1:
        return longest_wall(s, grid, m, wk)
    if op == 2:
        return payment(s, m, a, b, wk[W_PAY])
    if op == 3:
        return greedy_action(s)
    if op == 4:
        place(s, grid, m, a, rs, rec, wk, st)
    elif op == 5:
        return kind_points(s, cfg, b, a, m)
    elif op == 6:
        return random_action(s, rs, wk[W_LIST])
    return 0


# ------------------------------------------------------------------------------------------------
# Python side

ENGINE_READINGS = [
    "the start deal goes seat by seat (seat 0 first), each seat dealt until its own total reaches 20 (BGA)",
    "after a turn the money display is refilled first, then the market (BGA's order); a scoring card scores at once",
    "policies never redesign; a tile with no legal square goes to the reserve",
    "turn_cap counts own turns per player; a capped game gets scoring 3 without the leftover tiles, counted apart",
    "win: most points; equal totals share the win credit",
]


def settings_vector(settings, players: int, by_rank: bool = False, until_scoring: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default)."""
    settings = settings or r.DEFAULT_SETTINGS
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    cfg[C_TIE] = TIE_READINGS.index(settings.tie_split)
    cfg[C_PILE] = PILE_READINGS.index(settings.pile_split)
    cfg[C_END] = END_READINGS.index(settings.end_rule)
    cfg[C_RESHUFFLE] = bool(settings.money_reshuffle)
    cfg[C_STARTTIE] = START_READINGS.index(settings.start_tie)
    cfg[C_CAP] = settings.turn_cap * players
    cfg[C_BYRANK] = by_rank
    cfg[C_UNTIL] = until_scoring
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)
    core_settings.check_start(0, handicap, "money on top of the start deal")
    for rank, h in enumerate(handicap):  # the money deck must last: at most another start deal each
        if h > r.START_MONEY:
            raise ScenarioError(f"rules.{core_settings.HANDICAP}[{rank}]",
                                f"got {h}; allowed: 0 to {r.START_MONEY} (money on top of the start deal)")
    cfg[C_HCAP:C_HCAP + players] = handicap
    return cfg


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def work() -> np.ndarray:
    return np.zeros(WSHAPE, dtype=np.int64)


def new_grid() -> np.ndarray:
    return np.zeros((MAXP, W * W), dtype=np.int64)


NO_HIDDEN = np.full(HIDSIZE, -1, dtype=np.int64)
NO_POOLS = np.zeros(2, dtype=np.int64)


def run(cfg, streams, stats, s, start, max_turns=-1, pols=None, grid=None, wk=None, rec=None, s0=None,
        hidden=None, pools=None):
    """`batch` with the buffers a caller does not keep made fresh.  `grid` and `wk` are not read: the engine
    plays on its own grids (rebuilt from the state's tile lists) and work rows, in its forward state."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, 3), dtype=np.int64) if rec is None else rec
    s0 = s if s0 is None else s0
    batch(cfg, pols, streams, stats, s, rec, start, max_turns, s0, NO_HIDDEN if hidden is None else hidden,
          NO_POOLS if pools is None else pools, *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points; a tie splits 1."""
    pts = stats[:, ST_POINTS:ST_POINTS + players].astype(np.float64)
    top = pts == pts.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)
