"""Emerald positions from a scenario (spec "What a position is"), every piece and card checked.

Core allows only a few top-level keys, so the spec's `settings:` go in `rules:` and the rest under `position:`:

    game: emerald
    players: 4
    rules: {die_faces: [1, 2, 3], stack_pattern: gem_2_first, knight_value: 5, ...}
    position:
      colours: [red, blue, green, yellow]      # seat -> colour; 2 players: [[red, blue], [green, yellow]]
      to_move: 2                               # the seat the questions are asked for
      moved_this_turn: [{colour: green, at: 9}]  # knights barred for the rest of this turn, the moved one first
      knights: {red: [s1, s2, 3, 9, chamber], ...}   # colour -> every knight's place: s1..s5, 1..15, chamber, nest
      stacks: {1: {gem: {top: ruby, below: 1}, gold: {top: 4, below: 2}}, ...}   # caves 1..9; omitted: empty
      dragon: {cave: 5, facing: entrance}
      trail_start: 3                           # the trail covers caves 3..6
      treasure_left: 3
      holdings: {red: {gold: [1, 5], gems: {ruby: 2}, treasure: 1, bonus: [four_kinds]}}   # by a seat's colour
      unseen: {gold: [2, 3, 3, 5], gems: {ruby: 1, garnet: 2}}   # optional; else totals - tops - holdings
      focus: {triggers: 3}                     # question 3: how many wake-ups ahead

Positions are rules.py's ints; a knight is (colour, position).
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.rules import Settings

POSITION_KEYS = {"colours", "to_move", "moved_this_turn", "knights", "stacks", "dragon", "trail_start",
                 "treasure_left", "holdings", "unseen", "focus"}
HOLDING_KEYS = {"gold", "gems", "treasure", "bonus"}
MAX_TRIGGERS = 30


@dataclass(frozen=True)
class Holding:
    gold: tuple[int, ...] = ()  # sorted face values
    gems: tuple[int, ...] = (0, 0, 0, 0)  # by rules.GEMS
    treasure: int = 0
    four_kinds: bool = False


@dataclass(frozen=True)
class Position:
    players: int
    settings: Settings = field(default_factory=Settings)
    colours: tuple[tuple[int, ...], ...] = ()  # seat -> its colours
    to_move: int = 0
    moved: tuple[tuple[int, int], ...] = ()  # (colour, position) barred this turn, the moved knight first
    knights: tuple[tuple[int, ...], ...] = ()  # colour index -> sorted positions (empty: colour not in play)
    gem_top: tuple[int, ...] = (-1,) * 9  # cave 1..9 at index 0..8: gem kind, -1 none
    gem_below: tuple[int, ...] = (0,) * 9
    gold_top: tuple[int, ...] = (0,) * 9  # face value, 0 none
    gold_below: tuple[int, ...] = (0,) * 9
    dragon: tuple[int, int, int] = r.DRAGON_SETUP  # (cave, facing, trail_start)
    treasure_left: int = r.TREASURES
    holdings: tuple[Holding, ...] = ()  # per seat
    unseen_gold: tuple[int, ...] = (0,) * 5  # counts of values 1..5
    unseen_gems: tuple[int, ...] = (0,) * 4
    triggers: int = 3  # focus.triggers

    @property
    def illustrative(self) -> bool:
        return self.settings.illustrative

    def name(self, seat: int) -> str:
        return "+".join(r.COLOURS[c] for c in self.colours[seat])


def initial(players: int, settings: Settings | None = None, stacks=None) -> Position:
    """The position at setup (stacks: (gem_top, gem_below, gold_top, gold_below), default all empty)."""
    settings = settings or Settings()
    colours = default_colours(players)
    knights = [()] * 5
    for cs in colours:
        for c in cs:
            knights[c] = r.start_squares(players)  # one knight of every colour on every used start square
    empty = ((-1,) * 9, (0,) * 9, (0,) * 9, (0,) * 9)
    g1, g2, g3, g4 = stacks or empty
    return Position(players, settings, colours, 0, (), tuple(knights), g1, g2, g3, g4, r.DRAGON_SETUP, r.TREASURES,
                    tuple(Holding() for _ in colours))


def default_colours(players: int) -> tuple[tuple[int, ...], ...]:
    if players == 2:
        return ((0, 1), (2, 3))
    return tuple((s,) for s in range(players))


# ------------------------------------------------------------------------------------------------
# parsing

def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    colours = _colours(block.get("colours"), f"{P}.colours", players)
    in_play = {c for cs in colours for c in cs}
    to_move = sc.integer(block.get("to_move", 0), f"{P}.to_move", 0, players - 1)
    knights = _knights(block.get("knights"), f"{P}.knights", players, in_play)
    stacks = _stacks(block.get("stacks"), f"{P}.stacks", settings)
    dragon = _dragon(block, P)
    treasure_left = sc.integer(block.get("treasure_left", r.TREASURES), f"{P}.treasure_left", 0, r.TREASURES)
    holdings = _holdings(block.get("holdings"), f"{P}.holdings", colours)
    moved = _moved(block.get("moved_this_turn"), f"{P}.moved_this_turn", colours[to_move], knights)
    focus = sc.mapping(block.get("focus"), f"{P}.focus", {"triggers"})
    k = sc.integer(focus.get("triggers", 3), f"{P}.focus.triggers", 1, MAX_TRIGGERS)
    p = Position(players, settings, colours, to_move, moved, knights, *stacks, dragon, treasure_left, holdings,
                 triggers=k)
    p = _unseen(p, block.get("unseen"), f"{P}.unseen")
    check(p)
    return p


def _colour(value, where: str) -> int:
    return r.COLOURS.index(sc.choice(value, where, r.COLOURS))


def _colours(value, where: str, players: int) -> tuple:
    if value is None:
        return default_colours(players)
    items = sc.sequence(value, where)
    if len(items) != players:
        raise ScenarioError(where, f"one entry per seat ({players})")
    out, seen = [], set()
    for i, item in enumerate(items):
        f = f"{where}[{i}]"
        if players == 2:
            pair = sc.sequence(item, f)
            if len(pair) != 2:
                raise ScenarioError(f, "2 players: two colours per seat, e.g. [red, blue]")
            cs = tuple(_colour(x, f"{f}[{j}]") for j, x in enumerate(pair))
        else:
            cs = (_colour(item, f),)
        for c in cs:
            if c in seen:
                raise ScenarioError(f, f"{r.COLOURS[c]} is given twice; every colour to one seat")
            seen.add(c)
        out.append(cs)
    return tuple(out)


def _place(value, where: str) -> int:
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "chamber":
            return r.CHAMBER
        if text == "nest":
            return r.NEST
        if len(text) == 2 and text[0] == "s" and text[1] in "12345":
            return r.S1 + int(text[1]) - 1
        named = re.fullmatch(r"(field|cave)\s*(\d)", text)  # as the board counts them: field 1..6, cave 1..9
        if named and 1 <= int(named[2]) <= (r.CAVE_1 - 1 if named[1] == "field" else r.CAVES):
            return int(named[2]) + (r.CAVE_1 - 1 if named[1] == "cave" else 0)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= r.CHAMBER:
        return value
    raise ScenarioError(where, f"got {value!r}; allowed: s1..s5, 1..6 or field1..field6, 7..15 or cave1..cave9, "
                               "16 or chamber, nest")


def _knights(value, where: str, players: int, in_play: set) -> tuple:
    block = sc.mapping(value, where)
    out = [()] * 5
    want = r.knights_per_colour(players)
    used = r.start_squares(players)
    for key, items in block.items():
        f = f"{where}.{sc.key_name(key)}"
        c = _colour(key, f)
        if c not in in_play:
            raise ScenarioError(f, f"{r.COLOURS[c]} is not in play; the colours: "
                                   f"{', '.join(r.COLOURS[x] for x in sorted(in_play))}")
        places = [_place(x, f"{f}[{i}]") for i, x in enumerate(sc.sequence(items, f))]
        if len(places) != want:
            raise ScenarioError(f, f"{players} players: {want} knights per colour, each placed (chamber and nest "
                                   f"too); got {len(places)}")
        for i, pos in enumerate(places):
            if r.S1 <= pos < r.NEST and pos not in used:
                raise ScenarioError(f"{f}[{i}]", f"{players} players: the central building (s5) stays empty")
            if r.S1 <= pos < r.NEST and places.count(pos) > 1:
                raise ScenarioError(f"{f}[{i}]", "one knight of each colour per start square (knights never move "
                                                 "back)")
        out[c] = tuple(sorted(places))
    for c in sorted(in_play):
        if not out[c]:
            raise ScenarioError(where, f"{r.COLOURS[c]}'s knights are missing; give every colour in play")
    return tuple(out)


def _gem(value, where: str) -> int:
    return r.GEMS.index(sc.choice(value, where, r.GEMS))


def _stacks(value, where: str, settings: Settings) -> tuple:
    gem_top, gem_below, gold_top, gold_below = [-1] * 9, [0] * 9, [0] * 9, [0] * 9
    gem_sizes, gold_sizes = r.STACK_PATTERNS[settings.stack_pattern]
    for key, item in sc.mapping(value, where).items():
        f = f"{where}.{sc.key_name(key)}"
        cave = sc.integer(key, f, 1, r.CAVES)
        e = sc.mapping(item, f, {"gem", "gold"})
        for kind, sizes, tops, belows in (("gem", gem_sizes, gem_top, gem_below),
                                          ("gold", gold_sizes, gold_top, gold_below)):
            s = sc.mapping(e.get(kind), f"{f}.{kind}", {"top", "below"})
            top = s.get("top")
            if top is not None:
                tops[cave - 1] = _gem(top, f"{f}.{kind}.top") if kind == "gem" else \
                    sc.integer(top, f"{f}.{kind}.top", 1, 5)
            below = sc.integer(s.get("below", 0), f"{f}.{kind}.below", 0, sizes[cave - 1] - 1)
            if below and top is None:
                raise ScenarioError(f"{f}.{kind}.top", "a stack with cards below has its top card face up; give it")
            belows[cave - 1] = below
    return tuple(gem_top), tuple(gem_below), tuple(gold_top), tuple(gold_below)


def _dragon(block: dict, P: str) -> tuple:
    d = sc.mapping(block.get("dragon"), f"{P}.dragon", {"cave", "facing"})
    cave = sc.integer(d.get("cave", r.DRAGON_SETUP[0]), f"{P}.dragon.cave", 1, r.CAVES)
    facing = r.FACING[sc.choice(d.get("facing", "entrance"), f"{P}.dragon.facing", tuple(r.FACING))]
    trail = sc.integer(block.get("trail_start", 1), f"{P}.trail_start", 1, r.TRAIL_LAST)
    if not trail - 1 <= cave <= trail + r.TRAIL_LENGTH - 1:
        raise ScenarioError(f"{P}.dragon.cave", f"the trail covers caves {trail}..{trail + 3}: the dragon stands on "
                                                f"it or one cave behind it ({max(1, trail - 1)}..{trail + 3}); "
                                                f"got {cave}")
    if trail == 1 and (cave, facing) != r.DRAGON_SETUP[:2]:
        raise ScenarioError(f"{P}.dragon", "trail_start 1: the dragon has not moved yet; it stands on cave 4 facing "
                                           "the entrance")
    return cave, facing, trail


def _holdings(value, where: str, colours: tuple) -> tuple:
    out = [Holding() for _ in colours]
    given = {}
    for key, item in sc.mapping(value, where).items():
        f = f"{where}.{sc.key_name(key)}"
        c = _colour(key, f)
        seats = [s for s, cs in enumerate(colours) if c in cs]
        if not seats:
            raise ScenarioError(f, f"{r.COLOURS[c]} is not in play")
        seat = seats[0]
        if seat in given:
            raise ScenarioError(f, f"seat {seat}'s holdings are given already (as {given[seat]}); once per seat")
        given[seat] = sc.key_name(key)
        e = sc.mapping(item, f, HOLDING_KEYS)
        gold = tuple(sorted(sc.integer(x, f"{f}.gold[{i}]", 1, 5)
                            for i, x in enumerate(sc.sequence(e.get("gold"), f"{f}.gold"))))
        gems = [0] * 4
        for gk, n in sc.mapping(e.get("gems"), f"{f}.gems").items():
            k = _gem(gk, f"{f}.gems.{sc.key_name(gk)}")
            gems[k] = sc.integer(n, f"{f}.gems.{r.GEMS[k]}", 0, r.GEM_COPIES)
        treasure = sc.integer(e.get("treasure", 0), f"{f}.treasure", 0, r.TREASURES)
        bonus = [sc.choice(b, f"{f}.bonus[{i}]", ("four_kinds",))
                 for i, b in enumerate(sc.sequence(e.get("bonus"), f"{f}.bonus"))]
        if len(bonus) > 1:
            raise ScenarioError(f"{f}.bonus", "the one bonus card held during play is four_kinds (the majority cards "
                                              "are handed out at the end)")
        out[seat] = Holding(gold, tuple(gems), treasure, bool(bonus))
    return tuple(out)


def _moved(value, where: str, mine: tuple, knights: tuple) -> tuple:
    out = []
    for i, item in enumerate(sc.sequence(value, where)):
        f = f"{where}[{i}]"
        e = sc.mapping(item, f, {"colour", "at"})
        c = _colour(e.get("colour"), f"{f}.colour")
        if c not in mine:
            names = ", ".join(r.COLOURS[x] for x in mine)
            raise ScenarioError(f"{f}.colour", f"a knight of the player to move ({names})")
        pos = _place(e.get("at"), f"{f}.at")
        if not 1 <= pos < r.CHAMBER:
            raise ScenarioError(f"{f}.at", "a knight on the field or in the cave (1..15): one moved or bribed this "
                                           "turn and still on the track")
        if out.count((c, pos)) >= knights[c].count(pos):
            raise ScenarioError(f"{f}.at", f"no {'other ' if out.count((c, pos)) else ''}{r.COLOURS[c]} knight on "
                                           f"{r.position_name(pos)}")
        out.append((c, pos))
    if len(out) > 2:
        raise ScenarioError(where, "at most two knights: the one moved and one bribed this turn")
    return tuple(out)


def _unseen(p: Position, value, where: str) -> Position:
    tops_gold = [sum(1 for v in p.gold_top if v == val) for val in r.GOLD_VALUES]
    tops_gems = [sum(1 for k in p.gem_top if k == kind) for kind in range(4)]
    held_gold = [sum(h.gold.count(val) for h in p.holdings) for val in r.GOLD_VALUES]
    held_gems = [sum(h.gems[k] for h in p.holdings) for k in range(4)]
    for i, val in enumerate(r.GOLD_VALUES):
        if tops_gold[i] + held_gold[i] > r.GOLD_COPIES:
            raise ScenarioError(f"{where[:-len('unseen')]}holdings", f"{tops_gold[i]} gold {val} on the stacks + "
                                                                     f"{held_gold[i]} held; there are {r.GOLD_COPIES}")
    for k, name in enumerate(r.GEMS):
        if tops_gems[k] + held_gems[k] > r.GEM_COPIES:
            raise ScenarioError(f"{where[:-len('unseen')]}holdings", f"{tops_gems[k]} {name} on the stacks + "
                                                                     f"{held_gems[k]} held; there are {r.GEM_COPIES}")
    derived_gold = tuple(r.GOLD_COPIES - a - b for a, b in zip(tops_gold, held_gold))
    derived_gems = tuple(r.GEM_COPIES - a - b for a, b in zip(tops_gems, held_gems))
    if value is None:
        gold, gems = derived_gold, derived_gems
    else:
        e = sc.mapping(value, where, {"gold", "gems"})
        gold = [0] * 5
        for i, x in enumerate(sc.sequence(e.get("gold"), f"{where}.gold")):
            gold[sc.integer(x, f"{where}.gold[{i}]", 1, 5) - 1] += 1
        gems = [0] * 4
        for key, n in sc.mapping(e.get("gems"), f"{where}.gems").items():
            k = _gem(key, f"{where}.gems.{sc.key_name(key)}")
            gems[k] = sc.integer(n, f"{where}.gems.{r.GEMS[k]}", 0, r.GEM_COPIES)
        for i, val in enumerate(r.GOLD_VALUES):
            if gold[i] > derived_gold[i]:
                raise ScenarioError(f"{where}.gold", f"{gold[i]} unseen gold {val}, but {r.GOLD_COPIES} - "
                                                     f"{tops_gold[i]} on the stacks - {held_gold[i]} held = "
                                                     f"{derived_gold[i]}")
        for k, name in enumerate(r.GEMS):
            if gems[k] > derived_gems[k]:
                raise ScenarioError(f"{where}.gems.{name}", f"{gems[k]} unseen, but {r.GEM_COPIES} - {tops_gems[k]} "
                                                            f"on the stacks - {held_gems[k]} held = {derived_gems[k]}")
    if sum(gold) < sum(p.gold_below):
        raise ScenarioError(f"{where}.gold" if value is not None else where,
                            f"{sum(gold)} unseen gold cards, fewer than the {sum(p.gold_below)} below the gold tops")
    if sum(gems) < sum(p.gem_below):
        raise ScenarioError(f"{where}.gems" if value is not None else where,
                            f"{sum(gems)} unseen gems, fewer than the {sum(p.gem_below)} below the gem tops")
    return Position(**{**p.__dict__, "unseen_gold": tuple(gold), "unseen_gems": tuple(gems)})


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components or the rules."""
    P = "position"
    for seat, cs in enumerate(p.colours):
        chamber = sum(p.knights[c].count(r.CHAMBER) for c in cs)
        if p.holdings[seat].treasure > chamber:
            raise ScenarioError(f"{P}.holdings.{r.COLOURS[cs[0]]}.treasure",
                                f"{p.holdings[seat].treasure} treasure cards but {chamber} knights in the chamber")
    held = sum(h.treasure for h in p.holdings)
    if held + p.treasure_left != r.TREASURES:
        raise ScenarioError(f"{P}.treasure_left", f"the {r.TREASURES} treasure cards: {held} held + treasure_left "
                                                  f"must make {r.TREASURES}; got {p.treasure_left}")
    if p.treasure_left == 0:
        raise ScenarioError(f"{P}.treasure_left", "0: the game ended when the last treasure was taken; 1 to 4")
    for seat, cs in enumerate(p.colours):
        left = sum(1 for c in cs for pos in p.knights[c] if r.on_track(pos))
        if left <= 1:
            raise ScenarioError(f"{P}.knights.{r.COLOURS[cs[0]]}", f"seat {seat} has {left} knight(s) on the track: "
                                                                   "the game has ended (last_knight_rule on_track)")
    holders = [s for s, h in enumerate(p.holdings) if h.four_kinds]
    if len(holders) > 1:
        raise ScenarioError(f"{P}.holdings", "one four_kinds bonus card: at most one player holds it")
    for seat, h in enumerate(p.holdings):
        if all(h.gems) and not holders:
            raise ScenarioError(f"{P}.holdings.{r.COLOURS[p.colours[seat][0]]}.bonus",
                                "this player holds all four gem kinds, so someone took the four_kinds card")
        if h.four_kinds and not all(h.gems):
            raise ScenarioError(f"{P}.holdings.{r.COLOURS[p.colours[seat][0]]}.bonus",
                                "four_kinds: the first to hold all four gem kinds takes it and keeps them")


def questions(position: Position) -> tuple[str, ...]:
    """Every position supports every question."""
    return ("ev", "odds", "catch", "dragon")
