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
from numba import njit, types

from analyzer.core import search
from analyzer.core import settings as core_settings
from analyzer.core.kernels import R, S, U, kernel, note2 as note, randint, shuffle, shuffled_range
from analyzer.core.policies import engine_coders
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
C_HCAP = C_TILE + 2 * NT * 3  # MAXP start ducats added by turn-order rank (the seat handicap)
CSIZE = C_HCAP + MAXP
ADV_READINGS = ("none", "two_markers_row2", "ten_ducats")

# per-game stats and the actions each seat counts
ACT_KINDS = ("advance", "build ships", "harvest", "taxes", "expedition", "colony founded", "colony failed",
             "extra action", "tile bought", "flag bought")
NACT = len(ACT_KINDS)

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
O_CODE = O_WON + 2 * NSQ  # the seat's player code (O_POL: the rule of its minor decisions, a search seat's BASE)
O_ACTS = O_CODE + 1  # NACT: its actions by ACT_KINDS (the stats)
PSZ = O_ACTS + NACT
# the forward model's cursor (core/search.py): the stage of the round, the pending decision (D_*, 0 none) and its
# seat, the stage's counters (K: markers placed / seat in turn; SUB: bidder 1..P / action number; AUC: the auction,
# -1 the flag's), the auction's highest bid and its bidder, the last marked square, whether an extra-action pass
# acted, the flag's owner at the round's start; the marked squares and their owners; the seats still in the extra
# rounds; the options scratch
CUR = PL + MAXP * PSZ
STAGE, WHAT, DECP, K, SUB, AUC, TOP, WINNER, PX, PY, ANY, OWNER = range(CUR, CUR + 12)
ORDER = CUR + 12  # MAXP squares, then MAXP owners
ACTIVE = ORDER + 2 * MAXP
OPTS = ACTIVE + MAXP
SSIZE = OPTS + search.MAX_OPTIONS
G_START, G_MARKERS, G_BIDS, G_INCOME, G_ACTIONS, G_EXTRA = range(6)
D_NONE, D_FLAG, D_MARKER, D_BID, D_ACT, D_EXTRA = range(6)
BID_STEPS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15)  # the search's bids: a pass or the highest so far plus one of these

# per-game stats
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

G = f"{S}, {S}, {U}, {R}"  # s, cfg, rs, rec


class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 4) uint64; game j of every rule set reads row j."""
    STREAMS = ("deck", "tiles", "reshuffle", "choice")


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
def advance_column(s, cfg, rs, rec, p, c, pay):
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
def action_ok(s, cfg, p, a):
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
    if action_ok(s, cfg, p, A_EXPED):
        return A_EXPED
    return A_SHIPS


@kernel(f"int64({S}, {S}, int64, boolean, int64)")
def action_options(s, cfg, p, extra, at):
    """p's legal action codes ascending (extra rounds: then the pass) into s[at:]: their count."""
    n = 0
    for a in range(NACTION):
        if action_ok(s, cfg, p, a):
            s[at + n] = a
            n += 1
    if extra:
        s[at + n] = PASS
        n += 1
    return n


