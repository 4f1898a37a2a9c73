"""The position's parts that only some rule sets have: boost dice, pyramid tiles held, the
photographer, placement bets (Supercup modules 1-3) and partnerships (Supercup module 4
and the second edition with 6+ players).  A part the rules do not have is an error."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.camelup.state import Position, _player, racing_camel_index

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
