"""A Camel Up position: the scenario's `position:` block, validated.

The parts only some rule sets have (Supercup modules, partnerships) are parsed at the end.
Camels are numbered by their index in `rules.camels`; players from 0.  Stacks list
camels bottom to top.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.settings import HANDICAP, parse_handicap
from analyzer.core.summary import named
from analyzer.games.camelup.rules import EDITIONS, HOUSE_RULE_FIELDS, SUPERCUP_MODULES, RuleSet, rule_set

POSITION_KEYS = {
    "track", "dice_left", "desert", "leg_tiles_left", "held_leg_tiles", "race_bets",
    "overall_cards_placed", "money", "to_move",
    # Supercup and second-edition extras (parse_extras, below)
    "boost_dice_left", "boost_dice_pit", "pyramid_tiles_held", "photographer", "placement_bets", "partners",
}
DESERT_SIDES = {"oasis": 1, "mirage": -1, "cheering": 1, "booing": -1}
GREY_DIE = "grey"
OFF_TRACK = -100  # position of a camel that is not in this race


@dataclass(frozen=True)
class DesertTile:
    space: int
    push: int  # +1 oasis, -1 mirage
    owner: int

    def side(self, rules: RuleSet) -> str:
        return rules.tile_sides[0] if self.push > 0 else rules.tile_sides[1]


@dataclass(frozen=True)
class Position:
    rules: RuleSet
    players: int
    stacks: dict[int, tuple[int, ...]] = field(metadata=named("camel_names"))  # space -> camels, bottom to top
    dice_left: tuple[int, ...] = field(metadata=named("camel_names"))
    desert: tuple[DesertTile, ...] = ()
    leg_tiles_left: tuple[tuple[int, ...], ...] = field(default=(), metadata=named(per="camel_names"))  # top 1st
    held_leg_tiles: tuple[tuple[tuple[int, int], ...], ...] = ()  # per player: (camel, value)
    race_bets: tuple[int, int] = (0, 0)  # cards already on the winner and loser piles
    overall_cards_placed: tuple[frozenset[int], ...] = field(default=(), metadata=named("camel_names"))  # a player's
    money: tuple[int, ...] = ()
    to_move: int = 0
    grey_die_left: bool = False  # second edition: the grey die is still in the pyramid
    # Supercup: camels whose boost die is in the pyramid; boost dice rolled this leg
    boost_dice_left: tuple[int, ...] = field(default=(), metadata=named("camel_names"))
    boost_dice_pit: tuple[int, ...] = field(default=(), metadata=named("camel_names"))
    pyramid_tiles_held: tuple[int, ...] = ()  # per player, this leg
    photographer: tuple[int, int] | None = None  # (camera space, holder)
    placement_bets: tuple[tuple[tuple[int, int, int], ...], ...] = ()  # per player: (camel, tile value, place)
    partners: tuple[tuple[int, int], ...] = ()  # partnerships formed this leg

    @property
    def camel_names(self) -> tuple[str, ...]:
        return self.rules.camels

    @property
    def on_track(self) -> list[int]:
        return sorted(c for stack in self.stacks.values() for c in stack)

    @property
    def racing_on_track(self) -> list[int]:
        racing = self.rules.racing
        return sorted(c for stack in self.stacks.values() for c in stack if c < racing)

    @property
    def pyramid_size(self) -> int:
        return len(self.dice_left) + self.grey_die_left + len(self.boost_dice_left)

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(space, height) per camel; camels not in the race sit at OFF_TRACK."""
        n = len(self.rules.camels)
        pos = np.full(n, OFF_TRACK, dtype=np.int16)
        height = np.zeros(n, dtype=np.int16)
        for space, stack in self.stacks.items():
            for level, camel in enumerate(stack):
                pos[camel], height[camel] = space, level
        return pos, height


def parse_rules(value) -> RuleSet:
    block = sc.mapping(value, "rules")
    edition = sc.choice(block.get("edition", "first"), "rules.edition", EDITIONS)
    supercup = [sc.choice(m, "rules.supercup", SUPERCUP_MODULES) for m in sc.sequence(block.get("supercup"), "rules.supercup")]
    sc.within_box([("rules.supercup", supercup)], 1, "module", str, "list each module once")
    if supercup and edition != "first":
        raise ScenarioError("rules.supercup", "the Supercup modules go with the first edition")
    house = {}
    for key, raw in block.items():
        if key in ("edition", "supercup"):
            continue
        if key not in HOUSE_RULE_FIELDS:
            raise ScenarioError(f"rules.{key}", f"unknown rule; allowed: edition, supercup, "
                                                f"{', '.join(sorted(HOUSE_RULE_FIELDS))}")
        house[key] = (parse_handicap(raw, f"rules.{key}") if key == HANDICAP else
                      _house_rule(raw, f"rules.{key}", HOUSE_RULE_FIELDS[key]))
    return rule_set(edition, supercup, **house)


