"""exact.py: every reference figure of the spec as its exact fraction, and each setting that moves questions 1
and 2 in every reading it lists (hand-checked positions on open boards)."""
from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import exact, state
from analyzer.games.finstere_flure import rules as r

DECK = list(r.DECK)
_SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "finstere_flure"


def position(figures, monster=(0, 0), facing="E", cards=DECK, round_no=None, size=16, board=None, **rules):
    """An open board (no stones, no blood); figures [(square, owner)] all moved; the full deck: the first round of
    stage 2 (crosses allowed), fewer cards: the stage-1 round that leaves them, `round_no` 1: round 1."""
    stage2 = round_no is None and len(cards) == len(DECK)
    stage_cards = rules.get("stage_cards", 8)
    rnd = round_no or (stage_cards + 1 if stage2 else 9 - len(cards))
    stones = {0: ["6/1", "4/3", "3/4", "2/5"], 1: ["6/1", "4/3", "3/4", "2/5"]}
    figs = [{"owner": owner, "stone": stones[owner].pop(0), "pos": list(q), "moved": True} for q, owner in figures]
    return state.parse_position({
        "game": "finstere_flure", "players": 2,
        "rules": {"board": board or {"width": size, "height": size}, **rules},
        "position": {"stage": 2 if stage2 else 1, "round": rnd, "cards_left": cards,
                     "monster": {"pos": list(monster), "facing": facing}, "figures": figs}})


def p_caught(pos, figure=0):
    return exact.catch_odds(pos).p(figure)


def test_reference_five_eighths_and_one_half_in_round_one():
    odds = exact.catch_odds(position([((8, 0), 0)]))
    assert odds.p(0) == Fraction(5, 8)
    assert {c.card: bool(c.caught) for c in odds.cards} == {"5": False, "7": False, "8": True, "10": True,
                                                           "X1": True, "X2": True}
    assert p_caught(position([((8, 0), 0)], round_no=1)) == Fraction(1, 2)  # 8, 8, 10 of the six numbers


def test_reference_three_quarters():
    assert p_caught(position([((7, 0), 0)], cards=["5", "7", "10", "X2"])) == Fraction(3, 4)


def test_reference_tie_the_monster_does_not_turn():
    odds = exact.catch_odds(position([((2, 5), 0), ((8, 5), 1)], monster=(5, 5), facing="N"))
    assert (odds.p(0), odds.p(1)) == (0, Fraction(1, 4))
    x1 = next(c for c in odds.cards if c.card == "X1")
    assert (x1.caught, x1.steps) == ((1,), 18)  # re-entered on (10, 15), eats B at step 18
    assert odds.p_any(1) == Fraction(1, 4) and odds.expected() == Fraction(1, 4) and odds.p_any(0) == 0


def test_p_mine_and_the_expected_number_count_each_card_once():
    odds = exact.catch_odds(position([((5, 0), 0), ((9, 0), 0)]))  # in line: every card eats A, 10 and X2 B too
    assert odds.p(0) == 1 and odds.p(1) == Fraction(1, 4)
    assert odds.p_any(0) == 1 and odds.expected(0) == Fraction(5, 4) and odds.expected(1) == 0


def test_cross_ban_in_each_reading():
    assert p_caught(position([((8, 0), 0)])) == Fraction(5, 8)  # first round of stage 2: crosses allowed
    assert p_caught(position([((8, 0), 0)], cross_ban="first_round_of_each_stage")) == Fraction(1, 2)


def test_five_is_three_crosses_in_each_reading():
    assert p_caught(position([((8, 0), 0)], five_is_three_crosses=True)) == Fraction(6, 8)  # the 5 walks 20 now
    assert p_caught(position([((8, 0), 0)], round_no=1, five_is_three_crosses=True)) == Fraction(3, 5)  # redrawn


def test_the_cross_cap():
    assert p_caught(position([((8, 0), 0)], cross_cap=8)) == Fraction(5, 8)
    assert p_caught(position([((8, 0), 0)], cross_cap=7)) == Fraction(3, 8)  # the crosses stop a square short


def test_wrap_in_each_reading():
    tie = [((2, 5), 0), ((8, 5), 1)]
    assert p_caught(position(tie, monster=(5, 5), facing="N"), 1) == Fraction(1, 4)
    # torus: it re-enters on (5, 15) and meets the same tie again on (5, 5): nobody within 20 steps
    torus = exact.catch_odds(position(tie, monster=(5, 5), facing="N", wrap="torus"))
    assert (torus.p(0), torus.p(1)) == (0, 0)


