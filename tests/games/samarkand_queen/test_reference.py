"""The readable rules, hand-stepped: every subtlety spec §3-§5 quotes, each §10 reading, and §11.4-6."""
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario
from analyzer.games.samarkand_queen import reference as ref
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import state

HERE = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"

# a small inline board: red, blue, green, yellow; land1 and water touch red's and blue's starts
BOARD = {"source": "illustrative", "families": {"red": {"dowry": 4}, "blue": {"dowry": 3}, "green": {"dowry": 5},
                                                "yellow": {"dowry": 6}},
         "cells": {"R": {"start": "red"}, "B": {"start": "blue"}, "G": {"start": "green"}, "Y": {"start": "yellow"},
                   "land1": {}, "land2": {}, "water": {"kind": "water"}, "g1": {"goods": 1}, "g2": {"goods": 2},
                   "g3": {"goods": 3}, "g4": {"goods": 4}},
         "adjacency": {"R": ["land1", "water", "g1", "g2", "land2"], "B": ["land1", "water", "g1"],
                       "G": ["land2", "g3"], "Y": ["g4", "land2"], "g3": ["g4"]}}
RED, BLUE, GREEN, YELLOW = range(4)


def position(camels=None, players=None, families=None, rules=None, n=3, **extra):
    players = players or [{"name": "ann", "money": 10, "tiles": ["red"], "hand": []},
                          {"name": "bob", "money": 10, "tiles": ["blue"], "hand": []},
                          {"name": "cy", "money": 10, "tiles": ["green"], "hand": []}][:n]
    data = {"game": "samarkand_queen", "players": len(players), "rules": {"board": BOARD, **(rules or {})},
            "position": {"camels": camels or {}, "players": players,
                         "families": families or {"red": {"treasury": 4}, "blue": {"treasury": 3}}, **extra}}
    return state.parse_position(data)


def cell(p, cid):
    return p.board.cell(cid, "test")


def extend(p, *cells, family=RED, sells=None):
    return ref.apply(p, ("extend", family, tuple(cell(p, c) for c in cells)), sells=sells)


def money(p):
    return [q.money for q in p.seats]


# -- relationships ---------------------------------------------------------------------------------

def test_a_new_relationship_on_land_pays_3_and_1_and_gives_the_mover_both_top_markers():
    p = position({"land1": ["blue"]})
    after = extend(p, "land1")
    assert money(after) == [13, 11, 10] and after.seats[0].relationships == 2
    assert after.met == {(RED, BLUE)} and after.families[RED].markers_left == 4 == after.families[BLUE].markers_left
    assert ref.scores(after)[0] - ref.scores(p)[0] == 5


def test_tomas_meets_the_levant_3_dirham_and_2_markers_petra_1():
    p = state.parse_position(scenario.load(HERE / "relationship.yaml"))
    f = p.board.families
    action = ("extend", f.index("byzantium"), (p.board.cell("2,2", "t"),))
    after = ref.apply(p, action)
    assert [a - b for a, b in zip(money(after), money(p))] == [3, 1, 0, 0]
    assert after.seats[0].relationships == 2 and ref.scores(after)[0] - ref.scores(p)[0] == 5


def test_a_holder_of_both_families_gets_both_bonuses():
    p = position({"land1": ["blue"]}, players=[{"name": "ann", "money": 10, "tiles": ["red", "blue"], "hand": []},
                                               {"name": "bob", "money": 10, "tiles": ["blue"], "hand": []},
                                               {"name": "cy", "money": 10, "tiles": ["red"], "hand": []}])
    assert money(extend(p, "land1")) == [14, 11, 13]


def test_never_a_relationship_on_water():
    p = position({"water": ["blue"]})
    after = extend(p, "water")
    assert after.met == frozenset() and money(after) == money(p) and after.seats[0].relationships == 0


