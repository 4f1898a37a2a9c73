"""San Marco's rules as core's forward model (`core/search.py`): a round split into the decisions its players make,
each left pending in the forward state for `search.whole_game` to hand to the seat's player.

The forward state `f` is the engine's state (`game.SSIZE`), then the round's plan `rd`, the game's stats, each
seat's model parameters (lambda, elimination penalty, beta as float64) and the cursor below; the forward settings
`fc` are the engine's settings vector followed by the board vector (`forward_cfg`).

The decisions, in the order a round meets them:
- D_ROLES (`roles: chosen`, 4 players): D1 seats R1, D2, R2 (option: 16 R1 + 4 D2 + R2);
- D_SPLIT: a divider's split (option: card i's pile in base-3 digit i, the limit cards after the action cards);
  the legal list holds each distinct split once, the 64 best for a greedy divider when there are more;
- D_PICK: a receiver's pile (option: the pile); a blind pick (`receiver_sees_piles: false`) is chance;
- D_CARD: which card of his pile a player plays next (option: the card), then D_OPT: its option (the row of
  `game.options`; the 64 best by greedy's immediate value when there are more); a card with no option is
  discarded unplayed;
- D_PBANISH: the passage-end banishment of the strictly fewest limit points (option: the district, 6 declines).
`advance` deals, plays the limit cards, the round's end and the passage's end (the catch-up bonus, the final
scoring); a round is the model's round.

The engine's own players (`policy`) choose exactly as in `game.run_game`, drawing from the same streams in the
same order (the split and the pick by the engine's own functions on a copy of the plan), so the games are the
same.  Hidden (`determinize`): the order of both undrawn decks and the cards of every draw its divider has not yet
laid out before its receiver (another seat's draw until its pick step, the split kept); they are pooled, sorted
and shuffled back.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types

from analyzer.core import search
from analyzer.games.san_marco import game as g
from analyzer.games.san_marco.policies import SEARCH_DEPTH
from analyzer.games.san_marco.game import (
    ADECK, ADISC, AN, AR, BSIZE, CSIZE, C_EARLY, C_P, C_PBANISH, C_ROLES, C_SEES, GS, G_ACT, G_APILE, G_DIST, G_LIMC,
    G_LPILE, G_NA, G_NL, G_NP, G_OWNER, G_PLAYED, G_REC, G_STATUS, LDECK, LIM, LN, MAXOPT, NKINDS, NPL, OP_PICK,
    OP_SPLIT, ORDER_KEY, RDSIZE, RD_G, RD_KIND, RD_NG, RD_NSTEPS, RD_ROLE, RD_STEP, RD_STEPS, RD_STOPPED, SC,
    SPLITS_MAX, SSIZE, STSIZE, ST_ACT)

RD0 = SSIZE  # the round's plan
ST0 = RD0 + RDSIZE  # the stats
PAR0 = ST0 + STSIZE  # 4 seats x (lambda, elimination penalty, beta), float64
CUR = PAR0 + 12
# the cursor: phase, pending decision and its seat, the step's group and slot, the pile being played (seat, pile,
# the card whose option is pending), the first round of the run, the round stopped early, the random player's
# card order (count, cards), prestige and limit at the round's start, which groups' cards are laid out
PHASE, PEND, DECP, PG, PSLOT, PSEAT, PQ, PCARD, FIRST, STOPPED, NORD = range(CUR, CUR + 11)
ORD = CUR + 11
SB = ORD + 6
LB = SB + 4
SHOWN = LB + 4
FSIZE = SHOWN + 2
PH_ROUND, PH_STEPS, PH_PLAY, PH_ROUNDEND, PH_PASSAGE, PH_OVER = range(6)
D_ROLES, D_SPLIT, D_PICK, D_CARD, D_OPT, D_PBANISH = range(1, 7)
DECISIONS = ("roles", "split", "pick", "card", "option", "passage banishment")
DECLINE = 6  # D_PBANISH's option: no banishment
NSTREAMS = 5
SEARCH_SEED = np.uint64(0x5A17AC0)


# ------------------------------------------------------------------------------------------------
# the forward state's parts


@njit(cache=True)
def board(fc):
    return fc[CSIZE:CSIZE + BSIZE]


@njit(cache=True)
def plan(f):
    return f[RD0:RD0 + RDSIZE]


@njit(cache=True)
def stats(f):
    return f[ST0:ST0 + STSIZE]


@njit(cache=True)
def params(f):
    return f[PAR0:PAR0 + 12].view(np.float64).reshape((4, 3))


@njit(cache=True)
def pend(f, what, seat):
    f[PEND] = what
    f[DECP] = seat
    return seat


@njit(cache=True)
def group_at(f):
    return RD_G + GS * f[PG]


@njit(cache=True)
def pile_left(rd, b, q, cards):
    """The cards of pile q not played yet, in the plan's order; returns how many."""
    k = 0
    for i in range(rd[b + G_NA]):
        if rd[b + G_APILE + i] == q and rd[b + G_PLAYED + i] == 0:
            cards[k] = rd[b + G_ACT + i]
            k += 1
    return k


