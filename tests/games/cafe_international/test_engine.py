"""The numba engine against the readable rules: every legal move, its score and its completions equal layout.py's
on random boards in every reading that changes them; the set-up deals as the coordination notes say; tiles are
conserved through whole games; the end penalties, the bar with its dropout, the birthday naming and the last
refill under both bag_end readings by hand-stepped turns; and the engine replays equal to the readable reference on its
recorded chance."""
import random
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import layout
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international import sim
from analyzer.games.cafe_international.state import Position

CHAIRS = list(sim.chair_index(r.ILLUSTRATIVE_LAYOUT))


def state_of(cfg, board, hand) -> np.ndarray:
    """Seat 0 holding `hand` on `board` ({chair: tile}), as the engine's state."""
    p = Position(players=2, seated=tuple((c, board[c]) for c in CHAIRS if c in board), hands=(tuple(hand), ()),
                 pool=(0,) * r.KINDS, first_turn=False)
    s = sim.position_state(p, ("greedy", "greedy"))
    s[g.BDAY] = -1
    return s


def random_board(rnd, fill):
    return {c: (rnd.randrange(r.JOKER + 1), rnd.randrange(2)) for c in CHAIRS if rnd.random() < fill}


def engine_moves(cfg, s, first):
    mv, wk, tl = g.buffers()
    n = g.probe(0, cfg, s, 0, first, mv, wk, tl)
    return mv[:n].copy(), (mv, wk, tl)


