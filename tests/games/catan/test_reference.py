"""The readable reference in whole games: random legal players on random boards in every reading keep every
invariant (cards, pieces, the deck, the awards, the points), and the spec's reference figures it touches."""
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from analyzer.games.catan import board as geo
from analyzer.games.catan import reference as ref
from analyzer.games.catan import reference_policies as rp

from .test_rules_subtleties import B, game, hand, lay, put, settings, simple_path

READINGS = [{}, {"discard_rounding": "down", "harbor_delay": False, "vp_cards": "hidden", "start_die": "2d6",
                 "dev_cards_per_turn": "unlimited", "steal": "chosen", "settlement_needs_road": False,
                 "robber_target": "land_any", "road_split": False}]


class RandomPlayer:
    """Uniform over the legal choices; stops its build phase with chance 1/4 each step."""

    def __init__(self, rng):
        self.rng = rng

    def _pick(self, items):
        return items[int(self.rng.integers(len(items)))]

    def settlement(self, g, seat, spots):
        return self._pick(spots)

    def road(self, g, seat, spots):
        return self._pick(spots)

    def setup_road(self, g, seat, v, spots):
        return self._pick(spots)

    def before_roll(self, g, seat):
        return [("knight",)] if ref.playable(g, seat, ref.KNIGHT) and self.rng.random() < 0.5 else []

    def action(self, g, seat):
        legal = ref.legal_actions(g, seat)
        return self._pick(legal) if legal and self.rng.random() < 0.75 else None

    def robber(self, g, seat, hexes):
        return self._pick(hexes)

    def victim(self, g, seat, who):
        return self._pick(who)

    def steal(self, g, seat, victim):
        return self._pick([k for k in range(5) if g.seats[victim].hand[k]])

    def discard(self, g, seat, n):
        left, out = list(g.seats[seat].hand), [0] * 5
        for _ in range(n):
            k = self._pick([k for k in range(5) if left[k]])
            left[k] -= 1
            out[k] += 1
        return out


def check_invariants(g):
    for k in range(5):
        assert g.bank[k] + sum(p.hand[k] for p in g.seats) == ref.BANK
    for s, p in enumerate(g.seats):
        for kind in ("road", "settlement", "city"):
            on_board = sum(1 for o in g.roads.values() if o == s) if kind == "road" else \
                sum(1 for o, kd in g.buildings.values() if o == s and kd == kind)
            assert on_board + p.pieces[kind] == ref.SUPPLY[kind]
    held = [sum(p.dev[c] for p in g.seats) for c in range(5)]
    played_knights = sum(p.knights for p in g.seats)
    revealed = sum(p.vp_revealed for p in g.seats)
    assert g.deck[ref.KNIGHT] + held[ref.KNIGHT] + played_knights == ref.DECK[ref.KNIGHT]
    assert g.deck[ref.VP] + held[ref.VP] + revealed == ref.DECK[ref.VP]
    for v in g.buildings:
        assert all(w not in g.buildings for w in ref.VERTEX_NEIGHBORS[v])
    if g.longest_road is not None:
        length = [ref.longest_road(g, s) for s in range(g.players)]
        assert length[g.longest_road] >= ref.ROAD_MIN and length[g.longest_road] == max(length)
    if g.largest_army is not None:
        knights = [p.knights for p in g.seats]
        assert knights[g.largest_army] >= ref.ARMY_MIN and knights[g.largest_army] == max(knights)
    if g.end == "won":
        assert ref.points(g, g.winner) >= ref.WIN


@pytest.mark.parametrize("reading", range(len(READINGS)))
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_every_invariant(reading, seed):
    rng = np.random.default_rng(seed)
    board = geo.random_board(rng)
    s = settings(**READINGS[reading], turn_cap=40)
    players = 3 + seed % 2
    policies = [RandomPlayer(np.random.default_rng([seed, i])) for i in range(players)]
    g = ref.new_game(board, s, players)
    ref.setup(g, ref.RandomChance(rng), policies)
    assert sum(map(sum, (p.hand for p in g.seats))) <= 3 * players
    chance = ref.RandomChance(rng)
    while g.end is None:
        ref.play_turn(g, chance, policies)
        check_invariants(g)
    assert g.end in ("won", "capped") and len(g.roads) > 2 * players


