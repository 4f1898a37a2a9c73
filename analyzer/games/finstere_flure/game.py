"""The Finstere Flure full-game engine (numba): whole games from the set-up, or from a position, with the seated
policies (`policies.py`).

State and settings are flat int64 arrays (offsets below); a square is y * width + x.  Chance comes from three
splitmix64 streams per game (start player, monster cards, random players' choices) seeded from `Chance`, so every
rule set of a balance run meets the same luck, game by game.  With a record buffer the start player, every card
played and every figure turn are written in order (rows (tag, a, b, c), reference_policies.py); the readable reference
replays a game from it.  The rules are the reference's (`reference.py`); the policies are `policies.py`'s.  Turn
stones: one straight ahead turns the monster by its arrow only when its last look saw nobody to its left or right
(s[SAWSIDE] = 0, set by `look`); otherwise the monster pushes it like a stone.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core.kernels import R, S, U, kernel, note3 as note, randint
from analyzer.core.policies import engine_coders
from analyzer.games.finstere_flure.policies import SEARCH_DEPTH
from analyzer.core.streams import StreamSeeds

MAXSQ = 1600  # board squares at most (40 x 40)
MAXP = 7
MAXF = 28  # figures at most (7 x 4)
NCARDS = 8
CARD_CODES = (5, 7, 7, 8, 8, 10, -1, -2)  # negative: crosses
OFF, OUT, DEAD, EATEN = -1, -2, -3, -4  # figure positions that are not squares (EATEN: this monster phase)
ILLEGAL = -9
DX = (0, 1, 0, -1)  # N E S W
DY = (-1, 0, 1, 0)
T_NONE, T_STONE, T_CRYSTAL, T_RIGHT, T_LEFT, T_HALF = range(6)

# settings vector
C_P, C_W, C_H, C_EXIT, C_ENT, C_WRAP, C_SIGHT, C_STAGEC, C_FIVE3, C_BAN, C_BSTOP, C_EXITON, C_XCAP, C_TCAP, \
    C_NF, C_BYRANK, C_NEED = range(17)
C_FA = 17  # 4 black faces of the stones in play
C_FB = C_FA + 4  # 4 coloured faces
C_BLOOD = C_FB + 4  # MAXSQ: 1 on blood
C_TPAIR = C_BLOOD + MAXSQ  # MAXSQ: the paired teleporter's square, -1 none
C_TDIR = C_TPAIR + MAXSQ  # MAXSQ: a teleporter's arrow
C_TILE0 = C_TDIR + MAXSQ  # MAXSQ: the printed tiles
C_NB = C_TILE0 + MAXSQ  # 4 MAXSQ: the square next to sq in direction d at 4 sq + d, -1 off the board
C_EDGE = C_NB + 4 * MAXSQ  # MAXSQ: 1 on the board's edge
CSIZE = C_EDGE + MAXSQ

# state vector: the scalars and figures first, then the squares (copies take only the board's squares)
MSQ = 0
MDIR = MSQ + 1
FPOS = MDIR + 1  # MAXF square or OFF / OUT / DEAD (EATEN during a monster phase)
FTOP = FPOS + MAXF
FMOVED = FTOP + MAXF
FOWN = FMOVED + MAXF  # MAXF owner
FEATEN = FOWN + MAXF  # MAXF times eaten
NFIGS = FEATEN + MAXF  # figures listed
PLAYED = NFIGS + 1  # NCARDS played this stage (CARD_CODES order)
NPLAYED = PLAYED + NCARDS
STAGE = NPLAYED + 1
ROUND = STAGE + 1  # 1-based, from the start of the game
STAGEROUND = ROUND + 1  # the round the stage began in
STARTP = STAGEROUND + 1  # this round's start player
FIRSTP = STARTP + 1  # round 1's start player
NOUT = FIRSTP + 1  # MAXP figures out
REACH = NOUT + MAXP  # MAXP clock when the player reached his count
TURNS = REACH + MAXP  # MAXP figure turns taken this round
NEATEN = TURNS + MAXP  # MAXP figures lost to the monster
POL = NEATEN + MAXP  # MAXP policy code
TOMOVE = POL + MAXP  # the player whose turn it is within the round
CLOCK = TOMOVE + 1
ENDED = CLOCK + 1
WINNER = ENDED + 1
NPL = WINNER + 1
PUSHED = NPL + 1  # scratch: the last figure step pushed a stone
JCOUNT = PUSHED + 1  # scratch: squares whose tile changed (figure_moves' trial boards undo them)
JOURNAL = JCOUNT + 1
NJOURNAL = 48
SAWSIDE = JOURNAL + NJOURNAL  # the monster's last look saw a figure left or right (turn stones are then pushed)
# the forward model's cursor (core/search.py): the pending decision (D_NONE, D_FIGURE, D_END) and its seat, whether
# a round is under way and the player from whom the next figure turn is looked for, the figure chosen; greedy's
# end for the figure its scan chose (GK_*: fresh from the scan, then kept when that figure is the one applied)
WHAT = SAWSIDE + 1
DECP, INROUND, NEXTQ, CURF, GK_FRESH, GK_OK, GK_F, GK_CODE, GK_VAR = range(WHAT + 1, WHAT + 10)
HEAD = GK_VAR + 1
D_NONE, D_FIGURE, D_END = range(3)
END_BASE = MAXSQ + 4  # an end option: its index among the ends at its code * END_BASE + the code + 2
TILE = HEAD  # MAXSQ tile on a square (T_*)
FAT = TILE + MAXSQ  # MAXSQ figure on a square, -1 none
SSIZE = FAT + MAXSQ
E_RUN, E_ESCAPE, E_EMPTY, E_CARDS, E_CAPPED = range(5)
END_NAMES = ("running", "escaped", "board empty", "cards out", "capped")

# per-game stats
ST_ROUNDS, ST_END, ST_WINNER, ST_START, ST_STAGE2 = range(5)  # ST_STAGE2: the round stage 2 began, 0 never
ST_OUT = 5  # MAXP by seat
ST_EATEN = ST_OUT + MAXP
ST_CREDIT = ST_EATEN + MAXP  # MAXP winners' share numerator (1 each, split by the caller)
STSIZE = ST_CREDIT + MAXP

S_START, S_CARDS, S_CHOICE = range(3)
NSTREAMS = 3
R_START, R_CARD, R_MOVE, R_END = range(4)
RECORD_KINDS = ("start", "card", "move", "end")
POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1

# the work array: BFS node rows (a node: the figure's square or OUT, and a stone layout), then the rows below
N_SQ, N_PAR, N_DIR, N_LAYOUT, N_NDIFF, N_END, N_HASH, N_NEXT = range(8)
# N_LAYOUT: the node whose W_DIFF rows hold this node's layout (N_NDIFF squares: square * 8 + tile, where it differs
# from s); N_HASH: a hash of the layout (0: as on s); N_NEXT: the next node at its end code, -1 none
W_TRIAL, W_VIS, W_SEEN, W_GREEDY, W_CAUGHT, W_KEY, W_FIRST, W_LAST = range(8, 16)
# W_TRIAL: a board holding a node's layout (it differs from s on its journal's squares only); W_VIS:
# this call's stamp by end code + 2 (the stamp itself at MAXSQ + 3); W_SEEN: a square stamp; W_GREEDY, W_CAUGHT:
# trial states; W_KEY: greedy's key (4) and order; W_FIRST, W_LAST: the nodes at each end code
MAXDIFF = 24  # squares a move's pushes can change: 2 pushes a step (the stone, one beyond a slide) x 2 squares x 6
W_DIFF = 16
MAXNODES = 5461  # 1 + 4 + ... + 4^6: a move of at most 6 steps
WSHAPE = (W_DIFF + MAXDIFF, max(SSIZE, MAXNODES + 4))

S_, R_ = types.int64[::1], types.int64[:, ::1]


class Chance(StreamSeeds):
    """Every game's stream seeds (start player, cards, random choices), drawn up front: (n, 3) uint64."""

    STREAMS = ("start player", "monster cards", "random choices")


