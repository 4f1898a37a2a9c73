"""The readable Emerald: one knight move at a time, the dragon, bribes, the end and the score, in plain Python.

`Table` is the whole mutable state; `step` plays one knight move (spec "Turn": exactly as many spaces as knights on
its square, the card, the wake-up, the catch, the trail shift, the end checks); `end_turn` passes the turn;
`score` and `winner` settle a game.  `plans(t)` lists every plan of the turn with its exact one-ply EV (spec
question 2: single moves and ordered pairs on a fresh turn, stop and single moves mid-turn, in the greedy
player's order); `play(settings, players, policies, record)` replays a full game from the
engine's chance record (coord.md: start player, the dealt stacks, every roll, every random player's choice) and
returns the snapshots the engine gives (after setup and after every turn); greedy players play `best_plan`.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from analyzer.core.record import snapshots
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.rules import Settings


@dataclass
class Table:
    players: int
    settings: Settings
    colours: tuple  # seat -> its colours
    knights: list  # colour -> list of positions (empty: not in play)
    gems: list  # cave 1..9 at index 0..8 -> gem kinds, top first (None: a card not known)
    gold: list  # likewise gold values
    dragon: tuple = r.DRAGON_SETUP
    treasure_left: int = r.TREASURES
    gold_held: list = field(default_factory=list)  # per seat, sorted values
    gems_held: list = field(default_factory=list)  # per seat, 4 counts
    treasure: list = field(default_factory=list)  # per seat
    four_kinds: int = -1  # the seat holding the four-kinds card
    to_move: int = 0
    barred: list = field(default_factory=list)  # (colour, pos) of knights moved or bribed this turn
    steps: int = 0  # knight moves made this turn
    first_colour: int = -1  # the colour of this turn's first move
    own_turns: list = field(default_factory=list)  # per seat
    turns: int = 0
    end: str = "running"  # running | treasure | last_knight | capped

    def copy(self) -> "Table":
        return Table(self.players, self.settings, self.colours, [list(k) for k in self.knights],
                     [list(s) for s in self.gems], [list(s) for s in self.gold], self.dragon, self.treasure_left,
                     [list(g) for g in self.gold_held], [list(g) for g in self.gems_held], list(self.treasure),
                     self.four_kinds, self.to_move, list(self.barred), self.steps, self.first_colour,
                     list(self.own_turns), self.turns, self.end)

    @classmethod
    def from_position(cls, p) -> "Table":
        """The table of a parsed position (state.Position); the cards below the tops are not known (None)."""
        gems = [([] if top < 0 else [top]) + [None] * below for top, below in zip(p.gem_top, p.gem_below)]
        gold = [([] if top == 0 else [top]) + [None] * below for top, below in zip(p.gold_top, p.gold_below)]
        first = p.moved[0][0] if p.moved else -1
        four = next((s for s, h in enumerate(p.holdings) if h.four_kinds), -1)
        return cls(p.players, p.settings, p.colours, [list(k) for k in p.knights], gems, gold, p.dragon,
                   p.treasure_left, [list(h.gold) for h in p.holdings], [list(h.gems) for h in p.holdings],
                   [h.treasure for h in p.holdings], four, p.to_move, list(p.moved), 1 if p.moved else 0, first,
                   [0] * p.players)

    def owner(self, colour: int) -> int:
        return next(s for s, cs in enumerate(self.colours) if colour in cs)

    def on_square(self, pos: int) -> int:
        """Knights of every colour on a square."""
        return sum(k.count(pos) for k in self.knights)

    def on_track(self, seat: int) -> int:
        return sum(1 for c in self.colours[seat] for pos in self.knights[c] if r.on_track(pos))

    def free(self, colour: int, pos: int) -> int:
        """Knights of `colour` on `pos` not barred this turn."""
        return self.knights[colour].count(pos) - self.barred.count((colour, pos))


def groups(t: Table) -> list[tuple[int, int]]:
    """The (colour, pos) groups of the mover's knights that may move now, sorted (colour, then pos)."""
    colours = t.colours[t.to_move]
    if t.players == 2 and t.settings.two_player_one_colour and t.steps:
        colours = (t.first_colour,)
    return sorted({(c, pos) for c in colours for pos in t.knights[c] if r.on_track(pos) and t.free(c, pos) > 0})


def gem_value(t: Table, seat: int, kind: int) -> int:
    """A gem's one-ply worth: 1, and 4 more when it is the last missing kind and the four-kinds card is free."""
    held = t.gems_held[seat]
    completes = t.four_kinds < 0 and held[kind] == 0 and sum(1 for n in held if n) == 3
    return r.GEM_POINTS + (r.BONUS_POINTS if completes else 0)