def test_a_settlement_on_6_8_5_earns_7_18_cards_a_roll_14_9_a_round_of_four():
    v = next(v for v in range(54) if len(ref.VERTEX_HEXES[v]) == 3 and geo.default_board().desert not in
             ref.VERTEX_HEXES[v])
    number = [0 if h == geo.default_board().desert else 2 for h in range(19)]
    for h, n in zip(ref.VERTEX_HEXES[v], (6, 8, 5)):
        number[h] = n
    board = replace(geo.default_board(), number=tuple(number))
    earned = Fraction(0)
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if d1 + d2 != 7:
                g = ref.new_game(board, settings(), 4)
                g.buildings[v] = (0, "settlement")
                earned += Fraction(sum(ref.produce(g, d1 + d2)[0]), 36)
    assert earned == Fraction(7, 18) and 4 * earned == Fraction(14, 9)


class RecordingChance(ref.RandomChance):
    """Random chance that writes the engine's record format as it draws."""

    def __init__(self, rng):
        super().__init__(rng)
        self.record = []

    def start_roll(self, seat, dice):
        return self._note("start", super().start_roll(seat, dice))

    def roll(self):
        return self._note("roll", super().roll())

    def dev_card(self, deck):
        return self._note("dev", super().dev_card(deck))

    def stolen(self, hand):
        return self._note("steal", super().stolen(hand))

    def _note(self, kind, value):
        self.record.append((kind, value))
        return value


@pytest.mark.parametrize("reading", range(len(READINGS)))
def test_a_recorded_game_replays_to_the_same_snapshots(reading):
    rng = np.random.default_rng(7 + reading)
    board = geo.random_board(rng)
    names = ["greedy", "trader", "greedy", "trader"]
    s = settings(**READINGS[reading])
    chance = RecordingChance(rng)
    g = ref.play_game(ref.new_game(board, s, 4), chance, [rp.make(n) for n in names])
    assert g.end == "won" and {k for k, _ in chance.record} >= {"start", "roll", "dev"}
    assert rp.play(board, s, 4, names, chance.record) == g.snapshots


@pytest.mark.parametrize("reading", range(len(READINGS)))
def test_greedy_and_trader_games_keep_every_invariant(reading):
    rng = np.random.default_rng(11 + reading)
    board = geo.random_board(rng)
    policies = [rp.make(n) for n in ("trader", "greedy", "trader")]
    g = ref.new_game(board, settings(**READINGS[reading]), 3)
    chance = ref.RandomChance(rng)
    ref.setup(g, chance, policies)
    while g.end is None:
        ref.play_turn(g, chance, policies)
        check_invariants(g)
    assert g.end == "won" and ref.points(g, g.winner) >= 10


# ------------------------------------------------------------------------------------------------
# the policies' choices, hand-stepped (the tie-breaks of the coordination notes)


def test_the_discard_drops_the_largest_surplus_over_the_target_ties_grain_ore_sheep_brick_wood():
    g = game()
    put(g, 0, "settlement", 0)  # a city is placeable: the target is 2 grain + 3 ore
    g.seats[0].hand = hand(wood=2, brick=2, sheep=2, grain=2)
    assert rp.Greedy().discard(g, 0, 4) == hand(wood=1, brick=1, sheep=2)


