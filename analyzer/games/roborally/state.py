"""RoboRally positions from a scenario (spec "A position"): my robot alone on a typed board, my hand and locked
registers, every field checked.

    game: roborally
    rules: {hand_base: 10, destroy_at: 11, pusher_crusher_order: pushers_first, lock_order: [5, 4, 3, 2, 1],
            board: illustrative}             # or a board mapping (`analyzer board roborally --template`)
    position:
      me: {pos: [3, 0], facing: N, damage: 2, locked: {}, next_flag: 2,
           hand: [M1/520, M2/690, RL/130, RR/240, UT/30, BU/450, M1/560, RR/300]}
      robots: []                             # opponents' pushes and shots are out of scope
      seen_cards: []                         # cards out of the next deal besides my locked ones

The board is rules.board: illustrative, a mapping or {file: path} (beside the scenario file, else in the working
directory; the spec's flat layout's top-level `board:` is read too);
`me.hand` holds hand_base - damage cards; `me.locked` {register: card} names exactly the registers the damage
locks (rules.lock_order).  The spec's flat layout (`settings:` and the fields at the top) is read too.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.roborally import rules as r
from analyzer.games.roborally.rules import Board, Settings

POSITION_KEYS = {"board", "me", "robots", "seen_cards"}
ME_KEYS = {"pos", "facing", "damage", "locked", "next_flag", "hand"}


@dataclass(frozen=True)
class Position:
    board: Board = r.ILLUSTRATIVE_BOARD
    settings: Settings = field(default_factory=Settings)
    robot: tuple = (3, 0, 0, 0)  # (x, y, facing, damage)
    locked: tuple = ()  # ((register, card), ...)
    next_flag: int = 2
    hand: tuple | None = None  # card ints; None: not given (only `ask deal` then)
    seen: tuple = ()  # card ints out of the next deal besides the locked ones

    @property
    def flag(self) -> tuple[int, int]:
        return self.board.flags[self.next_flag - 1]

    @property
    def unseen(self) -> tuple[int, ...]:
        """The next deal's deck: 84 cards less my locked cards and the seen ones, per card type."""
        out = list(r.DECK)
        for c in [c for _, c in self.locked] + list(self.seen):
            out[c] -= 1
        return tuple(out)


def _cards(value, where: str, s: Settings) -> tuple[int, ...]:
    return tuple(r.parse_card(x, f"{where}[{i}]", s) for i, x in enumerate(sc.sequence(value, where)))


def _locked(value, where: str, damage: int, s: Settings) -> tuple:
    block = sc.mapping(value, where)
    regs = r.locked_registers(damage, s)
    out = {}
    for key, card in block.items():
        reg = sc.integer(key, f"{where}.{sc.key_name(key)}", 1, r.REGISTERS)
        if reg not in regs:
            raise ScenarioError(f"{where}.{reg}", f"damage {damage} locks registers {list(regs) or 'none'} "
                                                  f"(lock_order {list(s.lock_order)}, hand_base {s.hand_base})")
        out[reg] = r.parse_card(card, f"{where}.{reg}", s)
    missing = [g for g in regs if g not in out]
    if missing:
        raise ScenarioError(f"{where}", f"damage {damage} locks registers {list(regs)}: give the card in each "
                                        f"(missing {missing})")
    return tuple(sorted(out.items()))


