"""The Sankt Petersburg full-game engine (numba): whole games from the set-up with the seated policies
(`policies.py`), 2 to 4 players.

Settings (with the card table packed in) and state are flat int64 arrays (offsets below).  A card is its index in
`settings.card_table`; decks and phases are 0..3 in `rules.PHASES` order, colours 0..2 in `rules.COLOURS` order, a
board row 0 upper, 1 lower.  A move is four ints (kind, a, b, c), the coordination notes' tuples; the legal list is
the distinct moves in ascending tuple order, and the readable rules (`actions.py`) give the same list and costs.
Chance comes from three splitmix64 streams per game (start stones, deck order, random players' choices) seeded
from `Chance`, so every rule set of a balance run meets the same decks and stones game by game.  The decks are
shuffled at the set-up and kept in the state (their order is the record's "deck" rows); with a record buffer every
random player's decision is written in order, for the readable reference to replay.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core.kernels import R, S, U, kernel, randint, scratch
from analyzer.core import settings as core_settings
from analyzer.core.policies import engine_coders
from analyzer.core.streams import StreamSeeds
from analyzer.games.st_petersburg import rules as r

MAXP = 4
MAXT = 64  # card types a supplied table may have
MAXD = 256  # cards in one deck
MAXMV = 2048  # moves in one list: 16 board entries x MAXT replacements + hand plays + the rest
GREEN, BLUE, RED = r.GREEN, r.BLUE, r.RED
# the rules' numbers as plain globals (numba freezes them at compile time)
POTJOMKIN_WORTH, MIN_PRICE, PUB_PRICE, PUB_POINTS, BOARD = (r.POTJOMKIN_WORTH, r.MIN_PRICE, r.PUB_PRICE,
                                                            r.PUB_POINTS, r.BOARD_SIZE)
START_RUBLES, BONUS_CAP, RUBLES_PER_POINT, HAND_PENALTY = (r.START_RUBLES, r.BONUS_CAP, r.RUBLES_PER_POINT,
                                                           r.HAND_PENALTY)

# settings vector: scalars, the special cards' type (-1: not in the table), then the card table by column
(C_P, C_T, C_HAND, C_CAP, C_IMMEDIATE, C_OBSLAST, C_BYRANK, C_CZAR, C_PUB, C_WAREHOUSE, C_POTJ, C_OBS, C_CARP,
 C_SMELT, C_MARI, C_TAX) = range(16)
C_DECK = 16
C_COL, C_COST, C_RUB, C_PTS, C_CNT, C_UPG, C_PAIR = (C_DECK + MAXT * k for k in range(1, 8))
C_HCAP = C_PAIR + MAXT  # MAXP start rubles added by turn-order rank from the set-up's stone (the seat handicap)
CSIZE = C_HCAP + MAXP
SPECIALS = {C_CZAR: r.CZAR_AND_CARPENTER, C_PUB: "Pub", C_WAREHOUSE: "Warehouse", C_POTJ: "Potjomkin's Village",
            C_OBS: "Observatory", C_CARP: "Carpenter Workshop", C_SMELT: "Gold Smelter", C_MARI: "Mariinskij",
            C_TAX: "Tax Man"}

# state vector
NPL, ROUND, PHASE, TOMOVE, PASSES, LAST, ENDED, STONE, OBSCARD = range(9)  # STONE: the worker stone's seat
RUB = 9  # MAXP rubles
PTS = RUB + MAXP  # MAXP points
HN = PTS + MAXP  # MAXP hand sizes
FD = HN + MAXP  # MAXP face-down Observatories
POL = FD + MAXP  # MAXP policy codes
OWN = POL + MAXP  # MAXP x MAXT cards owned
HAND = OWN + MAXP * MAXT  # MAXP x MAXT cards in hand
UP = HAND + MAXP * MAXT  # MAXT upper row
LO = UP + MAXT  # MAXT lower row
DP = LO + MAXT  # 4 cards dealt from each deck
DN = DP + 4  # 4 deck sizes
DK = DN + 4  # 4 x MAXD each deck's order, top first
# the forward model's cursor: the step of the phase (0 not begun, 1 the actions, 2 the Pub), the pending decision
# (0 none, 1 a move, 2 Pub points) and its seat, the Pub's next seat from the building stone on
STEP, PEND, DECP, PUBK = (DK + 4 * MAXD + k for k in range(4))
PEND_MOVE, PEND_PUB = 1, 2
STB = PUBK + 1  # the game's stats (STSIZE below), kept in the state as it is played
END_NAMES = ("running", "last round", "capped", "worker refill")
E_RUN, E_LAST, E_CAPPED, E_IMMEDIATE = range(4)

# moves (kind, a, b, c)
M_PASS, M_BUY, M_TAKE, M_PLAY, M_OBS, M_OBS_PLAY, M_OBS_KEEP, M_OBS_DISCARD = range(8)

# per-game stats
ACT_KINDS = ("buy", "upgrade", "take to hand", "play from hand", "observatory", "pass", "pub points")
A_BUY, A_UPGRADE, A_TAKE, A_PLAY, A_OBS, A_PASS, A_PUB = range(7)
NACT = len(ACT_KINDS)
ST_ROUNDS, ST_END, ST_STONE, ST_ACTIONS = range(4)  # ST_STONE: the worker stone's seat at the start
ST_FINAL = 4  # MAXP final points
ST_RUB = ST_FINAL + MAXP  # MAXP final rubles
ST_ACT = ST_RUB + MAXP  # MAXP x NACT
STSIZE = ST_ACT + MAXP * NACT
SSIZE = STB + STSIZE

# chance streams and record tags
S_STONES, S_DECKS, S_CHOICE = range(3)
R_MOVE, R_PUB = range(2)
RECW = 5

POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1
GO_ON, NEW_GAME = range(2)

R2 = types.int64[:, ::1]


class Chance(StreamSeeds):
    """Every game's stream seeds, drawn up front: (n, 3) uint64; game j of every rule set reads row j."""
    STREAMS = ("stones", "decks", "choice")