@njit(cache=True)
def take_pile(rd, st, b, q, seat):
    rd[b + G_OWNER + q] = seat
    st[ST_ACT + seat * NKINDS + 7] += 1


# ------------------------------------------------------------------------------------------------
# the rules between decisions (game.run_game, run_steps and do_play, cut at the decisions)


@njit(cache=True)
def start_pile(f, s, rd, b, slot):
    """A pile's play begins (game.open_pile): its player and pile into the cursor."""
    f[PSEAT], f[PQ] = g.open_pile(s, rd, b, slot)
    f[PCARD] = -1
    f[NORD] = 0


@njit(cache=True)
def round_end(f, s, fc, rd, st):
    """The round's stats, whether the passage ends (then the catch-up bonus) and the next round's start."""
    over = g.close_round(s, fc, rd, st, f[SB:SB + 4], f[LB:LB + 4], f[STOPPED], f[FIRST] == 1)
    f[FIRST] = 0
    f[SHOWN] = 1
    f[SHOWN + 1] = 1
    if over:
        g.catch_up(s, fc, st)
        f[PHASE] = PH_PASSAGE
    else:
        g.next_start(s, fc, rd)
        f[PHASE] = PH_ROUND


@njit(cache=True)
def end_passage(f, s, fc, rs, forced):
    """The passage's banishment (forced: a district, or -2 none), then the next passage or the final scoring."""
    opts = np.empty((1, 5), dtype=np.int64)
    over = g.end_passage(s, board(fc), fc, np.ones(4, dtype=np.int64), rs, stats(f), opts,
                         np.empty(SSIZE, dtype=np.int64), forced, False)
    f[PHASE] = PH_OVER if over else PH_ROUND


