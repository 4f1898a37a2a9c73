"""The readable reference's table, search, players and full-game loop (reference.py, reference_policies.py)."""
from collections import Counter
from dataclasses import replace

import pytest

from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import reference_policies as rp
from analyzer.games.finstere_flure.rules import DECK, DEFAULT_BOARD, E, N, S, W, Board, Settings

SET = Settings()


def open_board(w=10, h=10, **tiles):
    return Board(width=w, height=h, entrance=(w - 1, h - 1), **tiles)


def test_new_table_is_the_set_up():
    t = ref.new_table(DEFAULT_BOARD, 4)
    assert len(t.figures) == 16 and {f.pos for f in t.figures} == {ref.OFF}
    assert [f.top for f in t.figures[:4]] == [1, 3, 4, 5]  # coloured side up
    assert (t.monster, t.facing, t.stage, t.round) == ((0, 0), E, 1, 1)
    assert Counter(t.cards_left) == Counter(DECK) and t.stones == set(DEFAULT_BOARD.stones)
    assert len(ref.new_table(DEFAULT_BOARD, 5).figures) == 15


def test_copy_shares_nothing_that_moves():
    t = ref.new_table(DEFAULT_BOARD, 2)
    c = t.copy()
    c.figures[0].pos, c.stones, c.cards_left[0] = (3, 3), set(), "X1"
    c.exits.append(1)
    assert t.figures[0].pos == ref.OFF and t.stones and t.cards_left[0] == "5" and t.exits == []


def test_monster_phase_leaves_its_argument_and_drops_the_card():
    t = ref.Table(open_board(), 2, [ref.Figure(0, (6, 1), (4, 0), 1)])
    result = ref.monster_phase(t, "7", SET)
    assert t.figures[0].pos == (4, 0) and Counter(t.cards_left) == Counter(DECK)
    assert result.eaten == [0] and result.steps == 7 and result.table.cards_left.count("7") == 1


def test_each_end_keeps_its_shortest_first_path():
    t = ref.Table(open_board(), 2, [ref.Figure(0, (4, 3), (5, 5), 4)], monster=(0, 0))
    moves = ref.figure_moves(t, 0, SET)
    assert moves[(5, 5)] == [()] and moves[(6, 4)] == [(N, E)] and moves[(4, 6)] == [(S, W)]
    assert moves[(5, 1)] == [(N, N, N, N)] and len(moves) == 41  # no stones: one layout per square


def test_every_stone_layout_is_its_own_end_each_with_its_first_path():
    # BFS order N, E, S, W: (6, 6) is first reached by E (pushing the stone to (7, 5)) then S, and by S, E without
    # touching it; back on (5, 5) after E, W with the stone pushed
    b = open_board(stones=frozenset({(6, 5)}))
    t = ref.Table(b, 2, [ref.Figure(0, (4, 3), (5, 5), 2)], monster=(0, 0))
    moves = ref.figure_moves(t, 0, SET)
    assert moves[(6, 5)] == [(E,)] and moves[(7, 5)] == [(E, E)] and moves[(6, 6)] == [(E, S), (S, E)]
    assert moves[(5, 5)] == [(), (E, W)] and moves[(6, 4)] == [(N, E), (E, N)]
    for path, stones in zip(moves[(6, 6)], ({(7, 5)}, {(6, 5)})):
        after = t.copy()
        ref.move_figure(after, 0, path, SET)
        assert after.stones == stones and after.figures[0].pos == (6, 6)


def test_an_illegal_path_is_refused():
    t = ref.Table(open_board(), 2, [ref.Figure(0, (6, 1), (0, 5), 1)], monster=(0, 0))
    with pytest.raises(ValueError):
        ref.move_figure(t, 0, (W,), SET)
    with pytest.raises(ValueError):
        ref.move_figure(replace(t, monster=(0, 3)), 0, (N, N), SET)  # through the monster's square


def test_end_codes_and_distances():
    b = DEFAULT_BOARD
    t = ref.new_table(b, 2)
    assert rp.end_code(b, ref.OFF) == -1 and rp.end_code(b, ref.OUT) == -2 and rp.end_code(b, (3, 2)) == 35
    assert rp.steps_to_exit(t, -1, SET) == 26 and rp.steps_to_exit(t, 35, SET) == 5
    assert rp.steps_to_exit(t, 35, replace(SET, exit_on="beyond")) == 6 and rp.steps_to_exit(t, -2, SET) == 0


def test_greedy_hides_behind_a_stone():
    # the monster at (0, 0) facing E sees down every column it passes; (7, 2) lies behind the stone at (7, 1)
    b = open_board(16, 16, stones=frozenset({(7, 1)}))
    figs = [ref.Figure(0, (6, 1), (6, 2), 1), ref.Figure(1, (6, 1), (12, 12), 1, moved=True)]
    t = ref.Table(b, 2, figs, round=2)
    assert rp.caught_count(t, 0, SET) == 5  # 8, 8, 10, X1, X2 (the 7 turns south at (6, 0) and stops short)
    assert rp.greedy_choice(t, 0, SET) == (0, (2 * 16 + 7, 0))
    assert rp.caught_count(t, 1, SET) == 0


