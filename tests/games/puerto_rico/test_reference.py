"""The readable reference plays whole games: random and greedy players on Python chance keep every quantity within
the rules, under every reading that changes a game; the shared deterministic rules place, keep and choose as the
notes say; the fast engine's games replay snapshot for snapshot; and records that break a rule are refused (the
conformance check, sim.engine_agrees, runs in tests/test_conformance.py)."""
import random
from dataclasses import replace

import pytest

from analyzer.games.puerto_rico import reference as ref
from analyzer.games.puerto_rico import reference_policies as rp
from analyzer.games.puerto_rico import roles
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.rules import CORN, COFFEE, INDIGO, QUARRY, SUGAR, Settings

B = r.BUILDING
READINGS = [  # (players, settings changes, policies by rank)
    (3, {}, ("random", "greedy")), (4, {}, ("greedy",)), (5, {}, ("random",)),
    (4, {"reshuffle": "merge", "start_tiles_from_pool": False}, ("greedy", "random")),
    (3, {"end_colonists_reading": "enough", "start_crops": "all_corn"}, ("random", "greedy")),
    (5, {"cost_floor": 2, "wharf_capacity": 3, "start_crops": "all_indigo"}, ("greedy", "random")),
    (4, {"turn_cap": 6}, ("random",)),
]


class PythonChance(rp.Seats):
    """The same players on Python chance: random seats choose uniformly among the same options, the reshuffles are
    drawn from `rng` (no record)."""

    def __init__(self, policies, rng: random.Random):
        super().__init__(policies, rp.Rows([]))
        self.rng = rng

    def read(self, legal):
        return self.rng.choice(list(legal))

    def reshuffle(self, t):
        under = self.rng.sample(t.discard, len(t.discard))
        if t.settings.reshuffle == "rest_first":
            return t.stack + under
        return self.rng.sample(t.stack + under, len(t.stack) + len(under))


def python_game(seed: int, players: int, settings: Settings, names):
    rng = random.Random(seed)
    governor = rng.randrange(players)
    stack = ref.start_stack(settings, players)
    rng.shuffle(stack)
    t = ref.setup(settings, players, governor, stack)
    src = PythonChance([names[(q - governor) % players % len(names)] for q in range(players)], rng)
    return t, src


def check_within_the_rules(t: roles.Table, players: int) -> None:
    s = r.setup(players, t.settings)
    tiles = t.stack + t.display + t.discard + [k for p in t.seats for k, _ in p.island if k != QUARRY]
    start = 0 if t.settings.start_tiles_from_pool else players
    assert len(tiles) == sum(t.settings.tiles) + start
    assert t.quarries + sum(k == QUARRY for p in t.seats for k, _ in p.island) == t.settings.quarries
    assert t.colonist_bank + t.colonist_ship + sum(roles.colonists(p) for p in t.seats) == s.colonists + players
    on_ships = [0] * 5
    for capacity, crop, n in t.ships:
        assert 0 <= n <= capacity and (crop is None) == (n == 0)
        if crop is not None:
            on_ships[crop] += n
    assert len({crop for _, crop, _ in t.ships if crop is not None}) == sum(crop is not None for _, crop, _ in t.ships)
    for c in range(5):
        held = sum(p.goods[c] for p in t.seats) + t.house.count(c) + on_ships[c] + t.goods_bank[c]
        assert held == t.settings.goods[c] and t.goods_bank[c] >= 0
    assert len(t.house) < r.TRADING_HOUSE_SLOTS
    assert t.vp_supply + sum(p.vp for p in t.seats) == s.vp_chips
    for p in t.seats:
        assert p.doubloons >= 0 and len(p.island) <= r.ISLAND_SPACES
        assert roles.city_spaces(t, p) <= r.CITY_SPACES
    for b in range(len(r.BUILDINGS)):
        assert t.buildings_left[b] + sum(b in p.city for p in t.seats) == t.settings.building(b).count


