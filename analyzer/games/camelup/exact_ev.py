"""The exact EV of every leg action for one player: one pass of `exact.leg_exact` over
all the variants the actions make (a tile placed, a camera set, a boost die thrown in).

EV convention (see analysis.py): the change an action makes to the player's expected coins
by the end of the leg, against no action, nobody else acting.  A player's leg value is the
expected payout of the leg tiles they hold (placement bets included), the landings on their
own tile, and the camera's coins when they hold the photographer.
"""
from __future__ import annotations

import numpy as np

from analyzer.games.camelup.exact import LegExact, Variant, leg_exact
from analyzer.games.camelup.state import DesertTile, Position

PLACE_NAMES = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "8th"}


def tile_payout(rules, value: int, rank, place: int | None = None):
    """What a leg tile pays for its camel's leg rank (0 = first); `place` if a placement bet covers it."""
    if place is not None:
        return np.where(rank == place - 1, rules.placement_hit_pays, rules.placement_miss_pays)
    return np.where(rank == 0, value, np.where(rank == 1, rules.leg_second_pays, rules.leg_other_pays))


def tile_ev(rules, value: int, probs, place: int | None = None):
    """Expected payout of a leg tile given its camel's rank probabilities (..., ranks)."""
    ranks = np.arange(probs.shape[-1])
    return (probs * tile_payout(rules, value, ranks, place)).sum(-1)


def tiles_held(position: Position, player: int) -> list[tuple[int, int, int | None]]:
    """(camel, value, place or None) of every leg tile the player holds."""
    covered = list(position.placement_bets[player]) if position.placement_bets else []
    tiles = []
    for camel, value in position.held_leg_tiles[player] if position.held_leg_tiles else ():
        match = next((b for b in covered if b[:2] == (camel, value)), None)
        if match:
            covered.remove(match)
        tiles.append((camel, value, match[2] if match else None))
    return tiles


def desert_options(position: Position, player: int) -> list[DesertTile]:
    """Every legal place for `player`'s tile: a move, if it is already down."""
    others = [t for t in position.desert if t.owner != player]
    own = [t.space for t in position.desert if t.owner == player]
    camera = position.photographer[0] if position.photographer else None
    options = []
    for space in range(2, position.rules.track_length + 1):
        if space in position.stacks or space in own or space == camera or any(abs(t.space - space) <= 1 for t in others):
            continue
        options += [DesertTile(space, 1, player), DesertTile(space, -1, player)]
    return options


def camera_options(position: Position, player: int) -> list[int]:
    """Spaces the player may set the camera on now: taking the free photographer, or moving it."""
    rules = position.rules
    if not rules.photographer:
        return []
    holder = position.photographer[1] if position.photographer else None
    if holder not in (None, player):
        return []
    taken = set(position.stacks) | {t.space for t in position.desert}
    current = position.photographer[0] if position.photographer else None
    return [s for s in range(1, rules.track_length + 1) if s not in taken and s != current]


def boost_options(position: Position, player: int) -> list[int]:
    """Podium boost dice the player may throw in (needs a pyramid tile; never the leader's)."""
    rules = position.rules
    if not rules.boost_action or not position.pyramid_tiles_held or position.pyramid_tiles_held[player] < 1:
        return []
    racing = position.racing_on_track
    leader = max(racing, key=lambda c: _key(position, c))
    out = set(position.boost_dice_left) | set(position.boost_dice_pit)
    return [c for c in racing if c not in out and c != leader]


def partner_options(position: Position, player: int) -> list[int]:
    rules = position.rules
    if not rules.partnerships or position.players < rules.partnership_min_players:
        return []
    taken = {p for pair in position.partners for p in pair}
    if player in taken:
        return []
    return [q for q in range(position.players) if q != player and q not in taken]


def _key(position: Position, camel: int) -> tuple[int, int]:
    for space, stack in position.stacks.items():
        if camel in stack:
            return space, stack.index(camel)
    raise KeyError(camel)


class _Plan:
    """The variants to enumerate, and for each its tiles and camera holder."""

    def __init__(self, position: Position):
        self.position = position
        self.variants = [Variant()]
        self.holders = [position.photographer[1] if position.photographer else None]
        self.tiles = [position.desert]

    def add(self, variant: Variant, holder=None) -> int:
        self.variants.append(variant)
        self.holders.append(self.holders[0] if holder is None else holder)
        self.tiles.append(self.position.desert if variant.tiles is None else variant.tiles)
        return len(self.variants) - 1