def test_sight_wraps_in_each_reading():
    figure = [((12, 5), 0)]  # 12 squares east of the monster, 4 west across the edge on a torus
    assert p_caught(position(figure, monster=(0, 5), facing="N", wrap="torus")) == Fraction(2, 8)  # crosses only
    assert p_caught(position(figure, monster=(0, 5), facing="N", wrap="torus", sight_wraps=True)) == 1
    # mirror: the line west re-enters on row 10, where nobody stands
    assert p_caught(position(figure, monster=(0, 5), facing="N", sight_wraps=True)) == Fraction(2, 8)


def _ends(pos, figure=0):
    """Each end square's first stone layout (variant 0)."""
    return {c.end: c for c in exact.candidates(pos, figure) if c.variant == 0}


def _mover(square, top_round, board, **rules):
    """One unmoved 6/1 of player 0 on `square` (round 1: coloured 1 up; round 2: black 6)."""
    cards = DECK if top_round == 1 else DECK[:7]
    return state.parse_position({
        "game": "finstere_flure", "players": 2, "rules": {"board": board, **rules},
        "position": {"round": top_round, "cards_left": cards, "monster": {"pos": [15, 15], "facing": "W"},
                     "figures": [{"owner": 0, "stone": "6/1", "pos": list(square), "moved": False}]}})


def test_blood_stop_in_each_reading():
    # a pool on (3, 0)-(4, 0) and a stone beyond it on the edge (it cannot be pushed): the slide is stopped
    board = {"width": 16, "height": 16, "blood": [[[3, 0], [4, 0]]], "stones": [[5, 0]]}
    far = _ends(_mover((2, 0), 1, board))
    entry = _ends(_mover((2, 0), 1, board, blood_stop="entry"))
    assert (4, 0) in far and (3, 0) not in far
    assert (3, 0) in entry and (4, 0) not in entry


def test_exit_on_in_each_reading():
    board = {"width": 16, "height": 16}
    corner = _ends(_mover((1, 0), 1, board))
    beyond = _ends(_mover((1, 0), 1, board, exit_on="beyond"))
    assert exact.OUT in corner and (0, 0) not in corner and corner[exact.OUT].dist == 0
    assert exact.OUT not in beyond and beyond[(0, 0)].dist == 1  # one more step off the board from the corner
    assert corner[(1, 0)].dist == 1 and beyond[(1, 0)].dist == 2


def test_candidates_are_ranked_safest_first_then_nearest_the_exit():
    board = {"width": 16, "height": 16}
    pos = state.parse_position({
        "game": "finstere_flure", "players": 2, "rules": {"board": board},
        "position": {"round": 2, "cards_left": DECK[:7], "monster": {"pos": [0, 5], "facing": "E"},
                     "figures": [{"owner": 0, "stone": "2/5", "pos": [4, 6], "moved": False},
                                 {"owner": 1, "stone": "6/1", "pos": [9, 9], "moved": True}]}})
    ranked = exact.candidates(pos, 0)
    keys = [(c.p_caught, c.dist) for c in ranked]
    assert keys == sorted(keys) and len(ranked) == 13  # 2 steps on an open board: 13 squares, staying included
    row5 = {c.end: c.p_caught for c in ranked if c.end != exact.OUT and c.end[1] == 5}
    assert row5[(4, 5)] == 1 and ranked[-1].p_caught == 1  # on the monster's row every card gets it


def test_staying_off_and_entering():
    data = {"game": "finstere_flure", "players": 2, "rules": {"board": {"width": 16, "height": 16}},
            "position": {"round": 1, "cards_left": DECK, "monster": {"pos": [0, 0], "facing": "E"},
                         "figures": [{"owner": 0, "stone": "6/1", "pos": "off", "moved": False}]}}
    ends = _ends(state.parse_position(data))
    assert ends[exact.OFF].p_caught == 0 and ends[exact.OFF].dist == 31  # (15, 15) is 30 from the exit, +1
    assert ends[(15, 15)].path == (4,) and ends[(15, 15)].dist == 30  # one step: onto the entrance


def _random_table(rng):
    from analyzer.games.finstere_flure import reference as ref

    w, h = int(rng.integers(6, 12)), int(rng.integers(6, 12))
    squares = [(x, y) for x in range(w) for y in range(h) if (x, y) not in ((0, 0), (w - 1, h - 1))]
    picks = [squares[i] for i in rng.permutation(len(squares))[:14]]
    pool = picks[0]
    blood = ((pool, (pool[0] + 1, pool[1])),) if pool[0] + 1 < w and (pool[0] + 1, pool[1]) in squares else ()
    taken = set(blood[0]) if blood else set()
    rest = [q for q in picks[1:] if q not in taken]
    board = r.Board(w, h, (0, 0), (w - 1, h - 1), stones=frozenset(rest[:3]), crystals=frozenset(rest[3:4]),
                    turn_stones={rest[4]: "right"}, blood=blood)
    figures = [ref.Figure(k % 2, (6, 1), q, 1, True) for k, q in enumerate(rest[5:10])]
    return ref.Table(board, 2, figures, monster=rest[10], facing=int(rng.integers(4)), stage=int(rng.integers(1, 3)),
                     round=3)


