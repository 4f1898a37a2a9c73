"""Every reference figure of the spec and every rule subtlety it quotes, hand-stepped on the readable rules."""
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure.rules import DECK, E, N, S, W, Board, Settings

SET = Settings()


def open_board(w=16, h=16, **tiles):
    return Board(width=w, height=h, entrance=(w - 1, h - 1), **tiles)


def table(board, figures, monster=(0, 0), facing=E, **kw):
    """figures: squares (or "off") of one figure each, owners 0, 1, ... in turn; the 6/1 stone, 1 face up."""
    figs = [ref.Figure(k, (6, 1), pos, 1) for k, pos in enumerate(figures)]
    return ref.Table(board, max(2, len(figs)), figs, monster=monster, facing=facing, **kw)


def p_caught(t, i, settings=SET):
    cards = ref.playable_cards(t, settings)
    return Fraction(sum(i in ref.monster_phase(t, c, settings).eaten for c in cards), len(cards))


def eaten_by(t, settings=SET):
    return sorted(c for c in set(ref.playable_cards(t, settings)) if ref.monster_phase(t, c, settings).eaten)


def walk(t, n, settings=SET):
    """n monster steps by hand (look, then move), without the final look; the squares it stood on after each."""
    caught, path = [], []
    for _ in range(n):
        ref.look(t, settings)
        ref.monster_step(t, settings, caught)
        path.append(t.monster)
    return path, caught


# -- the spec's reference figures ------------------------------------------------------------------------------
def test_figure_eight_squares_ahead_five_eighths_and_one_half_in_round_one():
    t = table(open_board(), [(8, 0)], round=2)
    assert eaten_by(t) == ["10", "8", "X1", "X2"]
    assert p_caught(t, 0) == Fraction(5, 8)
    t.round = 1
    assert ref.playable_cards(t, SET) == ["5", "7", "7", "8", "8", "10"]
    assert p_caught(t, 0) == Fraction(1, 2)


def test_figure_seven_squares_ahead_three_quarters():
    t = table(open_board(), [(7, 0)], round=2, cards_left=["5", "7", "10", "X2"])
    assert p_caught(t, 0) == Fraction(3, 4)
    assert eaten_by(t) == ["10", "7", "X2"]


def test_tie_case_step_by_step():
    t = table(open_board(), [(2, 5), (8, 5)], monster=(5, 5), facing=N, round=2)
    path, caught = walk(t, 16)
    assert path[:6] == [(5, 4), (5, 3), (5, 2), (5, 1), (5, 0), (10, 15)]  # leaves the top at step 6
    assert t.facing == N and path[15] == (10, 5) and caught == []
    more, caught = walk(t, 2)
    assert more == [(9, 5), (8, 5)] and caught == [1]  # sees B two squares west, eats it at step 18
    x1 = ref.monster_phase(table(open_board(), [(2, 5), (8, 5)], monster=(5, 5), facing=N), "X1", SET)
    assert (x1.eaten, x1.steps) == ([1], 18)
    x2 = ref.monster_phase(table(open_board(), [(2, 5), (8, 5)], monster=(5, 5), facing=N), "X2", SET)
    assert (x2.eaten, x2.steps, x2.table.monster) == ([1], 20, (6, 5))  # A six away, two steps left
    t = table(open_board(), [(2, 5), (8, 5)], monster=(5, 5), facing=N, round=2)
    assert p_caught(t, 0) == 0 and p_caught(t, 1) == Fraction(1, 4)


# -- the monster's look --------------------------------------------------------------------------------------
def test_look_then_move_turns_before_the_first_step():
    t = table(open_board(), [(0, 4)])
    assert walk(t, 1)[0] == [(0, 1)]  # saw the figure to its right (south) first, then moved


