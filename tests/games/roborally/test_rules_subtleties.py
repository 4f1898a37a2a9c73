"""Every rule subtlety the spec quotes, hand-stepped on tiny typed boards and played by both the reference and
exact.py (which must agree): walls stopping moves and back ups, pits and the edge, no jumping pits, crushers passed
safely, express and normal belts, turning only when carried onto a turn, gears after belts, pushers and crushers in
their registers in both pusher_crusher_order readings and a full element_order, board lasers after the elements,
the 11th (or 10th) damage, flags touched in order at a register's end, the repair, locked registers by lock_order,
hand_base 10 | 9, no control at 10 damage, and priorities and ghost_start changing nothing for a robot alone."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.roborally import exact, state
from analyzer.games.roborally import reference as ref
from analyzer.games.roborally import rules as r

FAR_FLAGS = [[4, 4], [4, 3]]  # out of every test's way


def play(start, cards, board=None, rules=None, damage=0, flags=None, size=(5, 5), target=2):
    """The robot at start (x, y, heading) plays `cards` (registers 1, 2, ...): the reference's robot, after
    checking exact.run_program ends the same (square, facing, damage, destroyed, the target flag's register)."""
    b = r.parse_board({"size": list(size), "flags": flags or FAR_FLAGS, **(board or {})})
    s = r.parse_settings(rules or {})
    robot = ref.Robot(tuple(start[:2]), start[2], damage, next_flag=2)
    mine = ref.run_program(ref.board_of(b), robot, cards, ref.rules_of(s))
    touched, end = exact.run_program(b, s, (start[0], start[1], ref.HEADINGS.index(start[2]), damage),
                                     [r.CARDS.index(c) for c in cards], b.flags[target - 1])
    assert touched == ref.flag_register(mine, target)
    assert end == (None if mine.destroyed else (*mine.square, ref.HEADINGS.index(mine.heading), mine.damage))
    return mine


def at(robot):
    return None if robot.destroyed else (*robot.square, robot.heading)


# -- moves: walls, pits, the edge --------------------------------------------------------------------------------

def test_a_wall_stops_the_rest_of_a_move_and_facing_it_or_backing_into_it_stays():
    wall = {"walls": [[0, 1, "N"]]}
    assert at(play((0, 0, "N"), ["M3"], wall)) == (0, 1, "N")
    assert at(play((0, 1, "N"), ["M1"], wall)) == (0, 1, "N")
    assert at(play((0, 1, "S"), ["BU"], wall)) == (0, 1, "S")  # back to the wall: Back Up stays
    assert at(play((0, 2, "S"), ["M2"], {"walls": [[0, 2, "S"]]})) == (0, 2, "S")  # the wall on the other side
    assert at(play((0, 0, "N"), ["BU"], wall)) is None  # Back Up keeps the facing: off the south edge
    corner = {"walls": [[1, 1, "N"], [1, 1, "E"]]}
    assert at(play((1, 1, "N"), ["M1", "RR", "M2"], corner)) == (1, 1, "E")  # walls on two sides of a square


def test_pits_and_the_edge_destroy_a_multi_square_move_cannot_jump_a_pit_and_the_robot_does_no_more():
    pit = {"pits": [[0, 1]]}
    assert at(play((0, 0, "N"), ["M2"], pit)) is None
    assert at(play((0, 0, "N"), ["M3"], pit)) is None
    assert at(play((0, 0, "W"), ["M1"])) is None
    assert at(play((1, 0, "N"), ["RL", "M3"])) is None  # (1,0) west then three: the edge
    done = play((0, 0, "N"), ["M2", "UT", "M1"], pit, flags=[[4, 4], [0, 0]])
    assert done.destroyed and done.touched == ()  # destroyed in register 1: the later cards do nothing


# -- crushers ----------------------------------------------------------------------------------------------------

def test_a_multi_square_move_passes_an_active_crusher_safely_but_ending_on_it_destroys():
    crusher = {"crushers": [[0, 1, [1, 2, 3, 4, 5]], [0, 2, [1, 2, 3, 4, 5]]]}
    assert at(play((0, 0, "N"), ["M3"], crusher)) == (0, 3, "N")
    assert at(play((0, 0, "N"), ["M2"], crusher)) is None
    assert at(play((0, 0, "N"), ["M1"], crusher)) is None


def test_a_crusher_acts_only_in_its_listed_registers_on_whoever_stands_on_it():
    crusher = {"crushers": [[0, 1, [2]]]}
    assert at(play((0, 0, "N"), ["M1"], crusher)) == (0, 1, "N")  # register 1: inactive
    assert at(play((0, 0, "N"), ["M1", "RR"], crusher)) is None  # still on it in register 2
    assert at(play((0, 0, "N"), ["M1", "M1"], crusher)) == (0, 2, "N")  # left it in time


# -- conveyors ---------------------------------------------------------------------------------------------------

def test_a_normal_belt_moves_a_robot_that_ends_there_one_square_keeping_its_facing():
    belt = {"conveyors": [[1, 1, "E"], [2, 1, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], belt)) == (2, 1, "N")
    assert at(play((1, 1, "S"), ["RL", "RR"], belt)) == (3, 1, "S")  # rotations only: the belt still carries
    assert at(play((0, 1, "E"), ["M2"], belt)) == (3, 1, "E")  # moved onto the belt's second square


def test_an_express_belt_moves_two_and_a_normal_belt_it_leaves_a_robot_on_moves_it_in_the_second_step():
    express = {"express": [[1, 1, "E"], [2, 1, "E"], [3, 1, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], express)) == (3, 1, "N")
    mixed = {"express": [[1, 1, "E"]], "conveyors": [[2, 1, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], mixed)) == (3, 1, "N")
    normal_then_express = {"conveyors": [[1, 1, "E"]], "express": [[2, 1, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], normal_then_express)) == (2, 1, "N")  # no express step left


def test_a_belt_stops_at_a_wall_and_drops_a_robot_into_a_pit_or_off_the_edge():
    assert at(play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "E"]], "walls": [[1, 1, "E"]]})) == (1, 1, "N")
    assert at(play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "E"]], "pits": [[2, 1]]})) is None
    assert at(play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "W"]], "walls": [[0, 1, "W"]]},
                   size=(2, 2), flags=[[1, 0], [0, 0]])) == (0, 1, "N")  # the wall keeps it on the board
    assert at(play((0, 0, "N"), ["M1"], {"express": [[0, 1, "W"]]})) is None


