"""Elfenland's map: towns (a name, where the picture draws it) and the roads between them (a terrain, or a river
or lake for rafts).  The printed map ships as printed_map.yaml (UNVERIFIED: from fan-made digital games, see
its header); a scenario may name its own map file in the same layout (`position.map: {file: path}`)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.elfenland import rules as r

WATER = ("river", "lake")
ROAD_KINDS = r.TERRAINS + WATER
MAP_KEYS = {"name", "source", "towns", "roads"}
TEMPLATE_HINT = "a YAML map file laid out as the shipped analyzer/games/elfenland/printed_map.yaml"
PRINTED_FILE = Path(__file__).with_name("printed_map.yaml")


@dataclass(frozen=True)
class Map:
    name: str
    source: str
    towns: tuple  # ((town, x, y), ...)
    roads: tuple  # ((town, town, kind), ...)

    def label(self) -> str:
        return f"the {self.name} map ({self.source})"

    @property
    def town_names(self) -> tuple[str, ...]:
        return tuple(t for t, _, _ in self.towns)

    @property
    def road_names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f"{a}-{b}" for a, b, _ in self.roads))

    def road(self, name: str, where: str) -> str:
        """A road named "Town-Town" (either way round) as the map names it."""
        for a, b, _ in self.roads:
            if name.strip() in (f"{a}-{b}", f"{b}-{a}"):
                return f"{a}-{b}"
        raise ScenarioError(where, f"got {name!r}; allowed: a road of {self.label()}, two towns "
                                   f"joined by -, e.g. {self.road_names[0]}{did_you_mean(name, self.road_names)}")

    def terrain(self, road: str, kind: str, where: str) -> str:
        """What a leg of `kind` (a raft: the water) travels over on `road` (as `road` names it)."""
        a, b = road.split("-", 1)
        kinds = [k for x, y, k in self.roads if {x, y} == {a, b}]
        fits = [k for k in kinds if (k in WATER) == (kind == "raft")]
        if not fits:
            raise ScenarioError(where, f"{road} is {' and '.join(kinds)}: no way for a {kind}")
        if fits[0] == "river":
            raise ScenarioError(where, f"missing; {road} is a river: give water downstream or upstream")
        return fits[0]

    def town(self, name: str, where: str) -> str:
        if name.strip() not in self.town_names:
            raise ScenarioError(where, f"got {name!r}; allowed: a town of {self.label()}"
                                       f"{did_you_mean(name, self.town_names)}")
        return name.strip()


def parse_map(value, where: str) -> Map:
    block = sc.mapping(value, where, MAP_KEYS)
    towns = []
    for town, xy in sc.mapping(block.get("towns"), f"{where}.towns").items():
        at = sc.sequence(xy, f"{where}.towns.{town}")
        if len(at) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in at):
            raise ScenarioError(f"{where}.towns.{town}", "[x, y]: where the picture draws the town")
        towns.append((str(town), float(at[0]), float(at[1])))
    if len(towns) < 2:
        raise ScenarioError(f"{where}.towns", "at least 2 towns, each {name: [x, y]}")
    names = [t for t, _, _ in towns]
    roads = []
    for i, road in enumerate(sc.sequence(block.get("roads"), f"{where}.roads")):
        items = sc.sequence(road, f"{where}.roads[{i}]")
        if len(items) != 3:
            raise ScenarioError(f"{where}.roads[{i}]", "[town, town, kind]")
        a, b = (sc.choice(t, f"{where}.roads[{i}]", names) for t in items[:2])
        roads.append((a, b, sc.choice(items[2], f"{where}.roads[{i}][2]", ROAD_KINDS)))
    if not roads:
        raise ScenarioError(f"{where}.roads", "at least one road [town, town, kind]")
    return Map(str(block.get("name", "scenario's")), str(block.get("source", "user-supplied")), tuple(towns),
               tuple(roads))


@functools.cache
def printed() -> Map:
    return parse_map(sc.read_data(PRINTED_FILE, "printed_map.yaml", "the shipped map file"), "printed_map.yaml")


def scenario_map(value, where: str) -> Map:
    """`position.map`: printed (the default) or {file: path} (a map file of printed_map.yaml's layout)."""
    if value is None or value == "printed":
        return printed()
    if not isinstance(value, dict) or "file" not in value:
        raise ScenarioError(where, f"got {value!r}; allowed: printed or {{file: path}}, {TEMPLATE_HINT}")
    block = sc.mapping(value, where, {"file", "illustrative"})
    if "illustrative" in block:
        sc.flag(block["illustrative"], f"{where}.illustrative")
    if not isinstance(block["file"], str):
        raise ScenarioError(f"{where}.file", f"a map file's path: {TEMPLATE_HINT}")
    return parse_map(sc.read_data(sc.data_file(block["file"]), f"{where}.file", TEMPLATE_HINT), f"{where}.file")

