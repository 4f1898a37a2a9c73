"""Whole San Marco games for balance runs, and rollouts from a position for the at-the-table answers.

`play(config, n, rng)` is what core's balance runner calls (`core.game.FullGames.play`): the numba
engine (`game.py`) plays every game from the set-up with the seated policies; where a search player sits, the
games go through core's loop over the forward model (`model.py`), on the same chance.

`rollout(position, settings, models, n, rng, decision=None)` continues a game from a `state.Position`
n times with the players of `models` (every seat `models.others`, lambda and elimination penalty from
`models`; the current receiver's pick by `models.chooser`), the undrawn decks reshuffled for each
rollout.  Cards the position does not show (the other distributor's draw, piles taken but not
listed) are dealt from the undrawn deck: a distributor's whole draw where he has not split yet, else
a pile of 3 action + 1 limit cards (2-pile rounds) or 2 + 1 (3-pile rounds), the mean share.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core import engine
from analyzer.games.san_marco import game as g
from analyzer.games.san_marco import model
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.policies import Policy

KINDS = g.KINDS
ROLE_SLOTS = ("D1", "R1", "D2", "R2")  # 3 players: D in D1's slot, D2 empty


@dataclass(frozen=True)
class RuleSet:
    board: r.Board = field(default_factory=r.Board)
    settings: r.Settings = field(default_factory=r.Settings)
    max_rounds: int = g.MAX_ROUNDS  # the turn cap: rounds per passage (never reached, see game.py)
    board_note: str = ""  # how the board was derived (a shuffle of the illustrative one)


GameConfig = engine.GameConfig


def launch(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray) -> dict:
    """n games from the set-up: the engine's, or where a search player sits core's loop over the forward model
    (`model.py`) on the same chance; scores, stats and credit by seat."""
    searching = any(p.kind == "search" for p in config.policies)
    return (model if searching else g).play_games(config.rules.board, config.rules.settings, config.players,
                                                  config.policies, n, rng, seat_policy=seat_policy,
                                                  max_rounds=config.rules.max_rounds)


def role_lengths(games: dict, config: GameConfig) -> dict:
    """Each game's mean over its normal rounds of what the seat in each role gained: prestige and limit."""
    st, res = games["stats"], {}
    for q, role in enumerate(ROLE_SLOTS):
        rounds = np.maximum(st[:, g.ST_ROLEN + q], 1)
        res[f"{role} prestige per round"] = st[:, g.ST_ROLEP + q] / rounds
        res[f"{role} limit per round"] = st[:, g.ST_ROLEL + q] / rounds
    return res


RECORD = engine.Record(start=None, money=None, actions=g.ST_ACT, kinds=KINDS, maxp=4, lengths=(
    engine.Length("rounds", g.ST_ROUNDS), *(engine.Length(f"passage {k + 1} rounds", g.ST_P1 + k) for k in range(3)),
    engine.Length("extra rounds", g.ST_EXTRA), engine.Length("doge scorings", g.ST_DOGES),
    engine.Length("action deck reshuffles", g.ST_RESHUF), engine.Length("capped", g.ST_CAP)))
WHOLE = engine.WholeGames(
    "analyzer.games.san_marco.game", RECORD, slow_chunk=256, launch=launch, own=role_lengths,
    own_lengths=(*(f"{role} prestige per round" for role in ROLE_SLOTS),
                 *(f"{role} limit per round" for role in ROLE_SLOTS)))
play, games_per_chunk, LENGTHS = WHOLE.play, WHOLE.games_per_chunk, WHOLE.lengths


# ------------------------------------------------------------------------------------------------
# rollouts from a position


def _group_cards(rd, b, acts, lims, apile, lpile):
    rd[b + g.G_NA] = len(acts)
    rd[b + g.G_NL] = len(lims)
    for i, c in enumerate(acts):
        rd[b + g.G_ACT + i] = c
        rd[b + g.G_APILE + i] = apile[i]
    for j, v in enumerate(lims):
        rd[b + g.G_LIMC + j] = v
        rd[b + g.G_LPILE + j] = lpile[j]