# What the engine can run (sim.py): every space fits a byte of its board, a race ends within its 64 legs,
# and one draw covers every order and face of a leg's dice.
HOUSE_RULE_RANGES = {"rules.track_length": (1, 48), "rules.die_faces": (1, 6), "rules.boost_faces": (1, 6),
                     "rules.placement_places": (1, 8), "rules.max_players": (2, 10),
                     "rules.partnership_min_players": (2, 10)}
MAX_RULE_LIST = 16
HOUSE_RULE_CHOICES = {"rules.race_method": ("exact", "monte_carlo")}


def _house_rule(raw, field, kind: str):
    if kind.startswith("tuple"):
        values = sc.sequence(raw, field)
        if not values or len(values) > MAX_RULE_LIST:
            raise ScenarioError(field, f"must be a list of 1 to {MAX_RULE_LIST} whole numbers")
        low, high = HOUSE_RULE_RANGES.get(field, (-100, 100))
        return tuple(sc.integer(v, f"{field}[{i}]", low, high) for i, v in enumerate(values))
    if "None" in kind and raw is None:
        return None
    if field in HOUSE_RULE_CHOICES:
        return sc.choice(raw, field, HOUSE_RULE_CHOICES[field])
    if kind == "bool":
        if not isinstance(raw, bool):
            raise ScenarioError(field, "must be true or false")
        return raw
    return sc.integer(raw, field, *HOUSE_RULE_RANGES.get(field, (-1000, 1000)))


def camel_index(value, field: str, rules: RuleSet) -> int:
    name = value.strip().lower() if isinstance(value, str) else value
    if isinstance(name, str):
        name = rules.letters.get(name, name)
        if name in rules.camels:
            return rules.camels.index(name)
    raise ScenarioError(field, f"unknown camel {value!r}; allowed: {', '.join(rules.camels)}"
                               f"{did_you_mean(value, rules.camels)}")


def racing_camel_index(value, field: str, rules: RuleSet) -> int:
    c = camel_index(value, field, rules)
    if c >= rules.racing:
        grey = "; the grey die (write grey) moves the crazy camels" if "dice" in field else ""
        raise ScenarioError(field, f"{rules.camels[c]} is a crazy camel; allowed: "
                                   f"{', '.join(rules.camels[: rules.racing])}{grey}")
    return c


def _player(value, field: str, players: int) -> int:
    return sc.integer(value, field, 0, players - 1)


def parse_position(data: dict) -> Position:
    """Validate a whole camelup scenario dict and build its Position."""
    rules = parse_rules(data.get("rules"))
    players = sc.integer(data.get("players", 4), "players", 2, rules.max_players)
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    if "track" not in block:
        raise ScenarioError("position.track", "missing; give stacks by space, e.g. {1: [blue, green]}")
    if "dice_left" not in block:
        raise ScenarioError("position.dice_left", "missing; list the camels whose dice are still in the pyramid")

    stacks = _parse_track(block["track"], rules)
    on_track = {c for stack in stacks.values() for c in stack}
    dice, grey = _parse_dice(block["dice_left"], rules, on_track)
    desert = _parse_desert(block.get("desert"), rules, players, stacks)
    held = _parse_held(block.get("held_leg_tiles"), rules, players)
    tiles_left = _parse_tiles_left(block.get("leg_tiles_left"), rules, held)
    race_bets = _parse_race_bets(block.get("race_bets"), players, len(rules.camels))
    placed = _parse_placed(block.get("overall_cards_placed"), rules, players, race_bets)
    money = _parse_money(block.get("money"), rules, players)
    to_move = _player(block.get("to_move", 0), "position.to_move", players)
    position = Position(rules, players, stacks, dice, desert, tiles_left, held, race_bets, placed, money, to_move,
                        grey_die_left=grey)
    return parse_extras(position, block)


