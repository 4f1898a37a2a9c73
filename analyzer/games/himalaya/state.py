"""Himalaya positions from a scenario (spec "A position").  This project's layout (core also reads the spec's
flat one, `settings:` and the fields at the top):

    game: himalaya
    players: 4
    rules: {occupied_means: goods_or_task, resources_per_colour: 12, three_player: two_of_three}
    position:
      board: illustrative                          # or rules.board (`analyzer board himalaya --template`)
      villages: {2: {goods: [salt, jade]}, 4: {task: [salt, jade]}, ...}
      bag: {salt: 9, barley: 10, tea: 11, jade: 9, gold: 10}    # or derived: every cube not seen elsewhere
      first_leader: 3                              # a seat 1..players
      round: 3
      leaders: {me: 7, p2: 12, p3: 4, p4: 18}
      holdings: {me: {salt: 1, jade: 1}, p2: {jade: 1, gold: 1}, p3: {known: {tea: 1}, unknown: 2}, p4: untracked}
      refill: {goods: 1, tasks: 2}                 # default: 5 less the villages offering each

A holding is {colour: n} (tracked), {known: {colour: n}, unknown: k} (k cubes whose colour I did not see) or
untracked (ILLUSTRATIVE prior: the cubes nobody has counted go each to one untracked opponent, equally likely).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.himalaya import rules as r
from analyzer.games.himalaya.rules import Settings

POSITION_KEYS = {"board", "villages", "bag", "first_leader", "round", "leaders", "holdings", "refill"}
VILLAGE_KEYS = {"goods", "task"}
HOLDING_KEYS = {"known", "unknown"}
REFILL_KEYS = {"goods", "tasks"}
MAX_CUBES = 40 * len(r.COLOURS)


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    goods: tuple = ()  # ((village, (colours...)), ...)
    tasks: tuple = ()  # ((village, (colours demanded...)), ...)
    bag: tuple = ()  # ((colour, n), ...)
    bag_derived: bool = True
    first_leader: int = 1
    round: int = 1
    leaders: tuple = ()  # ((player, village), ...)
    holdings: tuple = ()  # ((player, known ((colour, n), ...), unknown int | None), ...), me first
    refill: tuple = (0, 0)  # goods placements, task placements asked for
    board: r.Board = r.ILLUSTRATIVE_BOARD  # levels, roads, regions: read by no question yet

    @property
    def names(self) -> tuple[str, ...]:
        return player_names(self.players)

    @property
    def pool(self) -> dict:
        """The cubes nobody has counted: the colours of the opponents' unknown cubes."""
        seen = dict(self.bag)
        for _, cubes in self.goods:
            for c in cubes:
                seen[c] = seen.get(c, 0) + 1
        for _, known, _ in self.holdings:
            for c, n in known:
                seen[c] = seen.get(c, 0) + n
        return {c: self.settings.resources_per_colour - seen.get(c, 0) for c in r.COLOURS}


def player_names(players: int) -> tuple[str, ...]:
    return ("me", *(f"p{i}" for i in range(2, players + 1)))


def _village(key, where: str) -> int:
    return sc.integer(key, f"{where}.{sc.key_name(key)}", 1, r.VILLAGES)


def _colours(value, where: str, most: int) -> tuple[str, ...]:
    items = sc.sequence(value, where)
    if not 1 <= len(items) <= most:
        raise ScenarioError(where, f"1 to {most} colours ({', '.join(r.COLOURS)}); got {len(items)}")
    return tuple(r.colour(x, f"{where}[{i}]") for i, x in enumerate(items))


def _villages(value, where: str, settings: Settings) -> tuple[tuple, tuple]:
    block = sc.mapping(value, where)
    goods, tasks = [], []
    for key, entry in block.items():
        v = _village(key, where)
        here = f"{where}.{v}"
        spot = sc.mapping(entry, here, VILLAGE_KEYS)
        if not spot:
            raise ScenarioError(here, "give goods: [colours] and/or task: [colours demanded]")
        if "goods" in spot and "task" in spot and settings.occupied_means == "goods_or_task":
            raise ScenarioError(here, "goods or a task, not both (a placement skips a village with either; "
                                      "rules.occupied_means goods_only lets goods land on a task)")
        if "goods" in spot:
            goods.append((v, tuple(sorted(_colours(spot["goods"], f"{here}.goods", r.PER_PLACEMENT),
                                          key=r.COLOURS.index))))
        if "task" in spot:
            tasks.append((v, _colours(spot["task"], f"{here}.task", r.PER_PLACEMENT)))
    return tuple(sorted(goods)), tuple(sorted(tasks))


def _counts(value, where: str, high: int) -> tuple:
    block = sc.mapping(value, where, set(r.COLOURS))
    return tuple((c, sc.integer(block[c], f"{where}.{c}", 0, high)) for c in r.COLOURS if c in block)