def greedy_card(t: Table, cave: int) -> str:
    """Gold if its top is worth more than the gem top, else the gem (ties: gem); a lone stack is taken."""
    gem, gold = t.gems[cave - 1], t.gold[cave - 1]
    if not gem or not gold:
        return "gem" if gem else "gold"
    return "gold" if gold[0] > gem_value(t, t.to_move, gem[0]) else "gem"


def catch_target(t: Table, cave: int) -> tuple[int, int] | None:
    """The knight the mover picks where the dragon ends (catch_choice opponent_first): an opponent's, his owner
    holding the fewest gold cards, ties the first clockwise from the mover, his lowest colour there; else his own,
    a colour with a knight barred this turn there first, else the lowest colour.  None: nobody there."""
    pos = r.cave_pos(cave)
    here = [c for c in range(5) if pos in t.knights[c]]
    if not here:
        return None
    m = t.to_move
    rivals = [(len(t.gold_held[t.owner(c)]), (t.owner(c) - m) % t.players, c) for c in here if t.owner(c) != m]
    if rivals:
        return min(rivals)[2], pos
    return min(here, key=lambda c: ((c, pos) not in t.barred, c)), pos


def take_card(t: Table, cave: int, kind: str) -> int:
    """The mover takes the top card of one stack beside `cave`; the next one turns up.  Points gained now."""
    seat = t.to_move
    if kind == "gem":
        gem = t.gems[cave - 1].pop(0)
        gain = gem_value(t, seat, gem)
        t.gems_held[seat][gem] += 1
        if t.four_kinds < 0 and all(t.gems_held[seat]):
            t.four_kinds = seat
        return gain
    value = t.gold[cave - 1].pop(0)
    t.gold_held[seat].append(value)
    t.gold_held[seat].sort()
    return value


def wake_dragon(t: Table, roll: int, info: dict) -> None:
    """The dragon moves `roll` spaces, catches one knight where it ends (bribe or nest), then the trail shifts."""
    cave, facing, trail = t.dragon
    cave, facing = r.dragon_move(cave, facing, trail, roll, t.settings.turn_on_arrival)
    t.dragon = (cave, facing, r.trail_shift(trail))
    info.update(roll=roll, landing=cave)
    target = catch_target(t, cave)
    if target is None:
        return
    colour, pos = target
    owner = t.owner(colour)
    info["caught"] = target
    held = t.gold_held[owner]
    if held and held[0] <= t.settings.knight_value:  # bribe with the lowest gold card, out of the game
        info["paid"][owner] += held.pop(0)
        info["bribed"] = True
        if owner == t.to_move and (colour, pos) not in t.barred:  # it moves again from his next turn
            t.barred.append((colour, pos))
        return
    t.knights[colour].remove(pos)
    t.knights[colour].append(r.NEST)
    t.knights[colour].sort()
    if (colour, pos) in t.barred:  # the mover's own caught knight is a barred one where he has one there
        t.barred.remove((colour, pos))
    info["nested"][owner] += 1
    info["bribed"] = False


def step(t: Table, colour: int, pos: int, roll, card=None) -> dict:
    """The mover moves one knight of `colour` from `pos`.  `roll()` gives the die face on a wake-up; `card(t, cave)`
    picks "gem" or "gold" where both stacks have cards (None: the greedy card rule).  Returns what happened:
    to, card, points (the mover's), roll, landing, caught, bribed, paid and nested (per seat), turn_over."""
    seat = t.to_move
    assert t.end == "running" and t.free(colour, pos) > 0 and (colour, pos) in groups(t)
    dest = r.advance(pos, t.on_square(pos))
    t.knights[colour].remove(pos)
    t.knights[colour].append(dest)
    t.knights[colour].sort()
    t.barred.append((colour, dest))
    t.steps += 1
    if t.steps == 1:
        t.first_colour = colour
    info = {"from": pos, "to": dest, "card": None, "points": 0, "roll": None, "landing": None, "caught": None,
            "bribed": None, "paid": [0] * t.players, "nested": [0] * t.players, "turn_over": False}
    if dest == r.CHAMBER:
        if t.treasure_left:
            t.treasure_left -= 1
            t.treasure[seat] += 1
            info["points"] = r.TREASURE_VALUE
            if t.treasure_left == 0:
                t.end = "treasure"
        info["turn_over"] = t.settings.chamber_ends_turn
    cave = r.cave_of(dest)
    if cave:
        if t.gems[cave - 1] or t.gold[cave - 1]:
            both = t.gems[cave - 1] and t.gold[cave - 1]
            kind = card(t, cave) if card and both else greedy_card(t, cave)
            info["card"] = kind
            info["points"] = take_card(t, cave, kind)
            info["turn_over"] = True
        if r.triggers(cave, t.dragon[0], t.dragon[2]):
            wake_dragon(t, roll(), info)
    if t.end == "running" and any(t.on_track(s) <= 1 for s in range(t.players)):
        t.end = "last_knight"
    if t.end != "running" or t.steps == 2:
        info["turn_over"] = True
    return info