def _piles_cards(piles, extra=()):
    """Cards of the given piles (and extra (n_action, n_limit) placeholders, dealt later) -> assignment."""
    acts, lims, apile, lpile = [], [], [], []
    for q, pile in enumerate(piles):
        acts += list(pile.action)
        apile += [q] * len(pile.action)
        lims += list(pile.limit)
        lpile += [q] * len(pile.limit)
    return acts, lims, apile, lpile


def _split_assignment(drawn, piles, field="decision"):
    """A split of `drawn` into `piles` (state.Pile) -> (apile, lpile) indices per card of drawn."""
    left_a = list(drawn.action)
    left_l = list(drawn.limit)
    apile = [None] * len(left_a)
    lpile = [None] * len(left_l)
    for q, pile in enumerate(piles):
        for c in pile.action:
            i = next((i for i, x in enumerate(left_a) if x == c and apile[i] is None), None)
            if i is None:
                raise ValueError(f"{field}: the piles must hold exactly the drawn cards")
            apile[i] = q
        for v in pile.limit:
            j = next((j for j, x in enumerate(left_l) if x == v and lpile[j] is None), None)
            if j is None:
                raise ValueError(f"{field}: the piles must hold exactly the drawn cards")
            lpile[j] = q
    if None in apile or None in lpile or any(p.size == 0 for p in piles):
        raise ValueError(f"{field}: the piles must hold exactly the drawn cards")
    return apile, lpile


def _steps_index(rd, op, grp, slot):
    for k in range(rd[g.RD_NSTEPS]):
        i = g.RD_STEPS + 3 * k
        if rd[i] == op and rd[i + 1] == grp and rd[i + 2] == slot:
            return k
    raise ValueError("no such step")


def option_row(p, action) -> np.ndarray:
    """A `reference.Action` -> the engine's option row (type, a, b, c, src)."""
    src = -1 if action.source is None else action.source
    index = {pair: i for i, pair in enumerate(p.board.pairs)}
    k = action.kind
    if k == "skip":
        return np.array([g.T_SKIP, -1, -1, -1, -1])
    if k in ("place", "move"):
        hop = action.district if action.hop is not None else -1
        return np.array([g.T_DISTRICT, action.card, hop, -1, src])
    if k == "bridge":
        return np.array([g.T_BRIDGE, index[action.pair], -1, -1, src])
    if k == "takeover":
        pair, owner = action.bridge
        return np.array([g.T_TAKE, index[pair], owner, -1, src])
    if k == "move_bridge":
        pair, owner = action.bridge
        return np.array([g.T_MOVE, index[pair], owner, index[action.pair], src])
    if k == "transfer":
        return np.array([g.T_TRANSFER, action.district, action.victim, -1, src])
    if k == "banish":
        return np.array([g.T_BANISH, action.district, -1, -1, -1])
    if k == "doge":
        return np.array([g.T_DOGE, action.district, 0, -1, -1])
    raise ValueError(f"unknown action {k}")