@njit(search.ADVANCE_SIG, cache=True)
def advance(f, fc, rs, rec):
    s, bd, rd, st = f[:SSIZE], board(fc), plan(f), stats(f)
    while True:
        if f[PEND] != 0:
            return f[DECP]
        ph = f[PHASE]
        if ph == PH_OVER:
            return search.ENDED
        if ph == PH_ROUND:
            g.new_round(s, bd, fc, rd, np.ones(4, dtype=np.int64), rs, st)  # roles chosen: the decision below
            for p in range(s[NPL]):
                f[SB + p] = s[SC + p]
                f[LB + p] = s[LIM + p]
            f[SHOWN] = 0
            f[SHOWN + 1] = 0
            f[PHASE] = PH_STEPS
            if fc[C_ROLES] == 1 and rd[RD_KIND] == 4:
                return pend(f, D_ROLES, rd[RD_ROLE])
        elif ph == PH_STEPS:
            if rd[RD_STEP] >= rd[RD_NSTEPS]:
                f[STOPPED] = 0
                f[PHASE] = PH_ROUNDEND
                continue
            i = RD_STEPS + 3 * rd[RD_STEP]
            op = rd[i]
            f[PG] = rd[i + 1]
            f[PSLOT] = rd[i + 2]
            rd[RD_STEP] += 1
            b = group_at(f)
            if op == OP_SPLIT:
                na, nl = rd[b + G_NA], rd[b + G_NL]
                if na + nl >= rd[b + G_NP]:
                    return pend(f, D_SPLIT, rd[b + G_DIST])
                for k in range(na + nl):  # fewer cards than piles: one a pile
                    if k < na:
                        rd[b + G_APILE + k] = k
                    else:
                        rd[b + G_LPILE + k - na] = k
            elif op == OP_PICK:
                f[SHOWN + f[PG]] = 1
                seat = rd[b + G_REC + f[PSLOT]]
                if rd[b + G_NP] == 2 and fc[C_SEES] == 0:  # a blind pick is chance, whoever picks
                    avail = np.empty(3, dtype=np.int64)
                    k = 0
                    for q in range(2):
                        if rd[b + G_OWNER + q] < 0:
                            avail[k] = q
                            k += 1
                    take_pile(rd, st, b, avail[g.randint(rs, 4, k)], seat)
                else:
                    return pend(f, D_PICK, seat)
            else:
                start_pile(f, s, rd, b, f[PSLOT])
                f[PHASE] = PH_PLAY
        elif ph == PH_PLAY:
            seat = f[PSEAT]
            if f[PCARD] >= 0:
                if g.options(s, bd, fc, seat, f[PCARD], np.empty((MAXOPT, 5), dtype=np.int64)) > 0:
                    return pend(f, D_OPT, seat)
                st[ST_ACT + seat * NKINDS + 5] += 1  # no option: the card is discarded unused
                f[PCARD] = -1
                continue
            b = group_at(f)
            if pile_left(rd, b, f[PQ], np.empty(6, dtype=np.int64)) > 0:
                return pend(f, D_CARD, seat)
            rd[b + G_STATUS + f[PQ]] = 2
            f[PHASE] = PH_STEPS
            if fc[C_EARLY] == 0 and g.below_10(s) < 2:
                rd[RD_STOPPED] = 1
                g.gather_unplayed(s, rd)
                f[STOPPED] = 1
                f[PHASE] = PH_ROUNDEND
        elif ph == PH_ROUNDEND:
            round_end(f, s, fc, rd, st)
            return search.ROUND_END
        else:  # PH_PASSAGE
            who = g.fewest(s)
            if who >= 0:
                return pend(f, D_PBANISH, who)
            end_passage(f, s, fc, rs, -2)


# ------------------------------------------------------------------------------------------------
# the options


@njit(cache=True)
def split_options(f, fc, out):
    """Each distinct split once (equal piles as multisets of cards are one), the 64 best for a greedy divider."""
    s, rd = f[:SSIZE], plan(f)
    b = group_at(f)
    na, nl, npl = rd[b + G_NA], rd[b + G_NL], rd[b + G_NP]
    nc = na + nl
    codes = np.empty(SPLITS_MAX, dtype=np.int64)
    vals = np.empty(SPLITS_MAX, dtype=np.float64)
    m = g.split_table(s, board(fc), fc, rd, f[PG], rd[b + G_DIST], 1, params(f), np.empty((MAXOPT, 5), np.int64),
                      np.empty(SSIZE, np.int64), np.empty(SSIZE, np.int64), codes, vals)
    keys = np.empty(m, dtype=np.int64)
    piles = np.empty(3, dtype=np.int64)
    for k in range(m):
        piles[:] = 0
        x = codes[k]
        for i in range(nc):
            q = 0
            if i > 0:
                q = x % npl
                x //= npl
            card = rd[b + G_ACT + i] if i < na else 10 + rd[b + G_LIMC + i - na] - 1
            piles[q] += np.int64(1) << (4 * card)  # counts of each card (at most 6) in 4 bits each
        piles[:npl].sort()
        h = np.uint64(0)
        for q in range(npl):
            h = search.mix(h ^ np.uint64(piles[q]))
        keys[k] = np.int64(h)
    by_key = np.argsort(keys, kind="mergesort")
    keep = np.zeros(m, dtype=np.bool_)
    for k in range(m):
        if k == 0 or keys[by_key[k]] != keys[by_key[k - 1]]:
            keep[by_key[k]] = True
    order = np.argsort(-vals[:m], kind="mergesort")
    n = 0
    for k in range(m):
        i = order[k]
        if keep[i] and n < out.shape[0]:
            out[n] = 3 * base3(codes[i], npl, nc)
            n += 1
    return n


