"""The fast Samarkand engine: whole games (and games from a position) in numba, one game per loop iteration.

A game's state is one flat int64 vector (offsets below); the board and the §10 settings are two more
small vectors (`board_vector`, `settings_vector`), which the kernels read as one (`settings | board`: the forward
model's `cfg`).  Every kernel is `@njit(cache=True)`, helpers without a Python wrapper; one entry point
(`run_batch`, called through `batch`) so that a clean checkout compiles the engine once (later processes load the
cache).  A few helpers take explicit signatures so that literal arguments do not compile extra specialisations.

The rules are core's forward model (`core/search.py`): `advance` plays a turn's end (the two-player bag, the end
check) and leaves the next decision pending; `apply` plays a decision: the action of the seat to move, the keep
after a marriage's draw (which cards to discard), and the sale of a card whose space a camel reaches first (its
holder decides, perhaps not the seat to move); `policy` is the engine's player models.  `run_batch` plays every
game through `search.whole_game`, one turn a call (a turn is the model's round), so that the goals are read after every
turn as before.

Chance.  Each game has 3 + 5 random streams (splitmix64) seeded from `Chance`: 0 the deck's order,
1 the reshuffles of the discards, 2 the two-player bag's order, 3 + seat that seat's own choices.  Every
game's seeds are drawn up front, so that two rule sets (or two candidate first moves) playing game j meet
the same deck, the same reshuffles, the same bag and the same i-th random number of each seat.  From a
position, stream 0 also deals the cards the viewer has not seen and stream 2 shuffles the bag.

Readings where the spec is silent are in `ENGINE_READINGS` (agreed with `reference.py`);
`sim.engine_agrees` holds the engine equal to the readable reference on fixed draws, turn by turn.

Policies (codes in `POLICY_CODES`) are played inside the kernel (see `policies.py`).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core import settings as core_settings
from analyzer.core.policies import engine_code
from analyzer.core.kernels import randint, shuffle
from analyzer.core.streams import StreamSeeds
from analyzer.games.samarkand_queen import rules as r

NF = 10  # families
NCARD = 33  # goods cards 1..33
MAXC = 128  # cells at most
MAXDEG = 8
MAXP = 5
MAXOPT = 4096

# -- board vector --------------------------------------------------------------------------------
B_NC = 0
B_WATER = 1
B_GOODS = B_WATER + MAXC  # goods number on the cell, 0 none
B_START = B_GOODS + MAXC  # family whose start the cell is, -1 none
B_DEG = B_START + MAXC
B_ADJ = B_DEG + MAXC  # MAXC x MAXDEG neighbours, -1 padding
B_GCELL = B_ADJ + MAXC * MAXDEG  # 34: cell of goods n (index n)
B_SCELL = B_GCELL + 34  # 10: start cell of each family
B_DOWRY = B_SCELL + NF
B_DIST = B_DOWRY + NF  # MAXC x MAXC hex steps (camels cross water too)
B_NCARD = B_DIST + MAXC * MAXC  # goods cards on this board (33 on the default)
BSIZE = B_NCARD + 1

# -- settings vector -----------------------------------------------------------------------------
C_P, C_LIMIT, C_SECOND, C_BONUS, C_DISCPUB, C_BAG, C_BAGTILE, C_MAXTURNS = range(8)
C_HCAP = 8  # MAXP Dirham added to each seat's start (seat 0 moves first; the seat handicap)
CSIZE = C_HCAP + MAXP
SECOND = ("not_adjacent_to_first", "old_route_only", "free")
BONUS = ("new_pair", "first_per_family")
BAG_TILE = ("someone_married", "drawer_married")

# -- state vector --------------------------------------------------------------------------------
F_TREAS = 0  # per family
F_CAMELS = 10
F_TILES = 20
F_NREL = 30  # relationships the family has
F_MARK = 40  # relationship markers left on its stack
F_OUT = 50  # tiles out of the game (2-player bag)
CAM = 60  # 2 slots per cell: family or -1
MET = CAM + 2 * MAXC  # 10 x 10
GTAKEN = MET + NF * NF  # 34: goods marker n taken (its space reached)
P_MONEY = GTAKEN + 34
P_GM = P_MONEY + MAXP  # goods markers
P_RM = P_GM + MAXP  # relationship markers
P_TILES = P_RM + MAXP  # MAXP x NF tiles held
P_HN = P_TILES + MAXP * NF  # hand size
P_SN = P_HN + MAXP  # sold count
P_GMASK = P_SN + MAXP  # bit n: p took goods marker n
CLOC = P_GMASK + MAXP  # 34: card n's place: 0 pile, 1 discards, 2 + p hand of p, 7 + p sold by p
PILE = CLOC + 34  # pile order, top at PN - 1
PN = PILE + NCARD
DISC = PN + 1  # discard pile, in order
DN = DISC + NCARD
BAG = DN + 1  # bag order, next at BN - 1
BN = BAG + NF
TOMOVE = BN + 1
TURN = TOMOVE + 1
ENDED = TURN + 1  # 0 running, 1 all families related, 2 a family has 5, 3 turn cap
NPL = ENDED + 1
# the forward model's cursor: the pending decision (W_NONE, W_ACT the seat to move's action, W_KEEP its discards
# after a marriage's draw, W_SELL a card's holder: sell or keep) and its seat; STEP where the turn is (0 before the
# action, 1 the marriage's keep settled, 2 the first camel placed and its sale settled, 3 the action done); the
# action's row; the card on sale; the discards the keep allows; the turn the trace's row 0 is
WHAT = NPL + 1
DECP = WHAT + 1
STEP = DECP + 1
ACT = STEP + 1  # 4: (type, family, a, b)
SELLC = ACT + 4
KLO = SELLC + 1
KHI = KLO + 1
TSTART = KHI + 1
PAR = TSTART + 1  # MAXP: each seat's plan weight (float64 bits)
CNT_RESHUF = PAR + MAXP  # counters of the batch call: reshuffles, MAXP x NKINDS actions
CNT_ACT = CNT_RESHUF + 1
SSIZE = CNT_ACT + MAXP * 6  # NKINDS
W_NONE, W_ACT, W_KEEP, W_SELL = range(4)
LOC_PILE, LOC_DISC, LOC_HAND, LOC_SOLD, LOC_NONE = 0, 1, 2, 7, 99  # LOC_NONE: no such card on this board

# -- options: (type, family, cell a, cell b) --------------------------------------------------------
T_PASS, T_MARRY, T_EXT1, T_EXT2 = 0, 1, 2, 3
KINDS = ("marry", "extend 1 camel", "extend 2 camels", "pass", "sell", "keep (sellable)")
NKINDS = 6

# -- per-game stats --------------------------------------------------------------------------------
ST_TURNS = 0
ST_END = 1  # ENDED code
ST_RESHUF = 2
ST_VP = 3  # MAXP x 4: VP from cards, goods markers, relationship markers, money
ST_ACT = ST_VP + 4 * MAXP  # MAXP x NKINDS
STSIZE = ST_ACT + MAXP * NKINDS

# -- trace of one game (engine_agrees): per turn one row ----------------------------------------------
TR_SEAT, TR_OPT, TR_DRAWN, TR_ND, TR_DISC, TR_NDISC, TR_SELL, TR_BAG = 0, 1, 5, 8, 9, 12, 13, 17
TRSIZE = 18  # TR_SELL: (card, sold) x 2 (card -1 none); TR_BAG: family drawn from the bag, -1 none

POLICY_CODES = {"random": 0, "greedy": 1, "route-planner": 2}
NSTREAMS = 3 + MAXP

ENGINE_READINGS = [
    "the supply never runs out",
    "a sale is decided at once, when the camel reaches the space first, by the card's holder",
    "the end is checked after every turn (after the two-player bag draw); a family 'has 5' when it has 5 "
    "relationships (a 6th under markers_exhausted still counts)",
    "a marriage draw reshuffles the discards into a new pile when the pile runs out mid-draw; cards "
    "discarded in the same marriage come after the draw",
    "two camels: an unordered pair of spaces (either order legal), placed lower cell first where legal",
    "two_player_bag false: both tiles of each family on its domain and at most one tile per player and family",
]


class Chance(StreamSeeds):
    """Every game's stream seeds (deck, reshuffles, bag, one per seat's choices), drawn up front: (n, 8) uint64.

    Read by index, never redrawn: game j of any rule set or candidate move uses row j."""

    STREAMS = ("deck", "reshuffles", "bag", *(f"seat {p}" for p in range(MAXP)))


# ------------------------------------------------------------------------------------------------
# random streams (splitmix64)


@njit("void(int64[::1], int64, int64, int64)", cache=True, no_cpython_wrapper=True)
def fill(a, lo, hi, v):
    for i in range(lo, hi):
        a[i] = v


@njit("void(int64[::1], int64[::1])", cache=True, no_cpython_wrapper=True)
def copy(a, b):
    for i in range(a.shape[0]):
        a[i] = b[i]


# ------------------------------------------------------------------------------------------------
# small queries


@njit(cache=True, no_cpython_wrapper=True)
def holds(s, p, f):
    return s[P_TILES + p * NF + f] > 0


@njit(cache=True, no_cpython_wrapper=True)
def has_colour(s, c, f):
    return s[CAM + 2 * c] == f or s[CAM + 2 * c + 1] == f


@njit(cache=True, no_cpython_wrapper=True)
def room_for(s, c, f):
    """A camel of f may stand on c: fewer than 2 camels there and none of f."""
    a = s[CAM + 2 * c]
    b = s[CAM + 2 * c + 1]
    return a != f and b != f and (a < 0 or b < 0)


@njit(cache=True, no_cpython_wrapper=True)
def adjacent(bd, a, b):
    for i in range(bd[B_DEG + a]):
        if bd[B_ADJ + a * MAXDEG + i] == b:
            return True
    return False


@njit(cache=True, no_cpython_wrapper=True)
def card_score(s, bd, p, card):
    """What an unsold card in p's hand scores now: per camel on its space 4 (p holds its family) or 1."""
    c = bd[B_GCELL + card]
    v = 0
    for k in range(2):
        f = s[CAM + 2 * c + k]
        if f >= 0:
            v += 4 if holds(s, p, f) else 1
    return v


