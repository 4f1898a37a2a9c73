"""The exact answers (spec "What the analyzer is asked", 1-3), in Fractions.

1. `refill_odds`: the next refill is a uniform draw, without replacement, of d cards from the refilling deck's unseen
   pool (state.py: the deck less what was seen out; by exchangeability the uncounted turned cards change nothing),
   d = min(k, cards left in the deck), k = 8 - cards left on the board (after the upgrade phase: 8 - the upper
   row's cards left, the lower row being discarded).  Hypergeometric, mixed over k's distribution.
2. `end_chain`: the board and the decks' sizes as a Markov chain over this round's phases, each phase taking t cards
   with settings.takes_pmf (independent; the cards still to be taken in the current phase: focus.taken or the pmf;
   t beyond the board takes it all).  A refill that turns a deck's last card makes the round the last (the worker
   refill after the upgrade phase: worker_refill_end).  It also gives R, the expected remaining scorings of each
   colour: this round's still to come (the current phase's included) plus P(the game goes on) times the later
   rounds, counted at the mean pace: deck d, E[cards left | going on] after this round, lasts ceil(left / pace)
   rounds more (pace: the pmf's mean take of the phase that refills from it; the worker deck the next round's mean
   refill from the lower row this round leaves, and one round more under next_round), the game the least of them
   (turn_cap at most).  The chain
   beyond this round is not enumerated: its states grow past what an answer at the table can wait for.
3. `purchases`: every card I may buy from the board or play from my hand (an upgrade once per card it may replace)
   at its cost (actions.cost, the single cost rule): per scoring the change of my income (actions.phase_income, so
   the Mariinskij and the Tax Man count what the card adds to them) times R, plus the aristocrat bonus's increment.

Observatory draws still to come this building phase (focus.observatory_draws) thin their decks before the refills
after it; one that empties a deck (observatory_last_card allowed) makes the round the last.  Takes come off the
lower row first (its cards are cheaper and discarded after the upgrade phase), a reading the
spec leaves open; focus.taken {upper, lower} says which row exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from math import comb

from analyzer.games.st_petersburg import actions as act
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg.state import Focus, Position

ONE = Fraction(1)


# ------------------------------------------------------------------------------------------------
# the takes and the next refill

def _split(taken: int, upper: int, lower: int) -> tuple[int, int]:
    """(upper, lower) left after `taken` cards, the lower row's first."""
    from_lower = min(taken, lower)
    return upper - min(taken - from_lower, upper), lower - from_lower


def _takes(pmf: tuple, board: int) -> dict[int, Fraction]:
    """The pmf of the cards taken, the mass beyond the board on taking it all."""
    out: dict[int, Fraction] = {}
    for t, pt in enumerate(pmf):
        if pt:
            out[min(t, board)] = out.get(min(t, board), 0) + pt
    return out


def leftovers(p: Position) -> dict[tuple[int, int], Fraction]:
    """(upper, lower) left on the board when the current phase ends -> probability."""
    taken = p.focus.taken
    if isinstance(taken, tuple):
        return {(len(p.upper) - taken[0], len(p.lower) - taken[1]): ONE}
    pmf = {taken: ONE} if taken is not None else _takes(p.settings.takes_pmf[p.phase], p.board)
    out: dict = {}
    for t, pt in pmf.items():
        key = _split(t, len(p.upper), len(p.lower))
        out[key] = out.get(key, 0) + pt
    return out


def slots(phase: int, upper: int, lower: int) -> int:
    """k: the cards the refill after `phase` is asked for (after the upgrade phase the lower row is discarded)."""
    return r.BOARD_SIZE - (upper if phase == r.UPGRADE else upper + lower)


def deck_at_refill(p: Position, phase: int) -> int:
    """The cards left in the deck the refill after `phase` (this round) draws from: the Observatory draws still to
    come in the building phase thin it first (they come after the worker phase's refill)."""
    deck = r.refill_deck(phase)
    return p.decks_left[deck] - (p.focus.observatory_draws[deck] if phase >= r.BUILDING else 0)


def refill_sizes(p: Position) -> dict[int, Fraction]:
    """d (the cards the next refill turns, at most the deck's) -> probability."""
    left = deck_at_refill(p, p.phase)
    if p.focus.refill is not None:
        return {min(p.focus.refill, left): ONE}
    out: dict = {}
    for (u, lo), pr in leftovers(p).items():
        d = min(slots(p.phase, u, lo), left)
        out[d] = out.get(d, 0) + pr
    return dict(sorted(out.items()))


def hypergeometric(pool: int, copies: int, draws: int, j: int) -> Fraction:
    """P(exactly j of `copies` among `draws` cards drawn from `pool`)."""
    return Fraction(comb(copies, j) * comb(pool - copies, draws - j), comb(pool, draws))