def test_the_robber_denies_the_most_pips_off_his_own_hexes_a_city_twice():
    mine, theirs, city = 0, 2, 16  # no two share a corner; only these carry a number
    assert not set(ref.HEX_VERTICES[0]) & set(ref.HEX_VERTICES[2]) and not set(ref.HEX_VERTICES[2]) & set(
        ref.HEX_VERTICES[16])
    number = [0] * 19
    number[mine], number[theirs], number[city] = 6, 8, 4
    g = ref.new_game(replace(B, number=tuple(number)), settings(), 3)
    put(g, 0, "settlement", ref.HEX_VERTICES[mine][0])
    put(g, 1, "settlement", ref.HEX_VERTICES[mine][3])
    put(g, 1, "settlement", ref.HEX_VERTICES[theirs][0])
    put(g, 2, "city", ref.HEX_VERTICES[city][3])
    hexes = ref.robber_hexes(g)
    assert rp.Greedy().robber(g, 0, hexes) == city  # 3 pips twice beat 5 once; his own hex (10 denied) is out
    put(g, 2, "city", ref.HEX_VERTICES[theirs][3])
    assert rp.Greedy().robber(g, 0, hexes) == theirs
    assert rp.Greedy().robber(g, 0, [mine]) == mine  # nothing else allowed: his own hex after all


def test_the_victim_has_most_cards_ties_the_next_seat_after_the_thief():
    g = game(players=4)
    for q, n in ((0, 1), (1, 2), (2, 3), (3, 3)):
        g.seats[q].hand = hand(wood=n)
    assert rp.Greedy().victim(g, 1, [0, 2, 3]) == 2 and rp.Greedy().victim(g, 3, [0, 1, 2]) == 2
    g.seats[0].hand = hand(wood=3)
    assert rp.Greedy().victim(g, 3, [0, 2]) == 0  # (0 - 3) mod 4 = 1 before (2 - 3) mod 4 = 3


def test_a_chosen_steal_takes_what_the_target_lacks_most_ties_what_the_victim_has_most():
    g = game(steal="chosen")
    put(g, 0, "settlement", 0)  # target: city, 2 grain + 3 ore
    g.seats[0].hand = hand(grain=1, ore=1)
    g.seats[1].hand = hand(wood=5, grain=1, ore=1)
    assert rp.Greedy().steal(g, 0, 1) == ref.ORE  # needs 2 ore, 1 grain
    g.seats[0].hand = hand(grain=0, ore=2)
    g.seats[1].hand = hand(grain=1, ore=2)
    assert rp.Greedy().steal(g, 0, 1) == ref.GRAIN  # need 2 grain vs 1 ore


def test_the_draft_takes_the_best_score_and_the_road_toward_the_best_spot_beyond():
    g = game()
    pol = rp.Greedy()
    spots = ref.settlement_spots(g, 0, setup=True)
    v = pol.settlement(g, 0, spots)
    assert rp.score(g, v, 0) == max(rp.score(g, u, 0) for u in spots)
    assert v == min(u for u in spots if rp.score(g, u, 0) == rp.score(g, v, 0))
    put(g, 0, "settlement", v)
    e = pol.setup_road(g, 0, v, ref.road_spots(g, 0, from_vertex=v))
    w = sum(ref.EDGES[e]) - v
    beyond = [u for u in ref.VERTEX_NEIGHBORS[w] if u != v and ref.free_by_distance(g, u)]
    best = max(rp.vertex_pips(g, u) for x in ref.VERTEX_NEIGHBORS[v] for u in ref.VERTEX_NEIGHBORS[x]
               if u != v and ref.free_by_distance(g, u))
    assert max(rp.vertex_pips(g, u) for u in beyond) == best


def test_a_road_heads_for_the_best_open_spot_and_a_road_is_wanted_only_when_no_spot_is_open():
    g = game()
    path = simple_path(2, start=0)
    put(g, 0, "settlement", path[0])
    lay(g, 0, path[:2])
    assert rp.placeable(g, 0, "road") and rp.road_toward_target(g, 0) in ref.road_spots(g, 0)
    lay(g, 0, path[1:])
    assert not rp.placeable(g, 0, "road")  # the end of the road is a free spot: a settlement is wanted
    del g.buildings[path[0]]
    put(g, 1, "settlement", path[2])  # the road's end under another's building: no start for a new road
    assert path[2] not in ref.EDGES[rp.road_toward_target(g, 0)]