@pytest.mark.parametrize("rules", [{}, {"wrap": "torus"}, {"sight_wraps": True, "blood_stop": "entry"},
                                   {"five_is_three_crosses": True, "cross_cap": 9}, {"wrap": "torus",
                                                                                     "sight_wraps": True}])
def test_one_walk_equals_the_reference_monster_phase_card_by_card(rules):
    import numpy as np

    from analyzer.games.finstere_flure import reference as ref

    settings = r.Settings(**rules)
    rng = np.random.default_rng(len(str(rules)))
    cards = ["5", "7", "8", "10", "X1", "X2"]
    for _ in range(25):
        table = _random_table(rng)
        walked = exact.card_outcomes(table, cards, settings)
        for card, got in zip(cards, walked):
            want = ref.monster_phase(table, card, settings)
            assert (got.caught, got.steps) == (tuple(want.eaten), want.steps), (card, rules)


def _greedy_scenario(**change):
    data = scenario.load(_SCENARIOS / "safest-square-greedy.yaml")
    data["position"].update(change)
    return state.parse_position(data)


def test_greedy_others_change_my_risk_when_the_later_figure_moves_away():
    # safest-square-greedy.yaml, hand-checked: player 1's 2/5 on (3, 5), between the monster (0, 5) facing E and
    # my 2/5 on (8, 5), moves after me. Fixed: it is eaten at step 3 and the monster walks on to (8, 5): 8, 8, 10
    # catch me (X1 stops at it) = 3/7. Greedy: every square it reaches in 2 steps is caught by every card, so it
    # takes the one nearest the exit, (3, 3) (dist 6, code 51 before (2, 4)'s 66); on (3, 5) the monster sees it
    # 2 north (me 5 east), turns, eats it at step 5 and walks north and over the top edge, never seeing (8, 5): 0.
    pos = _greedy_scenario()
    fixed = {c.end: c for c in exact.candidates(pos, 0, "fixed") if c.variant == 0}
    greedy = {c.end: c for c in exact.candidates(pos, 0) if c.variant == 0}  # the scenario says greedy
    assert fixed[(8, 5)].p_caught == Fraction(3, 7) and greedy[(8, 5)].p_caught == 0
    assert {c.card: c.caught for c in fixed[(8, 5)].odds.cards}["X1"] == (1,)
    assert {c.card: (c.caught, c.steps) for c in greedy[(8, 5)].odds.cards}["X1"] == ((1,), 5)
    assert [(t.figure, t.end) for t in greedy[(8, 5)].later] == [(1, (3 * 16 + 3, 0))]
    assert fixed[(8, 5)].later == () and not greedy[(8, 5)].ended


def test_greedy_equals_fixed_when_no_figure_is_left_to_move():
    data = {"game": "finstere_flure", "players": 2, "rules": {"board": {"width": 16, "height": 16},
                                                              "others_still_to_move": "greedy"},
            "position": {"round": 2, "cards_left": DECK[:7], "monster": {"pos": [0, 5], "facing": "E"},
                         "figures": [{"owner": 0, "stone": "2/5", "pos": [8, 5], "moved": False},
                                     {"owner": 1, "stone": "2/5", "pos": [3, 5], "moved": True}]}}
    pos = state.parse_position(data)
    greedy, fixed = exact.candidates(pos, 0), exact.candidates(pos, 0, "fixed")
    assert [(c.end, c.p_caught, c.odds) for c in greedy] == [(c.end, c.p_caught, c.odds) for c in fixed]
    assert all(c.later == () for c in greedy) and {c.end: c.p_caught for c in fixed}[(8, 5)] == Fraction(3, 7)


def _naive_rest(t, seat, settings):
    """The round's later turns straight from the readable policies (reference_policies.greedy_choice)."""
    from analyzer.games.finstere_flure import reference as ref
    from analyzer.games.finstere_flure import reference_policies as rp

    moves = []
    if t.exits.count(seat) >= r.to_win(t.players):
        return moves, True
    seat = (seat + 1) % t.players
    while (seat := rp.next_player(t, seat)) is not None:
        i, end = rp.greedy_choice(t, seat, settings)
        ref.move_figure(t, i, rp.legal_ends(t, i, settings)[end], settings)
        moves.append((i, end))
        if t.exits.count(seat) >= r.to_win(t.players):
            return moves, True
        seat = (seat + 1) % t.players
    return moves, False