@njit(cache=True, no_cpython_wrapper=True)
def score_parts(s, bd, p, out):
    """out[0..3] = p's VP from cards, goods markers, relationship markers, money."""
    v = 0
    for card in range(1, NCARD + 1):
        if s[CLOC + card] == LOC_HAND + p:
            v += card_score(s, bd, p, card)
    out[0] = v
    out[1] = s[P_GM + p]
    out[2] = s[P_RM + p]
    out[3] = s[P_MONEY + p]


@njit(cache=True, no_cpython_wrapper=True)
def end_reason(s):
    """0 running, 1 every family has a relationship, 2 some family has 5."""
    every = True
    for f in range(NF):
        if s[F_NREL + f] >= 5:
            return 2
        if s[F_NREL + f] == 0:
            every = False
    return 1 if every else 0


# ------------------------------------------------------------------------------------------------
# legal actions


@njit(cache=True, no_cpython_wrapper=True)
def can_marry(s, bd, cfg, p, f):
    if s[F_TILES + f] <= 0 or s[P_MONEY + p] < bd[B_DOWRY + f]:
        return False
    if holds(s, p, f) and not (cfg[C_P] == 2 and cfg[C_BAG] == 1):
        return False
    return True


@njit(cache=True, no_cpython_wrapper=True)
def frontier(s, bd, f, out, mark):
    """Spaces a first camel of f may go on, ascending -> count (in out); mark: scratch, left zero."""
    nc = bd[B_NC]
    for c in range(nc):
        if s[CAM + 2 * c] == f or s[CAM + 2 * c + 1] == f:
            for i in range(bd[B_DEG + c]):
                mark[bd[B_ADJ + c * MAXDEG + i]] = 1
    n = 0
    for c in range(nc):
        if mark[c] == 1:
            mark[c] = 0
            if room_for(s, c, f):
                out[n] = c
                n += 1
    return n


@njit(cache=True, no_cpython_wrapper=True)
def pair_legal(s, bd, cfg, f, a, b, in_front):
    """The unordered pair {a, b} (a, b distinct, both with room) is a legal two-camel extension of f.
    in_front[c]: c is on the pre-turn frontier.  Returns 1 (a first), 2 (b first) or 0."""
    rule = cfg[C_SECOND]
    if rule == 0:
        if in_front[a] and in_front[b] and not adjacent(bd, a, b):
            return 1
        return 0
    if rule == 1:
        return 1 if in_front[a] and in_front[b] else 0
    if in_front[a] and (in_front[b] or adjacent(bd, a, b)):
        return 1
    if in_front[b] and adjacent(bd, a, b):
        return 2
    return 0


