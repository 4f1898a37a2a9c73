"""The Goa full-game engine (numba): whole 2-4 player games from the set-up with the seated policies
(`policies.py`), on ILLUSTRATIVE board data (rules.py's defaults, or a scenario's own).

State and settings are flat int64 arrays (offsets below; one block of PSZ per seat at PL).  Spices, columns,
colonies and symbols are rules.py's ints, a card is its index into `expedition_deck`, a tile its index into the
phase's tile list, a grid square y * 5 + x.  Chance comes from four splitmix64 streams per game seeded from
`Chance`, so every rule set of a balance run meets the same deck and layouts game by game.  With a record buffer
every chance outcome and every random player's choice is written in order (rows (tag, a, b): the coordination
notes' chance record); the readable reference (`reference.py`, `reference_policies.py`) replays a game from it.
The whole-game model, its readings and both policies are the coordination notes' ("Interfaces: B's whole-game
model"); `ENGINE_READINGS` sums them up.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.core.streams import StreamSeeds
from analyzer.games.goa import rules as r

MAXP = 4
NS, NC, NCOL, NSYM = len(r.SPICES), len(r.COLUMNS), len(r.COLONIES), len(r.SYMBOLS)
NCARD = r.DECK_SIZE
NT = r.TILES_PER_PHASE
NSQ = r.GRID * r.GRID
FW = r.GRID + 2  # the frame's width: flag squares -1..5 as (y + 1) * FW + x + 1
SHIPS_C, HARVEST_C, TAXES_C, EXPED_C, COLONISTS_C = range(NC)
A_SHIPS, A_HARVEST, A_TAXES, A_EXPED = NC, NC + 1, NC + 2, NC + 3
A_COLONY = NC + 4  # action codes: 0..4 advance a column, 5..8 the four plain actions, 9..12 found colony t
NACTION = A_COLONY + NCOL
PASS = -1
COLONY_SPICE = (0, 1, 2, 3)  # a founded colony holds one sack of: quilon ginger, cochin pepper, madras cinnamon,
# calicut nutmeg (illustrative: the seed's colony tiles offer kinds the engine does not choose between)
GREEDY_DUCATS = 10  # greedy collects taxes below this
FLAG_VALUE = 4
ADVANCED_DUCATS = 10  # the advanced start's ducats (seed)
MAX_PLANTATIONS = 4

# tile kinds (from rules.TILE_NAMES)
(K_PLANT, K_SHIPS, K_COLONISTS, K_SOC, K_SETTLE, K_EXTRA, K_EXPED, K_RED_SHIP, K_RED_COL, K_RED_SPICE, K_RED_DUC,
 K_DUTY, K_SPY, K_HARVEST_ALL, K_SUPPLY, K_VICEROY, K_SWAP, K_MISSION) = range(18)
_KIND_OF = {"ships": K_SHIPS, "colonists": K_COLONISTS, "ships_or_colonists": K_SOC, "settlement": K_SETTLE,
            "extra_actions": K_EXTRA, "expeditions": K_EXPED, "red_ship": K_RED_SHIP, "red_colonist": K_RED_COL,
            "red_spice": K_RED_SPICE, "red_ducats": K_RED_DUC, "duty": K_DUTY, "spionage": K_SPY,
            "zusatzernte": K_HARVEST_ALL, "nachschub": K_SUPPLY, "vize_koenig": K_VICEROY, "tausch": K_SWAP,
            "mission": K_MISSION}


def tile_code(name: str) -> tuple[int, int, int]:
    """A tile name of rules.TILE_NAMES -> (kind, spice, amount)."""
    if name.startswith("plantation_"):
        _, n, spice = name.split("_")
        return K_PLANT, r.SPICES.index(spice), int(n)
    head, _, tail = name.rpartition("_")
    if tail.isdigit():
        return _KIND_OF[head], -1, int(tail)
    return _KIND_OF[name], -1, 1


# settings vector
C_P, C_LIMIT, C_DTIE, C_RESH, C_ADV, C_CAP = range(6)
C_SETV = 6  # 6 set values
C_DEV = C_SETV + 6  # NC x 5: ships, harvest, taxes, expedition take, colonists by row
C_LIM = C_DEV + NC * 5  # 5 expedition hand limits by row
C_COST = C_LIM + 5  # NC x 4 steps x 4 spices (-1 padded)
C_TARG = C_COST + NC * 16
C_CCOL = C_TARG + NCOL  # NCARD colonists
C_CSYM = C_CCOL + NCARD  # NCARD symbols
C_TILE = C_CSYM + NCARD  # 2 phases x NT x (kind, spice, amount)
CSIZE = C_TILE + 2 * NT * 3
ADV_READINGS = ("none", "two_markers_row2", "ten_ducats")

# state vector
NPL, ROUND, FLAG, STARTP, NACTS, CAPPED, ENDED, DPOS, DN, DISCN, SUPPLY = range(11)
DECK = 11
DISC = DECK + NCARD
TILES = DISC + NCARD  # NSQ: the phase's tile or -1
MARK = TILES + NSQ  # NSQ: marker number or 0
REWARD = MARK + NSQ  # NC x 2: seat that took column c's row-4 / row-5 card, or -1
WK = REWARD + NC * 2  # scratch (128)
PL = WK + 128
O_DUC, O_SHIPS, O_COL, O_EXTRA = range(4)
O_ROWS = 4  # 1..5
O_CAP = O_ROWS + NC
O_SACK = O_CAP + NS
O_NPLANT = O_SACK + NS
O_PK = O_NPLANT + 1  # 5 plantations (kind, spaces) in held order
O_PC = O_PK + 5
O_SINGLES = O_PC + 5
O_COLONIES = O_SINGLES + 1  # NCOL flags
O_HANDN = O_COLONIES + NCOL
O_HAND = O_HANDN + 1  # NCARD
O_RED = O_HAND + NCARD  # 4 flags: ship, colonist, spice, ducats
O_DUTY = O_RED + 4
O_MISSION = O_DUTY + 1
O_ALLROWS = O_MISSION + 1
O_SCORE = O_ALLROWS + 1
O_POL = O_SCORE + 1
O_WONN = O_POL + 1
O_WON = O_WONN + 1  # phase * NT + tile, in the order won
PSZ = O_WON + 2 * NSQ
SSIZE = PL + MAXP * PSZ

# per-game stats
ACT_KINDS = ("advance", "build ships", "harvest", "taxes", "expedition", "colony founded", "colony failed",
             "extra action", "tile bought", "flag bought")
NACT = len(ACT_KINDS)
ST_POINTS = 0
ST_DUCATS = MAXP
ST_START, ST_ACTS, ST_CAPPED = 2 * MAXP, 2 * MAXP + 1, 2 * MAXP + 2
ST_ACT = 2 * MAXP + 3
STSIZE = ST_ACT + MAXP * NACT

# chance streams and record tags
S_DECK, S_TILES, S_RESHUFFLE, S_CHOICE = range(4)
(R_DECK, R_START, R_TILE, R_RESHUF, R_FLAG, R_MARKER, R_BID, R_ACTION, R_SACK, R_DISCARD, R_PLANT, R_CHOICE,
 R_ADV) = range(13)
RECORD_KINDS = ("deck", "start", "tile", "reshuffle", "flag", "marker", "bid", "action", "sack", "discard", "plant",
                "choice", "advanced")
POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1

S, U, R = "int64[::1]", "uint64[::1]", "int64[:, ::1]"
G = f"{S}, {S}, {U}, {R}"  # s, cfg, rs, rec


def kernel(signature):
    """A helper only the kernels call: compiled once for its signature, no Python wrapper, no allocation."""
    return njit(signature, cache=True, no_cpython_wrapper=True, _nrt=False, error_model="numpy")


class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 4) uint64; game j of every rule set reads row j."""
    STREAMS = ("deck", "tiles", "reshuffle", "choice")