# ------------------------------------------------------------------------------------------------
# chance and the record


@kernel(f"void({R}, int64, int64, int64, int64, int64)")
def note(rec, tag, a, b, c, d):
    """One record row (rec[0, 0] counts them); a batch without a record buffer (one row) writes nothing."""
    n = rec[0, 0] + 1
    if n < rec.shape[0]:
        rec[0, 0] = n
        rec[n, 0], rec[n, 1], rec[n, 2], rec[n, 3], rec[n, 4] = tag, a, b, c, d


# ------------------------------------------------------------------------------------------------
# rules


@kernel(f"int64({S}, {S}, int64)")
def hand_limit(cfg, s, p):
    w = cfg[C_WAREHOUSE]
    return cfg[C_HAND] + (1 if w >= 0 and s[OWN + p * MAXT + w] > 0 else 0)


@kernel(f"int64({S}, {S}, int64, int64)")
def owns(cfg, s, p, special):
    t = cfg[special]
    return 1 if t >= 0 and s[OWN + p * MAXT + t] > 0 else 0


@kernel(f"int64({S}, {S}, int64, int64, int64, int64)")
def cost(cfg, s, p, t, row, rep):
    """Price of card t to seat p from `row` (1 lower), replacing `rep` (-1 none): the coordination notes' rule."""
    c = cfg[C_COST + t] - s[OWN + p * MAXT + t] - row
    if rep >= 0:
        c -= POTJOMKIN_WORTH if rep == cfg[C_POTJ] else cfg[C_COST + rep]
    col = cfg[C_COL + t]
    if col == BLUE:
        c -= owns(cfg, s, p, C_CARP)
    elif col == RED:
        c -= owns(cfg, s, p, C_SMELT)
    return max(c, MIN_PRICE)


@kernel(f"boolean({S}, {S}, int64, int64, int64)")
def replaceable(cfg, s, p, t, rep):
    """May upgrade t replace seat p's card rep?"""
    n = s[OWN + p * MAXT + rep] - (s[FD + p] if rep == cfg[C_OBS] else 0)
    if n <= 0 or cfg[C_UPG + rep] or cfg[C_COL + rep] != cfg[C_COL + t]:
        return False
    return cfg[C_COL + t] != GREEN or rep == cfg[C_PAIR + t] or rep == cfg[C_CZAR]


