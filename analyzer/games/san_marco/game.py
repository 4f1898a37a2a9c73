"""The fast San Marco engine: whole games in numba, one game per loop iteration.

A game's state is one flat int64 vector (offsets below); the board and the §10 settings are two
more small vectors (`board_vector`, `settings_vector`).  Every kernel is `@njit(cache=True)`: the
first call in a clean checkout compiles (see `bench.py` for the time), later ones load the cache.

Chance.  Each game has five random streams (splitmix64), seeded from `Chance`: 0 the set-up
rolls, 1 the deck shuffles, 2 the role lots, 3 the banishment dice, 4 the players' own choices.
`Chance(n, rng)` draws every game's five seeds up front, so that two rule sets (or two policies)
playing game j meet the same set-up, the same deck orders, the same lots and the same i-th die,
as far as the games run alike.

Readings (spec §10; `rules.Settings` picks among them) and the engine's choices where the spec
is silent are listed in `ENGINE_READINGS`; `reference.py` is the readable definition the engine
is held equal to (`engine_agrees`).

Policies (codes in `POLICY_CODES`) are played inside the kernel: `random` (uniform legal
split, pick, order and option), `greedy` (spec §9: value = prestige + static value S, piles
valued by a cheap play order: bridges, districts, transfers, banishments, Doges; a card's option
the best immediate change, a banishment by its 6-face expectation; a pile's cost lambda per limit
point plus `elim_penalty` when it takes the player to 10 outside the extra round; a divider
predicts a greedy chooser on the state he sees), `fair_split` (a greedy chooser and player; as
divider he maximises the worse of his outcomes), `softmax` (a greedy divider and player; as
chooser P(pile) ~ exp(beta x value)).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from analyzer.core import settings as core_settings
from analyzer.core.kernels import randint, splitmix
from analyzer.core.streams import StreamSeeds
from analyzer.games.san_marco import rules as r

# ------------------------------------------------------------------------------------------------
# layout of a game's state vector
AR = 0  # aristocrats [district * 4 + seat]
SUP = 24  # supply [seat]
SC = 28  # prestige [seat]
LIM = 32  # limit total this passage [seat]
BR = 36  # bridges [pair * 4 + owner], 15 pairs at most
POOL = 96
DOGE = 97  # -1 off the board
NPL = 98  # players
PASS = 99  # passage 0..2
RND = 100  # round within the passage, 0-based
RSTART = 101  # this round's start player
PSTART = 102  # this passage's start player
FINAL = 103  # this round is the extra round
AN = 104  # undrawn action cards; the deck is ADECK[0:AN], top at AN - 1
LN = 105
ADECK = 106  # 62
ADISC = 168  # 10 counts per card index
LDECK = 178  # 28 values
LFACE = 206  # limit cards face up this passage, counts per value 1..3 (index 0..2)
HOPS = 209  # bridge crossings by district cards this round [seat]
OUTB = 213  # out (>= 10) at the start of this round [seat]
SSIZE = 220

# board vector
B_HIGH, B_LOW, B_NP, B_PA, B_PID, B_FACE = 0, 6, 12, 13, 43, 79  # pairs (a, b) at B_PA + 2i; pair id [a*6+b]
BSIZE = 85
MAXPAIRS = 15

# settings vector
(C_DOGE_START, C_QUAD, C_BR3, C_BR4, C_ROLES, C_SEES, C_TIMING, C_NEXT3, C_PICKTHEN, C_SKIP, C_HOPS, C_EMPTY,
 C_MOVED, C_CANAL, C_CANALCOST, C_FLOOR, C_SECOND, C_CATCHUP, C_PBANISH, C_PSTART, C_EARLY, C_RESHUF, C_P,
 C_MAXROUNDS) = range(24)
C_HCAP = 24  # 4 start prestige by seat (the seat handicap)
CSIZE = C_HCAP + 4
MAX_ROUNDS = 40  # per passage; a passage cannot last longer (see `turn_cap_argument`)

# option rows: (type, a, b, c, src)
T_SKIP, T_DISTRICT, T_BRIDGE, T_TAKE, T_MOVE, T_TRANSFER, T_DOGE, T_BANISH = range(8)
MAXOPT = 8192

# stats vector (per game)
ST_ROUNDS, ST_P1, ST_EXTRA, ST_DOGES, ST_RESHUF, ST_ROLEP, ST_ROLEL, ST_ROLEN, ST_ACT, ST_CAP = 0, 1, 4, 5, 6, 7, 11, 15, 19, 51
ST_FIRSTEND, ST_BONUSSET, ST_BONUS = 52, 53, 56  # rollouts: the passage ended after the current round; its bonus
KINDS = ("district", "bridge", "transfer", "doge", "banish", "skipped", "passage banish", "piles taken")
NKINDS = 8
STSIZE = 64

POLICY_CODES = {"random": 0, "greedy": 1, "fair_split": 2, "softmax": 3}
ORDER_KEY = np.array([1, 1, 1, 1, 1, 1, 0, 2, 4, 3], dtype=np.int64)  # cheap play order by card index

ENGINE_READINGS = [
    "set-up: seats in order each roll 4 dice, 2 aristocrats per face; then seat 0, 1, ... each place all their "
    "set-up bridges, each marked with an aristocrat from the supply",
    "a district card places 1 aristocrat (from the supply; with an empty supply one of his own from another "
    "district) and may walk it over one of his own bridges",
    "Doge walks: cheapest route, own bridges free, an opponent bridge 1 prestige to its owner (the lowest seat "
    "among the pair's opponent owners), a canal crossing `canal_cost` to the bank on a pair without bridges",
    "banishment: the banisher removes opponents' pieces first, the removal that leaves him the most points in "
    "the district, then the fewest to the prestige leader among his opponents, then from the lowest seat first",
]


# ------------------------------------------------------------------------------------------------
# Python-side vectors


def board_vector(board: r.Board) -> np.ndarray:
    b = np.zeros(BSIZE, dtype=np.int64)
    b[B_HIGH:B_HIGH + 6] = board.high
    b[B_LOW:B_LOW + 6] = board.low
    b[B_NP] = len(board.pairs)
    b[B_PID:B_PID + 36] = -1
    for i, (x, y) in enumerate(board.pairs):
        b[B_PA + 2 * i], b[B_PA + 2 * i + 1] = x, y
        b[B_PID + x * 6 + y] = b[B_PID + y * 6 + x] = i
    for d, face in enumerate(board.die):
        b[B_FACE + face - 1] = d
    return b


def settings_vector(settings: r.Settings, players: int, max_rounds: int = MAX_ROUNDS) -> np.ndarray:
    s = settings
    c = np.zeros(CSIZE, dtype=np.int64)
    c[C_DOGE_START] = -1 if s.doge_start == "off_board" else r.DISTRICTS.index(s.doge_start)
    c[C_QUAD] = s.setup_quad_reroll == "always"
    c[C_BR3], c[C_BR4] = s.bridges_at_setup(3), s.bridges_at_setup(4)
    c[C_ROLES] = s.roles == "chosen"
    c[C_SEES] = bool(s.receiver_sees_piles)
    c[C_TIMING] = s.split_timing_4p == "sequential"
    c[C_NEXT3] = s.next_distributor_3p == "clockwise"
    c[C_PICKTHEN] = bool(s.pick_then_play_3p)
    c[C_SKIP] = bool(s.may_skip_action)
    c[C_HOPS] = s.district_card_hops == "per_round"
    c[C_EMPTY] = s.empty_supply_move == "district_only"
    c[C_MOVED] = s.moved_bridge_owner == "mover"
    c[C_CANAL] = ("isolated_only", "always", "never").index(s.canal_crossing)
    c[C_CANALCOST] = s.canal_cost
    c[C_FLOOR] = s.score_floor == 0
    c[C_SECOND] = s.second_place_tie == "all_low"
    c[C_CATCHUP] = s.catchup_eligibility == "not_eliminated"
    c[C_PBANISH] = s.passage_banish == "mandatory"
    c[C_PSTART] = ("left_of_previous", "left_of_game_start", "continue_rotation").index(s.passage_start)
    c[C_EARLY] = s.early_end == "round_end"
    c[C_RESHUF] = s.passage_reshuffle == "discards_only"
    c[C_P] = players
    c[C_MAXROUNDS] = max_rounds
    handicap = core_settings.handicap_by_rank(s.seat_handicap, players)
    core_settings.check_start(0, handicap, "prestige")
    c[C_HCAP:C_HCAP + players] = handicap
    return c


class Chance(StreamSeeds):
    """Every game's five stream seeds (set-up, decks, lots, dice, choices), drawn up front: (n, 5) uint64.

    Read by index, never redrawn: game j of any rule set or policy table uses row j."""

    STREAMS = ("setup", "decks", "lots", "dice", "choices")


# ------------------------------------------------------------------------------------------------
# random streams (splitmix64)


@njit("float64(uint64[:], int64)", cache=True)
def rand01(rs, k):
    return np.float64(splitmix(rs, k) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit("void(int64[:], int64, uint64[:], int64)", cache=True)
def _shuffle(a, n, rs, k):
    for i in range(n - 1, 0, -1):
        j = randint(rs, k, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


# ------------------------------------------------------------------------------------------------
# scoring


@njit("int64(int64[:], int64[:], int64[:], int64, int64)", cache=True)
def points_of(s, bd, cfg, d, seat):
    """What `seat` gets if district d is scored now (§7): the most aristocrats the high value, a tie for the most
    the low value each, a lone leader's next count (alone, or every one of them under all_low) the low value."""
    mine = s[AR + d * 4 + seat]
    if mine == 0:
        return 0
    P = s[NPL]
    m = 0
    k = 0
    for p in range(P):
        c = s[AR + d * 4 + p]
        if c > m:
            m = c
            k = 1
        elif c == m:
            k += 1
    if mine == m:
        return bd[B_LOW + d] if k >= 2 else bd[B_HIGH + d]
    if k >= 2:
        return 0
    # a single leader above me: am I (alone, or all_low) the next count?
    m2 = 0
    k2 = 0
    for p in range(P):
        c = s[AR + d * 4 + p]
        if c < m:
            if c > m2:
                m2 = c
                k2 = 1
            elif c == m2:
                k2 += 1
    if mine == m2 and (k2 == 1 or cfg[C_SECOND] == 1):
        return bd[B_LOW + d]
    return 0


