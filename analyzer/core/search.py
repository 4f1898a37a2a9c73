"""The one search player over every full-game engine's forward model, and the one whole-game loop.

**The forward model** is seven numba functions a game's engine gives core (`ForwardModel`), all on the engine's
flat state `s` (int64), settings `cfg` (int64), chance streams `rs` (uint64, one splitmix64 counter per stream) and
record buffer `rec` (int64 rows; a (1, 3) buffer records nothing):

- `advance(s, cfg, rs, rec) -> seat`: plays what no player decides (chance, shared rules) up to the next decision,
  which it leaves pending in `s`, and returns the seat that decides; `ENDED` when the game is over; `ROUND_END`
  after a round is completed (so callers can stop after k rounds).  Called again on a pending decision it returns
  the same seat and changes nothing.
- `legal(s, cfg, out) -> n`: the pending decision's options, written to `out[:n]`.
- `apply(s, cfg, rs, rec, option)`: plays the option and clears the pending decision.
- `policy(s, cfg, rs, rec, code) -> option`: what the engine's own player model `code` (>= 0) chooses for the
  pending decision, with any number of options (zero and one included).
- `determinize(s, cfg, viewer, rs)`: resamples everything seat `viewer` cannot see (face-down stacks, hidden
  hands), consistently with what it has seen, from `rs`; the result must not depend on the hidden values
  themselves (sort them, then shuffle), so that two states differing only in hidden information give the same.
- `reward(s, cfg, seat) -> float`: at the end, the seat's share of the win (1, or 1/k for k tied winners, else 0).
- `margin(s, cfg, seat) -> float`: at the end, the seat's score minus the best other seat's (breaks ties only).

An eighth, optional: **`evaluate(s, cfg, seat) -> float`**, the seat's estimated share of the win from a state
where the game goes on (at a round's end), for truncated playouts (below).  The kernels reach it through the
game's `reward` and `margin`, which return the evaluation (and an estimated margin) where the state has not ended:
so every engine's kernels keep seven function arguments and a game with no evaluation is unchanged.

**The search player** `search:N:BASE` (policy code `code(N, base)`, negative) decides each decision it owns with
two options or more by flat Monte Carlo over the options with sequential halving: round by round every surviving
option gets the same playouts (playout i: determinization i, then the option, then every seat plays BASE to the
end, except that one decision in `explore_in` takes a random legal option, on chance streams seeded by i alone:
common random numbers), and the better half by mean reward survives
(ties: mean margin, then BASE's own choice, then the lower index).  About N playouts per decision, and at least
one per option in the first round.  The reward is the share of the win, so it plays to win, not to score.  Its
randomness comes from the game's search seed and a decision counter, never from the game's own streams, so a
search seat does not change the luck the other seats meet, and the same seed gives the same games.

**Exploring playouts, a setting of each game** (`ForwardModel.explore_in`, default EXPLORE_IN = 8; 0: the playouts
follow BASE alone).  Random decisions in the playouts make more playouts buy a sharper estimate where BASE is
deterministic (in one game search:64 against search:16 went from 26% to 46%), but where one random decision costs
a great deal they mislead the search (in another, search:16 against greedy fell from 97% to 54%; with none,
search:64 could not be told from search:16, so that game sets 32: docs/players.md names both).  The rate reaches the kernels inside the search code
(`code(budget, base, explore_in)`, set by `policies.engine_code` from the game's model), so a game's kernels take
no extra argument.

**Leaving the base's choice only on evidence, a setting of each game** (`ForwardModel.confidence`, default 0: the
option of best mean).  Where a decision has many options whose values differ by less than the deal's noise, a few
playouts each make the best mean close to a random pick, and the search plays worse than its base (one game's
search:16 won 7.8% against greedy at 4 players).  With a confidence z > 0 the base's own choice survives every
halving round, and the last survivor replaces it only when their paired differences on the same playouts (wins,
or margins where the wins are level) have a mean above zero by more than z standard errors; the same game's
search:16 then won 36.5%.  The confidence travels in the search code like the exploration rate.

**Truncated playouts, where a game has an evaluation** (`search:N:BASE:dK`, or the game's `ForwardModel.depth`):
a playout stops after K completed rounds (K `ROUND_END`s; 0: to the end, the full playouts bit for bit) and the
game's `reward` and `margin` read the state there through its evaluation.  In a long game most of a playout's
time is its far end, where one option's effect is lost in the noise of the moves after it: a short horizon and
a good evaluation buy both speed and a sharper estimate.  The depth travels in the search code (bits 24-31, the
base's code keeping bits 0-23).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numba import njit, types

ENDED, ROUND_END = -1, -2
BUDGET_MAX = 1 << 20
DEFAULT_BUDGET = 64
MAX_OPTIONS = 64
EXPLORE_IN = 8  # by default a playout decision takes a random option with probability 1 / EXPLORE_IN
EXPLORE_MAX = 63
CONFIDENCE_STEPS = 4  # a confidence is coded in quarters of a standard error
CONFIDENCE_MAX = 15 / CONFIDENCE_STEPS
DEPTH_MAX = 255  # a truncated playout's rounds at most (8 bits of the code)
BASE_BITS = 24  # the base's code in bits 0-23 of a search code, the depth in bits 24-31
BASE_MASK = (1 << BASE_BITS) - 1

S, U, R = types.int64[::1], types.uint64[::1], types.int64[:, ::1]
ADVANCE = types.FunctionType(types.int64(S, S, U, R))
LEGAL = types.FunctionType(types.int64(S, S, S))
APPLY = types.FunctionType(types.void(S, S, U, R, types.int64))
POLICY = types.FunctionType(types.int64(S, S, U, R, types.int64))
DETERMINIZE = types.FunctionType(types.void(S, S, types.int64, U))
SCORE = types.FunctionType(types.float64(S, S, types.int64))
MODEL = (ADVANCE, LEGAL, APPLY, POLICY, DETERMINIZE, SCORE, SCORE)
# the forward model's signatures, for a game's @njit decorators
ADVANCE_SIG = "int64(int64[::1], int64[::1], uint64[::1], int64[:, ::1])"
LEGAL_SIG = "int64(int64[::1], int64[::1], int64[::1])"
APPLY_SIG = "void(int64[::1], int64[::1], uint64[::1], int64[:, ::1], int64)"
POLICY_SIG = "int64(int64[::1], int64[::1], uint64[::1], int64[:, ::1], int64)"
DETERMINIZE_SIG = "void(int64[::1], int64[::1], int64, uint64[::1])"
SCORE_SIG = "float64(int64[::1], int64[::1], int64)"


def depth_at(depths: int | dict[int, int] | None, budget: int) -> int:
    """A game's default playout depth in rounds (0: to the end) for a search of `budget` playouts: `depths` one
    depth for every budget, or {the smallest budget: its depth}, e.g. {1: 1, 64: 2}: one round, two from search:64
    on, where a decision's many options leave a bigger budget little to buy but a deeper look (docs/players.md)."""
    if not isinstance(depths, dict):
        return depths or 0
    reached = [depth for least, depth in sorted(depths.items()) if least <= budget]
    return reached[-1] if reached else 0