@kernel(f"void({S}, {S}, {S})")
def copy(dst, src, cfg):
    """dst := src (the scalars and the board's squares)."""
    n = cfg[C_W] * cfg[C_H]
    for i in range(HEAD):
        dst[i] = src[i]
    for i in range(n):
        dst[TILE + i] = src[TILE + i]
        dst[FAT + i] = src[FAT + i]


# ------------------------------------------------------------------------------------------------
# geometry


@kernel(f"int64({S}, int64, int64)", inline="always")
def nbr(cfg, sq, d):
    """The square next to sq in direction d, -1 off the board."""
    return cfg[C_NB + 4 * sq + d]


@kernel(f"int64({S}, int64, int64)")
def wrap(cfg, sq, d):
    """Where the monster leaving the board from sq in direction d re-enters (setting wrap)."""
    W, H = cfg[C_W], cfg[C_H]
    x, y = sq % W, sq // W
    if d == 0 or d == 2:
        y = H - 1 if d == 0 else 0
        if cfg[C_WRAP] == 0:
            x = W - 1 - x
    else:
        x = 0 if d == 1 else W - 1
        if cfg[C_WRAP] == 0:
            y = H - 1 - y
    return y * W + x


@kernel(f"boolean({S}, int64)")
def corner(cfg, sq):
    return sq == cfg[C_EXIT] or sq == cfg[C_ENT]


@kernel(f"boolean({S}, {S}, int64)", inline="always")
def free(s, cfg, sq):
    """No tile, figure, monster or teleporter on sq (a square a stone may enter)."""
    return (sq >= 0 and s[TILE + sq] == T_NONE and s[FAT + sq] < 0 and s[MSQ] != sq
            and cfg[C_TPAIR + sq] < 0)


# ------------------------------------------------------------------------------------------------
# figures


@kernel(f"boolean({S}, int64)")
def on_edge(cfg, sq):
    return cfg[C_EDGE + sq] == 1


@kernel(f"int64({S}, {S}, int64, int64)")
def settle(s, cfg, q, d):
    """Where a pushed piece (lifted) that has just entered q moving in direction d comes to rest: on blood it slides
    on over free blood; off the far end if the square beyond is free, else per blood_stop."""
    if not cfg[C_BLOOD + q]:
        return q
    reached = q
    nxt = nbr(cfg, reached, d)
    while nxt >= 0 and cfg[C_BLOOD + nxt] and free(s, cfg, nxt):
        reached = nxt
        nxt = nbr(cfg, reached, d)
    if nxt >= 0 and not cfg[C_BLOOD + nxt] and free(s, cfg, nxt):
        return nxt
    return q if cfg[C_BSTOP] == 1 else reached


@kernel(f"void({S}, {S}, int64, int64)")
def move_tile(s, cfg, a, d):
    """The tile on a pushed one square in direction d (settling on blood; gone into a corner)."""
    tile = s[TILE + a]
    s[TILE + a] = T_NONE
    t = settle(s, cfg, nbr(cfg, a, d), d)
    if not corner(cfg, t):
        s[TILE + t] = tile
    k = s[JCOUNT]
    if k + 2 <= NJOURNAL:
        s[JOURNAL + k], s[JOURNAL + k + 1] = a, t
        s[JCOUNT] = k + 2


@kernel(f"boolean({S}, {S}, int64, int64)")
def may_push(s, cfg, q, d):
    """A figure may push the tile on q if it is not on an edge and the square beyond is free."""
    return not on_edge(cfg, q) and free(s, cfg, nbr(cfg, q, d))


@kernel(f"int64({S}, {S}, int64, int64, boolean)")
def slide(s, cfg, q, d, do):
    """A figure that stepped onto blood q slides on to the first square beyond (pushing a stone there if it may,
    passing over figures); if it cannot (a tile or the monster on the pool ahead counts), or the pool ends at the
    edge, it stops per blood_stop.  s[PUSHED] = 1 when it pushes."""
    reached = q
    nxt = nbr(cfg, reached, d)
    while nxt >= 0 and cfg[C_BLOOD + nxt] and s[TILE + nxt] == T_NONE and nxt != s[MSQ]:
        reached = nxt
        nxt = nbr(cfg, reached, d)
    b = nxt
    if b >= 0 and not cfg[C_BLOOD + b] and cfg[C_TPAIR + b] < 0 and b != s[MSQ]:
        if s[TILE + b] == T_NONE:
            return b
        if may_push(s, cfg, b, d):
            s[PUSHED] = 1
            if do:
                move_tile(s, cfg, b, d)
            return b
    return q if cfg[C_BSTOP] == 1 else reached


@kernel(f"int64({S}, {S}, int64, int64, boolean)", inline="always")
def fig_step(s, cfg, p, d, do):
    """One figure step from p (OFF: onto the entrance, d = 0 only) in direction d; returns the square reached,
    OUT, or ILLEGAL.  s[PUSHED] = 1 when a stone moves (do: moved on s, else s untouched)."""
    s[PUSHED] = 0
    if p == OFF:
        e = cfg[C_ENT]
        return e if d == 0 and s[MSQ] != e else ILLEGAL
    q = nbr(cfg, p, d)
    if q < 0:
        return OUT if cfg[C_EXITON] == 1 and p == cfg[C_EXIT] else ILLEGAL
    if q == s[MSQ] or cfg[C_TPAIR + q] >= 0:
        return ILLEGAL
    if s[TILE + q] != T_NONE:
        if not may_push(s, cfg, q, d):
            return ILLEGAL
        s[PUSHED] = 1
        if do:
            move_tile(s, cfg, q, d)
    if cfg[C_BLOOD + q]:
        q = slide(s, cfg, q, d, do)
    if cfg[C_EXITON] == 0 and q == cfg[C_EXIT]:
        return OUT
    return q


@kernel(f"void({S}, {S}, {R}, int64)")
def load_layout(t, s, w, node):
    """t's tiles := s's with node's layout (t differs from s only on the squares in its journal, and so after)."""
    for k in range(t[JCOUNT]):
        q = t[JOURNAL + k]
        t[TILE + q] = s[TILE + q]
    src = w[N_LAYOUT, node]
    m = w[N_NDIFF, src]
    for k in range(m):
        e = w[W_DIFF + k, src]
        t[TILE + (e >> 3)] = e & 7
        t[JOURNAL + k] = e >> 3
    t[JCOUNT] = m