def test_later_meetings_of_a_pair_pay_nothing_and_a_joined_goods_space_gives_no_marker():
    p = position({"land1": ["red", "blue"], "g1": ["blue"]},
                 players=[{"name": "ann", "money": 10, "tiles": ["red"], "hand": [], "markers": {"relationships": 2}},
                          {"name": "bob", "money": 10, "tiles": ["blue"], "hand": [1], "markers": {"goods": [1]}},
                          {"name": "cy", "money": 10, "tiles": ["green"], "hand": []}])
    after = extend(p, "g1", sells={1: True})
    assert money(after) == money(p) and after.seats[0].relationships == 2 and after.seats[0].goods_markers == ()
    assert after.seats[1].hand == (1,) and after.seats[1].sold == ()  # no sale: not the first camel there


def test_first_reach_gives_the_marker_to_the_mover_and_the_holder_may_sell():
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": []},
               {"name": "bob", "money": 10, "tiles": ["blue"], "hand": [2, 3]},
               {"name": "cy", "money": 10, "tiles": ["green"], "hand": []}]
    p = position(players=players)
    sold = extend(p, "g2", sells={2: True})
    assert sold.seats[0].goods_markers == (2,) and sold.seats[1].sold == (2,) and sold.seats[1].hand == (3,)
    assert money(sold) == [10, 13, 10] and sold.seats[1].hand_count == 1
    kept = extend(p, "g2")
    assert kept.seats[1].hand == (2, 3) and money(kept) == [10, 10, 10] and kept.goods_taken == {2}
    # the active player's own card
    players[0]["hand"], players[1]["hand"] = [2], [3]
    mine = extend(position(players=players), "g2", sells={2: True})
    assert mine.seats[0].sold == (2,) and money(mine)[0] == 13


def test_markers_exhausted_bonuses_paid_the_missing_marker_not_taken():
    fams = {"red": {"dowry": 4}, **{x: {"dowry": 3} for x in "bcdefg"}}
    cells = {"R": {"start": "red"}, **{x.upper(): {"start": x} for x in "bcdefg"},
             **{f"s{x}": {} for x in "bcdefg"}}
    adjacency = {"R": [f"s{x}" for x in "bcdefg"], **{x.upper(): [f"s{x}"] for x in "bcdefg"}}
    board = {"source": "illustrative", "families": fams, "cells": {**cells, "g1": {"goods": 1}},
             "adjacency": {**adjacency, "R": adjacency["R"] + ["g1"]}}
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [1], "markers": {"relationships": 8}},
               {"name": "bob", "money": 10, "tiles": ["f", "g"], "hand": []}]
    data = {"game": "samarkand_queen", "players": 2, "rules": {"board": board, "two_player_bag": False},
            "position": {"camels": {**{f"s{x}": ["red", x] for x in "bcde"}, "sf": ["f"], "sg": ["g"]},
                         "players": players, "families": {"red": {"treasury": 1}}}}
    p = state.parse_position(data)
    red, f, g = 0, p.board.families.index("f"), p.board.families.index("g")
    assert p.families[red].markers_left == 1
    after = ref.apply(p, ("extend", red, (cell(p, "sf"), cell(p, "sg"))))
    assert money(after) == [16, 12] and after.seats[0].relationships == 8 + 3  # red's 6th marker is missing
    assert after.families[red].markers_left == 0
    assert after.families[f].markers_left == 4 == after.families[g].markers_left
    assert after.families[red].treasury == 0
    assert ref.end_reason(after) == "five_relationships"


# -- second camel ----------------------------------------------------------------------------------

def test_the_second_camel_costs_1_from_the_treasury_and_an_empty_treasury_allows_one():
    p = position(families={"red": {"treasury": 1}})
    pairs = [a for a in ref.legal_actions(p) if a[0] == "extend" and a[1] == RED and len(a[2]) == 2]
    assert pairs
    after = ref.apply(p, pairs[0])
    assert after.families[RED].treasury == 0 and after.families[RED].camels_left == 9
    empty = replace(p, families=(replace(p.families[RED], treasury=0),) + p.families[1:])
    assert [a for a in ref.legal_actions(empty) if a[0] == "extend" and a[1] == RED] == [
        a for a in ref.legal_actions(p) if a[0] == "extend" and a[1] == RED and len(a[2]) == 1]