def gain(t: Table, seat: int, info: dict) -> int:
    """The one-ply worth of a step to `seat` (spec question 2): his points and the opponents' losses, less his own
    (gold paid in bribes, knight_value per knight sent to the nest)."""
    kv = t.settings.knight_value
    loss = [p + kv * n for p, n in zip(info["paid"], info["nested"])]
    return info["points"] - loss[seat] + sum(x for q, x in enumerate(loss) if q != seat)


def end_turn(t: Table) -> None:
    t.own_turns[t.to_move] += 1
    t.turns += 1
    t.to_move = (t.to_move + 1) % t.players
    t.barred, t.steps, t.first_colour = [], 0, -1
    if t.end == "running" and t.own_turns[t.to_move] >= t.settings.turn_cap:
        t.end = "capped"


# ------------------------------------------------------------------------------------------------
# the one-ply EV of a plan (spec question 2): what the greedy player plays by

def faces(settings) -> list[tuple[int, Fraction]]:
    """The die's faces with their probabilities (a face listed twice counts twice)."""
    n = len(settings.die_faces)
    weight = defaultdict(int)
    for f in settings.die_faces:
        weight[f] += 1
    return [(f, Fraction(w, n)) for f, w in sorted(weight.items())]


def wakes(t: Table, colour: int, pos: int) -> bool:
    """Whether moving that knight ends on a space that wakes the dragon."""
    cave = r.cave_of(r.advance(pos, t.on_square(pos)))
    return bool(cave) and r.triggers(cave, t.dragon[0], t.dragon[2])


def outcomes(t: Table, colour: int, pos: int) -> list[tuple[Fraction, Table, dict]]:
    """Every way one move can go: (probability, the table after it, reference.step's info)."""
    if not wakes(t, colour, pos):
        after = t.copy()
        return [(Fraction(1), after, step(after, colour, pos, _no_roll))]
    out = []
    for face, prob in faces(t.settings):
        after = t.copy()
        out.append((prob, after, step(after, colour, pos, lambda f=face: f)))
    return out


def _no_roll():
    raise AssertionError("the dragon was not woken")


def plan_value(t: Table, plan: tuple) -> Fraction:
    """The expected one-ply gain of the plan's moves to the mover (reference.gain), exact over the die; a second
    move is skipped when the turn is over or its knight can no longer move."""
    seat = t.to_move
    todo = [(Fraction(1), t, False)]
    total = Fraction(0)
    for colour, pos in plan:
        nxt = []
        for prob, table, over in todo:
            if over or (colour, pos) not in groups(table):
                nxt.append((prob, table, True))
                continue
            for q, after, info in outcomes(table, colour, pos):
                total += prob * q * gain(after, seat, info)
                nxt.append((prob * q, after, info["turn_over"]))
        todo = nxt
    return total


@dataclass(frozen=True)
class Plan:
    moves: tuple  # () stop, ((colour, pos),) or two of them
    ev: Fraction

    @property
    def key(self) -> tuple:
        """The greedy order: higher EV, then stop, single, pair, then the smaller groups."""
        return (-self.ev, len(self.moves), *self.moves)


def plan_moves(t: Table) -> list[tuple]:
    """The plans of the turn: fresh turn, every group and every ordered pair of different knights (one colour with
    2 players under two_player_one_colour); mid-turn, stop and every group."""
    gs = groups(t)
    if t.steps:
        return [()] + [(g,) for g in gs]
    one_colour = t.players == 2 and t.settings.two_player_one_colour
    pairs = [(a, b) for a in gs for b in gs if (a != b or t.free(*a) >= 2) and not (one_colour and a[0] != b[0])]
    return [(g,) for g in gs] + pairs


def plans(t: Table) -> list[Plan]:
    """Every plan with its exact one-ply EV, best first (the greedy player's order)."""
    return sorted((Plan(m, plan_value(t, m)) for m in plan_moves(t)), key=lambda p: p.key)


def best_plan(t: Table) -> tuple:
    """The greedy player's plan now (() to stop, or when nothing can move)."""
    ranked = plans(t)
    return ranked[0].moves if ranked else ()


# ------------------------------------------------------------------------------------------------
# the end