@njit(cache=True)
def legal_options(s, bd, cfg, p, opts, front, in_front):
    """Every legal action of seat p -> count; rows (type, family, a, b): a marriage, one camel on a, two on
    a then b (the order they are placed in).  A pass only when nothing else is legal."""
    n = 0
    for f in range(NF):
        if can_marry(s, bd, cfg, p, f):
            opts[n, 0] = T_MARRY
            opts[n, 1] = f
            opts[n, 2] = -1
            opts[n, 3] = -1
            n += 1
    for f in range(NF):
        if not holds(s, p, f) or s[F_CAMELS + f] <= 0:
            continue
        fill(in_front, 0, MAXC, 0)
        m = frontier(s, bd, f, front, in_front)
        for i in range(m):
            opts[n, 0] = T_EXT1
            opts[n, 1] = f
            opts[n, 2] = front[i]
            opts[n, 3] = -1
            n += 1
        if s[F_CAMELS + f] < 2 or s[F_TREAS + f] < 1:
            continue
        if cfg[C_SECOND] == 2:  # free: the second may hang off the first, off the pre-turn frontier
            fill(in_front, 0, MAXC, 0)
            for i in range(m):
                in_front[front[i]] = 1
            for i in range(m):
                a = front[i]
                for k in range(bd[B_DEG + a]):
                    b = bd[B_ADJ + a * MAXDEG + k]
                    if room_for(s, b, f) and not in_front[b]:
                        in_front[b] = 2
            cand = 0
            for c in range(bd[B_NC]):
                if in_front[c] > 0:
                    front[cand] = c
                    cand += 1
            for c in range(bd[B_NC]):
                in_front[c] = 1 if in_front[c] == 1 else 0
            m = cand
        else:
            fill(in_front, 0, MAXC, 0)
            for i in range(m):
                in_front[front[i]] = 1
        for i in range(m):
            for j in range(i + 1, m):
                a = front[i]
                b = front[j]
                order = pair_legal(s, bd, cfg, f, a, b, in_front)
                if order == 0:
                    continue
                if n >= MAXOPT:
                    break
                opts[n, 0] = T_EXT2
                opts[n, 1] = f
                opts[n, 2] = a if order == 1 else b
                opts[n, 3] = b if order == 1 else a
                n += 1
    if n == 0:
        opts[0, 0] = T_PASS
        opts[0, 1] = -1
        opts[0, 2] = -1
        opts[0, 3] = -1
        n = 1
    return n


# ------------------------------------------------------------------------------------------------
# cards


@njit(cache=True, no_cpython_wrapper=True)
def hand_limit_room(s, cfg, p):
    return cfg[C_LIMIT] - s[P_HN + p] - s[P_SN + p]


@njit(cache=True, no_cpython_wrapper=True)
def draw_card(s, rs):
    """The top card of the pile (the discards reshuffled into a new pile when it is empty) or 0."""
    if s[PN] == 0:
        if s[DN] == 0:
            return 0
        for i in range(s[DN]):
            s[PILE + i] = s[DISC + i]
            s[CLOC + s[DISC + i]] = LOC_PILE
        s[PN] = s[DN]
        s[DN] = 0
        shuffle(s, PILE, s[PN], rs, 1)
        s[CNT_RESHUF] += 1
    s[PN] -= 1
    return s[PILE + s[PN]]


@njit(cache=True, no_cpython_wrapper=True)
def discard(s, p, card):
    s[CLOC + card] = LOC_DISC
    s[DISC + s[DN]] = card
    s[DN] += 1
    s[P_HN + p] -= 1


@njit(cache=True, no_cpython_wrapper=True)
def unseen_values(s, bd, cfg, p, vals):
    """The current values for p of the cards p has not seen (pile, others' hands, hidden discards) -> count."""
    n = 0
    for card in range(1, NCARD + 1):
        loc = s[CLOC + card]
        if loc == LOC_HAND + p or loc >= LOC_SOLD:
            continue
        if loc == LOC_DISC and cfg[C_DISCPUB] == 1 and s[PN] >= 3:
            continue
        vals[n] = card_score(s, bd, p, card)
        n += 1
    return n


@njit("float64(float64[::1], int64, float64[::1], int64, int64)", cache=True)
def expected_draw_gain(hand_vals, h, vals, u, kmax):
    """E[sum kept - sum of the old hand] when 3 cards are drawn uniformly from the u values and the best
    h + kmax of old hand + drawn are kept (values >= 0, so keeping more never loses): the drawn sum less
    the m = 3 - kmax lowest of the h + 3 cards, in closed form over the order statistics of the draw."""
    if u < 3:
        return 0.0
    tot = 0.0
    for i in range(u):
        tot += vals[i]
    gain = 3.0 * tot / u
    m = 3 - kmax
    if m <= 0:
        return gain
    v = vals  # sorted in place (u <= 33, insertion sort)
    for i in range(1, u):
        x = v[i]
        k = i - 1
        while k >= 0 and v[k] > x:
            v[k + 1] = v[k]
            k -= 1
        v[k + 1] = x
    o1 = 1e18
    o2 = 1e18
    for i in range(h):
        x = hand_vals[i]
        if x < o1:
            o2 = o1
            o1 = x
        elif x < o2:
            o2 = x
    total = u * (u - 1) * (u - 2) / 6.0
    lost = 0.0
    if m == 1:  # P(min of the draw = v[i]) = C(u-1-i, 2) / C(u, 3)
        for i in range(u - 2):
            w = (u - 1 - i) * (u - 2 - i) / 2.0 / total
            lost += w * min(o1, v[i])
    else:  # the two lowest drawn are v[i] <= v[j] with weight (u - 1 - j) / C(u, 3)
        for i in range(u - 2):
            for j in range(i + 1, u - 1):
                w = (u - 1 - j) / total
                a = v[i]
                b = v[j]
                # the two lowest of {o1, o2, a, b}
                if o1 <= a:
                    low = o1 + min(o2, a)
                else:
                    low = a + min(o1, b)
                lost += w * low
    return gain - lost


# ------------------------------------------------------------------------------------------------
# placing camels


@njit(cache=True, no_cpython_wrapper=True)
def sell_choice(s, bd, q, card, pol, par, rs):
    """Does seat q sell the card (its space just reached first)?"""
    if pol[q] == 0:
        return randint(rs, 3 + q, 2) == 1
    return 3 > card_score(s, bd, q, card)


@njit("int64(int64[::1], int64[::1], int64[::1], int64, int64, int64)", cache=True, no_cpython_wrapper=True)
def place(s, bd, cfg, p, f, c):
    """Put a camel of f on c for active seat p and resolve its effects (goods first reached, a meeting) -> the card
    whose holder now decides to sell it or keep it (0 none).  The sale commutes with the meeting (sums of Dirham
    on the camels as placed), so it is decided after it."""
    s[F_CAMELS + f] -= 1
    k = 0 if s[CAM + 2 * c] < 0 else 1
    s[CAM + 2 * c + k] = f
    g = bd[B_GOODS + c]
    sale = 0
    if g > 0 and s[GTAKEN + g] == 0:
        s[GTAKEN + g] = 1
        s[P_GM + p] += 1
        s[P_GMASK + p] |= 1 << g
        loc = s[CLOC + g]
        if LOC_HAND <= loc < LOC_SOLD:
            sale = g
    if k == 1 and bd[B_WATER + c] == 0:
        o = s[CAM + 2 * c]
        if s[MET + f * NF + o] == 0:
            first_f = s[F_NREL + f] == 0
            first_o = s[F_NREL + o] == 0
            s[MET + f * NF + o] = 1
            s[MET + o * NF + f] = 1
            s[F_NREL + f] += 1
            s[F_NREL + o] += 1
            for q in range(cfg[C_P]):
                if holds(s, q, f) and (cfg[C_BONUS] == 0 or first_f):
                    s[P_MONEY + q] += 3
                if holds(s, q, o) and (cfg[C_BONUS] == 0 or first_o):
                    s[P_MONEY + q] += 1
            if s[F_MARK + f] > 0:
                s[F_MARK + f] -= 1
                s[P_RM + p] += 1
            if s[F_MARK + o] > 0:
                s[F_MARK + o] -= 1
                s[P_RM + p] += 1
    return sale