def levant_start(second_camel):
    d = scenario.load(HERE / "levant-start.yaml")
    d["rules"] = {"second_camel": second_camel}
    p = state.parse_position(d)
    lev = p.board.families.index("levant")
    moves = [a[2] for a in ref.legal_actions(p) if a[0] == "extend" and a[1] == lev]
    return p, [m for m in moves if len(m) == 1], [m for m in moves if len(m) == 2]


def test_levant_at_the_start_6_singles_and_9_pairs_under_not_adjacent_to_first():
    p, singles, pairs = levant_start("not_adjacent_to_first")
    assert len(singles) == 6 and len(pairs) == 9 == 6 * 3 // 2
    for a, b in pairs:
        assert b not in p.board.neighbours[a]


def test_old_route_only_and_free_allow_more_second_camels():
    p, singles, old = levant_start("old_route_only")
    assert len(old) == 15  # any two of the 6 start neighbours
    _, _, free = levant_start("free")
    c = lambda rc: p.board.cell(rc, "t")  # noqa: E731
    assert set(map(frozenset, old)) < set(map(frozenset, free))
    assert frozenset((c("2,2"), c("1,1"))) in set(map(frozenset, free))  # touches only the first camel
    assert frozenset((c("2,2"), c("1,1"))) not in set(map(frozenset, old))


# -- bonus scope -----------------------------------------------------------------------------------

@pytest.mark.parametrize("scope,paid", [("new_pair", [13, 10, 11]), ("first_per_family", [10, 10, 11])])
def test_bonus_scope_readings(scope, paid):
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [], "markers": {"relationships": 2}},
               {"name": "bob", "money": 10, "tiles": ["blue"], "hand": []},
               {"name": "cy", "money": 10, "tiles": ["green"], "hand": []}]
    p = position({"land1": ["red", "blue"], "land2": ["green"]}, players=players, rules={"bonus_scope": scope})
    after = extend(p, "land2")  # red already related to blue; green's first relationship
    assert money(after) == paid and after.seats[0].relationships == 4  # markers per new pair in both readings


# -- marriage and the draw -------------------------------------------------------------------------

def test_filips_draw_keep_at_least_one_more_and_7_blocks_his_next_draw():
    options = ref.keep_options([1, 2, 3, 4, 5], [6, 7, 8], 0, 7)
    assert {len(o) for o in options} == {6, 7} and len(options) == 28 + 8
    assert (1, 2, 3, 6, 7, 8) in options  # old cards may be discarded
    players = [{"name": "Filip", "money": 10, "hand": [1, 2, 3, 4, 5]}] + [
        {"name": n, "money": 10, "hand_count": 2} for n in ("a", "b", "c")]
    p = state.parse_position({"game": "samarkand_queen", "players": 4, "position": {"players": players}})
    china = p.board.families.index("china")
    seven = ref.apply(p, ("marry", china), drawn=(6, 7, 8), keep=(1, 2, 3, 4, 5, 6, 7))
    six = ref.apply(p, ("marry", china), drawn=(6, 7, 8), keep=(1, 2, 3, 4, 6, 8))
    assert seven.discard == (8,) and six.discard == (5, 7) and seven.families[china].treasury == 3
    assert ref.draw_count(ref.from_position(seven), 0) == 0 and ref.draw_count(ref.from_position(six), 0) == 3
    assert seven.pile_count == p.pile_count - 3
    with pytest.raises(ValueError):
        ref.apply(p, ("marry", china), drawn=(6, 7, 8), keep=(1, 2, 3, 4, 5))  # no net gain
    with pytest.raises(ValueError):
        ref.apply(p, ("marry", china), drawn=(6, 7, 8), keep=(1, 2, 3, 4, 5, 6, 7, 8))  # over the limit


def test_sold_cards_count_to_the_limit_and_at_the_limit_a_marriage_draws_nothing():
    assert {len(o) for o in ref.keep_options([1, 2, 3], [4, 5, 6], 3, 7)} == {4}
    assert ref.keep_options([1, 2, 3, 4], [], 3, 7) == [(1, 2, 3, 4)]
    full = [{"name": "ann", "money": 10, "hand": [1, 3], "sold": [2], "markers": {"goods": [2]}},
            {"name": "bob", "money": 10, "hand": [4]}]
    p = position({"g2": ["red"]}, players=full, n=2, rules={"hand_limit": {2: 3}, "two_player_bag": False})
    after = ref.apply(p, ("marry", GREEN))
    assert after.seats[0].hand == (1, 3) and after.seats[0].money == 5 and after.pile_count == p.pile_count


