"""Elfenland positions from a scenario (spec "A position"), every card and counter checked against the boxes.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: elfenland
    players: 4
    rules: {caravan_when: lacking, deck_reshuffle: every_round}
    position:
      round: 2
      phase: deal                                   # deal | counters | planning | move
      me: {town: Elvenhold, hand: [dragon, dragon, raft, pig], counters: [troll], hidden_counter: null,
           obstacle: true, towns_left: 15}
      open_counters: [dragon, dragon, cycle, pig, cloud]
      placed: [{road: Elvenhold-Lapphalya, kind: troll}]   # or bare kinds
      opponent_counters: [unicorn]                  # opponents' face-up held counters
      route: [{road: Elvenhold-Lapphalya, kind: troll, terrain: forest, obstacle: false}]
      cards_to_deal: 4                              # 8 - my hand at the deal
      discards: []                                  # the discard pile, out of the deal under deck_reshuffle when_empty
      map: printed                                  # or {file: path}: a map laid out as printed_map.yaml

A leg gives its kind and its terrain (plain, forest, desert, mountain; the cost then from the cost table) or, for
a raft, its water (downstream, upstream, lake), or its `cost` in cards without the obstacle; `obstacle: true` adds one
card (and makes the caravan 4).  Readings where the spec is silent: a leg is covered by a counter placed on its road
(placed {road, kind} of its kind) or else by one I hold of its kind (each held counter covers one leg); opponents'
face-down counters are unseen; `town`, `towns_left` and `obstacle` are checked and kept, but no question uses them.
The map (board.py; the printed one, UNVERIFIED, by default) is drawn by `analyzer show -o`; with `map:` given, my
town and every road named are checked against it (no question uses the map: towns reachable wait).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.elfenland import board as b
from analyzer.games.elfenland import rules as r
from analyzer.games.elfenland.exact import Leg
from analyzer.games.elfenland.rules import Settings

POSITION_KEYS = {"round", "phase", "me", "open_counters", "placed", "opponent_counters", "route", "cards_to_deal",
                 "discards", "map"}
ME_KEYS = {"town", "hand", "counters", "hidden_counter", "obstacle", "towns_left"}
LEG_KEYS = {"road", "kind", "terrain", "water", "cost", "obstacle"}
PLACED_KEYS = {"road", "kind"}
PHASES = ("deal", "counters", "planning", "move")
MAX_LEGS = r.HAND  # every leg takes a card at least: a route of more legs than the 8 cards a hand holds is never paid
MAX_COST = 4  # the dearest leg in the cost table is 2; a typed cost may be a printed one up to 4


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    round: int = 1
    phase: str = "deal"
    hand: tuple = ()  # ((kind, cards), ...) my kept cards
    to_deal: int = r.HAND
    cards_pool: tuple = ()  # ((kind, unseen cards), ...) what the deal comes from
    legs: tuple = ()  # Leg, in route order
    roads: tuple = ()  # each leg's road name (or None)
    counter_pool: tuple = ()  # ((kind, unseen counters), ...)
    open_counters: tuple = ()
    held: tuple = ()  # my counters, face up and face down
    wanted: tuple = ()  # ((kind, legs lacking a counter of it), ...)
    town: str | None = None
    towns_left: int | None = None
    obstacle: bool = True
    map: b.Map = field(default_factory=b.printed)

    @property
    def hand_dict(self) -> dict:
        return dict(self.hand)

    @property
    def pool_dict(self) -> dict:
        return dict(self.cards_pool)

    @property
    def counters_dict(self) -> dict:
        return dict(self.counter_pool)


def _kinds(value, where: str, allowed, most: int) -> tuple[str, ...]:
    items = sc.sequence(value, where)
    if len(items) > most:
        raise ScenarioError(where, f"at most {most}; got {len(items)}")
    return tuple(sc.choice(x, f"{where}[{i}]", allowed) for i, x in enumerate(items))


def _count(kinds) -> dict:
    out: dict = {}
    for k in kinds:
        out[k] = out.get(k, 0) + 1
    return out


def _leg(value, where: str, board: b.Map | None = None) -> tuple[Leg, str | None]:
    """A leg of my route; with a map given (`board`), a named road's terrain (or lake) is read off it."""
    block = sc.mapping(value, where, LEG_KEYS)
    kind = sc.choice(block.get("kind"), f"{where}.kind", r.CARD_KINDS)
    obstacle = sc.flag(block.get("obstacle", False), f"{where}.obstacle")
    road = block.get("road")
    if road is not None and (not isinstance(road, str) or not road.strip()):
        raise ScenarioError(f"{where}.road", "a road's name, e.g. Elvenhold-Lapphalya")
    if kind == "raft" and obstacle:
        raise ScenarioError(f"{where}.obstacle", "false: no obstacle goes on water")
    if kind == "raft" and block.get("terrain") is not None:
        raise ScenarioError(f"{where}.terrain", "a raft goes on water: give water (downstream, upstream, lake)")
    if kind != "raft" and block.get("water") is not None:
        raise ScenarioError(f"{where}.water", f"only a raft travels on water; a {kind} takes a terrain")
    key = "water" if kind == "raft" else "terrain"
    place = block.get(key)
    if place is None and block.get("cost") is None and road is not None and board is not None:
        place = board.terrain(board.road(road, f"{where}.road"), kind, f"{where}.{key}")
    if place is not None:
        place = sc.choice(place, f"{where}.{key}", r.WATERS if kind == "raft" else r.TERRAINS)
        base = r.leg_cost(kind, place)
        if base is None:
            fits = [t for t in r.TERRAINS if r.COST[kind][t] is not None]
            raise ScenarioError(f"{where}.terrain", f"a {kind} cannot go on {place}; allowed: {', '.join(fits)}")
        if block.get("cost") is not None and sc.integer(block["cost"], f"{where}.cost", 1, MAX_COST) != base:
            raise ScenarioError(f"{where}.cost", f"{base}: a {kind} on {place} costs {base} (leave cost out)")
    elif block.get("cost") is not None:
        base = sc.integer(block["cost"], f"{where}.cost", 1, MAX_COST)
    else:
        places = r.WATERS if kind == "raft" else r.TERRAINS
        raise ScenarioError(f"{where}.{key}", f"missing; give the leg's {key} ({', '.join(places)}) or its cost")
    return Leg(kind, base + (r.OBSTACLE_EXTRA if obstacle else 0), kind != "raft", obstacle), road


