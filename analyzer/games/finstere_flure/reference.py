"""The readable rules of Finstere Flure (spec: shared/rules/finstere-flure.md), obviously correct and slow: the
fast engine and the exact questions are held to it.

`Table` is the whole mutable state: the board as printed (blood, teleporters, sizes) plus the moving pieces
(stones, crystals, turn stones), the monster (square, facing), the figures, stage, round, cards left, start
player and the exits in order.  The rules, named as the spec names them:

- figures: `figure_moves(t, i, settings) -> {end: [path, ...]}` (breadth-first, directions N, E, S, W, over the
  figure's square and the stones' layout: one path per distinct layout a move can leave at each end), `move_figure`;
- the monster: `monster_phase(t, card, settings)` (each step look, then move; a final look; crosses walk until
  figures are caught, at most cross_cap steps);
- the game: `reference_policies.play(...)` replays the fast engine's record with the same policies.

A path is a tuple of directions (rules.N, E, S, W) with ENTER for the step from off the board onto the entrance.
An end is a square, OFF (stays off the board) or OUT (through the exit).

Readings where the spec is silent (also in the coordination notes): a figure cannot push a stone lying on any edge
square; teleporters are an edge for figures and for pushed or sliding pieces (a chain's front piece pushed onto
one is gone, a figure so counts as caught) and transparent to the monster's sight; a slide stops at a stone or the
monster on the pool ahead; the monster's blood slide enters every pool square ahead and the one beyond in the same
step, without a look or a wrap; a turn stone straight ahead turns the monster by its arrow (the spec) only when its
last look saw nobody to its left or right (`Table.saw_side`, relative to the facing it looked from), then it steps
that way without a new look (a turn stone there is pushed: one turn a step); otherwise (in effect a left/right tie:
turn stones block sight, so one never lies ahead after a turn toward a figure) it is pushed like a stone; a figure
pushed onto the exit corner just stands there.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.rules import E, N, S, W, Board, step

ENTER = 4
OFF, OUT, EATEN = "off", "out", "eaten"
TURN = {"left": -1, "right": 1, "half": 2}
STONE, CRYSTAL = "stone", "crystal"  # a turn stone's kind is its arrow: left, right, half


@dataclass
class Figure:
    owner: int
    stone: tuple  # (black side, coloured side)
    pos: object  # (x, y), OFF, OUT or EATEN
    top: int  # the value face up
    moved: bool = False

    @property
    def on_board(self) -> bool:
        return isinstance(self.pos, tuple)

    @property
    def in_game(self) -> bool:
        return self.pos not in (OUT, EATEN)

    def copy(self) -> "Figure":
        return Figure(self.owner, self.stone, self.pos, self.top, self.moved)


@dataclass
class Table:
    board: Board
    players: int
    figures: list
    monster: tuple | None = None
    facing: int = E
    stones: set | None = None
    crystals: set | None = None
    turn_stones: dict | None = None
    stage: int = 1
    round: int = 1  # counted from the start of the game
    cards_left: list | None = None
    start_player: int = 0
    exits: list | None = None  # owner of each figure out, in order
    stage_round: int = 1  # counted from the start of this stage (for cross_ban per stage)
    saw_side: bool = False  # the last look saw a figure to the monster's left or right (turn stones: push)
    blood: frozenset = field(init=False)
    teleport_pairs: dict = field(init=False)  # square -> (partner square, partner's arrow)

    def __post_init__(self):
        b = self.board
        self.monster = b.exit if self.monster is None else tuple(self.monster)
        self.stones = set(b.stones) if self.stones is None else set(self.stones)
        self.crystals = set(b.crystals) if self.crystals is None else set(self.crystals)
        self.turn_stones = dict(b.turn_stones) if self.turn_stones is None else dict(self.turn_stones)
        self.cards_left = list(r.DECK) if self.cards_left is None else list(self.cards_left)
        self.exits = [] if self.exits is None else list(self.exits)
        self.blood = b.blood_squares()
        pairs = {}
        for k in range(0, len(b.teleports) - 1, 2):
            (p, pd), (q, qd) = b.teleports[k], b.teleports[k + 1]
            pairs[tuple(p)] = (tuple(q), qd)
            pairs[tuple(q)] = (tuple(p), pd)
        self.teleport_pairs = pairs

    def copy(self) -> "Table":
        """A copy sharing the printed board; every moving piece copied."""
        other = copy.copy(self)
        other.figures = [f.copy() for f in self.figures]
        other.stones, other.crystals = set(self.stones), set(self.crystals)
        other.turn_stones = dict(self.turn_stones)
        other.cards_left, other.exits = list(self.cards_left), list(self.exits)
        return other

    # -- what stands where --------------------------------------------------------------------------
    def on_board(self, q) -> bool:
        return self.board.on_board(q)

    def block_at(self, q):
        """STONE, CRYSTAL, a turn stone's arrow, or None."""
        if q in self.stones:
            return STONE
        if q in self.crystals:
            return CRYSTAL
        return self.turn_stones.get(q)

    def figure_at(self, q, besides: int | None = None):
        for j, f in enumerate(self.figures):
            if f.pos == q and j != besides:
                return j
        return None

    def standing(self) -> set:
        """The squares figures stand on."""
        return {f.pos for f in self.figures if f.on_board}

    def is_teleport(self, q) -> bool:
        return q in self.teleport_pairs

    def is_free(self, q) -> bool:
        """On the board, no piece, not the monster, not a teleporter (an edge for everything but the monster)."""
        return (self.on_board(q) and not self.is_teleport(q) and q != self.monster and self.block_at(q) is None
                and self.figure_at(q) is None)

    def remove_block(self, q):
        kind = self.block_at(q)
        self.stones.discard(q)
        self.crystals.discard(q)
        self.turn_stones.pop(q, None)
        return kind

    def put_block(self, q, kind):
        if q in (self.board.exit, self.board.entrance):
            return  # a stone reaching the entrance or exit corner leaves the game
        if kind == STONE:
            self.stones.add(q)
        elif kind == CRYSTAL:
            self.crystals.add(q)
        else:
            self.turn_stones[q] = kind