def test_final_look_after_the_last_step():
    t = table(open_board(), [(5, 3)])
    result = ref.monster_phase(t, "5", SET)
    assert result.table.monster == (5, 0) and result.table.facing == S and result.eaten == []
    assert t.monster == (0, 0) and t.facing == E  # the caller's table is untouched


def test_tie_of_three_directions_does_not_turn():
    t = table(open_board(), [(5, 2), (2, 5), (8, 5)], monster=(5, 5), facing=N)
    ref.look(t, SET)
    assert t.facing == N
    t = table(open_board(), [(2, 5), (9, 5)], monster=(5, 5), facing=N)
    ref.look(t, SET)
    assert t.facing == W  # the nearest of two is unique


def test_never_looks_back_or_diagonally():
    t = table(open_board(), [(5, 9), (6, 4), (4, 6)], monster=(5, 5), facing=N)
    ref.look(t, SET)
    assert t.facing == N
    behind = table(open_board(), [(5, 9)], monster=(5, 5), facing=N)
    result = ref.monster_phase(behind, "5", SET)
    assert result.table.monster == (5, 0) and result.eaten == []


def test_stones_block_sight_crystals_do_not():
    stone = table(open_board(stones=frozenset({(0, 2)})), [(0, 4)])
    ref.look(stone, SET)
    assert stone.facing == E
    crystal = table(open_board(crystals=frozenset({(0, 2)})), [(0, 4)])
    ref.look(crystal, SET)
    assert crystal.facing == S


def test_sight_wraps_across_the_edge_only_when_set():
    # facing N at (2, 5): west leaves at (0, 5) and comes back (mirror) at (15, 10); (13, 10) is 5 away, east 7.
    t = table(open_board(), [(13, 10), (9, 5)], monster=(2, 5), facing=N)
    ref.look(t, SET)
    assert t.facing == E
    t = table(open_board(), [(13, 10), (9, 5)], monster=(2, 5), facing=N)
    ref.look(t, replace(SET, sight_wraps=True))
    assert t.facing == W


# -- the monster's move: eat, push, wrap, blood ----------------------------------------------------------------
def test_push_chain_of_stones_and_figures_behind_them():
    b = open_board(10, 10, stones=frozenset({(1, 5), (2, 5), (4, 5)}))
    t = table(b, [(3, 5)], monster=(0, 5), facing=E)
    _, caught = walk(t, 1)
    assert t.monster == (1, 5) and t.stones == {(2, 5), (3, 5), (5, 5)} and t.figures[0].pos == (4, 5)
    assert caught == []


def test_figure_pushed_off_the_board_is_caught_stone_pushed_off_is_gone():
    b = open_board(10, 10, stones=frozenset({(7, 5), (8, 5)}))
    t = table(b, [(9, 5)], monster=(6, 5), facing=E, round=2)
    result = ref.monster_phase(t, "X1", SET)
    assert (result.eaten, result.steps) == ([0], 1)  # counts for a cross card
    assert result.table.figures[0].pos == ref.OFF and result.table.stones == {(8, 5), (9, 5)}
    t = table(open_board(10, 10, stones=frozenset({(8, 5), (9, 5)})), [], monster=(7, 5), facing=E)
    walk(t, 1)
    assert t.stones == {(9, 5)} and t.monster == (8, 5)


def test_stone_pushed_into_a_corner_is_removed():
    t = table(open_board(10, 10, stones=frozenset({(1, 0)})), [], monster=(2, 0), facing=W)
    walk(t, 1)
    assert t.stones == set() and t.monster == (1, 0)


@pytest.mark.parametrize("wrap, down, left", [("mirror", (10, 15), (15, 12)), ("torus", (5, 15), (15, 3))])
def test_wrap_reenters_keeping_direction(wrap, down, left):
    settings = replace(SET, wrap=wrap)
    t = table(open_board(), [], monster=(5, 0), facing=N)
    walk(t, 1, settings)
    assert (t.monster, t.facing) == (down, N)
    t = table(open_board(), [], monster=(0, 3), facing=W)
    walk(t, 1, settings)
    assert (t.monster, t.facing) == (left, W)