def test_the_discards_are_reshuffled_mid_draw_and_an_empty_deck_draws_what_exists():
    t = ref.from_position(state.start_position(3, hands=[[1, 2], [3, 4], [5, 6]]), pile=[7])
    t.discard = list(range(8, 34))
    key = np.zeros(34)
    key[[20, 9, 31]] = [-3, -2, -1]

    class Chance:
        reshuffle = [key]
    assert ref.draw_cards(t, 3, ref.FixedChance(Chance)) == [7, 20, 9] and t.reshuffles == 1 and len(t.pile) == 24
    t.pile, t.discard = [], [33]
    assert ref.draw_count(t, 0) == 1
    t.discard = []
    assert ref.draw_count(t, 0) == 0 and ref.keep_options([1, 2], [], 0, 10) == [(1, 2)]


def test_no_affordable_dowry_and_no_placement_is_a_pass():
    players = [{"name": "ann", "money": 2, "hand": []}, {"name": "bob", "money": 10, "hand": []}]
    p = position(players=players, n=2, rules={"two_player_bag": False})
    assert ref.legal_actions(p) == [("pass",)]
    after = ref.apply(p, ("pass",))
    assert after.to_move == 1 and after.turn == 1 and money(after) == money(p)


# -- end and scoring -------------------------------------------------------------------------------

def test_the_game_ends_when_every_family_is_related():
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [], "markers": {"relationships": 2}},
               {"name": "bob", "money": 10, "tiles": ["green"], "hand": [], "markers": {"goods": [3, 4]}},
               {"name": "cy", "money": 10, "tiles": ["yellow"], "hand": []}]
    p = position({"land1": ["red", "blue"], "g3": ["green"], "g4": ["green"]}, players=players, to_move="cy")
    assert ref.end_reason(p) is None
    after = ref.apply(p, ("extend", YELLOW, (cell(p, "g4"),)))  # yellow meets green: every family related
    assert after.met == {(RED, BLUE), (GREEN, YELLOW)} and ref.end_reason(after) == "all_related"
    assert after.seats[2].goods_markers == ()  # g4 was reached before


def test_the_turn_cap_ends_a_game():
    p = state.parse_position(scenario.load(HERE / "relationship.yaml"))
    assert ref.end_reason(p) is None
    capped = replace(p, settings=replace(p.settings, turn_cap=3), turn=2)
    assert ref.end_reason(ref.apply(capped, ref.legal_actions(capped)[-1])) == "capped"


def test_markétas_linen_card_4_plus_1():
    d = scenario.load(HERE / "sell-at-the-end.yaml")
    d["position"]["camels"]["linen"] = ["red", "yellow"]
    d["rules"]["board"]["adjacency"]["Y0"].append("linen")
    p = state.parse_position(d)
    t = ref.from_position(p)
    assert ref.card_score(t, 0, 1) == 5 and ref.card_score(t, 1, 1) == 1 + 4  # Filip holds yellow, not red
    assert ref.scores(p)[0] == 5 + 0 + 6  # linen 5, card 4 on an empty space, 6 Dirham


def test_ties_share_the_win():
    assert ref.credit([5, 7, 7]) == [0, Fraction(1, 2), Fraction(1, 2)]


# -- two players -----------------------------------------------------------------------------------

def two_player(bag, rules=None, other_tiles=()):
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [1]},
               {"name": "bob", "money": 10, "tiles": list(other_tiles), "hand": [2]}]
    tiles = {"red": {"treasury": 4, "tiles_left": 1}}
    for f in ("blue", "green", "yellow"):
        tiles[f] = {"tiles_left": 2 - bag.count(f) - list(other_tiles).count(f)}
    return position(players=players, n=2, rules=rules, bag=bag, families=tiles)