@njit(cache=True)
def base3(code, npl, nc):
    """A split_table code (cards 1.. in base npl) as cards 1.. in base 3."""
    o = 0
    w = 1
    for i in range(1, nc):
        o += (code % npl) * w
        code //= npl
        w *= 3
    return o


@njit(cache=True)
def option_rows(f, fc, opts):
    s = f[:SSIZE]
    return g.options(s, board(fc), fc, f[PSEAT], f[PCARD], opts)


@njit(search.LEGAL_SIG, cache=True)
def legal(f, fc, out):
    what = f[PEND]
    rd = plan(f)
    if what == D_ROLES:
        d1 = rd[RD_ROLE]
        n = 0
        for a in range(1, 4):
            for c in range(1, 4):
                if c != a:
                    e = 6 - a - c
                    out[n] = 16 * ((d1 + a) % 4) + 4 * ((d1 + c) % 4) + (d1 + e) % 4
                    n += 1
        return n
    if what == D_SPLIT:
        return split_options(f, fc, out)
    if what == D_PICK:
        b = group_at(f)
        n = 0
        for q in range(rd[b + G_NP]):
            if rd[b + G_OWNER + q] < 0:
                out[n] = q
                n += 1
        return n
    if what == D_CARD:
        cards = np.empty(6, dtype=np.int64)
        k = pile_left(rd, group_at(f), f[PQ], cards)
        n = 0
        for key in range(5):
            for c in range(10):
                if ORDER_KEY[c] == key:
                    for i in range(k):
                        if cards[i] == c:
                            out[n] = c
                            n += 1
                            break
        return n
    if what == D_OPT:
        opts = np.empty((MAXOPT, 5), dtype=np.int64)
        n = option_rows(f, fc, opts)
        if n <= out.shape[0]:
            for i in range(n):
                out[i] = i
            return n
        s = f[:SSIZE]
        vals = np.empty(n, dtype=np.float64)
        scratch = np.empty(SSIZE, dtype=np.int64)
        for i in range(n):
            vals[i] = g.option_value(s, board(fc), fc, f[PSEAT], opts[i], scratch)
        order = np.argsort(-vals, kind="mergesort")
        for i in range(out.shape[0]):
            out[i] = order[i]
        return out.shape[0]
    for d in range(6):  # D_PBANISH
        out[d] = d
    if fc[C_PBANISH] == 1:
        return 6
    out[6] = DECLINE
    return 7


# ------------------------------------------------------------------------------------------------
# playing an option