def _parse_track(value, rules: RuleSet) -> dict[int, tuple[int, ...]]:
    track = sc.mapping(value, "position.track")
    if not track:
        raise ScenarioError("position.track", "is empty; put at least one camel on the track")
    stacks, seen = {}, set()
    for key, stack in track.items():
        space = sc.integer(key, "position.track", 1, rules.track_length)
        field = f"position.track.{space}"
        if space in stacks:
            raise ScenarioError(field, "space given twice")
        camels = [camel_index(c, field, rules) for c in sc.sequence(stack, field)]
        if not camels:
            continue
        for c in camels:
            if c in seen:
                raise ScenarioError(field, f"camel {rules.camels[c]} is on the track twice")
            seen.add(c)
        stacks[space] = tuple(camels)
    if not stacks:
        raise ScenarioError("position.track", "is empty; put at least one camel on the track")
    missing = [rules.camels[c] for c in range(rules.racing, len(rules.camels)) if c not in seen]
    if missing:
        raise ScenarioError("position.track", f"the crazy camels are always on the track; place {', '.join(missing)}")
    return dict(sorted(stacks.items()))


def _parse_dice(value, rules: RuleSet, on_track: set[int]) -> tuple[tuple[int, ...], bool]:
    """The racing camels whose dice are in the pyramid, and whether the grey die is."""
    dice, grey = [], False
    for name in sc.sequence(value, "position.dice_left"):
        if rules.crazy_camels and isinstance(name, str) and name.strip().lower() == GREY_DIE:
            if grey:
                raise ScenarioError("position.dice_left", "die grey listed twice")
            grey = True
            continue
        c = racing_camel_index(name, "position.dice_left", rules)
        if c in dice:
            raise ScenarioError("position.dice_left", f"die {rules.camels[c]} listed twice")
        if c not in on_track:
            raise ScenarioError("position.dice_left", f"die {rules.camels[c]} is for a camel not on the track")
        dice.append(c)
    return tuple(sorted(dice)), grey


def _parse_desert(value, rules: RuleSet, players: int, stacks) -> tuple[DesertTile, ...]:
    tiles: list[DesertTile] = []
    for i, entry in enumerate(sc.sequence(value, "position.desert")):
        field = f"position.desert[{i}]"
        entry = sc.mapping(entry, field, {"space", "side", "owner"})
        if "space" not in entry or "side" not in entry:
            raise ScenarioError(field, f"needs space and side ({' or '.join(rules.tile_sides)}), "
                                       f"e.g. {{space: 6, side: {rules.tile_sides[0]}, owner: 2}}")
        space = sc.integer(entry["space"], f"{field}.space", 2, rules.track_length)
        side = sc.choice(entry["side"], f"{field}.side", rules.tile_sides + tuple(s for s in DESERT_SIDES
                                                                                    if s not in rules.tile_sides))
        owner = _player(entry.get("owner", 0), f"{field}.owner", players)
        if space in stacks:
            raise ScenarioError(f"{field}.space", f"space {space} holds a camel; desert tiles go on empty spaces")
        for other in tiles:
            if abs(other.space - space) <= 1:
                raise ScenarioError(f"{field}.space", f"space {space} is on or next to the tile on {other.space}")
            if other.owner == owner:
                raise ScenarioError(f"{field}.owner", f"player {owner} already has a desert tile on {other.space}")
        tiles.append(DesertTile(space, DESERT_SIDES[side], owner))
    return tuple(sorted(tiles, key=lambda t: t.space))


def _parse_tiles_left(value, rules: RuleSet, held) -> tuple[tuple[int, ...], ...]:
    """Stacks lose tiles from the top.  A colour not named has lost just the tiles held."""
    full = list(rules.leg_tiles)
    held_by_camel = [Counter(v for hand in held for c, v in hand if c == camel) for camel in range(len(rules.camels))]
    left = [tuple(full[_tiles_taken(full, held_by_camel[c]):]) if c < rules.racing else ()
            for c in range(len(rules.camels))]
    allowed = " or ".join(str(full[k:]) for k in range(len(full) + 1))
    for name, stack in sc.mapping(value, "position.leg_tiles_left").items():
        c = racing_camel_index(name, "position.leg_tiles_left", rules)
        field = f"position.leg_tiles_left.{rules.camels[c]}"
        values = [sc.integer(v, field) for v in sc.sequence(stack, field)]
        if len(values) > len(full) or values != full[len(full) - len(values):]:
            raise ScenarioError(field, f"got {values}; a stack loses tiles from the top: {allowed}")
        taken = Counter(full[: len(full) - len(values)])
        if held_by_camel[c] - taken:
            raise ScenarioError(field, f"players hold {rules.camels[c]} tiles {sorted(held_by_camel[c].elements(), reverse=True)},"
                                       f" more than the stack has lost")
        left[c] = tuple(values)
    return tuple(left)