@kernel(f"int64({S}, {S}, int64, {R}, int64, int64, int64, int64)")
def add_plays(cfg, s, p, mv, n, kind, row, t):
    """The (kind, row, t, rep) moves seat p can pay: rep -1 for a plain card, every replaceable card for an
    upgrade."""
    T = cfg[C_T]
    rub = s[RUB + p]
    if not cfg[C_UPG + t]:
        if cost(cfg, s, p, t, row, -1) <= rub:
            mv[n, 0], mv[n, 1], mv[n, 2], mv[n, 3] = kind, row, t, -1
            n += 1
        return n
    for rep in range(T):
        if replaceable(cfg, s, p, t, rep) and cost(cfg, s, p, t, row, rep) <= rub:
            mv[n, 0], mv[n, 1], mv[n, 2], mv[n, 3] = kind, row, t, rep
            n += 1
    return n


@kernel(f"int64({S}, {S}, int64, {R})")
def moves(cfg, s, p, mv):
    """Seat p's legal moves into mv (their count), in ascending tuple order; during an Observatory draw only the
    drawn card's fates."""
    T = cfg[C_T]
    full = s[HN + p] >= hand_limit(cfg, s, p)
    t = s[OBSCARD]
    if t >= 0:
        n = add_plays(cfg, s, p, mv, 0, M_OBS_PLAY, 0, t)
        for kind in (M_OBS_KEEP, M_OBS_DISCARD):
            if kind == M_OBS_DISCARD or not full:
                mv[n, 0], mv[n, 1], mv[n, 2], mv[n, 3] = kind, 0, t, -1
                n += 1
        return n
    mv[0, 0], mv[0, 1], mv[0, 2], mv[0, 3] = M_PASS, 0, 0, 0
    n = 1
    for row in range(2):
        for t in range(T):
            if s[(UP if row == 0 else LO) + t] > 0:
                n = add_plays(cfg, s, p, mv, n, M_BUY, row, t)
    if not full:
        for row in range(2):
            for t in range(T):
                if s[(UP if row == 0 else LO) + t] > 0:
                    mv[n, 0], mv[n, 1], mv[n, 2], mv[n, 3] = M_TAKE, row, t, -1
                    n += 1
    for t in range(T):
        if s[HAND + p * MAXT + t] > 0:
            n = add_plays(cfg, s, p, mv, n, M_PLAY, 0, t)
    obs = cfg[C_OBS]
    if s[PHASE] == 1 and obs >= 0 and s[OWN + p * MAXT + obs] > s[FD + p]:
        least = 1 if cfg[C_OBSLAST] else 2
        for d in range(4):
            if s[DN + d] - s[DP + d] >= least:
                mv[n, 0], mv[n, 1], mv[n, 2], mv[n, 3] = M_OBS, d, 0, -1
                n += 1
    return n


@kernel(f"int64({S}, {S}, int64, int64)")
def colour_count(cfg, s, p, col):
    n = 0
    for t in range(cfg[C_T]):
        if cfg[C_COL + t] == col:
            n += s[OWN + p * MAXT + t]
    return n


@kernel(f"int64({S}, {S}, int64, int64)")
def value(cfg, s, p, t):
    """greedy's worth of card t to seat p: one scoring's rubles + 2 per point (the Pub's price of a point)."""
    if t == cfg[C_MARI]:
        return colour_count(cfg, s, p, RED)
    if t == cfg[C_TAX]:
        return colour_count(cfg, s, p, GREEN)
    return cfg[C_RUB + t] + PUB_PRICE * cfg[C_PTS + t]


@kernel(f"int64({S}, {S}, int64, {R}, int64)")
def greedy(cfg, s, p, mv, n):
    """The index of greedy's move: the buy or hand play of best value per ruble (value > 0); ties the larger
    value, then the first; else pass (index 0).  (Greedy never draws, so never meets the fate list.)"""
    best, bv, bc = 0, 0, 1
    for i in range(n):
        kind = mv[i, 0]
        if kind != M_BUY and kind != M_PLAY:
            continue
        t, rep = mv[i, 2], mv[i, 3]
        v = value(cfg, s, p, t) - (value(cfg, s, p, rep) if rep >= 0 else 0)
        if v <= 0:
            continue
        c = cost(cfg, s, p, t, mv[i, 1] if kind == M_BUY else 0, rep)
        if bv == 0 or v * bc > bv * c or (v * bc == bv * c and v > bv):
            best, bv, bc = i, v, c
    return best


@kernel(f"void({S}, {S}, int64, int64)")
def refill(cfg, s, d, k):
    """k cards of deck d into the upper row (what it has); turning its last card makes the round the last."""
    left = s[DN + d] - s[DP + d]
    if k > 0 and k >= left:
        s[LAST] = 1
    for _ in range(min(k, left)):
        s[UP + s[DK + d * MAXD + s[DP + d]]] += 1
        s[DP + d] += 1


