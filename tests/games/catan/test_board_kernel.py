"""Random boards drawn in the engine are `board.random_board`'s, bit for bit, and leave the Generator where the
Python draws leave it (the rest of a run's chance is unchanged)."""
import numpy as np
import pytest

from analyzer.games.catan import board as bo
from analyzer.games.catan import board_kernel as bk
from analyzer.games.catan import game as g

OWN_TOKENS = (2, 12, 3, 11, 3, 11, 4, 10, 4, 10, 5, 9, 5, 9, 6, 8, 6, 8)
OWN_KINDS = ("ore",) * 5 + ("generic",) * 4


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("tokens, kinds", [(bo.TOKEN_SEQUENCE, bo.HARBOR_KINDS), (OWN_TOKENS, OWN_KINDS)])
def test_engine_boards_are_the_python_boards(seed, tokens, kinds):
    python, engine = np.random.default_rng(seed), np.random.default_rng(seed)
    for rng in (python, engine):
        rng.integers(1 << 60, size=seed % 3)  # draws before the boards, as the stream seeds are
    n = 1 + seed
    expected = np.stack([g.board_vector(bo.random_board(python, tokens, kinds)) for _ in range(n)])
    assert (bk.boards(engine, n, tokens, kinds) == expected).all()
    assert python.integers(1 << 62) == engine.integers(1 << 62)  # the same state after


def test_boards_follow_the_standard_mix():
    rows = bk.boards(np.random.default_rng(7), 50)
    res, num, harb = rows[:, g.B_RES:g.B_NUM], rows[:, g.B_NUM:g.B_HARB], rows[:, g.B_HARB:g.B_VPIPS]
    assert ((res == -1).sum(1) == 1).all() and ((res == 0).sum(1) == 4).all() and ((res == 4).sum(1) == 3).all()
    assert (num[res == -1] == 0).all() and (np.sort(num, 1)[:, 1:] == sorted(bo.TOKENS)).all()
    assert ((harb >= 0).sum(1) == 18).all() and ((harb == bo.GENERIC).sum(1) == 8).all()
    assert len({r.tobytes() for r in rows}) == 50


def test_the_benchmark_compares_the_same_games():
    """`bench.python_boards` (the row's comparison: boards drawn in Python as before) gives play.boards' boards."""
    from analyzer.games.catan import bench
    from analyzer.games.catan import play as pl
    from analyzer.games.catan.policies import Policy

    config = pl.make_config(pl.RuleSet(), 4, (Policy("greedy"),) * 4)
    assert (bench.python_boards(config, 9, np.random.default_rng(2)) == pl.boards(config, 9, np.random.default_rng(2))).all()
    row = bench.boards_row(4, 1)
    assert row["ours"] > 0 and row["comparison"] > 0 and row["ratio"] == row["ours"] / row["comparison"]