@dataclass(frozen=True)
class CardOdds:
    name: str
    unseen: int
    at_least_one: Fraction
    expected: Fraction


def refill_odds(p: Position) -> tuple[list[CardOdds], dict[int, Fraction]]:
    """P(each card of the refilling deck appears in the next refill) and the distribution of the refill's size."""
    pool = p.pools[r.refill_deck(p.phase)]
    size = sum(n for _, n in pool)
    sizes = refill_sizes(p)
    rows = [CardOdds(name, n, sum((pd * (1 - hypergeometric(size, n, d, 0)) for d, pd in sizes.items()), Fraction(0)),
                     sum((pd * Fraction(d * n, size) for d, pd in sizes.items() if size), Fraction(0)))
            for name, n in pool if n]
    return rows, sizes


def copies_distribution(p: Position, name: str) -> list[Fraction]:
    """P(exactly j copies of `name` in the next refill), j = 0, 1, ..."""
    pool = p.pools[r.refill_deck(p.phase)]
    size, copies = sum(n for _, n in pool), dict(pool).get(name, 0)
    out = [Fraction(0)] * (copies + 1)
    for d, pd in refill_sizes(p).items():
        for j in range(min(copies, d) + 1):
            out[j] += pd * hypergeometric(size, copies, d, j)
    return out


# ------------------------------------------------------------------------------------------------
# the end of the game and the remaining scorings

@dataclass(frozen=True)
class EndChain:
    triggers: tuple  # this round's refills: (phase after which, deck, P(it first makes the round the last); the
    # worker refill under next_round: P(it makes the next round the last))
    already_last: bool  # a deck is empty now (or the Observatory draws still to come empty one): the round is the last
    ends_this_round: Fraction
    next_is_last: Fraction  # worker_refill_end=next_round: P(the worker refill after this round empties the deck)
    this_round: tuple  # per colour, the scorings still to come this round (the current phase's included)
    decks_after: tuple  # per deck, E[cards left after this round | the game goes on]
    paces: tuple  # per deck, the mean cards a later round turns from it
    rounds_after: int | None  # the later rounds at that pace (None: the game does not go on)
    scorings: tuple  # R per colour: this round's + P(the game goes on) * rounds_after


def _round(p: Position) -> tuple[Fraction, list, Fraction, dict, list]:
    """This round's chain over the board (upper, lower, last round): P(the round is the last), the first trigger per
    phase, P(the next round is the last), the next round's lower row (cards) -> P(it; going on) and E[cards drawn
    from each deck; going on]."""
    s = p.settings
    immediate = s.worker_refill_end == "immediate"
    zero = (Fraction(0),) * len(r.PHASES)
    # a state at a phase's start: (upper, lower, last round) -> (probability, E[cards drawn per deck; this state])
    states = {(len(p.upper), len(p.lower), _emptied(p)): (ONE, zero)}
    first = [Fraction(0)] * len(r.PHASES)
    ends = next_last = Fraction(0)
    drawn_on, lowers = list(zero), {}
    for phase in range(p.phase, len(r.PHASES)):
        deck, nxt = r.refill_deck(phase), {}
        for (upper, lower, last), (pr, drawn) in states.items():
            takes = {} if phase == p.phase else _takes(s.takes_pmf[phase], upper + lower)
            outcome = leftovers(p) if phase == p.phase else {_split(t, upper, lower): pt for t, pt in takes.items()}
            for (u, lo), pt in outcome.items():
                w = pr * pt
                left = deck_at_refill(p, phase)  # each deck refills once a round
                d = min(slots(phase, u, lo), left)
                emptied = 0 < d == left
                if emptied and not last and (phase < r.UPGRADE or immediate):
                    first[phase] += w
                moved = tuple(x * pt + (w * d if i == deck else 0) for i, x in enumerate(drawn))
                if phase < r.UPGRADE:
                    key = (u + d, lo, last or emptied)
                    old = nxt.get(key, (0, zero))
                    nxt[key] = (old[0] + w, tuple(a + b for a, b in zip(old[1], moved)))
                elif last or (emptied and immediate):
                    ends += w
                else:
                    next_last += w if emptied else 0
                    drawn_on = [a + b for a, b in zip(drawn_on, moved)]
                    lowers[u] = lowers.get(u, 0) + w  # the upper row's cards left move down
        states = nxt
    return ends, first, next_last, lowers, drawn_on