@kernel(f"void({S}, {S}, {S})")
def trial_board(t, s, cfg):
    t[MSQ] = s[MSQ]
    t[JCOUNT] = 0
    for i in range(cfg[C_W] * cfg[C_H]):
        t[FAT + i] = s[FAT + i]
        t[TILE + i] = s[TILE + i]


@kernel("uint64(int64)")
def _mix(x):
    z = np.uint64(x) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel(f"void({S}, {S}, {R}, int64, int64)")
def restore(t, s, w, src, j0):
    """Undo a step walked on t, which held layout src: the squares it journaled after entry j0 get src's tiles."""
    m = w[N_NDIFF, src]
    for k in range(j0, t[JCOUNT]):
        q = t[JOURNAL + k]
        tile = s[TILE + q]
        for i in range(m):
            if w[W_DIFF + i, src] >> 3 == q:
                tile = w[W_DIFF + i, src] & 7
        t[TILE + q] = tile
    t[JCOUNT] = j0


@kernel(f"int64({S}, {S}, {R}, int64)")
def save_layout(t, s, w, node):
    """node's layout := how t's tiles differ from s's (over t's journal, each square once); returns its hash."""
    seen = w[W_SEEN]
    seen[MAXSQ] += 1
    stamp = seen[MAXSQ]
    h, m = np.uint64(0), 0
    for k in range(t[JCOUNT]):
        q = t[JOURNAL + k]
        if seen[q] == stamp:
            continue
        seen[q] = stamp
        if t[TILE + q] != s[TILE + q]:
            w[W_DIFF + m, node] = q * 8 + t[TILE + q]
            m += 1
            h ^= _mix(q * 8 + t[TILE + q] + 1)
    w[N_NDIFF, node] = m
    w[N_LAYOUT, node] = node
    return np.int64(h)


@kernel(f"int64({R})")
def new_stamp(w):
    vis = w[W_VIS]
    vis[MAXSQ + 3] += 1
    return vis[MAXSQ + 3]


@kernel(f"boolean({R}, int64, int64, int64)")
def known(w, stamp, code, h):
    """Is (code, layout h) a node of this call (`stamp`) already?"""
    if w[W_VIS, code + 2] != stamp:
        return False
    i = w[W_FIRST, code + 2]
    while i >= 0:
        if w[N_HASH, i] == h:
            return True
        i = w[N_NEXT, i]
    return False


@kernel(f"void({R}, int64, int64, int64)")
def register(w, stamp, n, code):
    """Node n joins the list of its end code's nodes (in the order found)."""
    c = code + 2
    w[N_NEXT, n] = -1
    if w[W_VIS, c] != stamp:
        w[W_VIS, c] = stamp
        w[W_FIRST, c] = n
    else:
        w[N_NEXT, w[W_LAST, c]] = n
    w[W_LAST, c] = n


@kernel(f"int64({S}, {S}, int64, {R})")
def figure_moves(s, cfg, f, w):
    """Every legal end of figure f's move: a BFS (directions N, E, S, W) over (square or OUT, stone layout), each
    reached first by the path kept.  Nodes in w[N_*]; returns the node count; w[N_END, i] = 1 where node i is a
    legal end (OUT, or its square free of other figures; node 0 is staying put); each end code's nodes are listed
    from w[W_FIRST] in the order found (their index among the ends there: the k of the record's move rows).  The
    figure is lifted meanwhile."""
    p = s[FPOS + f]
    if p >= 0:
        s[FAT + p] = -1
    t = w[W_TRIAL]  # the board of the layouts that differ from s (made on the first push)
    ready = False
    on_t = -1  # the layout (its node) t holds now, -1 none
    stamp = new_stamp(w)
    w[N_SQ, 0], w[N_PAR, 0], w[N_DIR, 0], w[N_END, 0], w[N_HASH, 0] = p, -1, -1, 1, 0
    w[N_LAYOUT, 0], w[N_NDIFF, 0] = 0, 0
    register(w, stamp, 0, p)
    n, head, depth = 1, 0, 0
    while head < n and depth < s[FTOP + f]:
        stop = n
        while head < stop:
            node = head
            head += 1
            at = w[N_SQ, node]
            if at == OUT:
                continue
            base, src = s, w[N_LAYOUT, node]
            if w[N_NDIFF, src]:
                if on_t != src:
                    load_layout(t, s, w, node)
                    on_t = src
                base = t
            back, par = -1, w[N_PAR, node]  # a plain step back onto the parent's square is the parent again
            if (par >= 0 and w[N_LAYOUT, par] == src and w[N_SQ, par] >= 0 and not cfg[C_BLOOD + w[N_SQ, par]]
                    and w[N_SQ, par] != cfg[C_EXIT]):  # (a figure pushed onto the exit corner stands there)
                back = (w[N_DIR, node] + 2) % 4
                if nbr(cfg, at, back) != w[N_SQ, par]:
                    back = -1
            for d in range(4):
                if d == back:
                    continue
                q = fig_step(base, cfg, at, d, False)
                layout, h = src, w[N_HASH, node]
                if q != ILLEGAL and base[PUSHED]:  # the push may change the slide: walk it for real
                    if not ready:
                        trial_board(t, s, cfg)
                        ready, on_t = True, 0
                    if on_t != src:
                        load_layout(t, s, w, node)
                        on_t = src
                    j0 = t[JCOUNT]
                    q = fig_step(t, cfg, at, d, True)
                    layout, h = n, save_layout(t, s, w, n)
                    restore(t, s, w, src, j0)
                if q == ILLEGAL or known(w, stamp, q, h):
                    continue
                w[N_SQ, n], w[N_PAR, n], w[N_DIR, n], w[N_LAYOUT, n], w[N_HASH, n] = q, node, d, layout, h
                w[N_END, n] = 1 if q == OUT or s[FAT + q] < 0 else 0
                register(w, stamp, n, q)
                n += 1
        depth += 1
    if p >= 0:
        s[FAT + p] = f
    return n


# ------------------------------------------------------------------------------------------------
# the monster


@kernel(f"int64({S}, {S}, int64)")
def sight(s, cfg, d):
    """How far the nearest figure the monster sees in direction d stands (0: none): straight, through empty
    squares, crystals, blood and teleporters, stopped by stones and turn stones, across the edge under
    sight_wraps."""
    at = s[MSQ]
    n = cfg[C_W] * cfg[C_H]
    for k in range(1, n + 1):
        q = nbr(cfg, at, d)
        if q < 0:
            if not cfg[C_SIGHT]:
                return 0
            q = wrap(cfg, at, d)
        if q == s[MSQ]:
            return 0
        if s[FAT + q] >= 0:
            return k
        tile = s[TILE + q]
        if tile != T_NONE and tile != T_CRYSTAL:
            return 0
        at = q
    return 0


@kernel(f"void({S}, {S})")
def look(s, cfg):
    """The monster looks forward, left and right and turns toward the nearest figure seen; a tie of the nearest
    in two or three directions: no turn.  s[SAWSIDE] = 1 when a figure was seen left or right."""
    f = s[MDIR]
    best, bd, ties = 0, f, 0
    s[SAWSIDE] = 0
    for k in range(3):
        d = (f + (0, 3, 1)[k]) % 4
        x = sight(s, cfg, d)
        if x == 0:
            continue
        if k > 0:
            s[SAWSIDE] = 1
        if best == 0 or x < best:
            best, bd, ties = x, d, 1
        elif x == best:
            ties += 1
    if best > 0 and ties == 1:
        s[MDIR] = bd