def _placed(value, where: str) -> tuple[tuple[str | None, str], ...]:
    out = []
    for i, item in enumerate(sc.sequence(value, where)):
        at = f"{where}[{i}]"
        if isinstance(item, dict):
            block = sc.mapping(item, at, PLACED_KEYS)
            road = block.get("road")
            if road is not None and (not isinstance(road, str) or not road.strip()):
                raise ScenarioError(f"{at}.road", "a road's name, e.g. Elvenhold-Lapphalya")
            out.append((road, sc.choice(block.get("kind"), f"{at}.kind", r.COUNTER_KINDS)))
        else:
            out.append((None, sc.choice(item, at, r.COUNTER_KINDS)))
    if len(out) > r.COUNTERS_EACH * len(r.COUNTER_KINDS):
        raise ScenarioError(where, f"at most {r.COUNTERS_EACH * len(r.COUNTER_KINDS)} counters")
    sc.within_box([(where, [road for road, _ in out if road is not None])], 1, "road", str,
                  "a road holds one transport counter")
    return tuple(out)


def _me(value, where: str, round_: int, settings: Settings, phase: str) -> dict:
    block = sc.mapping(value, where, ME_KEYS)
    most = (0 if round_ == 1 else r.KEEP) if phase == "deal" else r.HAND
    hand = _kinds(block.get("hand"), f"{where}.hand", r.CARD_KINDS, most) if most else ()
    if not most and sc.sequence(block.get("hand"), f"{where}.hand"):
        raise ScenarioError(f"{where}.hand", "empty before round 1's deal (8 cards are dealt to each player)")
    hidden = block.get("hidden_counter")
    hidden = () if hidden is None else (hidden,) if isinstance(hidden, str) else hidden
    allowed = r.hidden_counters_allowed(round_, settings)
    hidden = _kinds(hidden, f"{where}.hidden_counter", r.COUNTER_KINDS, allowed)
    counters = _kinds(block.get("counters"), f"{where}.counters", r.COUNTER_KINDS, r.MAX_HELD)
    if len(counters) + len(hidden) > r.MAX_HELD:
        raise ScenarioError(f"{where}.counters", f"at most {r.MAX_HELD} counters held, face up and face down together")
    town = block.get("town")
    if town is not None and (not isinstance(town, str) or not town.strip()):
        raise ScenarioError(f"{where}.town", "a town's name, e.g. Elvenhold")
    towns_left = block.get("towns_left")
    towns_left = None if towns_left is None else sc.integer(towns_left, f"{where}.towns_left", 0, r.TOWN_PIECES)
    return {"hand": hand, "held": counters + hidden, "town": town, "towns_left": towns_left,
            "obstacle": sc.flag(block.get("obstacle", True), f"{where}.obstacle")}


def _on_map(position: Position, block: dict, where: str) -> None:
    """With a map given: my town and every road named are the map's."""
    if position.town is not None:
        position.map.town(position.town, f"{where}.me.town")
    named = [(f"{where}.route[{i}].road", road) for i, road in enumerate(position.roads)]
    named += [(f"{where}.placed[{i}].road", x.get("road")) for i, x in
              enumerate(sc.sequence(block.get("placed"), f"{where}.placed")) if isinstance(x, dict)]
    for at, road in named:
        if road is not None:
            position.map.road(road, at)