@njit(cache=True)
def district_points(s, bd, cfg, d, out):
    """out[p] = what seat p gets if district d is scored now (§7)."""
    for p in range(s[NPL]):
        out[p] = points_of(s, bd, cfg, d, p)


@njit(cache=True)
def static_value(s, bd, cfg, seat):
    """S_p: what seat would get if every district were scored now (weights 1)."""
    total = 0
    for d in range(6):
        total += points_of(s, bd, cfg, d, seat)
    return total


@njit(cache=True)
def score_district(s, bd, cfg, d):
    buf = np.zeros(4, dtype=np.int64)
    district_points(s, bd, cfg, d, buf)
    for p in range(s[NPL]):
        s[SC + p] += buf[p]


# ------------------------------------------------------------------------------------------------
# bridges and the Doge


@njit(cache=True)
def pair_total(s, i):
    return s[BR + i * 4] + s[BR + i * 4 + 1] + s[BR + i * 4 + 2] + s[BR + i * 4 + 3]


@njit(cache=True)
def has_bridge(s, bd, d):
    for i in range(bd[B_NP]):
        if (bd[B_PA + 2 * i] == d or bd[B_PA + 2 * i + 1] == d) and pair_total(s, i) > 0:
            return True
    return False


@njit(cache=True)
def crossing(s, bd, cfg, seat, u, v):
    """(cost, payee) of the Doge crossing from u to v: payee -1 free (own bridge), -2 the bank (a canal),
    else the seat paid; cost -1 where he may not cross."""
    i = bd[B_PID + u * 6 + v]
    if i < 0:
        return -1, -1
    if s[BR + i * 4 + seat] > 0:
        return 0, -1
    for o in range(s[NPL]):
        if s[BR + i * 4 + o] > 0:
            return 1, o
    mode = cfg[C_CANAL]
    if mode == 1 or (mode == 0 and not has_bridge(s, bd, u)):
        return cfg[C_CANALCOST], -2
    return -1, -1


@njit(cache=True)
def doge_walks(s, bd, cfg, seat, bcost, blen, bpath):
    """For every district, the cheapest walk of the Doge from where he stands (fewest prestige, then fewest
    crossings, then the smallest sequence of districts entered): bcost[d] (-1: unreachable), blen[d] and
    bpath[d, :blen[d]] the districts entered.  Every simple walk is tried (6 districts)."""
    start = s[DOGE]
    for d in range(6):
        bcost[d] = -1
        blen[d] = 0
    bcost[start] = 0
    path = np.zeros(7, dtype=np.int64)
    costs = np.zeros(7, dtype=np.int64)
    nxt = np.zeros(7, dtype=np.int64)
    visited = np.zeros(6, dtype=np.int64)
    path[0] = start
    visited[start] = 1
    depth = 0
    while depth >= 0:
        u = path[depth]
        if nxt[depth] >= 6:
            if depth > 0:
                visited[u] = 0
            depth -= 1
            continue
        v = nxt[depth]
        nxt[depth] += 1
        if visited[v]:
            continue
        w, pay = crossing(s, bd, cfg, seat, u, v)
        if w < 0:
            continue
        c = costs[depth] + w
        depth += 1
        path[depth] = v
        costs[depth] = c
        visited[v] = 1
        nxt[depth] = 0
        better = False
        if bcost[v] < 0 or c < bcost[v]:
            better = True
        elif c == bcost[v]:
            if depth < blen[v]:
                better = True
            elif depth == blen[v]:
                for k in range(depth):
                    if path[k + 1] != bpath[v, k]:
                        better = path[k + 1] < bpath[v, k]
                        break
        if better:
            bcost[v] = c
            blen[v] = depth
            for k in range(depth):
                bpath[v, k] = path[k + 1]


@njit(cache=True)
def doge_walk(s, bd, cfg, seat, dest):
    """Move the Doge to dest by his cheapest walk, paying the tolls; then score dest."""
    if s[DOGE] >= 0 and dest != s[DOGE]:
        bcost = np.zeros(6, dtype=np.int64)
        blen = np.zeros(6, dtype=np.int64)
        bpath = np.zeros((6, 6), dtype=np.int64)
        doge_walks(s, bd, cfg, seat, bcost, blen, bpath)
        u = s[DOGE]
        pays = np.zeros(6, dtype=np.int64)
        payees = np.zeros(6, dtype=np.int64)
        for k in range(blen[dest]):  # tolls depend on the bridges only, so read them all first
            v = bpath[dest, k]
            pays[k], payees[k] = crossing(s, bd, cfg, seat, u, v)
            u = v
        for k in range(blen[dest]):
            s[SC + seat] -= pays[k]
            if payees[k] >= 0:
                s[SC + payees[k]] += pays[k]
    s[DOGE] = dest
    score_district(s, bd, cfg, dest)


# ------------------------------------------------------------------------------------------------
# banishment


@njit("void(int64[:], int64[:], int64[:], int64, int64, int64)", cache=True)
def banish(s, bd, cfg, seat, d, die):
    """Remove `die` aristocrats from d, opponents' first (the banisher's choice), then his own."""
    P = s[NPL]
    opp_total = 0
    for o in range(P):
        if o != seat:
            opp_total += s[AR + d * 4 + o]
    k = min(die, opp_total)
    if k > 0:
        # the prestige leader among the opponents
        leader = -1
        for o in range(P):
            if o != seat and (leader < 0 or s[SC + o] > s[SC + leader]):
                leader = o
        best = np.zeros(4, dtype=np.int64)
        cur = np.zeros(4, dtype=np.int64)
        cnt = np.zeros(4, dtype=np.int64)
        for o in range(P):
            cnt[o] = s[AR + d * 4 + o] if o != seat else 0
        bmine = -1
        blead = 0
        buf = np.zeros(4, dtype=np.int64)
        # enumerate r0 (lowest seat) from high to low, then r1, r2, r3
        m0 = min(cnt[0], k)
        for r0 in range(m0, -1, -1):
            m1 = min(cnt[1], k - r0)
            for r1 in range(m1, -1, -1):
                m2 = min(cnt[2], k - r0 - r1)
                for r2 in range(m2, -1, -1):
                    r3 = k - r0 - r1 - r2
                    if r3 > cnt[3]:
                        continue
                    cur[0], cur[1], cur[2], cur[3] = r0, r1, r2, r3
                    for o in range(4):
                        s[AR + d * 4 + o] -= cur[o] if o < P else 0
                    district_points(s, bd, cfg, d, buf)
                    mine = buf[seat]
                    lead = buf[leader]
                    for o in range(4):
                        s[AR + d * 4 + o] += cur[o] if o < P else 0
                    if mine > bmine or (mine == bmine and lead < blead):
                        bmine = mine
                        blead = lead
                        for o in range(4):
                            best[o] = cur[o]
        for o in range(P):
            s[AR + d * 4 + o] -= best[o]
            s[SUP + o] += best[o]
    rest = die - k
    if rest > 0:
        own = min(rest, s[AR + d * 4 + seat])
        s[AR + d * 4 + seat] -= own
        s[SUP + seat] += own


# ------------------------------------------------------------------------------------------------
# the options of an action card


@njit("int64(int64[:, :], int64, int64, int64, int64, int64, int64)", cache=True)
def _put(opts, n, t, a, b, c, src):
    if n < MAXOPT:
        opts[n, 0] = t
        opts[n, 1] = a
        opts[n, 2] = b
        opts[n, 3] = c
        opts[n, 4] = src
    return n + 1


@njit("int64(int64[:], int64, int64, boolean, int64[:])", cache=True)
def _sources(s, seat, d, placing_ok, srcs):
    """Where the aristocrat comes from: the supply (-1), else with an empty supply (where allowed) one
    of his own from another district.  Returns how many sources."""
    if s[SUP + seat] > 0:
        srcs[0] = -1
        return 1
    if not placing_ok:
        return 0
    k = 0
    for x in range(6):
        if x != d and s[AR + x * 4 + seat] > 0:
            srcs[k] = x
            k += 1
    return k


