"""Hand-stepped positions on the readable reference: every rule subtlety the spec quotes, each setting's readings."""
from dataclasses import replace

import pytest

from analyzer.games.catan import board as geo
from analyzer.games.catan import reference as ref
from analyzer.games.catan.rules import Settings

B = geo.default_board()
WOOD, BRICK, SHEEP, GRAIN, ORE = range(5)


def settings(**changes):
    return replace(Settings(), **changes)


def game(players=3, **changes) -> ref.Game:
    return ref.new_game(B, settings(**changes), players)


def edge(a, b) -> int:
    return geo.EDGE_ID[(min(a, b), max(a, b))]


def put(g, seat, kind, v):
    g.buildings[v] = (seat, kind)
    g.seats[seat].pieces[kind] -= 1


def lay(g, seat, vertices):
    """Roads along a vertex path, then the awards."""
    for a, b in zip(vertices, vertices[1:]):
        g.roads[edge(a, b)] = seat
        g.seats[seat].pieces["road"] -= 1
    ref.update_longest_road(g)


def simple_path(n, start=0, avoid=()):
    """A path of n edges (n + 1 vertices) by depth-first search, the lowest neighbour first."""
    def dfs(path):
        if len(path) == n + 1:
            return path
        for w in sorted(ref.VERTEX_NEIGHBORS[path[-1]]):
            if w not in path and w not in avoid:
                found = dfs(path + [w])
                if found:
                    return found
        return None
    return dfs([start])


def hand(**cards):
    return [cards.get(k, 0) for k in geo.RESOURCES]


class Script:
    """A policy answering from fixed lists (first item first); `actions` are the build phase's, then None."""

    def __init__(self, actions=(), robber=None, victim=None, steal=None, discard=None, roads=(), before_roll=False):
        self.actions, self.roads = list(actions), list(roads)
        self.robber_, self.victim_, self.steal_ = robber, victim, steal
        self.discard_, self.before = discard, before_roll
        self.asked = []

    def before_roll(self, g, seat):
        return [("knight",)] if self.before else []

    def action(self, g, seat):
        return self.actions.pop(0) if self.actions else None

    def robber(self, g, seat, hexes):
        self.asked.append(("robber", tuple(hexes)))
        return self.robber_

    def victim(self, g, seat, who):
        self.asked.append(("victim", tuple(who)))
        return self.victim_ if self.victim_ is not None else who[0]

    def steal(self, g, seat, victim):
        return self.steal_

    def discard(self, g, seat, n):
        self.asked.append(("discard", seat, n))
        return self.discard_(g.seats[seat].hand, n)

    def road(self, g, seat, spots):
        return self.roads.pop(0)


def drop_first(h, n):
    out = [0] * 5
    for k in range(5):
        out[k] = min(h[k], n - sum(out))
    return out


def turn(g, roll=6, policies=None, **chance):
    policies = policies or [Script() for _ in g.seats]
    ref.play_turn(g, ref.FixedChance(rolls=[roll], **chance), policies)
    return policies


# ------------------------------------------------------------------------------------------------
# building


def test_the_distance_rule_and_the_road_to_a_new_settlement():
    g = game()
    v = 20
    put(g, 1, "settlement", v)
    assert v not in ref.settlement_spots(g, 0, setup=True)
    assert not set(ref.VERTEX_NEIGHBORS[v]) & set(ref.settlement_spots(g, 0, setup=True))
    assert len(ref.settlement_spots(g, 0, setup=True)) == 54 - 1 - len(ref.VERTEX_NEIGHBORS[v])
    # after setup a settlement needs an own road to its vertex (settlement_needs_road true), else not
    assert ref.settlement_spots(g, 0) == []
    path = simple_path(2, start=0)
    lay(g, 0, path)
    assert ref.settlement_spots(g, 0) == [w for w in path if ref.free_by_distance(g, w)]
    assert len(ref.settlement_spots(game(settlement_needs_road=False), 0)) == 54