def leg_value(position: Position, player: int, leg: LegExact, plan: _Plan, v: int) -> float:
    """The player's expected leg coins from what they hold, under variant v."""
    rules = position.rules
    value = sum(tile_ev(rules, val, leg.rank_probs[v, camel], place) for camel, val, place in tiles_held(position, player))
    value += sum(leg.landings[v, t.space] for t in plan.tiles[v] if t.owner == player) * rules.desert_tile_pays
    if plan.holders[v] == player:
        value += leg.photo_coins[v]
    return float(value)


def exact_actions(position: Position, player: int) -> list[tuple[str, float]]:
    """(action, exact EV) for every leg action open to the player.

    Where the money floor can bind (the player's coins could fall below it at leg scoring), every
    action is priced leaf by leaf on the player's leg-end money, floored (`_floored_actions`)."""
    plan = _Plan(position)
    others = tuple(t for t in position.desert if t.owner != player)
    desert = [(tile, plan.add(Variant(tiles=others + (tile,)))) for tile in desert_options(position, player)]
    cameras = [(space, plan.add(Variant(camera=space, holder=player), holder=player))
               for space in camera_options(position, player)]
    boosts = [(camel, plan.add(Variant(extra_boost=(camel,)))) for camel in boost_options(position, player)]
    if floor_can_bind(position, player, bool(boosts)):
        return _floored_actions(position, player, plan, desert, cameras, boosts)
    return _linear_actions(position, player, plan, desert, cameras, boosts)


def floor_can_bind(position: Position, player: int, boost: bool = False) -> bool:
    """Whether some action could leave the player below the money floor at leg scoring."""
    rules = position.rules
    if rules.money_floor is None or not position.money:
        return False
    loss = max(-rules.leg_other_pays, -rules.placement_miss_pays if rules.placement_bets else 0, 0)
    pyramid = position.pyramid_tiles_held[player] if position.pyramid_tiles_held else 0
    worst = (pyramid - boost) * rules.pyramid_tile_pays - (len(tiles_held(position, player)) + 1) * loss
    return position.money[player] + worst < rules.money_floor


def _linear_actions(position: Position, player: int, plan: "_Plan", desert, cameras, boosts):
    rules = position.rules
    names = position.camel_names
    partners = partner_options(position, player)
    leaf_fn = _partner_leaf_fn(position, partners) if partners else None
    leg = leg_exact(position, plan.variants, leaf_fn)
    base = leg_value(position, player, leg, plan, 0)
    probs = leg.rank_probs[0]

    rows = []
    for camel in position.racing_on_track:
        stack = position.leg_tiles_left[camel]
        if stack:
            rows.append((f"leg-bet {names[camel]} {stack[0]}", float(tile_ev(rules, stack[0], probs[camel]))))
    for tile, v in desert:
        rows.append((f"{rules.tile_name} {tile.side(rules)} {tile.space}", leg_value(position, player, leg, plan, v) - base))
    if position.pyramid_size > rules.dice_left_at_leg_end:
        rows.append(("pyramid", float(rules.pyramid_tile_pays)))
    verb = "camera" if position.photographer else "photographer"
    for space, v in cameras:
        rows.append((f"{verb} {space}", leg_value(position, player, leg, plan, v) - base))
    for camel, v in boosts:
        rows.append((f"boost {names[camel]}", leg_value(position, player, leg, plan, v) - base - rules.pyramid_tile_pays))
    rows += _placement_rows(position, player, probs)
    for i, q in enumerate(partners):
        rows.append((f"partner {q}", float(leg.leaf_values[0, i])))
    return rows