LONG = ((4, 9), (5, 9), (6, 9), (7, 9))


def test_monster_slides_over_blood_eating_on_the_way():
    t = table(open_board(16, 11, blood=(LONG,)), [(6, 9)], monster=(3, 9), facing=E)
    _, caught = walk(t, 1)
    assert t.monster == (8, 9) and caught == [0]


# -- cross cards -----------------------------------------------------------------------------------------------
def test_crosses_walk_until_caught_and_stop_at_the_cap():
    t = table(open_board(), [(3, 0), (6, 0)], round=2)
    assert ref.monster_phase(t, "X1", SET).steps == 3
    two = ref.monster_phase(t, "X2", SET)
    assert (two.steps, two.eaten) == (6, [0, 1])
    lonely = table(open_board(), [], round=2)
    assert ref.monster_phase(lonely, "X1", SET).steps == 20
    assert ref.monster_phase(lonely, "X2", replace(SET, cross_cap=7)).steps == 7


def test_five_is_three_crosses():
    t = table(open_board(), [(2, 0), (4, 0), (6, 0), (8, 0)], round=2)
    plain = ref.monster_phase(t, "5", SET)
    assert (plain.steps, plain.eaten) == (5, [0, 1])
    variant = replace(SET, five_is_three_crosses=True)
    three = ref.monster_phase(t, "5", variant)
    assert (three.steps, three.eaten) == (6, [0, 1, 2])
    t.round = 1
    assert "5" not in ref.playable_cards(t, variant)


@pytest.mark.parametrize("ban, banned", [("first_round_of_game", False), ("first_round_of_each_stage", True)])
def test_cross_ban_readings(ban, banned):
    settings = replace(SET, cross_ban=ban)
    game_start = table(open_board(), [], round=1)
    assert "X1" not in ref.playable_cards(game_start, settings)
    stage_two = table(open_board(), [], round=9, stage=2, stage_round=1)
    assert ("X1" not in ref.playable_cards(stage_two, settings)) == banned
    stage_two.stage_round = 2
    assert "X2" in ref.playable_cards(stage_two, settings)


# -- stages ----------------------------------------------------------------------------------------------------
def test_stage_one_eaten_figures_reenter_stage_two_they_are_out():
    t = table(open_board(), [(3, 0)], round=2)
    t.figures[0].top = 6
    first = ref.monster_phase(t, "5", SET).table
    assert first.figures[0].pos == ref.OFF and first.figures[0].top == 6  # its side kept
    assert (open_board().entrance) in ref.figure_moves(first, 0, SET)
    t.stage = 2
    second = ref.monster_phase(t, "5", SET).table
    assert second.figures[0].pos == ref.EATEN and ref.figure_moves(second, 0, SET) == {}


@pytest.mark.parametrize("stage_cards", [8, 7])
def test_stage_cards_end_stage_one(stage_cards):
    from analyzer.games.finstere_flure import reference_policies as rp
    settings = replace(SET, stage_cards=stage_cards)
    t = table(open_board(), [], round=7, cards_left=["5", "X1"])
    game = rp.Game(eaten=[0, 0])
    after = rp.monster_turn(t, rp._Rows([("card", 1, 5)]), settings, game)
    if stage_cards == 7:
        assert (after.stage, after.stage_round, Counter(after.cards_left)) == (2, 0, Counter(DECK))
    else:
        assert (after.stage, after.cards_left) == (1, ["X1"])


# -- figures ---------------------------------------------------------------------------------------------------
def ends(t, i=0, settings=SET):
    return set(ref.figure_moves(t, i, settings))