@kernel(f"int64({S}, {S})")
def on_board(cfg, s):
    n = 0
    for t in range(cfg[C_T]):
        n += s[UP + t] + s[LO + t]
    return n


@kernel(f"void({S}, {S}, int64, int64, int64, int64, int64)")
def play_move(cfg, s, p, kind, a, t, rep):
    """Seat p makes move (kind, a, t, rep); its action counts go to the stats kept in the state."""
    st = STB + ST_ACT + p * NACT
    if kind == M_PASS:
        s[PASSES] += 1
        s[st + A_PASS] += 1
        return
    s[PASSES] = 0
    if kind == M_OBS:
        t = s[DK + a * MAXD + s[DP + a]]
        s[DP + a] += 1
        if s[DP + a] == s[DN + a]:
            s[LAST] = 1
        s[FD + p] += 1
        s[OBSCARD] = t
        s[st + A_OBS] += 1
        return
    s[OBSCARD] = -1
    if kind == M_BUY or kind == M_TAKE:
        s[(UP if a == 0 else LO) + t] -= 1
    elif kind == M_PLAY:
        s[HAND + p * MAXT + t] -= 1
        s[HN + p] -= 1
    if kind == M_TAKE or kind == M_OBS_KEEP:
        s[HAND + p * MAXT + t] += 1
        s[HN + p] += 1
        if kind == M_TAKE:
            s[st + A_TAKE] += 1
        return
    if kind == M_OBS_DISCARD:
        return
    s[RUB + p] -= cost(cfg, s, p, t, a if kind == M_BUY else 0, rep)
    s[OWN + p * MAXT + t] += 1
    if rep >= 0:
        s[OWN + p * MAXT + rep] -= 1
        s[st + A_UPGRADE] += 1
    else:
        s[st + (A_BUY if kind == M_BUY else A_PLAY)] += 1


@kernel(f"void({S}, {S}, int64)")
def score(cfg, s, col):
    """The scoring of colour col: every card of it pays its rubles and points (face-down Observatories no point)."""
    for p in range(s[NPL]):
        for t in range(cfg[C_T]):
            n = s[OWN + p * MAXT + t]
            if n == 0 or cfg[C_COL + t] != col:
                continue
            s[RUB + p] += n * cfg[C_RUB + t]
            s[PTS + p] += (n - (s[FD + p] if t == cfg[C_OBS] else 0)) * cfg[C_PTS + t]
            if t == cfg[C_MARI]:
                s[RUB + p] += n * colour_count(cfg, s, p, RED)
            elif t == cfg[C_TAX]:
                s[RUB + p] += n * colour_count(cfg, s, p, GREEN)