def _round_plan(p, settings: r.Settings, decision):
    """(rd, resume, forced option row or None, forced card, forced banish) for the position's decision."""
    cfg = g.settings_vector(settings, p.players)
    rd = np.zeros(g.RDSIZE, dtype=np.int64)
    roles = dict(p.roles)
    n = len(p.roles)
    rd[g.RD_ROLE:g.RD_ROLE + 4] = -1
    if n == 4:
        rd[g.RD_KIND], rd[g.RD_NG] = 4, 2
        g.set_group(rd, 0, roles["D1"], roles["R1"], -1, 5, 3)
        g.set_group(rd, 1, roles["D2"], roles["R2"], -1, 5, 3)
        rd[g.RD_ROLE:g.RD_ROLE + 4] = [roles["D1"], roles["R1"], roles["D2"], roles["R2"]]
        groups = {"D1": (0, 2), "R1": (0, 0), "D2": (1, 2), "R2": (1, 0)}
    elif n == 3:
        rd[g.RD_KIND], rd[g.RD_NG] = 3, 1
        g.set_group(rd, 0, roles["D"], roles["R1"], roles["R2"], 6, 4)
        rd[g.RD_ROLE], rd[g.RD_ROLE + 1], rd[g.RD_ROLE + 3] = roles["D"], roles["R1"], roles["R2"]
        if not p.final_round:
            rd[g.RD_PREV:g.RD_PREV + 3] = [roles["D"], roles["R1"], roles["R2"]]
        groups = {"D": (0, 2), "R1": (0, 0), "R2": (0, 1)}
    else:
        rd[g.RD_KIND], rd[g.RD_NG] = 2, 1
        g.set_group(rd, 0, roles["D"], roles["R"], -1, 5, 3)
        rd[g.RD_ROLE], rd[g.RD_ROLE + 1] = roles["D"], roles["R"]
        groups = {"D": (0, 2), "R": (0, 0)}
    g.plan_steps(rd, cfg)
    for grp in range(rd[g.RD_NG]):
        rd[g.RD_G + g.GS * grp + g.G_UNDEALT] = 1
    d = p.decision
    forced, card, banish_at = None, -1, -1
    if d is None:
        return rd, 1, forced, card, banish_at
    if d.kind == "passage_banish":
        rd[g.RD_NG] = 0
        banish_at = -1 if decision is None else (-2 if decision in (None, "none", -2) else int(decision))
        return rd, 2, forced, card, banish_at
    role = p.role_of(d.who)
    grp, slot = groups[role]
    b = g.RD_G + g.GS * grp
    npiles = rd[b + g.G_NP]
    share = (3, 1) if npiles == 2 else (2, 1)
    sequential = n == 4 and settings.split_timing_4p == "sequential"

    def done_before(k):
        """Steps before k are done; a pending simultaneous split of pair 2 still comes first."""
        steps = [tuple(rd[g.RD_STEPS + 3 * i:g.RD_STEPS + 3 * i + 3]) for i in range(rd[g.RD_NSTEPS])]
        first = steps[:k]
        keep = steps[k:]
        if n == 4 and grp == 0 and (g.OP_SPLIT, 1, 0) in first:
            keep = [(g.OP_SPLIT, 1, 0)] + keep
        if n == 4 and grp == 1 and (g.OP_PLAY, 0, 2) in first:
            rd[g.RD_G + g.G_UNDEALT] = 0  # pair 1 has played: its effects are in the position
        rd[g.RD_NSTEPS] = 0
        rd[g.RD_STEP] = 0
        for step in keep:
            g._step(rd, *step)

    if d.kind == "split":
        apile, lpile = ([0] * len(d.drawn.action), [0] * len(d.drawn.limit))
        if decision is not None:
            apile, lpile = _split_assignment(d.drawn, decision)
            rd[b + g.G_SPLIT] = 1
        _group_cards(rd, b, d.drawn.action, d.drawn.limit, apile, lpile)
        rd[b + g.G_UNDEALT] = 0
        k = _steps_index(rd, g.OP_SPLIT, grp, 0)
        if n == 4 and grp == 1 and not sequential:
            k = 0  # D1 splits at the same time: his draw is dealt and split by his model
        done_before(k)
        return rd, 1, forced, card, banish_at
    if d.kind == "choose":
        piles = list(d.piles)
        taken = npiles - len(piles)  # 3 players, R2: R1's pile is not listed
        acts, lims, apile, lpile = _piles_cards(piles)
        # unlisted taken piles go after the listed ones, dealt later
        _group_cards(rd, b, acts, lims, apile, lpile)
        rd[b + g.G_SPLIT] = 1
        rd[b + g.G_UNDEALT] = 0
        if taken:
            played = _steps_index(rd, g.OP_PLAY, grp, 0) < _steps_index(rd, g.OP_PICK, grp, slot)
            _extra_pile(rd, b, len(piles), rd[b + g.G_REC], share, done=played)
        if decision is not None:
            q = decision if isinstance(decision, (int, np.integer)) else piles.index(decision)
            rd[b + g.G_OWNER + q] = d.who
        done_before(_steps_index(rd, g.OP_PICK, grp, slot))
        return rd, 1, forced, card, banish_at
    # play, doge, banish: the player's own pile is what is left to play; the others' unknown piles dealt
    to_play = list(d.to_play or ())
    if d.kind in ("doge", "banish"):
        to_play = [r.DOGE if d.kind == "doge" else r.BANISH]
    for i, c in enumerate(to_play):
        rd[b + g.G_ACT + i] = c
        rd[b + g.G_APILE + i] = 0
    rd[b + g.G_NA] = len(to_play)
    rd[b + g.G_NL] = 0
    rd[b + g.G_SPLIT] = 1
    rd[b + g.G_UNDEALT] = 0
    rd[b + g.G_OWNER] = d.who
    rd[b + g.G_STATUS] = 1  # its limit cards are in the position already
    order = [rd[b + g.G_REC + i] for i in range(npiles - 1)] + [rd[b + g.G_DIST]]
    here = order.index(d.who)
    play_before = _steps_index(rd, g.OP_PLAY, grp, slot)
    for q, seat in enumerate(order):
        if seat == d.who:
            continue
        played = _steps_index(rd, g.OP_PLAY, grp, 2 if seat == rd[b + g.G_DIST] else order.index(seat)) < play_before
        _extra_pile(rd, b, 1 + q - (q > here), seat if not played else -3, share, done=played)
    if decision is not None:
        forced = option_row(p, decision)
        card = decision.card if decision.card is not None else to_play[0]
        # the forced card is played first; the rest of the pile after it
        for i in range(rd[b + g.G_NA]):
            if rd[b + g.G_ACT + i] == card:
                rd[b + g.G_APILE + i] = 0
                rd[b + g.G_PLAYED + i] = 1
                break
    done_before(play_before)
    return rd, 1, forced, card, banish_at