def test_figure_moves_up_to_its_value_turning_and_passing_figures():
    t = table(open_board(), [(5, 5), (6, 5)], monster=(0, 0))
    t.figures[0].top = 2
    reach = ends(t)
    assert (7, 5) in reach and (6, 5) not in reach and (5, 5) in reach  # passes over, never ends on a figure
    assert len(reach) == 12 and all(abs(x - 5) + abs(y - 5) <= 2 for x, y in reach)
    assert t.figures[1].pos == (6, 5)  # figures never push figures


def test_figure_never_passes_the_monster():
    t = table(open_board(), [(5, 5)], monster=(6, 5))
    t.figures[0].top = 2
    assert (7, 5) not in ends(t) and (6, 5) not in ends(t)


def test_entering_through_the_entrance_and_round_one_two_figures():
    b = open_board(10, 10)
    t = table(b, ["off"], round=2)
    t.figures[0].top = 2
    assert ends(t) == {ref.OFF, (9, 9), (9, 8), (8, 9)}
    figs = [ref.Figure(0, s, ref.OFF, s[1], moved=k < 2) for k, s in enumerate(((6, 1), (4, 3), (3, 4)))]
    first_round = ref.Table(b, 2, figs)
    assert ends(first_round, 2) == {ref.OFF}  # two figures brought in already
    first_round.round = 2
    assert (9, 9) in ends(first_round, 2)


def test_a_move_flips_the_figure():
    t = table(open_board(), [(5, 5)])
    ref.move_figure(t, 0, (N,), SET)
    assert (t.figures[0].pos, t.figures[0].top, t.figures[0].moved) == ((5, 4), 6, True)


@pytest.mark.parametrize("exit_on", ["corner", "beyond"])
def test_exit_on_readings(exit_on):
    settings = replace(SET, exit_on=exit_on)
    t = table(open_board(), [(1, 0)], monster=(5, 5))
    if exit_on == "corner":
        assert ref.figure_moves(t, 0, settings)[ref.OUT] == [(W,)] and (0, 0) not in ends(t, 0, settings)
    else:
        assert ref.OUT not in ends(t, 0, settings) and (0, 0) in ends(t, 0, settings)
        t.figures[0].top = 2
        assert ref.figure_moves(t, 0, settings)[ref.OUT] == [(W, N)]
    path, = ref.figure_moves(t, 0, settings)[ref.OUT]
    ref.move_figure(t, 0, path, settings)
    assert t.figures[0].pos == ref.OUT and t.exits == [0]


def test_figure_pushes_one_stone_if_the_square_beyond_is_free_and_not_on_the_edge():
    b = open_board(10, 10, stones=frozenset({(3, 3), (9, 5), (5, 7), (6, 7)}))
    t = table(b, [(2, 3), (8, 5), (4, 7)], monster=(0, 0))
    ref.move_figure(t, 0, (E,), SET)
    assert t.figures[0].pos == (3, 3) and (4, 3) in t.stones
    t.figures[1].top = 1
    assert (9, 5) not in ends(t, 1)  # the stone on the edge does not move
    t.figures[2].top = 1
    assert (5, 7) not in ends(t, 2)  # two stones in a row: the square beyond is not free


def test_figure_cannot_step_onto_a_teleporter():
    b = open_board(10, 10, teleports=(((5, 5), N), ((2, 8), E)))
    t = table(b, [(4, 5)], monster=(0, 0))
    assert (5, 5) not in ends(t)


# -- blood -----------------------------------------------------------------------------------------------------
def blood_table(figures, stones=frozenset(), pools=(LONG,)):
    return table(Board(width=16, height=11, stones=stones, blood=pools), figures, monster=(0, 0))


def test_figure_slides_to_the_first_square_beyond():
    t = blood_table([(3, 9)])
    assert ref.figure_moves(t, 0, SET)[(8, 9)] == [(E,)]
    pushed = blood_table([(3, 9)], stones=frozenset({(8, 9)}))
    ref.move_figure(pushed, 0, (E,), SET)
    assert pushed.figures[0].pos == (8, 9) and pushed.stones == {(9, 9)}