def test_two_players_may_marry_a_family_whose_tile_they_hold_filling_its_treasury():
    p = two_player(["green"])
    assert ("marry", RED) in ref.legal_actions(p)
    after = ref.apply(p, ("marry", RED), drawn=(3, 4), keep=(1, 3, 4), bag="green")
    assert after.seats[0].tiles == (RED, RED) and after.families[RED].treasury == 8
    assert after.families[RED].tiles_left == 0
    assert after.tiles_out == (GREEN,) and after.bag == ()  # nobody married green: the tile leaves the game
    three = position(players=[{"name": "x", "money": 10, "tiles": ["red"], "hand": []},
                              {"name": "y", "money": 10, "hand": []}, {"name": "z", "money": 10, "hand": []}],
                     families={"red": {"treasury": 4}})
    assert ("marry", RED) not in ref.legal_actions(three)  # 3-5 players: one tile per family


def test_two_players_without_the_bag_keep_both_tiles_on_the_domains_and_one_tile_per_family():
    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [1]}, {"name": "bob", "money": 10, "hand": [2]}]
    p = position(players=players, n=2, rules={"two_player_bag": False})
    assert p.families[RED].tiles_left == 1 and p.families[BLUE].tiles_left == 2 and p.bag == ()
    legal = ref.legal_actions(p)
    assert ("marry", RED) not in legal and ("marry", BLUE) in legal
    after = ref.apply(p, ("marry", BLUE), drawn=(3, 4), keep=(1, 3))
    assert after.bag == () and after.tiles_out == () and after.families[BLUE].tiles_left == 1


@pytest.mark.parametrize("reading,where", [("someone_married", "domain"), ("drawer_married", "out")])
def test_bag_tile_readings(reading, where):
    p = two_player(["blue"], rules={"bag_tile": reading}, other_tiles=("blue",))
    after = ref.apply(p, ("marry", GREEN), drawn=(3, 4), keep=(1, 3), bag="blue")
    if where == "domain":
        assert after.families[BLUE].tiles_left == 1 and after.tiles_out == ()
    else:
        assert after.families[BLUE].tiles_left == 0 and after.tiles_out == (BLUE,)
    assert after.bag == ()


def test_holding_both_tiles_of_a_family_counts_once_for_cards_and_bonuses():
    players = [{"name": "ann", "money": 10, "tiles": ["red", "red"], "hand": [2], "markers": {"goods": [2]}},
               {"name": "bob", "money": 10, "tiles": ["blue"], "hand": []}]
    p = position({"g2": ["red"], "land1": ["blue"]}, players=players, n=2, bag=["blue"],
                 families={"red": {"treasury": 4, "tiles_left": 0}, "blue": {"tiles_left": 0}})
    assert ref.card_score(ref.from_position(p), 0, 2) == 4
    assert money(extend(p, "land1")) == [13, 11]


# -- whole games -----------------------------------------------------------------------------------

class Chance:
    def __init__(self, seed, players, board=r.DEFAULT_BOARD):
        rng = np.random.default_rng(seed)
        self.deck = list(rng.permutation(np.arange(1, board.cards + 1)))
        self.reshuffle = rng.random((40, board.cards + 1))
        self.bag = list(rng.permutation(len(board.families)))
        self.u = rng.random(4000)


@pytest.mark.parametrize("players,settings", [(4, r.Settings()), (2, r.Settings()),
                                              (3, r.Settings(second_camel="free", bonus_scope="first_per_family",
                                                             discard_pile="hidden")),
                                              (2, r.Settings(bag_tile="drawer_married", second_camel="old_route_only")),
                                              (5, r.Settings(turn_cap=30))])
def test_whole_games_on_fixed_chance_repeat_and_share_one_win(players, settings):
    a = ref.play_game(players, r.DEFAULT_BOARD, settings, Chance(1, players), ref.UniformDecider(Chance(1, players).u))
    b = ref.play_game(players, r.DEFAULT_BOARD, settings, Chance(1, players), ref.UniformDecider(Chance(1, players).u))
    assert a["scores"] == b["scores"] and a["trace"] == b["trace"] and sum(a["credit"]) == 1
    assert a["end"] in ("five_relationships", "all_related", "capped")
    if settings.turn_cap == 30:
        assert a["turns"] <= 30