def test_a_road_may_not_continue_through_another_players_building_but_one_built_before_stays():
    g = game()
    a, v, *_ = simple_path(3, start=0)
    lay(g, 0, [a, v])
    beyond = [e for e in ref.VERTEX_EDGES[v] if e not in g.roads]
    assert set(beyond) <= set(ref.road_spots(g, 0))
    put(g, 1, "settlement", v)
    assert not set(beyond) & set(ref.road_spots(g, 0))
    assert edge(a, v) in g.roads  # the road built before stays
    # a road of mine that went on past v before the settlement stays and may be extended from its far end
    g = game()
    a, v, b, c = simple_path(3, start=0)
    lay(g, 0, [a, v, b])
    put(g, 1, "settlement", v)
    assert g.roads[edge(v, b)] == 0 and set(e for e in ref.VERTEX_EDGES[b] if e not in g.roads) <= set(
        ref.road_spots(g, 0))


def test_supplies_are_limited_no_sixth_settlement_and_a_city_returns_the_piece():
    g = game(settlement_needs_road=False)
    spots = [v for v in ref.settlement_spots(g, 0)][::10][:5]
    for v in spots:
        g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=1)
        ref.build(g, 0, "settlement", v)
    g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=1)
    assert g.seats[0].pieces["settlement"] == 0 and not ref.can_build(g, 0, "settlement")
    with pytest.raises(AssertionError):
        ref.build(g, 0, "settlement", ref.settlement_spots(g, 0)[0])
    g.seats[0].hand = hand(grain=2, ore=3)
    ref.build(g, 0, "city", spots[0])
    assert g.seats[0].pieces == {"road": 15, "settlement": 1, "city": 3}
    g.seats[0].pieces["road"] = 0
    g.seats[0].hand = hand(wood=1, brick=1)
    assert not ref.can_build(g, 0, "road")


def test_a_city_in_the_settlements_own_turn_needs_a_settlement_piece_to_place_first():
    g = game()
    lay(g, 0, simple_path(2, start=0))
    v = ref.settlement_spots(g, 0)[0]
    g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=3, ore=3)
    turn(g, roll=2, policies=[Script([("settlement", v), ("city", v)]), Script(), Script()])
    assert g.buildings[v] == (0, "city") and g.seats[0].pieces["settlement"] == 5
    g = game()
    lay(g, 0, simple_path(2, start=0))
    g.seats[0].pieces["settlement"] = 0
    g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=3, ore=3)
    assert not ref.can_build(g, 0, "settlement") and not ref.can_build(g, 0, "city")


# ------------------------------------------------------------------------------------------------
# longest road and largest army


def test_longest_road_branches_do_not_count():
    g = game()
    trunk = simple_path(4, start=0)
    lay(g, 0, trunk)
    fork = trunk[2]
    side = [w for w in ref.VERTEX_NEIGHBORS[fork] if w not in trunk][0]
    lay(g, 0, [fork, side])
    assert ref.longest_road(g, 0) == 4 and g.longest_road is None  # 5 roads, a trail of 4
    lay(g, 0, [trunk[-1], [w for w in ref.VERTEX_NEIGHBORS[trunk[-1]] if w not in trunk + [side]][0]])
    assert ref.longest_road(g, 0) == 5 and g.longest_road == 0


def test_longest_road_around_a_hex_is_a_loop_of_six_and_a_tail_adds_to_it():
    g = game()
    ring = ref.HEX_VERTICES[9]
    ring = [ring[0]]
    while len(ring) < 6:  # walk the hex's corners in order
        ring.append(next(w for w in ref.VERTEX_NEIGHBORS[ring[-1]] if w in ref.HEX_VERTICES[9] and w not in ring))
    lay(g, 0, ring + ring[:1])
    assert ref.longest_road(g, 0) == 6 and g.longest_road == 0
    tail = next(w for w in ref.VERTEX_NEIGHBORS[ring[0]] if w not in ref.HEX_VERTICES[9])
    lay(g, 0, [ring[0], tail])
    assert ref.longest_road(g, 0) == 7


def test_longest_road_needs_five_and_a_new_holder_must_exceed_the_record():
    g = game()
    mine = simple_path(5, start=0)
    lay(g, 0, mine[:5])
    assert ref.longest_road(g, 0) == 4 and g.longest_road is None
    lay(g, 0, mine[4:])
    assert g.longest_road == 0 and ref.points_public(g, 0) == 2
    theirs = simple_path(6, start=53, avoid=mine + [w for v in mine for w in ref.VERTEX_NEIGHBORS[v]])
    lay(g, 1, theirs[:6])
    assert ref.longest_road(g, 1) == 5 and g.longest_road == 0  # equal is not enough
    lay(g, 1, theirs[5:])
    assert g.longest_road == 1 and ref.points_public(g, 0) == 0