def test_a_robot_carried_onto_a_turn_turns_with_the_belt_and_no_other_arrival_turns_it():
    turn = {"conveyors": [[1, 1, "E"], [2, 1, "N"], [2, 2, "N"]]}
    assert at(play((1, 0, "N"), ["M1"], turn)) == (2, 1, "W")  # carried from E onto N: a left turn
    assert at(play((1, 0, "N"), ["M1", "RR"], turn)) == (2, 2, "N")  # carried on along the turn: no turn again
    assert at(play((3, 1, "W"), ["M1"], turn)) == (2, 2, "W")  # arrived by its own card: not turned
    assert at(play((2, 0, "N"), ["M1"], turn)) == (2, 2, "N")  # came in along the belt by its card
    right = {"conveyors": [[1, 1, "E"], [2, 1, "S"]]}
    assert at(play((1, 0, "N"), ["M1"], right)) == (2, 1, "E")  # a right turn
    off = {"conveyors": [[1, 1, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], off)) == (2, 1, "N")  # carried onto a plain square
    head_on = {"conveyors": [[1, 1, "E"], [2, 1, "W"]]}
    assert at(play((1, 0, "N"), ["M1"], head_on)) == (2, 1, "N")  # belts meeting head-on: no quarter turn


def test_an_express_turn_turns_in_the_express_step_and_the_second_step_carries_on():
    turn = {"express": [[1, 1, "E"], [2, 1, "N"], [2, 2, "N"]]}
    assert at(play((1, 0, "N"), ["M1"], turn)) == (2, 2, "W")
    two_turns = {"express": [[1, 1, "E"], [2, 1, "N"], [2, 2, "W"]]}
    assert at(play((1, 0, "N"), ["M1"], two_turns)) == (2, 2, "S")  # two steps, two left turns


# -- gears, pushers, crushers and their order --------------------------------------------------------------------

def test_a_gear_turns_a_robot_that_ends_on_it_by_card_or_by_belt():
    assert at(play((0, 0, "N"), ["M1"], {"gears": [[0, 1, "L"]]})) == (0, 1, "W")
    assert at(play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "E"]], "gears": [[2, 1, "R"]]})) == (2, 1, "E")
    assert at(play((0, 0, "N"), ["M1", "M1"], {"gears": [[0, 1, "R"]]})) == (1, 1, "E")