@kernel(f"void({G}, int64, int64, boolean)")
def do_action(s, cfg, rs, rec, p, a, extra):
    """p plays action a (an extra action when `extra`), counted in his O_ACTS; the game capped at turn_cap."""
    b = PL + p * PSZ
    sa = b + O_ACTS
    if extra:
        s[b + O_EXTRA] -= 1
        s[SUPPLY] += 1
        s[sa + 7] += 1
    if a < NC:
        advance_column(s, cfg, rs, rec, p, a, True)
        s[sa] += 1
    elif a == A_SHIPS:
        s[b + O_SHIPS] += cfg[C_DEV + SHIPS_C * 5 + s[b + O_ROWS + SHIPS_C] - 1]
        s[sa + 1] += 1
    elif a == A_HARVEST:
        harvest(s, cfg, rs, rec, p, cfg[C_DEV + HARVEST_C * 5 + s[b + O_ROWS + HARVEST_C] - 1])
        s[sa + 2] += 1
    elif a == A_TAXES:
        s[b + O_DUC] += cfg[C_DEV + TAXES_C * 5 + s[b + O_ROWS + TAXES_C] - 1]
        s[sa + 3] += 1
    elif a == A_EXPED:
        gain_cards(s, cfg, rs, rec, p, cfg[C_DEV + EXPED_C * 5 + s[b + O_ROWS + EXPED_C] - 1], True)
        s[sa + 4] += 1
    else:
        t = a - A_COLONY
        need = (cfg[C_TARG + t] - cfg[C_DEV + COLONISTS_C * 5 + s[b + O_ROWS + COLONISTS_C] - 1]
                - flip_two(s, cfg, rs, rec))
        if need <= s[b + O_COL]:
            s[b + O_COL] -= max(need, 0)
            s[b + O_COLONIES + t] = 1
            s[b + O_CAP + COLONY_SPICE[t]] += 1
            s[b + O_SACK + COLONY_SPICE[t]] += 1
            s[sa + 5] += 1
        else:
            s[b + O_COL] += r.FAIL_COLONISTS
            s[sa + 6] += 1
    s[NACTS] += 1
    if s[NACTS] >= cfg[C_CAP]:
        s[CAPPED] = 1


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


@kernel(f"void({G}, int64, int64)")
def apply_tile(s, cfg, rs, rec, p, t):
    b = PL + p * PSZ
    phase = 1 if s[ROUND] >= 4 else 0
    s[b + O_WON + s[b + O_WONN]] = phase * NT + t
    s[b + O_WONN] += 1
    s[b + O_ACTS + 8] += 1
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
            advance_column(s, cfg, rs, rec, p, c, False)
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