def majorities(t: Table) -> list[int]:
    """Per gem kind the seat with strictly the most (more than 0) of it, else -1 (a tie gives it to nobody)."""
    out = []
    for k in range(4):
        counts = [g[k] for g in t.gems_held]
        best = max(counts)
        out.append(counts.index(best) if best > 0 and counts.count(best) == 1 else -1)
    return out


def score(t: Table) -> list[int]:
    """Points now: gold face values, 5 per treasure, 1 per gem, 4 per bonus card (four kinds, majorities)."""
    owners = majorities(t)
    return [sum(t.gold_held[s]) + r.TREASURE_VALUE * t.treasure[s] + r.GEM_POINTS * sum(t.gems_held[s])
            + r.BONUS_POINTS * ((t.four_kinds == s) + owners.count(s)) for s in range(t.players)]


def ranking_keys(t: Table) -> list[tuple]:
    """Per seat (points, treasure cards, gem cards): the winner has the largest."""
    points = score(t)
    return [(points[s], t.treasure[s], sum(t.gems_held[s])) for s in range(t.players)]


def winner(t: Table) -> int:
    """The winning seat (points, then treasure cards, then gem cards); -1 while running or on a full tie."""
    if t.end == "running":
        return -1
    keys = ranking_keys(t)
    best = max(keys)
    return keys.index(best) if keys.count(best) == 1 else -1


def credit(t: Table) -> list[float]:
    keys = ranking_keys(t)
    best = max(keys)
    tied = [s for s in range(t.players) if keys[s] == best]
    return [1 / len(tied) if s in tied else 0.0 for s in range(t.players)]


# ------------------------------------------------------------------------------------------------
# full games from the engine's chance record

def setup(settings: Settings, players: int, record: list) -> tuple[Table, int]:
    """The table after setup from the record's start player and dealt stacks; returns it and the records read."""
    from analyzer.games.emerald.state import initial

    start = initial(players, settings)
    t = Table.from_position(start)
    assert record[0][0] == "start"
    t.to_move = record[0][1]
    gem_sizes, gold_sizes = r.STACK_PATTERNS[settings.stack_pattern]
    i = 1
    for kind, sizes, stacks in (("gem", gem_sizes, t.gems), ("gold", gold_sizes, t.gold)):
        for cave in range(1, r.CAVES + 1):
            for _ in range(sizes[cave - 1]):
                what, at, card = record[i]
                assert what == kind and at == cave, record[i]
                stacks[cave - 1].append(card)
                i += 1
    return t, i


def snapshot(t: Table) -> dict:
    return {"turn": t.turns, "to_move": t.to_move,
            "knights": tuple(tuple(sorted(t.knights[c])) for c in range(5) if t.knights[c]),
            "stacks": tuple((tuple(t.gems[i]), tuple(t.gold[i])) for i in range(r.CAVES)),
            "dragon": t.dragon, "treasure_left": t.treasure_left,
            "gold": tuple(tuple(g) for g in t.gold_held), "gems": tuple(tuple(g) for g in t.gems_held),
            "treasure": tuple(t.treasure), "four_kinds": t.four_kinds, "points": tuple(score(t)), "end": t.end,
            "winner": winner(t)}


class Record:
    """The chance record read in order: rolls and random players' choices."""

    def __init__(self, items: list, start: int):
        self.items, self.i = items, start

    def next(self, what: str):
        item = self.items[self.i]
        assert item[0] == what, (self.i, item, what)
        self.i += 1
        return item

    def peek(self) -> str:
        return self.items[self.i][0]


def _turn(t: Table, policy: str, rec: Record) -> None:
    """One turn of the player to move."""
    roll = lambda: rec.next("roll")[1]  # noqa: E731
    while True:
        if policy == "greedy":
            plan = best_plan(t)
            if not plan:
                break
            info = step(t, *plan[0], roll)
        else:
            if t.steps and not groups(t):
                break
            if t.steps and rec.peek() == "stop":
                rec.next("stop")
                break
            _, colour, pos = rec.next("move")
            info = step(t, colour, pos, roll, lambda *_: rec.next("card")[1])
        if info["turn_over"]:
            break
    end_turn(t)


def play(settings: Settings, players: int, policies, record: list, max_turns: int | None = None) -> list[dict]:
    """Replay a full game (or its first `max_turns` turns) from the engine's record; the snapshots after setup and
    after every turn."""
    t, i = setup(settings, players, record)
    rec = Record(record, i)
    t.own_turns = [0] * players
    return snapshots(t, snapshot, lambda t: _turn(t, policies[t.to_move], rec),
                     lambda t: t.end == "running" and (max_turns is None or t.turns < max_turns))