@pytest.mark.parametrize("blood_stop, stop", [("far_end", (7, 9)), ("entry", (4, 9))])
def test_blocked_slide_stops_on_the_blood_per_blood_stop(blood_stop, stop):
    settings = replace(SET, blood_stop=blood_stop)
    t = blood_table([(3, 9)], stones=frozenset({(8, 9), (9, 9)}))
    ref.move_figure(t, 0, (E,), settings)
    assert t.figures[0].pos == stop


@pytest.mark.parametrize("blood_stop, stop", [("far_end", (15, 0)), ("entry", (12, 0))])
def test_pool_on_the_edge_stops_the_slide(blood_stop, stop):
    t = blood_table([(11, 0)], pools=(((12, 0), (13, 0), (14, 0), (15, 0)),))
    ref.move_figure(t, 0, (E,), replace(SET, blood_stop=blood_stop))
    assert t.figures[0].pos == stop


def test_no_last_step_onto_blood_when_the_square_beyond_is_occupied():
    t = blood_table([(3, 9), (8, 9)])
    assert not ends(t) & {(4, 9), (7, 9), (8, 9)}
    t.figures[0].top = 2
    assert ref.figure_moves(t, 0, SET)[(9, 9)] == [(E, E)]  # sliding over the figure mid-move is fine


@pytest.mark.parametrize("blood_stop, stop", [("far_end", (7, 9)), ("entry", (4, 9))])
def test_stone_slides_on_blood_or_stays_per_blood_stop(blood_stop, stop):
    settings = replace(SET, blood_stop=blood_stop)
    t = blood_table([(2, 9)], stones=frozenset({(3, 9)}))
    ref.move_figure(t, 0, (E,), settings)
    assert t.stones == {(8, 9)}
    blocked = blood_table([(2, 9), (8, 9)], stones=frozenset({(3, 9)}))
    ref.move_figure(blocked, 0, (E,), settings)
    assert blocked.stones == {stop}


# -- advanced tiles --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("arrow, square, facing", [("right", (2, 6), S), ("left", (2, 4), N), ("half", (1, 5), W)])
def test_turn_stone_turns_the_monster_instead_of_being_pushed(arrow, square, facing):
    t = table(open_board(10, 10, turn_stones={(3, 5): arrow}), [(6, 5)], monster=(2, 5), facing=E)
    walk(t, 1)  # the figure behind the turn stone is hidden
    assert (t.monster, t.facing, t.turn_stones) == (square, facing, {(3, 5): arrow})


def test_turn_stone_turns_the_monster_only_when_its_look_saw_nobody_left_or_right():
    # plain: nobody to the left or right (the figure ahead is hidden by the turn stone): turned by the arrow
    t = table(open_board(10, 10, turn_stones={(3, 5): "right"}), [(6, 5)], monster=(2, 5), facing=E)
    ref.look(t, SET)
    assert (t.facing, t.saw_side) == (E, False)
    ref.monster_step(t, SET, [])
    assert (t.monster, t.facing, t.turn_stones) == ((2, 6), S, {(3, 5): "right"})
    # a tie: figures three squares to the left and to the right; it keeps facing E and PUSHES the turn stone
    t = table(open_board(10, 10, turn_stones={(3, 5): "right"}), [(2, 2), (2, 8)], monster=(2, 5), facing=E)
    ref.look(t, SET)
    assert (t.facing, t.saw_side) == (E, True)
    assert t.copy().saw_side
    caught = []
    ref.monster_step(t, SET, caught)
    assert (t.monster, t.facing, t.turn_stones, caught) == ((3, 5), E, {(4, 5): "right"}, [])
    # next step it sees nobody sideways: the pushed turn stone now turns it (right: south)
    path, _ = walk(t, 1)
    assert (path, t.facing, t.turn_stones) == ([(3, 6)], S, {(4, 5): "right"})