@njit(cache=True, no_cpython_wrapper=True)
def place_value(s, bd, cfg, p, f, c, metnow, nrel):
    """The immediate change of p's score from placing a camel of f on c (p holds f; greedy's sale rule for p's
    own card); metnow[:NF] / metnow[NF] / nrel: families met, active markers taken and relationship counts after
    this option's earlier camel (the two camels stand on different cells, so only meetings interact)."""
    v = 0.0
    g = bd[B_GOODS + c]
    if g > 0 and s[GTAKEN + g] == 0:
        v += 1
    if g > 0 and s[CLOC + g] == LOC_HAND + p:
        v += 4  # p's unsold card on c: one more camel of p's family (4 > 3: p keeps it)
    o = s[CAM + 2 * c]
    if s[CAM + 2 * c + 1] < 0 and o >= 0 and bd[B_WATER + c] == 0:
        if s[MET + f * NF + o] == 0 and metnow[o] == 0:
            if cfg[C_BONUS] == 0 or nrel[f] == 0:
                v += 3
            if holds(s, p, o) and (cfg[C_BONUS] == 0 or nrel[o] == 0):
                v += 1
            v += 1 if s[F_MARK + f] - metnow[NF] > 0 else 0  # the active stack lost metnow[NF] already
            v += 1 if s[F_MARK + o] > 0 else 0  # a passive stack is touched by its own meeting only
            metnow[o] = 1
            nrel[f] += 1
            nrel[o] += 1
            metnow[NF] += 1
    return v


# ------------------------------------------------------------------------------------------------
# policies


@njit("int64(int64[::1], int64[::1], int64, int64, int64, int64)", cache=True, no_cpython_wrapper=True)
def route_distance_sum(s, bd, p, extra_a, extra_b, extra_f):
    """Sum over p's unsold cards whose space no camel has reached of the hex steps from the nearest camel of a
    family p holds (extra camels of extra_f on extra_a / extra_b counted; extra_f >= 0 and extra_a < 0: p
    also holds extra_f, as after a marriage)."""
    total = 0
    nc = bd[B_NC]
    for card in range(1, NCARD + 1):
        if s[CLOC + card] != LOC_HAND + p:
            continue
        g = bd[B_GCELL + card]
        if s[CAM + 2 * g] >= 0:
            continue
        best = 10**6
        for c in range(nc):
            x = s[CAM + 2 * c]
            y = s[CAM + 2 * c + 1]
            mine = (x >= 0 and (holds(s, p, x) or x == extra_f)) or (y >= 0 and (holds(s, p, y) or y == extra_f))
            if mine:
                d = bd[B_DIST + c * MAXC + g]
                if d < best:
                    best = d
        if extra_a >= 0:
            best = min(best, bd[B_DIST + extra_a * MAXC + g])
        if extra_b >= 0:
            best = min(best, bd[B_DIST + extra_b * MAXC + g])
        if best < 10**6:
            total += best
    return total


@njit(cache=True, no_cpython_wrapper=True)
def option_value(s, bd, cfg, p, opt, kind, weight, hand_vals, vals, tmp, base):
    """Greedy's value of an option (spec §9): the immediate change of p's score; a marriage by its dowry, the
    re-valued old hand and the expected best keep over the draw.  Route-planner (kind 2) adds weight per hex
    step its routes get closer to its unsold, unreached cards (base: that distance sum now)."""
    t = opt[0]
    f = opt[1]
    v = 0.0
    if t == T_MARRY:
        v -= bd[B_DOWRY + f]
        had = s[P_TILES + p * NF + f]
        s[P_TILES + p * NF + f] = had + 1
        h = 0
        for card in range(1, NCARD + 1):
            if s[CLOC + card] == LOC_HAND + p:
                new = card_score(s, bd, p, card)
                s[P_TILES + p * NF + f] = had
                v += new - card_score(s, bd, p, card)
                s[P_TILES + p * NF + f] = had + 1
                hand_vals[h] = new
                h += 1
        room = hand_limit_room(s, cfg, p)
        if room > 0:
            u = unseen_values(s, bd, cfg, p, vals)
            v += expected_draw_gain(hand_vals, h, vals, u, min(3, room))
        s[P_TILES + p * NF + f] = had
        if kind == 2 and weight != 0.0 and not holds(s, p, f):
            v += weight * (base - route_distance_sum(s, bd, p, -1, -1, f))
    elif t == T_EXT1 or t == T_EXT2:
        fill(tmp, 0, 4 * NF, 0)
        nrel = tmp[2 * NF:3 * NF]
        for x in range(NF):
            nrel[x] = s[F_NREL + x]
        v += place_value(s, bd, cfg, p, f, opt[2], tmp, nrel)
        if t == T_EXT2:
            v += place_value(s, bd, cfg, p, f, opt[3], tmp, nrel)
        if kind == 2 and weight != 0.0:
            v += weight * (base - route_distance_sum(s, bd, p, opt[2], opt[3], -1))
    return v


@njit(cache=True, no_cpython_wrapper=True)
def option_cost(bd, opt):
    if opt[0] == T_MARRY:
        return bd[B_DOWRY + opt[1]]
    return 1 if opt[0] == T_EXT2 else 0


@njit(cache=True, no_cpython_wrapper=True)
def choose_option(s, bd, cfg, p, opts, n, pol, par, rs, hand_vals, vals, tmp):
    if n == 1 or pol[p] == 0:
        return 0 if n == 1 else randint(rs, 3 + p, n)
    best = 0
    bv = -1e18
    bc = 0
    base = route_distance_sum(s, bd, p, -1, -1, -1) if pol[p] == 2 and par[p] != 0.0 else 0
    for i in range(n):
        v = option_value(s, bd, cfg, p, opts[i], pol[p], par[p], hand_vals, vals, tmp, base)
        c = option_cost(bd, opts[i])
        # ties: cheaper, then lower family id (options come family by family), then the first listed
        if v > bv + 1e-9 or (abs(v - bv) <= 1e-9 and c < bc):
            best = i
            bv = v
            bc = c
    return best


@njit(cache=True, no_cpython_wrapper=True)
def card_distance(s, bd, p, card):
    g = bd[B_GCELL + card]
    best = 10**6
    for c in range(bd[B_NC]):
        for k in range(2):
            x = s[CAM + 2 * c + k]
            if x >= 0 and holds(s, p, x):
                d = bd[B_DIST + c * MAXC + g]
                if d < best:
                    best = d
    return best


@njit("int64(int64[::1], int64[::1], int64[::1], int64, int64[::1], int64, int64, int64, int64[::1], float64[::1], "
       "uint64[::1], int64[::1])", cache=True, no_cpython_wrapper=True)