@dataclass(frozen=True)
class ForwardModel:
    """A game's forward model: its seven jitted functions (see the module docstring), in this order."""
    advance: Any
    legal: Any
    apply: Any
    policy: Any
    determinize: Any
    reward: Any
    margin: Any
    explore_in: int = EXPLORE_IN  # one playout decision in explore_in takes a random option; 0: none
    confidence: float = 0.0  # standard errors by which an option must beat the base's own choice; 0: best mean
    evaluate: Any = None  # the optional eighth function (module docstring); None: no truncated playouts
    # the rounds of a playout where a search name gives none (0: to the end; needs `evaluate`), or by budget
    # ({the smallest budget: its depth}: depth_at)
    depth: int | dict = field(default=0, hash=False)

    def __post_init__(self):
        if not 0 <= self.explore_in <= EXPLORE_MAX:
            raise ValueError(f"explore_in: {self.explore_in} is not an integer in 0..{EXPLORE_MAX}")
        quarters = self.confidence * CONFIDENCE_STEPS
        if not (0 <= quarters <= 15 and quarters == int(quarters)):
            raise ValueError(f"confidence: {self.confidence} is not a multiple of 0.25 in 0..{CONFIDENCE_MAX}")
        depths = self.depth.values() if isinstance(self.depth, dict) else [self.depth]
        if any(not 0 <= d <= DEPTH_MAX or (d and self.evaluate is None) for d in depths):
            raise ValueError(f"depth: {self.depth} is not 0 or, with an evaluation, 1..{DEPTH_MAX}")

    def depth_at(self, budget: int) -> int:
        """The playout depth of `search:budget` where its name gives none."""
        return depth_at(self.depth, budget)

    def code(self, budget: int, base_code: int, depth: int | None = None) -> int:
        """The engine code of `search:budget:base[:d<depth>]` in this game (its exploration rate and confidence;
        depth None: the game's default)."""
        depth = self.depth_at(budget) if depth is None else depth
        return code(budget, base_code, self.explore_in, self.confidence, depth)

    def functions(self) -> tuple:
        return (self.advance, self.legal, self.apply, self.policy, self.determinize, self.reward, self.margin)