def _floored_actions(position: Position, player: int, plan: "_Plan", desert, cameras, boosts):
    """Every action priced on the player's floored leg-end money, leaf by leaf: max(m + c + N, floor), where m is
    the money now, c the coins earned during the leg (landings on the player's tile, the camera) and N the net
    change at leg scoring (leg tiles with their placement bets, pyramid tiles, the best tile a partner earned)."""
    rules, names = position.rules, position.camel_names
    held = tiles_held(position, player)
    pyramid = position.pyramid_tiles_held[player] if position.pyramid_tiles_held else 0
    options = [("", 0, held, pyramid, None)]  # (action, variant, tiles held, pyramid tiles, partner)
    for camel in position.racing_on_track:
        stack = position.leg_tiles_left[camel]
        if stack:
            options.append((f"leg-bet {names[camel]} {stack[0]}", 0, held + [(camel, stack[0], None)], pyramid, None))
    for tile, v in desert:
        options.append((f"{rules.tile_name} {tile.side(rules)} {tile.space}", v, held, pyramid, None))
    if position.pyramid_size > rules.dice_left_at_leg_end:
        options.append(("pyramid", 0, held, pyramid + 1, None))
    verb = "camera" if position.photographer else "photographer"
    options += [(f"{verb} {space}", v, held, pyramid, None) for space, v in cameras]
    options += [(f"boost {names[camel]}", v, held, pyramid - 1, None) for camel, v in boosts]
    options += _placement_options(position, player, held, pyramid)
    options += [(f"partner {q}", 0, held, pyramid, q) for q in partner_options(position, player)]
    money, floor = position.money[player], rules.money_floor
    partner_pyramid = position.pyramid_tiles_held or (0,) * position.players

    by_variant: dict[int, list[int]] = {}
    for k, option in enumerate(options):
        by_variant.setdefault(option[1], []).append(k)

    def values(variant, rank, coins):
        out = np.zeros((rank.shape[0], len(options)))
        for v, ks in by_variant.items():
            rows = np.flatnonzero(variant == v)
            if not rows.size:
                continue
            r, have = rank[rows], money + coins[rows]
            pays: dict = {}  # what each tile pays on these leaves, computed once

            def pay(tile):
                if tile not in pays:
                    camel, value, place = tile
                    pays[tile] = tile_payout(rules, value, r[:, camel], place)
                return pays[tile]

            for k in ks:
                _, _, tiles, pyramid_tiles, partner = options[k]
                net = have + float(pyramid_tiles * rules.pyramid_tile_pays)
                for tile in tiles:
                    net = net + pay(tile)
                if partner is not None:
                    best = np.full(rows.size, float(rules.pyramid_tile_pays if partner_pyramid[partner] else 0))
                    for tile in tiles_held(position, partner):
                        best = np.maximum(best, pay(tile))
                    net = net + best
                out[rows, k] = np.maximum(net, floor)
        return out

    leg = leg_exact(position, plan.variants, values, coins_of=player)
    base = leg.leaf_values[0, 0]
    return [(name, float(leg.leaf_values[v, k] - base)) for k, (name, v, *_rest) in enumerate(options) if k]


def _placement_options(position: Position, player: int, held, pyramid) -> list:
    rules, names = position.rules, position.camel_names
    if not rules.placement_bets:
        return []
    used = {b[2] for bets in position.placement_bets for b in bets} if position.placement_bets else set()
    out = []
    for place in (p for p in rules.placement_places if p not in used and p <= rules.racing):
        label = PLACE_NAMES.get(place, f"{place}th")
        for i, (camel, value, covered) in enumerate(held):
            if covered is None:
                tiles = held[:i] + [(camel, value, place)] + held[i + 1:]
                out.append((f"placement {label} on {names[camel]} {value}", 0, tiles, pyramid, None))
        for camel in position.racing_on_track:
            stack = position.leg_tiles_left[camel]
            if stack:
                out.append((f"placement {label} on new {names[camel]} {stack[-1]}", 0,
                            held + [(camel, stack[-1], place)], pyramid, None))
    return out


def _placement_rows(position: Position, player: int, probs) -> list[tuple[str, float]]:
    rules, names = position.rules, position.camel_names
    if not rules.placement_bets:
        return []
    used = {b[2] for bets in position.placement_bets for b in bets} if position.placement_bets else set()
    rows = []
    for place in (p for p in rules.placement_places if p not in used and p <= rules.racing):
        label = PLACE_NAMES.get(place, f"{place}th")
        for camel, value, covered in tiles_held(position, player):
            if covered is None:
                gain = tile_ev(rules, value, probs[camel], place) - tile_ev(rules, value, probs[camel])
                rows.append((f"placement {label} on {names[camel]} {value}", float(gain)))
        for camel in position.racing_on_track:
            stack = position.leg_tiles_left[camel]
            if stack:
                rows.append((f"placement {label} on new {names[camel]} {stack[-1]}",
                             float(tile_ev(rules, stack[-1], probs[camel], place))))
    return rows


def _partner_leaf_fn(position: Position, partners: list[int]):
    """Leaf values: for each candidate partner, the best single tile they earn this leg (or 0)."""
    rules = position.rules
    pyramid = position.pyramid_tiles_held or (0,) * position.players

    def values(variant, rank):
        out = np.zeros((rank.shape[0], len(partners)))
        for i, q in enumerate(partners):
            best = np.full(rank.shape[0], float(rules.pyramid_tile_pays if pyramid[q] else 0))
            for camel, value, place in tiles_held(position, q):
                best = np.maximum(best, tile_payout(rules, value, rank[:, camel], place))
            out[:, i] = best
        return out

    return values