@pytest.mark.parametrize("road_split", [True, False])
def test_a_later_settlement_splits_a_road_under_road_split(road_split):
    g = game(road_split=road_split)
    path = simple_path(6, start=0)
    lay(g, 0, path)
    assert g.longest_road == 0 and ref.longest_road(g, 0) == 6
    middle = path[3]
    put(g, 1, "settlement", middle)
    ref.update_longest_road(g)
    if road_split:
        assert ref.longest_road(g, 0) == 3 and g.longest_road is None
    else:
        assert ref.longest_road(g, 0) == 6 and g.longest_road == 0


def test_a_split_holder_loses_the_card_to_a_unique_longer_road_and_keeps_it_on_a_tie():
    g = game()
    path = simple_path(7, start=0)
    lay(g, 0, path)
    theirs = simple_path(5, start=53, avoid=path + [w for v in path for w in ref.VERTEX_NEIGHBORS[v]])
    lay(g, 1, theirs)
    assert g.longest_road == 0
    put(g, 2, "settlement", path[2])  # leaves a trail of 5 for seat 0: a tie with seat 1, the holder keeps it
    ref.update_longest_road(g)
    assert ref.longest_road(g, 0) == 5 and g.longest_road == 0
    del g.buildings[path[2]]
    put(g, 2, "settlement", path[3])  # now 4: seat 1's 5 is the unique longest
    ref.update_longest_road(g)
    assert ref.longest_road(g, 0) == 4 and g.longest_road == 1


def test_largest_army_needs_three_knights_and_must_be_overtaken():
    g = game()
    for seat, knights in ((0, 2), (1, 3)):
        g.seats[seat].knights = knights
        ref.update_largest_army(g, seat)
    assert g.largest_army == 1
    g.seats[0].knights = 3
    ref.update_largest_army(g, 0)
    assert g.largest_army == 1
    g.seats[0].knights = 4
    ref.update_largest_army(g, 0)
    assert g.largest_army == 0 and ref.points_public(g, 0) == 2 and ref.points_public(g, 1) == 0


def test_a_played_knight_moves_the_robber_steals_and_counts_for_the_army():
    g = game()
    g.seats[0].dev[ref.KNIGHT] = 1
    g.seats[0].knights = 2
    victim_vertex = ref.HEX_VERTICES[4][0]
    put(g, 1, "settlement", victim_vertex)
    g.seats[1].hand = hand(ore=9)
    pol = Script(robber=4, before_roll=True)
    turn(g, roll=6, policies=[pol, Script(), Script()], stolen=[ORE])
    assert g.robber == 4 and g.seats[0].hand[ORE] == 1 and g.largest_army == 0
    assert g.seats[1].hand[ORE] == 8  # a knight: no discards


# ------------------------------------------------------------------------------------------------
# the 7, the robber, the steal


@pytest.mark.parametrize("cards,up,down", [(7, 0, 0), (8, 4, 4), (9, 5, 4), (11, 6, 5)])
def test_the_discard_rounds_up_or_down(cards, up, down):
    assert ref.discard_count(cards, "up") == up and ref.discard_count(cards, "down") == down


@pytest.mark.parametrize("rounding", ["up", "down"])
def test_a_seven_makes_everyone_over_seven_discard_development_cards_aside(rounding):
    g = game(discard_rounding=rounding)
    g.seats[0].hand, g.seats[1].hand, g.seats[2].hand = hand(wood=9), hand(ore=7), hand(grain=11)
    g.seats[1].dev[ref.KNIGHT] = 3
    pols = [Script(robber=0, discard=drop_first) for _ in range(3)]
    turn(g, roll=7, policies=pols)
    assert [sum(p.hand) for p in g.seats] == ([4, 7, 5] if rounding == "up" else [5, 7, 6])
    assert g.bank[WOOD] == 19 + (5 if rounding == "up" else 4)


@pytest.mark.parametrize("target", ["land_other", "land_any"])
def test_the_robber_must_move_or_may_stay(target):
    g = game(robber_target=target)
    hexes = ref.robber_hexes(g)
    assert (g.robber in hexes) == (target == "land_any") and len(hexes) == (19 if target == "land_any" else 18)
    assert B.desert in hexes or target == "land_other"