def keep_choice(s, bd, cfg, p, pool, npool, m_lo, m_hi, pol, par, rs, out):
    """Which of the npool cards (old hand + drawn) p discards -> count in out; between m_lo and m_hi of them."""
    if pol[p] == 0:  # uniform over the legal discard sets
        total = 0
        for m in range(m_lo, m_hi + 1):
            total += 1 if m == 0 else (npool if m == 1 else npool * (npool - 1) // 2)
        r = randint(rs, 3 + p, total)
        for m in range(m_lo, m_hi + 1):
            size = 1 if m == 0 else (npool if m == 1 else npool * (npool - 1) // 2)
            if r < size:
                if m == 0:
                    return 0
                if m == 1:
                    out[0] = pool[r]
                    return 1
                for i in range(npool):
                    for j in range(i + 1, npool):
                        if r == 0:
                            out[0] = pool[i]
                            out[1] = pool[j]
                            return 2
                        r -= 1
            r -= size
        return 0
    # greedy / route-planner: discard the m_lo lowest current values; ties: the farther from p's routes, then
    # the higher card number
    m = m_lo
    for k in range(m):
        worst = -1
        wv = 1e18
        wd = -1
        for i in range(npool):
            c = pool[i]
            if c == out[0] and k == 1:
                continue
            v = card_score(s, bd, p, c)
            d = 0
            if pol[p] == 2 and par[p] != 0.0:
                d = card_distance(s, bd, p, c)
            if v < wv or (v == wv and (d > wd or (d == wd and c > pool[worst]))):
                worst = i
                wv = v
                wd = d
        out[k] = pool[worst]
    return m


# ------------------------------------------------------------------------------------------------
# set-up and the batch


@njit(cache=True, no_cpython_wrapper=True)
def setup(s, bd, cfg, rs):
    fill(s, 0, SSIZE, 0)
    P = cfg[C_P]
    s[NPL] = P
    fill(s, CAM, CAM + 2 * MAXC, -1)
    two_bag = P == 2 and cfg[C_BAG] == 1
    for f in range(NF):
        s[F_CAMELS + f] = 11
        s[F_TILES + f] = 1 if two_bag else 2
        s[F_MARK + f] = 5
        s[CAM + 2 * bd[B_SCELL + f]] = f
    N = bd[B_NCARD]
    for i in range(NCARD):
        s[PILE + i] = i + 1
        s[CLOC + i + 1] = LOC_PILE if i < N else LOC_NONE
    s[PN] = N
    shuffle(s, PILE, N, rs, 0)
    for _ in range(2):  # two cards dealt to each player
        for p in range(P):
            s[PN] -= 1
            c = s[PILE + s[PN]]
            s[CLOC + c] = LOC_HAND + p
            s[P_HN + p] += 1
    for p in range(P):
        s[P_MONEY + p] = r.START_MONEY + cfg[C_HCAP + p]
    if two_bag:
        for f in range(NF):
            s[BAG + f] = f
        s[BN] = NF
        shuffle(s, BAG, NF, rs, 2)


@njit(cache=True)
def shuffle_hidden(s, me, rs, hidden_discards, buf):
    """A rollout from a position: the cards `me` has not seen (others' hands, the pile, hidden discards)
    dealt anew, uniformly, every hand keeping its size (stream 0)."""
    n = 0
    for c in range(1, NCARD + 1):
        loc = s[CLOC + c]
        if loc == LOC_PILE or (LOC_HAND <= loc < LOC_SOLD and loc != LOC_HAND + me) or \
                (loc == LOC_DISC and hidden_discards):
            buf[n] = c
            n += 1
    shuffle(buf, 0, n, rs, 0)
    k = 0
    for p in range(s[NPL]):
        if p != me:
            for i in range(s[P_HN + p]):
                s[CLOC + buf[k]] = LOC_HAND + p
                k += 1
    if hidden_discards:
        for i in range(s[DN]):
            s[DISC + i] = buf[k]
            s[CLOC + buf[k]] = LOC_DISC
            k += 1
    for i in range(s[PN]):
        s[PILE + i] = buf[k]
        s[CLOC + buf[k]] = LOC_PILE
        k += 1
    shuffle(s, BAG, s[BN], rs, 2)  # the bag's contents are public, its order is not


@njit("void(int64[::1], int64[::1], int64[:, ::1], int64[:, ::1], int64, int64)", cache=True, no_cpython_wrapper=True)
def goals_hit(s, bd, goals, hit, j, t):
    """Record the turn t at which each goal first holds: (0, family, cell) a camel of family on cell, (1, a, b)
    families a and b have met.  Read at the end only: (2, family bit mask, cell) a camel of one of those families
    stands on cell (hit = the turn); (3, seat, card) the card's final value for seat (hit = its score if still
    in the hand, 3 if sold, 0 if gone)."""
    for g in range(goals.shape[0]):
        if hit[j, g] >= 0:
            continue
        kind = goals[g, 0]
        if kind == 0 and has_colour(s, goals[g, 2], goals[g, 1]):
            hit[j, g] = t
        elif kind == 1 and s[MET + goals[g, 1] * NF + goals[g, 2]] == 1:
            hit[j, g] = t
        elif kind == 2 and s[ENDED] != 0:
            c = goals[g, 2]
            for k in range(2):
                x = s[CAM + 2 * c + k]
                if x >= 0 and (goals[g, 1] >> x) & 1:
                    hit[j, g] = t
        elif kind == 3 and s[ENDED] != 0:
            seat = goals[g, 1]
            card = goals[g, 2]
            if s[CLOC + card] == LOC_HAND + seat:
                hit[j, g] = card_score(s, bd, seat, card)
            elif s[CLOC + card] == LOC_SOLD + seat:
                hit[j, g] = 3
            else:
                hit[j, g] = 0


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): a turn as advance / legal / apply, the players as policy


@njit(cache=True, no_cpython_wrapper=True)
def trace_row(s, rec):
    """The trace's row of the turn being played; -1 when rec keeps no trace (a (1, 3) buffer) or no row for it."""
    t = s[TURN] - s[TSTART]
    return t if rec.shape[1] == TRSIZE and t < rec.shape[0] else -1


@njit(cache=True, no_cpython_wrapper=True)
def pend(s, p, what):
    s[DECP] = p
    s[WHAT] = what


@njit(cache=True, no_cpython_wrapper=True)
def encode(typ, f, a, b):
    """An action row as one option (>= 0): its type, then family, cell a and cell b, each + 1, a byte each."""
    return typ | ((f + 1) << 4) | ((a + 1) << 8) | ((b + 1) << 16)


@njit(cache=True, no_cpython_wrapper=True)
def decode(o, row):
    row[0] = o & 15
    row[1] = ((o >> 4) & 15) - 1
    row[2] = ((o >> 8) & 255) - 1
    row[3] = ((o >> 16) & 255) - 1


@njit(cache=True, no_cpython_wrapper=True)
def weights(s):
    """Every seat's plan weight (route-planner's), kept in the state as float64 bits."""
    return s[PAR:PAR + MAXP].view(np.float64)


@njit(cache=True, no_cpython_wrapper=True)
def hand(s, p, pool):
    """p's hand, ascending -> count (in pool)."""
    n = 0
    for c in range(1, NCARD + 1):
        if s[CLOC + c] == LOC_HAND + p:
            pool[n] = c
            n += 1
    return n


@njit(cache=True, no_cpython_wrapper=True)
def marry(s, bd, cfg, p, f, rs, rec, t):
    """A marriage up to its keep: dowry, tile, the draw (recorded); the keep pends when cards were drawn (it may
    discard KLO to KHI of them)."""
    s[P_MONEY + p] -= bd[B_DOWRY + f]
    s[F_TREAS + f] += bd[B_DOWRY + f]
    s[F_TILES + f] -= 1
    s[P_TILES + p * NF + f] += 1
    room = hand_limit_room(s, cfg, p)
    if room <= 0:
        return
    d = 0
    for i in range(3):
        c = draw_card(s, rs)
        if c == 0:
            break
        s[CLOC + c] = LOC_HAND + p
        s[P_HN + p] += 1
        if t >= 0:
            rec[t, TR_DRAWN + d] = c
        d += 1
    if t >= 0:
        rec[t, TR_ND] = d
    if d > 0:
        s[KLO] = d - min(d, room)
        s[KHI] = d - 1
        pend(s, p, W_KEEP)


@njit(cache=True, no_cpython_wrapper=True)
def offer(s, card):
    """The card's space was just reached first: its holder's sale pends (card 0: none)."""
    if card > 0:
        s[SELLC] = card
        pend(s, s[CLOC + card] - LOC_HAND, W_SELL)


@njit(cache=True, no_cpython_wrapper=True)
def bag_draw(s, cfg, p, rec, t):
    if s[BN] == 0:
        return
    s[BN] -= 1
    f = s[BAG + s[BN]]
    if t >= 0:
        rec[t, TR_BAG] = f
    married = False
    for q in range(cfg[C_P]):
        if holds(s, q, f) and (cfg[C_BAGTILE] == 0 or q == p):
            married = True
    if married:
        s[F_TILES + f] += 1
    else:
        s[F_OUT + f] += 1


@njit(search.ADVANCE_SIG, cache=True)
def advance(s, cfg, rs, rec):
    """Plays up to the next decision (left pending in s) and returns its seat: the second camel of a two-camel
    extension, the two-player bag's draw after a marriage, the turn's end (search.ROUND_END) and the end check
    (then search.ENDED)."""
    bd = cfg[CSIZE:]
    while True:
        if s[ENDED] != 0:
            return search.ENDED
        if s[WHAT] != W_NONE:
            return s[DECP]
        p = s[TOMOVE]
        if s[STEP] == 0:
            pend(s, p, W_ACT)
            return p
        if s[STEP] == 2 and s[ACT] == T_EXT2:
            s[STEP] = 3
            s[F_TREAS + s[ACT + 1]] -= 1
            offer(s, place(s, bd, cfg, p, s[ACT + 1], s[ACT + 3]))
            continue
        if s[STEP] == 1 and cfg[C_P] == 2 and cfg[C_BAG] == 1:
            bag_draw(s, cfg, p, rec, trace_row(s, rec))
        s[STEP] = 0
        s[TURN] += 1
        s[TOMOVE] = (p + 1) % cfg[C_P]
        e = end_reason(s)
        if e == 0 and s[TURN] >= cfg[C_MAXTURNS]:
            e = 3
        s[ENDED] = e
        return search.ROUND_END


@njit(search.LEGAL_SIG, cache=True)
def legal(s, cfg, out):
    """The pending decision's options: the actions (more than search.MAX_OPTIONS: the best by greedy's value,
    greedy's order); the discard sets of the keep (0 none, else card + 64 * second card), fewest discards first;
    keep (0) or sell (1)."""
    bd = cfg[CSIZE:]
    p, what = s[DECP], s[WHAT]
    if what == W_SELL:
        out[0] = 0
        out[1] = 1
        return 2
    if what == W_KEEP:
        pool = np.empty(NCARD, dtype=np.int64)
        n = hand(s, p, pool)
        k = 0
        for m in range(s[KLO], s[KHI] + 1):
            for i in range(n if m > 0 else 1):
                for j in range(i + 1, n if m > 1 else i + 2):
                    if k < search.MAX_OPTIONS:
                        out[k] = 0 if m == 0 else (pool[i] if m == 1 else pool[i] + 64 * pool[j])
                        k += 1
        return k
    opts = np.empty((MAXOPT, 4), dtype=np.int64)
    front = np.empty(MAXC, dtype=np.int64)
    in_front = np.empty(MAXC, dtype=np.int64)
    n = legal_options(s, bd, cfg, p, opts, front, in_front)
    keep = np.arange(n)
    if n > search.MAX_OPTIONS:
        v = np.empty(n)
        hand_vals = np.empty(NCARD + 3)
        vals = np.empty(NCARD + 3)
        tmp = np.empty(4 * NF, dtype=np.int64)
        for i in range(n):
            v[i] = option_cost(bd, opts[i]) - 1e6 * option_value(s, bd, cfg, p, opts[i], 1, 0.0, hand_vals, vals,
                                                                 tmp, 0)
        keep = np.argsort(v, kind="mergesort")[:search.MAX_OPTIONS]
    for i in range(keep.shape[0]):
        o = opts[keep[i]]
        out[i] = encode(o[0], o[1], o[2], o[3])
    return keep.shape[0]


@njit(search.APPLY_SIG, cache=True)
def apply(s, cfg, rs, rec, o):
    """The pending decision takes option o (its encoding: `legal`)."""
    bd = cfg[CSIZE:]
    p, what = s[DECP], s[WHAT]
    s[WHAT] = W_NONE
    t = trace_row(s, rec)
    if what == W_ACT:
        decode(o, s[ACT:ACT + 4])
        typ, f = s[ACT], s[ACT + 1]
        if t >= 0:
            rec[t, TR_SEAT] = p
            for k in range(4):
                rec[t, TR_OPT + k] = s[ACT + k]
        if typ == T_MARRY:
            s[CNT_ACT + p * NKINDS] += 1
            s[STEP] = 1
            marry(s, bd, cfg, p, f, rs, rec, t)
        elif typ == T_EXT1 or typ == T_EXT2:
            s[CNT_ACT + p * NKINDS + (1 if typ == T_EXT1 else 2)] += 1
            s[STEP] = 2
            offer(s, place(s, bd, cfg, p, f, s[ACT + 2]))
        else:
            s[CNT_ACT + p * NKINDS + 3] += 1
            s[STEP] = 3
    elif what == W_KEEP:
        m = 0
        for c in (o & 63, o >> 6):  # in the keep's order: the discard pile's order is drawn on
            if c > 0:
                discard(s, p, c)
                if t >= 0:
                    rec[t, TR_DISC + m] = c
                m += 1
        if t >= 0:
            rec[t, TR_NDISC] = m
    else:
        g = s[SELLC]
        if o == 1:
            s[CLOC + g] = LOC_SOLD + p
            s[P_HN + p] -= 1
            s[P_SN + p] += 1
            s[P_MONEY + p] += 3
        s[CNT_ACT + p * NKINDS + (4 if o == 1 else 5)] += 1
        if t >= 0:
            slot = 0 if s[STEP] == 2 else 1
            rec[t, TR_SELL + 2 * slot] = g
            rec[t, TR_SELL + 2 * slot + 1] = o


@njit(search.POLICY_SIG, cache=True)
def policy(s, cfg, rs, rec, code):
    """What the engine's player `code` (POLICY_CODES; route-planner with the deciding seat's plan weight) chooses."""
    bd = cfg[CSIZE:]
    p, what = s[DECP], s[WHAT]
    pol = np.empty(MAXP, dtype=np.int64)
    pol[p] = code
    par = weights(s)
    if what == W_SELL:
        return 1 if sell_choice(s, bd, p, s[SELLC], pol, par, rs) else 0
    if what == W_KEEP:
        pool = np.empty(NCARD + 3, dtype=np.int64)
        out = np.full(3, -1, dtype=np.int64)
        m = keep_choice(s, bd, cfg, p, pool, hand(s, p, pool), s[KLO], s[KHI], pol, par, rs, out)
        return (out[0] if m >= 1 else 0) + (64 * out[1] if m == 2 else 0)
    opts = np.empty((MAXOPT, 4), dtype=np.int64)
    front = np.empty(MAXC, dtype=np.int64)
    in_front = np.empty(MAXC, dtype=np.int64)
    n = legal_options(s, bd, cfg, p, opts, front, in_front)
    i = choose_option(s, bd, cfg, p, opts, n, pol, par, rs, np.empty(NCARD + 3), np.empty(NCARD + 3),
                      np.empty(4 * NF, dtype=np.int64))
    return encode(opts[i, 0], opts[i, 1], opts[i, 2], opts[i, 3])


@njit(search.DETERMINIZE_SIG, cache=True)
def determinize(s, cfg, viewer, rs):
    """What viewer has not seen dealt anew (`shuffle_hidden`: others' hands, the pile, the discards when the rules
    hide them, the bag's order), from the unseen cards in card order and the bag sorted: the result never depends
    on where the hidden cards were."""
    for i in range(1, s[BN]):  # the bag's tiles sorted (insertion sort: ten at most)
        x = s[BAG + i]
        k = i - 1
        while k >= 0 and s[BAG + k] > x:
            s[BAG + k + 1] = s[BAG + k]
            k -= 1
        s[BAG + k + 1] = x
    shuffle_hidden(s, viewer, rs, cfg[C_DISCPUB] == 0, np.empty(NCARD, dtype=np.int64))


@njit("int64[::1](int64[::1], int64[::1])", cache=True)
def final_scores(s, cfg):
    """Every seat's VP now (`score_parts` summed)."""
    bd = cfg[CSIZE:]
    scores = np.empty(cfg[C_P], dtype=np.int64)
    part = np.empty(4, dtype=np.int64)
    for p in range(cfg[C_P]):
        score_parts(s, bd, p, part)
        scores[p] = part[0] + part[1] + part[2] + part[3]
    return scores


@njit(search.SCORE_SIG, cache=True)
def reward(s, cfg, seat):
    """The seat's share of the win: most VP, a tie shares it (`credit`)."""
    return search.win_share(final_scores(s, cfg), seat)


@njit(search.SCORE_SIG, cache=True)
def margin(s, cfg, seat):
    return search.lead(final_scores(s, cfg), seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin)
PLAY = search.whole_game(MODEL)


@njit(types.void(types.int64[::1], types.boolean, types.int64, types.int64, types.int64[::1], types.int64,
                 types.int64[::1], types.int64[:, ::1], types.float64[:, ::1], types.uint64[:, ::1],
                 types.int64[:, ::1], types.int64[:, ::1], types.int64[:, ::1], types.int64[:, ::1],
                 types.int64[:, ::1], types.int64[::1], types.int64[::1], *search.MODEL), cache=True)
def run_batch(s0, from_setup, me, hidden, forced, turns, cfg, pols, pars, seeds, scores, stats, goals, hit, trace,
              s, buf, advance, legal, apply, policy, determinize, reward, margin):
    """Games j = 0..n-1, from the set-up (from_setup) or from s0 (hidden >= 0: the cards `me` has not seen dealt
    anew, hidden == 1 with the discards), forced[0] >= 0 the first move, played by the seat policies pols[j]
    (codes, search codes too) / pars[j] (plan weights) to the end, or for `turns` turns (turns >= 0; then s0 is
    left at the game's state and seeds[j] at its streams' state, so that stepping continues the same game).
    cfg: the settings and the board vector, one after the other.  Fills scores (n, P), stats (n, STSIZE), hit
    (n, G) (`goals_hit`; -1 never) and, where trace has rows, one per turn.  Each turn is one call of core's loop
    (`search.whole_game`, a turn its round); the search players' seed comes from seat 0's choice stream's seed (never
    its draws) and the turn.  s, buf: work space.  The forward model comes in as arguments (function pointers),
    so that this kernel caches."""
    n = seeds.shape[0]
    P = cfg[C_P]
    bd = cfg[CSIZE:]
    codes = np.empty(P, dtype=np.int64)
    part = np.empty(4, dtype=np.int64)
    for j in range(n):
        rs = seeds[j]  # the game's streams advance in place (the caller's seeds are a copy)
        st = stats[j]
        if from_setup:
            setup(s, bd, cfg, rs)
        else:
            copy(s, s0)
            if hidden >= 0:
                shuffle_hidden(s, me, rs, hidden == 1, buf)
        w = weights(s)
        for p in range(P):
            codes[p] = pols[j, p]
            w[p] = pars[j, p]
        fill(s, CNT_RESHUF, SSIZE, 0)
        start = s[TURN]
        s[TSTART] = start
        seed = search.mix(rs[3] ^ np.uint64(0x5A3A2CA4D))
        force = encode(forced[0], forced[1], forced[2], forced[3]) if forced[0] >= 0 else -1
        goals_hit(s, bd, goals, hit, j, 0)
        while s[ENDED] == 0 and (turns < 0 or s[TURN] - start < turns):
            t = s[TURN] - start
            PLAY(s, cfg, rs, trace, codes, 1, force, search.mix(seed + np.uint64(t)), advance, legal, apply,
                 policy, determinize, reward, margin)
            force = -1
            goals_hit(s, bd, goals, hit, j, t + 1)
        st[ST_TURNS] += s[TURN] - start
        st[ST_END] = s[ENDED]
        st[ST_RESHUF] += s[CNT_RESHUF]
        for i in range(MAXP * NKINDS):
            st[ST_ACT + i] += s[CNT_ACT + i]
        for p in range(P):
            score_parts(s, bd, p, part)
            for k in range(4):
                st[ST_VP + 4 * p + k] = part[k]
            scores[j, p] = part[0] + part[1] + part[2] + part[3]
        if turns >= 0:
            copy(s0, s)


# ------------------------------------------------------------------------------------------------
# Python side: the board and the settings as vectors, whole games

def board_vector(board: r.Board | None = None) -> np.ndarray:
    """The engine's board vector of a `rules.Board` (None: the illustrative default), cached per board: the
    kernels only read it."""
    return _board_vector(r.DEFAULT_BOARD if board is None else board)


@lru_cache(maxsize=16)
def _board_vector(board: r.Board) -> np.ndarray:
    nc = board.cells
    if nc > MAXC:
        raise ValueError(f"the engine takes at most {MAXC} spaces")
    bd = np.zeros(BSIZE, dtype=np.int64)
    bd[B_NC] = nc
    bd[B_START:B_START + MAXC] = -1
    bd[B_ADJ:B_ADJ + MAXC * MAXDEG] = -1
    for f, c in enumerate(board.start_cell):
        bd[B_START + c] = f
        bd[B_SCELL + f] = c
    for c in range(nc):
        bd[B_WATER + c] = int(board.is_water[c])
        bd[B_GOODS + c] = board.goods_at[c]
        if board.goods_at[c]:
            bd[B_GCELL + board.goods_at[c]] = c
        nb = board.neighbours[c]
        if len(nb) > MAXDEG:
            raise ValueError(f"the engine takes at most {MAXDEG} neighbours a space")
        bd[B_DEG + c] = len(nb)
        bd[B_ADJ + c * MAXDEG:B_ADJ + c * MAXDEG + len(nb)] = nb
    bd[B_DOWRY:B_DOWRY + NF] = board.dowry
    dist = np.full((MAXC, MAXC), 10**6, dtype=np.int64)  # unreachable (and the padding): far
    steps = np.array(board.distance, dtype=np.int64)
    dist[:nc, :nc] = np.where(steps <= nc, steps, 10**6)
    bd[B_DIST:B_DIST + MAXC * MAXC] = dist.ravel()
    bd[B_NCARD] = board.cards
    return bd


def settings_vector(settings: r.Settings | None, players: int, max_turns: int | None = None) -> np.ndarray:
    """The §10 readings (`rules.Settings`; None: the defaults) as the engine's vector."""
    settings = r.DEFAULT_SETTINGS if settings is None else settings
    c = np.zeros(CSIZE, dtype=np.int64)
    c[C_P] = players
    c[C_LIMIT] = settings.limit(players)
    c[C_SECOND] = SECOND.index(settings.second_camel)
    c[C_BONUS] = BONUS.index(settings.bonus_scope)
    c[C_DISCPUB] = int(settings.discard_pile == "public")
    c[C_BAG] = int(settings.two_player_bag)
    c[C_BAGTILE] = BAG_TILE.index(settings.bag_tile)
    c[C_MAXTURNS] = settings.turn_cap if max_turns is None else max_turns
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)
    core_settings.check_start(r.START_MONEY, handicap, "Dirham")
    c[C_HCAP:C_HCAP + players] = handicap
    return c


