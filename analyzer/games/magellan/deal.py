"""Hidden gold cards: the deals consistent with everything public, exactly in phase I, and samples of them.

**Phase I** (`PhaseOne`).  Every player starts with one card of each value, and until the end of phase
I the only cards that join a hand are da Gama's draws (from the cards outside the start sets) and the
only ones that leave it are payments, Cook B's random discards and Magellan A's face-down tucks.  So
player p's hand is

    start set + D_p - paid_p - discarded_p - tucked_p

where paid and discarded are public (`position.history`), D_p are his `draws` da Gama cards (values
hidden unless given) and tucked_p the cards under his Magellan A stacks (hidden unless given).  The
deals are enumerated exactly: every D (jointly: the players draw from one pile) and every choice of
tucked cards, each weighted by the number of ways the physical cards could lie (all arrangements of
the cards equally likely, given the public facts), keeping only those in which the hand holds the
cards known to be in it and can make the player's standing bid.  `distribution(p)` gives the exact
law of p's hand; `sample` draws deals from it.

**Later phases** (`sample_pool`).  The cards whose place is unknown (the pool) are dealt at random to
the hidden places of hands (sizes known), to face-down Magellan stacks and to the draw pile; a deal
in which a player could not make a bid he made in this auction is drawn again.

Both return (hands [n,P,V], pile [n,V], tucked [n,S]: crowns under each Magellan stack).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import VALUES, legal_bids

V = len(VALUES)
VAL = np.arange(1, V + 1, dtype=np.int64)
START = (1,) * V  # a start set: one card of each value
ZERO = (0,) * V
MAX_CONFIGS = 200_000  # joint da Gama draws enumerated at most (default rules: at most 3 cards in phase I)


@dataclass(frozen=True)
class History:
    """One player's phase I so far (counts per value): the cards he paid (a Magellan B tuck included) and
    discarded (Cook B), and his da Gama draws: `draws` cards, of values `drew` where known (else None)."""

    paid: tuple[int, ...]
    discarded: tuple[int, ...]
    draws: int
    drew: tuple[int, ...] | None


def multisets(size: int, caps) -> list[tuple[int, ...]]:
    """Every count vector over the 9 values with `size` cards in all and at most caps[v] of value v."""
    out = []

    def go(i: int, left: int, acc: list[int]) -> None:
        if i == V - 1:
            if left <= caps[i]:
                out.append(tuple(acc + [left]))
            return
        for k in range(min(left, caps[i]) + 1):
            go(i + 1, left - k, acc + [k])

    if size <= sum(caps):
        go(0, size, [])
    return out


def _ways(avail, take) -> int:
    """How many ways to pick the cards `take` out of the cards `avail` (counts)."""
    return math.prod(math.comb(a, t) for a, t in zip(avail, take))


def _minus(a, b) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def _plus(a, b) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


class PhaseOne:
    """The exact law of the hidden cards in a phase-I bid state (see the module docstring)."""

    def __init__(self, state):
        rules, P = state.rules, state.players
        self.state, self.P = state, P
        history = state.history
        tuck_hand = bool(rules.explorers_with("tuck_hand"))
        bids = dict(state.bids)
        self.hidden_stacks = [[i for i, s in enumerate(state.stacks) if s.owner == p and s.tucked is None]
                              for p in range(P)]
        known_tucks = [ZERO] * P
        for s in state.stacks:
            if s.tucked is not None and tuck_hand:
                known_tucks[s.owner] = _plus(known_tucks[s.owner], s.tucked)
        pool = [rules.sets - P] * V  # the cards outside the start sets: in the pile, or drawn by da Gama
        for h in history:
            if h.drew is not None:
                pool = list(_minus(pool, h.drew))
        if min(pool) < 0:
            raise ScenarioError("position.history", "more da Gama draws of a value than there are cards of it "
                                                    "outside the start sets")
        self.pool = tuple(pool)
        self.base, self.options = [], []
        for p in range(P):
            h, hand = history[p], state.hands[p]
            base = _minus(_minus(_minus(_plus(START, h.drew or ZERO), h.paid), h.discarded), known_tucks[p])
            hidden_draws = h.draws if h.drew is None else 0
            tucks = len(self.hidden_stacks[p])
            mask = None
            options = []  # (D, weight of the hands it leaves, [T], [weight of T])
            for D in multisets(hidden_draws, self.pool):
                avail = _plus(base, D)
                if min(avail) < 0:
                    continue
                if hand.full:
                    T = _minus(avail, hand.known)
                    if min(T) < 0 or sum(T) != tucks:
                        continue
                    Ts, ws = [T], [_ways(avail, T)]
                else:
                    Ts, ws = [], []
                    for T in multisets(tucks, avail):
                        H = _minus(avail, T)
                        if any(x < k for x, k in zip(H, hand.known)):
                            continue
                        if p in bids:
                            if mask is None or mask[0] != H:
                                mask = (H, legal_bids(H, state.spare_needed(), rules.bids))
                            if not mask[1] >> bids[p] & 1:
                                continue
                        Ts.append(T)
                        ws.append(_ways(avail, T))
                if ws:
                    options.append((D, sum(ws), Ts, ws))
            if not options:
                field = f"position.hands.{p}" if hand.full or sum(hand.known) else f"position.history.{p}"
                if p in bids and not hand.full:
                    field = "position.auction.high_bid" if p == state.holder else f"position.auction.bids.{p}"
                raise ScenarioError(field, f"no phase-I hand of player {p} fits: his start set 1-9, {h.draws} da Gama "
                                           f"draw(s), less what he paid, discarded and tucked, holding the cards "
                                           f"known in it" + (f" and able to make his bid of {bids[p]}" if p in bids
                                                             else ""))
            self.base.append(base)
            self.options.append(options)
        self._joint()

    def _joint(self) -> None:
        """Every joint choice of the hidden da Gama draws, weighted by the ways the drawn cards could be
        chosen from the pile times the ways each player's hand and tucks could come of it."""
        drawers = [p for p in range(self.P) if len(self.options[p]) > 1 or sum(self.options[p][0][0])]
        configs, weights = [], []
        choice = [0] * self.P

        def go(k: int, left: tuple[int, ...], weight: int, taken: list) -> None:
            if len(configs) > MAX_CONFIGS:
                raise ScenarioError("position.history", "too many hidden da Gama draws to enumerate; give their values "
                                                        "(history.<player>.drew)")
            if k == len(drawers):
                ways = math.prod(math.factorial(n) for n in self.pool) // math.prod(
                    math.factorial(n) for n in left) // math.prod(math.factorial(c) for D in taken for c in D)
                configs.append(tuple(choice))
                weights.append(ways * weight)
                return
            p = drawers[k]
            for i, (D, f, _, _) in enumerate(self.options[p]):
                rest = _minus(left, D)
                if min(rest) < 0:
                    continue
                choice[p] = i
                go(k + 1, rest, weight * f, taken + [D])
            choice[p] = 0

        go(0, self.pool, 1, [])
        if not configs:
            raise ScenarioError("position.history", "the hidden da Gama draws cannot all come from the cards outside "
                                                    "the start sets")
        total = sum(weights)
        self.configs = np.array(configs, dtype=np.int64).reshape(len(configs), self.P)
        self.weights = [Fraction(w, total) for w in weights]
        self.cum = np.cumsum([float(w) for w in self.weights])
        self.cum[-1] = 1.0

    # ------------------------------------------------------------------------------------------

    def distribution(self, p: int) -> dict[tuple[int, ...], Fraction]:
        """The exact law of player p's hand: hand (counts) -> probability."""
        out: dict[tuple[int, ...], Fraction] = {}
        for c, w in zip(self.configs[:, p], self.weights):
            D, f, Ts, ws = self.options[p][c]
            avail = _plus(self.base[p], D)
            for T, wt in zip(Ts, ws):
                H = _minus(avail, T)
                out[H] = out.get(H, Fraction(0)) + w * Fraction(wt, f)
        return out

    def sample(self, n: int, rng: np.random.Generator):
        state, P = self.state, self.P
        crowns = np.array(state.rules.card_crowns, dtype=np.int64)
        c = np.minimum(np.searchsorted(self.cum, rng.random(n), side="right"), len(self.cum) - 1)
        hands = np.zeros((n, P, V), dtype=np.int64)
        pile = np.tile(np.array(self.pool, dtype=np.int64), (n, 1))
        tucked = np.zeros((n, len(state.stacks)), dtype=np.int64)
        for i, s in enumerate(state.stacks):
            if s.tucked is not None:
                tucked[:, i] = np.array(s.tucked) @ crowns
        u = rng.random((n, P))
        order = rng.random((n, max([len(x) for x in self.hidden_stacks] + [1])))
        for p in range(P):
            opts = self.options[p]
            which = self.configs[c, p]
            for o in np.unique(which):
                rows = np.nonzero(which == o)[0]
                D, f, Ts, ws = opts[o]
                cum = np.cumsum(ws) / f
                cum[-1] = 1.0
                t = np.minimum(np.searchsorted(cum, u[rows, p], side="right"), len(Ts) - 1)
                T = np.array(Ts, dtype=np.int64)[t]
                hands[rows, p] = np.array(_plus(self.base[p], D), dtype=np.int64)[None, :] - T
                pile[rows] -= np.array(D, dtype=np.int64)
                stacks = self.hidden_stacks[p]
                if stacks:  # the tucked cards, in a random order over p's face-down stacks
                    values = np.array([np.repeat(np.arange(V), x) for x in Ts], dtype=np.int64)[t]  # [rows, tucks]
                    perm = np.argsort(order[rows, : len(stacks)], axis=1)
                    values = np.take_along_axis(values, perm, axis=1)
                    for k, i in enumerate(stacks):
                        tucked[rows, i] = crowns[values[:, k]]
        return hands, pile, tucked