@pytest.mark.parametrize("case", ["stones", "own-later-figure"])
def test_greedy_reuse_equals_replaying_every_square_with_the_reference_policy(case):
    """The reuse (turns played once with my figure nowhere, replayed only where an end square or a pushed stone
    was asked about) gives exactly what replaying the reference policy per end square gives."""
    from analyzer.games.finstere_flure import reference as ref

    board = {"width": 9, "height": 9, "stones": [[3, 4], [5, 3], [4, 6], [6, 5], [2, 2]],
             "blood": [[[6, 2], [7, 2]]]}
    figures = [{"owner": 0, "stone": "2/5", "pos": [4, 4], "moved": False},
               {"owner": 1, "stone": "3/4", "pos": [6, 6], "moved": False},
               {"owner": 1, "stone": "6/1", "pos": [2, 6], "moved": True}]
    if case == "own-later-figure":
        figures.append({"owner": 0, "stone": "3/4", "pos": [1, 4], "moved": False})
    pos = state.parse_position({
        "game": "finstere_flure", "players": 2, "rules": {"board": board, "others_still_to_move": "greedy"},
        "position": {"round": 4, "cards_left": DECK[:5], "monster": {"pos": [0, 3], "facing": "E"},
                     "figures": figures}})
    table = state.to_table(pos)
    got = {(c.end, c.variant): c for c in exact.candidates(pos, 0)}
    pushed = 0
    for end, paths in ref.figure_moves(table, 0, pos.settings).items():
        for k, path in enumerate(paths):
            after = table.copy()
            ref.move_figure(after, 0, path, pos.settings)
            pushed += after.stones != table.stones
            moves, ended = _naive_rest(after, 0, pos.settings)
            want = Fraction(0) if ended else exact.catch_odds(pos, after).p(0)
            assert ([(t.figure, t.end) for t in got[end, k].later], got[end, k].p_caught) == (moves, want), end
    assert pushed and len(got[(4, 4), 0].later) == 1 + (case == "own-later-figure")
    assert len(got) > len({end for end, _ in got})  # some square is reached with the stones left two ways


def test_greedy_choice_equals_the_reference_policy():
    import numpy as np

    from analyzer.games.finstere_flure import reference_policies as rp

    rng = np.random.default_rng(5)
    settings = r.Settings()
    for _ in range(12):
        t = _random_table(rng)
        for f in t.figures:
            f.moved = False
        seat = int(rng.integers(2))
        assert exact.greedy_choice(t, seat, settings)[:2] == rp.greedy_choice(t, seat, settings)
        for i in range(len(t.figures)):  # the one-mover view's copies change nothing the moves depend on
            assert exact.legal_ends(t, i, settings) == rp.legal_ends(t, i, settings)


def test_stage_cards_moves_the_first_round_of_stage_two():
    # stage_cards 7: stage 2 begins in round 8, so with crosses barred per stage the whole deck there plays numbers
    seven = position([((8, 0), 0)], stage_cards=7, cross_ban="first_round_of_each_stage")
    assert (seven.round, seven.stage_round, p_caught(seven)) == (8, 1, Fraction(1, 2))
    assert p_caught(position([((8, 0), 0)], stage_cards=7)) == Fraction(5, 8)


def test_turn_cap_bounds_the_round():
    with pytest.raises(ScenarioError, match="position.round"):
        position([((8, 0), 0)], cards=["5", "7", "8", "10"], turn_cap=4)
    assert position([((8, 0), 0)], cards=["5", "7", "8", "10"], turn_cap=5).round == 5


@pytest.mark.parametrize("name, others", [("safest-square.yaml", "fixed"), ("safest-square-greedy.yaml", "greedy"),
                                          ("safest-square-greedy.yaml", "fixed")])
def test_each_end_s_phase_reused_from_the_shared_walk_equals_its_own_walk(name, others):
    """An end whose table differs from the shared one only where the monster never looked reuses its phase:
    every end's odds equal a walk of its own table (the move, then the later turns listed)."""
    from analyzer.games.finstere_flure import reference as ref

    pos = state.parse_position(scenario.load(_SCENARIOS / name))
    table = state.to_table(pos)
    for figure in {i for i, f in enumerate(table.figures) if f.owner == pos.to_move and not f.moved and f.in_game}:
        for c in exact.candidates(pos, figure, others):
            after = table.copy()
            ref.move_figure(after, figure, c.path, pos.settings)
            for turn in c.later:
                ref.move_figure(after, turn.figure, turn.path, pos.settings)
            assert c.odds == (exact.no_phase(after, pos.settings) if c.ended else exact.catch_odds(pos, after))
