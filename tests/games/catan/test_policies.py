"""The player models: parsing, and what greedy and trader do in the engine (the full agreement with the
reference is in test_engine)."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import sim
from analyzer.games.catan.policies import DESCRIPTIONS, Policy, parse_policies, parse_policy


def test_policies_parse_by_name_or_mapping_and_bad_ones_name_their_field():
    assert parse_policy("trader", "p") == Policy("trader") and parse_policy({"kind": "greedy"}, "p").label == "greedy"
    assert parse_policies("greedy", "policies", 3) == (Policy("greedy"),) * 3
    assert all(Policy(k).describe() for k in DESCRIPTIONS)
    with pytest.raises(ScenarioError) as err:
        parse_policy("cleverest", "policies[2]")
    assert err.value.field == "policies[2]"
    with pytest.raises(ScenarioError) as err:
        parse_policies(["greedy", "trader"], "policies", 4)
    assert err.value.field == "policies"


def _score(board, v, have):
    hexes = [h for h in bo.VERTEX_HEXES[v] if h >= 0 and board.resource(h) >= 0]
    kinds = {board.resource(h) for h in hexes}
    return sum(bo.pips(board.number[h]) for h in hexes) + 2 * len(kinds - have)


def test_greedy_places_its_first_settlement_on_the_most_pips_plus_the_diversity_bonus():
    board = bo.random_board(np.random.default_rng(11))
    game = sim.start(board, None, 4, ("greedy",) * 4, np.arange(4))
    game.step(0)
    s = game.s
    first = int(s[g.ORDER])
    mine = [v for v in range(g.NV) if s[g.VOWN + v] == first]
    scores = [_score(board, v, set()) for v in range(g.NV)]
    assert scores.index(max(scores)) in mine  # the first placer takes the best spot of the empty board
    assert (s[g.SUP:g.SUP + 12].reshape(4, 3) == (13, 3, 4)).all()  # 2 roads, 2 settlements each


def test_greedy_never_trades_and_trader_does():
    from analyzer.games.catan import play as pl

    for kind, trades in (("greedy", False), ("trader", True)):
        config = pl.make_config(pl.RuleSet(), 4, (Policy(kind),) * 4)
        out = pl.play(config, 32, np.random.default_rng(3))
        assert (out["actions"][:, pl.KINDS.index("trade")].sum() > 0) == trades