# ------------------------------------------------------------------------------------------------
# chance


@kernel(f"uint64({U}, int64)")
def _next(rs, k):
    rs[k] += np.uint64(0x9E3779B97F4A7C15)
    z = rs[k]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel(f"int64({U}, int64, int64)")
def randint(rs, k, n):
    return np.int64(_next(rs, k) % np.uint64(n))


@kernel(f"void({R}, int64, int64, int64)")
def note(rec, tag, a, b):
    if rec.shape[0] > 1:
        n = rec[0, 0] + 1
        if n < rec.shape[0]:
            rec[n, 0] = tag
            rec[n, 1] = a
            rec[n, 2] = b
            rec[0, 0] = n


@kernel(f"void({S}, int64, int64, {U}, int64)")
def shuffle(a, at, n, rs, k):
    for i in range(n - 1, 0, -1):
        j = randint(rs, k, i + 1)
        a[at + i], a[at + j] = a[at + j], a[at + i]


# ------------------------------------------------------------------------------------------------
# the expedition deck and hands


@kernel(f"void({G}, int64)")
def ensure(s, cfg, rs, rec, k):
    """A draw of k cards is coming: a deck too short is made up from the discard per expedition_reshuffle."""
    left = s[DN] - s[DPOS]
    if left >= k or s[DISCN] == 0:
        return
    for i in range(left):
        s[DECK + i] = s[DECK + s[DPOS] + i]
    if cfg[C_RESH] == 0:
        shuffle(s, DISC, s[DISCN], rs, S_RESHUFFLE)
    for i in range(s[DISCN]):
        s[DECK + left + i] = s[DISC + i]
    s[DN] = left + s[DISCN]
    s[DPOS] = 0
    s[DISCN] = 0
    if cfg[C_RESH] == 1:
        shuffle(s, DECK, s[DN], rs, S_RESHUFFLE)
    for i in range(s[DN]):
        note(rec, R_RESHUF, s[DECK + i], 0)


@kernel(f"int64({S})")
def draw(s):
    if s[DPOS] == s[DN]:
        return -1
    s[DPOS] += 1
    return s[DECK + s[DPOS] - 1]


@kernel(f"void({S}, int64)")
def to_discard(s, c):
    if c >= 0:
        s[DISC + s[DISCN]] = c
        s[DISCN] += 1


@kernel(f"int64({S}, int64)")
def set_value(cfg, n):
    return cfg[C_SETV + n - 1] if n > 0 else 0


@kernel(f"void({G}, int64)")
def discard_down(s, cfg, rs, rec, p):
    """p's hand cut to his expedition row's limit, one card at a time (random: uniform; greedy: the least set value
    lost, ties the lower card id)."""
    b = PL + p * PSZ
    limit = cfg[C_LIM + s[b + O_ROWS + EXPED_C] - 1]
    while s[b + O_HANDN] > limit:
        n = s[b + O_HANDN]
        if s[b + O_POL] == P_RANDOM:
            i = randint(rs, S_CHOICE, n)
            note(rec, R_DISCARD, s[b + O_HAND + i], 0)
        else:
            i, best = -1, 1 << 40
            for j in range(n):
                c = s[b + O_HAND + j]
                sym, same = cfg[C_CSYM + c], 0
                for q in range(n):
                    if cfg[C_CSYM + s[b + O_HAND + q]] == sym:
                        same += 1
                loss = set_value(cfg, same) - set_value(cfg, same - 1)
                if loss < best or (loss == best and c < s[b + O_HAND + i]):
                    i, best = j, loss
        to_discard(s, s[b + O_HAND + i])
        s[b + O_HAND + i] = s[b + O_HAND + n - 1]
        s[b + O_HANDN] = n - 1


