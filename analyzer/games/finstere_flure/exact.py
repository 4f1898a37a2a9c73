"""The exact questions (spec questions 1 and 2): the coming monster phase played out, through the readable
reference (`reference.monster_phase`), once per distinct card it may reveal.

Given the card the monster is deterministic, so P(a figure is caught) = the copies among the playable cards
(`Position.playable_cards`: numbers only when crosses are barred, since a cross is redrawn) of the cards whose phase
catches it, over their number.  "Caught" is what the reference returns: eaten, pushed off the board or into a
teleporter.

Question 2 under `others_still_to_move: greedy`: after the move, the round's remaining figure turns are played by
the greedy-safest player (`reference_policies.greedy_choice`'s key, `greedy_choice` below; the flow of
`reference_policies.play_from`), then the monster phase as above.  To keep it fast the rest of the round is
played once with the moving figure taken off the board (`base_turns`), every square whose figure or tile the rules
ask about noted (figure_at, is_free, block_at, the monster's sight); an end square reuses every part (a figure's
end list, an option's catch count, a move) that asked about neither that square nor the tiles the move pushed,
and plays the turns out directly from the first turn whose pick or move differs (`greedy_rest`).
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction

from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import reference_policies as rp
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.state import Position, to_table

OUT, OFF = "out", "off"


@dataclass(frozen=True)
class CardOutcome:
    card: str
    copies: int  # of this card among the playable ones
    caught: tuple[int, ...]  # figure indices, in the order caught
    steps: int  # steps the monster walked


@dataclass(frozen=True)
class CatchOdds:
    cards: tuple[CardOutcome, ...]
    owners: tuple[int, ...]  # per figure

    @property
    def total(self) -> int:
        return sum(c.copies for c in self.cards)

    def p(self, figure: int) -> Fraction:
        return Fraction(sum(c.copies for c in self.cards if figure in c.caught), self.total)

    def p_any(self, owner: int) -> Fraction:
        """P(at least one of `owner`'s figures is caught)."""
        return Fraction(sum(c.copies for c in self.cards if any(self.owners[i] == owner for i in c.caught)),
                        self.total)

    def expected(self, owner: int | None = None) -> Fraction:
        """The expected number caught (of `owner`'s figures; None: of all)."""
        return Fraction(sum(c.copies * sum(owner is None or self.owners[i] == owner for i in c.caught)
                            for c in self.cards), self.total)


def catch_odds(position: Position, table=None, spare: bool = False) -> CatchOdds:
    """Question 1: the monster phase for every distinct playable card, on `table` (default: the position's;
    `spare`: the caller will not use `table` again, so the walk may use it up)."""
    table = to_table(position) if table is None else table
    cards = position.playable_cards()
    counts = Counter(cards)
    outcomes = card_outcomes(table, list(dict.fromkeys(cards)), position.settings, spare)
    return CatchOdds(tuple(CardOutcome(c.card, counts[c.card], c.caught, c.steps) for c in outcomes),
                     tuple(f.owner for f in table.figures))


def card_outcomes(table, cards, settings, spare: bool = False) -> list[CardOutcome]:
    """What each of `cards` does on `table`, from ONE walk of the monster: it walks the same way whatever the card
    says (each step is look, then move), so a card's phase is a prefix of the longest one: a number card's first n
    steps, a cross card's steps up to the one that completes its catches (at most cross_cap).  Equal, card by card,
    to `reference.monster_phase` (tests/games/finstere_flure/test_exact.py holds them so)."""
    return _Walk(table if spare else table.copy(), cards, settings).run().outcomes()


class _Walk:
    """card_outcomes' walk on table t, in place, from a walk's first `len(after)` steps (caught so far: `caught`)."""

    def __init__(self, t, cards, settings, caught=(), after=()):
        self.t, self.cards, self.settings = t, cards, settings
        self.effects = {card: r.card_effect(card, settings) for card in cards}
        self.longest = max((n for n, k in self.effects.values() if not k), default=0)
        self.most_crosses = max((k for _, k in self.effects.values()), default=0)
        self.caught, self.after = list(caught), list(after)  # after[i]: figures caught once step i + 1 is done

    def more(self) -> bool:
        return len(self.after) < self.longest or (self.most_crosses and len(self.caught) < self.most_crosses
                                                  and len(self.after) < self.settings.cross_cap)

    def step(self):
        ref.look(self.t, self.settings)
        ref.monster_step(self.t, self.settings, self.caught)
        self.after.append(len(self.caught))

    def run(self) -> "_Walk":
        while self.more():
            self.step()
        return self

    def outcomes(self) -> list[CardOutcome]:
        out, after = [], self.after
        for card in self.cards:
            steps, crosses = self.effects[card]
            if crosses:
                steps = next((i + 1 for i, m in enumerate(after[:steps]) if m >= crosses), min(steps, len(after)))
            out.append(CardOutcome(card, 1, tuple(self.caught[:after[steps - 1]] if steps else ()), steps))
        return out


def no_phase(table, settings) -> CatchOdds:
    """The game ended before the monster phase (a player's last figure out): nobody is caught, whatever the card."""
    counts = Counter(ref.playable_cards(table, settings))
    return CatchOdds(tuple(CardOutcome(card, n, (), 0) for card, n in counts.items()),
                     tuple(f.owner for f in table.figures))


# -- the others' turns under others_still_to_move: greedy ------------------------------------------------
def _choose(t, seat: int, settings, ends_of, caught_of) -> tuple[int, tuple, tuple]:
    """The greedy-safest player's pick: the least key (caught, steps to the exit, end, figure) over the unmoved
    figures' ends (`ends_of(figure)` -> {(code, k): path}); the options are tried in (steps, end, figure) order, so
    the first no card catches wins at once (`caught_of(figure, end, path, counts, cards)` -> copies catching)."""
    counts = Counter(ref.playable_cards(t, settings))
    cards = list(counts)
    options = sorted((rp.steps_to_exit(t, end[0], settings), end, i, path)
                     for i in rp.unmoved(t, seat) for end, path in ends_of(i).items())
    best = None
    for dist, end, i, path in options:
        caught = 0 if end[0] == rp.OUT_CODE else caught_of(i, end, path, counts, cards)
        if best is None or (caught, dist, end, i) < best[0]:
            best = ((caught, dist, end, i), path)
        if caught == 0:
            break
    (_, _, end, i), path = best
    return i, end, path


def _caught(t, i: int, path, settings, counts, cards) -> int:
    """The copies among the playable cards whose phase catches figure i once it has walked `path` (one walk)."""
    trial = t.copy()
    ref.move_figure(trial, i, path, settings)
    return sum(counts[o.card] for o in card_outcomes(trial, cards, settings, spare=True) if i in o.caught)


class _OneMover(ref.Table):
    """A view of a table for `reference.figure_moves` of figure `mover`: its copies copy that figure and the tiles
    but share the other figures, which a figure's steps never change (figure_step moves the figure itself, the
    stones it pushes and the exits)."""

    def copy(self):
        other = copy.copy(self)
        other.figures = list(self.figures)
        other.figures[self.mover] = self.figures[self.mover].copy()
        other.stones, other.crystals = set(self.stones), set(self.crystals)
        other.turn_stones = dict(self.turn_stones)
        other.cards_left, other.exits = list(self.cards_left), list(self.exits)
        return other


def _one_mover(t, i: int):
    view = copy.copy(t)
    view.__class__ = _WatchedOneMover if isinstance(t, _Watched) else _OneMover
    view.mover = i
    return view


def legal_ends(t, i: int, settings) -> dict:
    """`reference_policies.legal_ends` (the reference's figure_moves, by code), on a `_OneMover` view of t."""
    return rp.legal_ends(_one_mover(t, i), i, settings)


def greedy_choice(t, seat: int, settings) -> tuple[int, tuple, tuple]:
    """`reference_policies.greedy_choice` -> (figure, end, path): the same key, found faster (`_choose`,
    each option's catches from one walk, the ends from `legal_ends`)."""
    return _choose(t, seat, settings, lambda i: legal_ends(t, i, settings),
                   lambda i, end, path, counts, cards: _caught(t, i, path, settings, counts, cards))


@dataclass(frozen=True)
class Turn:
    seat: int
    figure: int
    end: tuple  # (end code, k) as reference_policies.legal_ends names it
    path: tuple
    # watched tables only: what the pick asked about (`_Watched.asked`), for the moving figure's ends to reuse
    ends: dict = field(default_factory=dict, compare=False)  # figure -> ({end: path}, asked)
    caught: dict = field(default_factory=dict, compare=False)  # (figure, end) -> (copies catching, asked)
    move_asked: tuple = (frozenset(), frozenset())  # what the move itself asked about


def figure_turns(t, seat: int, settings) -> tuple[list, bool]:
    """The round's figure turns from `seat` on (play_from's flow: the next player clockwise with an unmoved figure,
    until none is left), every player greedy, played on t in place -> (turns, ended: a player won by an exit)."""
    turns = []
    while (seat := rp.next_player(t, seat)) is not None:
        i, end, path = greedy_choice(t, seat, settings)
        ref.move_figure(t, i, path, settings)
        turns.append(Turn(seat, i, end, path))
        if t.exits.count(seat) >= r.to_win(t.players):
            return turns, True
        seat = (seat + 1) % t.players
    return turns, False


def _watched_turns(t, seat: int, settings) -> tuple[list, bool]:
    """figure_turns on a watched table, each turn keeping what its pick and its move asked about."""
    turns = []
    while (seat := rp.next_player(t, seat)) is not None:
        ends, caught = {}, {}

        def ends_of(i):
            t.fresh()
            out = legal_ends(t, i, settings)
            ends[i] = (out, t.asked())
            return out

        def caught_of(i, end, path, counts, cards):
            t.fresh()
            n = _caught(t, i, path, settings, counts, cards)
            caught[(i, end)] = (n, t.asked())
            return n

        i, end, path = _choose(t, seat, settings, ends_of, caught_of)
        t.fresh()
        ref.move_figure(t, i, path, settings)
        turns.append(Turn(seat, i, end, path, ends, caught, t.asked()))
        if t.exits.count(seat) >= r.to_win(t.players):
            return turns, True
        seat = (seat + 1) % t.players
    return turns, False


class _Asked(set):
    """The squares figures stand on, noting each square asked about (the monster's sight asks `q in standing`)."""

    def __init__(self, squares, asked):
        super().__init__(squares)
        self.asked = asked

    def __contains__(self, q):
        self.asked.add(q)
        return set.__contains__(self, q)


class _Watched(ref.Table):
    """A reference table noting every square the rules ask about: what block lies there (`block_at`, also behind
    `is_free`) and which figure stands there (`figure_at` without `besides`, `standing`).  These are the rules'
    only reads of the stones, crystals and figures of other pieces (the turn stones are also read directly: a
    layout whose turn stones differ is never reused); `figure_at(q, besides=j)` only asks whether q is free as
    figure j's end, which the reuse handles by dropping that end.  Copies share the note."""

    def fresh(self):
        """Start a new note (copies made from now on share it)."""
        self.figures_asked, self.blocks_asked = set(), set()

    def asked(self) -> tuple[frozenset, frozenset]:
        """(the squares whose figure was asked about, those whose block was)."""
        return frozenset(self.figures_asked), frozenset(self.blocks_asked)

    def figure_at(self, q, besides=None):
        if besides is None:
            self.figures_asked.add(q)
        return ref.Table.figure_at(self, q, besides)

    def block_at(self, q):
        self.blocks_asked.add(q)
        return ref.Table.block_at(self, q)

    def standing(self):
        return _Asked(ref.Table.standing(self), self.figures_asked)


class _WatchedOneMover(_OneMover, _Watched):
    """Both: a watched table's `_OneMover` view."""


def _watched(table, figure: int):
    """A watched copy of `table` with `figure` taken off the board (as if it stood nowhere)."""
    w = table.copy()
    w.__class__ = _Watched
    w.fresh()
    w.figures[figure].pos = ref.OFF
    return w


def _base(table, figure: int):
    """A watched copy of `table` with `figure` moved nowhere: flipped, marked moved and taken off the board."""
    w = _watched(table, figure)
    f = w.figures[figure]
    f.top, f.moved = sum(f.stone) - f.top, True
    return w


def greedy_rest(after, figure: int, settings, base=None) -> tuple[list, bool]:
    """The round's figure turns after `figure`'s move (`after`: the table after it, played on in place), every
    player greedy (`figure_turns`) -> (turns, ended).  `base`: (the table before the move, its watched turns)
    from `base_turns`, shared by one figure's end squares: a turn whose pick and move asked about none of the
    squares the move changed (the figure's end, the tiles it pushed) is the base's; a pick reuses every end list
    and every option's catch count that did not ask about them (end lists that asked about the pushed tiles are
    recomputed once per stone layout, the figure nowhere); from the first turn that differs on, the turns are
    played out directly."""
    owner, players = after.figures[figure].owner, after.players
    if after.exits.count(owner) >= r.to_win(players):
        return [], True
    start = (owner + 1) % players
    square = after.figures[figure].pos
    if base is None or square == ref.OUT:
        return figure_turns(after, start, settings)
    before, (turns, ended), layouts = base
    if after.turn_stones != before.turn_stones:
        return figure_turns(after, start, settings)
    tiles = (after.stones ^ before.stones) | (after.crystals ^ before.crystals)  # the squares the move changed
    on = isinstance(square, tuple)
    own = rp.end_code(after.board, square) if on else None

    def hit(asked) -> bool:  # did a computation on the base ask about what the move changed?
        return on and square in asked[0] or bool(tiles & asked[1])

    for k, turn in enumerate(turns):
        def ends_of(j, turn=turn, k=k):
            ends, asked = turn.ends[j]
            if hit(asked) and tiles:  # the ends on this stone layout with the figure nowhere, kept per layout
                key = (k, j, frozenset(after.stones), frozenset(after.crystals))
                if key not in layouts:
                    w = _watched(after, figure)
                    layouts[key] = (legal_ends(w, j, settings), w.asked())
                ends, asked = layouts[key]
            if on and square in asked[0]:
                return legal_ends(after, j, settings)
            return {end: path for end, path in ends.items() if end[0] != own}

        def caught_of(j, end, path, counts, cards, turn=turn):
            known = turn.caught.get((j, end))
            return _caught(after, j, path, settings, counts, cards) if known is None or hit(known[1]) else known[0]

        i, end, path = _choose(after, turn.seat, settings, ends_of, caught_of)
        ref.move_figure(after, i, path, settings)
        if (i, end) != (turn.figure, turn.end) or hit(turn.move_asked):
            done = turns[:k] + [Turn(turn.seat, i, end, path)]
            if after.exits.count(turn.seat) >= r.to_win(players):
                return done, True
            rest, ended = figure_turns(after, (turn.seat + 1) % players, settings)
            return done + rest, ended
    return list(turns), ended


def base_turns(table, figure: int, settings):
    """The base for `greedy_rest`: the round's later turns played on a watched table with `figure` moved
    nowhere (start: the player after its owner)."""
    base = _base(table, figure)
    before = base.copy()
    return before, _watched_turns(base, (table.figures[figure].owner + 1) % table.players, settings), {}


class _PhaseBase:
    """The monster phase on the table every end shares (the moving figure nowhere; others greedy: the base's later
    turns played), walked once on a watched table, step by step: an end's table differs from it on a few squares,
    so its walk is the shared one up to the first step that asked about one of them (`odds_of`)."""

    def __init__(self, position: Position, table):
        self.position, self.table = position, table.copy()
        cards = position.playable_cards()
        self.counts, self.cards = Counter(cards), list(dict.fromkeys(cards))
        t = table.copy()
        t.__class__ = _Watched
        self.walk = _Walk(t, self.cards, position.settings)
        self.before, self.asked = [], []  # per step: the table before it, what the step asked about
        while self.walk.more():
            before = t.copy()
            before.__class__ = ref.Table
            self.before.append(before)
            t.fresh()
            self.walk.step()
            self.asked.append(t.asked())
        self.odds = self._odds(self.walk)

    def _odds(self, walk: _Walk) -> CatchOdds:
        return CatchOdds(tuple(CardOutcome(c.card, self.counts[c.card], c.caught, c.steps) for c in walk.outcomes()),
                         tuple(f.owner for f in self.table.figures))

    def odds_of(self, after) -> CatchOdds:
        """catch_odds(position, after): the shared walk's first steps, on from the first one that asked about a
        square where `after` differs (a figure's, or a stone's or crystal's)."""
        base = self.table
        if (after.turn_stones, after.monster, after.facing) != (base.turn_stones, base.monster, base.facing):
            return catch_odds(self.position, after, spare=True)
        moved = {j: f for j, (f, g) in enumerate(zip(after.figures, base.figures)) if f.pos != g.pos}
        squares = {q for j, f in moved.items() for q in (f.pos, base.figures[j].pos) if isinstance(q, tuple)}
        stones, crystals = after.stones ^ base.stones, after.crystals ^ base.crystals
        for i, (figures_asked, blocks_asked) in enumerate(self.asked):
            if squares & figures_asked or (stones | crystals) & blocks_asked:
                t = self.before[i].copy()
                for j, f in moved.items():
                    t.figures[j] = f.copy()
                t.stones ^= stones
                t.crystals ^= crystals
                shared = self.walk
                prefix = shared.caught[:shared.after[i - 1]] if i else ()
                return self._odds(_Walk(t, self.cards, self.position.settings, prefix, shared.after[:i]).run())
        return self.odds


def _phase_base(position: Position, table, figure: int, base) -> _PhaseBase | None:
    """The shared phase for `candidates` (None: under greedy others the base's turns end the game)."""
    shared = _base(table, figure)
    if base is not None:
        before, (turns, ended), _ = base
        if ended:
            return None
        shared = before.copy()
        for turn in turns:
            ref.move_figure(shared, turn.figure, turn.path, position.settings)
    shared.__class__ = ref.Table
    return _PhaseBase(position, shared)


@dataclass(frozen=True)
class Candidate:
    """One end of the moving figure (a square and the stones as its path leaves them) and the odds of the monster
    phase that follows."""
    figure: int
    end: object  # (x, y), "out" or "off" (stays off the board)
    path: tuple  # directions (reference.ENTER: the step onto the entrance)
    variant: int  # which of the stone layouts a move can leave at this end (reference.figure_moves' order)
    odds: CatchOdds  # the monster phase after the move (and, others greedy, the round's later turns)
    dist: int  # steps remaining to the exit (Manhattan)
    later: tuple = ()  # others greedy: the round's later figure turns (Turn), in order
    ended: bool = False  # others greedy: a player won by an exit before the monster phase

    @cached_property
    def p_caught(self) -> Fraction:
        return self.odds.p(self.figure)

    def code(self, width: int) -> int:
        return -2 if self.end == OUT else -1 if self.end == OFF else self.end[1] * width + self.end[0]

    def key(self, width: int) -> tuple:
        """The greedy player's ranking: P(caught), steps to the exit, end code, layout, figure."""
        return self.p_caught, self.dist, self.code(width), self.variant, self.figure


def distance(position: Position, end) -> int:
    """Steps remaining to the exit, the greedy player's measure: Manhattan from the square (from off the board:
    the entrance's + 1); one more under exit_on beyond; 0 once out."""
    if end == OUT:
        return 0
    board = position.board
    square = board.entrance if end == OFF else end
    extra = (end == OFF) + (position.settings.exit_on == "beyond")
    return abs(square[0] - board.exit[0]) + abs(square[1] - board.exit[1]) + extra


def candidates(position: Position, figure: int, others: str | None = None) -> list[Candidate]:
    """Question 2: every legal end of `figure` this step budget (a square once per stone layout a move can leave
    there), with the monster phase on the table after the move, ranked as the greedy player ranks them (`key`).
    `others`
    (default: the position's others_still_to_move): fixed, every other figure where it stands; greedy, the round's
    later figure turns (mine too) played first by the greedy-safest player (`greedy_rest`)."""
    settings = position.settings
    greedy = (others or settings.others_still_to_move) == "greedy"
    table = to_table(position)
    out, base = [], base_turns(table, figure, settings) if greedy else None
    phase = _phase_base(position, table, figure, base)
    for end, paths in ref.figure_moves(_one_mover(table, figure), figure, settings).items():
        for k, path in enumerate(paths):
            after = table.copy()
            ref.move_figure(after, figure, path, settings)
            later, ended = greedy_rest(after, figure, settings, base) if greedy else ((), False)
            odds = no_phase(after, settings) if ended else phase.odds_of(after) if phase else \
                catch_odds(position, after, spare=True)
            out.append(Candidate(figure, end, tuple(path), k, odds, distance(position, end), tuple(later), ended))
    width = position.board.width
    out.sort(key=lambda c: c.key(width))
    return out
