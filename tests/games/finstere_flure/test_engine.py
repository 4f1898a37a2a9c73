"""The numba engine: the spec's reference figures, hand-stepped rule subtleties on hand-made tables (a tie of the
nearest figures leaves the monster facing, push chains, blood slides and blood_stop, mirror and torus wrap, an
eaten figure re-entering in stage 1 and out in stage 2, the stage end per stage_cards, the win at once), every
card on each of them equal to the readable reference; whole games (determinism, credit, the cap); agreement with
the readable reference on seeded games in every reading."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import reference_policies as rp
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure import sim
from analyzer.games.finstere_flure.rules import E, N, S, W, Board, Settings

SET = Settings()
CODES = {"5": 5, "7": 7, "8": 8, "10": 10, "X1": -1, "X2": -2}


def open_board(w=16, h=16, **tiles):
    return Board(width=w, height=h, entrance=(w - 1, h - 1), **tiles)


def fig(owner, pos, top=1, stone=(6, 1), moved=False):
    return ref.Figure(owner, stone, pos, top, moved)


class Engine:
    """A reference Table as an engine state; `t(probe, a)` runs one engine step on it."""

    def __init__(self, table, settings=SET, policies=None):
        self.table, self.settings = table, settings
        self.s, self.cfg = sim.table_state(table, settings, policies or ("random",) * table.players)
        self.rs = np.arange(1, g.NSTREAMS + 1, dtype=np.uint64)
        self.rec = np.zeros((64, 4), dtype=np.int64)
        self.w = g.work()

    def __call__(self, probe, a=0):
        return int(g.probe(g.PROBES.index(probe), self.s, self.cfg, a, self.rs, self.rec, self.w))

    def sq(self, xy):
        return g.square(self.table.board, xy)

    def pos(self, f):
        return int(self.s[g.FPOS + f])

    def ends(self, f):
        n = self("figure_moves", f)
        return {int(self.w[g.N_SQ, i]) for i in range(n) if self.w[g.N_END, i]}

    def moves(self, f):
        """{(end code, k): path} of figure f, as reference_policies.legal_ends names them."""
        w, n, out = self.w, self("figure_moves", f), {}
        for i in range(n):
            if not w[g.N_END, i]:
                continue
            code, path, j = int(w[g.N_SQ, i]), [], i
            while w[g.N_PAR, j] >= 0:
                path.append(ref.ENTER if w[g.N_SQ, w[g.N_PAR, j]] == g.OFF else int(w[g.N_DIR, j]))
                j = w[g.N_PAR, j]
            out[(code, sum(key[0] == code for key in out))] = tuple(reversed(path))
        return dict(sorted(out.items()))


def eaten_by(table, card, settings=SET):
    """The figures the engine's monster catches with `card`, checked equal to the reference's (and the monster's
    square and facing)."""
    e = Engine(table, settings)
    e("monster_phase", CODES[card])
    mine = [f for f in range(len(table.figures)) if e.pos(f) == g.EATEN]
    theirs = ref.monster_phase(table, card, settings)
    assert sorted(theirs.eaten) == mine
    assert (int(e.s[g.MSQ]), int(e.s[g.MDIR])) == (e.sq(theirs.table.monster), theirs.table.facing)
    return mine, e


def p_caught(table, f, settings=SET):
    e = Engine(table, settings)
    return e("caught", f)


def test_reference_figure_five_eighths_and_round_one():
    t = ref.Table(open_board(), 2, [fig(0, (8, 0))], monster=(0, 0), facing=E, round=2)
    assert p_caught(t, 0) == 5  # 8, 8, 10, X1, X2 of 8
    t1 = ref.Table(open_board(), 2, [fig(0, (8, 0))], monster=(0, 0), facing=E, round=1)
    assert p_caught(t1, 0) == 3  # 8, 8, 10 of the 6 numbers
    for card in r.DECK:
        eaten_by(t, card)


def test_reference_figure_three_quarters():
    t = ref.Table(open_board(), 2, [fig(0, (7, 0))], monster=(0, 0), facing=E, round=3,
                  cards_left=["5", "7", "10", "X2"])
    assert p_caught(t, 0) == 3


def test_a_tie_of_the_nearest_leaves_the_monster_facing_and_it_wraps_mirrored():
    t = ref.Table(open_board(), 2, [fig(0, (2, 5)), fig(1, (8, 5))], monster=(5, 5), facing=N, round=3)
    for card in ("5", "7", "8", "10", "X2"):
        assert 0 not in eaten_by(t, card)[0]
    assert eaten_by(t, "X1")[0] == [1]
    assert eaten_by(t, "X2")[0] == [1]
    mine, e = eaten_by(t, "10")
    assert e.s[g.MSQ] == e.sq((10, 11)) and e.s[g.MDIR] == N  # left the top at step 6, re-entered at (10, 15)


def test_torus_wrap_keeps_the_column():
    t = ref.Table(open_board(), 2, [fig(0, (1, 1))], monster=(5, 0), facing=N, round=3)
    _, mirror = eaten_by(t, "5")
    _, torus = eaten_by(t, "5", replace(SET, wrap="torus"))
    assert mirror.s[g.MSQ] == mirror.sq((10, 11)) and torus.s[g.MSQ] == torus.sq((5, 11))


def test_the_monster_pushes_a_chain_and_a_figure_off_the_board_is_caught():
    b = open_board(stones=frozenset({(12, 5), (14, 5)}))
    t = ref.Table(b, 2, [fig(0, (13, 5))], monster=(10, 5), facing=E, round=3)
    mine, e = eaten_by(t, "5")  # steps 2-3 push stone, figure, stone; step 4 pushes the figure off
    assert mine == [0]  # step 3 pushed the front stone off, step 5 the other: the row is empty
    assert e.s[g.MSQ] == e.sq((15, 5)) and not e.s[g.TILE:g.TILE + 16 * 16].any()


def test_a_turn_stone_turns_the_monster_only_when_it_saw_nobody_left_or_right():
    b = open_board(10, 10, turn_stones={(3, 5): "right"})
    # plain: the figure ahead hides behind the turn stone: turned south at step 1, (2, 6) .. (2, 9), wraps
    # (mirror) to (7, 0); the turn stone stays
    t = ref.Table(b, 2, [fig(0, (6, 5))], monster=(2, 5), facing=E, round=3)
    mine, e = eaten_by(t, "5")
    assert mine == [] and (e.s[g.MSQ], e.s[g.MDIR]) == (e.sq((7, 0)), S)
    assert e.s[g.TILE + e.sq((3, 5))] == g.T_RIGHT and e.s[g.TILE:g.TILE + 100].sum() == g.T_RIGHT
    # a tie: figures 3 squares left and right; step 1 keeps E and pushes the turn stone to (4, 5); step 2 sees
    # nobody sideways: turned south by it, (3, 6), (3, 7), (3, 8); step 5 sees (2, 8) west and eats it; the
    # final look sees (2, 2) to its right (north)
    t = ref.Table(b, 2, [fig(0, (2, 2)), fig(1, (2, 8))], monster=(2, 5), facing=E, round=3)
    for card in ("5", "X1"):
        mine, e = eaten_by(t, card)
        assert mine == [1] and (e.s[g.MSQ], e.s[g.MDIR]) == (e.sq((2, 8)), N)
        assert e.s[g.TILE + e.sq((4, 5))] == g.T_RIGHT and e.s[g.TILE + e.sq((3, 5))] == g.T_NONE


def test_a_figure_slides_over_blood_and_stops_per_blood_stop_at_an_edge_pool():
    pools = (((4, 9), (5, 9), (6, 9), (7, 9)), ((12, 3), (13, 3), (14, 3), (15, 3)))
    b = open_board(blood=pools)
    t = ref.Table(b, 2, [fig(0, (3, 9)), fig(1, (11, 3))], monster=(0, 0), round=3)
    e = Engine(t)
    assert e.sq((8, 9)) in e.ends(0) and e.sq((4, 9)) not in e.ends(0)  # one step slides through
    assert e.sq((15, 3)) in e.ends(1)  # far_end: the pool ends at the edge
    entry = Engine(t, replace(SET, blood_stop="entry"))
    assert entry.sq((12, 3)) in entry.ends(1) and entry.sq((15, 3)) not in entry.ends(1)
    for settings in (SET, replace(SET, blood_stop="entry")):
        for i in (0, 1):
            want = {sim._pos_code(b, end) for end in ref.figure_moves(t, i, settings)}
            assert Engine(t, settings).ends(i) == want


def test_figure_ends_equal_the_reference_among_stones_and_figures():
    b = r.DEFAULT_BOARD
    t = ref.Table(b, 3, [fig(0, (5, 5), 6), fig(1, (6, 6), 4, (4, 3)), fig(2, "off", 5, (2, 5)),
                         fig(0, (8, 3), 3, (3, 4))], monster=(9, 3), facing=W, round=4)
    for i in range(4):
        assert Engine(t).moves(i) == rp.legal_ends(t, i, SET)


def test_each_stone_layout_a_move_can_leave_is_its_own_end_as_in_the_reference():
    """(6, 5) is reached pushing the stone east (path E) or south (N, E, S); back on (5, 5) with it pushed east."""
    b = open_board(stones=((6, 5), (9, 9)))
    t = ref.Table(b, 2, [fig(0, (5, 5), 4, (3, 4)), fig(1, (8, 8), 5, (2, 5))], monster=(0, 0), round=3)
    e = Engine(t)
    ends = e.moves(0)
    assert ends == rp.legal_ends(t, 0, SET)
    sq = e.sq((6, 5))
    assert (sq, 0) in ends and (sq, 1) in ends and ends[(sq, 0)] == (E,) and ends[(sq, 1)] == (N, E, S)
    assert (e.sq((5, 5)), 1) in ends
    for i in (0, 1):
        assert Engine(t).moves(i) == rp.legal_ends(t, i, SET)


@pytest.mark.parametrize("stage, after", [(1, g.OFF), (2, g.DEAD)])
def test_an_eaten_figure_re_enters_in_stage_1_and_is_out_in_stage_2(stage, after):
    t = ref.Table(open_board(), 2, [fig(0, (3, 0), 4)], monster=(0, 0), facing=E, round=3, stage=stage)
    e = Engine(t)
    e("play_card", 5)
    assert e.pos(0) == after and e.s[g.FTOP] == 4 and e.s[g.NEATEN] == 1


@pytest.mark.parametrize("stage_cards", [8, 7])
def test_the_stage_ends_with_its_last_card(stage_cards):
    settings = replace(SET, stage_cards=stage_cards)
    left = ["10", "X1", "X2"][: 9 - stage_cards]
    t = ref.Table(open_board(), 2, [fig(0, (9, 9))], monster=(0, 0), round=9 - len(left) + 1, cards_left=left)
    e = Engine(t, settings)
    assert e.s[g.STAGE] == 1 and e.s[g.NPLAYED] == stage_cards - 1
    e("play_card", 10)  # under 7 the 8th card is never played
    assert e.s[g.STAGE] == 2 and e.s[g.NPLAYED] == 0 and not e.s[g.PLAYED:g.PLAYED + g.NCARDS].any()


def test_stage_2_ends_when_its_cards_run_out_and_most_out_wins():
    t = ref.Table(open_board(), 2, [fig(0, (9, 9)), fig(1, (12, 12))], monster=(0, 0), round=16, stage=2,
                  cards_left=["10"], exits=[1, 0, 0])
    e = Engine(t)
    e("play_card", 10)
    assert e.s[g.ENDED] == g.E_CARDS and e.s[g.WINNER] == 0


def test_a_player_wins_at_once_when_his_figures_but_one_are_out():
    figs = [fig(0, (1, 0), 1), fig(1, (9, 9), 1), fig(0, (5, 5), 1, (4, 3))]
    t = ref.Table(open_board(), 2, figs, monster=(15, 15), facing=W, round=3, exits=[0, 0], start_player=0,
                  cards_left=["5", "7"])
    e = Engine(t, policies=("greedy", "greedy"))
    e("play_round")
    assert e.s[g.ENDED] == g.E_ESCAPE and e.s[g.WINNER] == 0 and e.pos(0) == g.OUT
    assert e.s[g.NPLAYED] == 6  # no monster phase after the win


@pytest.mark.parametrize("five_is_three, cap", [(False, 20), (True, 6)])
def test_one_monster_walk_counts_the_same_cards_as_a_walk_per_card(five_is_three, cap):
    """greedy's count of the cards that catch a figure (one walk answering every card) equals playing each card
    left on its own copy, for every figure of the positions of seeded greedy games (crosses capped short too)."""
    rs, rec, w = np.arange(1, g.NSTREAMS + 1, dtype=np.uint64), np.zeros((1, 4), dtype=np.int64), g.work()
    compared = caught = 0
    for seed in range(3):
        cfg = g.settings_vector(replace(SET, five_is_three_crosses=five_is_three, cross_cap=cap), None, 4)
        streams = g.Chance(1, np.random.default_rng(seed)).seeds
        s = g.state()
        pols = np.full((1, 4), g.P_GREEDY, dtype=np.int64)
        g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 1, pols=pols)
        for _ in range(8):
            ban = s[g.ROUND] == 1
            cards = [c for k, c in enumerate(g.CARD_CODES) if not s[g.PLAYED + k]
                     and not (ban and (c < 0 or (c == 5 and five_is_three)))]
            for f in range(s[g.NFIGS]):
                if s[g.FPOS + f] < 0:
                    continue
                walks = 0
                for c in cards:
                    t = s.copy()
                    g.probe(g.PROBES.index("monster_phase"), t, cfg, c, rs, rec, w)
                    walks += t[g.FPOS + f] == g.EATEN
                assert g.probe(g.PROBES.index("caught"), s, cfg, f, rs, rec, w) == walks
                compared += 1
                caught += walks > 0
            g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.GO_ON, 1)
            if s[g.ENDED] != g.E_RUN:
                break
    assert compared > 50 and caught > 5


def config(players=4, kind="random", **changes):
    from analyzer.games.finstere_flure import play as pl
    from analyzer.games.finstere_flure.policies import Policy
    return pl.GameConfig(pl.RuleSet(replace(SET, **changes)), players, (Policy(kind),) * players)


def test_games_are_deterministic_and_credit_sums_to_one():
    from analyzer.games.finstere_flure import play as pl
    for players in (2, 5, 7):
        a = pl.play(config(players), 200, np.random.default_rng(3))
        b = pl.play(config(players), 200, np.random.default_rng(3))
        assert all(np.array_equal(a[k], b[k]) for k in a)
        assert np.allclose(a["credit"].sum(1), 1.0)
        assert (a["money"] <= r.to_win(players)).all()


def test_the_turn_cap_stops_games_counted_apart():
    from analyzer.games.finstere_flure import play as pl
    res = pl.play(config(turn_cap=3), 100, np.random.default_rng(1))
    assert (res["rounds"] <= 3).all() and res["capped"].sum() == 100 - res["won by escaping"].sum()


def test_engine_equals_the_reference_on_seeded_random_games_in_every_reading():
    checks = sim.agreement(7, games=1, greedy_games=0)
    assert sum(what.endswith("monster phases") for what, _, _ in checks) == len(sim.RULE_SETS)
    assert len(checks) > 50
    for what, engine, reference in checks:
        assert engine == reference, what


def test_engine_equals_the_reference_with_greedy_players():
    checks = sim.agreement(11, games=0, greedy_games=1, rule_sets=sim.RULE_SETS[:1] + sim.RULE_SETS[5:6])
    assert len(checks) > 2
    for what, engine, reference in checks:
        assert engine == reference, what


def test_a_figure_pushed_onto_the_exit_corner_gets_out_by_stepping_off_and_back():
    """It stands there (pushed by the monster); a step away and back onto the corner is out, as the reference."""
    b = open_board()
    t = ref.Table(b, 2, [fig(0, b.exit, 2, (5, 2)), fig(1, (8, 8), 5, (2, 5))], monster=(9, 9), round=3)
    ends = Engine(t).moves(0)
    assert ends == rp.legal_ends(t, 0, SET) and (g.OUT, 0) in ends and ends[(g.OUT, 0)] == (E, W)