@kernel(f"void({S}, {S}, int64)")
def remove_figure(s, cfg, q):
    f = s[FAT + q]
    s[FAT + q] = -1
    s[FPOS + f] = EATEN


@kernel(f"int64({S}, {S}, int64, int64)")
def push_chain(s, cfg, q, d):
    """The monster entering q pushes the row of pieces (tiles and figures) from q one square on, the front first:
    a piece pushed off the board or into a teleporter is gone (a figure so counts as eaten); the others settle
    (blood), a tile in a corner is gone.  Returns the figures removed."""
    at = q
    k = 0
    while at >= 0 and cfg[C_TPAIR + at] < 0 and (s[TILE + at] != T_NONE or s[FAT + at] >= 0):
        k += 1
        at = nbr(cfg, at, d)
    gone = 0
    back = (d + 2) % 4
    at = q
    for _ in range(k - 1):
        at = nbr(cfg, at, d)
    for _ in range(k):  # at: the chain's front piece, then back to q
        nxt = nbr(cfg, at, d)
        f = s[FAT + at]
        if nxt < 0 or cfg[C_TPAIR + nxt] >= 0:
            if f >= 0:
                remove_figure(s, cfg, at)
                gone += 1
            else:
                s[TILE + at] = T_NONE
        elif f >= 0:
            s[FAT + at] = -1
            to = settle(s, cfg, nxt, d)
            s[FAT + to] = f
            s[FPOS + f] = to
        else:
            move_tile(s, cfg, at, d)
        at = nbr(cfg, at, back)
    return gone


@kernel(f"int64({S}, {S}, int64, int64)")
def enter(s, cfg, q, d):
    """The monster enters q moving in direction d: a teleporter sends it to its partner facing that arrow; else it
    pushes what lies ahead or eats the figure on q.  Returns the figures gone."""
    if cfg[C_TPAIR + q] >= 0:
        p = cfg[C_TPAIR + q]
        s[MSQ] = p
        s[MDIR] = cfg[C_TDIR + p]
        return 0
    gone = 0
    if s[TILE + q] != T_NONE:
        gone = push_chain(s, cfg, q, d)
    elif s[FAT + q] >= 0:
        remove_figure(s, cfg, q)
        gone = 1
    s[MSQ] = q
    return gone


@kernel(f"int64({S}, {S}, int64)")
def ahead(s, cfg, d):
    q = nbr(cfg, s[MSQ], d)
    return q if q >= 0 else wrap(cfg, s[MSQ], d)


@kernel(f"int64({S}, {S})")
def monster_step(s, cfg):
    """The move half of a step: one square on (wrapping, keeping its direction); a turn stone straight ahead turns
    it by its arrow instead when the last look saw nobody left or right (s[SAWSIDE] = 0; else it is pushed like a
    stone); blood slides it on in the same step (eating and pushing along the pool).  Returns the figures gone."""
    d = s[MDIR]
    q = ahead(s, cfg, d)
    tile = s[TILE + q]
    if tile >= T_RIGHT and s[SAWSIDE] == 0:
        d = (d + (1 if tile == T_RIGHT else 3 if tile == T_LEFT else 2)) % 4
        s[MDIR] = d
        q = ahead(s, cfg, d)
    gone = enter(s, cfg, q, d)
    if s[MSQ] != q or not cfg[C_BLOOD + q]:
        return gone
    last = q
    while True:
        b = nbr(cfg, last, d)
        if b < 0 or not cfg[C_BLOOD + b]:
            break
        last = b
    beyond = nbr(cfg, last, d)
    if beyond < 0 and cfg[C_BSTOP] == 1:
        return gone
    sq = q
    while sq != last:
        sq = nbr(cfg, sq, d)
        gone += enter(s, cfg, sq, d)
    if beyond >= 0:
        gone += enter(s, cfg, beyond, d)
    return gone


@kernel(f"int64({S}, int64)")
def crosses_of(cfg, code):
    """How many figures card `code` walks for (0: a number card, which walks `code` steps)."""
    if code == 5 and cfg[C_FIVE3]:
        return 3
    return -code if code < 0 else 0


@kernel(f"int64({S}, {S}, int64, int64)")
def monster_phase(s, cfg, code, watch):
    """The monster plays card `code` (5, 7, 8, 10; -k: k crosses; 5 reads 3 crosses under five_is_three_crosses):
    look then step, eaten figures marked EATEN; after the last step it looks once more.  Returns the figures
    gone; with a `watch` figure (-1: none) it stops as soon as that one is eaten."""
    crosses = crosses_of(cfg, code)
    steps = cfg[C_XCAP] if crosses > 0 else code
    gone = 0
    for _ in range(steps):
        look(s, cfg)
        gone += monster_step(s, cfg)
        if crosses > 0 and gone >= crosses:
            break
        if watch >= 0 and s[FPOS + watch] == EATEN:
            return gone
    look(s, cfg)
    return gone


# ------------------------------------------------------------------------------------------------
# turns, policies, rounds


@kernel(f"void({S}, {S}, int64, {R}, int64)")
def apply_move(s, cfg, f, w, node):
    """Figure f takes node's path: stones pushed, the figure placed (or out), flipped, marked moved."""
    src = w[N_LAYOUT, node]
    for k in range(w[N_NDIFF, src]):
        e = w[W_DIFF + k, src]
        s[TILE + (e >> 3)] = e & 7
    p = s[FPOS + f]
    q = w[N_SQ, node]
    if p >= 0:
        s[FAT + p] = -1
    s[FPOS + f] = q
    if q >= 0:
        s[FAT + q] = f
    elif q == OUT:
        o = s[FOWN + f]
        s[CLOCK] += 1
        s[NOUT + o] += 1
        s[REACH + o] = s[CLOCK]
    s[FTOP + f] = 7 - s[FTOP + f]
    s[FMOVED + f] = 1


@kernel(f"boolean({S}, {S})")
def cross_ban(s, cfg):
    return s[ROUND] == 1 if cfg[C_BAN] == 0 else s[ROUND] == s[STAGEROUND]


@kernel(f"boolean({S}, int64)")
def is_cross(cfg, code):
    return crosses_of(cfg, code) > 0


@kernel(f"int64({S}, {S}, int64, {R}, int64)")
def caught(s, cfg, f, w, cap):
    """How many of the cards the monster may play this round (a multiset) eat figure f on the state s (counting
    stops at cap).  The monster walks the same way whatever the card, which only says when it stops: one walk,
    stopped when f is eaten (at step k, after `gone` other figures), answers every card: a number card catches f
    if it walks k steps or more, a cross card of j crosses if gone < j and k is within cross_cap."""
    ban = cross_ban(s, cfg)
    steps, most = 0, 0  # the most steps a number card left walks, the most figures a cross card left walks for
    for c in range(NCARDS):
        if s[PLAYED + c] or (ban and is_cross(cfg, CARD_CODES[c])):
            continue
        j = crosses_of(cfg, CARD_CODES[c])
        if j > 0:
            most = max(most, j)
        else:
            steps = max(steps, CARD_CODES[c])
    t = w[W_CAUGHT]
    copy(t, s, cfg)
    k, gone = 0, 0
    for step in range(1, max(steps, cfg[C_XCAP] if most > 0 else 0) + 1):
        look(t, cfg)
        now = monster_step(t, cfg)
        if t[FPOS + f] == EATEN:
            k = step
            break
        gone += now
        if gone >= most and step >= steps:
            break  # every card left has stopped
    if k == 0:
        return 0
    n = 0
    for c in range(NCARDS):
        code = CARD_CODES[c]
        if s[PLAYED + c] or (ban and is_cross(cfg, code)):
            continue
        j = crosses_of(cfg, code)
        if (k <= cfg[C_XCAP] and gone < j) if j > 0 else k <= code:
            n += 1
            if n >= cap:
                return n
    return n