@lru_cache(maxsize=16)
def phase_one(state) -> PhaseOne:
    return PhaseOne(state)


def exact(state) -> bool:
    """Whether the hidden cards of this state have an exact law here (phase I, with its history)."""
    return state.history is not None


def sample(state, n: int, rng: np.random.Generator):
    """n deals of what the player to act cannot see (see the module docstring)."""
    if exact(state):
        return phase_one(state).sample(n, rng)
    return sample_pool(state, n, rng)


def can_make(hands: np.ndarray, amount: int, spare: bool, mode: str) -> np.ndarray:
    """Whether each hand [n,V] can make a bid of `amount` (rules.legal_bids), batched."""
    total = hands @ VAL
    lowest = np.argmax(hands > 0, axis=1) + 1
    cap = total - np.where(spare & (total > 0), lowest, 0)
    ok = cap >= amount
    if mode == "up_to_total" or not ok.any():
        return ok
    rows = np.nonzero(ok)[0]
    bits = sim.legal_bits(hands[rows], np.full(len(rows), spare))
    word = np.uint64(amount % 64)
    ok[rows] = ((bits[:, amount // 64] >> word) & np.uint64(1)).astype(bool) if amount // 64 < bits.shape[1] else False
    return ok


def sample_pool(state, n: int, rng: np.random.Generator, tries: int = 200):
    """n deals of the pool (the cards whose place is unknown) to the hidden places, uniform among those in
    which every player who bid in this auction can make his bid."""
    P = state.players
    pool = np.repeat(np.arange(V), state.pool())
    hidden = [h.hidden for h in state.hands] + [s.level for s in state.stacks if s.tucked is None]
    bounds = np.concatenate([[0], np.cumsum(hidden)]).astype(np.int64)
    known = np.array([h.known for h in state.hands], dtype=np.int64)
    crowns = np.array(state.rules.card_crowns, dtype=np.int64)
    spare = state.spare_needed()
    hands = np.zeros((n, P, V), dtype=np.int64)
    pile = np.zeros((n, V), dtype=np.int64)
    tucked = np.zeros((n, len(state.stacks)), dtype=np.int64)
    todo = np.arange(n)
    for _ in range(tries):
        m = len(todo)
        cards = pool[np.argsort(rng.random((m, len(pool))), axis=1)] if len(pool) else np.zeros((m, 0), np.int64)
        counts = lambda a, b: (cards[:, a:b, None] == np.arange(V)).sum(1)  # noqa: E731
        h = known[None].repeat(m, 0)
        for p in range(P):
            h[:, p] += counts(bounds[p], bounds[p + 1])
        ok = np.ones(m, dtype=bool)
        for p, amount in state.bids:
            if not state.hands[p].full:
                ok &= can_make(h[:, p], amount, spare, state.rules.bids)
        rows = todo[ok]
        hands[rows] = h[ok]
        pile[rows] = counts(bounds[-1], len(pool))[ok]
        k = P
        for i, stack in enumerate(state.stacks):
            if stack.tucked is None:
                tucked[rows, i] = (counts(bounds[k], bounds[k + 1]) @ crowns)[ok]
                k += 1
            else:
                tucked[rows, i] = np.array(stack.tucked) @ crowns
        todo = todo[~ok]
        if len(todo) == 0:
            return hands, pile, tucked
    raise ScenarioError("position.auction.bids", "almost no deal of the unknown cards lets every bidder make his bid; "
                                                 "check the hands and the bids")
