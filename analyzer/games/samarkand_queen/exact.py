"""Exact answers at the table (spec §9 items 1-3), in Fractions.

- `effects(p)`: the immediate effect of every legal action of the player to move (deterministic, through
  the reference rules): Dirham to each player, markers, the card that becomes sellable (and who may hold
  it), whether the game ends, each player's score if it ended right after.
- `draw_spec`, `p_any`, `best_keep`: the marriage draw (spec §6): a uniform a-subset of my unseen cards
  (pile + other hands + hidden discards) and, when the pile runs out mid-draw with public discards, a
  uniform b-subset of the discard pile; the best keep is the top h + k_max cards of hand + drawn (every
  card value is >= 0, so keeping more never hurts), computed by counting over value groups, not subsets.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from analyzer.games.samarkand_queen import reference as ref
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen.state import Position

# ------------------------------------------------------------------------------------------------
# scores as a player sees them


def card_value(p: Position, seat: int, card: int, tiles=None) -> int:
    """The card's score for `seat` now (spec §4): per camel on its space 4 if he holds its family, else 1."""
    tiles = p.seats[seat].tiles if tiles is None else tiles
    return sum(r.OWN_VP if f in tiles else r.OTHER_VP for f in p.camels[p.board.goods_cell[card]])


def expected_score(t: ref.Table, p: Position, seat: int) -> Fraction:
    """Score if the game ended now: exact for a known hand; for an unknown hand the mean over my unseen
    cards (each of its cards is uniform among them), which is exact by linearity."""
    base = len(t.goods_markers[seat]) + t.relationships[seat] + t.money[seat]
    if t.hand[seat] is not None:
        return Fraction(base + sum(ref.card_score(t, seat, c) for c in t.hand[seat]))
    unseen = p.unseen()
    if not unseen or not t.hand_count[seat]:
        return Fraction(base)
    mean = Fraction(sum(ref.card_score(t, seat, c) for c in unseen), len(unseen))
    return base + t.hand_count[seat] * mean


# ------------------------------------------------------------------------------------------------
# 1. the immediate effect of every legal action


@dataclass
class Effect:
    action: tuple
    label: str
    money: list  # Dirham change per seat
    goods_markers: list  # cards whose marker the mover takes
    relationship_markers: list  # families whose marker the mover takes
    new_pairs: list  # (a, b) newly related
    sellable: list  # (card, who): who = a seat, "unseen" (p_other = chance an opponent holds it) or None
    p_opponent_sells: list  # per sellable card: P(an opponent holds it), exact
    draws: int  # cards a marriage draws
    bag_domain: Fraction | None  # 2 players: P(the bag tile goes to a domain)
    ends: str | None
    scores: list  # per seat, if the game ended right after (Fractions; unknown hands: expected)
    delta_me: Fraction  # my score change (if it ended now), without selling
    deltas: list = None  # every seat's score change (if it ended now)


def action_label(p: Position, action: tuple) -> str:
    b = p.board
    if action[0] == "marry":
        return f"marry {b.families[action[1]]} (dowry {b.dowry[action[1]]})"
    if action[0] == "extend":
        return f"extend {b.families[action[1]]} to " + " then ".join(b.cell_ids[c] for c in action[2])
    return "pass"


def effects(p: Position) -> list[Effect]:
    seat = p.to_move
    base = ref.from_position(p)
    before = [expected_score(base, p, s) for s in range(p.players)]
    unseen = p.unseen()
    others_unknown = sum(q.hand_count for s, q in enumerate(p.seats) if s != p.me and q.hand is None)
    out = []
    for action in ref.legal_actions(base):
        t = ref.from_position(p)
        sales, draws, bag = [], 0, None
        if action[0] == "marry":
            ref.marry(t, action[1], seat)
            draws = ref.draw_count(t, seat)
            if t.uses_bag and t.bag:
                married = [f for f in t.bag if (t.holds(seat, f) if t.settings.bag_tile == "drawer_married"
                                                else any(t.holds(s, f) for s in range(t.players)))]
                bag = Fraction(len(married), len(t.bag))
        elif action[0] == "extend":
            ref.extend(t, action[1], action[2], seat, None, sales)
        t.turn += 1
        ends = ref.end_reason(t)
        sellable, p_opp = [], []
        for card, holder in sales:
            if holder is None and card not in unseen:
                continue  # in a public discard pile: nobody can sell it
            sellable.append((card, holder if holder is not None else "unseen"))
            if holder is None:
                p_opp.append(Fraction(others_unknown, len(unseen)) if unseen else Fraction(0))
            else:
                p_opp.append(Fraction(int(holder != p.me)))
        after = [expected_score(t, p, s) for s in range(p.players)]
        out.append(Effect(action, action_label(p, action), [t.money[s] - p.seats[s].money for s in range(p.players)],
                          sorted(t.goods_markers[seat][len(p.seats[seat].goods_markers):]),
                          [e[2] for e in t.log if e[0] == "marker"], sorted(t.met - p.met), sellable, p_opp, draws,
                          bag, ends, after, after[p.me] - before[p.me], [a - b for a, b in zip(after, before)]))
    return out