def _wanted(legs, roads, placed, held) -> dict:
    """Legs lacking a counter of their kind: not on a placed road of that kind, less one per counter I hold."""
    on_roads = {(road, kind) for road, kind in placed if road is not None}
    wanted = _count(leg.kind for leg, road in zip(legs, roads) if leg.caravan and (road, leg.kind) not in on_roads)
    for k, n in _count(held).items():
        if k in wanted:
            wanted[k] = max(0, wanted[k] - n)
    return {k: n for k, n in wanted.items() if n}


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    round_ = sc.integer(block.get("round", 1), f"{P}.round", 1, r.ROUNDS)
    phase = sc.choice(block.get("phase", "deal"), f"{P}.phase", PHASES)
    me = _me(block.get("me"), f"{P}.me", round_, settings, phase)
    board = b.scenario_map(block.get("map"), f"{P}.map")
    hand = _count(me["hand"])
    discards = _count(_kinds(block.get("discards"), f"{P}.discards", r.CARD_KINDS, sum(r.CARD_COUNTS.values())))
    if discards and round_ == 1:
        raise ScenarioError(f"{P}.discards", "empty in round 1: nothing is discarded before the first deal")
    out = _count(list(me["hand"]) + ([k for k, n in discards.items() for _ in range(n)]
                                     if settings.deck_reshuffle == "when_empty" else []))
    for k, n in out.items():
        if n > r.CARD_COUNTS[k]:
            raise ScenarioError(f"{P}.discards" if discards.get(k) else f"{P}.me.hand",
                                f"{n} {k} cards in my hand and the discards; only {r.CARD_COUNTS[k]} exist")
    pool = {k: r.CARD_COUNTS[k] - out.get(k, 0) for k in r.CARD_KINDS}
    to_deal = r.HAND - len(me["hand"]) if phase == "deal" else 0
    if block.get("cards_to_deal") is not None:
        given = sc.integer(block["cards_to_deal"], f"{P}.cards_to_deal", 0, r.HAND)
        if given != to_deal:
            raise ScenarioError(f"{P}.cards_to_deal", f"{to_deal}: the deal refills my hand of {len(me['hand'])} to "
                                                      f"{r.HAND}" + ("" if phase == "deal" else " (after the deal: 0)"))
    if to_deal > sum(pool.values()):
        raise ScenarioError(f"{P}.discards", f"at most {sum(pool.values()) + sum(discards.values()) - to_deal} "
                                             "cards: the deal needs the cards left in the deck")
    on_map = board if "map" in block else None
    legs_roads = [_leg(x, f"{P}.route[{i}]", on_map)
                  for i, x in enumerate(sc.sequence(block.get("route"), f"{P}.route"))]
    if len(legs_roads) > MAX_LEGS:
        raise ScenarioError(f"{P}.route", f"at most {MAX_LEGS} legs; got {len(legs_roads)}")
    legs, roads = tuple(x for x, _ in legs_roads), tuple(y for _, y in legs_roads)
    open_counters = _kinds(block.get("open_counters"), f"{P}.open_counters", r.COUNTER_KINDS, r.OPEN)
    placed = _placed(block.get("placed"), f"{P}.placed")
    others = _kinds(block.get("opponent_counters"), f"{P}.opponent_counters", r.COUNTER_KINDS,
                    r.MAX_HELD * (players - 1))
    seen = _count(list(open_counters) + [k for _, k in placed] + list(others) + list(me["held"]))
    for k, n in seen.items():
        if n > r.COUNTERS_EACH:
            raise ScenarioError(f"{P}.open_counters", f"{n} {k} counters seen (open, placed, held); only "
                                                      f"{r.COUNTERS_EACH} exist")
    counter_pool = tuple((k, r.COUNTERS_EACH - seen.get(k, 0)) for k in r.COUNTER_KINDS)
    kept = tuple((k, hand[k]) for k in r.CARD_KINDS if k in hand)
    wanted = tuple(_wanted(legs, roads, placed, me["held"]).items())
    position = Position(players, settings, round_, phase, kept, to_deal, tuple(pool.items()), legs, roads,
                        counter_pool, open_counters, me["held"], wanted, me["town"], me["towns_left"], me["obstacle"],
                        board)
    if "map" in block:
        _on_map(position, block, P)
    return position


def questions(position: Position) -> tuple[str, ...]:
    """odds needs a route, ev a leg lacking its counter and a counter to pick, `ask blind` a counter left unseen."""
    blind = sum(position.counters_dict.values()) > 0
    return (*(("odds",) if position.legs else ()),
            *(("ev",) if position.wanted and (blind or position.open_counters) else ()),
            *(("blind",) if blind else ()))
