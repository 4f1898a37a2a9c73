"""The policies: greedy's pick is the readable reference's (reference_policies.greedy_choice) on hand-made tables
and goes out through the exit when it can; random picks uniformly among the ends (staying included) and records
its choice; policy names parse."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import game as g
from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import reference_policies as rp
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.policies import Policy, parse_policies
from analyzer.games.finstere_flure.rules import E, S, W, Settings
from tests.games.finstere_flure.test_engine import Engine, fig, open_board

SET = Settings()


def first_move(table, policies, seed=1):
    e = Engine(table, SET, policies)
    e.rs = np.full(g.NSTREAMS, seed, dtype=np.uint64) * np.arange(1, g.NSTREAMS + 1, dtype=np.uint64)
    e("play_round")
    moves = [(int(f), (int(code), int(k))) for tag, f, code, k in e.rec[1:e.rec[0, 0] + 1] if tag == g.R_MOVE]
    return moves[0]  # (figure, (end code, k))


@pytest.mark.parametrize("monster, facing", [((0, 5), E), ((9, 9), W), ((4, 0), S)])
def test_greedy_picks_what_the_reference_picks(monster, facing):
    b = r.DEFAULT_BOARD
    figs = [fig(0, (5, 5), 6), fig(0, (8, 4), 4, (4, 3)), fig(1, (2, 5), 6), fig(0, "off", 3, (3, 4))]
    t = ref.Table(b, 2, figs, monster=monster, facing=facing, round=4, cards_left=["5", "7", "8", "X1", "X2"])
    want = rp.greedy_choice(t, 0, SET)
    assert first_move(t, ("greedy", "random")) == want


def test_greedy_goes_out_when_it_can():
    t = ref.Table(open_board(), 2, [fig(0, (5, 5), 6), fig(0, (2, 0), 3, (4, 3)), fig(1, (9, 9))],
                  monster=(15, 15), facing=W, round=4, cards_left=["5", "7", "8", "X1", "X2"])
    assert first_move(t, ("greedy", "greedy")) == (1, (g.OUT, 0))


def test_random_is_uniform_over_the_ends_staying_included():
    t = ref.Table(open_board(), 2, [fig(0, (5, 5), 1)], monster=(15, 15), facing=W, round=4,
                  cards_left=["5", "7", "8", "X1", "X2"])
    counts = {}
    for seed in range(1, 501):
        f, end = first_move(t, ("random", "random"), seed)
        counts[end] = counts.get(end, 0) + 1
    sq = lambda x, y: y * 16 + x  # noqa: E731
    assert set(counts) == {(sq(5, 5), 0), (sq(5, 4), 0), (sq(6, 5), 0), (sq(5, 6), 0), (sq(4, 5), 0)}
    assert all(60 <= c <= 140 for c in counts.values())


def test_random_is_uniform_over_every_stone_layout_of_an_end():
    """One step east pushes the stone; (6, 5) then has one layout, (5, 5) two after two steps (E, W)."""
    t = ref.Table(open_board(stones=((6, 5),)), 2, [fig(0, (5, 5), 2, (5, 2))], monster=(15, 15), facing=W,
                  round=4, cards_left=["5", "7", "8", "X1", "X2"])
    want = set(rp.legal_ends(t, 0, SET))
    counts = {}
    for seed in range(1, 1201):
        f, end = first_move(t, ("random", "random"), seed)
        counts[end] = counts.get(end, 0) + 1
    assert set(counts) == want and (5 * 16 + 5, 1) in want
    assert all(abs(c - 1200 / len(want)) < 0.5 * 1200 / len(want) for c in counts.values())


def test_policy_names_parse():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    assert parse_policies(["greedy", {"kind": "random"}], "policies", 2) == (Policy("greedy"), Policy("random"))
    with pytest.raises(ScenarioError, match="policies"):
        parse_policies("clever", "policies", 2)
    assert "safest" in Policy("greedy").describe()
