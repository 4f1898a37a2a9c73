"""The readable RoboRally rules for one robot (rules spec: shared/rules/roborally.md), register by register and
square by square, and brute-force answers computed another way than exact.py so the two can be held equal
(`reference_agrees`):

- A program is played card by card: a move of n is n single steps (a wall stops the rest, a pit or the edge
  destroys at once: no jumping), then the board elements in the settings' order (express belts 1 step, all belts
  1 step, gears, pushers and crushers in their listed registers), then the board lasers (a beam's strength in
  damage where the robot stands in it), the 11th (or 10th) damage destroys, and the next flag is touched by
  standing on it.  Register 5 ends with the repair (a wrench 1 or 2, any flag 1), which no answer reads.
- The hand's answer: every ordered selection of its cards into the free registers (locked registers keep their
  cards, lock_order says which), each simulated whole (programs sharing their first registers share those).
- The next deal's answer: every program over the 7 card types walked register by register; the free cards of
  those touching the flag grown card by card to every hand composition holding them, each weighted by its
  count of hands (product of C(left of type, taken)).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import permutations
from math import comb, prod
from typing import NamedTuple

from analyzer.core.agreement import random_positions

HEADINGS = ("N", "E", "S", "W")  # clockwise: a right turn is +1
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
CARD_TYPES = ("M1", "M2", "M3", "BU", "RL", "RR", "UT")
DECK = {"M1": 18, "M2": 12, "M3": 6, "BU": 6, "RL": 18, "RR": 18, "UT": 6}
ELEMENT_ORDER = ("express", "conveyors", "gears", "pushers", "crushers")


def turned(heading: str, quarter_turns: int) -> str:
    return HEADINGS[(HEADINGS.index(heading) + quarter_turns) % 4]


def opposite(heading: str) -> str:
    return turned(heading, 2)


@dataclass(frozen=True)
class Board:
    """A typed board: squares are (x, y), north is +y.  walls: (x, y, heading) sides (either square's side
    blocks); conveyors: square -> (heading, express); gears: square -> +1 (right) or -1 (left); pushers: square ->
    (push heading, registers); crushers: square -> registers; lasers: (x, y, heading, strength) emitters whose
    beam starts on their own square; wrenches: square -> 1 or 2; flags: the flags' squares, flag 1 first."""
    width: int
    height: int
    walls: frozenset = frozenset()
    pits: frozenset = frozenset()
    conveyors: dict = field(default_factory=dict)
    gears: dict = field(default_factory=dict)
    pushers: dict = field(default_factory=dict)
    crushers: dict = field(default_factory=dict)
    lasers: tuple = ()
    wrenches: dict = field(default_factory=dict)
    flags: tuple = ()

    def on_board(self, square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    @cached_property
    def beams(self) -> tuple:
        """(the squares it covers, strength) of each board laser."""
        return tuple((frozenset(beam(self, emitter)), emitter[3]) for emitter in self.lasers)

    def wall_between(self, square, heading: str) -> bool:
        x, y = square
        dx, dy = STEP[heading]
        return (x, y, heading) in self.walls or (x + dx, y + dy, opposite(heading)) in self.walls


@dataclass(frozen=True)
class Rules:
    """The settings the simulation reads (names as the spec's Ambiguities give them)."""
    hand_base: int = 10
    destroy_at: int = 11
    element_order: tuple = ELEMENT_ORDER


class Robot(NamedTuple):
    square: tuple
    heading: str
    damage: int = 0
    next_flag: int = 2  # flags are numbered from 1 (the start)
    destroyed: bool = False
    touched: tuple = ()  # (flag, register) for each flag touched this round, in order


# -- one step and the cards -------------------------------------------------------------------------------------

def step(board: Board, robot: Robot, heading: str) -> Robot:
    """One square towards `heading`: a wall leaves the robot where it is, the edge or a pit destroys it."""
    if robot.destroyed or board.wall_between(robot.square, heading):
        return robot
    dx, dy = STEP[heading]
    square = (robot.square[0] + dx, robot.square[1] + dy)
    if not board.on_board(square) or square in board.pits:
        return robot._replace(square=square, destroyed=True)
    return robot._replace(square=square)


def play_card(board: Board, robot: Robot, card: str) -> Robot:
    """A program card: Move 1/2/3 (single steps; crushers are not active during moves), Back Up, the rotations."""
    if card in ("M1", "M2", "M3"):
        for _ in range(int(card[1])):
            robot = step(board, robot, robot.heading)
        return robot
    if card == "BU":
        return step(board, robot, opposite(robot.heading))
    return robot._replace(heading=turned(robot.heading, {"RL": -1, "RR": 1, "UT": 2}[card]))


# -- the board elements -----------------------------------------------------------------------------------------

def belt_step(board: Board, robot: Robot, express_only: bool) -> Robot:
    """A belt under the robot carries it 1 square; carried onto a belt turning a quarter it turns with it."""
    belt = board.conveyors.get(robot.square)
    if robot.destroyed or belt is None or (express_only and not belt[1]):
        return robot
    carried = belt[0]
    moved = step(board, robot, carried)
    if moved.destroyed or moved.square == robot.square:
        return moved
    onto = board.conveyors.get(moved.square)
    if onto is not None:
        quarter = (HEADINGS.index(onto[0]) - HEADINGS.index(carried)) % 4
        if quarter in (1, 3):
            moved = moved._replace(heading=turned(moved.heading, 1 if quarter == 1 else -1))
    return moved


def element(board: Board, robot: Robot, name: str, register: int) -> Robot:
    if robot.destroyed:
        return robot
    if name in ("express", "conveyors"):
        return belt_step(board, robot, express_only=name == "express")
    if name == "gears":
        spin = board.gears.get(robot.square)
        return robot._replace(heading=turned(robot.heading, spin)) if spin else robot
    if name == "pushers":
        pusher = board.pushers.get(robot.square)
        return step(board, robot, pusher[0]) if pusher and register in pusher[1] else robot
    if name == "crushers":
        return robot._replace(destroyed=True) if register in board.crushers.get(robot.square, ()) else robot
    raise ValueError(name)


def beam(board: Board, emitter) -> list:
    """The squares a board laser's beam covers: its own square, then on until a wall or the edge."""
    x, y, heading, _ = emitter
    squares = [(x, y)]
    while not board.wall_between(squares[-1], heading):
        dx, dy = STEP[heading]
        nxt = (squares[-1][0] + dx, squares[-1][1] + dy)
        if not board.on_board(nxt):
            break
        squares.append(nxt)
    return squares


def lasers(board: Board, robot: Robot, rules: Rules) -> Robot:
    if robot.destroyed:
        return robot
    hits = sum(strength for squares, strength in board.beams if robot.square in squares)
    if not hits:
        return robot
    damage = robot.damage + hits
    return robot._replace(damage=damage, destroyed=damage >= rules.destroy_at)


def touch_flag(board: Board, robot: Robot, register: int) -> Robot:
    flag = robot.next_flag
    if robot.destroyed or flag > len(board.flags) or board.flags[flag - 1] != robot.square:
        return robot
    return robot._replace(next_flag=flag + 1, touched=robot.touched + ((flag, register),))


def repair(board: Board, robot: Robot) -> Robot:
    """The end of register 5: a wrench square takes 1 or 2 damage off, any flag (in order or not) 1."""
    if robot.destroyed:
        return robot
    wrench = board.wrenches.get(robot.square, 1 if robot.square in board.flags else 0)
    return robot._replace(damage=max(0, robot.damage - wrench))


def register_phase(board: Board, robot: Robot, card: str, register: int, rules: Rules) -> Robot:
    """One register: the card, the elements in order, the lasers, the flag check."""
    if robot.destroyed:
        return robot
    robot = play_card(board, robot, card)
    for name in rules.element_order:
        robot = element(board, robot, name, register)
    return touch_flag(board, lasers(board, robot, rules), register)


def run_program(board: Board, robot: Robot, program, rules: Rules) -> Robot:
    """The 5 registers' cards played in order (a destroyed robot does nothing more this round), before the
    repair that ends the round (`repair`)."""
    for register, card in enumerate(program, 1):
        robot = register_phase(board, robot, card, register, rules)
    return robot


# -- the two answers --------------------------------------------------------------------------------------------

class Programs:
    """Every program's end, simulated from the start; programs sharing their first registers share them here."""

    def __init__(self, board: Board, robot: Robot, rules: Rules):
        self.board, self.rules, self.after = board, rules, {(): robot}

    def end(self, program: tuple) -> Robot:
        if program not in self.after:
            before = self.end(program[:-1])
            self.after[program] = register_phase(self.board, before, program[-1], len(program), self.rules)
        return self.after[program]


def free_registers(locked: dict) -> list[int]:
    return [reg for reg in range(1, 6) if reg not in locked]


def program_of(locked: dict, free_cards) -> tuple:
    """The 5 registers' cards: the locked ones where they lie, the chosen ones in the free registers in order."""
    if not locked:
        return tuple(free_cards)
    cards = iter(free_cards)
    return tuple(locked[reg] if reg in locked else next(cards) for reg in range(1, 6))


def flag_register(robot: Robot, flag: int):
    """The register in which the robot touched `flag` this round, or None."""
    for touched, register in robot.touched:
        if touched == flag:
            return register
    return None


def hand_answer(board: Board, robot: Robot, rules: Rules, hand: list, locked: dict, flag: int) -> dict:
    """Every ordered choice of distinct hand cards for the free registers, simulated whole: the share reaching
    `flag`, and for each program cut at the register it touches the flag in, that register and how many choices
    begin with it."""
    programs = Programs(board, robot, rules)
    reached = total = 0
    prefixes = {}
    for picks in permutations(range(len(hand)), len(free_registers(locked))):
        program = program_of(locked, [hand[i] for i in picks])
        total += 1
        register = flag_register(programs.end(program), flag)
        if register is not None:
            reached += 1
            prefix = program[:register]
            prefixes[prefix] = (register, prefixes.get(prefix, (0, 0))[1] + 1)
    return {"share": Fraction(reached, total), "prefixes": prefixes}


def deal_answer(board: Board, robot: Robot, rules: Rules, locked: dict, flag: int, deck: dict) -> Fraction:
    """P(a hand of hand_base - damage cards dealt from `deck` (type -> count) holds some program reaching `flag`):
    the programs are walked register by register (once the flag is touched any cards may follow; once destroyed
    none helps), the free cards of each that touches it are a winning multiset, the winners are grown card by card
    to every hand holding one, each hand composition weighted by its number of hands."""
    dealt = max(0, rules.hand_base - robot.damage)
    winners = {size: set() for size in range(dealt + 1)}

    def walk(robot: Robot, register: int, free_cards: tuple):
        if register > 5:
            return
        for card in (locked[register],) if register in locked else CARD_TYPES:
            cards = free_cards if register in locked else free_cards + (card,)
            after = register_phase(board, robot, card, register, rules)
            if flag_register(after, flag) is not None:
                winners[len(cards)].add(tuple(cards.count(t) for t in CARD_TYPES))
            elif not after.destroyed:
                walk(after, register + 1, cards)

    walk(robot, 1, ())
    grown = set()
    for size in range(dealt + 1):  # a hand holding a winning multiset and one card more also wins
        grown = winners[size] | {w[:t] + (w[t] + 1,) + w[t + 1:] for w in grown for t in range(len(CARD_TYPES))
                                 if w[t] < deck[CARD_TYPES[t]]}
    ways = sum(prod(comb(deck[t], n) for t, n in zip(CARD_TYPES, w)) for w in grown)
    return Fraction(ways, comb(sum(deck.values()), dealt))


# -- from the package's types -----------------------------------------------------------------------------------

def board_of(b) -> Board:
    """rules.Board (directions 0..3) as the reference's board (headings N E S W)."""
    return Board(width=b.width, height=b.height,
                 walls=frozenset((x, y, HEADINGS[side]) for x, y, side in b.walls),
                 pits=frozenset(b.pits),
                 conveyors={sq: (HEADINGS[d], express) for sq, (d, express) in b.conveyors},
                 gears=dict(b.gears),
                 pushers={sq: (HEADINGS[d], tuple(regs)) for sq, (d, regs) in b.pushers},
                 crushers={sq: tuple(regs) for sq, regs in b.crushers},
                 lasers=tuple((sq[0], sq[1], HEADINGS[d], strength) for sq, d, strength in b.lasers),
                 wrenches=dict(b.repairs), flags=tuple(b.flags))


def rules_of(s) -> Rules:
    """rules.Settings as the reference reads them: the seed's element order has pushers and crushers last, in
    pusher_crusher_order; a full element_order replaces it."""
    if s.element_order == "seed":
        last = ("pushers", "crushers") if s.pusher_crusher_order == "pushers_first" else ("crushers", "pushers")
        order = ("express", "conveyors", "gears") + last
    else:
        order = tuple(s.element_order)
    return Rules(hand_base=s.hand_base, destroy_at=s.destroy_at, element_order=order)


# -- the answers of a position, the reference's and the engine's --------------------------------------------------

def answers(p) -> dict:
    """question -> the reference's answer for a parsed state.Position: `odds` (p, share, earliest register, every
    program cut at its touch with its selections, best first as analysis ranks them) and `deal` (p)."""
    board, rules = board_of(p.board), rules_of(p.settings)
    x, y, facing, damage = p.robot
    robot = Robot((x, y), HEADINGS[facing], damage, next_flag=p.next_flag)
    locked = {reg: CARD_TYPES[c] for reg, c in p.locked}
    out = {}
    if p.hand is not None:
        mine = hand_answer(board, robot, rules, [CARD_TYPES[c] for c in p.hand], locked, p.next_flag)
        rows = sorted(((tuple(CARD_TYPES.index(c) for c in cards), register, n)
                       for cards, (register, n) in mine["prefixes"].items()), key=lambda t: (t[1], -t[2], t[0]))
        out["odds"] = {"p": Fraction(int(bool(rows))), "share": mine["share"],
                       "register": rows[0][1] if rows else None, "programs": rows}
    deck = dict(DECK)
    for c in [c for _, c in p.locked] + list(p.seen):
        deck[CARD_TYPES[c]] -= 1
    out["deal"] = {"p": deal_answer(board, robot, rules, locked, p.next_flag, deck)}
    return out


def engine_answers(p) -> dict:
    """The same answers from analysis.py's payloads (the `_exact` strings as Fractions) and exact.reach's rows."""
    from analyzer.games.roborally import analysis, exact

    out = {}
    if p.hand is not None:
        payload = analysis.odds(p, None).payload
        rows = exact.reach(p.board, p.settings, p.robot, p.flag, dict(p.locked), list(p.hand))["programs"]
        out["odds"] = {"p": Fraction(payload["p_exact"]), "share": Fraction(payload["share_exact"]),
                       "register": payload["register"],
                       "programs": [(tuple(row["cards"]), row["register"], row["selections"]) for row in rows]}
    out["deal"] = {"p": Fraction(analysis.deal(p, None).payload["p_exact"])}
    return out


# -- random positions -------------------------------------------------------------------------------------------

def random_board(rng: random.Random) -> dict:
    """A small board in the scenario's board format: every element kind likely, a square holding at most one of
    pit, belt, gear, crusher (a pusher may sit on a crusher), 2-4 flags off the pits."""
    w, h = rng.randrange(2, 6), rng.randrange(2, 6)
    squares = [[x, y] for x in range(w) for y in range(h)]
    rng.shuffle(squares)
    free = list(squares)
    kinds = {"pits": [], "conveyors": [], "express": [], "gears": [], "crushers": []}
    for sq in squares[:len(squares) * 2 // 5]:
        kind = rng.choice(("pits", "conveyors", "conveyors", "express", "express", "gears", "gears", "crushers"))
        free.remove(sq)
        extra = {"pits": [], "conveyors": [rng.choice(HEADINGS)], "express": [rng.choice(HEADINGS)],
                 "gears": [rng.choice("LR")], "crushers": [_registers(rng)]}[kind]
        kinds[kind].append(sq + extra)
    pits = [sq[:2] for sq in kinds["pits"]]
    standing = [sq for sq in squares if sq not in pits]
    data = {"size": [w, h], **{k: v for k, v in kinds.items() if v}}
    sides = [sq + [heading] for sq in squares for heading in HEADINGS]
    data["walls"] = rng.sample(sides, rng.randrange(6))  # a square may have walls on several sides
    data["pushers"] = [sq + [rng.choice(HEADINGS), _registers(rng)] for sq in rng.sample(standing, min(len(standing),
                                                                                                  rng.randrange(3)))]
    data["lasers"] = [side + [rng.randrange(1, 3)] for side in rng.sample(sides, rng.randrange(3))]
    data["repairs"] = [sq + [rng.randrange(1, 3)] for sq in rng.sample(free, min(len(free), rng.randrange(3)))]
    data["flags"] = rng.sample(standing, min(len(standing), rng.randrange(2, 5)))
    if len(data["flags"]) < 2:  # nearly all pits: draw again
        return random_board(rng)
    return data


def _registers(rng: random.Random) -> list[int]:
    return sorted(rng.sample(range(1, 6), rng.randrange(1, 6)))


def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: hand_base, destroy_at and pusher_crusher_order cycle through all 8 mixes every 8
    positions (a shuffled element_order may replace the last in the second 8), a shuffled lock_order now and then;
    the board, the robot (within 3 squares of its next flag where it can), damage and cards drawn."""
    rules = {"hand_base": (10, 9)[i % 2], "destroy_at": (11, 10)[i // 2 % 2]}
    if i // 8 % 2 and rng.random() < 0.5:
        rules["element_order"] = rng.sample(ELEMENT_ORDER, len(ELEMENT_ORDER))
    else:
        rules["pusher_crusher_order"] = ("pushers_first", "crushers_first")[i // 4 % 2]
    if rng.random() < 0.3:
        rules["lock_order"] = rng.sample(range(1, 6), 5)
    board = random_board(rng)
    pits = [sq[:2] for sq in board.get("pits", [])]
    next_flag = rng.randrange(2, len(board["flags"]) + 1)
    fx, fy = board["flags"][next_flag - 1]
    standing = [[x, y] for x in range(board["size"][0]) for y in range(board["size"][1]) if [x, y] not in pits]
    near = [sq for sq in standing if 0 < abs(sq[0] - fx) + abs(sq[1] - fy) <= 3]  # so that the flag is in reach
    start = rng.choice(near or standing)
    damage = rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)[:12 if rules["destroy_at"] == 11 else 11])
    dealt = max(0, rules["hand_base"] - damage)
    lock_order = rules.get("lock_order", [5, 4, 3, 2, 1])
    deck = [c for c, n in DECK.items() for _ in range(n)]
    cards = rng.sample(deck, dealt + max(0, 5 - dealt) + rng.randrange(4))
    me = {"pos": start, "facing": rng.choice(HEADINGS), "damage": damage,
          "next_flag": next_flag,
          "locked": {reg: cards.pop() for reg in lock_order[:max(0, 5 - dealt)]}}
    if rng.random() < 0.85:
        me["hand"] = [cards.pop() for _ in range(dealt)]
    return {"game": "roborally", "rules": {**rules, "board": board},
            "position": {"me": me, "robots": [], "seen_cards": cards[:rng.randrange(len(cards) + 1)]}}


def reference_agrees(seed: int, positions: int = 8) -> list[tuple]:
    """[(what, the engine's answer via analysis and exact, the reference's)] on `positions` random positions."""
    from analyzer.games.roborally import state

    def label(p) -> str:
        s = p.settings
        return (f"hand_base {s.hand_base}, destroy_at {s.destroy_at}, elements "
                f"{'/'.join(rules_of(s).element_order)}, lock_order {''.join(map(str, s.lock_order))}, damage "
                f"{p.robot[3]}")

    return random_positions(seed, positions, random_scenario, label, engine_answers, answers,
                            state.parse_position, by_key=True)