@kernel(f"int64({S}, {S}, int64)")
def pub_most(cfg, s, p):
    """The most points seat p's Pubs sell it now (5 per Pub, 2 rubles each); 0: no Pub decision."""
    pubs = s[OWN + p * MAXT + cfg[C_PUB]] if cfg[C_PUB] >= 0 else 0
    if pubs == 0 or s[RUB + p] < PUB_PRICE:
        return 0
    return min(PUB_POINTS * pubs, s[RUB + p] // PUB_PRICE)


@kernel(f"void({S}, {S})")
def end_phase(cfg, s):
    """After a phase's actions, scoring and Pub: the refill of the next phase's deck; after the upgrade phase the
    round's end (the game's end, or the row shift, the stones passed and the worker refill)."""
    P, ph = s[NPL], s[PHASE]
    s[STEP] = 0
    if ph < 3:
        refill(cfg, s, ph + 1, BOARD - on_board(cfg, s))
        s[PHASE] = ph + 1
        return
    s[PHASE] = 0
    if s[LAST]:
        s[ENDED] = E_LAST
        return
    if s[ROUND] == cfg[C_CAP]:
        s[ENDED] = E_CAPPED
        return
    for t in range(cfg[C_T]):
        s[LO + t] = s[UP + t]
        s[UP + t] = 0
    s[STONE] = (s[STONE] + 1) % P
    refill(cfg, s, 0, BOARD - on_board(cfg, s))
    if s[LAST] and cfg[C_IMMEDIATE]:
        s[ENDED] = E_IMMEDIATE
        return
    s[ROUND] += 1


@kernel(f"void({S}, {S}, {U})")
def deal(cfg, s, rs):
    """The set-up: the decks shuffled, the stones, 25 rubles each, the first worker deal."""
    P = cfg[C_P]
    for i in range(SSIZE):
        s[i] = 0
    s[NPL], s[ROUND], s[OBSCARD] = P, 1, -1
    s[STONE] = randint(rs, S_STONES, P)
    for q in range(P):
        s[RUB + q] = START_RUBLES + cfg[C_HCAP + (q - s[STONE]) % P]
    for d in range(4):
        n = 0
        for t in range(cfg[C_T]):
            if cfg[C_DECK + t] == d:
                for _ in range(cfg[C_CNT + t]):
                    s[DK + d * MAXD + n] = t
                    n += 1
        s[DN + d] = n
        for i in range(n - 1, 0, -1):  # Fisher-Yates
            j = randint(rs, S_DECKS, i + 1)
            x = s[DK + d * MAXD + i]
            s[DK + d * MAXD + i] = s[DK + d * MAXD + j]
            s[DK + d * MAXD + j] = x
    refill(cfg, s, 0, 2 * P)


@kernel(f"int64({S}, {S}, int64)")
def final_points(cfg, s, p):
    """Points + the aristocrat bonus (different red cards) + 1 per 10 rubles - 5 per card in hand."""
    names = 0
    for t in range(cfg[C_T]):
        if cfg[C_COL + t] == RED and s[OWN + p * MAXT + t] > 0:
            names += 1
    names = min(names, BONUS_CAP)
    return (s[PTS + p] + names * (names + 1) // 2 + s[RUB + p] // RUBLES_PER_POINT
            - HAND_PENALTY * s[HN + p])


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): a phase is the actions until every seat passed in a row, the scoring, the
# Pub (after the building phase) and the refill; advance returns search.ROUND_END after each PHASE, so a caller's
# round limit counts phases.  A move option is its four ints packed in one (`pack`).


@kernel("int64(int64, int64, int64, int64)")
def pack(kind, a, t, rep):
    return ((kind * 4 + a) * MAXT + t) * (MAXT + 1) + rep + 1


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(s, cfg, rs, rec):
    P = s[NPL]
    while True:
        if s[ENDED] != E_RUN:
            return search.ENDED
        if s[PEND]:
            return s[DECP]
        if s[STEP] == 0:  # a phase begins
            for q in range(P):
                s[FD + q] = 0
            s[PASSES] = 0
            s[TOMOVE] = (s[STONE] + s[PHASE]) % P
            s[STEP] = 1
        elif s[STEP] == 1:
            if s[PASSES] < P:  # (an Observatory's drawn card: the same seat's fate decision)
                s[PEND], s[DECP] = PEND_MOVE, s[TOMOVE]
                return s[TOMOVE]
            if s[PHASE] < 3:
                score(cfg, s, s[PHASE])
            if s[PHASE] == 1:
                s[STEP], s[PUBK] = 2, 0
            else:
                end_phase(cfg, s)
                return search.ROUND_END
        elif s[PUBK] == P:  # each Pub owner from the building stone on buys points at 2 rubles
            end_phase(cfg, s)
            return search.ROUND_END
        else:
            p = (s[STONE] + 1 + s[PUBK]) % P
            if pub_most(cfg, s, p) > 0:
                s[PEND], s[DECP] = PEND_PUB, p
                return p
            s[PUBK] += 1


@njit(search.LEGAL_SIG, cache=True, error_model="numpy", _nrt=False)
def legal(s, cfg, out):
    """The pending decision's options: the Pub's 0..most points, or the legal moves packed, at most as many as
    `out` holds (search.MAX_OPTIONS: the first in tuple order; seeded games never list more than 56)."""
    p = s[DECP]
    if s[PEND] == PEND_PUB:
        n = pub_most(cfg, s, p) + 1
        for x in range(n):
            out[x] = x
        return n
    mv = scratch(MAXMV, 4)
    n = moves(cfg, s, p, mv)
    n = min(n, out.shape[0])
    for i in range(n):
        out[i] = pack(mv[i, 0], mv[i, 1], mv[i, 2], mv[i, 3])
    return n