@njit(search.APPLY_SIG, cache=True)
def apply(f, fc, rs, rec, o):
    what = f[PEND]
    f[PEND] = 0
    s, rd, st = f[:SSIZE], plan(f), stats(f)
    seat = f[DECP]
    if what == D_ROLES:
        rd[RD_G + G_REC] = o // 16
        rd[RD_G + GS + G_DIST] = (o // 4) % 4
        rd[RD_G + GS + G_REC] = o % 4
        rd[RD_ROLE + 1], rd[RD_ROLE + 2], rd[RD_ROLE + 3] = o // 16, (o // 4) % 4, o % 4
    elif what == D_SPLIT:
        b = group_at(f)
        na = rd[b + G_NA]
        for i in range(na + rd[b + G_NL]):
            q = o % 3
            o //= 3
            if i < na:
                rd[b + G_APILE + i] = q
            else:
                rd[b + G_LPILE + i - na] = q
    elif what == D_PICK:
        take_pile(rd, st, group_at(f), o, seat)
    elif what == D_CARD:
        b = group_at(f)
        for i in range(rd[b + G_NA]):
            if rd[b + G_APILE + i] == f[PQ] and rd[b + G_PLAYED + i] == 0 and rd[b + G_ACT + i] == o:
                rd[b + G_PLAYED + i] = 1
                break
        s[ADISC + o] += 1
        f[PCARD] = o
        n = f[NORD]
        for i in range(n):  # the random player's order loses the card
            if f[ORD + i] == o:
                for k in range(i, n - 1):
                    f[ORD + k] = f[ORD + k + 1]
                f[NORD] = n - 1
                break
    elif what == D_OPT:
        opts = np.empty((MAXOPT, 5), dtype=np.int64)
        option_rows(f, fc, opts)
        f[PCARD] = -1
        g.play_option(s, board(fc), fc, seat, opts[o], rs, st)
    else:  # D_PBANISH
        end_passage(f, s, fc, rs, o if o != DECLINE else -2)


# ------------------------------------------------------------------------------------------------
# the engine's own players


@njit(cache=True)
def roles_choice(f, code, rs):
    """game.new_round's `roles: chosen`: a random D1 seats them by lot, any other R1 the lowest prestige, then D2,
    R2 the highest."""
    s, rd = f[:SSIZE], plan(f)
    d1 = rd[RD_ROLE]
    o = np.array([(d1 + 1) % 4, (d1 + 2) % 4, (d1 + 3) % 4])
    if code != 0:
        for i in range(3):
            for j in range(2 - i):
                if s[SC + o[j]] > s[SC + o[j + 1]]:
                    o[j], o[j + 1] = o[j + 1], o[j]
    else:
        g._shuffle(o, 3, rs, 2)
    return 16 * o[0] + 4 * o[1] + o[2]


@njit(cache=True)
def card_choice(f, code, rs):
    """The next card: a random player's shuffled order (drawn when his pile's play begins, as game.do_play),
    any other's the cheap order (game._sorted_cards)."""
    rd = plan(f)
    cards = np.empty(6, dtype=np.int64)
    k = pile_left(rd, group_at(f), f[PQ], cards)
    if code == 0:
        if f[NORD] == 0:
            g._shuffle(cards, k, rs, 4)
            for i in range(k):
                f[ORD + i] = cards[i]
            f[NORD] = k
        return f[ORD]
    order = np.empty(6, dtype=np.int64)
    g._sorted_cards(cards, k, order)
    return order[0]


@njit(cache=True)
def option_choice(f, fc, code, rs):
    return g.card_option(f[:SSIZE], board(fc), fc, f[PSEAT], f[PCARD], code, rs, np.empty((MAXOPT, 5), np.int64),
                         np.empty(SSIZE, np.int64))


@njit(cache=True)
def banish_choice(f, fc, code, rs):
    d = g.banish_choice(f[:SSIZE], board(fc), fc, f[DECP], code, rs, np.empty((1, 5), np.int64),
                        np.empty(SSIZE, np.int64))
    return DECLINE if d < 0 else d


@njit(search.POLICY_SIG, cache=True)
def policy(f, fc, rs, rec, code):
    what = f[PEND]
    if what == D_ROLES:
        return roles_choice(f, code, rs)
    if what == D_CARD:
        return card_choice(f, code, rs)
    if what == D_OPT:
        return option_choice(f, fc, code, rs)
    if what == D_PBANISH:
        return banish_choice(f, fc, code, rs)
    s, rd = f[:SSIZE], plan(f).copy()  # the split and the pick: the engine's own, on a copy of the plan
    b = group_at(f)
    pol = np.full(4, code, dtype=np.int64)
    opts = np.empty((MAXOPT, 5), dtype=np.int64)
    work = np.empty(SSIZE, dtype=np.int64)
    scratch = np.empty(SSIZE, dtype=np.int64)
    if what == D_SPLIT:
        g.do_split(s, board(fc), fc, rd, f[PG], pol, params(f), rs, opts, work, scratch)
        o = 0
        w = 1
        for i in range(rd[b + G_NA] + rd[b + G_NL]):
            o += w * (rd[b + G_APILE + i] if i < rd[b + G_NA] else rd[b + G_LPILE + i - rd[b + G_NA]])
            w *= 3
        return o
    seat = f[DECP]
    g.do_pick(s, board(fc), fc, rd, f[PG], f[PSLOT], pol, params(f), rs, np.zeros(STSIZE, dtype=np.int64), opts,
              work, scratch)
    for q in range(rd[b + G_NP]):
        if rd[b + G_OWNER + q] == seat:
            return q
    return -1


# ------------------------------------------------------------------------------------------------
# what a seat cannot see, and the end


@njit(search.DETERMINIZE_SIG, cache=True)
def determinize(f, fc, viewer, rs):
    """The undrawn decks' order and the cards of the draws not yet laid out before their receivers (another
    seat's), pooled by card, sorted, shuffled (stream 1) and dealt back: the draws first, then the decks."""
    s, rd = f[:SSIZE], plan(f)
    in_round = f[PHASE] == PH_STEPS or f[PHASE] == PH_PLAY
    hidden = np.zeros(2, dtype=np.bool_)
    if in_round:
        for grp in range(rd[RD_NG]):
            hidden[grp] = f[SHOWN + grp] == 0 and rd[RD_G + GS * grp + G_DIST] != viewer
    acts = np.zeros(10, dtype=np.int64)
    lims = np.zeros(3, dtype=np.int64)
    for i in range(s[AN]):
        acts[s[ADECK + i]] += 1
    for i in range(s[LN]):
        lims[s[LDECK + i] - 1] += 1
    for grp in range(2):
        if hidden[grp]:
            b = RD_G + GS * grp
            for i in range(rd[b + G_NA]):
                acts[rd[b + G_ACT + i]] += 1
            for j in range(rd[b + G_NL]):
                lims[rd[b + G_LIMC + j] - 1] += 1
    pool = np.empty(62, dtype=np.int64)
    for kind, counts in enumerate((acts, lims)):
        m = 0
        for c in range(counts.shape[0]):
            for _ in range(counts[c]):
                pool[m] = c + kind  # limit cards are valued 1..3
                m += 1
        g._shuffle(pool, m, rs, 1)
        m = 0
        for grp in range(2):
            if hidden[grp]:
                b = RD_G + GS * grp
                at, cnt = (b + G_ACT, rd[b + G_NA]) if kind == 0 else (b + G_LIMC, rd[b + G_NL])
                for i in range(cnt):
                    rd[at + i] = pool[m]
                    m += 1
        at, cnt = (ADECK, s[AN]) if kind == 0 else (LDECK, s[LN])
        for i in range(cnt):
            s[at + i] = pool[m]
            m += 1


@njit(cache=True)
def win_keys(f):
    """Each seat's win key: prestige, then aristocrats in San Marco."""
    P = f[NPL]
    keys = np.empty(P, dtype=np.int64)
    for p in range(P):
        keys[p] = f[SC + p] * 64 + f[AR + 3 * 4 + p]
    return keys


# the evaluation, tuned by measurement (search:16 against three greedy, seed 7, 64 games, one round of playout;
# docs/games/san_marco-search.md): its softmax's sharpness (a prestige point more multiplies a seat's estimated odds
# by e^EVAL_SHARPNESS: 0.25 54.7%, 0.1 70.3%), the district scorings expected per passage still to come beyond the
# final one (Doge cards; 0 and no bonus, at 0.25: 39.1%; 1.0: 53.1%), and the weight of the catch-up bonus in
# prospect
EVAL_SHARPNESS = 0.1
EVAL_FUTURE = 0.5
EVAL_BONUS = 1.0


@njit(cache=True)
def standing(f, fc):
    """Each seat's estimated prestige at the end: prestige banked, what every district would score now times the
    scorings still expected (the final one, and EVAL_FUTURE a passage after this one), and, before the passage's
    end, EVAL_BONUS times the catch-up bonus it would get were the passage to end now (below 10: the highest limit
    total less its own)."""
    s = f[:SSIZE]
    P = s[NPL]
    w = 1.0 + EVAL_FUTURE * (2 - s[g.PASS])
    top = 0
    for p in range(P):
        top = max(top, s[LIM + p])
    out = np.empty(P)
    for p in range(P):
        out[p] = s[SC + p] + w * g.static_value(s, board(fc), fc, p)
        if f[PHASE] != PH_PASSAGE and s[LIM + p] < 10:
            out[p] += EVAL_BONUS * (top - s[LIM + p])
    return out


@njit(search.SCORE_SIG, cache=True)
def evaluate(f, fc, seat):
    """The forward model's evaluation (core/search.py, truncated playouts): the seat's estimated share of the win
    where the game goes on, a softmax of every seat's estimated prestige (`standing`) with sharpness
    EVAL_SHARPNESS."""
    v = standing(f, fc)
    e = np.exp(EVAL_SHARPNESS * (v - v.max()))
    return e[seat] / e.sum()


@njit(search.SCORE_SIG, cache=True)
def reward(f, fc, seat):
    """The seat's share of the win; where the game goes on (a truncated playout), its `evaluate`."""
    if f[PHASE] != PH_OVER:
        return evaluate(f, fc, seat)
    return search.win_share(win_keys(f), seat)


@njit(search.SCORE_SIG, cache=True)
def margin(f, fc, seat):
    """The seat's prestige less the best other seat's; where the game goes on, the same of the estimated prestige
    (`standing`)."""
    if f[PHASE] != PH_OVER:
        v = standing(f, fc)
        mine = v[seat]
        v[seat] = -1e18
        return mine - v.max()
    return search.lead(f[SC:SC + f[NPL]].copy(), seat)


# playouts of one round, two from search:64 on (policies.SEARCH_DEPTH), then the evaluation; `search:N:d0` to the end
MODEL = search.ForwardModel(advance, legal, apply, policy, determinize, reward, margin, evaluate=evaluate,
                            depth=SEARCH_DEPTH)
PLAY = search.whole_game(MODEL)


# ------------------------------------------------------------------------------------------------
# whole games through core's loop


@njit(cache=True)
def start_game(f, fc, rs, par):
    """The set-up (game.setup, the same draws) and the cursor at the first round; par (P, 3) each seat's
    parameters."""
    f[:] = 0
    g.setup(f[:SSIZE], board(fc), fc, rs)
    w = params(f)
    for q in range(par.shape[0]):
        for i in range(3):
            w[q, i] = par[q, i]
    f[FIRST] = 1
    f[PCARD] = -1
    f[PHASE] = PH_ROUND


S1, I2 = types.int64[::1], types.int64[:, ::1]


@njit(types.void(S1, I2, types.float64[:, :, ::1], types.uint64[:, ::1], I2, I2, I2, S1, *search.MODEL), cache=True)
def batch(fc, pols, pars, seeds, scores, sanmarco, stats_out, last, advance, legal, apply, policy, determinize,
          reward, margin):
    """Game j from the set-up on chance seeds[j] (game.Chance), each seat playing pols[j] (the engine's codes or
    search codes) with parameters pars[j]: its prestige, aristocrats in San Marco and stats; `last` the last
    game's forward state.  The search players' seed comes from the choice stream's seed, never its draws."""
    P = fc[C_P]
    f = np.zeros(FSIZE, dtype=np.int64)
    rec = np.zeros((1, 3), dtype=np.int64)
    for j in range(seeds.shape[0]):
        rs = seeds[j].copy()
        start_game(f, fc, rs, pars[j])
        PLAY(f, fc, rs, rec, pols[j], -1, -1, search.mix(seeds[j, 4] ^ SEARCH_SEED), advance, legal, apply,
             policy, determinize, reward, margin)
        for p in range(P):
            scores[j, p] = f[SC + p]
            sanmarco[j, p] = f[AR + 3 * 4 + p]
        stats_out[j, :] = f[ST0:ST0 + STSIZE]
    last[:] = f


def forward_cfg(board_, settings, players: int, max_rounds: int = g.MAX_ROUNDS) -> np.ndarray:
    """The forward settings: the engine's settings vector, then the board vector."""
    return np.concatenate((g.settings_vector(settings, players, max_rounds), g.board_vector(board_)))


def policy_code(policy) -> int:
    """The engine's code of a policy (a policies.Policy, a SearchPolicy or a name)."""
    from analyzer.core.policies import engine_code
    from analyzer.games.san_marco.policies import parse_policy

    return engine_code(policy, parse_policy, g.POLICY_CODES, MODEL)


def policy_arrays(policies, n: int, seat_policy: np.ndarray | None = None):
    """(n, P) codes (search codes too) and (n, P, 3) parameters (a search seat: its base's) for game rows."""
    from analyzer.games.san_marco.policies import parse_policy

    P = len(policies)
    policies = [parse_policy(p, "policy") if isinstance(p, str) else p for p in policies]
    codes = np.array([policy_code(p) for p in policies], dtype=np.int64)
    bases = [getattr(p, "base", p) for p in policies]
    params_ = np.array([[b.lam, b.elim_penalty, b.beta] for b in bases], dtype=np.float64)
    if seat_policy is None:
        seat_policy = np.broadcast_to(np.arange(P), (n, P))
    return np.ascontiguousarray(codes[seat_policy]), np.ascontiguousarray(params_[seat_policy])


def play_games(board_, settings, players: int, policies, n: int, rng, seat_policy: np.ndarray | None = None,
               max_rounds: int = g.MAX_ROUNDS, last: np.ndarray | None = None) -> dict:
    """`game.play_games` through core's loop (`search.whole_game`), so that a seat may be the search player: n whole
    games on the same chance, scores (n, P), sanmarco (n, P), stats (n, STSIZE), credit (n, P)."""
    chance = g.Chance(n, rng)
    fc = forward_cfg(board_, settings, players, max_rounds)
    pols, pars = policy_arrays(policies, n, seat_policy)
    scores = np.zeros((n, players), dtype=np.int64)
    sm = np.zeros((n, players), dtype=np.int64)
    st = np.zeros((n, STSIZE), dtype=np.int64)
    batch(fc, pols, pars, chance.seeds, scores, sm, st, np.zeros(FSIZE, dtype=np.int64) if last is None else last,
          *MODEL.functions())
    return {"scores": scores, "sanmarco": sm, "stats": st, "credit": g.credit(scores, sm)}


def new_game(players: int, seed: int, board_=None, settings=None, policy="greedy"):
    """Game `seed` set up (every seat `policy`) as the forward model sees it: (state, forward settings, streams)."""
    from analyzer.games.san_marco import rules as r

    board_ = board_ or r.Board()
    settings = settings or r.Settings()
    fc = forward_cfg(board_, settings, players)
    rs = g.Chance(1, np.random.default_rng(seed)).seeds[0].copy()
    _, pars = policy_arrays([policy] * players, 1)
    f = np.zeros(FSIZE, dtype=np.int64)
    start_game(f, fc, rs, pars[0])
    return f, fc, rs