@kernel(f"int64({S}, int64)")
def flag_options(s, at):
    """The flag's legal frame squares (y + 1) * FW + x + 1, ascending, into s[at:]: their count."""
    n = 0
    for f in range(FW * FW):
        if flag_ok(s, f % FW - 1, f // FW - 1):
            s[at + n] = f
            n += 1
    return n


@kernel(f"int64({S}, {S})")
def greedy_flag(s, cfg):
    """Greedy's flag square: beside the highest-valued tile (ties the lower square) that has a free side, the
    sides by (y, x): above, left, right, below."""
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
        for side in (f - FW, f - 1, f + 1, f + FW):
            if flag_ok(s, side % FW - 1, side // FW - 1):
                return side
    return -1  # unreachable: the topmost remaining tile always has a free square above it


@kernel(f"boolean({S}, int64, int64, int64)")
def near(s, i, px, py):
    x, y = i % r.GRID, i // r.GRID
    return max(abs(x - px), abs(y - py)) == 1


@kernel(f"int64({S}, int64, int64, int64)")
def marker_options(s, px, py, at):
    """The squares a marker may take, ascending, into s[at:]: the unmarked remaining tiles king-adjacent to
    (px, py), none such any: their count."""
    n = 0
    for only_near in (True, False):
        for i in range(NSQ):
            if s[TILES + i] >= 0 and s[MARK + i] == 0 and (near(s, i, px, py) or not only_near):
                s[at + n] = i
                n += 1
        if n > 0:
            return n
    return n


@kernel(f"int64({S}, {S}, int64, int64)")
def greedy_bid(s, cfg, p, value_code):
    """Greedy's bid: the item's value (the tile's, value_code its square; the flag's, -1) up to its ducats when it
    beats the highest bid so far, else a pass (0)."""
    v = FLAG_VALUE if value_code < 0 else tile_value(s, cfg, s[TILES + value_code])
    bid = min(v, s[PL + p * PSZ + O_DUC])
    return bid if bid > s[TOP] else 0


@kernel(f"void({S}, {S}, {U}, int64)")
def lay_tiles(s, cfg, rs, phase):
    """25 of the phase's 27 tiles, shuffled, row-major onto the grid (the record notes them in `deal`)."""
    w = WK
    shuffled_range(s, w, NT, rs, S_TILES)
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
    shuffled_range(s, DECK, NCARD, rs, S_DECK)
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
        s[b + O_DUC] = (r.START_PLAYER_DUCATS if p == q else r.START_DUCATS) + cfg[C_HCAP + (p - q) % P]
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


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): a round's rules as advance / legal / apply, the players as policy.  The
# decisions it leaves pending: the flag's square, each marker's square, each bid, each action and extra action
# (colony attempts included); the minor ones inside them (a harvested sack's kind, a card discarded to the hand
# limit, the plantation discarded, ships or colonists, the advanced start) each seat takes by its own rule
# (O_POL: a search seat's BASE).


@kernel(f"int64({S}, int64, int64)")
def pend(s, what, p):
    s[WHAT] = what
    s[DECP] = p
    return p


@kernel(f"void({S}, int64)")
def open_auction(s, auc):
    s[AUC], s[SUB], s[TOP], s[WINNER] = auc, 1, 0, -1


@kernel(f"void({G})")
def close_auction(s, cfg, rs, rec):
    """The winner pays the owner (the bank when the owner wins) and takes the item; nobody bid: the owner's, free."""
    P = s[NPL]
    owner = s[OWNER] if s[AUC] < 0 else s[ORDER + MAXP + s[AUC]]
    w = s[WINNER]
    if w < 0:
        w = owner
    else:
        s[PL + w * PSZ + O_DUC] -= s[TOP]
        if w != owner:
            s[PL + owner * PSZ + O_DUC] += s[TOP]
    if s[AUC] < 0:
        s[FLAG] = w
        take_extra(s, w, 1)
        s[PL + w * PSZ + O_ACTS + 9] += 1
    else:
        i = s[ORDER + s[AUC]]
        tile = s[TILES + i]
        s[TILES + i] = -1
        s[MARK + i] = 0
        apply_tile(s, cfg, rs, rec, w, tile)
    if s[AUC] + 1 < P:
        open_auction(s, s[AUC] + 1)
    else:
        s[STAGE] = G_INCOME


@kernel(f"void({G})")
def income(s, cfg, rs, rec):
    """The red tiles' income from the flag's holder round the table."""
    P = s[NPL]
    for k in range(P):
        q = (s[FLAG] + k) % P
        b = PL + q * PSZ
        s[b + O_SHIPS] += s[b + O_RED]
        s[b + O_COL] += s[b + O_RED + 1]
        if s[b + O_RED + 2]:
            harvest(s, cfg, rs, rec, q, 1)
        s[b + O_DUC] += 4 * s[b + O_RED + 3]


@kernel(f"void({S}, {S})")
def end_round(s, cfg):
    """At most one extra-action card each into the next round (not in a capped game); the end and its scoring."""
    for q in range(s[NPL] if not s[CAPPED] else 0):
        b = PL + q * PSZ
        if s[b + O_EXTRA] > r.EXTRA_ACTIONS_KEPT:
            s[SUPPLY] += s[b + O_EXTRA] - r.EXTRA_ACTIONS_KEPT
            s[b + O_EXTRA] = r.EXTRA_ACTIONS_KEPT
    s[ROUND] += 1
    s[STAGE] = G_START
    if s[CAPPED] or s[ROUND] == r.ROUNDS:
        s[ENDED] = 1
        score(s, cfg)


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(s, cfg, rs, rec):
    """Plays up to the next decision (left pending in s) and returns its seat; search.ROUND_END after a round,
    search.ENDED at the end.  A round: phase B's tiles (round 5), the flag and the markers from the flag's holder,
    the flag's auction and the marked tiles' in marker order (each from the owner's left, the owner last), the red
    tiles' income, three actions each, the extra-action rounds (a seat leaves them when it passes or holds no card);
    a capped game's actions are skipped from the cap on."""
    P = s[NPL]
    while True:
        if s[ENDED]:
            return search.ENDED
        if s[WHAT] != D_NONE:
            return s[DECP]
        stage = s[STAGE]
        if stage == G_START:
            if s[ROUND] == 4:
                lay_tiles(s, cfg, rs, 1)
                for i in range(NSQ):
                    note(rec, R_TILE, i, s[TILES + i])
            s[OWNER] = s[FLAG]
            s[K] = 0
            s[STAGE] = G_MARKERS
            return pend(s, D_FLAG, s[FLAG])
        if stage == G_MARKERS:
            if s[K] < P:  # marker number K + 2 goes to the seat K + 1 from the owner's left, the last the owner's
                return pend(s, D_MARKER, (s[OWNER] + s[K] + 1) % P)
            open_auction(s, -1)
            s[STAGE] = G_BIDS
        elif stage == G_BIDS:
            if s[SUB] <= P:
                owner = s[OWNER] if s[AUC] < 0 else s[ORDER + MAXP + s[AUC]]
                return pend(s, D_BID, (owner + s[SUB]) % P)
            close_auction(s, cfg, rs, rec)
        elif stage == G_INCOME:
            income(s, cfg, rs, rec)
            s[STAGE], s[SUB], s[K] = G_ACTIONS, 0, 0
        elif stage == G_ACTIONS:
            if s[K] == P:
                s[SUB] += 1
                s[K] = 0
            elif s[SUB] < r.ACTIONS_PER_ROUND and s[CAPPED]:
                s[K] += 1
            elif s[SUB] < r.ACTIONS_PER_ROUND:
                return pend(s, D_ACT, (s[FLAG] + s[K]) % P)
            if s[SUB] == r.ACTIONS_PER_ROUND:
                for k in range(P):
                    s[ACTIVE + k] = 1 if s[PL + ((s[FLAG] + k) % P) * PSZ + O_EXTRA] > 0 else 0
                s[STAGE], s[K], s[ANY] = G_EXTRA, 0, 0
        else:  # the extra-action rounds: pass after pass while anyone acted and still holds a card
            k = s[K]
            if k == P:
                if not s[ANY]:
                    end_round(s, cfg)
                    return search.ROUND_END
                s[K], s[ANY] = 0, 0
            elif not s[ACTIVE + k]:
                s[K] += 1
            elif s[CAPPED]:
                s[ACTIVE + k] = 0
                s[K] += 1
            else:
                return pend(s, D_EXTRA, (s[FLAG] + k) % P)


@kernel(f"int64({S}, {S}, int64)")
def options(s, cfg, at):
    """The pending decision's options into s[at:]: their count (a bid: a pass, then, up to the bidder's ducats,
    the highest so far plus each of BID_STEPS, and greedy's bid)."""
    p, what = s[DECP], s[WHAT]
    if what == D_FLAG:
        return flag_options(s, at)
    if what == D_MARKER:
        return marker_options(s, s[PX], s[PY], at)
    if what == D_BID:
        s[at] = 0
        n = 1
        mine = greedy_bid(s, cfg, p, -1 if s[AUC] < 0 else s[ORDER + s[AUC]])
        for bid in range(s[TOP] + 1, min(s[PL + p * PSZ + O_DUC], s[TOP] + BID_STEPS[-1]) + 1):
            step = bid == mine
            for d in BID_STEPS:
                step = step or bid == s[TOP] + d
            if step:
                s[at + n] = bid
                n += 1
        return n
    return action_options(s, cfg, p, what == D_EXTRA, at)


@njit(search.LEGAL_SIG, cache=True, error_model="numpy", _nrt=False)
def legal(s, cfg, out):
    n = options(s, cfg, OPTS)
    for i in range(n):
        out[i] = s[OPTS + i]
    return n


@njit(search.APPLY_SIG, cache=True, error_model="numpy", _nrt=False)
def apply(s, cfg, rs, rec, o):
    """The pending decision takes option o: a frame square, a square, a bid (0 a pass), an action (PASS)."""
    p, what = s[DECP], s[WHAT]
    s[WHAT] = D_NONE
    if what == D_FLAG:
        s[PX], s[PY] = o % FW - 1, o // FW - 1
    elif what == D_MARKER:
        k = s[K]
        s[MARK + o] = k + 2
        s[ORDER + k] = o
        s[ORDER + MAXP + k] = p
        s[PX], s[PY] = o % r.GRID, o // r.GRID
        s[K] += 1
    elif what == D_BID:
        if o > s[TOP]:
            s[TOP], s[WINNER] = o, p
        s[SUB] += 1
    elif what == D_ACT:
        if o != PASS:
            do_action(s, cfg, rs, rec, p, o, False)
        s[K] += 1
    else:
        k = s[K]
        if o == PASS:
            s[ACTIVE + k] = 0
        else:
            do_action(s, cfg, rs, rec, p, o, True)
            if s[PL + p * PSZ + O_EXTRA] > 0:
                s[ANY] = 1
            else:
                s[ACTIVE + k] = 0
        s[K] += 1


@njit(search.POLICY_SIG, cache=True, error_model="numpy", _nrt=False)
def policy(s, cfg, rs, rec, code):
    """What `random` (0: uniform over the options, except a bid: a pass or any amount above the highest up to
    its ducats) or `greedy` (1) chooses for the pending decision."""
    p, what = s[DECP], s[WHAT]
    if what == D_BID:
        if code == P_RANDOM:
            k = randint(rs, S_CHOICE, 1 + max(0, s[PL + p * PSZ + O_DUC] - s[TOP]))
            bid = s[TOP] + k if k > 0 else 0
            note(rec, R_BID, bid, 0)
            return bid
        return greedy_bid(s, cfg, p, -1 if s[AUC] < 0 else s[ORDER + s[AUC]])
    if code == P_RANDOM:
        n = options(s, cfg, OPTS)
        o = s[OPTS + randint(rs, S_CHOICE, n)]
        if what == D_FLAG:
            note(rec, R_FLAG, o % FW - 1, o // FW - 1)
        elif what == D_MARKER:
            note(rec, R_MARKER, o % r.GRID, o // r.GRID)
        else:
            note(rec, R_ACTION, o, 0)
        return o
    if what == D_FLAG:
        return greedy_flag(s, cfg)
    if what == D_MARKER:
        best, bv = -1, -1
        for i in range(marker_options(s, s[PX], s[PY], OPTS)):
            v = tile_value(s, cfg, s[TILES + s[OPTS + i]])
            if v > bv:
                best, bv = s[OPTS + i], v
        return best
    return greedy_action(s, cfg, p, what == D_EXTRA)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """What `viewer` cannot see: the expedition deck's order and the other seats' hands (the discard and every
    board are open).  Those cards sorted by id, shuffled, and dealt back: each other hand its size, the rest the
    deck; the colony flips and Nachschub come from that deck, phase B's layout and every later shuffle from rs."""
    P = s[NPL]
    seen = WK
    pool = WK + NCARD
    for c in range(NCARD):
        s[seen + c] = 0
    for i in range(s[DPOS], s[DN]):
        s[seen + s[DECK + i]] = 1
    for p in range(P):
        if p != viewer:
            b = PL + p * PSZ
            for i in range(s[b + O_HANDN]):
                s[seen + s[b + O_HAND + i]] = 1
    n = 0
    for c in range(NCARD):
        if s[seen + c]:
            s[pool + n] = c
            n += 1
    shuffle(s, pool, n, rs, S_DECK)
    n = 0
    for p in range(P):
        if p != viewer:
            b = PL + p * PSZ
            for i in range(s[b + O_HANDN]):
                s[b + O_HAND + i] = s[pool + n]
                n += 1
    for i in range(s[DPOS], s[DN]):
        s[DECK + i] = s[pool + n]
        n += 1


@kernel(f"int64({S}, int64)")
def win_key(s, p):
    return s[PL + p * PSZ + O_SCORE] * (1 << 20) + s[PL + p * PSZ + O_DUC]


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: most points, then most ducats; a tie left splits it."""
    return search.win_share(np.array([win_key(s, p) for p in range(s[NPL])]), seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    return search.lead(np.array([s[PL + p * PSZ + O_SCORE] for p in range(s[NPL])]), seat)


# Playouts explore one decision in 32 (core's default: 8): a random bid or action costs Goa so much that at 8 the
# search is misled (search:16 won 54% against three greedy), while with none more playouts buy nothing (search:64
# against three search:16 30.5%, not told from 25%); at 32: 88.0% and 34.0%, docs/games/goa-search.md.
MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, explore_in=32)
PLAY = search.whole_game(MODEL)
GO_ON, NEW_GAME = range(2)  # batch's `start`
I64, R2 = types.int64[::1], types.int64[:, ::1]


@njit(types.void(I64, R2, types.uint64[:, ::1], R2, I64, R2, types.int64, types.int64, *search.MODEL), cache=True,
      error_model="numpy")
def batch(cfg, pols, streams, stats, s, rec, start, max_rounds, advance, legal, apply, policy, determinize, reward,
          margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s and rec the state and record buffers.
    start NEW_GAME: a new set-up, policies pols[j] per turn-order rank (rank 0 the start player, found by the tiger
    search before anyone chooses); GO_ON: the one game in s goes on.  Each game plays up to max_rounds rounds (-1:
    to the end) in core's one game loop.  The search players' seed comes from the game's choice stream's seed
    (never its draws).  The forward model comes in as arguments (function pointers), so that this kernel caches."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x60A))
        if start == NEW_GAME:
            for i in range(SSIZE):
                s[i] = 0
            deal(s, cfg, rs, rec)
            for k in range(P):
                b = PL + ((s[STARTP] + k) % P) * PSZ
                c = pols[j, k]
                s[b + O_CODE] = c
                s[b + O_POL] = c if c >= 0 else (-c - 1) & 0xFFFFFFFF  # a search seat's minor decisions: BASE's
            finish_setup(s, cfg, rs, rec)
            for i in range(STSIZE):
                st[i] = 0
        for p in range(P):
            codes[p] = s[PL + p * PSZ + O_CODE]
        PLAY(s, cfg, rs, rec, codes, max_rounds, -1, seed, advance, legal, apply, policy, determinize,
             reward, margin)
        st[ST_START] = s[STARTP]
        st[ST_ACTS] = s[NACTS]
        st[ST_CAPPED] = s[CAPPED]
        for p in range(P):
            st[ST_POINTS + p] = s[PL + p * PSZ + O_SCORE]
            st[ST_DUCATS + p] = s[PL + p * PSZ + O_DUC]
            for x in range(NACT):
                st[ST_ACT + p * NACT + x] = s[PL + p * PSZ + O_ACTS + x]


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
    handicap = core_settings.handicap_by_rank(st.seat_handicap, players)
    core_settings.check_start((r.START_PLAYER_DUCATS,) + (r.START_DUCATS,) * (players - 1), handicap, "ducats")
    cfg[C_HCAP:C_HCAP + players] = handicap
    return cfg


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def run(cfg, streams, stats, s, start, max_rounds=-1, pols=None, rec=None):
    """`batch` with the buffers a caller does not keep made fresh."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, 3), dtype=np.int64) if rec is None else rec
    batch(cfg, pols, streams, stats, s, rec, start, max_rounds, *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points, then most ducats; a tie left splits 1."""
    key = stats[:, ST_POINTS:ST_POINTS + players] * (1 << 20) + stats[:, ST_DUCATS:ST_DUCATS + players]
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)