@kernel(f"int64({S}, int64)")
def dist(cfg, code):
    """greedy's steps to the exit of an end code: Manhattan, OUT 0, off the board the entrance's + 1."""
    if code == OUT:
        return 0
    W, e = cfg[C_W], cfg[C_EXIT]
    sq = cfg[C_ENT] if code == OFF else code
    k = abs(sq % W - e % W) + abs(sq // W - e // W) + (1 if code == OFF else 0)
    return k + cfg[C_EXITON]


@kernel(f"boolean({S}, {S}, int64)")
def allowed_to_move(s, cfg, f):
    """In round 1 of the game a player brings only two figures in (his first two figure turns)."""
    if s[ROUND] != 1 or s[FPOS + f] != OFF:
        return True
    n = 0
    for g in range(s[NFIGS]):
        if s[FOWN + g] == s[FOWN + f] and s[FMOVED + g]:
            n += 1
    return n < 2


@kernel(f"int64({S}, {S}, int64, {R})")
def all_ends(s, cfg, f, w):
    """figure_moves, or only staying off where round 1's entry limit holds."""
    if allowed_to_move(s, cfg, f):
        return figure_moves(s, cfg, f, w)
    w[N_SQ, 0], w[N_PAR, 0], w[N_END, 0], w[N_HASH, 0], w[N_LAYOUT, 0], w[N_NDIFF, 0] = s[FPOS + f], -1, 1, 0, 0, 0
    register(w, new_stamp(w), 0, s[FPOS + f])
    return 1


@kernel(f"int64({S}, {R}, int64)")
def sort_key(cfg, w, i):
    """Node i's place in greedy's order (dist, code, then the order found: i), unique."""
    return (dist(cfg, w[N_SQ, i]) * (MAXSQ + 4) + w[N_SQ, i] + 2) * MAXNODES + i


SHELL_GAPS = (701, 301, 132, 57, 23, 10, 4, 1)  # Ciura's


@kernel(f"int64({S}, {R}, int64)")
def sorted_ends(cfg, w, n):
    """The legal ends among the n nodes, sorted by (dist, code) into w[W_KEY][4:] (a code's ends stay in k
    order: found in that order); returns how many.  A Shell sort of the unique keys, in place."""
    order = w[W_KEY][4:]
    m = 0
    for i in range(n):
        if w[N_END, i]:
            order[m] = sort_key(cfg, w, i)
            m += 1
    for gap in SHELL_GAPS:
        for i in range(gap, m):
            k = order[i]
            j = i
            while j >= gap and order[j - gap] > k:
                order[j] = order[j - gap]
                j -= gap
            order[j] = k
    for j in range(m):
        order[j] %= MAXNODES
    return m


@kernel(f"int64({S}, {S}, int64, {R}, boolean)")
def best_end(s, cfg, f, w, bound):
    """greedy's end for figure f: the node of the least key (caught, dist, code, k), k its index among the ends
    at that code; with `bound` only one whose key is below the key in w[W_KEY, 0..3] (there: a lower figure's,
    which wins ties).  The ends are tried by (dist, code, k), so the count of catching cards stops as soon as it
    cannot win.  Returns the node (-1: none beats the bound), its key left in w[W_KEY, 0..3]."""
    key, order = w[W_KEY], w[W_KEY][4:]
    m = sorted_ends(cfg, w, all_ends(s, cfg, f, w))
    trial = w[W_GREEDY]
    best = -1
    have = bound
    variant, last = 0, ILLEGAL
    for j in range(m):
        i = order[j]
        code = w[N_SQ, i]
        variant = variant + 1 if code == last else 0
        last = code
        d = dist(cfg, code)
        if have:
            cap = key[0] if (d, code, variant) >= (key[1], key[2], key[3]) else key[0] + 1
            if cap <= 0:
                break
        else:
            cap = 1 << 40
        if code == OUT:
            k0 = 0
        else:
            copy(trial, s, cfg)
            apply_move(trial, cfg, f, w, i)
            k0 = caught(trial, cfg, f, w, cap)
        if k0 < cap:
            best, have = i, True
            key[0], key[1], key[2], key[3] = k0, d, code, variant
    return best


@kernel(f"boolean({S}, int64)")
def in_play(s, f):
    return s[FPOS + f] >= 0 or s[FPOS + f] == OFF


@kernel(f"boolean({S}, int64, int64)")
def may_pick(s, q, f):
    """Figure f is player q's and still to move this round."""
    return s[FOWN + f] == q and not s[FMOVED + f] and (s[FPOS + f] >= 0 or s[FPOS + f] == OFF)


@kernel(f"int64({R}, int64)")
def variant_of(w, node):
    """node's index among the legal ends at its code, in the order found."""
    k, i = 0, w[W_FIRST, w[N_SQ, node] + 2]
    while i != node:
        k += w[N_END, i]
        i = w[N_NEXT, i]
    return k


@kernel(f"int64({S}, {S}, int64)")
def next_player(s, cfg, q):
    """The first player from q clockwise with an unmoved figure in play, -1 none."""
    P = cfg[C_P]
    for i in range(P):
        p = (q + i) % P
        for f in range(s[NFIGS]):
            if may_pick(s, p, f):
                return p
    return -1


@kernel(f"void({S}, {S}, int64)")
def end_by_count(s, cfg, kind):
    """Stage 2 over: most figures out wins, ties whoever reached that number first (still tied: shared, -1)."""
    P = cfg[C_P]
    w = -1
    for q in range(P):
        if w < 0 or s[NOUT + q] > s[NOUT + w] or (s[NOUT + q] == s[NOUT + w] and s[REACH + q] < s[REACH + w]):
            w = q
    for q in range(P):
        if q != w and s[NOUT + q] == s[NOUT + w] and s[REACH + q] == s[REACH + w]:
            w = -1
            break
    s[ENDED] = kind
    s[WINNER] = w


@kernel(f"boolean({S}, {S})")
def anyone_left(s, cfg):
    for f in range(s[NFIGS]):
        if in_play(s, f):
            return True
    return False


@kernel(f"int64({S}, {S}, {U}, {R})")
def draw_card(s, cfg, rs, rec):
    """This phase's card: uniform over the stage's unplayed cards (numbers only under the cross ban)."""
    ban = cross_ban(s, cfg)
    m = 0
    for c in range(NCARDS):
        if not s[PLAYED + c] and not (ban and is_cross(cfg, CARD_CODES[c])):
            m += 1
    j = randint(rs, S_CARDS, m)
    for c in range(NCARDS):
        if not s[PLAYED + c] and not (ban and is_cross(cfg, CARD_CODES[c])):
            if j == 0:
                s[PLAYED + c] = 1
                note(rec, R_CARD, s[STAGE], CARD_CODES[c], 0)
                return CARD_CODES[c]
            j -= 1
    return 0


@kernel(f"void({S}, {S}, int64)")
def play_card(s, cfg, code):
    """The monster phase of `code` and its consequences: the eaten re-enter (stage 1) or are out (stage 2), the
    stage ends with its last card, stage 2 with its last card or an empty board."""
    monster_phase(s, cfg, code, -1)
    for f in range(s[NFIGS]):
        if s[FPOS + f] == EATEN:
            s[FPOS + f] = OFF if s[STAGE] == 1 else DEAD
            s[NEATEN + s[FOWN + f]] += 1
            s[FEATEN + f] += 1
    s[NPLAYED] += 1
    if s[NPLAYED] == cfg[C_STAGEC]:
        if s[STAGE] == 1:
            s[STAGE] = 2
            s[NPLAYED] = 0
            for c in range(NCARDS):
                s[PLAYED + c] = 0
            s[STAGEROUND] = s[ROUND] + 1
        else:
            end_by_count(s, cfg, E_CARDS)
            return
    if s[STAGE] == 2 and not anyone_left(s, cfg):
        end_by_count(s, cfg, E_EMPTY)


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): a round's figure turns as two decisions each (the figure, then its end: the
# square or out, with the stones its path pushes), the monster phase as chance, the players as policy