def test_a_pusher_pushes_one_square_only_in_its_listed_registers_keeping_the_facing():
    pusher = {"pushers": [[1, 1, "E", [2, 4]]]}
    assert at(play((1, 0, "N"), ["M1"], pusher)) == (1, 1, "N")
    assert at(play((1, 0, "N"), ["M1", "UT"], pusher)) == (2, 1, "S")
    assert at(play((1, 0, "N"), ["M1", "UT"], {"pushers": [[1, 1, "E", [2]]], "walls": [[1, 1, "E"]]})) == (
        1, 1, "S")
    assert at(play((0, 0, "N"), ["M1"], {"pushers": [[0, 1, "W", [1]]]})) is None  # off the edge


@pytest.mark.parametrize("order, pushed_onto_it, pushed_off_it", [
    ("pushers_first", None, (2, 1, "N")), ("crushers_first", (2, 1, "N"), None)])
def test_pusher_crusher_order_decides_who_a_crusher_catches(order, pushed_onto_it, pushed_off_it):
    rules = {"pusher_crusher_order": order}
    onto = {"pushers": [[1, 1, "E", [1]]], "crushers": [[2, 1, [1]]]}
    assert at(play((1, 0, "N"), ["M1"], onto, rules)) == pushed_onto_it
    off = {"pushers": [[1, 1, "E", [1]]], "crushers": [[1, 1, [1]]]}  # a pusher on a crusher's square
    assert at(play((1, 0, "N"), ["M1"], off, rules)) == pushed_off_it


def test_pushers_and_gears_follow_the_belts_unless_element_order_says_otherwise():
    pusher = {"pushers": [[1, 1, "N", [1]]], "conveyors": [[1, 2, "E"]]}
    assert at(play((1, 0, "N"), ["M1"], pusher)) == (1, 2, "N")  # pushed onto the belt after it moved
    first = ["pushers", "express", "conveyors", "gears", "crushers"]
    assert at(play((1, 0, "N"), ["M1"], pusher, {"element_order": first})) == (2, 2, "N")
    gear = {"conveyors": [[0, 1, "E"]], "gears": [[1, 1, "R"]]}
    assert at(play((0, 0, "N"), ["M1"], gear)) == (1, 1, "E")  # carried onto the gear, then turned
    late = ["gears", "express", "conveyors", "pushers", "crushers"]
    assert at(play((0, 0, "N"), ["M1"], gear, {"element_order": late})) == (1, 1, "N")


# -- lasers and damage -------------------------------------------------------------------------------------------

def test_board_lasers_hit_after_the_elements_stop_at_walls_and_count_their_strength():
    laser = {"lasers": [[0, 2, "E", 1]]}
    assert play((2, 1, "N"), ["M1"], laser).damage == 1
    assert play((0, 1, "N"), ["M1"], laser).damage == 1  # the emitter's own square
    assert play((2, 1, "N"), ["M1"], {"lasers": [[0, 2, "E", 1]], "walls": [[1, 2, "E"]]}).damage == 0
    assert play((2, 1, "N"), ["M1", "RR", "RR"], {"lasers": [[0, 2, "E", 2]]}).damage == 6
    assert play((2, 1, "N"), ["M1"], {"lasers": [[0, 2, "E", 1], [2, 4, "S", 1]]}).damage == 2
    assert play((2, 1, "N"), ["M1"], {"lasers": [[2, 2, "N", 1], [2, 2, "W", 2]]}).damage == 3  # one square, two
    into = {"lasers": [[0, 2, "E", 1]], "conveyors": [[3, 1, "N"]]}
    assert play((3, 0, "N"), ["M1"], into).damage == 1  # carried into the beam before it fires
    out = {"lasers": [[0, 2, "E", 1]], "conveyors": [[3, 2, "N"]]}
    assert play((3, 1, "N"), ["M1"], out).damage == 0  # carried out of it


@pytest.mark.parametrize("destroy_at", [11, 10])
def test_the_11th_damage_destroys_or_the_10th_with_destroy_at_10(destroy_at):
    laser = {"lasers": [[0, 2, "E", 1]]}
    rules = {"destroy_at": destroy_at}
    assert at(play((2, 1, "N"), ["M1"], laser, rules, damage=10)) is None
    nine = play((2, 1, "N"), ["M1"], laser, rules, damage=9)
    assert nine.destroyed == (destroy_at == 10)
    assert at(play((2, 1, "N"), ["M1"], {}, rules, damage=destroy_at - 1)) == (2, 2, "N")  # no hit: it lives on


# -- flags -------------------------------------------------------------------------------------------------------

def test_flags_count_only_in_order_at_a_register_end_several_in_one_round():
    flags = [[0, 0], [0, 2], [0, 1]]  # flag 2 is beyond flag 3
    end = play((0, 0, "N"), ["M1", "M1", "BU"], flags=flags)
    assert end.touched == ((2, 2), (3, 3))  # flag 3 in register 1 counted for nothing
    assert play((0, 0, "N"), ["M2"], flags=[[0, 0], [0, 1]]).touched == ()  # passed over, not stood on
    assert play((0, 0, "N"), ["M2", "BU"], flags=[[0, 0], [0, 1]]).touched == ((2, 2),)