def credit(scores: np.ndarray) -> np.ndarray:
    """(n, P) win credit: most VP; a tie shares the win."""
    top = scores == scores.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def policy_code(policy) -> int:
    """The engine's code of a policy (a policies.Policy, a SearchPolicy, or a name)."""
    from analyzer.games.samarkand_queen.policies import parse_policy

    return engine_code(policy, parse_policy, POLICY_CODES, MODEL)


def policy_arrays(policies, n: int, seat_policy: np.ndarray | None = None):
    """(n, P) codes and (n, P) plan weights (a search seat: its base's) for game rows; seat_policy[j, s]: index
    into policies."""
    P = len(policies)
    codes = np.array([policy_code(p) for p in policies], dtype=np.int64)
    params = np.array([getattr(getattr(p, "base", p), "plan_weight", 0.0) for p in policies], dtype=np.float64)
    if seat_policy is None:
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    return np.ascontiguousarray(codes[seat_policy]), np.ascontiguousarray(params[seat_policy])


def batch(s0, from_setup, me, hidden, forced, turns, bd, cfg, pols, pars, seeds, scores, stats, goals, hit, trace):
    """`run_batch` with the settings and the board as one vector and fresh work space; seeds are copied (the kernel
    advances its rows in place) unless the game goes on (turns >= 0)."""
    run_batch(s0, bool(from_setup), me, hidden, np.ascontiguousarray(forced, dtype=np.int64), turns,
              np.concatenate((cfg, bd)), pols, pars, seeds.copy() if turns < 0 else seeds, scores, stats, goals, hit,
              trace, np.zeros(SSIZE, dtype=np.int64), np.zeros(NCARD, dtype=np.int64), *MODEL.functions())