def test_the_robbers_hex_produces_nothing_and_a_city_earns_two():
    g = game()
    h = next(h for h in range(19) if B.number[h] == 6)
    v = next(v for v in ref.HEX_VERTICES[h] if all(B.number[x] != 6 for x in ref.VERTEX_HEXES[v] if x != h))
    put(g, 0, "city", v)
    g.robber = h
    assert ref.produce(g, 6)[0] == hand()
    g.robber = B.desert
    got = [0] * 5
    got[B.resource(h)] = 2
    assert ref.produce(g, 6)[0] == got and g.seats[0].hand == got


@pytest.mark.parametrize("steal", ["random", "chosen"])
def test_the_steal_is_blind_or_chosen_and_only_from_players_with_cards_on_the_hex(steal):
    g = game(steal=steal)
    h = 4
    v1, v2 = ref.HEX_VERTICES[h][0], ref.HEX_VERTICES[h][3]
    put(g, 1, "settlement", v1)
    put(g, 2, "settlement", v2)
    g.seats[1].hand = hand(wood=1, ore=2)
    pol = Script(robber=h, steal=WOOD)
    turn(g, roll=7, policies=[pol, Script(), Script()], stolen=[ORE])
    assert ("victim", (1,)) in pol.asked  # seat 2 has no card to lose
    got = WOOD if steal == "chosen" else ORE
    assert g.seats[0].hand[got] == 1 and sum(g.seats[1].hand) == 2


# ------------------------------------------------------------------------------------------------
# production and the bank


def test_the_bank_running_out_of_a_resource_pays_nobody_that_resource():
    g = game()
    h = next(h for h in range(19) if B.number[h] == 8 and B.resource(h) >= 0)
    k = B.resource(h)
    corners = ref.HEX_VERTICES[h]
    assert all(not set(ref.HEX_VERTICES[x]) & {corners[0], corners[2]} for x in range(19) if B.number[x] == 8
               and x != h)
    put(g, 0, "city", corners[0])
    put(g, 1, "settlement", corners[2])
    g.bank[k] = 2  # owed 3
    ref.produce(g, 8)
    assert g.seats[0].hand[k] == 0 and g.seats[1].hand[k] == 0 and g.bank[k] == 2
    del g.buildings[corners[2]]  # owed 2 to one player: paid in full
    ref.produce(g, 8)
    assert g.seats[0].hand[k] == 2 and g.bank[k] == 0
    ref.produce(g, 8)
    assert g.seats[0].hand[k] == 2


def test_year_of_plenty_takes_what_the_bank_holds():
    g = game()
    g.seats[0].dev[ref.YEAR_OF_PLENTY] = 1
    g.bank[ORE] = 1
    ref.play_year_of_plenty(g, 0, (ORE, ORE))
    assert g.seats[0].hand[ORE] == 1 and g.bank[ORE] == 0


def test_monopoly_takes_every_card_of_the_kind():
    g = game()
    g.seats[0].dev[ref.MONOPOLY] = 1
    g.seats[1].hand, g.seats[2].hand = hand(grain=3, ore=1), hand(grain=2)
    ref.play_monopoly(g, 0, GRAIN)
    assert g.seats[0].hand[GRAIN] == 5 and g.seats[1].hand == hand(ore=1) and g.seats[2].hand == hand()


# ------------------------------------------------------------------------------------------------
# harbours and trades


@pytest.mark.parametrize("delay", [True, False])
def test_a_harbour_is_unusable_in_the_turn_it_is_built_under_harbor_delay(delay):
    g = game(harbor_delay=delay, settlement_needs_road=False)
    slot = next(i for i, h in enumerate(B.harbors) if h[2] == "generic")
    v = B.harbors[slot][0]
    g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=4)
    assert ref.trade_rate(g, 0, GRAIN) == 4
    turn(g, roll=2, policies=[Script([("settlement", v)]), Script(), Script()])
    assert ref.trade_rate(g, 0, GRAIN) == 3  # the next turn it is usable either way
    g = game(harbor_delay=delay, settlement_needs_road=False)
    g.seats[0].hand = hand(wood=1, brick=1, sheep=1, grain=4)
    acts = [("settlement", v), ("trade", GRAIN, ORE)]
    if delay:
        with pytest.raises(AssertionError):
            turn(g, roll=2, policies=[Script(acts), Script(), Script()])
    else:
        turn(g, roll=2, policies=[Script(acts), Script(), Script()])
        assert g.seats[0].hand == hand(ore=1)