@njit(cache=True)
def options(s, bd, cfg, seat, card, opts):
    """The legal options of playing `card` now (skip first where allowed); returns their number."""
    n = 0
    P = s[NPL]
    if cfg[C_SKIP] == 1:
        n = _put(opts, n, T_SKIP, -1, -1, -1, -1)
    srcs = np.zeros(8, dtype=np.int64)
    placing = cfg[C_EMPTY] == 0
    if card < 6:
        d = card
        ns = _sources(s, seat, d, True, srcs)
        hop_ok = cfg[C_HOPS] == 0 or s[HOPS + seat] == 0
        for j in range(ns):
            n = _put(opts, n, T_DISTRICT, d, -1, -1, srcs[j])
            if hop_ok:
                for i in range(bd[B_NP]):
                    a = bd[B_PA + 2 * i]
                    b = bd[B_PA + 2 * i + 1]
                    if (a == d or b == d) and s[BR + i * 4 + seat] > 0:
                        e = b if a == d else a
                        if e != srcs[j]:
                            n = _put(opts, n, T_DISTRICT, d, e, -1, srcs[j])
    elif card == 6:
        if s[POOL] > 0:
            ns = _sources(s, seat, -1, placing, srcs)
            for i in range(bd[B_NP]):
                if pair_total(s, i) < 3:
                    for j in range(ns):
                        n = _put(opts, n, T_BRIDGE, i, -1, -1, srcs[j])
        else:
            ns = _sources(s, seat, -1, placing, srcs)
            for i in range(bd[B_NP]):
                for o in range(P):
                    if s[BR + i * 4 + o] == 0:
                        continue
                    if o != seat:
                        for j in range(ns):
                            n = _put(opts, n, T_TAKE, i, o, -1, srcs[j])
                    for t in range(bd[B_NP]):
                        if t != i and pair_total(s, t) < 3:
                            if cfg[C_MOVED] == 1 and o != seat:
                                for j in range(ns):
                                    n = _put(opts, n, T_MOVE, i, o, t, srcs[j])
                            else:
                                n = _put(opts, n, T_MOVE, i, o, t, -1)
    elif card == 7:
        for d in range(6):
            ns = _sources(s, seat, d, placing, srcs)
            for v in range(P):
                if v != seat and s[AR + d * 4 + v] > 0:
                    for j in range(ns):
                        n = _put(opts, n, T_TRANSFER, d, v, -1, srcs[j])
    elif card == 8:
        if s[DOGE] < 0:
            for d in range(6):
                n = _put(opts, n, T_DOGE, d, 0, -1, -1)
        else:
            cost = np.zeros(6, dtype=np.int64)
            blen = np.zeros(6, dtype=np.int64)
            bpath = np.zeros((6, 6), dtype=np.int64)
            doge_walks(s, bd, cfg, seat, cost, blen, bpath)
            for d in range(6):
                if cost[d] >= 0 and (cfg[C_FLOOR] == 0 or cost[d] <= s[SC + seat]):
                    n = _put(opts, n, T_DOGE, d, cost[d], -1, -1)
    else:
        for d in range(6):
            n = _put(opts, n, T_BANISH, d, -1, -1, -1)
    return min(n, MAXOPT)


@njit(cache=True)
def _take_piece(s, seat, src):
    if src < 0:
        s[SUP + seat] -= 1
    else:
        s[AR + src * 4 + seat] -= 1


@njit(cache=True)
def apply_option(s, bd, cfg, seat, opt, die):
    """Apply one option row; `die` is the banishment's roll."""
    t = opt[0]
    a = opt[1]
    b = opt[2]
    c = opt[3]
    src = opt[4]
    if t == T_DISTRICT:
        _take_piece(s, seat, src)
        if b >= 0:
            s[AR + b * 4 + seat] += 1
            s[HOPS + seat] += 1
        else:
            s[AR + a * 4 + seat] += 1
    elif t == T_BRIDGE:
        _take_piece(s, seat, src)
        s[BR + a * 4 + seat] += 1
        s[POOL] -= 1
    elif t == T_TAKE:
        _take_piece(s, seat, src)
        s[BR + a * 4 + b] -= 1
        s[SUP + b] += 1
        s[BR + a * 4 + seat] += 1
    elif t == T_MOVE:
        s[BR + a * 4 + b] -= 1
        if cfg[C_MOVED] == 1 and b != seat:
            s[SUP + b] += 1
            _take_piece(s, seat, src)
            s[BR + c * 4 + seat] += 1
        else:
            s[BR + c * 4 + b] += 1
    elif t == T_TRANSFER:
        s[AR + a * 4 + b] -= 1
        s[SUP + b] += 1
        _take_piece(s, seat, src)
        s[AR + a * 4 + seat] += 1
    elif t == T_DOGE:
        doge_walk(s, bd, cfg, seat, a)
    elif t == T_BANISH:
        banish(s, bd, cfg, seat, a, die)


@njit(cache=True)
def kind_of(t):
    """Action-count kind of an option type (KINDS)."""
    if t == T_DISTRICT:
        return 0
    if t == T_BRIDGE or t == T_TAKE or t == T_MOVE:
        return 1
    if t == T_TRANSFER:
        return 2
    if t == T_DOGE:
        return 3
    if t == T_BANISH:
        return 4
    return 5


# ------------------------------------------------------------------------------------------------
# greedy values


@njit(cache=True)
def value(s, bd, cfg, seat):
    """Prestige plus the static value S_p."""
    return s[SC + seat] + static_value(s, bd, cfg, seat)


@njit(cache=True)
def option_value(s, bd, cfg, seat, opt, scratch):
    """Immediate change of prestige + S for `seat` (a banishment: the mean over the six faces).
    Computed on the districts the option touches, changed in place and restored."""
    t = opt[0]
    a = opt[1]
    b = opt[2]
    src = opt[4]
    if t == T_SKIP:
        return 0.0
    if t == T_DOGE:  # the tolls he pays go to others: only his own points and cost count
        return float(points_of(s, bd, cfg, a, seat) - b)
    if t == T_BRIDGE or t == T_TAKE or t == T_MOVE:
        if src < 0:
            return 0.0
        before = points_of(s, bd, cfg, src, seat)
        s[AR + src * 4 + seat] -= 1
        after = points_of(s, bd, cfg, src, seat)
        s[AR + src * 4 + seat] += 1
        return float(after - before)
    if t == T_DISTRICT or t == T_TRANSFER:
        dest = b if (t == T_DISTRICT and b >= 0) else a
        before = points_of(s, bd, cfg, dest, seat)
        if src >= 0:
            before += points_of(s, bd, cfg, src, seat)
            s[AR + src * 4 + seat] -= 1
        s[AR + dest * 4 + seat] += 1
        if t == T_TRANSFER:
            s[AR + a * 4 + b] -= 1
        after = points_of(s, bd, cfg, dest, seat)
        if src >= 0:
            after += points_of(s, bd, cfg, src, seat)
            s[AR + src * 4 + seat] += 1
        s[AR + dest * 4 + seat] -= 1
        if t == T_TRANSFER:
            s[AR + a * 4 + b] += 1
        return float(after - before)
    # banishment: only district a's row and the supplies change
    for i in range(4):
        scratch[i] = s[AR + a * 4 + i]
        scratch[4 + i] = s[SUP + i]
    before = points_of(s, bd, cfg, a, seat)
    tot = 0.0
    for f in range(1, 7):
        banish(s, bd, cfg, seat, a, f)
        tot += points_of(s, bd, cfg, a, seat) - before
        for i in range(4):
            s[AR + a * 4 + i] = scratch[i]
            s[SUP + i] = scratch[4 + i]
    return tot / 6.0


@njit(cache=True)
def best_option(s, bd, cfg, seat, card, opts, scratch, rs, randomize):
    """(row index, value) of the best option (ties: uniform from stream 4 if randomize, else the first)."""
    n = options(s, bd, cfg, seat, card, opts)
    if n == 0:
        return -1, 0.0
    best = -1
    bv = -1e18
    ties = 0
    for i in range(n):
        v = option_value(s, bd, cfg, seat, opts[i], scratch)
        if v > bv + 1e-9:
            bv = v
            best = i
            ties = 1
        elif v > bv - 1e-9:
            ties += 1
            if randomize and randint(rs, 4, ties) == 0:
                best = i
    return best, bv


@njit("int64(int64[:], int64, int64[:])", cache=True)
def _sorted_cards(cards, k, out):
    """Cards in the cheap play order (bridges, districts, transfers, banishments, Doges)."""
    m = 0
    for key in range(5):
        for i in range(k):
            if ORDER_KEY[cards[i]] == key:
                out[m] = cards[i]
                m += 1
    return m


@njit(cache=True)
def pile_action_value(s, bd, cfg, seat, cards, k, opts, work, scratch):
    """Greedy value of playing these action cards in the cheap order, each its best option (a
    banishment counted at its expectation and left unplayed in the state)."""
    work[:] = s
    order = np.zeros(6, dtype=np.int64)
    m = _sorted_cards(cards, k, order)
    total = 0.0
    dummy = np.zeros(5, dtype=np.uint64)
    for i in range(m):
        c = order[i]
        j, v = best_option(work, bd, cfg, seat, c, opts, scratch, dummy, False)
        if j < 0:
            continue
        if cfg[C_SKIP] == 1 and v < 0:
            continue
        total += v
        if opts[j, 0] != T_BANISH:
            apply_option(work, bd, cfg, seat, opts[j], 0)
    return total


@njit(cache=True)
def subset_values(s, bd, cfg, seat, acts, na, opts, work, scratch, out):
    """out[mask] = pile_action_value of the action cards in mask (bit i: acts[i]), every subset at once: a
    depth-first walk over the cards in the cheap play order, each subset one card after its parent subset
    (the same values as pile_action_value, one best_option per subset)."""
    oi = np.zeros(6, dtype=np.int64)  # original index of the i-th card in the cheap order
    m = 0
    for key in range(5):
        for i in range(na):
            if ORDER_KEY[acts[i]] == key:
                oi[m] = i
                m += 1
    states = np.empty((na + 1, SSIZE), dtype=np.int64)
    states[0, :] = s
    nxt = np.zeros(na + 1, dtype=np.int64)
    masks = np.zeros(na + 1, dtype=np.int64)
    vals = np.zeros(na + 1, dtype=np.float64)
    dummy = np.zeros(5, dtype=np.uint64)
    out[0] = 0.0
    level = 0
    while level >= 0:
        i = nxt[level]
        if i >= na:
            level -= 1
            continue
        nxt[level] = i + 1
        st = states[level + 1]
        st[:] = states[level]
        c = acts[oi[i]]
        j, v = best_option(st, bd, cfg, seat, c, opts, scratch, dummy, False)
        nv = vals[level]
        if j >= 0 and not (cfg[C_SKIP] == 1 and v < 0):
            nv += v
            if opts[j, 0] != T_BANISH:
                apply_option(st, bd, cfg, seat, opts[j], 0)
        mk = masks[level] | (1 << oi[i])
        out[mk] = nv
        level += 1
        masks[level] = mk
        vals[level] = nv
        nxt[level] = i + 1