def test_a_belt_carrying_onto_a_flag_touches_it_and_carrying_off_it_does_not():
    onto = play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "E"]]}, flags=[[0, 0], [2, 1]])
    assert onto.touched == ((2, 1),)
    off = play((1, 0, "N"), ["M1"], {"conveyors": [[1, 1, "E"]]}, flags=[[0, 0], [1, 1]])
    assert off.touched == ()


def test_a_flag_touched_counts_though_the_robot_is_destroyed_later_but_not_when_destroyed_there():
    later = play((0, 0, "N"), ["M1", "M3"], flags=[[0, 0], [0, 1]], size=(1, 3))
    assert later.destroyed and later.touched == ((2, 1),)
    shot = play((0, 0, "N"), ["M1"], {"lasers": [[0, 1, "E", 1]]}, damage=10, flags=[[0, 0], [0, 1]])
    assert shot.destroyed and shot.touched == ()


# -- repair ------------------------------------------------------------------------------------------------------

def test_the_repair_at_register_5_takes_wrenches_or_1_on_any_flag_never_below_0():
    b = ref.board_of(r.parse_board({"size": [5, 5], "flags": [[0, 0], [1, 0], [2, 0]],
                                    "repairs": [[3, 3, 2], [4, 3, 1], [1, 0, 2]]}))
    hurt = ref.Robot((3, 3), "N", 3)
    assert ref.repair(b, hurt).damage == 1
    assert ref.repair(b, ref.Robot((4, 3), "N", 3)).damage == 2
    assert ref.repair(b, ref.Robot((2, 0), "N", 3, next_flag=2)).damage == 2  # a flag not next still repairs
    assert ref.repair(b, ref.Robot((1, 0), "N", 3)).damage == 1  # a wrench on a flag: the wrench's 2
    assert ref.repair(b, ref.Robot((3, 3), "N", 1)).damage == 0
    assert ref.repair(b, ref.Robot((3, 3), "N", 3, destroyed=True)).damage == 3
    assert ref.repair(b, ref.Robot((3, 2), "N", 3)).damage == 3


# -- damage, hands, locked registers -------------------------------------------------------------------------------

@pytest.mark.parametrize("hand_base, dealt, locked", [(10, 3, (5, 4)), (9, 2, (5, 4, 3))])
def test_7_damage_deals_and_locks_by_hand_base(hand_base, dealt, locked):
    s = r.parse_settings({"hand_base": hand_base})
    assert r.cards_dealt(7, s) == dealt and r.locked_registers(7, s) == locked
    assert r.locked_registers(7, r.parse_settings({"hand_base": hand_base, "lock_order": [1, 2, 3, 4, 5]})) == (
        (1, 2) if hand_base == 10 else (1, 2, 3))
    assert r.cards_dealt(10, s) == 0 and r.locked_count(10, s) == 5
    assert r.locked_count(hand_base - 5, s) == 0 and r.locked_count(hand_base - 4, s) == 1


def test_locked_registers_play_last_rounds_cards_where_they_lie():
    b = r.parse_board({"size": [5, 5], "flags": [[0, 0], [0, 3]]})
    s = r.parse_settings({})
    hand = [r.CARDS.index(c) for c in ("M1", "RR", "M2")]  # 7 damage: 3 cards, registers 5 and 4 locked
    locked = {4: r.CARDS.index("UT"), 5: r.CARDS.index("M3")}
    got = exact.reach(b, s, (0, 0, 0, 7), b.flags[1], locked, hand)
    mine = ref.hand_answer(ref.board_of(b), ref.Robot((0, 0), "N", 7), ref.rules_of(s),
                           [r.CARDS[c] for c in hand], {g: r.CARDS[c] for g, c in locked.items()}, 2)
    # M1 M2 or M2 M1 stand on (0,3) after register 2; RR first ends on (0,0), RR second falls off the edge
    assert got["share"] == mine["share"] == Fraction(2, 6)
    assert mine["prefixes"] == {("M1", "M2"): (2, 1), ("M2", "M1"): (2, 1)}
    assert [(row["cards"], row["register"], row["selections"]) for row in got["programs"]] == [
        ((0, 1), 2, 1), ((1, 0), 2, 1)]