@kernel(f"void({G}, int64, int64, boolean)")
def gain_cards(s, cfg, rs, rec, p, k, action):
    """p draws k cards (fewer when deck and discard run out); the hand limit after each card under `always`, after
    all of them when this is the expedition action."""
    b = PL + p * PSZ
    ensure(s, cfg, rs, rec, k)
    for _ in range(k):
        c = draw(s)
        if c < 0:
            break
        s[b + O_HAND + s[b + O_HANDN]] = c
        s[b + O_HANDN] += 1
        if cfg[C_LIMIT] == 1:
            discard_down(s, cfg, rs, rec, p)
    if action:
        discard_down(s, cfg, rs, rec, p)


@kernel(f"int64({G})")
def flip_two(s, cfg, rs, rec):
    """The top two cards flipped to the discard (after both): their colonists."""
    ensure(s, cfg, rs, rec, 2)
    c1 = draw(s)
    c2 = draw(s)
    total = 0
    for c in (c1, c2):
        if c >= 0:
            total += cfg[C_CCOL + c]
            to_discard(s, c)
    return total


@kernel(f"void({S}, int64, int64)")
def take_extra(s, p, n):
    k = min(n, s[SUPPLY])
    s[PL + p * PSZ + O_EXTRA] += k
    s[SUPPLY] -= k


# ------------------------------------------------------------------------------------------------
# spices and the development board


@kernel(f"int64({S}, {S}, int64, int64, int64)")
def cost_count(s, cfg, c, row, k):
    """Sacks of kind k the step row -> row + 1 of column c costs."""
    n = 0
    for i in range(row):
        if cfg[C_COST + c * 16 + (row - 1) * 4 + i] == k:
            n += 1
    return n


@kernel(f"boolean({S}, {S}, int64, int64)")
def can_advance(s, cfg, p, c):
    b = PL + p * PSZ
    row = s[b + O_ROWS + c]
    if row >= 5 or s[b + O_SHIPS] < row:
        return False
    for k in range(NS):
        if s[b + O_SACK + k] < cost_count(s, cfg, c, row, k):
            return False
    return True


@kernel(f"int64({S}, {S}, int64)")
def target(s, cfg, p):
    """Greedy's target column: the lowest row below 5 whose next step's kinds p can store, ties the lower column."""
    b = PL + p * PSZ
    best = -1
    for c in range(NC):
        row = s[b + O_ROWS + c]
        if row >= 5 or (best >= 0 and row >= s[b + O_ROWS + best]):
            continue
        ok = True
        for k in range(NS):
            if s[b + O_CAP + k] < cost_count(s, cfg, c, row, k):
                ok = False
        if ok:
            best = c
    return best


@kernel(f"int64({G}, int64)")
def choose_sack(s, cfg, rs, rec, p):
    """The kind of p's next sack, -1 with no free space (random: uniform over the kinds with one; greedy: the target's
    missing kinds in cost order, then the most free spaces, ties the lower kind)."""
    b = PL + p * PSZ
    n = 0
    for k in range(NS):
        if s[b + O_CAP + k] > s[b + O_SACK + k]:
            n += 1
    if n == 0:
        return -1
    if s[b + O_POL] == P_RANDOM:
        i = randint(rs, S_CHOICE, n)
        for k in range(NS):
            if s[b + O_CAP + k] > s[b + O_SACK + k]:
                if i == 0:
                    note(rec, R_SACK, k, 0)
                    return k
                i -= 1
    t = target(s, cfg, p)
    if t >= 0:
        row = s[b + O_ROWS + t]
        for i in range(row):
            k = cfg[C_COST + t * 16 + (row - 1) * 4 + i]
            if s[b + O_SACK + k] < cost_count(s, cfg, t, row, k) and s[b + O_CAP + k] > s[b + O_SACK + k]:
                return k
    best = 0
    for k in range(NS):
        if s[b + O_CAP + k] - s[b + O_SACK + k] > s[b + O_CAP + best] - s[b + O_SACK + best]:
            best = k
    return best


@kernel(f"void({G}, int64, int64)")
def harvest(s, cfg, rs, rec, p, amount):
    b = PL + p * PSZ
    for _ in range(amount):
        k = choose_sack(s, cfg, rs, rec, p)
        if k < 0:
            return
        s[b + O_SACK + k] += 1


@kernel(f"void({G}, int64, int64, boolean)")
def advance(s, cfg, rs, rec, p, c, pay):
    """Column c one row down (paying its spices, each with a ship, when `pay`); then the first-to-row cards and the
    all-markers extra actions."""
    b = PL + p * PSZ
    row = s[b + O_ROWS + c]
    if pay:
        s[b + O_SHIPS] -= row
        for i in range(row):
            s[b + O_SACK + cfg[C_COST + c * 16 + (row - 1) * 4 + i]] -= 1
    row += 1
    s[b + O_ROWS + c] = row
    if row >= 4 and s[REWARD + c * 2 + row - 4] < 0:
        s[REWARD + c * 2 + row - 4] = p
        gain_cards(s, cfg, rs, rec, p, 1, False)
    low = 5
    for q in range(NC):
        low = min(low, s[b + O_ROWS + q])
    while s[b + O_ALLROWS] < low:
        s[b + O_ALLROWS] += 1
        take_extra(s, p, 1)


