"""Caylus positions from a scenario (spec "A position"), every field checked.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: caylus
    players: 4
    rules: {passing_track_values: one_plus_passed, sixth_special_hold: true, castle_sizes: pindia_fan_unverified}
    position:
      round: 3
      phase: 2                      # 1-8; in phases 2-3 the provost still stands on the bailiff
      neutral_order: [carpenter, null, forest, null, null, null]   # road spaces 1-6; null: not known
      road: [{space: 7, building: wood_quarry, owner: red, worker: blue}, ...]
      road_length: 30               # optional: the provost never passes the road's end
      provost: 9
      bailiff: 9
      section_mark: 12              # optional (board data the seed lacks): the space ending the section
      passing_track: [blue]         # passed so far, in order
      castle: {section: dungeon, filled: 3, workers: [red, green], batches: {green: 1}}
      me: red                       # optional: the first of players_state
      players_state: [{colour: red, deniers: 4, cubes: {food: 2, wood: 1, stone: 2}, workers_left: 3,
                       points: 12, houses: 1, at_inn: false}, ...]

Readings where the spec is silent: road spaces count from 1 (the first neutral building's); `houses` are a
player's houses in the current castle section; castle `workers` are in castle order and `batches` the batches
those before me built this round (the ones after me: at most these).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.caylus import rules as r
from analyzer.games.caylus.exact import castle_room
from analyzer.games.caylus.rules import Settings

COLOURS = ("red", "blue", "green", "orange", "black")
POSITION_KEYS = {"round", "phase", "neutral_order", "road", "road_length", "provost", "bailiff", "section_mark",
                 "passing_track", "castle", "me", "players_state"}
SPACE_KEYS = {"space", "building", "owner", "worker"}
CASTLE_KEYS = {"section", "filled", "workers", "batches"}
PLAYER_KEYS = {"colour", "deniers", "cubes", "workers_left", "points", "houses", "at_inn"}
MAX_SPACE = 60
MAX_CUBES = 99
WORKERS = 6
HOUSES = 20
PHASES = (1, 8)
SAME_SPOT_PHASES = (2, 3)  # the provost joined the bailiff at income and moves only in phase 4


@dataclass(frozen=True)
class Player:
    colour: str
    deniers: int = 0
    cubes: tuple = ()  # ((cube, n), ...) over r.CUBES
    workers_left: int = WORKERS
    points: int = 0
    houses: int = 0
    at_inn: bool = False

    def cube(self, name: str) -> int:
        return dict(self.cubes).get(name, 0)


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    round: int = 1
    phase: int = 2
    neutral_order: tuple = (None,) * len(r.NEUTRALS)
    road: tuple = ()  # ((space, building, owner, worker), ...)
    road_length: int | None = None
    provost: int = len(r.NEUTRALS)
    bailiff: int = len(r.NEUTRALS)
    section_mark: int | None = None
    passing_track: tuple = ()
    section: int = 0  # index into r.SECTIONS
    filled: int = 0
    castle_workers: tuple = ()
    batches: tuple = ()  # ((colour, n), ...)
    me: str | None = None
    players_state: tuple = ()  # Player, ...

    @property
    def illustrative(self) -> tuple[str, ...]:
        return self.settings.illustrative

    def player(self, colour: str) -> Player | None:
        return next((p for p in self.players_state if p.colour == colour), None)

    @property
    def road_workers(self) -> list[tuple[int, str]]:
        return [(space, worker) for space, _, _, worker in self.road if worker]

    @property
    def castle_room(self) -> int:
        """Batches the castle still takes."""
        return castle_room(self.section, self.filled, self.settings.castle_sizes)

    @property
    def section_full(self) -> bool:
        return self.filled >= self.settings.castle_sizes[self.section]


# ------------------------------------------------------------------------------------------------
# parsing

def _colour(value, where: str) -> str:
    return sc.choice(value, where, COLOURS)


def _colours(value, where: str, most: int) -> tuple[str, ...]:
    items = tuple(_colour(x, f"{where}[{i}]") for i, x in enumerate(sc.sequence(value, where)))
    if len(set(items)) != len(items):
        raise ScenarioError(where, "each colour at most once")
    if len(items) > most:
        raise ScenarioError(where, f"at most {most} colours (one per player); got {len(items)}")
    return items


def _neutral_order(value, where: str) -> tuple:
    if value is None:
        return (None,) * len(r.NEUTRALS)
    items = sc.sequence(value, where)
    if len(items) != len(r.NEUTRALS):
        raise ScenarioError(where, f"one entry per neutral road space (6): a neutral building "
                                   f"({', '.join(r.NEUTRALS)}) or null where not known")
    names = tuple(None if x in (None, "unknown") else sc.choice(x, f"{where}[{i}]", (*r.NEUTRALS, "unknown"))
                  for i, x in enumerate(items))
    known = [n for n in names if n]
    if len(set(known)) != len(known):
        raise ScenarioError(where, "each neutral building once")
    return names


def _road(value, where: str) -> tuple:
    out, seen = [], set()
    for i, item in enumerate(sc.sequence(value, where)):
        at = f"{where}[{i}]"
        block = sc.mapping(item, at, SPACE_KEYS)
        space = sc.integer(block.get("space"), f"{at}.space", 1, MAX_SPACE)
        if space in seen:
            raise ScenarioError(f"{at}.space", f"space {space} listed twice: one building (and worker) a space")
        seen.add(space)
        building = block.get("building")
        if not isinstance(building, str) or not building.strip() or not building.isprintable():
            raise ScenarioError(f"{at}.building", "a building's name (text)")
        owner = None if block.get("owner") in (None, "none") else _colour(block["owner"], f"{at}.owner")
        worker = None if block.get("worker") in (None, "none") else _colour(block["worker"], f"{at}.worker")
        out.append((space, building, owner, worker))
    return tuple(sorted(out))


def _cubes(value, where: str) -> tuple:
    block = sc.mapping(value, where, set(r.CUBES))
    return tuple((c, sc.integer(block.get(c, 0), f"{where}.{c}", 0, MAX_CUBES)) for c in r.CUBES)


def _player(value, where: str) -> Player:
    block = sc.mapping(value, where, PLAYER_KEYS)
    if "colour" not in block:
        raise ScenarioError(f"{where}.colour", f"missing; allowed: {', '.join(COLOURS)}")
    return Player(_colour(block["colour"], f"{where}.colour"),
                  sc.integer(block.get("deniers", 0), f"{where}.deniers", 0, 999),
                  _cubes(block.get("cubes"), f"{where}.cubes"),
                  sc.integer(block.get("workers_left", WORKERS), f"{where}.workers_left", 0, WORKERS),
                  sc.integer(block.get("points", 0), f"{where}.points", 0, 999),
                  sc.integer(block.get("houses", 0), f"{where}.houses", 0, HOUSES),
                  sc.flag(block.get("at_inn", False), f"{where}.at_inn"))


def _castle(value, where: str, players: int, sizes) -> dict:
    block = sc.mapping(value, where, CASTLE_KEYS)
    section = r.SECTIONS.index(sc.choice(block.get("section", "dungeon"), f"{where}.section", r.SECTIONS))
    filled = sc.integer(block.get("filled", 0), f"{where}.filled", 0, sizes[section])
    workers = _colours(block.get("workers"), f"{where}.workers", players)
    batches = sc.mapping(block.get("batches"), f"{where}.batches", set(workers))
    return {"section": section, "filled": filled, "workers": workers,
            "batches": tuple((c, sc.integer(n, f"{where}.batches.{c}", 0, sum(sizes))) for c, n in batches.items())}


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    phase = sc.integer(block.get("phase", 2), f"{P}.phase", *PHASES)
    road = _road(block.get("road"), f"{P}.road")
    road_length = (None if block.get("road_length") is None else
                   sc.integer(block["road_length"], f"{P}.road_length", len(r.NEUTRALS), MAX_SPACE))
    top = road_length or MAX_SPACE
    if road and road[-1][0] > top:
        raise ScenarioError(f"{P}.road", f"spaces 1-{top} (position.road_length); got space {road[-1][0]}")
    neutral = len(r.NEUTRALS)
    provost = sc.integer(block.get("provost", neutral), f"{P}.provost", 1, top)
    bailiff = sc.integer(block.get("bailiff", neutral), f"{P}.bailiff", neutral, top)
    if phase in SAME_SPOT_PHASES and provost != bailiff:
        raise ScenarioError(f"{P}.provost", f"{bailiff} (the bailiff's space): in phases 2-3 the provost still "
                                            "stands on the bailiff")
    mark = (None if block.get("section_mark") is None else
            sc.integer(block["section_mark"], f"{P}.section_mark", bailiff, top))
    players_state = tuple(_player(x, f"{P}.players_state[{i}]")
                          for i, x in enumerate(sc.sequence(block.get("players_state"), f"{P}.players_state")))
    colours = [p.colour for p in players_state]
    for i, p in enumerate(players_state):
        if p.at_inn and players == 2:
            raise ScenarioError(f"{P}.players_state[{i}].at_inn", ("true is not allowed with 2 players: the "
                                                                 "2-player game leaves the inn unused; allowed: false "
                                                                 "or left out (the inn takes a worker with 3-5)"))
    if len(set(colours)) != len(colours):
        raise ScenarioError(f"{P}.players_state", "each colour once")
    if len(colours) > players:
        raise ScenarioError(f"{P}.players_state", f"at most one entry per player ({players}); got {len(colours)}")
    passing = _colours(block.get("passing_track"), f"{P}.passing_track", players)
    castle = _castle(block.get("castle"), f"{P}.castle", players, settings.castle_sizes)
    seen = set(colours) | set(passing) | set(castle["workers"]) | {c for s in road for c in s[2:] if c}
    if len(seen) > players:
        raise ScenarioError(P, f"{len(seen)} colours appear ({', '.join(sorted(seen))}); {players} players")
    me = block.get("me")
    me = _colour(me, f"{P}.me") if me is not None else (colours[0] if colours else None)
    if me is not None and colours and me not in colours:
        raise ScenarioError(f"{P}.me", f"got {me!r}; allowed: a colour of players_state ({', '.join(colours)})"
                                       f"{did_you_mean(me, colours)}")
    return Position(players, settings, sc.integer(block.get("round", 1), f"{P}.round", 1, 99), phase,
                    _neutral_order(block.get("neutral_order"), f"{P}.neutral_order"), road, road_length, provost,
                    bailiff, mark, passing, castle["section"], castle["filled"], castle["workers"],
                    castle["batches"], me, players_state)


def questions(position: Position) -> tuple[str, ...]:
    """Every position answers the odds and the provost; worker_cost needs a player still placing, ev and section
    players_state, castle my player."""
    placing = len(position.passing_track) < position.players
    has = bool(position.players_state)
    return ("odds", *(("worker_cost",) if placing else ()), "provost", *(("ev", "section") if has else ()),
            *(("castle",) if position.me else ()))
