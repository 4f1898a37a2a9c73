"""The readable full game of Puerto Rico (obviously correct, slow): the set-up from the first governor and the
stack's order, then rounds of roles.py's phases until an end condition or the turn cap, and the snapshot the fast
engine's games are compared with (rules spec: shared/rules/puerto-rico.md).

Every choice and every chance outcome after the set-up comes from `src` (reference_policies.Seats replays the
engine's record, or a test scripts them); the rules themselves are roles.py's.
"""
from __future__ import annotations

from analyzer.core import settings as core_settings
from analyzer.games.puerto_rico import roles
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.roles import Player, Table
from analyzer.games.puerto_rico.rules import Settings


def start_stack(settings: Settings, players: int) -> list[int]:
    """The face-down tiles before the shuffle, in kind order (the start tiles out when start_tiles_from_pool)."""
    counts = r.setup(players, settings).stack
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def setup(settings: Settings, players: int, governor: int, stack: list[int]) -> Table:
    """The table at the start: the start crops by seat from the governor (unoccupied), the shuffled stack (top
    first) with the first display drawn off its top, the supplies and the role cards without doubloons."""
    assert r.PLAYERS[0] <= players <= r.PLAYERS[1] and 0 <= governor < players, (players, governor)
    assert sorted(stack) == start_stack(settings, players), "the stack is not the tiles left after the start crops"
    s = r.setup(players, settings)
    seats = [Player(s.doubloons) for _ in range(players)]
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)
    for rank, crop in enumerate(s.start_crops):
        seats[(governor + rank) % players].island.append([crop, 0])
        seats[(governor + rank) % players].doubloons += handicap[rank]
    n = s.display_size
    return Table(players, settings, seats, governor, list(stack[n:]), list(stack[:n]), quarries=s.quarries,
                 colonist_bank=s.colonists, colonist_ship=s.ship_colonists, vp_supply=s.vp_chips,
                 goods_bank=list(s.goods), ships=[[capacity, None, 0] for capacity in s.ships],
                 cards=[[role, 0, None] for role in s.roles],
                 buildings_left=[settings.building(b).count for b in range(len(r.BUILDINGS))])


def play(t: Table, src, max_rounds: int | None = None) -> Table:
    """Rounds until the game ends (or `max_rounds` more are played)."""
    start = t.round
    while not t.ended and (max_rounds is None or t.round - start < max_rounds):
        roles.play_round(t, src)
    return t


def scores(t: Table) -> list[int]:
    return [roles.final_score(t, seat)[3] for seat in range(t.players)]


def snapshot(t: Table) -> dict:
    """Every quantity of the table in the engine's snapshot form (sim.snapshot): tuples by seat, plantations and
    occupied as counts by PLANTATION_KINDS, buildings as (building, colonists) by index, the discards as counts."""
    seats = t.seats
    kinds = range(len(r.PLANTATION_KINDS))
    return {
        "round": t.round, "governor": t.governor,
        "doubloons": tuple(p.doubloons for p in seats), "vp": tuple(p.vp for p in seats),
        "goods": tuple(tuple(p.goods) for p in seats),
        "plantations": tuple(tuple(sum(k == kind for k, _ in p.island) for kind in kinds) for p in seats),
        "occupied": tuple(tuple(sum(c for k, c in p.island if k == kind) for kind in kinds) for p in seats),
        "buildings": tuple(tuple(sorted(p.city.items())) for p in seats),
        "san_juan": tuple(p.san_juan for p in seats),
        "colonist_supply": t.colonist_bank, "colonist_ship": t.colonist_ship, "vp_supply": t.vp_supply,
        "goods_supply": tuple(t.goods_bank),
        "ships": tuple((capacity, -1 if crop is None else crop, n) for capacity, crop, n in t.ships),
        "trading_house": tuple(t.house), "stack": tuple(t.stack),
        "discard": tuple(t.discard.count(k) for k in range(len(r.CROPS))), "display": tuple(t.display),
        "quarries": t.quarries, "role_doubloons": tuple(card[1] for card in t.cards),
        "buildings_left": tuple(t.buildings_left), "ended": t.ended, "capped": t.capped,
        "scores": tuple(scores(t)) if t.ended else None,
    }