def as_placement(row):
    return tuple((CHAIRS[int(row[1 + 2 * i])], (int(row[2 + 2 * i]) // 2, int(row[2 + 2 * i]) % 2))
                 for i in range(row[g.MV_NG]))


@pytest.mark.parametrize("changes", [{}, {"lone_guest_rule": "never", "table_scoring": "per_guest"},
                                     {"coffee_party": True}, {"coffee_party": True, "table_scoring": "per_guest"}])
def test_moves_scores_and_completions_equal_layouts_on_random_boards(changes):
    settings = replace(r.Settings(), **changes)
    cfg = g.settings_vector(settings, 2)
    rnd = random.Random(3)
    for trial in range(60):
        board = random_board(rnd, rnd.choice((0.05, 0.2, 0.45)))
        hand = [(rnd.randrange(r.JOKER + 1 if rnd.random() < 0.3 else r.JOKER), rnd.randrange(2)) for _ in range(5)]
        if changes.get("coffee_party"):  # tiles of one sex, so that parties occur
            hand = [(nat, 0) for nat, _ in hand]
        first = trial % 10 == 0
        birthday = rnd.choice((None, hand[0][0] if hand[0][0] < r.JOKER else None))
        s = state_of(cfg, board, hand)
        s[g.BDAY] = -1 if birthday is None else birthday
        rows, bufs = engine_moves(cfg, s, first)
        places = [as_placement(row) for row in rows if row[0] == g.MV_PLACE]
        expected = layout.legal_placements(settings.layout, board, hand, settings, first_turn=first)
        assert len(places) == len(set(places))
        assert set(places) == set(expected)
        swaps = [(CHAIRS[row[1]], (row[2] // 2, row[2] % 2)) for row in rows if row[0] == g.MV_SWAP]
        assert swaps == layout.joker_swaps(settings.layout, board, hand)
        bars = [row[2] for row in rows if row[0] == g.MV_BAR]
        assert bars == sorted({r.kind(*t) for t in hand if t[0] != r.JOKER})
        mv, wk, tl = bufs
        for row in rows[rows[:, 0] == g.MV_PLACE][:40]:
            mv[0] = row
            pts = g.probe(1, cfg, s, 0, first, mv, wk, tl)
            placement = as_placement(row)
            assert pts == layout.score(settings.layout, board, placement, settings, birthday), placement
            assert tl[g.MAXT - 1] == layout.completions(settings.layout, board, placement)


def test_the_spec_figures_8_12_16_on_a_shared_chair():
    """A guest on a chair shared by two tables of 3: 4 + 4; one of them completed single-nationality 8 + 4; both 16."""
    cfg = g.settings_vector(None, 2)
    # T1 [c1..c4] N1, T2 [c4..c7] N2; c4 shared
    mixed = {"c1": (0, 0), "c2": (1, 1), "c3": (0, 1), "c5": (1, 0), "c6": (2, 1), "c7": (1, 1)}
    one_nat = {**mixed, "c2": (0, 1), "c3": (r.JOKER, 1)}
    both = {"c1": (0, 0), "c2": (0, 1), "c3": (0, 0), "c5": (1, 0), "c6": (1, 1), "c7": (1, 0)}
    for board, guest, want in ((mixed, (0, 1), 8), (one_nat, (0, 0), 12), (both, (r.JOKER, 1), 16)):
        s = state_of(cfg, board, [guest])
        mv, wk, tl = g.buffers()
        mv[0] = [g.MV_PLACE, CHAIRS.index("c4"), r.kind(*guest)] + [-1] * 6 + [1, -1]
        assert g.probe(1, cfg, s, 0, False, mv, wk, tl) == want


def play(settings, players, policies, seed, n=50):
    """n games, `policies` seated round the table (one name seats every seat: the engine reads a code per seat,
    and a shorter row would be read past its end)."""
    cfg = g.settings_vector(settings, players)
    seeds = g.Chance(n, np.random.default_rng(seed)).seeds
    out = np.zeros((n, g.STSIZE), dtype=np.int64)
    codes = g.policy_codes([policies[q % len(policies)] for q in range(players)])
    g.run(cfg, seeds, out, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME, pols=np.tile(codes, (n, 1)))
    return out


def test_the_deal_and_tiles_conserved_through_a_game():
    settings = r.Settings()
    record, snaps = sim.engine_game(settings, 3, ("random", "greedy", "random"), g.Chance(1, np.random.default_rng(5))
                                    .seeds[0])
    assert record[0][0] == "start" and snaps[0]["start"] == record[0][1]
    assert [row[1] for row in record[1:16]] == [q for q in range(3) for _ in range(5)]
    assert all(sum(h) == 5 for h in snaps[0]["hands"]) and sum(snaps[0]["bag"]) == 85
    for snap in snaps:
        bar_tiles = snap["bar"]
        held = sum(sum(h) for h in snap["hands"])
        seated = sum(1 for k in snap["seated"] if k >= 0)
        assert sum(snap["bag"]) + held + seated + bar_tiles == r.TILES  # no dropout in this game
    assert snaps[-1]["end"] != "running"


def test_end_penalties_and_win_credit():
    out = play(None, 4, ("random",), 11, n=200)
    assert set(out[:, g.ST_END]) <= {g.E_BAR, g.E_CHAIRS, g.E_BAG, g.E_HAND, g.E_DROPOUT}
    credit = g.credit(out, 4)
    assert np.allclose(credit.sum(1), 1)
    assert (credit[out[:, g.ST_OUT:g.ST_OUT + 4] == 1] == 0).all()
    # the spec's figure: 3 normal tiles and a joker left cost 25
    assert r.end_penalty(3, 1) == -25


def test_a_capped_game_is_counted_apart_and_the_same_seed_gives_the_same_games():
    capped = play(replace(r.Settings(), turn_cap=10), 2, ("greedy",), 4, n=20)
    assert (capped[:, g.ST_END] == g.E_CAPPED).all() and (capped[:, g.ST_TURNS] == 10).all()
    a, b = play(None, 3, ("random",), 9, n=30), play(None, 3, ("random",), 9, n=30)
    assert (a == b).all()


SMALL_RING = tuple((f"T{i}", (5 * i) % 12, tuple(f"c{(3 * i + j) % 30}" for j in range(4))) for i in range(10))


def test_a_supplied_layout_plays_and_replays_equal_to_the_reference():
    out = play(replace(r.Settings(), layout=SMALL_RING), 2, ("greedy", "random"), 2, n=20)
    assert (out[:, g.ST_END] != g.E_RUN).all()
    games = [(3, {"layout": SMALL_RING}, ("random", "greedy")), (2, {"layout": SMALL_RING, "coffee_party": True},
                                                                  ("random",))]
    rows = sim.agreement(2, games=games)
    assert not [row for row in rows if row[1] != row[2]]


def test_the_engine_replays_equal_to_the_readable_reference():
    rows = sim.agreement(1, games=sim.READINGS[:3] + sim.READINGS[4:], max_turns=60)
    bad = [row for row in rows if row[1] != row[2]]
    assert not bad, bad[:2]


def one_turn(hands, settings=None, bar=0, scores=(0, 0), pool=(2,) * r.KINDS, policies=("greedy", "greedy")):
    """Seat 0 moves once from an empty board (not the first turn): the snapshot after."""
    settings = settings or r.Settings()
    p = Position(players=2, settings=settings, hands=hands, pool=pool, first_turn=False, bar_filled=bar,
                 scores=scores)
    s = sim.position_state(p, policies)
    g.run(g.settings_vector(settings, 2), np.ones((1, 3), dtype=np.uint64), np.zeros((1, g.STSIZE), dtype=np.int64),
          s, g.GO_ON, 1)
    return sim.snapshot(s, 72)


def test_a_player_who_cannot_pay_the_bar_drops_out_and_the_game_ends_with_one_left():
    # a lone N1 woman cannot sit on the empty board: the bar (space 15: -12) is his only move, with 5 points
    snap = one_turn((((0, 0),), ((1, 1), (r.JOKER, 0))), bar=14, scores=(5, 3))
    assert snap["out"] == (1, 0) and snap["bar"] == 15 and sum(snap["hands"][0]) == 0
    assert snap["end"] == "dropout" and snap["scores"] == (5, 3 - 5 - 10)


def test_the_bar_pays_and_the_birthday_table_is_named():
    settings = replace(r.Settings(), birthday_table=True, birthday_score=50)
    snap = one_turn((((0, 0),), ((1, 1),)), settings=settings, scores=(49, 0))
    assert snap["scores"][0] == 50 and snap["bar"] == 1 and snap["birthday"] >= 0 and snap["end"] == "running"


@pytest.mark.parametrize("bag_end, drawn", [("at_most_4", 5), ("exactly_4", 2)])
def test_the_last_refill_and_the_bag_end(bag_end, drawn):
    pool = tuple(3 if k == 4 else 3 if k == 6 else 0 for k in range(r.KINDS))  # 6 tiles in the bag
    snap = one_turn((((0, 0),), ((1, 1),)), settings=replace(r.Settings(), bag_end=bag_end), pool=pool)
    assert sum(snap["hands"][0]) == drawn and snap["end"] == "bag"
    assert snap["scores"][0] == 1 - 5 * drawn