@njit(cache=True)
def limit_cost(s, seat, limsum, lam, elim, final):
    c = lam * limsum
    if not final and s[LIM + seat] < 10 and s[LIM + seat] + limsum >= 10:
        c += elim
    return c


# ------------------------------------------------------------------------------------------------
# decks


@njit(cache=True)
def fresh_decks(s, rs, which):
    """which 1: the action deck, 2: the limit deck, 3: both, rebuilt full and shuffled (stream 1)."""
    if which & 1:
        k = 0
        for c in range(10):
            cnt = 5 if c < 6 else (6 if c == 6 else (12 if c == 7 else (10 if c == 8 else 4)))
            for _ in range(cnt):
                s[ADECK + k] = c
                k += 1
            s[ADISC + c] = 0
        s[AN] = k
        _shuffle(s[ADECK:ADECK + 62], k, rs, 1)
    if which & 2:
        k = 0
        for v in range(3):
            cnt = 8 if v == 0 else 10
            for _ in range(cnt):
                s[LDECK + k] = v + 1
                k += 1
            s[LFACE + v] = 0
        s[LN] = k
        _shuffle(s[LDECK:LDECK + 28], k, rs, 1)


@njit(cache=True)
def discards_under(s, rs):
    """passage_reshuffle discards_only: the discards (action cards played, limit cards face up) are
    shuffled and go under the undrawn rest, which stays on top in its order."""
    n = s[AN]
    k = 0
    for c in range(10):
        k += s[ADISC + c]
    for i in range(n - 1, -1, -1):
        s[ADECK + k + i] = s[ADECK + i]
    j = 0
    for c in range(10):
        for _ in range(s[ADISC + c]):
            s[ADECK + j] = c
            j += 1
        s[ADISC + c] = 0
    _shuffle(s[ADECK:ADECK + 62], k, rs, 1)
    s[AN] = n + k
    n = s[LN]
    k = s[LFACE] + s[LFACE + 1] + s[LFACE + 2]
    for i in range(n - 1, -1, -1):
        s[LDECK + k + i] = s[LDECK + i]
    j = 0
    for v in range(3):
        for _ in range(s[LFACE + v]):
            s[LDECK + j] = v + 1
            j += 1
        s[LFACE + v] = 0
    _shuffle(s[LDECK:LDECK + 28], k, rs, 1)
    s[LN] = n + k


@njit(cache=True)
def draw_action(s, rs, st):
    if s[AN] == 0:
        k = 0
        for c in range(10):
            for _ in range(s[ADISC + c]):
                s[ADECK + k] = c
                k += 1
            s[ADISC + c] = 0
        if k == 0:
            return -1
        s[AN] = k
        _shuffle(s[ADECK:ADECK + 62], k, rs, 1)
        st[ST_RESHUF] += 1
    s[AN] -= 1
    return s[ADECK + s[AN]]


@njit(cache=True)
def draw_limit(s):
    """The top limit card (0 when the deck is empty: limit cards stay face up until the passage ends)."""
    if s[LN] == 0:
        return 0
    s[LN] -= 1
    return s[LDECK + s[LN]]


# ------------------------------------------------------------------------------------------------
# a round: its plan (rd) and its steps

RD_KIND, RD_NG, RD_STEP, RD_NSTEPS, RD_STEPS = 0, 1, 2, 3, 4  # steps: (op, group, slot) x 12
RD_G = 40  # groups at RD_G + GS g
GS = 46
G_DIST, G_NREC, G_REC, G_NA, G_NL, G_ACT, G_LIMC, G_APILE, G_LPILE, G_OWNER, G_NP, G_STATUS, G_PLAYED = (
    0, 1, 2, 4, 5, 6, 12, 16, 22, 26, 29, 30, 33)
G_SPLIT, G_UNDEALT, G_XA = 39, 40, 41  # the split is given; the cards are still to be dealt; extra piles to deal
RD_ROLE = 132  # seat in role slot D1/D, R1/R, D2, R2 (-1: none)
RD_PREV = 136  # the previous 3-player round's D, R1, R2
RD_STOPPED = 139
RDSIZE = 140
OP_SPLIT, OP_PICK, OP_PLAY = 1, 2, 3
SPLITS_MAX = 3 ** 9  # assignment codes of 10 cards into 3 piles (card 0 in pile 0)


@njit("void(int64[:], int64, int64, int64)", cache=True)
def _step(rd, op, g, slot):
    i = RD_STEPS + 3 * rd[RD_NSTEPS]
    rd[i] = op
    rd[i + 1] = g
    rd[i + 2] = slot
    rd[RD_NSTEPS] += 1


@njit(cache=True)
def plan_steps(rd, cfg):
    """The order of splits, picks and plays of a round of this kind."""
    rd[RD_NSTEPS] = 0
    rd[RD_STEP] = 0
    kind = rd[RD_KIND]
    _step(rd, OP_SPLIT, 0, 0)
    if kind == 3:  # one divider, two pickers: both picks first (pick_then_play) or each pick played at once
        both = cfg[C_PICKTHEN] == 1
        for j in range(2):
            _step(rd, OP_PICK, 0, j)
            if not both:
                _step(rd, OP_PLAY, 0, j)
        if both:
            for j in range(2):
                _step(rd, OP_PLAY, 0, j)
        _step(rd, OP_PLAY, 0, 2)
        return
    if kind == 4 and cfg[C_TIMING] == 0:  # the second split at once, or after the first half's plays
        _step(rd, OP_SPLIT, 1, 0)
    for h in range(2 if kind == 4 else 1):
        if h == 1 and cfg[C_TIMING] == 1:
            _step(rd, OP_SPLIT, 1, 0)
        _step(rd, OP_PICK, h, 0)
        _step(rd, OP_PLAY, h, 0)
        _step(rd, OP_PLAY, h, 2)


@njit("void(int64[:], int64, int64, int64, int64, int64, int64)", cache=True)
def set_group(rd, g, dist, r0, r1, na, nl):
    b = RD_G + GS * g
    for i in range(GS):
        rd[b + i] = 0
    rd[b + G_DIST] = dist
    rd[b + G_NREC] = 1 if r1 < 0 else 2
    rd[b + G_REC] = r0
    rd[b + G_REC + 1] = r1
    rd[b + G_NA] = na
    rd[b + G_NL] = nl
    rd[b + G_NP] = rd[b + G_NREC] + 1
    for q in range(3):
        rd[b + G_OWNER + q] = -1


@njit(cache=True)
def deal_group(s, rd, g, rs, st):
    """The distributor draws his action and limit cards (a limit card 0: the limit deck was empty)."""
    b = RD_G + GS * g
    na = rd[b + G_NA]
    k = 0
    for i in range(na):
        c = draw_action(s, rs, st)
        if c >= 0:
            rd[b + G_ACT + k] = c
            k += 1
    rd[b + G_NA] = k
    nl = rd[b + G_NL]
    k = 0
    for i in range(nl):
        v = draw_limit(s)
        if v > 0:
            rd[b + G_LIMC + k] = v
            k += 1
    rd[b + G_NL] = k


@njit(cache=True)
def _in_players(s, cfg, start, out):
    """Seats below 10, clockwise from `start`; returns how many."""
    P = s[NPL]
    k = 0
    for i in range(P):
        p = (start + i) % P
        if s[LIM + p] < 10:
            out[k] = p
            k += 1
    return k


@njit(cache=True)
def new_round(s, bd, cfg, rd, pol, rs, st):
    """Plan the round starting now (roles, draws) into rd.  RSTART and FINAL are set by the caller."""
    P = s[NPL]
    for p in range(P):
        s[OUTB + p] = 1 if s[LIM + p] >= 10 else 0
        s[HOPS + p] = 0
    ins = np.zeros(4, dtype=np.int64)
    nin = _in_players(s, cfg, s[RSTART], ins)
    for q in range(4):
        rd[RD_ROLE + q] = -1
    rd[RD_STOPPED] = 0
    if s[FINAL] == 0 and P == 4:
        rd[RD_KIND] = 4
        rd[RD_NG] = 2
        d1 = s[RSTART]
        o = np.array([(d1 + 1) % 4, (d1 + 2) % 4, (d1 + 3) % 4])
        if cfg[C_ROLES] == 1 and pol[d1] != 0:  # chosen: R1 the lowest prestige, R2 the highest
            for i in range(3):
                for j in range(2 - i):
                    if s[SC + o[j]] > s[SC + o[j + 1]]:
                        t = o[j]
                        o[j] = o[j + 1]
                        o[j + 1] = t
        else:
            _shuffle(o, 3, rs, 2)
        set_group(rd, 0, d1, o[0], -1, 5, 3)
        set_group(rd, 1, o[1], o[2], -1, 5, 3)
        rd[RD_ROLE], rd[RD_ROLE + 1], rd[RD_ROLE + 2], rd[RD_ROLE + 3] = d1, o[0], o[1], o[2]
    elif nin == 3:
        rd[RD_KIND] = 3
        rd[RD_NG] = 1
        d = ins[0]
        if s[FINAL] == 0 and cfg[C_NEXT3] == 0 and s[RND] > 0 and rd[RD_PREV + 2] == d:
            r1 = rd[RD_PREV + 1]
            r2 = rd[RD_PREV]
        else:
            r1 = ins[1]
            r2 = ins[2]
            if randint(rs, 2, 2) == 1:
                r1 = ins[2]
                r2 = ins[1]
        set_group(rd, 0, d, r1, r2, 6, 4)
        rd[RD_ROLE], rd[RD_ROLE + 1], rd[RD_ROLE + 3] = d, r1, r2
        if s[FINAL] == 0:
            rd[RD_PREV], rd[RD_PREV + 1], rd[RD_PREV + 2] = d, r1, r2
    else:
        rd[RD_KIND] = 2
        rd[RD_NG] = 1
        set_group(rd, 0, ins[0], ins[1], -1, 5, 3)
        rd[RD_ROLE], rd[RD_ROLE + 1] = ins[0], ins[1]
    for g in range(rd[RD_NG]):
        deal_group(s, rd, g, rs, st)
    plan_steps(rd, cfg)