def new_table(board: Board, players: int) -> Table:
    """The start of the game: every figure off the board, coloured side up; the monster on the exit facing E."""
    figures = [Figure(q, stone, OFF, stone[1]) for q in range(players) for stone in r.stones_for(players)]
    return Table(board, players, figures, stones=set(board.stones), crystals=set(board.crystals),
                 turn_stones=dict(board.turn_stones))


def on_edge(board: Board, q) -> bool:
    return q[0] in (0, board.width - 1) or q[1] in (0, board.height - 1)


def blood_run(t: Table, q, d) -> list:
    """The blood squares from q (blood) straight on in direction d, up to the pool's far end."""
    run = [q]
    while (nxt := step(run[-1], d)) in t.blood:
        run.append(nxt)
    return run


# -- pieces pushed: stones (by figures and the monster), figures (by the monster) ---------------------------
def settle_pushed(t: Table, q, d, blood_stop: str):
    """Where a pushed piece that has just entered square q (direction d) comes to rest: on blood it slides on
    while the squares are free; off the far end if the square beyond is free, else per blood_stop."""
    if q not in t.blood:
        return q
    reached = q
    while (nxt := step(reached, d)) in t.blood and t.is_free(nxt):
        reached = nxt
    beyond = step(reached, d)
    if beyond not in t.blood and t.is_free(beyond):
        return beyond
    return q if blood_stop == "entry" else reached


def move_block(t: Table, src, dst, d, blood_stop: str):
    kind = t.remove_block(src)
    t.put_block(settle_pushed(t, dst, d, blood_stop), kind)


def figure_may_push(t: Table, q, d) -> bool:
    """A figure pushes the stone on q one square if the square beyond is free and the stone is not on an edge."""
    return not on_edge(t.board, q) and t.is_free(step(q, d))


# -- figures --------------------------------------------------------------------------------------------
def may_enter(t: Table, i: int) -> bool:
    """Round 1 of the game: each player brings only two figures in (his first two figure turns)."""
    if t.round != 1:
        return True
    owner = t.figures[i].owner
    return sum(f.moved for f in t.figures if f.owner == owner) < 2


def exit_figure(t: Table, i: int):
    t.figures[i].pos = OUT
    t.exits.append(t.figures[i].owner)


def figure_step(t: Table, i: int, d: int, settings) -> bool:
    """One step of figure i in place; False (table then undefined) if the step is illegal."""
    f = t.figures[i]
    if d == ENTER:
        if f.pos != OFF or t.board.entrance == t.monster:
            return False
        f.pos = t.board.entrance
        return True
    if not f.on_board:
        return False
    q = step(f.pos, d)
    if not t.on_board(q):
        if settings.exit_on == "beyond" and f.pos == t.board.exit:
            exit_figure(t, i)
            return True
        return False
    if t.is_teleport(q) or q == t.monster:
        return False
    if t.block_at(q) is not None:
        if not figure_may_push(t, q, d):
            return False
        move_block(t, q, step(q, d), d, settings.blood_stop)
    f.pos = q
    if q in t.blood:
        slide_figure(t, i, d, settings)
    if f.pos == t.board.exit and settings.exit_on == "corner":
        exit_figure(t, i)
    return True