def _holding(value, where: str, me: bool, per_colour: int):
    if value == "untracked" and not me:
        return (), None
    if isinstance(value, dict) and set(value) & HOLDING_KEYS and not me:
        block = sc.mapping(value, where, HOLDING_KEYS)
        return _counts(block.get("known"), f"{where}.known", per_colour), sc.integer(
            block.get("unknown", 0), f"{where}.unknown", 0, MAX_CUBES)
    if not isinstance(value, dict) and value is not None:
        raise ScenarioError(where, "{colour: n}" + ("" if me else ", {known: {colour: n}, unknown: k} or untracked"))
    return _counts(value, where, per_colour), 0


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    typed = sc.mapping(data.get("rules"), "rules").get("board")
    if typed is not None and block.get("board") is not None:
        raise ScenarioError(f"{P}.board", "give the board once: as rules.board or position.board")
    board = (r.parse_board(typed, "rules.board") if typed is not None
             else r.parse_board(block.get("board"), f"{P}.board"))
    goods, tasks = _villages(block.get("villages"), f"{P}.villages", settings)
    names = player_names(players)
    leaders = sc.mapping(block.get("leaders"), f"{P}.leaders", set(names))
    at = {}
    for who in names:
        if who in leaders:
            v = sc.integer(leaders[who], f"{P}.leaders.{who}", 1, r.VILLAGES)
            if v in at.values():
                raise ScenarioError(f"{P}.leaders.{who}", f"village {v} holds another leader; never two on one")
            at[who] = v
    per = settings.resources_per_colour
    held = sc.mapping(block.get("holdings"), f"{P}.holdings", set(names))
    holdings = tuple((who, *_holding(held.get(who), f"{P}.holdings.{who}", who == "me", per)) for who in names)
    seen = {c: 0 for c in r.COLOURS}
    for _, cubes in goods:
        for c in cubes:
            seen[c] += 1
    for _, known, _ in holdings:
        for c, n in known:
            seen[c] += n
    for c, n in seen.items():
        if n > per:
            raise ScenarioError(f"{P}.holdings", f"{n} {c} cubes in the villages and holdings; rules."
                                                 f"resources_per_colour allows {per}")
    bag_value = block.get("bag", "derived")
    unknown = sum(k for _, _, k in holdings if k)
    untracked = any(k is None for _, _, k in holdings)
    if bag_value == "derived":
        if unknown or untracked:
            raise ScenarioError(f"{P}.bag", "give the bag {colour: n} when a holding has unknown or untracked cubes")
        bag, derived = tuple((c, per - seen[c]) for c in r.COLOURS), True
    else:
        if not isinstance(bag_value, dict):
            raise ScenarioError(f"{P}.bag", f"got {bag_value!r}; allowed: derived, or {{colour: n}}")
        bag = tuple((c, sc.integer(dict(_counts(bag_value, f"{P}.bag", per)).get(c, 0), f"{P}.bag.{c}", 0,
                                   per - seen[c])) for c in r.COLOURS)
        derived = False
    pool = sum(per - seen[c] - dict(bag)[c] for c in r.COLOURS)
    if pool < unknown:
        raise ScenarioError(f"{P}.holdings", f"the opponents' unknown cubes ({unknown}) exceed the cubes nobody has "
                                             f"counted ({pool}: {per} a colour less the bag, villages and known "
                                             "holdings)")
    round_ = sc.integer(block.get("round", 1), f"{P}.round", 1, r.ROUNDS)
    first = sc.integer(block.get("first_leader", 1), f"{P}.first_leader", 1, players)
    refill = sc.mapping(block.get("refill"), f"{P}.refill", REFILL_KEYS)
    task_spots = {v for v, _ in tasks}
    n_goods = sc.integer(refill.get("goods", max(0, r.TARGET - len(goods))), f"{P}.refill.goods", 0, r.TARGET)
    n_tasks = sc.integer(refill.get("tasks", max(0, r.TARGET - len(tasks))), f"{P}.refill.tasks", 0, r.TARGET)
    if len({v for v, _ in goods} | task_spots) + n_goods + n_tasks > r.VILLAGES and settings.occupied_means == \
            "goods_or_task":
        raise ScenarioError(f"{P}.refill", f"more placements than free villages ({r.VILLAGES} in all)")
    return Position(players, settings, goods, tasks, bag, derived, first, round_, tuple(at.items()), holdings,
                    (n_goods, n_tasks), board)


def questions(position: Position) -> tuple[str, ...]:
    """odds needs a placement to make (at most 5 goods + 5 tasks, as parsed), bag a cube in the bag."""
    odds = 0 < sum(position.refill)
    return (*(("odds",) if odds else ()), *(("bag",) if sum(dict(position.bag).values()) else ()), "inventory")