@njit(search.APPLY_SIG, cache=True, error_model="numpy", _nrt=False)
def apply(s, cfg, rs, rec, o):
    p, what = s[DECP], s[PEND]
    s[PEND] = 0
    if what == PEND_PUB:
        s[PTS + p] += o
        s[RUB + p] -= PUB_PRICE * o
        s[STB + ST_ACT + p * NACT + A_PUB] += o
        s[PUBK] += 1
        return
    rep = o % (MAXT + 1) - 1
    o //= MAXT + 1
    play_move(cfg, s, p, o // (4 * MAXT), (o // MAXT) % 4, o % MAXT, rep)
    if s[OBSCARD] < 0:  # the turn is over (an Observatory draw is followed by the card's fate)
        s[STB + ST_ACTIONS] += 1
        s[TOMOVE] = (p + 1) % s[NPL]


@njit(search.POLICY_SIG, cache=True, error_model="numpy", _nrt=False)
def policy(s, cfg, rs, rec, code):
    """greedy (P_GREEDY) or random (any other code): its move or its Pub points, random's draw recorded."""
    p = s[DECP]
    if s[PEND] == PEND_PUB:
        most = pub_most(cfg, s, p)
        if code == P_GREEDY:
            return most if s[LAST] == 1 or s[ROUND] == cfg[C_CAP] else 0
        x = randint(rs, S_CHOICE, most + 1)
        note(rec, R_PUB, x, 0, 0, 0)
        return x
    mv = scratch(MAXMV, 4)
    n = moves(cfg, s, p, mv)
    if code == P_GREEDY:
        i = greedy(cfg, s, p, mv, n)
    else:
        i = randint(rs, S_CHOICE, n)
        note(rec, R_MOVE, mv[i, 0], mv[i, 1], mv[i, 2], mv[i, 3])
    return pack(mv[i, 0], mv[i, 1], mv[i, 2], mv[i, 3])


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """Hidden from `viewer`: the four decks' order and the other seats' hand cards.  Deck by deck, the unseen
    cards of its types (its undealt cards and the other hands' cards of those types: a count the viewer can work
    out) are laid out sorted, shuffled, and the first as many as the other hands hold of them go to the hands, the
    rest are the deck; the cards bound for the hands are shuffled and dealt back, each seat its hand size."""
    P, T = s[NPL], cfg[C_T]
    cnt = np.empty(MAXT, dtype=np.int64)
    cards = np.empty(MAXD + MAXP * MAXT, dtype=np.int64)
    bound = np.empty(4 * MAXD, dtype=np.int64)
    nb = 0
    for d in range(4):
        h = 0
        for t in range(T):
            cnt[t] = 0
            if cfg[C_DECK + t] == d:
                for q in range(P):
                    if q != viewer:
                        cnt[t] += s[HAND + q * MAXT + t]
                h += cnt[t]
        a, b = s[DP + d], s[DN + d]
        for i in range(a, b):
            cnt[s[DK + d * MAXD + i]] += 1
        n = 0
        for t in range(T):
            for _ in range(cnt[t]):
                cards[n] = t
                n += 1
        for i in range(n - 1, 0, -1):
            j = randint(rs, S_DECKS, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        for i in range(h):
            bound[nb] = cards[i]
            nb += 1
        for i in range(h, n):
            s[DK + d * MAXD + a + i - h] = cards[i]
    for i in range(nb - 1, 0, -1):
        j = randint(rs, S_DECKS, i + 1)
        bound[i], bound[j] = bound[j], bound[i]
    k = 0
    for q in range(P):
        if q == viewer:
            continue
        for t in range(T):
            s[HAND + q * MAXT + t] = 0
        for _ in range(s[HN + q]):
            s[HAND + q * MAXT + bound[k]] += 1
            k += 1


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: most final points, ties the most rubles; a tie left splits it."""
    keys = np.empty(s[NPL], dtype=np.int64)
    for p in range(s[NPL]):
        keys[p] = final_points(cfg, s, p) * 1_000_000 + s[RUB + p]
    return search.win_share(keys, seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    points = np.empty(s[NPL], dtype=np.int64)
    for p in range(s[NPL]):
        points[p] = final_points(cfg, s, p)
    return search.lead(points, seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin)
PLAY = search.whole_game(MODEL)


@njit(types.void(types.int64[::1], R2, types.uint64[:, ::1], R2, types.int64[::1], R2, types.int64, types.int64,
                 *search.MODEL), cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, rec, start, max_phases, advance, legal, apply, policy, determinize, reward,
          margin):
    """Play every game of the batch (row j of streams, pols and stats) to its end; start GO_ON plays on from s
    (a batch of one) for at most max_phases phases (-1: to the end).  The search players' seed comes from the
    game's choice stream's seed (never its draws); the forward model comes in as arguments, so that this kernel
    caches (a function pointer taken inside it would be a dynamic global)."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs = streams[j]
        st = stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x5EA4C4))
        if start == NEW_GAME:
            deal(cfg, s, rs)
            s[STB + ST_STONE] = s[STONE]
            for k in range(P):  # pols[j] per seat, or per turn-order rank under C_BYRANK
                s[POL + ((s[STONE] + k) % P if cfg[C_BYRANK] else k)] = pols[j, k]
        for p in range(P):
            codes[p] = s[POL + p]
        PLAY(s, cfg, rs, rec, codes, max_phases, -1, seed, advance, legal, apply, policy, determinize, reward,
             margin)
        for i in range(STSIZE):
            st[i] = s[STB + i]
        st[ST_ROUNDS] = s[ROUND]
        st[ST_END] = s[ENDED]
        for q in range(P):
            st[ST_FINAL + q] = final_points(cfg, s, q)
            st[ST_RUB + q] = s[RUB + q]