def slide_figure(t: Table, i: int, d: int, settings):
    """A figure that stepped onto blood slides, in the same step, to the first square beyond (pushing a stone
    there if legal, passing over figures); if it cannot (a stone or the monster on the pool ahead counts), or the
    pool lies on the edge, it stops on the blood per blood_stop."""
    f = t.figures[i]
    entry = reached = f.pos
    while (nxt := step(reached, d)) in t.blood and t.block_at(nxt) is None and nxt != t.monster:
        reached = nxt
    beyond = step(reached, d)
    if beyond not in t.blood and t.on_board(beyond) and not t.is_teleport(beyond) and beyond != t.monster:
        if t.block_at(beyond) is None:
            f.pos = beyond
            return
        if figure_may_push(t, beyond, d):
            move_block(t, beyond, step(beyond, d), d, settings.blood_stop)
            f.pos = beyond
            return
    f.pos = entry if settings.blood_stop == "entry" else reached


def layout(t: Table) -> tuple:
    """The stones, crystals and turn stones where they lie (what a figure's steps can change besides itself)."""
    return frozenset(t.stones), frozenset(t.crystals), frozenset(t.turn_stones.items())


def figure_moves(t: Table, i: int, settings) -> dict:
    """Every legal end of figure i's move this turn -> one path per distinct layout of the stones it can leave
    there, in the order a breadth-first search (directions N, E, S, W) first reaches each (end, layout)."""
    f = t.figures[i]
    if not f.in_game:
        return {}
    ends = {f.pos: [()]}
    if f.pos == OFF and not may_enter(t, i):
        return ends
    visited = {(f.pos, layout(t))}
    frontier = [(t, ())]
    for _ in range(f.top):
        later = []
        for table, path in frontier:
            here = table.figures[i].pos
            for d in ((ENTER,) if here == OFF else (N, E, S, W)):
                trial = table.copy()
                if not figure_step(trial, i, d, settings):
                    continue
                q = trial.figures[i].pos
                if (q, layout(trial)) in visited:
                    continue
                visited.add((q, layout(trial)))
                if q == OUT or trial.figure_at(q, besides=i) is None:
                    ends.setdefault(q, []).append(path + (d,))
                if q != OUT:
                    later.append((trial, path + (d,)))
        frontier = later
    return ends


def move_figure(t: Table, i: int, path, settings):
    """Figure i walks `path` in place (pushes, slides, the exit), then is flipped and marked moved."""
    for d in path:
        if not figure_step(t, i, d, settings):
            raise ValueError(f"illegal step {d} in path {path} of figure {i}")
    f = t.figures[i]
    if f.on_board and t.figure_at(f.pos, besides=i) is not None:
        raise ValueError(f"figure {i} would end on an occupied square {f.pos}")
    f.top = sum(f.stone) - f.top
    f.moved = True


# -- the monster ------------------------------------------------------------------------------------------
def wrap(board: Board, q, d, settings):
    """The square where the monster re-enters when its step in direction d leads to q, off the board."""
    w, h = board.width, board.height
    x, y = q
    if settings.wrap == "torus":
        return x % w if d in (E, W) else x, (y % h if d in (N, S) else y)
    if d in (N, S):
        return w - 1 - x, (h - 1 if d == N else 0)
    return (w - 1 if d == W else 0), h - 1 - y


def ahead(t: Table, q, d, settings):
    nxt = step(q, d)
    return nxt if t.on_board(nxt) else wrap(t.board, nxt, d, settings)


def sight(t: Table, d: int, settings, standing: set | None = None):
    """How far the nearest figure straight on in direction d is (None: nobody): stones and turn stones block
    sight, crystals and teleporters do not; across an edge only under sight_wraps.  `standing`: t.standing()."""
    standing = t.standing() if standing is None else standing
    q, (dx, dy), board = t.monster, r.DELTA[d], t.board
    for distance in range(1, board.width * board.height + 1):
        nxt = q[0] + dx, q[1] + dy
        if not (0 <= nxt[0] < board.width and 0 <= nxt[1] < board.height):
            if not settings.sight_wraps:
                return None
            nxt = wrap(board, nxt, d, settings)
        q = nxt
        if q == t.monster or t.block_at(q) not in (None, CRYSTAL):
            return None
        if q in standing:
            return distance
    return None


