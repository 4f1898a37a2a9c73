"""The Emerald full-game engine (numba): whole games from the set-up, or from a position, with the seated
policies (`policies.py`).

State and settings are flat int64 arrays (offsets below), positions are rules.py's ints.  Chance comes from four
splitmix64 streams per game (start player, the deal, the die, the random players' choices) seeded from `Chance`,
so every rule set of a balance run meets the same luck, game by game.  With a record buffer every chance outcome
and every random player's choice is written in order (rows (tag, a, b)); the readable reference replays a game
from it.  The rules, the catch / bribe / card choices and both policies are the ones in the coordination notes
(`policies.py` sums them up); greedy compares plans on exact integer EVs (numerators over |die_faces|^2).
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.core.kernels import R, S, U, kernel, note2 as note, randint, scratch, shuffle
from analyzer.core.policies import engine_coders
from analyzer.core.streams import StreamSeeds
from analyzer.games.emerald import rules as r

MAXP = 5
NC = 5  # colours
NPOS = r.N_POSITIONS
CHAMBER, NEST, S1, CAVE1 = r.CHAMBER, r.NEST, r.S1, r.CAVE_1
NSTACK = 3
KINDS = 4

# settings vector
C_P = 0
C_NF = 1
C_FACES = 2  # 12 die faces
C_CHAMBER_ENDS = C_FACES + 12
C_KV = C_CHAMBER_ENDS + 1
C_ARRIVAL = C_KV + 1
C_ONECOL = C_ARRIVAL + 1
C_CAP = C_ONECOL + 1  # turns in all at which a game is capped
C_BYRANK = C_CAP + 1  # 1: policies are given by turn-order rank (rank 0 the start player), 0: by seat
C_GEMSZ = C_BYRANK + 1  # 9 gem stack sizes
C_GOLDSZ = C_GEMSZ + 9  # 9 gold stack sizes
CSIZE = C_GOLDSZ + 9

# actions counted by seat
ACT_KINDS = ("gem", "gold", "treasure", "wake-up", "bribe", "knight lost")
A_GEM, A_GOLD, A_TREASURE, A_WAKE, A_BRIBE, A_LOST = range(6)
NACT = len(ACT_KINDS)

# state vector
CNT = 0  # NC x NPOS knights of a colour on a position
MV = CNT + NC * NPOS  # NC x NPOS of them moved (or bribed) this turn
SQ = MV + NC * NPOS  # NPOS knights on a position, all colours
GEMC = SQ + NPOS  # 9 x NSTACK gem cards, BOTTOM first (-1: unknown, dealt by `race`)
GEML = GEMC + 9 * NSTACK  # 9 gem cards left
GOLDC = GEML + 9
GOLDL = GOLDC + 9 * NSTACK
DC = GOLDL + 9  # dragon cave, facing, trail start
DF = DC + 1
DT = DF + 1
TL = DT + 1  # treasure cards left
GOLDV = TL + 1  # MAXP x 6 gold cards held of each value (index 1..5)
NGOLD = GOLDV + MAXP * 6
GOLDSUM = NGOLD + MAXP
GEMH = GOLDSUM + MAXP  # MAXP x KINDS
TREAS = GEMH + MAXP * KINDS
ONT = TREAS + MAXP  # knights on track
LOST = ONT + MAXP  # knights in the nest
OWNER = LOST + MAXP  # NC seat of each colour, -1 not in play
POL = OWNER + NC  # MAXP policy code per seat
FOURK = POL + MAXP  # seat holding the four-kinds card, -1 none
TOMOVE = FOURK + 1
TURN = TOMOVE + 1  # turns played in all
ENDED = TURN + 1
STARTP = ENDED + 1
STEPS = STARTP + 1  # steps taken this turn
FIRSTCOL = STEPS + 1  # colour of this turn's first step
NPL = FIRSTCOL + 1
# the forward model's cursor (core/search.py): the pending decision (D_NONE, D_MOVE, D_CARD, D_BRIBE) and its seat,
# whether a turn is under way and still open, the group stepping while its card is chosen, the knight the dragon
# caught (owner, colour, position) while its owner decides the bribe, and whether that step took a card
WHAT = NPL + 1
DECP, INTURN, STILL, CURG, CAT_O, CAT_COL, CAT_AT, TOOK = range(WHAT + 1, WHAT + 9)
CORE = TOOK + 1  # the part of the state a step reads or writes (greedy's scratch copies copy only this)
ACT = CORE  # MAXP x NACT actions by seat (the stats' ST_ACT block, counted in the state)
UNUSED = 32  # slots for the cards dealt to no stack (the set-up's leftovers, a position's unseen cards left over)
UNGEMN = ACT + MAXP * NACT  # how many gem cards lie unused, then their kinds
UNGEM = UNGEMN + 1
UNGOLDN = UNGEM + UNUSED
UNGOLD = UNGOLDN + 1
SSIZE = UNGOLD + UNUSED
D_NONE, D_MOVE, D_CARD, D_BRIBE = range(4)
E_RUN, E_TREASURE, E_LAST, E_CAPPED = 0, 1, 2, 3
END_NAMES = ("running", "treasure", "last_knight", "capped")

# per-game stats
ST_TURNS = 0
ST_END = 1
ST_START = 2
ST_FOURK = 3
ST_POINTS = 4  # MAXP by seat
ST_TREAS = ST_POINTS + MAXP
ST_GEMS = ST_TREAS + MAXP
ST_MAJ = ST_GEMS + MAXP  # KINDS: seat winning each majority card, -1 nobody
ST_ACT = ST_MAJ + KINDS  # MAXP x NACT by seat
STSIZE = ST_ACT + MAXP * NACT

# chance streams and record tags
S_START, S_DEAL, S_DICE, S_CHOICE = range(4)
NSTREAMS = 4
R_START, R_GEM, R_GOLD, R_ROLL, R_MOVE, R_STOP, R_CARD = range(7)
RECORD_KINDS = ("start", "gem", "gold", "roll", "move", "stop", "card")

POLICY_CODES = {"random": 0, "greedy": 1}
P_RANDOM, P_GREEDY = 0, 1

WS = R  # the work rows: two scratch states, (unused), a group list, a pool
WL = max(SSIZE, STSIZE, 64)  # a work row's length
S_, R_ = types.int64[::1], types.int64[:, ::1]


class Chance(StreamSeeds):
    """Every game's stream seeds (start player, deal, die, random choices), drawn up front: (n, 4) uint64.
    Read by index, never redrawn: game j of every rule set uses row j."""

    STREAMS = ("start player", "deal", "die", "random choices")


# ------------------------------------------------------------------------------------------------
# the dragon (rules.dragon_move)


@kernel("boolean(int64, int64)")
def on_trail(cave, trail):
    return trail <= cave < trail + r.TRAIL_LENGTH


@kernel(f"void({S}, {S}, int64)")
def dragon_move(s, cfg, roll):
    """rules.dragon_move on the state's dragon (the trail shift is the caller's)."""
    c, f, t = s[DC], s[DF], s[DT]
    for _ in range(roll):
        if not on_trail(c + f, t):
            f = -f
        c += f
        if cfg[C_ARRIVAL] and not on_trail(c + f, t):
            f = -f
    s[DC] = c
    s[DF] = f


# ------------------------------------------------------------------------------------------------
# small queries


@kernel("int64(int64)")
def base(pos):
    return 0 if pos >= S1 else pos


@kernel(f"int64({S}, int64)")
def lowest_gold(s, q):
    for v in range(1, 6):
        if s[GOLDV + q * 6 + v] > 0:
            return v
    return 0


@kernel(f"int64({S}, {S}, int64)")
def phi(s, cfg, m):
    """The mover's one-ply value: his score (no majorities) minus knight_value per own knight in the nest, minus
    the same for every opponent (the EV's gains are differences of it)."""
    v = 0
    for q in range(s[NPL]):
        x = (s[GOLDSUM + q] + r.TREASURE_VALUE * s[TREAS + q] - cfg[C_KV] * s[LOST + q]
             + (r.BONUS_POINTS if s[FOURK] == q else 0))
        for k in range(KINDS):
            x += s[GEMH + q * KINDS + k]
        v += x if q == m else -x
    return v


@kernel(f"int64({S}, int64, int64)")
def gem_worth(s, m, kind):
    """A gem's worth to m now: 1, or 1 + the four-kinds bonus when it is his last missing kind and the card is free."""
    if s[FOURK] >= 0 or s[GEMH + m * KINDS + kind] > 0:
        return r.GEM_POINTS
    for k in range(KINDS):
        if k != kind and s[GEMH + m * KINDS + k] == 0:
            return r.GEM_POINTS
    return r.GEM_POINTS + r.BONUS_POINTS


@kernel(f"boolean({S}, int64, int64)")
def greedy_card(s, m, k):
    """greedy's card in cave k (both stacks full): gold when its top value beats the gem's worth to m."""
    return s[GOLDC + k * NSTACK + s[GOLDL + k] - 1] > gem_worth(s, m, s[GEMC + k * NSTACK + s[GEML + k] - 1])


@kernel(f"int64({S}, int64)")
def check_end(s, ended):
    """Ends the game with `ended` (E_TREASURE) or, failing that, E_LAST when a seat has at most one knight on the
    track; returns the state's end code."""
    if s[ENDED] != E_RUN:
        return s[ENDED]
    if ended == E_RUN:
        for q in range(s[NPL]):
            if s[ONT + q] <= 1:
                ended = E_LAST
                break
    s[ENDED] = ended
    return ended


# ------------------------------------------------------------------------------------------------
# the rules of one step


@kernel(f"boolean({S}, int64, int64)")
def catch_target(s, m, at):
    """The dragon ended on position `at` (knights there): the knight the mover picks (catch_choice) into CAT_O
    (its owner), CAT_COL, CAT_AT.  Returns whether its owner may bribe (he holds gold)."""
    P = s[NPL]
    o, col = -1, -1
    for i in range(1, P):
        q = (m + i) % P
        for c in range(NC):
            if s[OWNER + c] == q and s[CNT + c * NPOS + at] > 0:
                if o < 0 or s[NGOLD + q] < s[NGOLD + o]:
                    o, col = q, c
                break
    if o < 0:
        o = m
        for c in range(NC):
            if s[OWNER + c] == m and s[MV + c * NPOS + at] > 0:
                col = c
                break
        if col < 0:
            for c in range(NC):
                if s[OWNER + c] == m and s[CNT + c * NPOS + at] > 0:
                    col = c
                    break
    s[CAT_O], s[CAT_COL], s[CAT_AT] = o, col, at
    return s[NGOLD + o] > 0


@kernel(f"boolean({S}, {S})")
def bribes(s, cfg):
    """The shared bribe rule: the caught knight's owner pays his lowest gold card when it is worth at most
    knight_value."""
    low = lowest_gold(s, s[CAT_O])
    return low > 0 and low <= cfg[C_KV]


@kernel(f"void({S}, int64, boolean)")
def caught(s, m, bribe):
    """The caught knight (CAT_*) stays, its owner paying his lowest gold card (bribe), or goes to the nest."""
    o, col, at = s[CAT_O], s[CAT_COL], s[CAT_AT]
    if bribe:
        low = lowest_gold(s, o)
        s[GOLDV + o * 6 + low] -= 1
        s[NGOLD + o] -= 1
        s[GOLDSUM + o] -= low
        if o == m and s[MV + col * NPOS + at] == 0:
            s[MV + col * NPOS + at] = 1
        s[ACT + o * NACT + A_BRIBE] += 1
        return
    s[CNT + col * NPOS + at] -= 1
    s[SQ + at] -= 1
    if s[MV + col * NPOS + at] > s[CNT + col * NPOS + at]:
        s[MV + col * NPOS + at] -= 1
    s[CNT + col * NPOS + NEST] += 1
    s[SQ + NEST] += 1
    s[ONT + o] -= 1
    s[LOST + o] += 1
    s[ACT + o * NACT + A_LOST] += 1


@kernel(f"void({S}, {S}, int64, int64)")
def catch(s, cfg, m, at):
    """The dragon ended on position `at`: the mover picks one knight there, its owner bribes or loses it (the
    shared rules)."""
    if s[SQ + at] > 0:
        catch_target(s, m, at)
        caught(s, m, bribes(s, cfg))


STEP_CLOSED, STEP_OPEN, STEP_CATCH = 0, 1, 2


@kernel(f"int64({S}, {S}, int64, int64, int64, int64, int64, {U}, {R})")
def step_until_catch(s, cfg, m, col, pos, face, card, rs, rec):
    """m moves one knight of colour col from pos.  face: the die face index of a wake-up (-1: roll it from the
    stream and record it).  card: 0 gem, 1 gold, 2 the greedy rule, 3 random (drawn and recorded).  Stops where
    the dragon has caught a knight (STEP_CATCH: the knight in CAT_*, then `step_after_catch`), else returns
    whether the turn stays open (STEP_OPEN) or not (STEP_CLOSED)."""
    n = s[SQ + pos]
    dest = min(base(pos) + n, CHAMBER)
    s[CNT + col * NPOS + pos] -= 1
    s[SQ + pos] -= 1
    s[CNT + col * NPOS + dest] += 1
    s[SQ + dest] += 1
    s[STEPS] += 1
    if s[STEPS] == 1:
        s[FIRSTCOL] = col
    if dest == CHAMBER:
        s[ONT + m] -= 1
        s[TREAS + m] += 1
        s[TL] -= 1
        s[ACT + m * NACT + A_TREASURE] += 1
        if check_end(s, E_TREASURE if s[TL] == 0 else E_RUN) != E_RUN:
            return STEP_CLOSED
        return STEP_CLOSED if cfg[C_CHAMBER_ENDS] else STEP_OPEN
    s[MV + col * NPOS + dest] += 1
    cave = dest - CAVE1 + 1
    if cave < 1:
        return STEP_OPEN
    k = cave - 1
    took = False
    gl, dl = s[GEML + k], s[GOLDL + k]
    if gl > 0 or dl > 0:
        if gl == 0:
            gold = True
        elif dl == 0:
            gold = False
        elif card == 2:
            gold = greedy_card(s, m, k)
        elif card == 3:
            gold = randint(rs, S_CHOICE, 2) == 1
            note(rec, R_CARD, 1 if gold else 0, 0)
        else:
            gold = card == 1
        if gold:
            v = s[GOLDC + k * NSTACK + dl - 1]
            s[GOLDL + k] = dl - 1
            s[GOLDV + m * 6 + v] += 1
            s[NGOLD + m] += 1
            s[GOLDSUM + m] += v
            s[ACT + m * NACT + A_GOLD] += 1
        else:
            g = s[GEMC + k * NSTACK + gl - 1]
            s[GEML + k] = gl - 1
            s[GEMH + m * KINDS + g] += 1
            s[ACT + m * NACT + A_GEM] += 1
            if s[FOURK] < 0:
                full = True
                for j in range(KINDS):
                    if s[GEMH + m * KINDS + j] == 0:
                        full = False
                if full:
                    s[FOURK] = m
        took = True
    s[TOOK] = took
    if cave == s[DC] or on_trail(cave, s[DT]):
        if face < 0:
            face = randint(rs, S_DICE, cfg[C_NF])
            note(rec, R_ROLL, cfg[C_FACES + face], 0)
        dragon_move(s, cfg, cfg[C_FACES + face])
        s[ACT + m * NACT + A_WAKE] += 1
        at = s[DC] + CAVE1 - 1
        if s[SQ + at] > 0:
            catch_target(s, m, at)
            return STEP_CATCH
        s[DT] = min(s[DT] + 1, r.TRAIL_LAST)
    if check_end(s, E_RUN) != E_RUN:
        return STEP_CLOSED
    return STEP_CLOSED if took else STEP_OPEN


@kernel(f"boolean({S}, int64, boolean)")
def step_after_catch(s, m, bribe):
    """The rest of a step whose dragon caught a knight: the owner bribes or loses it, the trail shifts, the end
    is checked; whether the turn stays open."""
    caught(s, m, bribe)
    s[DT] = min(s[DT] + 1, r.TRAIL_LAST)
    if check_end(s, E_RUN) != E_RUN:
        return False
    return not s[TOOK]


@kernel(f"boolean({S}, {S}, int64, int64, int64, int64, int64, {U}, {R})")
def step(s, cfg, m, col, pos, face, card, rs, rec):
    """A whole step (`step_until_catch`, the caught knight's owner bribing by the shared rule); whether the turn
    stays open for a second step."""
    done = step_until_catch(s, cfg, m, col, pos, face, card, rs, rec)
    if done == STEP_CATCH:
        return step_after_catch(s, m, bribes(s, cfg))
    return done == STEP_OPEN


@kernel(f"int64({S}, int64)")
def card_cave(s, pos):
    """The cave (index 0..8) where a knight moving from pos must choose between a gem and a gold card, else -1."""
    dest = min(base(pos) + s[SQ + pos], CHAMBER)
    k = dest - CAVE1
    if dest == CHAMBER or k < 0 or s[GEML + k] == 0 or s[GOLDL + k] == 0:
        return -1
    return k


@kernel(f"boolean({S}, int64)")
def wakes(s, pos):
    """Whether moving a knight from pos ends on a space that wakes the dragon."""
    dest = min(base(pos) + s[SQ + pos], CHAMBER)
    cave = dest - CAVE1 + 1
    return 1 <= cave <= 9 and (cave == s[DC] or on_trail(cave, s[DT]))


# ------------------------------------------------------------------------------------------------
# policies


@kernel(f"void({S}, {S})")
def copy(dst, src):
    """The part of a state a step reads or writes (CORE), for greedy's look-ahead."""
    for i in range(CORE):
        dst[i] = src[i]


@kernel(f"int64({S}, int64, {S})")
def groups(s, m, out):
    """The groups (colour, pos) of m's knights that may make the next step, as col * NPOS + pos, colour then
    position ascending, into out; returns how many."""
    n = 0
    for c in range(NC):
        if s[OWNER + c] != m:
            continue
        for pos in range(1, NPOS):
            if pos != CHAMBER and pos != NEST and s[CNT + c * NPOS + pos] > s[MV + c * NPOS + pos]:
                out[n] = c * NPOS + pos
                n += 1
    return n


@kernel(f"boolean({S}, {S}, int64, int64)")
def allowed(s, cfg, m, g):
    """Group g may make this turn's next step (one knight of it not moved or bribed; the one-colour rule)."""
    col, pos = g // NPOS, g % NPOS
    if s[OWNER + col] != m or pos == CHAMBER or pos == NEST or s[CNT + g] <= s[MV + g]:
        return False
    return not (s[STEPS] == 1 and cfg[C_ONECOL] == 1 and s[NPL] == 2 and col != s[FIRSTCOL])


@kernel(f"int64({S}, {S}, int64, int64, int64, {U}, {R}, {WS})")
def plan_value(s, cfg, m, ga, gb, rs, rec, w):
    """|die_faces|^2 x the exact one-ply EV of m stepping group ga and then (gb >= 0) group gb from s: the
    expected change of `phi` over the die; the second step is skipped where the turn ended or gb cannot move."""
    F = cfg[C_NF]
    v0 = phi(s, cfg, m)
    a, b = w[0], w[1]
    na = F if wakes(s, ga % NPOS) else 1
    total = 0
    for fa in range(na):
        copy(a, s)
        still = step(a, cfg, m, ga // NPOS, ga % NPOS, fa, 2, rs, rec)
        wa = F * F // na
        if gb < 0 or not still or not allowed(a, cfg, m, gb):
            total += wa * (phi(a, cfg, m) - v0)
            continue
        nb = F if wakes(a, gb % NPOS) else 1
        for fb in range(nb):
            copy(b, a)
            step(b, cfg, m, gb // NPOS, gb % NPOS, fb, 2, rs, rec)
            total += wa // nb * (phi(b, cfg, m) - v0)
    return total


@kernel(f"int64({S}, {S}, int64, {U}, {R}, {WS})")
def greedy_choice(s, cfg, m, rs, rec, w):
    """greedy's next step: the group heading the best plan (ties: stop mid-turn, then single before pair, then the
    smaller first group, then the smaller second); -1 stop."""
    gs = w[3]
    n = groups(s, m, gs)
    fresh = s[STEPS] == 0
    best, bv = -1, 0
    for i in range(n):
        if not allowed(s, cfg, m, gs[i]):
            continue
        v = plan_value(s, cfg, m, gs[i], -1, rs, rec, w)
        if (fresh and best < 0) or v > bv:
            best, bv = gs[i], v
    if fresh:
        for i in range(n):
            for j in range(n):
                if i == j and s[CNT + gs[i]] < 2:
                    continue
                if s[NPL] == 2 and cfg[C_ONECOL] == 1 and gs[i] // NPOS != gs[j] // NPOS:
                    continue
                v = plan_value(s, cfg, m, gs[i], gs[j], rs, rec, w)
                if v > bv:
                    best, bv = gs[i], v
    return best


@kernel(f"int64({S}, {S}, int64, {U}, {R}, {WS})")
def random_choice(s, cfg, m, rs, rec, w):
    """random's next step: uniform over the allowed groups (and stop mid-turn), recorded."""
    gs = w[3]
    n = groups(s, m, gs)
    k = 0
    for i in range(n):
        if allowed(s, cfg, m, gs[i]):
            gs[k] = gs[i]
            k += 1
    if s[STEPS] == 0:
        g = gs[randint(rs, S_CHOICE, k)]
    else:
        i = randint(rs, S_CHOICE, k + 1)
        if i == 0:
            note(rec, R_STOP, 0, 0)
            return -1
        g = gs[i - 1]
    note(rec, R_MOVE, g // NPOS, g % NPOS)
    return g


# ------------------------------------------------------------------------------------------------
# the forward model (core/search.py): the rules above as advance / legal / apply, a turn's steps as decisions (the
# knight group to step, or stop; gem or gold where both lie; a caught knight's bribe, decided by its owner), the
# players as policy


@kernel(f"void({S}, int64, int64)")
def pend(s, p, what):
    s[DECP] = p
    s[WHAT] = what


@njit(search.ADVANCE_SIG, cache=True, error_model="numpy", _nrt=False)
def advance(s, cfg, rs, rec):
    """Plays up to the next decision (left pending in s) and returns its seat; search.ROUND_END after every turn
    (a turn in progress in s, STEPS > 0 with the position's moved knights barred, is finished first),
    search.ENDED at the end."""
    if s[WHAT] != D_NONE:
        return s[DECP]
    m = s[TOMOVE]
    if not s[INTURN]:
        if s[ENDED] != E_RUN:
            return search.ENDED
        if s[STEPS] == 0:
            for i in range(NC * NPOS):
                s[MV + i] = 0
            s[FIRSTCOL] = -1
        s[INTURN], s[STILL] = 1, 1
    if s[STILL] and s[STEPS] < 2 and s[ENDED] == E_RUN:
        pend(s, m, D_MOVE)
        return m
    s[STEPS] = 0
    s[TURN] += 1
    s[INTURN] = 0
    s[TOMOVE] = (m + 1) % s[NPL]
    if s[ENDED] == E_RUN and s[TURN] >= cfg[C_CAP]:
        s[ENDED] = E_CAPPED
    return search.ROUND_END


@njit(search.LEGAL_SIG, cache=True, error_model="numpy", _nrt=False)
def legal(s, cfg, out):
    """A step: stop (-1, mid-turn only), then the groups that may step (`groups`' order); a card: 0 gem, 1 gold;
    a bribe: 0 lose the knight, 1 pay the lowest gold card."""
    if s[WHAT] != D_MOVE:
        out[0], out[1] = 0, 1
        return 2
    stop = 1 if s[STEPS] > 0 else 0
    n = groups(s, s[DECP], out[stop:])
    k = stop
    for i in range(stop, stop + n):
        if allowed(s, cfg, s[DECP], out[i]):
            out[k] = out[i]
            k += 1
    out[0] = -1 if stop else out[0]
    return k


@njit(search.APPLY_SIG, cache=True, error_model="numpy", _nrt=False)
def apply(s, cfg, rs, rec, o):
    """The pending decision takes option o.  A step to a cave where both a gem and a gold card lie first asks
    for the card; a step whose dragon catches a knight of a seat holding gold asks that seat for the bribe."""
    what, m = s[WHAT], s[TOMOVE]
    s[WHAT] = D_NONE
    if what == D_BRIBE:
        s[STILL] = step_after_catch(s, m, o == 1)
        return
    card = o
    if what == D_MOVE:
        if o < 0:
            s[STILL] = 0
            return
        s[CURG] = o
        if card_cave(s, o % NPOS) >= 0:
            pend(s, m, D_CARD)
            return
    g = s[CURG]
    done = step_until_catch(s, cfg, m, g // NPOS, g % NPOS, -1, card, rs, rec)
    if done != STEP_CATCH:
        s[STILL] = done == STEP_OPEN
    elif s[NGOLD + s[CAT_O]] > 0:
        pend(s, s[CAT_O], D_BRIBE)
    else:
        s[STILL] = step_after_catch(s, m, False)


@njit(search.POLICY_SIG, cache=True, error_model="numpy", _nrt=False)
def policy(s, cfg, rs, rec, code):
    """greedy or random (policies.py) on the pending decision; both bribe by the shared rule."""
    what, m = s[WHAT], s[DECP]
    if what == D_BRIBE:
        return 1 if bribes(s, cfg) else 0
    if what == D_CARD:
        if code == P_GREEDY:
            return 1 if greedy_card(s, m, card_cave(s, s[CURG] % NPOS)) else 0
        gold = randint(rs, S_CHOICE, 2)
        note(rec, R_CARD, gold, 0)
        return gold
    w = scratch(4, WL)
    if code == P_GREEDY:
        return greedy_choice(s, cfg, m, rs, rec, w)
    return random_choice(s, cfg, m, rs, rec, w)


@kernel(f"void({S}, int64, {U})")
def shuffle_sorted(a, n, rs):
    """a[:n] sorted (insertion), then shuffled on the deal stream: the result never depends on a's order."""
    for i in range(1, n):
        x, j = a[i], i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    shuffle(a, 0, n, rs, S_DEAL)


@njit(search.DETERMINIZE_SIG, cache=True, error_model="numpy")
def determinize(s, cfg, viewer, rs):
    """What `viewer` cannot see, resampled: the cards under the stacks' tops and those dealt to no stack (gems and
    gold apart), and the values of the other seats' gold cards (their number is open), each pool dealt back to the
    same places."""
    P = s[NPL]
    pool = np.empty(2 * UNUSED + 9 * NSTACK + 25, dtype=np.int64)
    n = 0
    for cards, left, un in ((GEMC, GEML, UNGEMN), (GOLDC, GOLDL, UNGOLDN)):
        for deal_back in range(2):
            if deal_back:
                shuffle_sorted(pool, n, rs)
            n = 0
            for k in range(9):
                for i in range(s[left + k] - 1):
                    if deal_back:
                        s[cards + k * NSTACK + i] = pool[n]
                    else:
                        pool[n] = s[cards + k * NSTACK + i]
                    n += 1
            for i in range(s[un]):
                if deal_back:
                    s[un + 1 + i] = pool[n]
                else:
                    pool[n] = s[un + 1 + i]
                n += 1
            if cards == GOLDC:
                for q in range(P):
                    if q == viewer:
                        continue
                    if deal_back:
                        s[GOLDSUM + q] = 0
                        for v in range(6):
                            s[GOLDV + q * 6 + v] = 0
                        for i in range(s[NGOLD + q]):
                            s[GOLDV + q * 6 + pool[n]] += 1
                            s[GOLDSUM + q] += pool[n]
                            n += 1
                    else:
                        for v in range(1, 6):
                            for _ in range(s[GOLDV + q * 6 + v]):
                                pool[n] = v
                                n += 1


@kernel(f"int64({S}, int64)")
def points(s, q):
    """q's points as the game stands: gold, treasure, gems, the four-kinds card and each majority card he wins
    (strictly most of its kind)."""
    P = s[NPL]
    v = s[GOLDSUM + q] + r.TREASURE_VALUE * s[TREAS + q] + (r.BONUS_POINTS if s[FOURK] == q else 0)
    for k in range(KINDS):
        mine = s[GEMH + q * KINDS + k]
        v += r.GEM_POINTS * mine
        top = mine > 0
        for o in range(P):
            if o != q and s[GEMH + o * KINDS + k] >= mine:
                top = False
        if top:
            v += r.BONUS_POINTS
    return v


@kernel(f"int64({S}, int64)")
def win_key(s, q):
    gems = 0
    for k in range(KINDS):
        gems += s[GEMH + q * KINDS + k]
    return points(s, q) * 10_000 + s[TREAS + q] * 100 + gems


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def reward(s, cfg, seat):
    """The seat's share of the win: most points, then treasure cards, then gem cards; a tie left splits it."""
    return search.win_share(np.array([win_key(s, q) for q in range(s[NPL])]), seat)


@njit(search.SCORE_SIG, cache=True, error_model="numpy")
def margin(s, cfg, seat):
    return search.lead(np.array([points(s, q) for q in range(s[NPL])]), seat)


MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin)
PLAY = search.whole_game(MODEL)


# ------------------------------------------------------------------------------------------------
# set-up, whole games, the end


@kernel(f"void({S}, {S})")
def init(s, cfg):
    """A fresh set-up without its chance: knights on the start squares, the dragon, empty stacks."""
    for i in range(SSIZE):
        s[i] = 0
    P = cfg[C_P]
    s[NPL] = P
    ncol = 4 if P == 2 else P
    nsq = 5 if P == 3 or P == 4 else 4  # used start squares = knights per colour
    for c in range(NC):
        s[OWNER + c] = -1
    for c in range(ncol):
        s[OWNER + c] = c // 2 if P == 2 else c
        for j in range(nsq):
            s[CNT + c * NPOS + S1 + j] += 1
            s[SQ + S1 + j] += 1
    for q in range(P):
        s[ONT + q] = nsq * (2 if P == 2 else 1)
    s[DC] = r.DRAGON_SETUP[0]
    s[DF] = r.DRAGON_SETUP[1]
    s[DT] = r.DRAGON_SETUP[2]
    s[TL] = r.TREASURES
    s[FOURK] = -1
    s[FIRSTCOL] = -1


@kernel(f"void({S}, int64, {S}, int64, int64)")
def unused(s, at, cards, a, b):
    """cards[a:b], dealt to no stack, kept at s[at] (their number) and after it (the search's hidden pools)."""
    s[at] = b - a
    for i in range(a, b):
        s[at + 1 + i - a] = cards[i]


@kernel(f"void({S}, {S}, {U}, {R}, {S}, int64, int64, int64, int64, int64, int64, int64, int64)")
def deal_stacks(s, cfg, rs, rec, tmp, n, first, copies, sizes, cards, tops, left, tag):
    """One kind's nine stacks (sizes at cfg[sizes]) dealt from its n shuffled cards, valued first + i // copies
    (recorded top first); the cards left over counted at `left`."""
    for i in range(n):
        tmp[i] = first + i // copies
    shuffle(tmp, 0, n, rs, S_DEAL)
    at = 0
    for k in range(9):
        z = cfg[sizes + k]
        for i in range(z):
            s[cards + k * NSTACK + z - 1 - i] = tmp[at]
            note(rec, tag, k + 1, tmp[at])
            at += 1
        s[tops + k] = z
    unused(s, left, tmp, at, n)


@kernel(f"void({S}, {S}, {U}, {R}, {S})")
def deal(s, cfg, rs, rec, tmp):
    """The chance of the set-up: the start player, then the shuffled gem and gold stacks (recorded top first)."""
    P = cfg[C_P]
    s[STARTP] = randint(rs, S_START, P)
    s[TOMOVE] = s[STARTP]
    note(rec, R_START, s[STARTP], 0)
    deal_stacks(s, cfg, rs, rec, tmp, 24, 0, r.GEM_COPIES, C_GEMSZ, GEMC, GEML, UNGEMN, R_GEM)
    deal_stacks(s, cfg, rs, rec, tmp, 25, 1, r.GOLD_COPIES, C_GOLDSZ, GOLDC, GOLDL, UNGOLDN, R_GOLD)


@kernel(f"void({S}, {S})")
def finish(s, st):
    """The end: points (majorities included), the tie-break counts, who won each majority."""
    P = s[NPL]
    for i in range(MAXP * NACT):
        st[ST_ACT + i] = s[ACT + i]
    st[ST_TURNS] = s[TURN]
    st[ST_END] = s[ENDED]
    st[ST_START] = s[STARTP]
    st[ST_FOURK] = s[FOURK]
    for q in range(P):
        g = 0
        for k in range(KINDS):
            g += s[GEMH + q * KINDS + k]
        st[ST_GEMS + q] = g
        st[ST_TREAS + q] = s[TREAS + q]
        st[ST_POINTS + q] = points(s, q)
    for k in range(KINDS):
        top, at = 0, -1
        for q in range(P):
            x = s[GEMH + q * KINDS + k]
            if x > top:
                top, at = x, q
            elif x == top:
                at = -1
        st[ST_MAJ + k] = at


@kernel(f"void({S}, int64, {S}, int64, {U}, {S}, int64)")
def fill_unknown(s, at, pool, n, rs, tmp, un):
    """The unknown cards (-1) of the 9 stacks at s[at:] dealt from the shuffled pool; the pool's rest kept as
    unused at s[un]."""
    for i in range(n):
        tmp[i] = pool[i]
    shuffle(tmp, 0, n, rs, S_DEAL)
    k = 0
    for i in range(9 * NSTACK):
        if s[at + i] < 0:
            s[at + i] = tmp[k]
            k += 1
    unused(s, un, tmp, k, n)


GO_ON, NEW_GAME, FROM_POSITION = range(3)  # batch's `start`


@njit(types.void(S_, R_, types.uint64[:, ::1], R_, S_, R_, R_, types.int64, types.int64, S_, S_, types.int64, S_,
                 types.int64, *search.MODEL), cache=True, error_model="numpy")
def batch(cfg, pols, streams, stats, s, w, rec, start, max_turns, s0, gem_pool, n_gem, gold_pool, n_gold, advance,
          legal, apply, policy, determinize, reward, margin):
    """Game j with chance streams streams[j], its stats in stats[j]; s, w and rec the state, work and record
    buffers.  start NEW_GAME: a new set-up, policies pols[j] (per seat, or per turn-order rank under C_BYRANK);
    FROM_POSITION: the position s0 (its policies in s0) with its unknown stack cards (-1) dealt from the shuffled
    unseen pools; GO_ON: the one game in s goes on.  Each game plays up to max_turns turns (-1: to the end) in
    core's loop (`search.whole_game`); the search players' seed comes from the game's choice stream's seed (never its
    draws).  The forward model comes in as arguments, so that this kernel caches."""
    P = cfg[C_P]
    codes = np.empty(P, dtype=np.int64)
    for j in range(streams.shape[0]):
        rs, st = streams[j], stats[j]
        seed = search.mix(rs[S_CHOICE] ^ np.uint64(0x5EA4C4))
        if start == NEW_GAME:
            init(s, cfg)
            deal(s, cfg, rs, rec, w[3])
            for k in range(P):
                q = (s[STARTP] + k) % P if cfg[C_BYRANK] else k
                s[POL + q] = pols[j, k]
        elif start == FROM_POSITION:
            for i in range(SSIZE):
                s[i] = s0[i]
            fill_unknown(s, GEMC, gem_pool, n_gem, rs, w[4], UNGEMN)
            fill_unknown(s, GOLDC, gold_pool, n_gold, rs, w[4], UNGOLDN)
        if start != GO_ON:
            for i in range(STSIZE):
                st[i] = 0
        for q in range(P):
            codes[q] = s[POL + q]
        PLAY(s, cfg, rs, rec, codes, max_turns, -1, seed, advance, legal, apply, policy, determinize, reward,
             margin)
        finish(s, st)


PROBES = ("step", "dragon_move", "catch", "greedy_choice", "plan_value", "turn", "finish", "groups", "random_choice")


@njit(cache=True)  # compiled on first use (the tests'), not with the engine
def probe(op, s, cfg, m, a, b, face, card, rs, rec, w, st):
    """One engine step on a hand-made state, for the hand-stepped tests: PROBES[op] for seat m."""
    if op == 0:
        return 1 if step(s, cfg, m, a, b, face, card, rs, rec) else 0
    if op == 1:
        dragon_move(s, cfg, a)
    elif op == 2:
        catch(s, cfg, m, a)
    elif op == 3:
        return greedy_choice(s, cfg, m, rs, rec, w)
    elif op == 4:
        return plan_value(s, cfg, m, a, b, rs, rec, w)
    elif op == 5:  # one turn
        while True:
            p = advance(s, cfg, rs, rec)
            if p < 0:
                break
            apply(s, cfg, rs, rec, policy(s, cfg, rs, rec, s[POL + p]))
    elif op == 6:
        finish(s, st)
    elif op == 7:
        return groups(s, m, w[3])
    elif op == 8:
        return random_choice(s, cfg, m, rs, rec, w)
    return 0


# ------------------------------------------------------------------------------------------------
# Python side

WSHAPE = (5, WL)

ENGINE_READINGS = [
    "the start player is drawn uniformly; seats in the balance tables are turn-order ranks (rank 0 starts)",
    "catch: an opponent's knight (the opponent holding the fewest gold cards, ties the first clockwise), else "
    "the mover's own; the owner bribes iff he holds gold worth at most knight_value, paying his lowest card",
    "turn_cap counts own turns per player; a capped game is scored as it stands and counted apart",
    "win ties: more treasure cards, then more gem cards, then the win credit is split",
]


def settings_vector(settings, players: int, by_rank: bool = False) -> np.ndarray:
    """The engine's settings from a rules.Settings (None: every default)."""
    settings = settings or r.DEFAULT_SETTINGS
    for name, reading in (("last_knight_rule", "on_track"), ("catch_choice", "opponent_first")):
        if getattr(settings, name) != reading:  # the engine plays this reading only
            raise ValueError(f"the engine plays {name} {reading} only, not {getattr(settings, name)!r}")
    cfg = np.zeros(CSIZE, dtype=np.int64)
    cfg[C_P] = players
    faces = tuple(settings.die_faces)
    cfg[C_NF] = len(faces)
    cfg[C_FACES:C_FACES + len(faces)] = faces
    cfg[C_CHAMBER_ENDS] = bool(settings.chamber_ends_turn)
    cfg[C_KV] = settings.knight_value
    cfg[C_ARRIVAL] = bool(settings.turn_on_arrival)
    cfg[C_ONECOL] = bool(settings.two_player_one_colour)
    cfg[C_CAP] = settings.turn_cap * players
    cfg[C_BYRANK] = by_rank
    gem, gold = r.STACK_PATTERNS[settings.stack_pattern]
    cfg[C_GEMSZ:C_GEMSZ + 9] = gem
    cfg[C_GOLDSZ:C_GOLDSZ + 9] = gold
    return cfg


policy_code, policy_codes = engine_coders(__name__, POLICY_CODES, MODEL)


def work() -> np.ndarray:
    return np.zeros(WSHAPE, dtype=np.int64)


NO_POOL = np.zeros(1, dtype=np.int64)


def run(cfg, streams, stats, s, start, max_turns=-1, pols=None, w=None, rec=None, s0=None, pools=None):
    """`batch` with the buffers a caller does not keep made fresh; pools = (gem_pool, n_gem, gold_pool, n_gold)."""
    pols = np.zeros((1, 1), dtype=np.int64) if pols is None else pols
    w = work() if w is None else w
    rec = np.zeros((1, 3), dtype=np.int64) if rec is None else rec
    s0 = s if s0 is None else s0
    gem_pool, n_gem, gold_pool, n_gold = pools or (NO_POOL, 0, NO_POOL, 0)
    batch(cfg, pols, streams, stats, s, w, rec, start, max_turns, s0, gem_pool, n_gem, gold_pool, n_gold,
          *MODEL.functions())


def credit(stats: np.ndarray, players: int) -> np.ndarray:
    """Win credit by seat: most points, then treasure cards, then gem cards; a tie left splits 1."""
    key = (stats[:, ST_POINTS:ST_POINTS + players] * 10_000 + stats[:, ST_TREAS:ST_TREAS + players] * 100
           + stats[:, ST_GEMS:ST_GEMS + players]).astype(np.float64)
    top = key == key.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)