# ------------------------------------------------------------------------------------------------
# Python side

ENGINE_READINGS = [
    "start stones: the worker stone to a random seat, the others clockwise after it; all pass one seat left "
    "after each upgrade phase",
    "a Pub sells up to 5 points (per Pub owned) at 2 rubles; Mariinskij and Tax Man count upgrades of their colour",
    "a deck emptied by an Observatory draw makes the round the last",
    "turn_cap counts rounds; a capped game is scored as it stands, counted apart",
    "win: most final points; ties the most rubles, then shared",
]


def settings_vector(settings, players: int, by_rank: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default), the card table packed in."""
    settings = settings or r.DEFAULT_SETTINGS
    table = settings.card_table
    names = [c.name for c in table]
    if len(table) > MAXT or any(sum(c.count for c in table if c.deck == d) > MAXD for d in range(4)):
        raise ValueError(f"the engine takes at most {MAXT} card types and {MAXD} cards a deck")
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P], cfg[C_T] = players, len(table)
    cfg[C_HAND], cfg[C_CAP] = settings.hand_limit, settings.turn_cap
    cfg[C_IMMEDIATE] = settings.worker_refill_end == "immediate"
    cfg[C_OBSLAST] = settings.observatory_last_card == "allowed"
    cfg[C_BYRANK] = by_rank
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)
    core_settings.check_start(START_RUBLES, handicap, "rubles")
    cfg[C_HCAP:C_HCAP + players] = handicap
    for slot, name in SPECIALS.items():
        cfg[slot] = names.index(name) if name in names else -1
    pairs = r.upgrade_pairs(settings)
    for t, c in enumerate(table):
        cfg[C_DECK + t], cfg[C_COL + t] = c.deck, c.colour
        cfg[C_COST + t], cfg[C_RUB + t], cfg[C_PTS + t], cfg[C_CNT + t] = c.price, c.rubles, c.points, c.count
        cfg[C_UPG + t] = c.upgrade
        paired = pairs.get(c.name, ())
        if len(paired) > 1:
            raise ValueError(f"the engine takes one paired worker per green upgrade, {c.name} has {len(paired)}")
        cfg[C_PAIR + t] = names.index(paired[0]) if paired else -1
    return cfg


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def run(cfg, streams, stats, s, start, max_phases=-1, pols=None, rec=None):
    """`batch` with the buffers a caller does not keep made fresh."""
    pols = np.zeros((len(streams), MAXP), dtype=np.int64) if pols is None else pols
    rec = np.zeros((1, RECW), dtype=np.int64) if rec is None else rec
    batch(cfg, pols, streams, stats, s, rec, start, max_phases, *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most final points, ties the most rubles; a tie on both splits 1."""
    key = stats[:, ST_FINAL:ST_FINAL + players] * 1_000_000 + stats[:, ST_RUB:ST_RUB + players]
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, cfg, s, p, mv, t, row, rep):
    """One engine step on a hand-made state, for the tests: seat p's moves into mv (their count), the cost of
    (t, row, rep), or greedy's choice among the moves."""
    if op == 0:
        return moves(cfg, s, p, mv)
    if op == 1:
        return cost(cfg, s, p, t, row, rep)
    return greedy(cfg, s, p, mv, moves(cfg, s, p, mv))