@njit(cache=True)
def next_round_start(s, rd):
    """The next round's start player (before skipping players who are out)."""
    P = s[NPL]
    if rd[RD_KIND] == 3 and P == 3:
        return -1  # decided by the 3-player rule (below)
    return (s[RSTART] + 1) % P


# ------------------------------------------------------------------------------------------------
# splits


@njit(cache=True)
def _pile_masks(assign, na, nl, lims, npiles, am, ls):
    for q in range(3):
        am[q] = 0
        ls[q] = 0
    for i in range(na):
        am[assign[i]] |= 1 << i
    for j in range(nl):
        ls[assign[na + j]] += lims[j]


@njit(cache=True)
def split_table(s, bd, cfg, rd, g, dist, code, par, opts, work, scratch, codes, vals):
    """Every split of group g's cards into its piles (canonical: pile labels in order of first use), as
    assignment codes (card i's pile in base-npl digit i - 1; card 0 in pile 0; the limit cards after the action
    cards), each with the divider's value under model `code` (fair_split: his worse pile; else the pile a greedy
    chooser leaves him) into codes[:m], vals[:m], in enumeration order; returns m."""
    b = RD_G + GS * g
    na = rd[b + G_NA]
    nl = rd[b + G_NL]
    nc = na + nl
    npl = rd[b + G_NP]
    acts = rd[b + G_ACT:b + G_ACT + 6].copy()
    lims = rd[b + G_LIMC:b + G_LIMC + 4].copy()
    lam = par[dist, 0]
    elim = par[dist, 1]
    final = s[FINAL] == 1
    vd = np.zeros(64, dtype=np.float64)
    subset_values(s, bd, cfg, dist, acts, na, opts, work, scratch, vd)
    r0 = rd[b + G_REC]
    v0 = np.zeros(64, dtype=np.float64)
    subset_values(s, bd, cfg, r0, acts, na, opts, work, scratch, v0)
    v1 = np.zeros(64, dtype=np.float64)
    r1 = rd[b + G_REC + 1]
    if npl == 3:
        subset_values(s, bd, cfg, r1, acts, na, opts, work, scratch, v1)
    blind = npl == 2 and cfg[C_SEES] == 0
    am = np.zeros(3, dtype=np.int64)
    ls = np.zeros(3, dtype=np.int64)
    cur = np.zeros(10, dtype=np.int64)
    dv = np.zeros(3, dtype=np.float64)
    c = np.zeros(3, dtype=np.float64)
    total = 1
    for i in range(nc - 1):
        total *= npl
    m = 0
    for code_i in range(total):
        x = code_i
        mx = 0
        ok = True
        for i in range(1, nc):
            cur[i] = x % npl
            x //= npl
            if cur[i] > mx + 1:
                ok = False
                break
            if cur[i] > mx:
                mx = cur[i]
        if not ok or mx != npl - 1:
            continue
        _pile_masks(cur, na, nl, lims, npl, am, ls)
        for q in range(npl):
            dv[q] = vd[am[q]] - limit_cost(s, dist, ls[q], lam, elim, final)
        if npl == 2:
            if blind:
                e = 0.5 * (dv[0] + dv[1])
            else:
                c0 = v0[am[0]] - limit_cost(s, r0, ls[0], lam, elim, final)
                c1 = v0[am[1]] - limit_cost(s, r0, ls[1], lam, elim, final)
                if c0 > c1 + 1e-9:
                    e = dv[1]
                elif c1 > c0 + 1e-9:
                    e = dv[0]
                else:
                    e = 0.5 * (dv[0] + dv[1])
            worst = min(dv[0], dv[1])
        else:
            for q in range(3):
                c[q] = v0[am[q]] - limit_cost(s, r0, ls[q], lam, elim, final)
            top = max(c[0], max(c[1], c[2]))
            e = 0.0
            nt = 0
            for q in range(3):
                if c[q] > top - 1e-9:
                    nt += 1
                    # R2 takes the better of the other two for him; D the last
                    a1 = (q + 1) % 3
                    a2 = (q + 2) % 3
                    w1 = v1[am[a1]] - limit_cost(s, r1, ls[a1], lam, elim, final)
                    w2 = v1[am[a2]] - limit_cost(s, r1, ls[a2], lam, elim, final)
                    if w1 > w2 + 1e-9:
                        e += dv[a2]
                    elif w2 > w1 + 1e-9:
                        e += dv[a1]
                    else:
                        e += 0.5 * (dv[a1] + dv[a2])
            e /= nt
            worst = min(dv[0], min(dv[1], dv[2]))
        codes[m] = code_i
        vals[m] = worst if code == 2 else e
        m += 1
    return m


@njit(cache=True)
def do_split(s, bd, cfg, rd, g, pol, par, rs, opts, work, scratch):
    b = RD_G + GS * g
    if rd[b + G_SPLIT] == 1:
        return
    dist = rd[b + G_DIST]
    na = rd[b + G_NA]
    nl = rd[b + G_NL]
    nc = na + nl
    npl = rd[b + G_NP]
    assign = np.zeros(10, dtype=np.int64)
    code = pol[dist]
    if code == 0 or nc < npl:
        # uniform over set partitions: uniform surjections, rejected until every pile has a card
        if nc < npl:
            for i in range(nc):
                assign[i] = i
        else:
            while True:
                used = np.zeros(3, dtype=np.int64)
                for i in range(nc):
                    assign[i] = randint(rs, 4, npl)
                    used[assign[i]] = 1
                if used[:npl].sum() == npl:
                    break
    else:
        codes = np.empty(SPLITS_MAX, dtype=np.int64)
        vals = np.empty(SPLITS_MAX, dtype=np.float64)
        m = split_table(s, bd, cfg, rd, g, dist, code, par, opts, work, scratch, codes, vals)
        best_v = -1e18
        ties = 0
        pick = 0
        for k in range(m):
            v = vals[k]
            if v > best_v + 1e-9:
                best_v = v
                ties = 1
                pick = k
            elif v > best_v - 1e-9:
                ties += 1
                if randint(rs, 4, ties) == 0:
                    pick = k
        x = codes[pick]
        for i in range(1, nc):
            assign[i] = x % npl
            x //= npl
    for i in range(na):
        rd[b + G_APILE + i] = assign[i]
    for j in range(nl):
        rd[b + G_LPILE + j] = assign[na + j]


# ------------------------------------------------------------------------------------------------
# picks and plays


@njit(cache=True)
def pile_cards(rd, b, q, acts, lims):
    """(number of action cards, limit sum, action mask) of pile q of the group at b."""
    na = rd[b + G_NA]
    k = 0
    for i in range(na):
        if rd[b + G_APILE + i] == q:
            acts[k] = rd[b + G_ACT + i]
            k += 1
    ls = 0
    for j in range(rd[b + G_NL]):
        if rd[b + G_LPILE + j] == q:
            ls += rd[b + G_LIMC + j]
    return k, ls


@njit(cache=True)
def chooser_values(s, bd, cfg, rd, b, seat, par, opts, work, scratch, vals, avail):
    """Greedy value of each pile still on offer to `seat`; returns how many are on offer."""
    acts = np.zeros(6, dtype=np.int64)
    lims = np.zeros(4, dtype=np.int64)
    k = 0
    for q in range(rd[b + G_NP]):
        if rd[b + G_OWNER + q] < 0:
            na, ls = pile_cards(rd, b, q, acts, lims)
            v = pile_action_value(s, bd, cfg, seat, acts, na, opts, work, scratch)
            vals[k] = v - limit_cost(s, seat, ls, par[seat, 0], par[seat, 1], s[FINAL] == 1)
            avail[k] = q
            k += 1
    return k


@njit(cache=True)
def do_pick(s, bd, cfg, rd, g, slot, pol, par, rs, st, opts, work, scratch):
    b = RD_G + GS * g
    seat = rd[b + G_REC + slot]
    for q in range(rd[b + G_NP]):
        if rd[b + G_OWNER + q] == seat:
            return  # taken already (a rollout's fixed choice)
    vals = np.zeros(3, dtype=np.float64)
    avail = np.zeros(3, dtype=np.int64)
    code = pol[seat]
    blind = rd[b + G_NP] == 2 and cfg[C_SEES] == 0
    if code == 0 or blind:
        k = 0
        for q in range(rd[b + G_NP]):
            if rd[b + G_OWNER + q] < 0:
                avail[k] = q
                k += 1
        pick = avail[randint(rs, 4, k)]
    else:
        k = chooser_values(s, bd, cfg, rd, b, seat, par, opts, work, scratch, vals, avail)
        if code == 3:
            beta = par[seat, 2]
            top = vals[0]
            for i in range(k):
                top = max(top, vals[i])
            w = np.zeros(3, dtype=np.float64)
            tot = 0.0
            for i in range(k):
                w[i] = np.exp(beta * (vals[i] - top))
                tot += w[i]
            u = rand01(rs, 4) * tot
            pick = avail[k - 1]
            for i in range(k):
                u -= w[i]
                if u < 0:
                    pick = avail[i]
                    break
        else:
            top = -1e18
            ties = 0
            pick = avail[0]
            for i in range(k):
                if vals[i] > top + 1e-9:
                    top = vals[i]
                    pick = avail[i]
                    ties = 1
                elif vals[i] > top - 1e-9:
                    ties += 1
                    if randint(rs, 4, ties) == 0:
                        pick = avail[i]
    rd[b + G_OWNER + pick] = seat
    st[ST_ACT + seat * NKINDS + 7] += 1