@pytest.mark.parametrize("players, changes, names", READINGS)
def test_whole_games_stay_within_the_rules(players, changes, names):
    settings = replace(Settings(), **changes)
    t, src = python_game(players, players, settings, names)
    check_within_the_rules(t, players)
    while not t.ended:
        ref.play(t, src, max_rounds=1)
        check_within_the_rules(t, players)
    assert t.capped == (t.round == settings.turn_cap and not t.ending)
    assert ref.snapshot(t)["scores"] == tuple(ref.scores(t)) and roles.winners(t)


def test_greedy_games_end_by_a_rule_of_the_game():
    for seed in range(2):
        t, src = python_game(seed, 4, Settings(), ("greedy",))
        ref.play(t, src)
        assert t.ended and not t.capped and 5 < t.round < Settings().turn_cap


# -- the shared rules ----------------------------------------------------------------------------------------------

def bare(players=3):
    t = ref.setup(Settings(), players, 0, ref.start_stack(Settings(), players))
    for p in t.seats:
        p.island = []
    return t


def test_the_mayor_rule_pairs_dear_crops_first_then_corn_violet_quarries_the_rest():
    t = bare()
    p = t.seats[0]
    p.island = [[CORN, 0], [QUARRY, 0], [INDIGO, 0], [COFFEE, 0], [COFFEE, 0], [SUGAR, 0]]
    p.city = {B["coffee_roaster"]: 0, B["small_indigo_plant"]: 0, B["hacienda"]: 0, B["harbor"]: 0}
    p.san_juan = 8  # coffee pairs 4, the indigo pair 2, corn 1, the harbor before the hacienda 1
    island, city, san_juan = rp.placement(t, 0)
    assert island == [1, 0, 1, 1, 1, 0] and city == {B["coffee_roaster"]: 2, B["small_indigo_plant"]: 1,
                                                      B["hacienda"]: 0, B["harbor"]: 1} and san_juan == 0
    p.san_juan = 12
    island, city, san_juan = rp.placement(t, 0)
    assert island == [1] * 6 and all(city.values()) and san_juan == 12 - 6 - 5


def test_the_keep_rule_and_the_hacienda_rule():
    t = bare()
    p = t.seats[0]
    p.goods = [3, 0, 3, 1, 2]
    assert rp.keep(t, 0) == ((), SUGAR)
    p.city = {B["large_warehouse"]: 1}
    assert rp.keep(t, 0) == ((SUGAR, CORN), COFFEE)
    p.island = [[CORN, 0]] * 10
    assert rp.hacienda(t, 0)
    p.island.append([CORN, 0])
    assert not rp.hacienda(t, 0)


def test_captain_options_one_ship_per_crop_the_wharf_and_the_pass():
    t = bare()
    t.ships = [[4, None, 0], [5, None, 0], [6, SUGAR, 6]]
    p = t.seats[0]
    p.goods = [3, 0, 2, 0, 0]
    p.city = {B["wharf"]: 1}
    assert rp.captain_options(t, 0) == [0, 1, 5] and rp.as_load(t, 0, 0) == (CORN, 0)
    p.goods = [0, 0, 2, 0, 0]
    assert rp.captain_options(t, 0) == [5, rp.NONE]
    assert rp.Seats(["greedy"] * 3, rp.Rows([])).load(t, 0, None) == (SUGAR, roles.WHARF)


def test_greedy_roles_take_the_doubloons_into_account():
    t = bare()
    t.seats[0].goods = [0, 0, 0, 0, 1]
    assert rp.role_value(t, 0, r.TRADER) == 4 + 1 and rp.role_value(t, 0, r.CAPTAIN) == 2
    t.cards[r.MAYOR][1] = 5
    assert rp.Seats(["greedy"] * 3, rp.Rows([])).role(t, 0, list(range(6))) == r.MAYOR


# -- records -------------------------------------------------------------------------------------------------------

def a_record(players=3, seed=0):
    """A record written by hand from a Python game: the governor, the stack, and every random choice."""
    rng = random.Random(seed)
    stack = ref.start_stack(Settings(), players)
    rng.shuffle(stack)
    return [("governor", 1)] + [("stack", k) for k in stack]


