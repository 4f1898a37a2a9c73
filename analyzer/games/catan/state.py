"""Catan positions from a scenario (spec "What a position is"), every piece and card checked.

Core allows only a few top-level keys, so the spec's `settings:` and `board:` go in `rules:` and the rest under
`position:`:

    game: catan
    players: 4
    rules: {discard_rounding: up, ..., board: {source: random, seed: 7} | {hexes: [...], harbors: [...]}}
    position:
      me: 0
      next_roller: 1                 # seat whose roll comes next
      robber: 9                      # hex id or name, ore6 (default: the desert)
      buildings: [{owner: 0, vertex: 12, kind: settlement}, {owner: 2, vertex: ore6-grain2-brick4, kind: city}]
      roads: [{owner: 0, edge: [12, 17]}, {owner: 2, edge: ore6-grain2-brick4~ore6-grain2-sea}]
      hands: {0: {wood: 1, brick: 0, sheep: 2, grain: 1, ore: 0}, 1: {count: 5}}
      dev: {unseen: 20, played: {knight: 3}, mine: {knight: 1}, bought_this_turn: []}
      harbors_built_this_turn: []    # vertices of my harbour buildings placed this turn
      awards: {longest_road: null, largest_army: 1}
      points_public: [2, 4, 3, 2]
      focus: {target: city, turns: 10, rolls: 4, buys: 2, vertices: [12]}   # the questions' parameters

Seats are 0..P-1, resources 0..4 (rules.RESOURCES), hexes 0..18, vertices 0..53 (board.py); every hex, vertex and
edge may be given by its name instead (names.py: the hexes a corner touches, `ore6-grain2-brick4`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.summary import named
from analyzer.games.catan import board as bo
from analyzer.games.catan import names
from analyzer.games.catan import rules as r
from analyzer.games.catan.rules import Settings

POSITION_KEYS = {"me", "next_roller", "robber", "buildings", "roads", "hands", "dev", "harbors_built_this_turn",
                 "awards", "points_public", "focus"}
FOCUS_KEYS = {"target", "turns", "rolls", "buys", "vertices"}
KINDS = {"settlement": 1, "city": 2}
MAX_TURNS = 30


@dataclass(frozen=True)
class Focus:
    target: str = "city"  # question 4: road | settlement | city | dev_card
    turns: int = 5  # question 4: my build phases looked at
    rolls: int | None = None  # question 1: P(a spot pays nothing in r rolls); None: one round (players rolls)
    buys: int = 2  # question 5: P(>= 1 VP card in k buys)
    vertices: tuple[int, ...] = ()  # question 1: spots to look at beside my buildings


@dataclass(frozen=True)
class Position:
    players: int
    board: bo.Board
    settings: Settings = field(default_factory=Settings)
    me: int = 0
    next_roller: int = 1
    robber: int = 9
    buildings: tuple[tuple[int, int, int], ...] = ()  # (vertex, owner, 1 settlement | 2 city), by vertex
    roads: tuple[tuple[int, int], ...] = ()  # (edge id, owner)
    hands: tuple = field(default=(), metadata=named(per=r.RESOURCES))  # per seat: 5 by resource, or the count
    dev_played: tuple[int, ...] = field(default=(0,) * 5, metadata=named(per=r.DEV))  # publicly played (VP: revealed)
    dev_mine: tuple[int, ...] = field(default=(0,) * 5, metadata=named(per=r.DEV))  # unplayed, this turn's buys too
    bought_this_turn: tuple[int, ...] = ()
    harbors_built_this_turn: tuple[int, ...] = ()
    longest_road: int | None = None
    largest_army: int | None = None
    points_public: tuple[int, ...] | None = None
    focus: Focus = field(default_factory=Focus)

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative

    @property
    def my_hand(self) -> tuple[int, ...]:
        return self.hands[self.me]

    def cards(self, seat: int) -> int:
        h = self.hands[seat]
        return h if isinstance(h, int) else sum(h)

    def mine(self) -> list[tuple[int, int]]:
        """My buildings as (vertex, mult)."""
        return [(v, m) for v, o, m in self.buildings if o == self.me]

    @property
    def dev_unseen(self) -> tuple[int, ...]:
        return tuple(d - p - m for d, p, m in zip(r.DECK, self.dev_played, self.dev_mine))

    @property
    def rolls_before_mine(self) -> int:
        """Rolls by the others before my next roll."""
        return (self.me - self.next_roller) % self.players


# ------------------------------------------------------------------------------------------------
# parsing


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    rules = dict(sc.mapping(data.get("rules"), "rules"))
    settings = r.parse_settings(rules, "rules", frozenset({"board"}))
    board = bo.parse_board(rules.get("board"), "rules.board", settings.token_sequence, settings.harbor_kinds,
                           names.vertex)
    players = sc.integer(data.get("players", 4), "players", *r.PLAYERS)
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    p = _read(block, players, board, settings)
    check(p)
    return p


def _seat(value, where: str, players: int) -> int:
    return sc.integer(value, where, 0, players - 1)


def _counts(value, where: str, names, high: int) -> list[int]:
    out = [0] * len(names)
    for key, n in sc.mapping(value, where).items():
        k = sc.choice(key, f"{where}.{sc.key_name(key)}", names)
        out[names.index(k)] = sc.integer(n, f"{where}.{k}", 0, high)
    return out


def _buildings(value, where: str, players: int, board: bo.Board) -> tuple:
    out, seen = [], {}
    for i, item in enumerate(sc.sequence(value, where)):
        f = f"{where}[{i}]"
        e = sc.mapping(item, f, {"owner", "vertex", "kind"})
        owner = _seat(e.get("owner"), f"{f}.owner", players)
        v = names.vertex(e.get("vertex"), f"{f}.vertex", board)
        kind = sc.choice(e.get("kind", "settlement"), f"{f}.kind", tuple(KINDS))
        if v in seen:
            raise ScenarioError(f"{f}.vertex", f"vertex {v} already holds a building ({where}[{seen[v]}]); one "
                                               "building per vertex")
        seen[v] = i
        out.append((v, owner, KINDS[kind]))
    for v, owner, _ in out:
        near = [int(u) for u in bo.VERTEX_NEIGHBORS[v] if u >= 0 and int(u) in seen]
        if near:
            raise ScenarioError(f"{where}[{seen[v]}].vertex", f"the distance rule: vertex {v} is next to the "
                                                             f"building on vertex {near[0]}; buildings need a free "
                                                             "vertex between them")
    for seat in range(players):
        for kind, mult in KINDS.items():
            n = sum(1 for _, o, m in out if o == seat and m == mult)
            if n > r.SUPPLY[kind]:
                raise ScenarioError(where, f"player {seat} has {n} {kind}s; a colour has {r.SUPPLY[kind]}")
    return tuple(sorted(out))


def _roads(value, where: str, players: int, board: bo.Board) -> tuple:
    out, seen = [], {}
    for i, item in enumerate(sc.sequence(value, where)):
        f = f"{where}[{i}]"
        e = sc.mapping(item, f, {"owner", "edge"})
        owner = _seat(e.get("owner"), f"{f}.owner", players)
        a, b = names.edge(e.get("edge"), f"{f}.edge", board)
        e_id = bo.EDGE_ID[(a, b)]
        if e_id in seen:
            raise ScenarioError(f"{f}.edge", f"edge [{a}, {b}] already has a road ({where}[{seen[e_id]}])")
        seen[e_id] = i
        out.append((e_id, owner))
    for seat in range(players):
        n = sum(1 for _, o in out if o == seat)
        if n > r.SUPPLY["road"]:
            raise ScenarioError(where, f"player {seat} has {n} roads; a colour has {r.SUPPLY['road']}")
    return tuple(sorted(out))


def _hands(value, where: str, players: int, me: int) -> tuple:
    hands: list = [(0,) * 5] * players
    for key, item in sc.mapping(value, where).items():
        f = f"{where}.{sc.key_name(key)}"
        seat = _seat(key, f, players)
        e = sc.mapping(item, f)
        if "count" in e:
            sc.mapping(e, f, {"count"})
            if seat == me:
                raise ScenarioError(f, "my own hand (me) is given by resource: wood, brick, sheep, grain, ore")
            hands[seat] = sc.integer(e["count"], f"{f}.count", 0, r.BANK * 5)
        else:
            hands[seat] = tuple(_counts(e, f, r.RESOURCES, r.BANK))
    return tuple(hands)


def _dev(value, where: str) -> tuple:
    e = sc.mapping(value, where, {"unseen", "played", "mine", "bought_this_turn"})
    played = _counts(e.get("played"), f"{where}.played", r.DEV, 25)
    mine = _counts(e.get("mine"), f"{where}.mine", r.DEV, 25)
    for k, name in enumerate(r.DEV):
        if played[k] + mine[k] > r.DECK[k]:
            raise ScenarioError(f"{where}.mine.{name}" if mine[k] else f"{where}.played.{name}",
                                f"{played[k]} played + {mine[k]} mine; the deck has {r.DECK[k]} {name} cards")
    bought = []
    for i, item in enumerate(sc.sequence(e.get("bought_this_turn"), f"{where}.bought_this_turn")):
        bought.append(r.DEV.index(sc.choice(item, f"{where}.bought_this_turn[{i}]", r.DEV)))
    for k in set(bought):
        if bought.count(k) > mine[k]:
            raise ScenarioError(f"{where}.bought_this_turn", f"{bought.count(k)} {r.DEV[k]} bought this turn but "
                                                             f"{mine[k]} in dev.mine; this turn's buys are mine too")
    left = sum(r.DECK) - sum(played) - sum(mine)
    if "unseen" in e and sc.integer(e["unseen"], f"{where}.unseen", 0, 25) != left:
        raise ScenarioError(f"{where}.unseen", f"25 cards - {sum(played)} played - {sum(mine)} mine = {left}; "
                                               f"got {e['unseen']}")
    return tuple(played), tuple(mine), tuple(bought)


def _focus(value, players: int, board: bo.Board) -> Focus:
    where = "position.focus"
    e = sc.mapping(value, where, FOCUS_KEYS)
    out = {}
    if e.get("target") is not None:
        out["target"] = sc.choice(e["target"], f"{where}.target", r.TARGETS)
    if e.get("turns") is not None:
        out["turns"] = sc.integer(e["turns"], f"{where}.turns", 1, MAX_TURNS)
    if e.get("rolls") is not None:
        out["rolls"] = sc.integer(e["rolls"], f"{where}.rolls", 1, 1000)
    if e.get("buys") is not None:
        out["buys"] = sc.integer(e["buys"], f"{where}.buys", 1, 25)
    if e.get("vertices") is not None:
        out["vertices"] = tuple(names.vertex(v, f"{where}.vertices[{i}]", board)
                                for i, v in enumerate(sc.sequence(e["vertices"], f"{where}.vertices")))
        sc.within_box([(f"{where}.vertices", out["vertices"])], 1, "vertex", str, "list each vertex once")
    return Focus(**out)


def _read(block: dict, players: int, board: bo.Board, settings: Settings) -> Position:
    P = "position"
    me = _seat(block.get("me", 0), f"{P}.me", players)
    nxt = _seat(block.get("next_roller", (me + 1) % players), f"{P}.next_roller", players)
    robber = names.hex_id(block.get("robber", board.desert if board.desert >= 0 else 0), f"{P}.robber", board)
    buildings = _buildings(block.get("buildings"), f"{P}.buildings", players, board)
    roads = _roads(block.get("roads"), f"{P}.roads", players, board)
    hands = _hands(block.get("hands"), f"{P}.hands", players, me)
    played, mine, bought = _dev(block.get("dev"), f"{P}.dev")
    harbors = tuple(names.vertex(v, f"{P}.harbors_built_this_turn[{i}]", board) for i, v in
                    enumerate(sc.sequence(block.get("harbors_built_this_turn"), f"{P}.harbors_built_this_turn")))
    sc.within_box([(f"{P}.harbors_built_this_turn", harbors)], 1, "vertex", str, "list each vertex once")
    awards = sc.mapping(block.get("awards"), f"{P}.awards", {"longest_road", "largest_army"})
    lr, la = (None if awards.get(k) is None else _seat(awards[k], f"{P}.awards.{k}", players)
              for k in ("longest_road", "largest_army"))
    points = None
    if block.get("points_public") is not None:
        items = sc.sequence(block["points_public"], f"{P}.points_public")
        if len(items) != players:
            raise ScenarioError(f"{P}.points_public", f"one number per player ({players}); got {len(items)}")
        points = tuple(sc.integer(x, f"{P}.points_public[{i}]", 0, 20) for i, x in enumerate(items))
    return Position(players, board, settings, me, nxt, robber, buildings, roads, hands, played, mine, bought,
                    harbors, lr, la, points, _focus(block.get("focus"), players, board))


def _unjoined_road(p: Position, seat: int) -> int | None:
    """The first of seat's roads not joined to his buildings through his own roads, or None."""
    todo = sorted(e for e, o in p.roads if o == seat)
    reached = {v for v, o, _ in p.buildings if o == seat}
    grew = True
    while todo and grew:
        joined = [e for e in todo if reached & set(map(int, bo.EDGES[e]))]
        grew = bool(joined)
        for e in joined:
            reached |= set(map(int, bo.EDGES[e]))
            todo.remove(e)
    return todo[0] if todo else None


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components or the rules."""
    P = "position"
    for seat in range(p.players):
        bad = _unjoined_road(p, seat)
        if bad is not None:
            a, b = bo.EDGES[bad]
            raise ScenarioError(f"{P}.roads", f"player {seat}'s road [{a}, {b}] is not joined to his buildings by "
                                              "his own roads")
    known = [sum(h[k] for h in p.hands if not isinstance(h, int)) for k in range(5)]
    for k, name in enumerate(r.RESOURCES):
        if known[k] > r.BANK:
            raise ScenarioError(f"{P}.hands", f"{known[k]} {name} in the hands; there are {r.BANK}")
    if sum(p.cards(s) for s in range(p.players)) > r.BANK * 5:
        raise ScenarioError(f"{P}.hands", f"{sum(p.cards(s) for s in range(p.players))} cards in the hands; there "
                                          f"are {r.BANK * 5}")
    for seat, award, least in ((p.longest_road, "longest_road", 5), (p.largest_army, "largest_army", 3)):
        if seat is None:
            continue
        have = sum(1 for _, o in p.roads if o == seat) if award == "longest_road" else p.dev_played[0]
        if have < least:
            what = "roads" if award == "longest_road" else "knights played in all"
            raise ScenarioError(f"{P}.awards.{award}", f"needs at least {least} {what}; got {have}")
    my_harbor_vertices = {v for v, o, _ in p.buildings if o == p.me and p.board.harbor(v) is not None}
    for i, v in enumerate(p.harbors_built_this_turn):
        if v not in my_harbor_vertices:
            raise ScenarioError(f"{P}.harbors_built_this_turn[{i}]", f"vertex {v} is not a harbour vertex holding "
                                                                     "one of my buildings")
    if p.points_public is not None:
        spare = p.dev_played[1]
        for seat in range(p.players):
            base = sum(m for _, o, m in p.buildings if o == seat)
            base += 2 * (p.longest_road == seat) + 2 * (p.largest_army == seat)
            extra = p.points_public[seat] - base
            if not 0 <= extra <= spare:
                raise ScenarioError(f"{P}.points_public[{seat}]", f"buildings and awards give {base}, revealed VP "
                                                                  f"cards at most {spare} more; got "
                                                                  f"{p.points_public[seat]}")
            spare -= extra
    if p.focus.buys > sum(p.dev_unseen):
        raise ScenarioError(f"{P}.focus.buys", f"at most the {sum(p.dev_unseen)} unseen development cards")


def questions(position: Position) -> tuple[str, ...]:
    """Every position supports every question."""
    return ("ev", "odds", "income", "seven", "discard", "afford", "deck", "robber")