def test_a_two_to_one_harbour_is_for_its_resource_only():
    g = game()
    v1, v2, kind = next(h for h in B.harbors if h[2] != "generic")
    k = geo.RESOURCES.index(kind)
    put(g, 0, "settlement", v2)
    assert ref.trade_rate(g, 0, k) == 2 and ref.trade_rate(g, 0, (k + 1) % 5) == 4


# ------------------------------------------------------------------------------------------------
# development cards


def test_a_development_card_is_not_playable_in_the_turn_bought():
    g = game()
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    pols = [Script([("dev",), ("monopoly", WOOD)]), Script(), Script()]
    with pytest.raises(AssertionError):
        turn(g, roll=2, policies=pols, dev=[ref.MONOPOLY])
    assert g.seats[0].dev[ref.MONOPOLY] == 1
    g.seats[0].bought = [0] * 5
    g.dev_played = 0
    assert ref.playable(g, 0, ref.MONOPOLY)


@pytest.mark.parametrize("limit", ["1", "unlimited"])
def test_dev_cards_per_turn_limits_playing_not_buying(limit):
    g = game(dev_cards_per_turn=limit)
    g.seats[0].dev[ref.MONOPOLY] = 1
    g.seats[0].dev[ref.YEAR_OF_PLENTY] = 1
    g.seats[0].hand = hand(sheep=2, grain=2, ore=2)
    acts = [("dev",), ("dev",), ("monopoly", WOOD), ("year_of_plenty", BRICK, BRICK)]
    pols = [Script(acts), Script(), Script()]
    if limit == "1":
        with pytest.raises(AssertionError):
            turn(g, roll=2, policies=pols, dev=[ref.KNIGHT, ref.KNIGHT])
    else:
        turn(g, roll=2, policies=pols, dev=[ref.KNIGHT, ref.KNIGHT])
        assert g.seats[0].hand[BRICK] == 2 and g.seats[0].dev[ref.KNIGHT] == 2


def test_road_building_lays_two_free_roads():
    g = game()
    a, b, c, d = simple_path(3, start=0)
    lay(g, 0, [a, b])
    g.seats[0].dev[ref.ROAD_BUILDING] = 1
    ref.play_road_building(g, 0, Script(roads=[edge(b, c), edge(c, d)]))
    assert g.roads[edge(c, d)] == 0 and g.seats[0].pieces["road"] == 12 and g.seats[0].hand == hand()


def nine_points(g, seat=0):
    vs = [v for v in range(54) if ref.free_by_distance(g, v)][::9][:5]
    for v in vs[:4]:
        put(g, seat, "city", v)  # 8 points
    put(g, seat, "settlement", vs[4])  # 9
    return vs


def test_a_vp_card_bought_as_the_tenth_point_may_be_revealed_at_once():
    g = game()
    nine_points(g)
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    turn(g, roll=2, policies=[Script([("dev",), ("vp",)]), Script(), Script()], dev=[ref.VP])
    assert g.winner == 0 and g.end == "won" and ref.points_public(g, 0) == 10


def test_under_must_reveal_an_unrevealed_vp_card_does_not_count_and_a_fresh_one_waits_unless_tenth():
    g = game()
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    turn(g, roll=2, policies=[Script([("dev",)]), Script(), Script()], dev=[ref.VP])
    assert ref.points(g, 0) == 0 and not g.seats[0].bought[ref.VP]
    g.to_move = 0
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    ref.buy_dev_card(g, 0, ref.FixedChance(dev=[ref.VP]))
    ref.reveal_vp(g, 0)  # the old one
    assert ref.points(g, 0) == 1 and not ref.can_reveal(g, 0)  # the new one is not a 10th point


def test_under_hidden_vp_cards_count_unrevealed_and_win_on_his_turn():
    g = game(vp_cards="hidden")
    nine_points(g)
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    assert not ref.can_reveal(g, 0)
    turn(g, roll=2, policies=[Script([("dev",)]), Script(), Script()], dev=[ref.VP])
    assert g.winner == 0 and ref.points(g, 0) == 10 and ref.points_public(g, 0) == 9