@njit(cache=True)
def card_option(s, bd, cfg, seat, card, code, rs, opts, scratch):
    """The policy's option row for one action card (-1: none): random a uniform row, else the best immediate value
    (ties uniform), a losing best skipped where skipping is allowed (row 0)."""
    if code == 0:
        n = options(s, bd, cfg, seat, card, opts)
        return randint(rs, 4, n) if n > 0 else -1
    j, v = best_option(s, bd, cfg, seat, card, opts, scratch, rs, True)
    if j >= 0 and cfg[C_SKIP] == 1 and v < 0:
        return 0
    return j


@njit(cache=True)
def play_option(s, bd, cfg, seat, opt, rs, st):
    """Play one option row (a skip counts as skipped; a banishment rolls its die, stream 3)."""
    if opt[0] == T_SKIP:
        st[ST_ACT + seat * NKINDS + 5] += 1
        return
    die = 0
    if opt[0] == T_BANISH:
        die = 1 + randint(rs, 3, 6)
    apply_option(s, bd, cfg, seat, opt, die)
    st[ST_ACT + seat * NKINDS + kind_of(opt[0])] += 1
    if opt[0] == T_DOGE:
        st[ST_DOGES] += 1


@njit(cache=True)
def play_card(s, bd, cfg, seat, card, code, rs, st, opts, scratch):
    """One action card: the policy's option applied, the card discarded."""
    j = card_option(s, bd, cfg, seat, card, code, rs, opts, scratch)
    s[ADISC + card] += 1
    if j < 0:
        st[ST_ACT + seat * NKINDS + 5] += 1
        return
    play_option(s, bd, cfg, seat, opts[j], rs, st)


@njit(cache=True)
def open_pile(s, rd, b, slot):
    """A pile's play begins: (the player, his pile: a distributor keeps the pile nobody took), its limit cards
    counted."""
    if slot < 2:
        seat = rd[b + G_REC + slot]
    else:
        seat = rd[b + G_DIST]
    q = -1
    for x in range(rd[b + G_NP]):
        if rd[b + G_OWNER + x] == seat:
            q = x
    if q < 0:  # the distributor keeps the pile nobody took
        for x in range(rd[b + G_NP]):
            if rd[b + G_OWNER + x] < 0:
                q = x
        rd[b + G_OWNER + q] = seat
    if rd[b + G_STATUS + q] == 0:
        for j in range(rd[b + G_NL]):
            if rd[b + G_LPILE + j] == q:
                v = rd[b + G_LIMC + j]
                s[LIM + seat] += v
                s[LFACE + v - 1] += 1
        rd[b + G_STATUS + q] = 1
    return seat, q


@njit(cache=True)
def do_play(s, bd, cfg, rd, g, slot, pol, rs, st, opts, scratch):
    b = RD_G + GS * g
    seat, q = open_pile(s, rd, b, slot)
    cards = np.zeros(6, dtype=np.int64)
    k = 0
    for i in range(rd[b + G_NA]):
        if rd[b + G_APILE + i] == q and rd[b + G_PLAYED + i] == 0:
            cards[k] = rd[b + G_ACT + i]
            k += 1
    order = np.zeros(6, dtype=np.int64)
    if pol[seat] == 0:
        _shuffle(cards, k, rs, 4)
        order[:k] = cards[:k]
        m = k
    else:
        m = _sorted_cards(cards, k, order)
    for i in range(m):
        play_card(s, bd, cfg, seat, order[i], pol[seat], rs, st, opts, scratch)
    for i in range(rd[b + G_NA]):
        if rd[b + G_APILE + i] == q:
            rd[b + G_PLAYED + i] = 1
    rd[b + G_STATUS + q] = 2


@njit(cache=True)
def below_10(s):
    k = 0
    for p in range(s[NPL]):
        if s[LIM + p] < 10:
            k += 1
    return k


@njit(cache=True)
def run_steps(s, bd, cfg, rd, pol, par, rs, st, opts, work, scratch):
    """Run the round's remaining steps; returns 1 when early_end stopped it."""
    while rd[RD_STEP] < rd[RD_NSTEPS]:
        i = RD_STEPS + 3 * rd[RD_STEP]
        op = rd[i]
        g = rd[i + 1]
        slot = rd[i + 2]
        rd[RD_STEP] += 1
        if op == OP_SPLIT:
            do_split(s, bd, cfg, rd, g, pol, par, rs, opts, work, scratch)
        elif op == OP_PICK:
            do_pick(s, bd, cfg, rd, g, slot, pol, par, rs, st, opts, work, scratch)
        else:
            do_play(s, bd, cfg, rd, g, slot, pol, rs, st, opts, scratch)
            if cfg[C_EARLY] == 0 and below_10(s) < 2:
                rd[RD_STOPPED] = 1
                gather_unplayed(s, rd)
                return 1
    return 0


@njit(cache=True)
def gather_unplayed(s, rd):
    """early_end immediate: the cards of the piles never played go to the discards (limit cards too)."""
    for g in range(rd[RD_NG]):
        b = RD_G + GS * g
        for i in range(rd[b + G_NA]):
            if rd[b + G_PLAYED + i] == 0:
                s[ADISC + rd[b + G_ACT + i]] += 1
                rd[b + G_PLAYED + i] = 1
        for j in range(rd[b + G_NL]):
            q = rd[b + G_LPILE + j]
            if rd[b + G_STATUS + q] == 0:
                s[LFACE + rd[b + G_LIMC + j] - 1] += 1
        for q in range(3):
            rd[b + G_STATUS + q] = 2


# ------------------------------------------------------------------------------------------------
# set-up, passage end, the game


@njit(cache=True)
def setup_bridge(s, bd, cfg, seat, rs):
    """A set-up bridge: a uniformly random pair with room (no policy values a bridge before play)."""
    k = 0
    free = np.zeros(MAXPAIRS, dtype=np.int64)
    for i in range(bd[B_NP]):
        if pair_total(s, i) < 3:
            free[k] = i
            k += 1
    if k == 0 or s[POOL] == 0 or s[SUP + seat] == 0:
        return
    i = free[randint(rs, 4, k)]
    s[BR + i * 4 + seat] += 1
    s[SUP + seat] -= 1
    s[POOL] -= 1


@njit(cache=True)
def setup(s, bd, cfg, rs):
    P = cfg[C_P]
    for i in range(SSIZE):
        s[i] = 0
    s[NPL] = P
    s[POOL] = 12
    s[DOGE] = cfg[C_DOGE_START]
    f = np.zeros(4, dtype=np.int64)
    for p in range(P):
        s[SUP + p] = 25
        s[SC + p] = cfg[C_HCAP + p]
        for i in range(4):
            f[i] = randint(rs, 0, 6)
        if cfg[C_QUAD] == 1 and f[0] == f[1] and f[1] == f[2] and f[2] == f[3]:
            f[3] = (f[3] + 1 + randint(rs, 0, 5)) % 6
        for i in range(4):
            d = bd[B_FACE + f[i]]
            s[AR + d * 4 + p] += 2
            s[SUP + p] -= 2
    nb = cfg[C_BR3] if P == 3 else cfg[C_BR4]
    for p in range(P):
        for k in range(nb):
            setup_bridge(s, bd, cfg, p, rs)
    fresh_decks(s, rs, 3)


@njit(cache=True)
def banish_choice(s, bd, cfg, seat, code, rs, opts, scratch):
    """The passage banishment the policy names (-1: none): random uniform over the districts (and declining,
    where allowed), else the best expected change (ties uniform), declined when it gains nothing and may be."""
    d = -1
    if code == 0:
        k = randint(rs, 4, 6 if cfg[C_PBANISH] == 1 else 7)
        return k if k < 6 else -1
    bv = -1e18
    ties = 0
    for x in range(6):
        opts[0, 0] = T_BANISH
        opts[0, 1] = x
        v = option_value(s, bd, cfg, seat, opts[0], scratch)
        if v > bv + 1e-9:
            bv = v
            d = x
            ties = 1
        elif v > bv - 1e-9:
            ties += 1
            if randint(rs, 4, ties) == 0:
                d = x
    if cfg[C_PBANISH] == 0 and bv <= 1e-9:
        d = -1
    return d


@njit(cache=True)
def passage_banish(s, bd, cfg, seat, code, rs, st, opts, scratch, forced):
    """The strictly-fewest player's banishment: forced >= 0 names the district, -2 declines, -1 the policy."""
    d = -1
    if forced >= 0:
        d = forced
    elif forced == -1:
        d = banish_choice(s, bd, cfg, seat, code, rs, opts, scratch)
    if d >= 0:
        banish(s, bd, cfg, seat, d, 1 + randint(rs, 3, 6))
        st[ST_ACT + seat * NKINDS + 6] += 1