@kernel(f"void({S}, int64, int64)")
def pend(s, p, what):
    s[DECP] = p
    s[WHAT] = what


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(s, cfg, rs, rec):
    """Plays up to the next decision (left pending in s) and returns its seat: the figure turns of a round from
    s[TOMOVE] clockwise (each player in turn with a figure still to move), then the monster phase, after which
    search.ROUND_END (the start player passes on); search.ENDED at the end."""
    if s[ENDED] != E_RUN:
        return search.ENDED
    if s[WHAT] != D_NONE:
        return s[DECP]
    if not s[INROUND]:
        s[INROUND] = 1
        s[NEXTQ] = s[TOMOVE]
    q = next_player(s, cfg, s[NEXTQ])
    if q >= 0:
        s[NEXTQ] = q
        pend(s, q, D_FIGURE)
        return q
    s[INROUND] = 0
    P = cfg[C_P]
    play_card(s, cfg, draw_card(s, cfg, rs, rec))
    if s[ENDED] != E_RUN:
        return search.ROUND_END
    if cfg[C_TCAP] > 0 and s[ROUND] >= cfg[C_TCAP]:
        end_by_count(s, cfg, E_CAPPED)
        return search.ROUND_END
    s[ROUND] += 1
    s[STARTP] = (s[STARTP] + 1) % P
    s[TOMOVE] = s[STARTP]
    for q in range(P):
        s[TURNS + q] = 0
    for f in range(s[NFIGS]):
        s[FMOVED + f] = 0
    if s[STAGE] == 2 and not anyone_left(s, cfg):
        end_by_count(s, cfg, E_EMPTY)
    return search.ROUND_END


@njit(cache=True, error_model="numpy")
def work_array():
    """A fresh work array (the BFS rows; the two stamp rows zeroed, the rest written before read)."""
    w = np.empty(WSHAPE, dtype=np.int64)
    w[W_VIS, :MAXSQ + 4] = 0
    w[W_SEEN, :MAXSQ + 1] = 0
    return w


@kernel(f"int64({R}, int64, int64)")
def end_node(w, code, k):
    """The node of the k-th legal end at `code` (in the order found)."""
    node = w[W_FIRST, code + 2]
    while not w[N_END, node] or k > 0:
        k -= w[N_END, node]
        node = w[N_NEXT, node]
    return node


@kernel(f"int64({R}, int64)")
def end_option(w, node):
    return variant_of(w, node) * END_BASE + w[N_SQ, node] + 2


@njit(search.LEGAL_SIG, cache=True, error_model="numpy")
def legal(s, cfg, out):
    """The figure: the player's figures still to move, in order.  Its end: every legal end (`end_option`), in the
    order found; where there are more than search.MAX_OPTIONS, the nearest the exit by greedy's (distance, code)
    order."""
    q = s[DECP]
    n = 0
    if s[WHAT] == D_FIGURE:
        for f in range(s[NFIGS]):
            if may_pick(s, q, f):
                out[n] = f
                n += 1
        return n
    w = work_array()
    m = all_ends(s, cfg, s[CURF], w)
    n = sorted_ends(cfg, w, m)
    order = w[W_KEY][4:]
    if n <= search.MAX_OPTIONS:
        k = 0
        for i in range(m):
            if w[N_END, i]:
                out[k] = end_option(w, i)
                k += 1
        return n
    for j in range(search.MAX_OPTIONS):
        out[j] = end_option(w, order[j])
    return search.MAX_OPTIONS


@njit(search.APPLY_SIG, cache=True, error_model="numpy")
def apply(s, cfg, rs, rec, o):
    """The figure (o a figure) is noted, its end asked next; the end (o an `end_option`) is walked: stones pushed,
    the figure placed or out, flipped, recorded; the player's count out reached ends the game."""
    what, q = s[WHAT], s[DECP]
    s[WHAT] = D_NONE
    if what == D_FIGURE:
        s[GK_OK] = s[GK_FRESH] and s[GK_F] == o
        s[GK_FRESH] = 0
        s[CURF] = o
        pend(s, q, D_END)
        return
    s[GK_OK], s[GK_FRESH] = 0, 0
    f = s[CURF]
    w = work_array()
    all_ends(s, cfg, f, w)
    code, k = o % END_BASE - 2, o // END_BASE
    note(rec, R_MOVE, f, code, k)
    apply_move(s, cfg, f, w, end_node(w, code, k))
    s[TURNS + q] += 1
    if s[NOUT + q] >= cfg[C_NEED]:
        s[ENDED] = E_ESCAPE
        s[WINNER] = q
    else:
        s[NEXTQ] = (q + 1) % cfg[C_P]


@njit(search.POLICY_SIG, cache=True, error_model="numpy")
def policy(s, cfg, rs, rec, code):
    """greedy: the figure and end of the least (catching cards, distance, code, k), ties the lower figure
    (policies.py); random: a figure uniformly, then an end uniformly among its ends (both drawn on the choice
    stream)."""
    q, f = s[DECP], s[CURF]
    if s[WHAT] == D_FIGURE:
        s[GK_FRESH] = 0
        if code == P_GREEDY:
            w = work_array()
            bf, have = -1, False
            for g in range(s[NFIGS]):
                if may_pick(s, q, g) and best_end(s, cfg, g, w, have) >= 0:
                    bf, have = g, True
            s[GK_F], s[GK_CODE], s[GK_VAR], s[GK_FRESH] = bf, w[W_KEY, 2], w[W_KEY, 3], 1
            return bf
        m = 0
        for g in range(s[NFIGS]):
            if may_pick(s, q, g):
                m += 1
        j = randint(rs, S_CHOICE, m)
        for g in range(s[NFIGS]):
            if may_pick(s, q, g):
                if j == 0:
                    return g
                j -= 1
        return -1
    if code == P_GREEDY:
        if not s[GK_OK]:
            w = work_array()
            best_end(s, cfg, f, w, False)
            s[GK_CODE], s[GK_VAR] = w[W_KEY, 2], w[W_KEY, 3]
        return s[GK_VAR] * END_BASE + s[GK_CODE] + 2
    w = work_array()
    n = all_ends(s, cfg, f, w)
    m = 0
    for i in range(n):
        m += w[N_END, i]
    j = randint(rs, S_CHOICE, m)  # the j-th end in the order found
    node = 0
    while j > 0 or not w[N_END, node]:
        j -= w[N_END, node]
        node += 1
    return end_option(w, node)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """Nothing to resample: the only thing hidden, the order of the monster cards still to come, is in no state
    (each phase draws its card among the stage's unplayed ones, which every seat knows, when it is played), and
    the search's playouts draw those cards from their own streams."""