NO_GOALS = np.zeros((0, 3), dtype=np.int64)
NO_TRACE = np.zeros((0, TRSIZE), dtype=np.int64)


def new_game(players: int, seed: int, board=None, settings=None):
    """Game `seed` set up (greedy in every seat) as the forward model sees it: (state, cfg = the settings and the
    board as one vector, its chance streams)."""
    bd, cfg = board_vector(board), settings_vector(settings, players)
    seeds = Chance(1, np.random.default_rng(seed)).seeds
    s = np.zeros(SSIZE, dtype=np.int64)
    batch(s, True, -1, -1, np.full(4, -1, dtype=np.int64), 0, bd, cfg,
          np.full((1, players), POLICY_CODES["greedy"], dtype=np.int64), np.zeros((1, players)), seeds,
          np.zeros((1, players), dtype=np.int64), np.zeros((1, STSIZE), dtype=np.int64), NO_GOALS,
          np.zeros((1, 0), dtype=np.int64), NO_TRACE)
    return s, np.concatenate((cfg, bd)), seeds[0].copy()


def play_games(board, settings, players: int, policies, n: int, rng, seat_policy=None,
               max_turns: int | None = None, bd=None) -> dict:
    """n whole games from the set-up: scores (n, P), stats (n, STSIZE), credit (n, P)."""
    chance = Chance(n, rng)
    bd = board_vector(board) if bd is None else bd
    cfg = settings_vector(settings, players, max_turns)
    pols, pars = policy_arrays(policies, n, seat_policy)
    scores = np.zeros((n, players), dtype=np.int64)
    stats = np.zeros((n, STSIZE), dtype=np.int64)
    hit = np.zeros((n, 0), dtype=np.int64)
    batch(np.zeros(SSIZE, dtype=np.int64), True, -1, -1, np.full(4, -1, dtype=np.int64), -1, bd, cfg, pols,
              pars, chance.seeds, scores, stats, NO_GOALS, hit, NO_TRACE)
    return {"scores": scores, "stats": stats, "credit": credit(scores)}