@kernel(f"void({G}, int64, int64, int64)")
def add_plantation(s, cfg, rs, rec, p, k, spaces):
    """A plantation filled at once; a fifth forces a discard (random: uniform over the five; greedy: the fewest
    spaces, ties the earliest held), its kind's sacks cut to the capacity left."""
    b = PL + p * PSZ
    n = s[b + O_NPLANT]
    s[b + O_PK + n] = k
    s[b + O_PC + n] = spaces
    s[b + O_CAP + k] += spaces
    s[b + O_SACK + k] += spaces
    if spaces == 1:
        s[b + O_SINGLES] += 1
    n += 1
    if n > MAX_PLANTATIONS:
        if s[b + O_POL] == P_RANDOM:
            i = randint(rs, S_CHOICE, n)
            note(rec, R_PLANT, i, 0)
        else:
            i = 0
            for j in range(n):
                if s[b + O_PC + j] < s[b + O_PC + i]:
                    i = j
        gk = s[b + O_PK + i]
        s[b + O_CAP + gk] -= s[b + O_PC + i]
        s[b + O_SACK + gk] = min(s[b + O_SACK + gk], s[b + O_CAP + gk])
        for j in range(i, n - 1):
            s[b + O_PK + j] = s[b + O_PK + j + 1]
            s[b + O_PC + j] = s[b + O_PC + j + 1]
        n -= 1
    s[b + O_NPLANT] = n


# ------------------------------------------------------------------------------------------------
# actions


@kernel(f"int64({S}, {S}, int64)")
def greedy_colony(s, cfg, p):
    """The open colony of highest exact P(row + 2 flipped + colonist cards >= target) over the pool p cannot see
    (30 - discard - own hand), ties the lower type, when that P >= 1/2; else -1."""
    b = PL + p * PSZ
    w = WK
    for v in range(8):
        s[w + v] = 0
    for c in range(NCARD):
        s[w + 8 + c] = 1
    for i in range(s[DISCN]):
        s[w + 8 + s[DISC + i]] = 0
    for i in range(s[b + O_HANDN]):
        s[w + 8 + s[b + O_HAND + i]] = 0
    n = 0
    for c in range(NCARD):
        if s[w + 8 + c]:
            s[w + cfg[C_CCOL + c]] += 1
            n += 1
    total = n * (n - 1) // 2 if n >= 2 else 1
    best, best_ok = -1, -1
    base = cfg[C_DEV + COLONISTS_C * 5 + s[b + O_ROWS + COLONISTS_C] - 1] + s[b + O_COL]
    for t in range(NCOL):
        if s[b + O_COLONIES + t]:
            continue
        need = cfg[C_TARG + t] - base
        ok = 0
        if n >= 2:
            for a in range(8):
                for a2 in range(a, 8):
                    if a + a2 >= need:
                        ok += s[w + a] * (s[w + a] - 1) // 2 if a == a2 else s[w + a] * s[w + a2]
        elif n == 1:
            for a in range(8):
                if s[w + a] and a >= need:
                    ok = 1
        elif need <= 0:
            ok = 1
        if ok > best_ok:
            best, best_ok = t, ok
    if best >= 0 and 2 * best_ok >= total:
        return best
    return -1


@kernel(f"boolean({S}, {S}, int64, int64)")
def legal(s, cfg, p, a):
    b = PL + p * PSZ
    if a < NC:
        return can_advance(s, cfg, p, a)
    if a == A_HARVEST:
        for k in range(NS):
            if s[b + O_CAP + k] > s[b + O_SACK + k]:
                return True
        return False
    if a == A_EXPED:
        return s[DN] > s[DPOS] or s[DISCN] > 0
    if a >= A_COLONY:
        return s[b + O_COLONIES + a - A_COLONY] == 0
    return True


@kernel(f"int64({S}, {S}, int64, boolean)")
def greedy_action(s, cfg, p, extra):
    """The coordination notes' greedy rule (extra rounds: plays while holding 2 cards, in round 8 while 1)."""
    b = PL + p * PSZ
    if extra and s[b + O_EXTRA] < (1 if s[ROUND] == r.ROUNDS - 1 else 2):
        return PASS
    t = greedy_colony(s, cfg, p)
    if t >= 0:
        return A_COLONY + t
    best = -1
    for c in range(NC):
        if can_advance(s, cfg, p, c) and (best < 0 or s[b + O_ROWS + c] < s[b + O_ROWS + best]):
            best = c
    if best >= 0:
        return best
    t = target(s, cfg, p)
    if t >= 0:
        row = s[b + O_ROWS + t]
        if s[b + O_SHIPS] < row:
            return A_SHIPS
        for k in range(NS):
            if s[b + O_SACK + k] < cost_count(s, cfg, t, row, k):
                return A_HARVEST
    if s[b + O_DUC] < GREEDY_DUCATS:
        return A_TAXES
    if legal(s, cfg, p, A_EXPED):
        return A_EXPED
    return A_SHIPS


@kernel(f"int64({G}, int64, boolean)")
def random_action(s, cfg, rs, rec, p, extra):
    """Uniform over the legal action codes (extra rounds: and the pass)."""
    n = 1 if extra else 0
    for a in range(NACTION):
        if legal(s, cfg, p, a):
            n += 1
    i = randint(rs, S_CHOICE, n)
    code = PASS
    for a in range(NACTION):
        if legal(s, cfg, p, a):
            if i == 0:
                code = a
                break
            i -= 1
    note(rec, R_ACTION, code, 0)
    return code


