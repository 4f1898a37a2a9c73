"""RoboRally's exact engine: one register hand-stepped on small boards (moves, walls, pits, the edge, belts that
turn, gears, pushers and crushers in both orders, lasers and both destroy_at readings), the search over a hand,
the spec's open-board figure over the hand compositions, and a seeded Monte Carlo of the next deal inside its 95%
interval."""
from fractions import Fraction

import numpy as np

from analyzer.core import stats
from analyzer.games.roborally import exact as e
from analyzer.games.roborally import rules as r
from analyzer.games.roborally import sim

M1, M2, M3, BU, RL, RR, UT = range(7)
N, E, S, W = range(4)
S0 = r.Settings()


def board(**elements):
    return r.parse_board({"size": [6, 6], "flags": [[0, 0], [5, 5]], **elements})


def test_moves_turns_and_back_up():
    b = board()
    assert e.register_step(b, S0, (2, 2, N, 0), M3, 1) == (2, 5, N, 0)
    assert e.register_step(b, S0, (2, 2, N, 0), BU, 1) == (2, 1, N, 0)
    assert e.register_step(b, S0, (2, 2, N, 0), RL, 1) == (2, 2, W, 0)
    assert e.register_step(b, S0, (2, 2, N, 0), RR, 1) == (2, 2, E, 0)
    assert e.register_step(b, S0, (2, 2, E, 0), UT, 1) == (2, 2, W, 0)


def test_a_wall_stops_the_rest_of_a_move_and_the_edge_and_pits_destroy_with_no_jumping():
    assert e.register_step(board(walls=[[2, 3, "N"]]), S0, (2, 2, N, 0), M3, 1) == (2, 3, N, 0)
    assert e.register_step(board(walls=[[2, 3, "S"]]), S0, (2, 2, N, 0), M3, 1) == (2, 2, N, 0)
    assert e.register_step(board(), S0, (2, 4, N, 0), M2, 1) is None
    assert e.register_step(board(pits=[[2, 3]]), S0, (2, 2, N, 0), M2, 1) is None


def test_express_belts_move_twice_normal_once_and_a_belt_turns_the_robot_it_carries():
    b = board(express=[[1, 1, "N"], [1, 2, "N"]], conveyors=[[1, 3, "E"]])
    assert e.register_step(b, S0, (1, 0, N, 0), M1, 1) == (1, 3, E, 0)  # 2 express steps, the 2nd onto E: turned
    b = board(conveyors=[[1, 1, "E"], [2, 1, "N"]])
    assert e.register_step(b, S0, (1, 0, N, 0), M1, 1) == (2, 1, W, 0)  # one normal step, E onto N: turned left
    assert e.register_step(b, S0, (2, 0, N, 0), M1, 1) == (2, 2, N, 0)  # arriving by its own card: not turned
    b = board(conveyors=[[1, 1, "E"]], walls=[[1, 1, "E"]])
    assert e.register_step(b, S0, (1, 0, N, 0), M1, 1) == (1, 1, N, 0)  # the wall stops the belt
    assert e.register_step(board(conveyors=[[5, 1, "E"]]), S0, (5, 0, N, 0), M1, 1) is None


def test_gears_rotate_and_pushers_and_crushers_act_only_in_their_registers():
    assert e.register_step(board(gears=[[2, 3, "L"]]), S0, (2, 2, N, 0), M1, 1) == (2, 3, W, 0)
    b = board(pushers=[[2, 3, "E", [2, 4]]])
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 1) == (2, 3, N, 0)
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 2) == (3, 3, N, 0)
    b = board(crushers=[[2, 3, [3]]])
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 2) == (2, 3, N, 0)
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 3) is None
    assert e.register_step(b, S0, (2, 2, N, 0), M2, 3) == (2, 4, N, 0)  # passing over it is safe


def test_pusher_crusher_order_in_both_readings():
    b = board(pushers=[[2, 3, "E", [1]]], crushers=[[3, 3, [1]]])
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 1) is None  # pushed onto the crusher, then crushed
    late = r.Settings(pusher_crusher_order="crushers_first")
    assert e.register_step(b, late, (2, 2, N, 0), M1, 1) == (3, 3, N, 0)