def _tiles_taken(full: list[int], held: Counter) -> int:
    """How many tiles must be gone from the top of a stack for `held` to have come from it."""
    for taken in range(len(full) + 1):
        if not held - Counter(full[:taken]):
            return taken
    return -1


def _parse_held(value, rules: RuleSet, players: int) -> tuple:
    held: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    counts = Counter()
    for key, tiles in sc.mapping(value, "position.held_leg_tiles").items():
        player = _player(key, "position.held_leg_tiles", players)
        field = f"position.held_leg_tiles.{player}"
        for tile in sc.sequence(tiles, field):
            pair = sc.sequence(tile, field)
            if len(pair) != 2:
                raise ScenarioError(field, "each tile is [camel, value], e.g. [green, 5]")
            c = racing_camel_index(pair[0], field, rules)
            v = sc.integer(pair[1], field)
            counts[(c, v)] += 1
            if counts[(c, v)] > rules.leg_tiles.count(v):
                raise ScenarioError(field, f"no {rules.camels[c]} {v} tile is left to hold; "
                                           f"each colour has tiles {list(rules.leg_tiles)}")
            held[player].append((c, v))
    return tuple(tuple(h) for h in held)


def _parse_race_bets(value, players: int, camels: int) -> tuple[int, int]:
    block = sc.mapping(value, "position.race_bets", {"winner", "loser"})
    limit = players * camels
    return (sc.integer(block.get("winner", 0), "position.race_bets.winner", 0, limit),
            sc.integer(block.get("loser", 0), "position.race_bets.loser", 0, limit))


def _parse_placed(value, rules: RuleSet, players: int, race_bets) -> tuple[frozenset[int], ...]:
    placed = [set() for _ in range(players)]
    for key, names in sc.mapping(value, "position.overall_cards_placed").items():
        player = _player(key, "position.overall_cards_placed", players)
        field = f"position.overall_cards_placed.{player}"
        for name in sc.sequence(names, field):
            c = racing_camel_index(name, field, rules)
            if c in placed[player]:
                raise ScenarioError(field, f"player {player} has one {rules.camels[c]} card; it is listed twice")
            placed[player].add(c)
    if sum(map(len, placed)) > sum(race_bets):
        raise ScenarioError("position.overall_cards_placed", "lists more cards than position.race_bets has on its piles")
    return tuple(frozenset(p) for p in placed)


def _parse_money(value, rules: RuleSet, players: int) -> tuple[int, ...]:
    if value is None:
        return (rules.starting_money,) * players
    money = sc.sequence(value, "position.money")
    if len(money) != players:
        raise ScenarioError("position.money", f"needs one amount per player ({players}), got {len(money)}")
    return tuple(sc.integer(m, f"position.money[{i}]", 0) for i, m in enumerate(money))


# -- the parts only some rule sets have: boost dice, pyramid tiles held, the photographer, placement bets
# (Supercup modules 1-3) and partnerships (Supercup module 4, the second edition with 6+ players).  A part the
# rules do not have is an error.

NEEDS = {
    "boost_dice_left": ("boost_dice", "rules.supercup: [boost_dice]"),
    "boost_dice_pit": ("boost_dice", "rules.supercup: [boost_dice]"),
    "photographer": ("photographer", "rules.supercup: [photographer]"),
    "placement_bets": ("placement_bets", "rules.supercup: [placement_bets]"),
    "partners": ("partnerships", "rules.supercup: [partnerships], or the second edition"),
}