@njit(cache=True)
def catch_up(s, cfg, st):
    """The passage end's catch-up bonus: each player below 10 (or, `not_eliminated`, still in at the extra round)
    gains the highest limit total less his own."""
    P = s[NPL]
    top = 0
    for p in range(P):
        top = max(top, s[LIM + p])
    for p in range(P):
        ok = s[LIM + p] < 10 or (cfg[C_CATCHUP] == 1 and s[FINAL] == 1 and s[OUTB + p] == 0)
        if ok:
            s[SC + p] += top - s[LIM + p]
            if st[ST_BONUSSET] == 0:
                st[ST_BONUS + p] = top - s[LIM + p]
    st[ST_BONUSSET] = 1


@njit(cache=True)
def fewest(s):
    """The seat with strictly the fewest limit points (-1: a tie)."""
    low = 99
    cnt = 0
    who = -1
    for p in range(s[NPL]):
        if s[LIM + p] < low:
            low = s[LIM + p]
            cnt = 1
            who = p
        elif s[LIM + p] == low:
            cnt += 1
    return who if cnt == 1 else -1


@njit(cache=True)
def end_passage(s, bd, cfg, pol, rs, st, opts, scratch, forced, bonus_too):
    """Catch-up bonus (if bonus_too), the fewest-limit banishment, then the next passage or the final
    scoring.  Returns True when the game is over."""
    P = s[NPL]
    if bonus_too:
        catch_up(s, cfg, st)
    who = fewest(s)
    if who >= 0:
        passage_banish(s, bd, cfg, who, pol[who], rs, st, opts, scratch, forced)
    if s[PASS] == 2:
        for d in range(6):
            score_district(s, bd, cfg, d)
        return True
    last = s[RSTART]
    if cfg[C_PSTART] == 0:
        before = s[PSTART]
    elif cfg[C_PSTART] == 1:
        before = 0
    else:
        before = last
    s[PSTART] = (before + 1) % P
    s[RSTART] = s[PSTART]
    s[PASS] += 1
    s[RND] = 0
    s[FINAL] = 0
    for p in range(P):
        s[LIM + p] = 0
        s[OUTB + p] = 0
        s[HOPS + p] = 0
    if cfg[C_RESHUF] == 0:
        fresh_decks(s, rs, 3)
    else:
        discards_under(s, rs)
    return False


@njit(cache=True)
def close_round(s, cfg, rd, st, sb, lb, stopped, first):
    """A round is over (sb, lb: prestige and limit at its start; stopped: by early_end; first: the run's first
    round): its stats, and whether the passage ends."""
    P = s[NPL]
    if s[FINAL] == 0:
        for q in range(4):
            seat = rd[RD_ROLE + q]
            if seat >= 0:
                st[ST_ROLEP + q] += s[SC + seat] - sb[seat]
                st[ST_ROLEL + q] += s[LIM + seat] - lb[seat]
                st[ST_ROLEN + q] += 1
    st[ST_ROUNDS] += 1
    st[ST_P1 + s[PASS]] += 1
    if s[FINAL] == 1:
        st[ST_EXTRA] += 1
    nin = below_10(s)
    over = stopped == 1 or s[FINAL] == 1 or (nin < P and nin < 2)
    s[RND] += 1
    if not over and s[RND] >= cfg[C_MAXROUNDS]:
        st[ST_CAP] = 1
        over = True
    if first:
        st[ST_FIRSTEND] = 1 if over else 0
    return over


@njit(cache=True)
def next_start(s, cfg, rd):
    """The next round's start player, and whether it is the extra round, when the passage goes on."""
    P = s[NPL]
    if below_10(s) < P:
        s[FINAL] = 1
        nxt = s[RSTART]
        for i in range(1, P + 1):
            p = (s[RSTART] + i) % P
            if s[LIM + p] < 10:
                nxt = p
                break
        s[RSTART] = nxt
    elif P == 3 and cfg[C_NEXT3] == 0:
        s[RSTART] = rd[RD_ROLE + 3]  # the second receiver distributes next
    else:
        s[RSTART] = (s[RSTART] + 1) % P


@njit(cache=True, inline='always')
def run_game(s, bd, cfg, rd, pol, par, rs, st, opts, work, scratch, resume):
    """Play on to the end of the game.  resume 0: a new round starts now; 1: rd's remaining steps first."""
    P = s[NPL]
    sb = np.zeros(4, dtype=np.int64)
    lb = np.zeros(4, dtype=np.int64)
    first = True
    while True:
        if resume == 0:
            new_round(s, bd, cfg, rd, pol, rs, st)
        resume = 0
        for p in range(P):
            sb[p] = s[SC + p]
            lb[p] = s[LIM + p]
        stopped = run_steps(s, bd, cfg, rd, pol, par, rs, st, opts, work, scratch)
        over = close_round(s, cfg, rd, st, sb, lb, stopped, first)
        first = False
        if over:
            if end_passage(s, bd, cfg, pol, rs, st, opts, scratch, -1, True):
                return
            continue
        next_start(s, cfg, rd)