def code(budget: int, base_code: int, explore_in: int = EXPLORE_IN, confidence: float = 0.0, depth: int = 0) -> int:
    """The engine code of `search:budget:base` in a game whose playouts explore one decision in `explore_in`,
    whose search leaves the base's choice at `confidence` and whose playouts stop after `depth` rounds (0: at the
    end) (negative; an engine's own codes are >= 0): bits 0-23 the base's code, 24-31 the depth, 32-52 the budget,
    53-58 explore_in, 59-62 the confidence in quarters."""
    if not 0 <= base_code <= BASE_MASK or not 0 <= depth <= DEPTH_MAX:
        raise ValueError(f"base code {base_code} or depth {depth} out of the search code's range")
    quarters = int(round(confidence * CONFIDENCE_STEPS))
    return -((quarters << 59) | (explore_in << 53) | (budget << 32) | (depth << BASE_BITS) | base_code) - 1


def decode(policy_code: int) -> tuple[int, int]:
    """(budget, base code) of a search code."""
    c = -policy_code - 1
    return (c >> 32) & 0x1FFFFF, c & BASE_MASK


def depth_of(policy_code: int) -> int:
    """The playout depth in rounds (0: to the end) a search code carries."""
    return ((-policy_code - 1) >> BASE_BITS) & DEPTH_MAX


def explore_of(policy_code: int) -> int:
    """The exploration rate (`explore_in`) a search code carries."""
    return ((-policy_code - 1) >> 53) & EXPLORE_MAX


def confidence_of(policy_code: int) -> float:
    """The confidence a search code carries."""
    return ((-policy_code - 1) >> 59) / CONFIDENCE_STEPS


@njit("uint64(uint64)", cache=True)
def mix(x):
    """splitmix64's finaliser: a well spread 64-bit value from any counter."""
    z = x + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit("void(uint64[::1], uint64)", cache=True)
def seed_streams(rs, seed):
    for k in range(rs.shape[0]):
        rs[k] = mix(seed + np.uint64(k + 1) * np.uint64(0xD1B54A32D192ED03))


@njit("float64(int64[::1], int64)", cache=True)
def win_share(keys, seat):
    """A game's `reward` from every seat's win key (highest wins, equal keys split the win): seat's share."""
    top, ties = keys.max(), 0
    for k in keys:
        ties += k == top
    return 1.0 / ties if keys[seat] == top else 0.0


