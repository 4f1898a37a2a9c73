"""Whole games for balance runs: the contract's arrays by placement rank, common random numbers across rule sets,
supplied boards, policies seated by rank."""
from types import SimpleNamespace

import numpy as np

from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import play as pl
from analyzer.games.catan.policies import Policy


def _config(settings=None, board=None, policies=("greedy",) * 4, seating="fixed"):
    return pl.make_config(pl.RuleSet(board, settings), len(policies), tuple(Policy(k) for k in policies), seating)


def test_play_gives_the_contract_by_placement_rank():
    config = _config()
    out = pl.play(config, 48, np.random.default_rng(5))
    assert out["credit"].shape == (48, 4) and np.allclose(out["credit"].sum(1), 1.0)
    assert out["actions"].shape == (4, len(pl.KINDS)) and set(pl.LENGTHS) <= set(out)
    stats, _ = pl.play_games(config, 48, np.random.default_rng(5))
    first = stats[:, g.ST_ORDER]  # the seat that placed first
    assert (out["money"][:, 0] == stats[np.arange(48), g.ST_POINTS + first]).all()
    won = stats[:, g.ST_END] == g.E_WON
    assert (out["credit"][won, 0] == (stats[won, g.ST_WINNER] == first[won])).all()
    assert (out["rounds"] * 4 >= out["turns"]).all() and (out["rounds"] * 4 - out["turns"] < 4).all()


def test_rule_sets_meet_the_same_boards_dice_and_start_order():
    """harbor_delay matters only to trades: greedy games are the same game by game; discard_rounding changes
    games but not the start order rolled before them."""
    base = pl.play_games(_config(), 64, np.random.default_rng(9))[0]
    delay = pl.play_games(_config(SimpleNamespace(harbor_delay=False)), 64, np.random.default_rng(9))[0]
    down = pl.play_games(_config(SimpleNamespace(discard_rounding="down")), 64, np.random.default_rng(9))[0]
    assert (base == delay).all()
    assert (base[:, g.ST_ORDER:g.ST_ORDER + 4] == down[:, g.ST_ORDER:g.ST_ORDER + 4]).all()
    assert (base[:, g.ST_DISCARDED] != down[:, g.ST_DISCARDED]).any()
    boards = pl.boards(_config(), 3, np.random.default_rng(1))
    assert len({tuple(b[g.B_RES:g.B_NUM]) for b in boards}) == 3  # a new random board per game


def test_a_supplied_board_is_played_in_every_game():
    board = bo.default_board()
    config = _config(board=board)
    assert (pl.boards(config, 5, np.random.default_rng(0)) == g.board_vector(board)).all()
    assert config.rules.illustrative and not pl.RuleSet().illustrative and len(pl.RuleSet().printed) == 2


def test_policies_sit_by_placement_rank_and_rotate():
    out = pl.play(_config(policies=("trader", "greedy", "greedy", "greedy")), 64, np.random.default_rng(2))
    trades = out["actions"][:, pl.KINDS.index("trade")]
    assert trades[0] > 0 and (trades[1:] == 0).all()
    out = pl.play(_config(policies=("trader", "greedy", "greedy", "greedy"), seating="rotate"), 8,
                  np.random.default_rng(2))
    assert (out["policy"][1] == [1, 2, 3, 0]).all()