def _extra_pile(rd, b, q, owner, share, done=False):
    """Pile q of the group at b: `share` (action, limit) cards dealt from the undrawn decks at the rollout's start."""
    rd[b + g.G_OWNER + q] = owner
    if done:
        rd[b + g.G_STATUS + q] = 2
        return
    extra = rd[b + g.G_XA:b + g.G_XA + 3]
    extra[q] = share[0] * 8 + share[1]


def rollout(position, settings=None, models=None, n: int = 1000, rng=None, decision=None) -> dict:
    """n continuations of the position to the end of the game (see the module doc).

    `decision` fixes the current choice (position.decision): a split -> a sequence of `state.Pile` holding
    exactly the drawn cards; choose -> the index of a pile in decision.piles (or the Pile); play, doge,
    banish -> a `reference.Action` (played first, the rest of the pile by the model); passage_banish -> a
    district index, or "none" (or -2) to decline.  None: the model makes the current choice too.

    Returns final (n, P) prestige, credit (n, P) win credit (ties: San Marco, then shared), passage_ends (n,)
    whether the passage ended after the current round, bonus (n, P) the catch-up bonus at this passage's end
    (0 where the position is already at its passage's banishment)."""
    settings = settings or position.settings
    models = models or position.models
    rng = rng if rng is not None else np.random.default_rng()
    P = position.players
    s0 = g.state_vector(position, settings)
    rd, resume, forced, card, banish_at = _round_plan(position, settings, decision)
    kind = models.others if models.others in ("greedy", "random") else "greedy"
    seat = Policy(kind, models.lam, models.elim_penalty, models.beta)
    policies = [seat] * P
    d = position.decision
    if d is not None and d.kind == "choose" and models.chooser == "softmax" and kind == "greedy":
        policies[d.who] = Policy("softmax", models.lam, models.elim_penalty, models.beta)
    pols, pars = g.policy_arrays(policies, n)
    chance = g.Chance(n, rng)
    bd = g.board_vector(position.board)
    cfg = g.settings_vector(settings, P)
    scores = np.zeros((n, P), dtype=np.int64)
    sm = np.zeros((n, P), dtype=np.int64)
    stats = np.zeros((n, g.STSIZE), dtype=np.int64)
    fopt = np.full(5, -1, dtype=np.int64) if forced is None else forced.astype(np.int64)
    fseat = -1 if d is None else d.who
    g.continue_batch(s0, rd, resume, banish_at, fopt, fseat, card, bd, cfg, pols, pars, chance.seeds, True,
                     scores, sm, stats)
    ends = stats[:, g.ST_FIRSTEND].astype(bool)
    bonus = stats[:, g.ST_BONUS:g.ST_BONUS + P].copy()
    if resume == 2:  # at the passage's banishment: it has ended, its bonus is in the scores already
        ends[:] = True
        bonus[:] = 0
    return {"final": scores, "credit": g.credit(scores, sm), "passage_ends": ends, "bonus": bonus}