@njit("float64(int64[::1], int64)", cache=True)
def lead(scores, seat):
    """A game's `margin` from every seat's score: seat's score minus the best other seat's."""
    best = -(1 << 62)
    for p in range(scores.shape[0]):
        if p != seat:
            best = max(best, scores[p])
    return float(scores[seat] - best)


@njit(types.int64(S, S, U, R, types.int64, types.uint64, types.int64, types.int64, *MODEL), cache=True)
def playout_for(s, cfg, rs, rec, base, explore, explore_in, depth, advance, legal, apply, policy, determinize, reward,
                margin):
    """Every seat plays `base` to the end, or (`depth` > 0) up to the end of the depth-th round completed, except
    that with `explore` != 0 and `explore_in` > 0 each decision of two options or more takes a uniformly random
    one with probability 1 / explore_in (drawn from a counter seeded by `explore`, apart from the game's chance
    streams); the number of decisions played."""
    n = 0
    rounds = 0
    opts = np.empty(MAX_OPTIONS, dtype=np.int64)
    x = explore
    while True:
        p = advance(s, cfg, rs, rec)
        if p == ENDED:
            return n
        if p == ROUND_END:
            rounds += 1
            if rounds == depth:
                return n
            continue
        k = 0
        if explore != 0 and explore_in > 0:
            x = mix(x)
            if x % np.uint64(explore_in) == 0:
                k = legal(s, cfg, opts)
        if k >= 2:
            apply(s, cfg, rs, rec, opts[mix(x) % np.uint64(k)])
        else:
            apply(s, cfg, rs, rec, policy(s, cfg, rs, rec, base))
        n += 1


@njit(types.boolean(types.int64, types.int64, types.float64[::1], types.float64[::1], types.int64[::1]), cache=True)
def ranks_above(x, y, wins, margins, opts_preferred):
    """Whether option x ranks above option y: more wins, then a larger margin, then the base's own choice
    (`opts_preferred[o]` is 1 for it)."""
    return wins[x] > wins[y] or (wins[x] == wins[y] and (margins[x] > margins[y] or (
        margins[x] == margins[y] and opts_preferred[x] > opts_preferred[y])))


@njit(types.boolean(types.float64, types.float64, types.int64, types.float64), cache=True)
def clearly_positive(total, squares, k, z):
    """Whether k paired differences summing to `total` (squares summing to `squares`) have a mean above zero by
    more than z standard errors."""
    if k < 2 or total <= 0.0:
        return False
    mean = total / k
    var = max(0.0, (squares - k * mean * mean) / (k - 1))
    return mean > z * math.sqrt(var / k)


@njit(types.int64(S, S, types.int64, types.int64, types.int64, types.uint64, types.int64, types.int64,
                  types.int64, types.int64, *MODEL), cache=True)