@njit(cache=True)
def deal_extra(s, rd, g, rs, st):
    """Rollouts: piles the position does not show, dealt from the undrawn decks (code: 8 x actions + limits)."""
    b = RD_G + GS * g
    for q in range(3):
        code = rd[b + G_XA + q]
        if code <= 0:
            continue
        for _ in range(code // 8):
            c = draw_action(s, rs, st)
            if c >= 0 and rd[b + G_NA] < 6:
                rd[b + G_ACT + rd[b + G_NA]] = c
                rd[b + G_APILE + rd[b + G_NA]] = q
                rd[b + G_NA] += 1
        for _ in range(code % 8):
            v = draw_limit(s)
            if v > 0 and rd[b + G_NL] < 4:
                rd[b + G_LIMC + rd[b + G_NL]] = v
                rd[b + G_LPILE + rd[b + G_NL]] = q
                rd[b + G_NL] += 1
        rd[b + G_XA + q] = 0


@njit(cache=True)
def continue_batch(s0, rd0, resume, forced_banish, fopt, fseat, fcard, bd, cfg, pols, pars, seeds, shuffle_decks,
                   scores, sanmarco, stats):
    """Rollouts from one state: game j starts from s0 (its undrawn decks reshuffled from stream 1 when
    shuffle_decks), deals the groups of rd0 flagged undealt and its extra piles, applies the forced option
    fopt (type >= 0) of card fcard for seat fseat, and plays on.  resume: 0 a new round, 1 rd0's remaining
    steps, 2 the passage end's banishment (forced_banish: >= 0 a district, -2 declined, -1 the policy); -1 whole
    games from the set-up (s0, rd0 unused).  One entry point, so that a clean checkout compiles the engine once."""
    n = seeds.shape[0]
    P = cfg[C_P]
    s = np.zeros(SSIZE, dtype=np.int64)
    rd = np.zeros(RDSIZE, dtype=np.int64)
    work = np.zeros(SSIZE, dtype=np.int64)
    scratch = np.zeros(SSIZE, dtype=np.int64)
    opts = np.zeros((MAXOPT, 5), dtype=np.int64)
    for j in range(n):
        rs = seeds[j].copy()
        st = stats[j]
        if resume == -1:  # a whole game from the set-up
            setup(s, bd, cfg, rs)
            run_game(s, bd, cfg, rd, pols[j], pars[j], rs, st, opts, work, scratch, 0)
            for p in range(P):
                scores[j, p] = s[SC + p]
                sanmarco[j, p] = s[AR + 3 * 4 + p]
            continue
        s[:] = s0
        rd[:] = rd0
        if shuffle_decks:
            _shuffle(s[ADECK:ADECK + 62], s[AN], rs, 1)
            _shuffle(s[LDECK:LDECK + 28], s[LN], rs, 1)
        for g in range(rd[RD_NG]):
            b = RD_G + GS * g
            if rd[b + G_UNDEALT] == 1:
                deal_group(s, rd, g, rs, st)
                rd[b + G_UNDEALT] = 0
            deal_extra(s, rd, g, rs, st)
        if fopt[0] >= 0:
            die = 0
            if fopt[0] == T_BANISH:
                die = 1 + randint(rs, 3, 6)
            apply_option(s, bd, cfg, fseat, fopt, die)
            if fcard >= 0:
                s[ADISC + fcard] += 1
            st[ST_ACT + fseat * NKINDS + kind_of(fopt[0])] += 1
        if resume == 2:
            over = end_passage(s, bd, cfg, pols[j], rs, st, opts, scratch, forced_banish, False)
            st[ST_FIRSTEND] = 1
            if not over:
                run_game(s, bd, cfg, rd, pols[j], pars[j], rs, st, opts, work, scratch, 0)
        else:
            run_game(s, bd, cfg, rd, pols[j], pars[j], rs, st, opts, work, scratch, resume)
        for p in range(P):
            scores[j, p] = s[SC + p]
            sanmarco[j, p] = s[AR + 3 * 4 + p]


# ------------------------------------------------------------------------------------------------
# Python side


def credit(scores: np.ndarray, sanmarco: np.ndarray) -> np.ndarray:
    """(n, P) win credit: most prestige, then most aristocrats in San Marco; still tied: shared."""
    key = scores.astype(np.int64) * 64 + sanmarco
    top = key == key.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def policy_arrays(policies, n: int, seat_policy: np.ndarray | None = None):
    """(n, P) codes and (n, P, 3) parameters for game rows; seat_policy[j, s]: index into policies."""
    P = len(policies)
    codes = np.array([POLICY_CODES[p.kind] for p in policies], dtype=np.int64)
    params = np.array([[p.lam, p.elim_penalty, p.beta] for p in policies], dtype=np.float64)
    if seat_policy is None:
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    return np.ascontiguousarray(codes[seat_policy]), np.ascontiguousarray(params[seat_policy])


def play_games(board: r.Board, settings: r.Settings, players: int, policies, n: int, rng,
               seat_policy: np.ndarray | None = None, max_rounds: int = MAX_ROUNDS) -> dict:
    """n whole games: scores (n, P), sanmarco (n, P), stats (n, STSIZE), credit (n, P)."""
    chance = Chance(n, rng)
    bd = board_vector(board)
    cfg = settings_vector(settings, players, max_rounds)
    pols, pars = policy_arrays(policies, n, seat_policy)
    scores = np.zeros((n, players), dtype=np.int64)
    sm = np.zeros((n, players), dtype=np.int64)
    stats = np.zeros((n, STSIZE), dtype=np.int64)
    s0 = np.zeros(SSIZE, dtype=np.int64)
    rd0 = np.zeros(RDSIZE, dtype=np.int64)
    continue_batch(s0, rd0, -1, -1, np.full(5, -1, dtype=np.int64), -1, -1, bd, cfg, pols, pars, chance.seeds, False,
                   scores, sm, stats)
    return {"scores": scores, "sanmarco": sm, "stats": stats, "credit": credit(scores, sm)}


# ------------------------------------------------------------------------------------------------
# positions and the readable reference (engine_agrees)


def state_vector(p, settings: r.Settings | None = None) -> np.ndarray:
    """The engine's flat state of a `state.Position` (its undrawn decks in a fixed order)."""
    from collections import Counter

    settings = settings or p.settings
    s = np.zeros(SSIZE, dtype=np.int64)
    P = p.players
    s[NPL] = P
    for d in range(6):
        for seat in range(P):
            s[AR + d * 4 + seat] = p.aristocrats[d][seat]
    for seat in range(P):
        s[SUP + seat] = p.supply[seat]
        s[SC + seat] = p.scores[seat]
        s[LIM + seat] = sum(p.limit_cards[seat])
        s[HOPS + seat] = 1 if seat in p.hopped else 0
        s[OUTB + seat] = 1 if (p.final_round and p.role_of(seat) is None) else 0
    index = {pair: i for i, pair in enumerate(p.board.pairs)}
    for pair, owner in p.bridges:
        s[BR + index[pair] * 4 + owner] += 1
    s[POOL] = p.bridge_pool
    s[DOGE] = -1 if p.doge is None else p.doge
    s[PASS] = p.passage - 1
    s[RND] = p.round - 1
    s[RSTART] = p.round_start
    s[PSTART] = (p.round_start - (p.round - 1)) % P  # the rotation's start (exact for clockwise rotations)
    s[FINAL] = int(p.final_round)
    deck = [c for c, k in enumerate(p.action_deck) for _ in range(k)]
    s[ADECK:ADECK + len(deck)] = deck
    s[AN] = len(deck)
    s[ADISC:ADISC + 10] = p.action_discards
    limits = [v for v, k in zip(r.LIMIT_VALUES, p.limit_deck) for _ in range(k)]
    s[LDECK:LDECK + len(limits)] = limits
    s[LN] = len(limits)
    face = Counter(v for cards in p.limit_cards for v in cards)
    for v in r.LIMIT_VALUES:
        s[LFACE + v - 1] = face[v]
    return s


def vector_key(s: np.ndarray, board: r.Board, hops: bool = False) -> tuple:
    P = int(s[NPL])
    ar = tuple(tuple(int(s[AR + d * 4 + p]) for p in range(P)) for d in range(6))
    bridges = tuple(sorted((pair, o) for i, pair in enumerate(board.pairs) for o in range(P)
                           for _ in range(int(s[BR + i * 4 + o]))))
    doge = None if s[DOGE] < 0 else int(s[DOGE])
    key = (ar, tuple(int(x) for x in s[SUP:SUP + P]), tuple(int(x) for x in s[SC:SC + P]), bridges,
           int(s[POOL]), doge)
    if hops:
        key += (tuple(p for p in range(P) if s[HOPS + p] > 0),)
    return key


def position_key(p, hops: bool = False) -> tuple:
    key = (tuple(tuple(row) for row in p.aristocrats), tuple(p.supply), tuple(p.scores), tuple(sorted(p.bridges)),
           p.bridge_pool, p.doge)
    if hops:
        key += (tuple(sorted(p.hopped)),)
    return key


# ------------------------------------------------------------------------------------------------
# random positions


SETTING_CHOICES = {
    "second_place_tie": ("zero", "all_low"),
    "empty_supply_move": ("placing", "district_only"),
    "moved_bridge_owner": ("original", "mover"),
    "canal_crossing": ("isolated_only", "always", "never"),
    "canal_cost": (2, 0, 1, 3),
    "score_floor": (0, "none"),
    "district_card_hops": (1, "per_round"),
    "may_skip_action": (True, False),
}


def random_settings(rng) -> r.Settings:
    return r.Settings(**{k: v[int(rng.integers(len(v)))] for k, v in SETTING_CHOICES.items()})


def random_position(rng, players: int | None = None, settings: r.Settings | None = None):
    """A legal mid-game position: set-up rolls and bridges, then pieces, bridges, scores and the Doge at random
    (sometimes an empty supply or an empty bridge pool)."""
    from analyzer.games.san_marco import reference

    P = players or int(rng.integers(3, 5))
    settings = settings or random_settings(rng)
    board = r.Board()
    rolls = [tuple(int(x) for x in rng.integers(1, 7, size=4)) for _ in range(P)]
    p = reference.setup_position(P, rolls, [[] for _ in range(P)], board=board, settings=replace(settings, setup_bridges=(
        (3, 0), (4, 0))))
    p = replace(p, settings=settings)
    rows = [list(row) for row in p.aristocrats]
    supply = list(p.supply)
    bridges = []
    empty = rng.random() < 0.25
    for seat in range(P):
        k = supply[seat] - (0 if empty and seat == 0 else int(rng.integers(0, supply[seat] + 1)))
        for _ in range(k):
            if supply[seat] == 0:
                break
            rows[int(rng.integers(6))][seat] += 1
            supply[seat] -= 1
    want = 12 if rng.random() < 0.3 else int(rng.integers(0, 10))
    for _ in range(want):
        free = [pair for pair in board.pairs if sum(1 for q, _ in bridges if q == pair) < 3]
        owners = [o for o in range(P) if supply[o] > 0]
        if not free or not owners:
            break
        owner = owners[int(rng.integers(len(owners)))]
        bridges.append((free[int(rng.integers(len(free)))], owner))
        supply[owner] -= 1
    scores = tuple(int(x) for x in rng.integers(0, 12, size=P))
    doge = None if rng.random() < 0.3 else int(rng.integers(6))
    hopped = frozenset(o for o in range(P) if rng.random() < 0.3)
    return replace(p, aristocrats=tuple(map(tuple, rows)), supply=tuple(supply), bridges=tuple(sorted(bridges)),
                   bridge_pool=12 - len(bridges), scores=scores, doge=doge, hopped=hopped)


# ------------------------------------------------------------------------------------------------
# the agreement


def _engine_outcomes(s, bd, cfg, board, seat, card, hops):
    opts = np.zeros((MAXOPT, 5), dtype=np.int64)
    n = options(s, bd, cfg, seat, card, opts)
    found = set()
    rows = []
    for i in range(n):
        faces = range(1, 7) if opts[i, 0] == T_BANISH else (0,)
        outs = []
        for f in faces:
            t = s.copy()
            apply_option(t, bd, cfg, seat, opts[i].copy(), f)
            outs.append(vector_key(t, board, hops))
        found.add(tuple(outs))
        rows.append(opts[i].copy())
    if not cfg[C_SKIP] and n == 0:
        found.add((vector_key(s, board, hops),))  # nothing legal: the card goes unused
    return found, rows


def _reference_outcomes(p, seat, card, hops):
    from analyzer.games.san_marco import reference

    found = set()
    for action in reference.options(p, seat, card):
        faces = range(1, 7) if action.kind == "banish" else (None,)
        found.add(tuple(position_key(reference.apply(p, seat, action, die=f), hops) for f in faces))
    return found


def agreement(seed: int, positions: int = 12, steps: int = 12) -> list[tuple]:
    """(what, engine's value, reference's value) for random positions and random action sequences."""
    from analyzer.games.san_marco import reference

    rng = np.random.default_rng(seed)
    out = []
    for k in range(positions):
        p = random_position(rng)
        hops = p.settings.district_card_hops == "per_round"
        bd = board_vector(p.board)
        cfg = settings_vector(p.settings, p.players)
        for step in range(steps):
            s = state_vector(p)
            out.append((f"position {k} step {step}: the position", vector_key(s, p.board, hops),
                        position_key(p, hops)))
            out.append((f"position {k} step {step}: static values",
                        [int(static_value(s, bd, cfg, seat)) for seat in range(p.players)],
                        [int(reference.static_value(p, seat)) for seat in range(p.players)]))
            seat = int(rng.integers(p.players))
            card = int(rng.integers(10))
            eng, rows = _engine_outcomes(s, bd, cfg, p.board, seat, card, hops)
            refs = _reference_outcomes(p, seat, card, hops)
            out.append((f"position {k} step {step}: outcomes of {r.CARD_NAMES[card]} for seat {seat} "
                        f"({p.settings.changed()})", sorted(eng, key=repr), sorted(refs, key=repr)))
            actions = reference.options(p, seat, card)
            action = actions[int(rng.integers(len(actions)))]
            die = int(rng.integers(1, 7)) if action.kind == "banish" else None
            p = replace(reference.apply(p, seat, action, die=die), hopped=p.hopped if not hops else
                        reference.apply(p, seat, action, die=die).hopped)
    return out


def engine_agrees(seed: int) -> list[tuple]:
    """The conformance check: (what, engine's value, reference's value) on random positions and random legal
    action sequences (`agreement`): every card's options, the static values and the positions reached."""
    return agreement(seed)