@kernel(f"boolean({G}, {S}, int64, boolean)")
def act(s, cfg, rs, rec, st, p, extra):
    """p's next action (or extra action) by his policy; False when he passes or the game is capped (its action
    count reached turn_cap)."""
    b = PL + p * PSZ
    if s[CAPPED]:
        return False
    if s[b + O_POL] == P_RANDOM:
        a = random_action(s, cfg, rs, rec, p, extra)
    else:
        a = greedy_action(s, cfg, p, extra)
    if a == PASS:
        return False
    sa = ST_ACT + p * NACT
    if extra:
        s[b + O_EXTRA] -= 1
        s[SUPPLY] += 1
        st[sa + 7] += 1
    if a < NC:
        advance(s, cfg, rs, rec, p, a, True)
        st[sa] += 1
    elif a == A_SHIPS:
        s[b + O_SHIPS] += cfg[C_DEV + SHIPS_C * 5 + s[b + O_ROWS + SHIPS_C] - 1]
        st[sa + 1] += 1
    elif a == A_HARVEST:
        harvest(s, cfg, rs, rec, p, cfg[C_DEV + HARVEST_C * 5 + s[b + O_ROWS + HARVEST_C] - 1])
        st[sa + 2] += 1
    elif a == A_TAXES:
        s[b + O_DUC] += cfg[C_DEV + TAXES_C * 5 + s[b + O_ROWS + TAXES_C] - 1]
        st[sa + 3] += 1
    elif a == A_EXPED:
        gain_cards(s, cfg, rs, rec, p, cfg[C_DEV + EXPED_C * 5 + s[b + O_ROWS + EXPED_C] - 1], True)
        st[sa + 4] += 1
    else:
        t = a - A_COLONY
        need = (cfg[C_TARG + t] - cfg[C_DEV + COLONISTS_C * 5 + s[b + O_ROWS + COLONISTS_C] - 1]
                - flip_two(s, cfg, rs, rec))
        if need <= s[b + O_COL]:
            s[b + O_COL] -= max(need, 0)
            s[b + O_COLONIES + t] = 1
            s[b + O_CAP + COLONY_SPICE[t]] += 1
            s[b + O_SACK + COLONY_SPICE[t]] += 1
            st[sa + 5] += 1
        else:
            s[b + O_COL] += r.FAIL_COLONISTS
            st[sa + 6] += 1
    s[NACTS] += 1
    if s[NACTS] >= cfg[C_CAP]:
        s[CAPPED] = 1
    return True


# ------------------------------------------------------------------------------------------------
# tiles, markers and auctions


@kernel(f"int64({S}, {S}, int64)")
def tile_value(s, cfg, t):
    """Greedy's value of the phase's tile t in ducats (the coordination notes' V)."""
    at = C_TILE + ((s[ROUND] >= 4) * NT + t) * 3
    kind, n = cfg[at], cfg[at + 2]
    if kind == K_PLANT:
        return 2 * n + (1 if n == 1 else 0)
    if kind == K_SHIPS or kind == K_COLONISTS or kind == K_SOC or kind == K_MISSION:
        return n
    if kind == K_SETTLE or kind == K_HARVEST_ALL or kind == K_SUPPLY:
        return 4
    if kind == K_EXTRA:
        return 3 * n
    if kind == K_EXPED:
        return 2 * n
    if kind == K_RED_SHIP or kind == K_RED_COL or kind == K_RED_SPICE or kind == K_RED_DUC or kind == K_VICEROY:
        return 5
    if kind == K_DUTY:
        return 3
    return 1


@kernel(f"void({G}, {S}, int64, int64)")
def apply_tile(s, cfg, rs, rec, st, p, t):
    b = PL + p * PSZ
    phase = 1 if s[ROUND] >= 4 else 0
    s[b + O_WON + s[b + O_WONN]] = phase * NT + t
    s[b + O_WONN] += 1
    st[ST_ACT + p * NACT + 8] += 1
    at = C_TILE + (phase * NT + t) * 3
    kind, spice, n = cfg[at], cfg[at + 1], cfg[at + 2]
    if kind == K_PLANT:
        add_plantation(s, cfg, rs, rec, p, spice, n)
    elif kind == K_SHIPS:
        s[b + O_SHIPS] += n
    elif kind == K_COLONISTS:
        s[b + O_COL] += n
    elif kind == K_SOC:
        if s[b + O_POL] == P_RANDOM:
            colonists = randint(rs, S_CHOICE, 2)
            note(rec, R_CHOICE, colonists, 0)
        else:
            colonists = 0 if s[b + O_SHIPS] < s[b + O_COL] else 1
        s[b + (O_COL if colonists else O_SHIPS)] += n
    elif kind == K_SETTLE:
        s[b + O_SHIPS] += 1
        s[b + O_COL] += 1
        take_extra(s, p, 1)
    elif kind == K_EXTRA:
        take_extra(s, p, n)
    elif kind == K_EXPED:
        gain_cards(s, cfg, rs, rec, p, n, False)
    elif kind >= K_RED_SHIP and kind <= K_RED_DUC:
        s[b + O_RED + kind - K_RED_SHIP] = 1
    elif kind == K_DUTY:
        s[b + O_DUTY] = 1
    elif kind == K_HARVEST_ALL:
        for k in range(NS):
            s[b + O_SACK + k] = s[b + O_CAP + k]
    elif kind == K_SUPPLY:
        s[b + O_COL] += flip_two(s, cfg, rs, rec)
    elif kind == K_VICEROY:
        c = -1
        for q in range(NC):
            if s[b + O_ROWS + q] < 5 and (c < 0 or s[b + O_ROWS + q] < s[b + O_ROWS + c]):
                c = q
        if c >= 0:
            advance(s, cfg, rs, rec, p, c, False)
    elif kind == K_MISSION:
        s[b + O_MISSION] += n