def test_turn_stone_does_not_act_when_the_monster_turns_to_a_figure_at_its_side():
    t = table(open_board(10, 10, turn_stones={(3, 5): "right"}), [(2, 2)], monster=(2, 5), facing=E)
    walk(t, 1)
    assert (t.monster, t.facing) == ((2, 4), N)


def test_teleporter_sends_the_monster_to_its_partner_facing_its_arrow():
    b = open_board(10, 10, teleports=(((5, 0), S), ((8, 8), W)))
    t = table(b, [], monster=(3, 0), facing=E)
    path, _ = walk(t, 2)
    assert path == [(4, 0), (8, 8)] and t.facing == W
    walk(t, 1)
    assert t.monster == (7, 8)


def test_the_monster_sees_over_a_teleporter():
    b = open_board(10, 10, teleports=(((0, 2), E), ((8, 8), W)))
    t = table(b, [(0, 4)])
    ref.look(t, SET)
    assert t.facing == S


def test_figure_pushed_into_a_teleporter_is_caught_stone_gone():
    b = open_board(10, 10, stones=frozenset({(3, 5), (5, 5)}), teleports=(((6, 5), N), ((8, 8), W)))
    t = table(b, [(4, 5)], monster=(2, 5), facing=E)
    _, caught = walk(t, 1)  # the chain stone, figure, stone: the front stone goes into the teleporter
    assert (t.stones, t.figures[0].pos, caught) == ({(4, 5)}, (5, 5), [])
    b = open_board(10, 10, stones=frozenset({(3, 5)}), teleports=(((5, 5), N), ((8, 8), W)))
    t = table(b, [(4, 5)], monster=(2, 5), facing=E, round=2)
    result = ref.monster_phase(t, "X1", SET)
    assert (result.eaten, result.steps, result.table.stones) == ([0], 1, {(4, 5)})


def test_a_figure_that_does_not_move_is_flipped_too_also_off_the_board():
    t = table(open_board(), [(5, 5), "off"])
    t.figures[1].top = 5
    ref.move_figure(t, 0, (), SET)
    ref.move_figure(t, 1, (), SET)
    assert [(f.pos, f.top, f.moved) for f in t.figures] == [((5, 5), 6, True), (ref.OFF, 2, True)]


def test_crystals_and_turn_stones_are_stones_for_figures_and_crystals_for_the_monster_pushing():
    b = open_board(10, 10, crystals=frozenset({(4, 4)}), turn_stones={(4, 6): "half"})
    t = table(b, [(3, 4), (3, 6)], monster=(0, 0))
    ref.move_figure(t, 0, (E,), SET)
    ref.move_figure(t, 1, (E,), SET)
    assert t.crystals == {(5, 4)} and t.turn_stones == {(5, 6): "half"}
    m = table(open_board(10, 10, crystals=frozenset({(3, 5)})), [], monster=(2, 5), facing=E)
    walk(m, 1)
    assert (m.monster, m.crystals) == ((3, 5), {(4, 5)})


@pytest.mark.parametrize("blood_stop, stop", [("far_end", (15, 0)), ("entry", (12, 0))])
def test_monster_on_a_pool_at_the_edge_stops_per_blood_stop(blood_stop, stop):
    b = Board(width=16, height=11, blood=(((12, 0), (13, 0), (14, 0), (15, 0)),))
    t = table(b, [], monster=(11, 0), facing=E)
    walk(t, 1, replace(SET, blood_stop=blood_stop))
    assert t.monster == stop


def test_monster_pushes_a_stone_lying_on_the_blood_ahead_in_its_slide():
    t = table(Board(width=16, height=11, stones=frozenset({(6, 9)}), blood=(LONG,)), [], monster=(3, 9), facing=E)
    walk(t, 1)
    assert t.monster == (8, 9) and t.stones == {(9, 9)}