def choose(s, cfg, seat, budget, base, seed, nstreams, explore_in, quarters, depth, advance, legal, apply, policy,
           determinize, reward, margin):
    """The search player's option for the decision pending in `s` (seat `seat`, two options or more): sequential
    halving over the options on common random numbers (module docstring); with a confidence (`quarters` > 0) the
    base's own choice survives every round and is left only for an option that beats it clearly; with `depth` > 0
    the playouts stop after that many rounds (the game's reward evaluates the state there).  `s` is left as it
    was."""
    opts = np.empty(MAX_OPTIONS, dtype=np.int64)
    n = legal(s, cfg, opts)
    rec = np.zeros((1, 3), dtype=np.int64)
    rs = np.empty(nstreams, dtype=np.uint64)
    det = np.empty_like(s)
    t = np.empty_like(s)
    seed_streams(rs, seed)
    det[:] = s
    preferred = policy(det, cfg, rs, rec, base)  # the base's own choice breaks exact ties
    is_preferred = np.zeros(n, dtype=np.int64)
    pi = -1
    for o in range(n):
        if opts[o] == preferred:
            is_preferred[o] = 1
            pi = o
    gated = quarters > 0 and pi >= 0
    wins = np.zeros(n)
    margins = np.zeros(n)
    # paired differences from the base's choice on the same playouts: sums and sums of squares, and their count
    dw, dw2, dm, dm2 = np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n)
    paired = np.zeros(n, dtype=np.int64)
    w_now, m_now = np.zeros(n), np.zeros(n)
    alive = np.arange(n)
    m = n
    rounds = max(1, int(math.ceil(math.log2(n))))
    first = 0
    while m > 1:
        each = max(1, budget // (m * rounds))
        for i in range(first, first + each):
            det[:] = s
            seed_streams(rs, mix(seed ^ np.uint64(i + 1)))
            determinize(det, cfg, seat, rs)
            for a in range(m):
                o = alive[a]
                t[:] = det
                seed_streams(rs, mix(seed + np.uint64(i + 1)))
                apply(t, cfg, rs, rec, opts[o])
                playout_for(t, cfg, rs, rec, base, mix(seed - np.uint64(i + 1)), explore_in, depth, advance, legal,
                        apply, policy, determinize, reward, margin)
                w_now[o] = reward(t, cfg, seat)
                m_now[o] = margin(t, cfg, seat)
                wins[o] += w_now[o]
                margins[o] += m_now[o]
            if gated:
                for a in range(m):
                    o = alive[a]
                    x, y = w_now[o] - w_now[pi], m_now[o] - m_now[pi]
                    dw[o] += x
                    dw2[o] += x * x
                    dm[o] += y
                    dm2[o] += y * y
                    paired[o] += 1
        first += each
        # keep the better half: a selection sort of the survivors on (wins, margins, the base's choice, index)
        for a in range(m):
            best = a
            for b in range(a + 1, m):
                if ranks_above(alive[b], alive[best], wins, margins, is_preferred):
                    best = b
            alive[a], alive[best] = alive[best], alive[a]
        m = (m + 1) // 2
        if gated and m >= 2:
            kept = False
            for a in range(m):
                kept = kept or alive[a] == pi
            if not kept:  # the base's choice takes the last place kept
                for a in range(m, n):
                    if alive[a] == pi:
                        alive[a], alive[m - 1] = alive[m - 1], alive[a]
    best = alive[0]
    if gated and best != pi:
        z = quarters / 4.0
        k = paired[best]
        if dw[best] != 0.0:
            clear = clearly_positive(dw[best], dw2[best], k, z)
        else:
            clear = clearly_positive(dm[best], dm2[best], k, z)
        if not clear:
            best = pi
    return opts[best]


@njit(types.int64(S, S, LEGAL), cache=True)
def options(s, cfg, legal):
    """How many options the decision pending in `s` has (`play` allocates nothing: its search seats ask here)."""
    opts = np.empty(MAX_OPTIONS, dtype=np.int64)
    return legal(s, cfg, opts)


def whole_game(model: ForwardModel):
    """The whole-game loop of every engine, compiled for `model`'s game: a jitted
    `play(s, cfg, rs, rec, codes, max_rounds, force, seed, advance, legal, apply, policy, determinize, reward, margin)`
    that plays from the state `s` to the end, or `max_rounds` completed rounds (-1: no limit), each seat deciding by
    its code (`codes[seat]`: the engine's own policy, or a search code); `force` >= 0 is the option the first
    decision takes; `seed` seeds the search players; it returns the rounds played.

    The loop calls the game's advance, apply and policy directly (they are this closure's constants: numba
    specializes and inlines them) and counts no references (`_nrt=False`, as the game's hot functions should:
    docs/adding-a-game.md), which is what a cheap step (random players) needs: through function values and with
    reference counting whole games ran at 0.4-0.6x the speed of the engines' own loops.  The seven arguments after
    `seed` are the same functions as first-class values (`MODEL` types), for a search seat alone (`options`,
    `choose`: a search decision is expensive anyway).  A game
    makes its loop once, at module level (`PLAY = search.whole_game(MODEL)`), and calls it from its batch kernel,
    which passes on the function values it received from Python: taken inside a kernel they would be dynamic
    globals, which numba does not cache.  The loop itself is not cached on its own (compiled into each game's
    kernel, so two games never share a cache entry); a kernel calling it caches as any other."""
    advance, apply, policy = model.advance, model.apply, model.policy

    @njit(_nrt=False)  # no reference counting: a cheap step paid more for it than for its own work
    def play(s, cfg, rs, rec, codes, max_rounds, force, seed, advance_f, legal_f, apply_f, policy_f, determinize_f,
             reward_f, margin_f):
        played = 0
        decisions = 0
        while played != max_rounds:
            p = advance(s, cfg, rs, rec)
            if p == ENDED:
                break
            if p == ROUND_END:
                played += 1
                continue
            c = codes[p]
            if force >= 0:
                o = force
                force = -1
            elif c >= 0:
                o = policy(s, cfg, rs, rec, c)
            else:
                cc = -c - 1
                if options(s, cfg, legal_f) < 2:
                    o = policy(s, cfg, rs, rec, cc & BASE_MASK)
                else:
                    o = choose(s, cfg, p, (cc >> 32) & 0x1FFFFF, cc & BASE_MASK, mix(seed + np.uint64(decisions)),
                               rs.shape[0], (cc >> 53) & EXPLORE_MAX, cc >> 59, (cc >> BASE_BITS) & DEPTH_MAX,
                               advance_f, legal_f, apply_f, policy_f, determinize_f, reward_f, margin_f)
                    decisions += 1
            apply(s, cfg, rs, rec, o)
        return played

    return play


def decide(model: ForwardModel, s, cfg, seat: int, budget: int, base: int, seed: int, nstreams: int,
           depth: int | None = None) -> int:
    """The search player's choice for the decision pending in `s` (from Python: tests, one-off questions); depth
    None: the game's default."""
    depth = model.depth_at(budget) if depth is None else depth
    return int(choose(s, cfg, seat, budget, base, np.uint64(seed), nstreams, model.explore_in,
                      int(round(model.confidence * CONFIDENCE_STEPS)), depth,
                      *model.functions()))


def playouts_in(n: int, budget: int) -> int:
    """How many playouts `choose` plays for a decision of n options (its sequential-halving schedule)."""
    m, rounds, total = n, max(1, math.ceil(math.log2(n))), 0
    while m > 1:
        total += max(1, budget // (m * rounds)) * m
        m = (m + 1) // 2
    return total


@njit(types.float64(S, S, types.int64, types.int64, types.int64, types.int64, types.int64, types.int64, *MODEL),
      cache=True)
def playouts_alone(s, cfg, seat, k, base, nstreams, explore_in, depth, advance, legal, apply, policy, determinize,
                   reward, margin):
    """The benchmark's yardstick: k playouts of the decision pending in `s` (determinize, apply an option, play
    to the end, read the reward) with no selection around them; the sum of the rewards."""
    opts = np.empty(MAX_OPTIONS, dtype=np.int64)
    n = legal(s, cfg, opts)
    rec = np.zeros((1, 3), dtype=np.int64)
    rs = np.empty(nstreams, dtype=np.uint64)
    t = np.empty_like(s)
    total = 0.0
    for i in range(k):
        t[:] = s
        seed_streams(rs, mix(np.uint64(i + 1)))
        determinize(t, cfg, seat, rs)
        apply(t, cfg, rs, rec, opts[i % n])
        playout_for(t, cfg, rs, rec, base, mix(np.uint64(i + 7)), explore_in, depth, advance, legal, apply, policy,
                determinize, reward, margin)
        total += reward(t, cfg, seat)
    return total