def test_a_record_of_greedy_players_replays_to_the_end():
    shots = rp.play(Settings(), 3, ("greedy",) * 3, a_record())
    assert shots[0]["round"] == 0 and shots[-1]["ended"] and len(shots) == shots[-1]["round"] + 1


def test_a_record_breaking_a_rule_is_refused():
    record = a_record()
    with pytest.raises(rp.RecordMismatch, match="expected a 'governor'"):
        rp.play(Settings(), 3, ("greedy",) * 3, record[1:])
    broken = record[:-1] + [("stack", COFFEE if record[-1][1] != COFFEE else CORN)]
    with pytest.raises(rp.RecordMismatch, match="breaks a rule: the stack"):
        rp.play(Settings(), 3, ("greedy",) * 3, broken)
    with pytest.raises(rp.RecordMismatch, match="expected a 'choice'"):
        rp.play(Settings(), 3, ("random",) * 3, record)
    with pytest.raises(rp.RecordMismatch, match="not legal"):
        rp.play(Settings(), 3, ("random",) * 3, record + [("choice", 99)])
    with pytest.raises(rp.RecordMismatch, match="rows left"):
        rp.play(Settings(), 3, ("greedy",) * 3, record + [("choice", 0)])


# -- the engine's records ------------------------------------------------------------------------------------------

def engine_games(seed: int):
    """(settings, players, policies by rank, record, engine snapshots) of sim.READINGS' seeded engine games."""
    import numpy as np

    from analyzer.games.puerto_rico import game, sim

    rng = np.random.default_rng(seed)
    for players, changes, names in sim.READINGS:
        settings = replace(Settings(), **changes)
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = sim.engine_game(settings, players, policies, game.Chance(1, rng).seeds[0])
        yield settings, players, policies, record, snaps


def test_engine_games_replay_snapshot_for_snapshot():
    # every reading that changes a whole game, random and greedy seats, 3 to 5 players
    for settings, players, policies, record, snaps in engine_games(0):
        assert rp.play(settings, players, policies, record) == snaps, (settings, players, policies)


def test_an_engine_record_changed_or_read_by_other_players_is_refused():
    settings, players, policies, record, _ = next(g for g in engine_games(0) if set(g[2]) == {"random"})
    at = next(i for i, row in enumerate(record) if row[0] == "choice")
    with pytest.raises(rp.RecordMismatch, match="not legal"):
        rp.play(settings, players, policies, record[:at] + [("choice", 99)] + record[at + 1:])
    with pytest.raises(rp.RecordMismatch):
        rp.play(settings, players, ("greedy",) * players, record)
    settings, players, policies, record, _ = next(g for g in engine_games(0) if set(g[2]) == {"greedy"})
    with pytest.raises(rp.RecordMismatch):
        rp.play(settings, players, ("random",) * players, record)


def test_noisy_seats_replay_their_coins_and_a_changed_coin_is_refused():
    noisy = [game for game in engine_games(0) if any(p.startswith("noisy") for p in game[2])]
    assert len(noisy) == 3
    for settings, players, policies, record, snaps in noisy:
        assert rp.play(settings, players, policies, record) == snaps
    settings, players, policies, record, _ = noisy[0]  # four noisy:0.3 players
    assert set(policies) == {"noisy:0.3"}
    at = next(i for i, row in enumerate(record) if row == ("coin", row[1]) and row[1] >= 300_000)
    with pytest.raises(rp.RecordMismatch, match="expected a 'choice' row"):  # an exploring coin wants a choice row
        rp.play(settings, players, policies, record[:at] + [("coin", 0)] + record[at + 1:])
    with pytest.raises(rp.RecordMismatch, match="out of"):
        rp.play(settings, players, policies, record[:at] + [("coin", 10 ** 6)] + record[at + 1:])
    with pytest.raises(rp.RecordMismatch):  # read as other players' record
        rp.play(settings, players, ("greedy",) * players, record)
    with pytest.raises(rp.RecordMismatch):
        rp.play(settings, players, ("noisy:0.5",) * players, record)