# ------------------------------------------------------------------------------------------------
# 2. the marriage draw


@dataclass(frozen=True)
class DrawSpec:
    """What a marriage draw is from my view: `a` cards uniform from `unseen`, then `b` uniform from
    `discards` (the public discard pile, reshuffled when the pile runs out mid-draw); `k_max` the most
    cards the hand may grow by."""
    a: int
    unseen: tuple[int, ...]
    b: int
    discards: tuple[int, ...]
    k_max: int
    hand: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.a + self.b

    @property
    def outcomes(self) -> int:
        return comb(len(self.unseen), self.a) * comb(len(self.discards), self.b)


def draw_spec(p: Position, seat: int | None = None, extra_sold: int = 0) -> DrawSpec:
    """The draw `seat` (default me) makes at a marriage now (spec §3.1, §6)."""
    seat = p.me if seat is None else seat
    q = p.seats[seat]
    room = p.limit - q.hand_count - len(q.sold) - extra_sold
    unseen = p.unseen(seat)
    if room <= 0:
        return DrawSpec(0, unseen, 0, (), 0, q.hand or ())
    if p.pile_count >= r.DRAW:
        a, b, discards = r.DRAW, 0, ()
    elif p.discard is not None:  # the pile, then the reshuffled public discards
        a, discards = p.pile_count, p.discard
        b = min(r.DRAW - a, len(discards))
    else:  # hidden discards are among my unseen cards: pile + reshuffled discards is a uniform subset of them
        a, b, discards = min(r.DRAW, p.pile_count + p.discard_count), 0, ()
    return DrawSpec(a, unseen, b, tuple(discards), min(room, a + b), q.hand or ())


def p_any(spec: DrawSpec, wanted) -> Fraction:
    """P(at least one of the wanted cards is drawn) = 1 - C(U-w, a)/C(U, a) · C(D-w', b)/C(D, b)."""
    wanted = set(wanted)
    miss = Fraction(1)
    for pool, k in ((spec.unseen, spec.a), (spec.discards, spec.b)):
        if k:
            w = len(wanted & set(pool))
            miss *= Fraction(comb(len(pool) - w, k), comb(len(pool), k))
    return 1 - miss


def value_draws(values: list, k: int) -> list[tuple[tuple, Fraction]]:
    """The distribution of the multiset of values of a uniform k-subset of cards with `values`:
    [(values drawn, sorted high first), probability], counting by value groups."""
    groups = sorted(Counter(values).items(), reverse=True)
    total = comb(len(values), k)
    out = []

    def walk(i: int, left: int, drawn: tuple, ways: int):
        if left == 0:
            out.append((drawn, Fraction(ways, total)))
            return
        if i == len(groups):
            return
        v, n = groups[i]
        for j in range(min(n, left), -1, -1):
            walk(i + 1, left - j, drawn + (v,) * j, ways * comb(n, j))

    walk(0, k, (), 1)
    return out


def keep_distribution(spec: DrawSpec, value) -> dict:
    """{gain: P}: gain = best kept hand's value - the hand's value now (the top h + k_max of hand + drawn).
    `value(card) -> Fraction` (>= 0)."""
    hand_values = [Fraction(value(c)) for c in spec.hand]
    now = sum(hand_values, Fraction(0))
    if spec.size == 0 or spec.k_max == 0:
        return {Fraction(0): Fraction(1)}
    keep = len(spec.hand) + spec.k_max
    first = value_draws([Fraction(value(c)) for c in spec.unseen], spec.a)
    second = value_draws([Fraction(value(c)) for c in spec.discards], spec.b) if spec.b else [((), Fraction(1))]
    out: dict = {}
    for drawn_a, pa in first:
        for drawn_b, pb in second:
            pool = sorted(hand_values + list(drawn_a) + list(drawn_b), reverse=True)
            gain = sum(pool[:keep], Fraction(0)) - now
            out[gain] = out.get(gain, Fraction(0)) + pa * pb
    return dict(sorted(out.items()))


def mean(dist: dict) -> Fraction:
    return sum((v * pr for v, pr in dist.items()), Fraction(0))


# ------------------------------------------------------------------------------------------------
# 3. sell or keep, when the game ends this turn


def sell_exact(p: Position, card: int) -> tuple[int, int] | None:
    """(sell, keep): 3 Dirham against the card's score when the game is over after this turn; None otherwise."""
    if ref.end_reason(p) is None:
        return None
    return r.SALE, card_value(p, p.me, card)


def sell_exact_possible(p: Position) -> bool:
    """Whether `sell` is exact here (the game is over after this turn)."""
    return ref.end_reason(p) is not None