def parse_extras(position: Position, block: dict) -> Position:
    rules = position.rules
    for key, (flag, how) in NEEDS.items():
        if block.get(key) is not None and not getattr(rules, flag):
            raise ScenarioError(f"position.{key}", f"needs the rule that brings it ({how})")
    on_track = set(position.on_track)
    boost_left = _boost_dice(block.get("boost_dice_left"), "position.boost_dice_left", position, on_track)
    boost_pit = _boost_dice(block.get("boost_dice_pit"), "position.boost_dice_pit", position, on_track)
    both = set(boost_left) & set(boost_pit)
    if both:
        raise ScenarioError("position.boost_dice_pit", f"the {rules.camels[min(both)]} boost die is also in the pyramid")
    return replace(
        position,
        boost_dice_left=boost_left,
        boost_dice_pit=boost_pit,
        pyramid_tiles_held=_pyramid_tiles(block.get("pyramid_tiles_held"), position, len(boost_left)),
        photographer=_photographer(block.get("photographer"), position),
        placement_bets=_placement_bets(block.get("placement_bets"), position),
        partners=_partners(block.get("partners"), position),
    )


def _boost_dice(value, field, position: Position, on_track) -> tuple[int, ...]:
    dice = []
    for name in sc.sequence(value, field):
        c = racing_camel_index(name, field, position.rules)
        if c in dice:
            raise ScenarioError(field, f"boost die {position.rules.camels[c]} listed twice")
        if c not in on_track:
            raise ScenarioError(field, f"boost die {position.rules.camels[c]} is for a camel not on the track")
        dice.append(c)
    return tuple(sorted(dice))


def _pyramid_tiles(value, position: Position, boost_in_pyramid: int) -> tuple[int, ...]:
    held = [0] * position.players
    for key, count in sc.mapping(value, "position.pyramid_tiles_held").items():
        player = _player(key, "position.pyramid_tiles_held", position.players)
        held[player] = sc.integer(count, f"position.pyramid_tiles_held.{player}", 0, position.rules.pyramid_tiles)
    if sum(held) > position.rules.pyramid_tiles:
        raise ScenarioError("position.pyramid_tiles_held", f"there are only {position.rules.pyramid_tiles} pyramid tiles")
    return tuple(held)


def _photographer(value, position: Position):
    if value is None:
        return None
    block = sc.mapping(value, "position.photographer", {"space", "holder"})
    if "space" not in block or "holder" not in block:
        raise ScenarioError("position.photographer", "needs space and holder, e.g. {space: 9, holder: 1}")
    space = sc.integer(block["space"], "position.photographer.space", 1, position.rules.track_length)
    if space in position.stacks or any(t.space == space for t in position.desert):
        raise ScenarioError("position.photographer.space", f"space {space} is not empty; the camera films an empty space")
    return space, _player(block["holder"], "position.photographer.holder", position.players)


def _placement_bets(value, position: Position):
    rules = position.rules
    bets = [[] for _ in range(position.players)]
    used = set()
    for key, entries in sc.mapping(value, "position.placement_bets").items():
        player = _player(key, "position.placement_bets", position.players)
        field = f"position.placement_bets.{player}"
        free = Counter(position.held_leg_tiles[player])
        for entry in sc.sequence(entries, field):
            triple = sc.sequence(entry, field)
            if len(triple) != 3:
                raise ScenarioError(field, "each is [camel, leg tile value, place], e.g. [yellow, 5, 3]")
            camel = racing_camel_index(triple[0], field, rules)
            value_ = sc.integer(triple[1], field)
            place = sc.choice(str(triple[2]), field, [str(p) for p in rules.placement_places])
            if free[(camel, value_)] <= 0:
                raise ScenarioError(field, f"player {player} holds no uncovered {rules.camels[camel]} {value_} leg tile "
                                           "(see held_leg_tiles)")
            if place in used:
                raise ScenarioError(field, f"the place-{place} tile is already in play")
            free[(camel, value_)] -= 1
            used.add(place)
            bets[player].append((camel, value_, int(place)))
    return tuple(tuple(b) for b in bets)


def _partners(value, position: Position):
    pairs, seen = [], set()
    for i, pair in enumerate(sc.sequence(value, "position.partners")):
        field = f"position.partners[{i}]"
        pair = sc.sequence(pair, field)
        if len(pair) != 2:
            raise ScenarioError(field, "each partnership is two players, e.g. [0, 3]")
        a, b = (_player(p, field, position.players) for p in pair)
        if a == b or a in seen or b in seen:
            raise ScenarioError(field, "a player has one partnership card: each player at most once, not with themself")
        seen |= {a, b}
        pairs.append((a, b))
    if pairs and position.players < position.rules.partnership_min_players:
        raise ScenarioError("position.partners", f"partnerships need {position.rules.partnership_min_players}+ players")
    return tuple(pairs)