def test_year_of_plenty_fills_the_first_build_short_of_one_or_two_and_monopoly_needs_three():
    g = game()
    put(g, 0, "settlement", 0)
    g.seats[0].dev[ref.YEAR_OF_PLENTY] = 1
    g.seats[0].dev[ref.MONOPOLY] = 1
    g.seats[0].hand = hand(grain=2, ore=2)  # the city is short of one ore
    assert rp.Greedy().card_to_play(g, 0) == ("year_of_plenty", ref.ORE, ref.SHEEP)  # then the fewest held, PREF
    g.seats[0].hand = hand()
    assert rp.Greedy().card_to_play(g, 0) == ("year_of_plenty", ref.WOOD, ref.BRICK)  # a road toward a spot
    g.seats[0].dev[ref.YEAR_OF_PLENTY] = 0
    g.seats[1].hand, g.seats[2].hand = hand(brick=2), hand(brick=1, wood=2)
    assert rp.Greedy().card_to_play(g, 0) == ("monopoly", ref.BRICK)
    g.seats[2].hand = hand(wood=2)
    assert rp.Greedy().card_to_play(g, 0) is None


def test_a_knight_is_played_off_his_robbed_hex_or_to_take_the_army():
    g = game()
    h = next(h for h in range(19) if B.number[h])
    put(g, 0, "settlement", ref.HEX_VERTICES[h][0])
    g.seats[0].dev[ref.KNIGHT] = 1
    assert rp.Greedy().card_to_play(g, 0) is None  # the robber is on the desert, 0 knights played
    g.robber = h
    assert rp.Greedy().card_to_play(g, 0) == ("knight",)
    g.robber, g.seats[0].knights = B.desert, 2
    assert rp.Greedy().card_to_play(g, 0) == ("knight",)
    g.seats[1].knights, g.largest_army = 3, 1
    assert rp.Greedy().card_to_play(g, 0) is None  # 3 does not overtake 3


def test_the_trader_spares_the_cheapest_rate_then_the_largest_surplus_then_builds():
    g = game(harbor_delay=False, settlement_needs_road=False)
    v1, v2, kind = next(hb for hb in B.harbors if hb[2] == "wood")
    put(g, 0, "settlement", v1)  # a city is placeable (2 grain + 3 ore), a road is not (spots are open)
    g.seats[0].hand = hand(wood=2, brick=4, grain=2, ore=2)
    t = rp.Trader()
    t.before_roll(g, 0)
    t.dev_step = False
    assert t.action(g, 0) == ("trade", ref.WOOD, ref.ORE)  # 2:1 wood before 4:1 brick
    ref.act(g, 0, ("trade", ref.WOOD, ref.ORE), None, t)
    assert t.action(g, 0) == ("city", v1)
    assert rp.Greedy().action(g, 0) == ("city", v1) and rp.Greedy().trade(g, 0) is None


def test_each_vp_card_bought_at_ten_points_or_more_is_shown_at_once_without_auto_claim():
    g = game(auto_claim=False)
    vs = [v for v in range(54) if ref.free_by_distance(g, v)][::9][:5]
    for v in vs[:4]:
        put(g, 0, "city", v)
    put(g, 0, "settlement", vs[4])  # 9 points; the first VP card makes 10, the second 11: no win this turn
    g.seats[0].hand = hand(sheep=2, grain=2, ore=2)
    g.seats[0].pieces["road"] = 0
    ref.play_turn(g, ref.FixedChance(rolls=[2], dev=[ref.VP, ref.VP]), [rp.Greedy(), rp.Greedy(), rp.Greedy()])
    assert g.seats[0].vp_revealed == 2 and g.seats[0].dev[ref.VP] == 0 and g.end is None