@kernel(f"boolean({S}, int64, int64)")
def has_tile(s, x, y):
    return 0 <= x < r.GRID and 0 <= y < r.GRID and s[TILES + y * r.GRID + x] >= 0


@kernel(f"boolean({S}, int64, int64)")
def flag_ok(s, x, y):
    """A flag square: holds no tile, a remaining tile shares a side with it."""
    if has_tile(s, x, y):
        return False
    return has_tile(s, x - 1, y) or has_tile(s, x + 1, y) or has_tile(s, x, y - 1) or has_tile(s, x, y + 1)


@kernel(f"int64({S}, {S}, {U}, {R}, int64)")
def place_flag(s, cfg, rs, rec, p):
    """The flag's frame square (y + 1) * FW + x + 1 by p's policy."""
    ok = WK + NSQ  # the legal frame squares, (y + 1) * FW + x + 1
    n = 0
    for f in range(FW * FW):
        s[ok + f] = flag_ok(s, f % FW - 1, f // FW - 1)
        n += s[ok + f]
    if s[PL + p * PSZ + O_POL] == P_RANDOM:
        i = randint(rs, S_CHOICE, n)
        for f in range(FW * FW):
            if s[ok + f]:
                if i == 0:
                    note(rec, R_FLAG, f % FW - 1, f // FW - 1)
                    return f
                i -= 1
    tried = WK  # tiles already looked at
    for i in range(NSQ):
        s[tried + i] = 0
    for _ in range(NSQ):
        best, bv = -1, -1
        for i in range(NSQ):
            if s[TILES + i] >= 0 and s[tried + i] == 0:
                v = tile_value(s, cfg, s[TILES + i])
                if v > bv:
                    best, bv = i, v
        s[tried + best] = 1
        f = (best // r.GRID + 1) * FW + best % r.GRID + 1
        for side in (f - FW, f - 1, f + 1, f + FW):  # by (y, x): above, left, right, below
            if s[ok + side]:
                return side
    return -1  # unreachable: the topmost remaining tile always has a free square above it


@kernel(f"boolean({S}, int64, int64, int64)")
def near(s, i, px, py):
    x, y = i % r.GRID, i // r.GRID
    return max(abs(x - px), abs(y - py)) == 1


@kernel(f"int64({S}, {S}, {U}, {R}, int64, int64, int64)")
def place_marker(s, cfg, rs, rec, p, px, py):
    """The square of p's marker: an unmarked remaining tile king-adjacent to (px, py), none such any (random:
    uniform; greedy: the highest value, ties the lower square)."""
    n_near, n_free = 0, 0
    for i in range(NSQ):
        if s[TILES + i] >= 0 and s[MARK + i] == 0:
            n_free += 1
            if near(s, i, px, py):
                n_near += 1
    only_near = n_near > 0
    n = n_near if only_near else n_free
    k = randint(rs, S_CHOICE, n) if s[PL + p * PSZ + O_POL] == P_RANDOM else -1
    best, bv = -1, -1
    for i in range(NSQ):
        if s[TILES + i] < 0 or s[MARK + i] != 0 or (only_near and not near(s, i, px, py)):
            continue
        if k >= 0:
            if k == 0:
                note(rec, R_MARKER, i % r.GRID, i // r.GRID)
                return i
            k -= 1
        else:
            v = tile_value(s, cfg, s[TILES + i])
            if v > bv:
                best, bv = i, v
    return best


@kernel(f"int64({S}, {S}, {U}, {R}, int64, int64)")
def auction(s, cfg, rs, rec, owner, value_code):
    """One bidding round from the owner's left, the owner last; the winner pays the owner (the bank when the owner
    wins); nobody bids: the owner's, free.  value_code: the tile's square, or -1 for the flag."""
    P = s[NPL]
    top, winner = 0, -1
    for i in range(1, P + 1):
        q = (owner + i) % P
        b = PL + q * PSZ
        duc = s[b + O_DUC]
        if s[b + O_POL] == P_RANDOM:
            k = randint(rs, S_CHOICE, 1 + max(0, duc - top))
            bid = top + k if k > 0 else 0
            note(rec, R_BID, bid, 0)
        else:
            v = FLAG_VALUE if value_code < 0 else tile_value(s, cfg, s[TILES + value_code])
            bid = min(v, duc)
            if bid <= top:
                bid = 0
        if bid > 0:
            top, winner = bid, q
    if winner < 0:
        return owner
    s[PL + winner * PSZ + O_DUC] -= top
    if winner != owner:
        s[PL + owner * PSZ + O_DUC] += top
    return winner


@kernel(f"void({S}, {S}, {U}, int64)")
def lay_tiles(s, cfg, rs, phase):
    """25 of the phase's 27 tiles, shuffled, row-major onto the grid (the record notes them in `deal`)."""
    w = WK
    for i in range(NT):
        s[w + i] = i
    shuffle(s, w, NT, rs, S_TILES)
    for i in range(NSQ):
        s[TILES + i] = s[w + i]
        s[MARK + i] = 0


# ------------------------------------------------------------------------------------------------
# rounds, set-up, scoring


@kernel(f"void({S}, {S})")
def score(s, cfg):
    """The end scoring into each seat's O_SCORE."""
    P = s[NPL]
    top, tied = -1, 0
    for p in range(P):
        b = PL + p * PSZ
        pts = 0
        for c in range(NC):
            pts += r.ROW_POINTS[s[b + O_ROWS + c] - 1]
        ncol = 0
        for t in range(NCOL):
            ncol += s[b + O_COLONIES + t]
        pts += r.COLONY_POINTS[ncol]
        for y in range(NSYM):
            n = 0
            for i in range(s[b + O_HANDN]):
                if cfg[C_CSYM + s[b + O_HAND + i]] == y:
                    n += 1
            pts += set_value(cfg, n)
        sacks = 0
        for k in range(NS):
            sacks += s[b + O_SACK + k]
        if s[b + O_DUTY] and sacks >= r.DUTY_SPICES:
            pts += r.DUTY_POINTS
        pts += s[b + O_SINGLES] + s[b + O_MISSION]
        s[b + O_SCORE] = pts
        if s[b + O_DUC] > top:
            top, tied = s[b + O_DUC], 1
        elif s[b + O_DUC] == top:
            tied += 1
    if tied == 1 or cfg[C_DTIE] == 0:
        for p in range(P):
            if s[PL + p * PSZ + O_DUC] == top:
                s[PL + p * PSZ + O_SCORE] += r.DUCAT_MAJORITY


@kernel(f"void({G})")
def deal(s, cfg, rs, rec):
    """The set-up's first part: the deck, the tiger search (the flipped cards to the discard), ducats, ships and
    colonists, markers in row 1."""
    P = cfg[C_P]
    s[NPL] = P
    for i in range(NCARD):
        s[DECK + i] = i
    shuffle(s, DECK, NCARD, rs, S_DECK)
    for i in range(NCARD):
        note(rec, R_DECK, s[DECK + i], 0)
    s[DN] = NCARD
    s[SUPPLY] = r.EXTRA_ACTION_CARDS
    for i in range(NC * 2):
        s[REWARD + i] = -1
    q = 0
    while True:
        c = draw(s)
        to_discard(s, c)
        if cfg[C_CSYM + c] == r.TIGER:
            break
        q = (q + 1) % P
    s[STARTP] = q
    s[FLAG] = q
    note(rec, R_START, q, 0)
    for p in range(P):
        b = PL + p * PSZ
        s[b + O_DUC] = r.START_PLAYER_DUCATS if p == q else r.START_DUCATS
        s[b + O_SHIPS] = r.START_SHIPS
        s[b + O_COL] = r.START_COLONISTS
        s[b + O_ALLROWS] = 1
        for c in range(NC):
            s[b + O_ROWS + c] = 1


@kernel(f"void({G})")
def finish_setup(s, cfg, rs, rec):
    """The set-up's second part, by the seated policies: the advanced start from the start player, the A tiles."""
    P, q = s[NPL], s[STARTP]
    for k in range(P):
        b = PL + ((q + k) % P) * PSZ
        if cfg[C_ADV] == 2:
            s[b + O_DUC] += ADVANCED_DUCATS
        elif cfg[C_ADV] == 1:
            if s[b + O_POL] == P_RANDOM:
                i = randint(rs, S_CHOICE, NC * (NC - 1) // 2)
                c1 = 0
                while i >= NC - 1 - c1:
                    i -= NC - 1 - c1
                    c1 += 1
                c2 = c1 + 1 + i
                note(rec, R_ADV, c1, c2)
            else:
                c1, c2 = SHIPS_C, COLONISTS_C
            s[b + O_ROWS + c1] = 2
            s[b + O_ROWS + c2] = 2
    lay_tiles(s, cfg, rs, 0)
    for i in range(NSQ):
        note(rec, R_TILE, i, s[TILES + i])


GO_ON, NEW_GAME = range(2)  # batch's `start`


@njit(f"void({S}, {R}, uint64[:, ::1], {R}, {S}, {R}, int64, int64)", cache=True, error_model="numpy", _nrt=False)
def batch(cfg, pols, streams, stats, s, rec, start, max_rounds):
    """Game j with chance streams streams[j], its stats in stats[j]; s and rec the state and record buffers.
    start NEW_GAME: a new set-up, policies pols[j] per turn-order rank (rank 0 the start player, found by the tiger
    search before anyone chooses); GO_ON: the one game in s goes on.  Each game plays up to max_rounds rounds."""
    P = cfg[C_P]
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        if start == NEW_GAME:
            for i in range(SSIZE):
                s[i] = 0
            deal(s, cfg, rs, rec)
            for k in range(P):
                s[PL + ((s[STARTP] + k) % P) * PSZ + O_POL] = pols[j, k]
            finish_setup(s, cfg, rs, rec)
            for i in range(STSIZE):
                st[i] = 0
        played = 0  # whole rounds until the end (or max_rounds more, -1 no limit); the end scores
        while s[ENDED] == 0 and played != max_rounds:
            # one round (inline: one compiled level less): phase B's tiles, the flag and the markers, the
            # auctions, the red tiles' income, three actions each, the extra-action rounds (a capped game's
            # actions are no-ops from the cap on)
            if s[ROUND] == 4:
                lay_tiles(s, cfg, rs, 1)
                for i in range(NSQ):
                    note(rec, R_TILE, i, s[TILES + i])
            F = s[FLAG]
            fsq = place_flag(s, cfg, rs, rec, F)
            px, py = fsq % FW - 1, fsq // FW - 1
            order = WK + 64  # the marked squares by marker number 2..P+1, then their owners
            for k in range(2, P + 2):
                q = (F + k - 1) % P if k <= P else F
                i = place_marker(s, cfg, rs, rec, q, px, py)
                s[MARK + i] = k
                s[order + k - 2] = i
                s[order + 8 + k - 2] = q
                px, py = i % r.GRID, i // r.GRID
            w = auction(s, cfg, rs, rec, F, -1)
            s[FLAG] = w
            take_extra(s, w, 1)
            st[ST_ACT + w * NACT + 9] += 1
            for k in range(P):
                i = s[order + k]
                q = auction(s, cfg, rs, rec, s[order + 8 + k], i)
                t = s[TILES + i]
                s[TILES + i] = -1
                s[MARK + i] = 0
                apply_tile(s, cfg, rs, rec, st, q, t)
            F = s[FLAG]
            for k in range(P):
                q = (F + k) % P
                b = PL + q * PSZ
                s[b + O_SHIPS] += s[b + O_RED]
                s[b + O_COL] += s[b + O_RED + 1]
                if s[b + O_RED + 2]:
                    harvest(s, cfg, rs, rec, q, 1)
                s[b + O_DUC] += 4 * s[b + O_RED + 3]
            for _ in range(r.ACTIONS_PER_ROUND):
                for k in range(P):
                    act(s, cfg, rs, rec, st, (F + k) % P, False)
            active = WK + 96
            for k in range(P):
                s[active + k] = 1 if s[PL + ((F + k) % P) * PSZ + O_EXTRA] > 0 else 0
            any_active = True
            while any_active:
                any_active = False
                for k in range(P):
                    q = (F + k) % P
                    if s[active + k] == 0:
                        continue
                    if act(s, cfg, rs, rec, st, q, True):
                        if s[PL + q * PSZ + O_EXTRA] > 0:
                            any_active = True
                        else:
                            s[active + k] = 0
                    else:
                        s[active + k] = 0
            for q in range(P if not s[CAPPED] else 0):  # into the next round: at most one extra card each
                b = PL + q * PSZ
                if s[b + O_EXTRA] > r.EXTRA_ACTIONS_KEPT:
                    s[SUPPLY] += s[b + O_EXTRA] - r.EXTRA_ACTIONS_KEPT
                    s[b + O_EXTRA] = r.EXTRA_ACTIONS_KEPT
            s[ROUND] += 1
            played += 1
            if s[CAPPED] or s[ROUND] == r.ROUNDS:
                s[ENDED] = 1
                score(s, cfg)
        st[ST_START] = s[STARTP]
        st[ST_ACTS] = s[NACTS]
        st[ST_CAPPED] = s[CAPPED]
        for p in range(P):
            st[ST_POINTS + p] = s[PL + p * PSZ + O_SCORE]
            st[ST_DUCATS + p] = s[PL + p * PSZ + O_DUC]


# ------------------------------------------------------------------------------------------------
# Python side

ENGINE_READINGS = [
    "seat 0 is the youngest; the tiger search flips from seat 0 clockwise",
    "whole games: expedition cards are never played for their effects (kept for the sets); a colony flips 2",
    "red tiles are income at the start of every action phase; vize_koenig, zusatzernte (every free space) and "
    "nachschub (the sum in colonists) act at once; spionage and tausch have no effect; duty scores 4 when its owner "
    "ends with 6 sacks",
    "a founded colony holds one sack of a fixed kind (quilon ginger, cochin pepper, madras cinnamon, calicut "
    "nutmeg; illustrative)",
    "expedition_limit always: every card gain (action, tiles, row rewards) is cut to the limit at once",
    "turn_cap counts actions (extra ones included); a capped game is scored where it stopped, counted apart",
    "win: most points, then most ducats; still tied: shared",
]


def settings_vector(settings, players: int) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default)."""
    st = settings or r.DEFAULT_SETTINGS
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    cfg[C_LIMIT] = ("after_action", "always").index(st.expedition_limit)
    cfg[C_DTIE] = ("all", "none").index(st.ducat_tie)
    cfg[C_RESH] = ("discard_under", "shuffle_together").index(st.expedition_reshuffle)
    cfg[C_ADV] = ADV_READINGS.index(st.advanced_start)
    cfg[C_CAP] = st.turn_cap
    cfg[C_SETV:C_SETV + 6] = st.set_values
    for c, rows in enumerate(st.development):
        for i, v in enumerate(rows):
            if c == EXPED_C:
                cfg[C_DEV + c * 5 + i], cfg[C_LIM + i] = v
            else:
                cfg[C_DEV + c * 5 + i] = v
    cfg[C_COST:C_COST + NC * 16] = -1
    for c, steps in enumerate(r.ADVANCE_SPICES):
        for n, kinds in enumerate(steps):
            cfg[C_COST + c * 16 + n * 4:C_COST + c * 16 + n * 4 + len(kinds)] = kinds
    cfg[C_TARG:C_TARG + NCOL] = r.COLONY_TARGETS
    for i, (_, colonists, symbol) in enumerate(st.expedition_deck):
        cfg[C_CCOL + i], cfg[C_CSYM + i] = colonists, symbol
    for phase, tiles in enumerate((st.tiles_a, st.tiles_b)):
        for t, name in enumerate(tiles):
            cfg[C_TILE + (phase * NT + t) * 3:C_TILE + (phase * NT + t) * 3 + 3] = tile_code(name)
    return cfg


def policy_codes(policies) -> np.ndarray:
    return np.array([POLICY_CODES[p if isinstance(p, str) else p.kind] for p in policies], dtype=np.int64)


def run(cfg, streams, stats, s, start, max_rounds=-1, pols=None, rec=None):
    """`batch` with the buffers a caller does not keep made fresh."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, 3), dtype=np.int64) if rec is None else rec
    batch(cfg, pols, streams, stats, s, rec, start, max_rounds)


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points, then most ducats; a tie left splits 1."""
    key = stats[:, ST_POINTS:ST_POINTS + players] * (1 << 20) + stats[:, ST_DUCATS:ST_DUCATS + players]
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)