def look(t: Table, settings):
    """Forward, left and right, never back: turn toward the nearest figure seen; a tie of two or three
    directions leaves it facing as it was.  t.saw_side records whether a figure was seen left or right (of the
    facing it looked from), for the turn stones of monster_step."""
    seen, standing = {}, t.standing()
    for d in (t.facing, (t.facing - 1) % 4, (t.facing + 1) % 4):
        distance = sight(t, d, settings, standing)
        if distance is not None:
            seen[d] = distance
    t.saw_side = any(d != t.facing for d in seen)
    if seen:
        nearest = min(seen.values())
        closest = [d for d, k in seen.items() if k == nearest]
        if len(closest) == 1:
            t.facing = closest[0]


def catch(t: Table, j: int, caught: list):
    """Figure j is eaten (or pushed off the board or into a teleporter): stage 1 it goes back off the board with
    its current side up, stage 2 it is out of the game."""
    t.figures[j].pos = OFF if t.stage == 1 else EATEN
    caught.append(j)


def monster_push(t: Table, q, d, settings, caught: list):
    """The monster pushes everything ahead of it from q: the chain of stones and figures behind them moves one
    square; the front piece pushed off the board or into a teleporter is gone (a figure counts as caught)."""
    chain = []
    c = q
    while t.on_board(c) and not t.is_teleport(c) and (t.block_at(c) is not None or t.figure_at(c) is not None):
        chain.append(c)
        c = step(c, d)
    for sq in reversed(chain):
        nxt = step(sq, d)
        j = t.figure_at(sq)
        if not t.on_board(nxt) or t.is_teleport(nxt):
            if j is not None:
                catch(t, j, caught)
            else:
                t.remove_block(sq)
            continue
        if j is not None:
            t.figures[j].pos = None  # lifted, so the slide does not see it in its own way
            t.figures[j].pos = settle_pushed(t, nxt, d, settings.blood_stop)
        else:
            kind = t.remove_block(sq)
            t.put_block(settle_pushed(t, nxt, d, settings.blood_stop), kind)


def monster_enter(t: Table, q, d, settings, caught: list):
    """The monster enters q moving in direction d: a teleporter sends it to its partner, facing that arrow;
    otherwise it pushes what lies ahead or eats the figure on q."""
    if t.is_teleport(q):
        t.monster, t.facing = t.teleport_pairs[q]
        return
    if t.block_at(q) is not None:
        monster_push(t, q, d, settings, caught)
    elif (j := t.figure_at(q)) is not None:
        catch(t, j, caught)
    t.monster = q


def monster_step(t: Table, settings, caught: list):
    """The move half of a step: one square on (wrapping at the edge, keeping its direction); a turn stone
    straight ahead turns it by its arrow instead of being pushed when the last look saw nobody left or right
    (t.saw_side false), else it is pushed like a stone; blood slides it on in the same step."""
    d = t.facing
    q = ahead(t, t.monster, d, settings)
    if q in t.turn_stones and not t.saw_side:
        d = t.facing = (d + TURN[t.turn_stones[q]]) % 4
        q = ahead(t, t.monster, d, settings)
    monster_enter(t, q, d, settings, caught)
    if t.monster != q or q not in t.blood:
        return
    run = blood_run(t, q, d)
    beyond = step(run[-1], d)
    if t.on_board(beyond):
        for sq in run[1:] + [beyond]:
            monster_enter(t, sq, d, settings, caught)
    elif settings.blood_stop == "far_end":
        for sq in run[1:]:
            monster_enter(t, sq, d, settings, caught)


@dataclass
class MonsterResult:
    table: Table  # after the card (a copy; the caller's table is untouched)
    eaten: list  # figure indices in the order caught
    steps: int


def monster_phase(table: Table, card: str, settings) -> MonsterResult:
    """One card played out on a copy of the table: each step look then move, a final look at the end.  A cross
    card walks until its number of figures is caught, at most cross_cap steps."""
    t = table.copy()
    most, crosses = r.card_effect(card, settings)
    caught: list = []
    steps = 0
    while steps < most and not (crosses and len(caught) >= crosses):
        look(t, settings)
        monster_step(t, settings, caught)
        steps += 1
    look(t, settings)
    if card in t.cards_left:
        t.cards_left.remove(card)
    return MonsterResult(t, caught, steps)


def cross_banned(t: Table, settings) -> bool:
    """Crosses are redrawn in the first round of the game (or of each stage)."""
    if settings.cross_ban == "first_round_of_each_stage":
        return t.stage_round == 1
    return t.round == 1


def playable_cards(t: Table, settings) -> list:
    """The cards this round's monster phase may play (a multiset): the stage's unplayed cards, numbers only under
    the cross ban."""
    if cross_banned(t, settings):
        return [c for c in t.cards_left if not r.is_cross(c, settings)]
    return list(t.cards_left)