EVAL_REACH = 6.0  # steps at which a figure in play counts half a figure out: about one move
EVAL_SHARPNESS = 2.0  # a figure out more multiplies a seat's estimated odds by e^2


@kernel(f"float64({S}, {S}, int64)")
def progress(s, cfg, q):
    """Seat q's race in figures: its figures out, and each figure in play EVAL_REACH / (EVAL_REACH + its steps to
    the exit by greedy's distance: Manhattan, off the board the entrance's + 1); the dead count nothing."""
    v = float(s[NOUT + q])
    for f in range(s[NFIGS]):
        if s[FOWN + f] == q and in_play(s, f):
            v += EVAL_REACH / (EVAL_REACH + dist(cfg, s[FPOS + f]))
    return v


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def evaluate(s, cfg, seat):
    """The forward model's evaluation (core/search.py, truncated playouts): the seat's estimated share of the win
    from a state where the game goes on, a softmax of every seat's `progress` (figures out, and how near the exit
    its figures in play stand) with sharpness EVAL_SHARPNESS."""
    P = cfg[C_P]
    top = -1.0
    for q in range(P):
        top = max(top, progress(s, cfg, q))
    total, mine = 0.0, 0.0
    for q in range(P):
        e = math.exp(EVAL_SHARPNESS * (progress(s, cfg, q) - top))
        total += e
        if q == seat:
            mine = e
    return mine / total


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: the winner's 1, or (no winner) a share among those with the most figures out;
    where the game goes on (a truncated playout), its `evaluate`."""
    if s[ENDED] == E_RUN:
        return evaluate(s, cfg, seat)
    if s[WINNER] >= 0:
        return 1.0 if s[WINNER] == seat else 0.0
    top, ties = 0, 0
    for q in range(cfg[C_P]):
        top = max(top, s[NOUT + q])
    for q in range(cfg[C_P]):
        ties += s[NOUT + q] == top
    return 1.0 / ties if s[NOUT + seat] == top else 0.0


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    """The seat's figures out minus the best other seat's; where the game goes on, the same of their `progress`."""
    if s[ENDED] == E_RUN:
        best = -1.0 * MAXF
        for q in range(cfg[C_P]):
            if q != seat:
                best = max(best, progress(s, cfg, q))
        return progress(s, cfg, seat) - best
    best = -MAXF
    for q in range(cfg[C_P]):
        if q != seat:
            best = max(best, s[NOUT + q])
    return float(s[NOUT + seat] - best)


# no exploring playouts: one random end in a playout throws its figure to the monster (search:16 against three
# greedy won 25.0% (14.9-38.8) of 48 games with the default rate 8, 83.3% before playouts explored); playouts of
# one round, then the evaluation (search:64 against three greedy: 87.5% at 1.96 games/s, as many wins as the full
# playouts at 0.076 games/s), two from search:64 on (policies.SEARCH_DEPTH; docs/games/finstere_flure-search.md)
MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, explore_in=0,
                            evaluate=evaluate, depth=SEARCH_DEPTH)
PLAY = search.whole_game(MODEL)


@njit(cache=True, error_model="numpy")
def play_round(s, cfg, rs, rec):
    """The rest of this round, each seat by its own policy (s[POL + seat])."""
    while True:
        p = advance(s, cfg, rs, rec)
        if p < 0:
            return
        apply(s, cfg, rs, rec, policy(s, cfg, rs, rec, s[POL + p]))


@kernel(f"void({S}, {S})")
def init(s, cfg):
    """The set-up: printed tiles, the monster in the exit corner facing east, every figure off, coloured side."""
    for i in range(HEAD):
        s[i] = 0
    for i in range(MAXSQ):
        s[TILE + i] = cfg[C_TILE0 + i]
        s[FAT + i] = -1
    s[MSQ] = cfg[C_EXIT]
    s[MDIR] = 1
    P, NF = cfg[C_P], cfg[C_NF]
    for f in range(MAXF):
        s[FPOS + f] = DEAD
    for f in range(P * NF):
        s[FPOS + f] = OFF
        s[FTOP + f] = cfg[C_FB + f % NF]
        s[FOWN + f] = f // NF
    s[NFIGS] = P * NF
    s[STAGE] = 1
    s[ROUND] = 1
    s[STAGEROUND] = 1
    s[NPL] = P
    s[WINNER] = -1


@kernel(f"void({S}, {S}, {S})")
def finish(s, cfg, st):
    P = cfg[C_P]
    st[ST_ROUNDS] = s[ROUND]
    st[ST_END] = s[ENDED]
    st[ST_WINNER] = s[WINNER]
    st[ST_START] = s[FIRSTP]
    st[ST_STAGE2] = s[STAGEROUND] if s[STAGE] == 2 else 0
    for q in range(P):
        st[ST_OUT + q] = s[NOUT + q]
        st[ST_EATEN + q] = s[NEATEN + q]
        w = s[WINNER]
        if w >= 0:
            st[ST_CREDIT + q] = 1 if q == w else 0
        else:
            top = 0
            for p in range(P):
                top = max(top, s[NOUT + p])
            st[ST_CREDIT + q] = 1 if s[NOUT + q] == top else 0


GO_ON, NEW_GAME, FROM_POSITION, ESCAPE = range(4)


@njit(f"void({S}, {S}, {U}, {R}, {S}, int64, int64)", cache=True, error_model="numpy")
def escape_game(s, cfg, rs, rec, st, f, k):
    """Question 3: the game in s goes on until figure f is out, dead, caught in stage 1 or stage 2 begins, and at
    least k monster phases are played (or the game ends).  st[0:3] = (the phase, 1 = this round's, after which f
    was out (0: not), caught in stage 1 before getting out, capped)."""
    esc, caught1, r = 0, 0, 0
    eaten0 = s[FEATEN + f]
    while s[ENDED] == E_RUN:
        stage = s[STAGE]
        play_round(s, cfg, rs, rec)
        r += 1
        if esc == 0 and s[FPOS + f] == OUT:
            esc = r
        if esc == 0 and stage == 1 and s[FEATEN + f] > eaten0:
            caught1 = 1
        if r >= k and (esc > 0 or caught1 or s[FPOS + f] == DEAD or s[STAGE] == 2):
            break
    st[0], st[1], st[2] = esc, caught1, 1 if s[ENDED] == E_CAPPED else 0


@njit(types.void(S_, R_, types.uint64[:, ::1], R_, S_, R_, types.int64, types.int64, S_, types.int64,
                 *search.MODEL), cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, rec, start, max_rounds, s0, watch, advance, legal, apply, policy, determinize,
          reward, margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s and rec the state and record buffers.
    start NEW_GAME: a new set-up, policies pols[j] (per seat, or per turn-order rank under C_BYRANK), the start
    player drawn; FROM_POSITION: the position s0 (its policies in s0); GO_ON: the game in s goes on; ESCAPE: from
    s0, `escape_game` of figure `watch` over max_rounds phases.  Each game plays up to max_rounds rounds (-1: to
    the end) in core's loop (`search.whole_game`); the search players' seed comes from the game's choice stream's seed
    (never its draws).  The forward model comes in as arguments, so that this kernel caches."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x5EA4C4))
        if start == ESCAPE:
            copy(s, s0, cfg)
            escape_game(s, cfg, rs, rec, st, watch, max_rounds)
            continue
        if start == NEW_GAME:
            init(s, cfg)
            p0 = randint(rs, S_START, P)
            note(rec, R_START, p0, 0, 0)
            s[STARTP] = p0
            s[FIRSTP] = p0
            s[TOMOVE] = p0
            for k in range(P):
                q = (p0 + k) % P if cfg[C_BYRANK] else k
                s[POL + q] = pols[j, k]
        elif start == FROM_POSITION:
            copy(s, s0, cfg)
        for i in range(STSIZE):
            st[i] = 0
        for q in range(P):
            codes[q] = s[POL + q]
        PLAY(s, cfg, rs, rec, codes, max_rounds, -1, seed, advance, legal, apply, policy, determinize, reward,
             margin)
        if s[ENDED] != E_RUN:
            note(rec, R_END, s[ENDED], s[WINNER], 0)
        finish(s, cfg, st)


# ------------------------------------------------------------------------------------------------
# Python side

TILE_CODES = {"stone": T_STONE, "crystal": T_CRYSTAL, "right": T_RIGHT, "left": T_LEFT, "half": T_HALF}
WRAPS = {"mirror": 0, "torus": 1}
BANS = {"first_round_of_game": 0, "first_round_of_each_stage": 1}
BLOOD_STOPS = {"far_end": 0, "entry": 1}
EXITS = {"corner": 0, "beyond": 1}

ENGINE_READINGS = [
    "the start player is drawn uniformly; seats in the balance tables are turn-order ranks (rank 0 starts)",
    "each monster phase draws uniformly among the stage's unplayed cards (numbers only under the cross ban): the "
    "law of 'redraw until a number, reshuffle the rest'",
    "turn_cap counts rounds; a capped game is scored as at stage 2's end (most figures out) and counted apart",
    "a stage-2 tie in figures out goes to whoever reached that number first; a tie left (nobody out) is shared",
]


def square(board, xy) -> int:
    return int(xy[1]) * board.width + int(xy[0])


def settings_vector(settings, board, players: int, by_rank: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings and rules.Board."""
    from analyzer.games.finstere_flure import rules as r

    settings = settings or r.DEFAULT_SETTINGS
    board = board or r.DEFAULT_BOARD
    if board.width * board.height > MAXSQ:
        raise ValueError(f"the engine plays boards of at most {MAXSQ} squares")
    cfg = np.zeros(CSIZE, dtype=np.int64)
    stones = r.stones_for(players)
    cfg[C_P] = players
    cfg[C_W], cfg[C_H] = board.width, board.height
    cfg[C_EXIT], cfg[C_ENT] = square(board, board.exit), square(board, board.entrance)
    cfg[C_WRAP] = WRAPS[settings.wrap]
    cfg[C_SIGHT] = bool(settings.sight_wraps)
    cfg[C_STAGEC] = int(settings.stage_cards)
    cfg[C_FIVE3] = bool(settings.five_is_three_crosses)
    cfg[C_BAN] = BANS[settings.cross_ban]
    cfg[C_BSTOP] = BLOOD_STOPS[settings.blood_stop]
    cfg[C_EXITON] = EXITS[settings.exit_on]
    cfg[C_XCAP] = settings.cross_cap
    cfg[C_TCAP] = settings.turn_cap
    cfg[C_NF] = len(stones)
    cfg[C_BYRANK] = by_rank
    cfg[C_NEED] = r.to_win(players)
    for k, (black, coloured) in enumerate(stones):
        cfg[C_FA + k], cfg[C_FB + k] = black, coloured
    cfg[C_TPAIR:C_TPAIR + MAXSQ] = -1
    for q in board.blood_squares():
        cfg[C_BLOOD + square(board, q)] = 1
    tp = board.teleports
    for k in range(0, len(tp) - 1, 2):
        (p, pd), (q, qd) = tp[k], tp[k + 1]
        a, b = square(board, p), square(board, q)
        cfg[C_TPAIR + a], cfg[C_TPAIR + b] = b, a
        cfg[C_TDIR + a], cfg[C_TDIR + b] = pd, qd
    tiles = tile_layout(board.stones, board.crystals, board.turn_stones, board)
    cfg[C_TILE0:C_TILE0 + MAXSQ] = tiles
    W, H = board.width, board.height
    cfg[C_NB:C_NB + 4 * MAXSQ] = -1
    for y in range(H):
        for x in range(W):
            sq = y * W + x
            cfg[C_EDGE + sq] = x in (0, W - 1) or y in (0, H - 1)
            for d in range(4):
                nx, ny = x + DX[d], y + DY[d]
                if 0 <= nx < W and 0 <= ny < H:
                    cfg[C_NB + 4 * sq + d] = ny * W + nx
    return cfg