def test_element_order_as_a_full_list():
    b = board(gears=[[2, 3, "R"]], conveyors=[[2, 3, "N"]])
    assert e.register_step(b, S0, (2, 2, N, 0), M1, 1) == (2, 4, N, 0)  # belt first, then off the gear
    gears_first = r.parse_settings({"element_order": ["gears", "express", "conveyors", "pushers", "crushers"]})
    assert e.register_step(b, gears_first, (2, 2, N, 0), M1, 1) == (2, 4, E, 0)


def test_lasers_hit_up_to_a_wall_and_destroy_at_11_or_10():
    b = board(lasers=[[5, 3, "W", 1]], walls=[[1, 3, "E"]])
    assert e.register_step(b, S0, (2, 2, N, 4), M1, 1) == (2, 3, N, 5)
    assert e.register_step(b, S0, (0, 2, N, 4), M1, 1) == (0, 3, N, 4)  # behind the wall
    assert e.register_step(b, S0, (2, 2, N, 9), M1, 1) == (2, 3, N, 10)
    assert e.register_step(b, r.Settings(destroy_at=10), (2, 2, N, 9), M1, 1) is None


def test_run_program_reports_the_register_the_flag_is_touched():
    b = board()
    assert e.run_program(b, S0, (5, 2, N, 0), (M1, M1, M1, RL, RL), (5, 5)) == (3, (5, 5, S, 0))
    assert e.run_program(b, S0, (5, 2, N, 0), (M3, M1, RL, RL, RL), (5, 5)) == (1, None)  # touched, then off


def test_reach_counts_ordered_selections_card_by_card():
    b = board()
    out = e.reach(b, S0, (5, 2, N, 0), (5, 5), {}, [M3, M1, M1, RL, RL, RR])
    # M3 first reaches at register 1 (5P4 = 120 completions); M1 M1 M1 cannot (two M1s)
    assert out["programs"][0] == {"cards": (M3,), "register": 1, "selections": 120}
    assert out["selections"] == 720 and out["share"] == Fraction(out["reaching"], 720)
    locked = e.reach(b, S0, (5, 2, N, 0), (5, 5), {1: M3}, [RL, RL, RR, M1])
    assert locked["share"] == 1 and locked["programs"][0]["register"] == 1


def test_the_spec_open_board_figure_14689158047_over_15339032709():
    b = r.parse_board({"size": [12, 12], "flags": [[0, 0], [0, 3]]})
    out = e.deal_chance(b, r.Settings(hand_base=9), (0, 0, N, 0), (0, 3), {}, r.DECK)
    assert out["p"] == Fraction(14689158047, 15339032709) and out["size"] == 9
    assert [0, 0, 1, 0, 0, 0, 0] in out["needs"]  # a single Move 3


def test_the_move_3_figures_through_the_deal_question():
    # one free register on a 1x4 board: only a Move 3 reaches, so P = P(the deal holds a Move 3)
    b = r.parse_board({"size": [1, 4], "flags": [[0, 0], [0, 3]]})
    locked = {g: RL for g in (2, 3, 4, 5)}
    for size, p in ((9, Fraction(4883857, 9678132)), (10, Fraction(5267399, 9678132))):
        out = e.deal_chance(b, r.Settings(hand_base=size), (0, 0, N, 0), (0, 3), locked, r.DECK)
        assert out["needs"] == [[0, 0, 1, 0, 0, 0, 0]] and out["p"] == p


def test_compositions_cover_every_hand():
    comps = e.compositions(3, [2, 1, 5])
    assert sorted(map(tuple, comps.tolist())) == sorted({(a, b, 3 - a - b) for a in range(3) for b in range(2)
                                                          if 3 - a - b <= 5})


def test_a_seeded_monte_carlo_of_the_next_deal_falls_inside_its_95_percent_interval():
    b = r.ILLUSTRATIVE_BOARD
    out = e.deal_chance(b, S0, (3, 0, N, 0), b.flags[1], {}, r.DECK)
    n = 5_000
    hits = sim.deal_hits(r.DECK, out["size"], np.array(out["needs"]), n, np.random.default_rng(1))
    lo, hi = stats.wilson(hits, n)
    assert lo <= float(out["p"]) <= hi