def test_most_out_ties_go_to_who_got_there_first():
    t = ref.new_table(DEFAULT_BOARD, 3)
    assert rp.most_out(t) == -1
    t.exits = [2, 1, 1, 2, 0]
    assert rp.most_out(t) == 1


def one_figure_each(b, positions, **kw):
    figs = [ref.Figure(k, (6, 1), pos, 1) for k, pos in enumerate(positions)]
    return ref.Table(b, len(figs), figs, **kw)


def test_the_escape_wins_at_once():
    b = open_board(16, 16)
    figs = [ref.Figure(0, (6, 1), ref.OUT, 1), ref.Figure(0, (4, 3), ref.OUT, 3), ref.Figure(0, (3, 4), (1, 0), 4),
            ref.Figure(0, (2, 5), (9, 9), 5), ref.Figure(1, (6, 1), (5, 9), 1)]
    t = ref.Table(b, 2, figs, monster=(8, 8), round=5, exits=[0, 0])
    game = rp.play_from(t, SET, ["random", "random"], [("move", 2, -2), ("end", 1, 0)])
    assert (game.end, game.winner, game.exits, game.snapshots) == ("escaped", 0, [0, 0, 0], [])


def test_stage_two_ends_when_its_cards_run_out_most_out_wins():
    b = open_board(16, 16)
    t = one_figure_each(b, [(8, 0), (3, 9)], stage=2, round=12, cards_left=["8"], exits=[1, 0, 1])
    t.figures[1].moved = True
    record = [("move", 0, 0 * 16 + 8), ("card", 2, 8), ("end", 3, 1)]
    game = rp.play_from(t, SET, ["random", "random"], record)
    assert (game.end, game.winner, game.snapshots[-1][4]) == ("cards out", 1, (-3, 9 * 16 + 3))


def test_stage_two_ends_on_an_empty_board():
    b = open_board(16, 16)
    t = one_figure_each(b, [(8, 0), ref.OUT], stage=2, round=12, cards_left=["8", "10"], exits=[1])
    record = [("move", 0, 8), ("card", 2, 8), ("end", 2, 1)]
    game = rp.play_from(t, SET, ["random", "random"], record)
    assert (game.end, game.winner) == ("board empty", 1)


def test_the_turn_cap_ends_the_game_counted_apart():
    b = open_board(16, 16)
    t = one_figure_each(b, [(5, 9), (9, 5)], round=3, cards_left=["5", "7", "10"], monster=(0, 0))
    t.figures[1].moved = True
    record = [("move", 0, 9 * 16 + 5), ("card", 1, 5), ("end", 4, -1)]
    game = rp.play_from(t, replace(SET, turn_cap=3), ["random", "random"], record)
    assert (game.end, game.winner, game.rounds) == ("capped", -1, 3)


def test_a_record_the_rules_forbid_is_caught():
    b = open_board(16, 16)
    t = one_figure_each(b, [(5, 9), (9, 5)], round=3, monster=(0, 0))
    with pytest.raises(rp.RecordMismatch):
        rp.play_from(t.copy(), SET, ["random", "random"], [("move", 0, 0)])  # (0, 0): too far
    with pytest.raises(rp.RecordMismatch):
        rp.play_from(t.copy(), SET, ["random", "random"], [("move", 1, 9 * 16 + 5)])  # not seat 0's figure
    first = one_figure_each(b, [(5, 9), (9, 5)], round=1, monster=(0, 0))
    with pytest.raises(rp.RecordMismatch):  # no cross in round 1
        rp.play_from(first, SET, ["random", "random"], [("move", 0, 9 * 16 + 5), ("move", 1, 5 * 16 + 9),
                                                        ("card", 1, -1)])
    with pytest.raises(rp.RecordMismatch):  # greedy would not stay on the monster's row
        t = one_figure_each(b, [(6, 0), (12, 12)], round=2)
        t.figures[1].moved = True
        rp.play_from(t, SET, ["greedy", "random"], [("move", 0, 6)])


def test_turn_order_start_player_passes_left_and_a_player_with_nothing_to_move_sits_out():
    b = open_board(16, 16)
    t = one_figure_each(b, [(5, 9), (9, 5), ref.OUT], round=2, start_player=1, exits=[2])
    stay0, stay1 = ("move", 0, 9 * 16 + 5), ("move", 1, 5 * 16 + 9)
    record = [stay1, stay0, ("card", 1, 5), stay0, stay1, ("card", 1, 7), ("end", 4, 2)]
    game = rp.play_from(t, replace(SET, turn_cap=3), ["random"] * 3, record)
    assert (game.end, game.winner, game.rounds) == ("capped", 2, 3)
    assert [snap[2:4] for snap in game.snapshots] == [(5, S), (7 * 16 + 5, S)]  # the 5 ends looking south
    with pytest.raises(rp.RecordMismatch):  # seat 0 does not start round 2
        rp.play_from(one_figure_each(b, [(5, 9), (9, 5), ref.OUT], round=2, start_player=1, exits=[2]),
                     SET, ["random"] * 3, [stay0])