def _unique_priorities(s: Settings, groups) -> None:
    """With the common bands every priority is one card of the deck: none may be written twice."""
    if s.priorities != "common_bands":
        return
    seen = set()
    for where, cards in groups:
        for card in sc.sequence(cards, where):
            if isinstance(card, str) and "/" in card:
                if card in seen:
                    raise ScenarioError(where, f"{card} written twice: each priority is one card of the deck "
                                               "(priorities: common_bands)")
                seen.add(card)


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    s = r.parse_settings(data.get("rules"), "rules")
    P = "position"
    block = sc.mapping(data.get("position"), P, POSITION_KEYS)
    rules = data.get("rules") if isinstance(data.get("rules"), dict) else {}
    if "board" in rules and "board" in block:
        raise ScenarioError(f"{P}.board", "give the board once: as rules.board")
    where = "rules.board" if "board" in rules else f"{P}.board"
    board = r.parse_board(rules.get("board", block.get("board")), where)
    if sc.sequence(block.get("robots"), f"{P}.robots"):
        raise ScenarioError(f"{P}.robots", "[]: opponents' pushes and shots are out of scope (my robot alone)")
    me = sc.mapping(block.get("me"), f"{P}.me", ME_KEYS)
    M = f"{P}.me"
    pos = me.get("pos", list(board.flags[0]))
    x, y = sc.grid_square(pos, f"{M}.pos", board.width, board.height)
    if (x, y) in board.pits:
        raise ScenarioError(f"{M}.pos", f"[{x}, {y}] is a pit: a robot cannot stand there")
    facing = r.DIRECTIONS.index(sc.choice(me.get("facing", "N"), f"{M}.facing", r.DIRECTIONS))
    damage = sc.integer(me.get("damage", 0), f"{M}.damage", 0, s.destroy_at - 1)
    flag = sc.integer(me.get("next_flag", 2), f"{M}.next_flag", 2, len(board.flags))
    locked = _locked(me.get("locked"), f"{M}.locked", damage, s)
    hand = None
    if me.get("hand") is not None:
        hand = _cards(me["hand"], f"{M}.hand", s)
        if len(hand) != r.cards_dealt(damage, s):
            raise ScenarioError(f"{M}.hand", f"{r.cards_dealt(damage, s)} cards (hand_base {s.hand_base} - damage "
                                             f"{damage}); got {len(hand)}")
    seen = _cards(block.get("seen_cards"), f"{P}.seen_cards", s)
    locked_cards = list((me.get("locked") or {}).values())
    _unique_priorities(s, [(f"{M}.hand", me.get("hand")), (f"{M}.locked", locked_cards),
                           (f"{P}.seen_cards", block.get("seen_cards"))])
    position = Position(board, s, (x, y, facing, damage), locked, flag, hand, seen)
    for c, left in enumerate(position.unseen):
        if left < 0:
            raise ScenarioError(f"{P}.seen_cards", f"more {r.CARDS[c]} cards than the deck's {r.DECK[c]} "
                                                   "(locked and seen)")
    for c in range(len(r.CARDS)):
        if hand and hand.count(c) + sum(lc == c for _, lc in locked) > r.DECK[c]:
            raise ScenarioError(f"{M}.hand", f"more {r.CARDS[c]} cards than the deck's {r.DECK[c]} (hand and locked)")
    return position


def questions(position: Position) -> tuple[str, ...]:
    """odds needs my hand; `ask deal` always works."""
    return (*(("odds",) if position.hand is not None else ()), "deal")


def board_template() -> str:
    """`analyzer board roborally --template`: the illustrative board as a rules block, its size and flags blank."""
    import yaml

    header = ["# RoboRally board: no public source gives a printed board.  Below is the ILLUSTRATIVE 8x8 board with",
              "# its size and flags blank: type YOUR board in its place: size [width, height]; squares [x, y], x east,",
              "# y north, from 0; walls [x, y, side N|E|S|W]; pits [x, y]; conveyors / express [x, y, direction];",
              "# gears [x, y, L|R]; pushers [x, y, push direction, [registers]]; crushers [x, y, [registers]];",
              "# lasers [x, y, firing direction, strength] (the emitter's square is hit); repairs [x, y, wrenches];",
              "# flags [[x, y], ...] in order, flag 1 the start.  Then put this rules: block in a scenario."]
    board = {**r.ILLUSTRATIVE_BOARD_DATA, "size": [None, None], "flags": [[None, None]] * 3}
    body = yaml.safe_dump({"rules": {"board": board}}, sort_keys=False, width=120, default_flow_style=None)
    return "\n".join(header) + "\n" + body