def test_the_spec_figures_a_move_3_in_9_or_10_cards_through_a_board_only_a_move_3_crosses():
    """A 1-wide lane whose two middle squares crush in every register: only a Move 3 reaches the flag."""
    b = r.parse_board({"size": [1, 4], "flags": [[0, 0], [0, 3]],
                       "crushers": [[0, 1, [1, 2, 3, 4, 5]], [0, 2, [1, 2, 3, 4, 5]]]})
    deck = dict(zip(ref.CARD_TYPES, r.DECK))
    for hand_base, want in ((9, Fraction(4883857, 9678132)), (10, Fraction(5267399, 9678132))):
        s = r.parse_settings({"hand_base": hand_base, "destroy_at": 10 if hand_base == 9 else 11})
        assert ref.deal_answer(ref.board_of(b), ref.Robot((0, 0), "N"), ref.rules_of(s), {}, 2, deck) == want
        assert exact.deal_chance(b, s, (0, 0, 0, 0), b.flags[1], {}, r.DECK)["p"] == want


def test_the_spec_figure_a_9_card_hand_reaches_a_flag_3_ahead_on_an_open_board():
    b = r.parse_board({"size": [12, 12], "flags": [[0, 0], [0, 3]]})
    s = r.parse_settings({"hand_base": 9})
    want = Fraction(14689158047, 15339032709)
    deck = dict(zip(ref.CARD_TYPES, r.DECK))
    assert ref.deal_answer(ref.board_of(b), ref.Robot((0, 0), "N"), ref.rules_of(s), {}, 2, deck) == want
    assert exact.deal_chance(b, s, (0, 0, 0, 0), b.flags[1], {}, r.DECK)["p"] == want


# -- locked registers, no control, and the settings that change no answer for a robot alone ------------------------

def position(me, rules=None, board=None):
    board = board or {"size": [5, 5], "flags": [[4, 4], [0, 3]]}
    return state.parse_position({"game": "roborally", "rules": {**(rules or {}), "board": board},
                                 "position": {"me": {"pos": [0, 0], "facing": "N", **me}}})


def both_answers(p) -> dict:
    mine = ref.answers(p)
    assert ref.engine_answers(p) == mine
    return mine


@pytest.mark.parametrize("lock_order, reaches", [([5, 4, 3, 2, 1], False), ([1, 2, 3, 4, 5], True),
                                                  ([2, 5, 1, 3, 4], False)])
def test_lock_order_says_which_registers_keep_last_rounds_cards(lock_order, reaches):
    first, second = lock_order[:2]
    p = position({"damage": 7, "locked": {first: "M3", second: "UT"}, "hand": ["RL", "RR", "RR"]},
                 {"lock_order": lock_order})
    odds = both_answers(p)["odds"]
    assert odds["p"] == int(reaches)
    if reaches:  # the locked Move 3 in register 1 touches the flag whatever the hand
        assert odds["share"] == 1 and odds["register"] == 1


def test_10_damage_leaves_no_control_five_locked_cards_play_and_the_next_deal_is_no_cards():
    locked = {5: "RR", 4: "RR", 3: "RL", 2: "RR", 1: "M3"}
    answers = both_answers(position({"damage": 10, "locked": locked, "hand": []}))
    assert answers["odds"] == {"p": 1, "share": 1, "register": 1, "programs": [((2,), 1, 1)]}
    assert answers["deal"]["p"] == 1
    stuck = both_answers(position({"damage": 10, "locked": {**locked, 1: "RL"}, "hand": []}))
    assert stuck["odds"]["p"] == 0 and stuck["deal"]["p"] == 0


def test_priorities_and_ghost_start_change_no_answer_for_a_robot_alone():
    hand = ["M1/520", "M2/690", "RL/130", "RR/240", "UT/30"]
    base = both_answers(position({"damage": 5, "hand": hand}))
    for rules in ({"priorities": "any"}, {"ghost_start": False}, {"priorities": "any", "ghost_start": False}):
        assert both_answers(position({"damage": 5, "hand": hand}, rules)) == base
    assert base["odds"]["p"] == 1 and 0 < base["deal"]["p"] < 1


def test_priorities_common_bands_hold_a_card_to_its_band_and_any_allows_0_to_1000():
    with pytest.raises(ScenarioError, match=r"position\.me\.hand\[0\].*430"):
        position({"damage": 5, "hand": ["M1/430", "M2", "RL", "RR", "UT"]})  # the public sample's buggy band
    p = position({"damage": 5, "hand": ["M1/430", "M2", "RL", "RR", "UT"]}, {"priorities": "any"})
    assert both_answers(p)["odds"]["p"] == 1