def tile_layout(stones, crystals, turn_stones, board) -> np.ndarray:
    tiles = np.zeros(MAXSQ, dtype=np.int64)
    for q in stones:
        tiles[square(board, q)] = T_STONE
    for q in crystals:
        tiles[square(board, q)] = T_CRYSTAL
    for q, arrow in dict(turn_stones).items():
        tiles[square(board, q)] = TILE_CODES[arrow]
    return tiles


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def work() -> np.ndarray:
    return np.zeros(WSHAPE, dtype=np.int64)


def state() -> np.ndarray:
    return np.zeros(SSIZE, dtype=np.int64)


def run(cfg, streams, stats, s, start, max_rounds=-1, pols=None, rec=None, s0=None, watch=-1):
    """`batch` with the buffers a caller does not keep made fresh."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, 4), dtype=np.int64) if rec is None else rec
    s0 = s if s0 is None else s0
    batch(cfg, pols, streams, stats, s, rec, start, max_rounds, s0, watch, *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: the winner 1, a tie left shared."""
    c = stats[:, ST_CREDIT:ST_CREDIT + players].astype(np.float64)
    return c / c.sum(1, keepdims=True)


PROBES = ("monster_phase", "figure_moves", "play_round", "play_card", "caught")


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, s, cfg, a, rs, rec, w):
    """One engine step on a hand-made state, for the hand-stepped tests: PROBES[op] with argument a (a card code
    or a figure)."""
    if op == 0:
        return monster_phase(s, cfg, a, -1)
    if op == 1:
        return figure_moves(s, cfg, a, w)
    if op == 2:
        play_round(s, cfg, rs, rec)
    elif op == 3:
        play_card(s, cfg, a)
    elif op == 4:
        return caught(s, cfg, a, w, 1 << 40)
    return 0