def test_ten_points_win_only_on_his_own_turn():
    g = game()
    path = simple_path(5, start=0)
    nine_points(g, seat=1)
    lay(g, 0, path[:5])
    g.longest_road = None
    lay(g, 1, simple_path(5, start=53, avoid=path + [w for v in path for w in ref.VERTEX_NEIGHBORS[v]]))
    assert g.longest_road == 1 and ref.points(g, 1) == 11 and g.end is None  # seat 0 is to move
    turn(g, roll=2)
    assert g.end is None and g.to_move == 1
    turn(g, roll=2)
    assert g.winner == 1 and g.end == "won" and g.log == [("roll", 0, 2)]  # at the start of his turn, unrolled


def test_without_auto_claim_ten_points_win_only_at_the_start_of_his_next_turn():
    g = game(auto_claim=False)
    nine_points(g)
    g.seats[0].hand = hand(sheep=1, grain=1, ore=1)
    g.seats[0].pieces["road"] = 0
    turn(g, roll=2, policies=[Script([("dev",), ("vp",)]), Script(), Script()], dev=[ref.VP])
    assert ref.points(g, 0) == 10 and g.end is None
    turn(g, roll=2)
    turn(g, roll=2)
    turn(g, roll=2)
    assert g.winner == 0 and g.turn == 4


def test_the_turn_cap_counts_own_turns_per_player_and_ends_the_game_apart():
    g = game(turn_cap=2)
    for _ in range(5):
        turn(g, roll=2)
    assert g.end is None
    turn(g, roll=2)
    assert g.end == "capped" and g.winner is None and g.turn == 6


# ------------------------------------------------------------------------------------------------
# setup


@pytest.mark.parametrize("die,dice", [("1d6", 1), ("2d6", 2)])
def test_the_start_order_rolls_start_die_and_ties_roll_again(die, dice):
    g = game(players=4, start_die=die)

    class Rolls(ref.FixedChance):
        def start_roll(self, seat, n):
            assert n == dice
            return super().start_roll(seat, n)

    order = ref.start_order(g, Rolls(start=[3, 5, 5, 2, 4, 1]))
    assert order == [1, 2, 0, 3] and g.start_rolls == [(0, 3), (1, 5), (2, 5), (3, 2), (1, 4), (2, 1)]


def test_the_snake_draft_and_cards_from_the_second_settlement_only():
    g = game(players=3)
    placed = []

    class Place(Script):
        def settlement(self, g, seat, spots):
            placed.append((seat, spots[0]))
            return spots[0]

        def setup_road(self, g, seat, v, spots):
            assert all(v in ref.EDGES[e] for e in spots)  # the road leaves the settlement just placed
            return spots[0]

    ref.setup(g, ref.FixedChance(start=[2, 6, 4]), [Place() for _ in range(3)])
    assert g.placement == [1, 2, 0] and g.to_move == 1
    assert [seat for seat, _ in placed] == [1, 2, 0, 0, 2, 1]
    for seat, v in placed[3:]:
        want = hand()
        for h in ref.VERTEX_HEXES[v]:
            if B.resource(h) >= 0:
                want[B.resource(h)] += 1
        assert g.seats[seat].hand == want and g.seats[seat].pieces == {"road": 13, "settlement": 3, "city": 4}


def test_the_board_settings_token_sequence_and_harbor_kinds_are_what_the_rules_read():
    generic = geo.default_board(harbor_kinds=("generic",) * 9)
    g = ref.new_game(generic, settings(), 3)
    put(g, 0, "settlement", generic.harbors[1][0])
    assert [ref.trade_rate(g, 0, k) for k in range(5)] == [3] * 5
    shifted = geo.default_board(token_sequence=geo.TOKEN_SEQUENCE[1:] + geo.TOKEN_SEQUENCE[:1])
    h = next(h for h in range(19) if shifted.number[h] != B.number[h] and shifted.resource(h) >= 0)
    v = ref.HEX_VERTICES[h][0]
    g = ref.new_game(shifted, settings(), 3)
    put(g, 0, "settlement", v)
    assert ref.produce(g, shifted.number[h])[0][shifted.resource(h)] >= 1