def _worker_pace(p: Position, lowers: dict) -> Fraction:
    """E[the worker refill of the next round | going on]: a full round from the worker phase, its board 8 with the
    lower row this round leaves, decks too large to run short."""
    total = sum(lowers.values())
    return sum((pr / total * _full_round_worker_refill(p.settings, lower) for lower, pr in lowers.items()),
               Fraction(0))


@lru_cache(maxsize=64)
def _full_round_worker_refill(settings, lower: int) -> Fraction:
    start = Position(settings=settings, upper=("",) * (r.BOARD_SIZE - lower), lower=("",) * lower,
                     decks_left=(10 * r.BOARD_SIZE,) * len(r.PHASES), focus=Focus())
    return _round(start)[4][r.WORKER]


def _emptied(p: Position) -> bool:
    """A deck is empty now, or the Observatory draws still to come empty one: this round is the last."""
    return any(n == d for n, d in zip(p.decks_left, p.focus.observatory_draws))


def end_chain(p: Position) -> EndChain:
    s = p.settings
    ends, first, next_last, lowers, drawn_on = _round(p)
    immediate = s.worker_refill_end == "immediate"
    triggers = tuple((ph, r.refill_deck(ph), next_last if ph == r.UPGRADE and not immediate else first[ph])
                     for ph in range(p.phase, len(r.PHASES)))
    this_round = tuple(Fraction(int(c >= p.phase)) for c in range(len(r.COLOURS)))
    on = 1 - ends
    mean = [sum((t * pt for t, pt in enumerate(pmf)), Fraction(0)) for pmf in s.takes_pmf]
    paces = (_worker_pace(p, lowers) if on else Fraction(0), mean[r.WORKER], mean[r.BUILDING], mean[r.ARISTOCRAT])
    if not on:
        return EndChain(triggers, _emptied(p), ends, next_last, this_round, (), paces, None, this_round)
    decks_after = tuple(left - seen - drawn / on
                        for left, seen, drawn in zip(p.decks_left, p.focus.observatory_draws, drawn_on))
    lasts = [-(-left // pace) + (d == r.WORKER and not immediate)  # ceil: the round that empties the deck is played
             for d, (left, pace) in enumerate(zip(decks_after, paces)) if pace]
    rounds_after = min(min(lasts, default=s.turn_cap), s.turn_cap)
    scorings = tuple(now + on * rounds_after for now in this_round)
    return EndChain(triggers, _emptied(p), ends, next_last, this_round, decks_after, paces,
                    rounds_after, scorings)


# ------------------------------------------------------------------------------------------------
# the return of a purchase

@dataclass(frozen=True)
class Purchase:
    card: str
    source: str  # upper, lower, hand
    replaced: str | None
    cost: int
    income: tuple  # per colour, (rubles, points) gained per scoring
    rubles_back: Fraction
    points_back: Fraction
    bonus: int
    value: Fraction  # points: points_back + bonus + rubles_back / 10
    points_per_ruble: Fraction
    affordable: bool


def _player(cards) -> act.Player:
    return act.Player(rubles=0, cards=list(cards))


def _income(s, cards) -> list[tuple[int, int]]:
    player = _player(cards)
    return [act.phase_income(s, player, c) for c in range(len(r.COLOURS))]


def purchases(p: Position, scorings: tuple) -> list[Purchase]:
    """Every purchase open to me now (board cards and my hand's), best value per ruble first."""
    s, me = p.settings, p.mine
    owned = list(me.cards)
    before, bonus_before = _income(s, owned), r.aristocrat_bonus(act.aristocrat_types(s, _player(owned)))
    options = [(name, source) for source, cards in (("upper", p.upper), ("lower", p.lower), ("hand", me.hand))
               for name in dict.fromkeys(cards)]
    out = []
    for name, source in options:
        card = s.cards[name]
        for replaced in (act.replaceable(s, name, owned) if card.upgrade else [None]):
            cost = act.cost(s, name, owned, lower=source == "lower", replaced=replaced)
            after = list(owned)
            if replaced is not None:
                after.remove(replaced)
            after.append(name)
            gained = tuple((ra - rb, pa - pb) for (ra, pa), (rb, pb) in zip(_income(s, after), before))
            rubles = sum((g[0] * R for g, R in zip(gained, scorings)), Fraction(0))
            points = sum((g[1] * R for g, R in zip(gained, scorings)), Fraction(0))
            bonus = r.aristocrat_bonus(act.aristocrat_types(s, _player(after))) - bonus_before
            value = points + bonus + rubles / r.RUBLES_PER_POINT
            out.append(Purchase(name, source, replaced, cost, gained, rubles, points, bonus, value,
                                value / cost, cost <= me.rubles))
    return sorted(out, key=lambda x: (-x.points_per_ruble, -x.value, x.cost))
