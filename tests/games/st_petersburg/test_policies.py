"""The policies: parsing and descriptions, and greedy's choice on hand-made states (value per ruble, its
tie-breaks, passing when nothing pays)."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg.policies import DESCRIPTIONS, Policy, parse_policies
from tests.games.st_petersburg.test_engine import CFG, N, state


def greedy(s):
    mv = np.zeros((g.MAXMV, 4), dtype=np.int64)
    i = g.probe(2, CFG, s, 0, mv, 0, 0, 0)
    return tuple(int(x) for x in mv[i])


def test_parsing_and_descriptions():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    assert all(Policy(k).describe() for k in DESCRIPTIONS) and set(g.POLICY_CODES) == set(DESCRIPTIONS)
    with pytest.raises(ScenarioError, match="policies"):
        parse_policies("clever", "policies", 2)


def test_greedy_takes_the_best_value_per_ruble():
    # Lumberjack 3/3, Gold Miner 3/4, Market 2/5: the Lumberjack
    assert greedy(state(upper=["Market", "Gold Miner", "Lumberjack"])) == (g.M_BUY, 0, N["Lumberjack"], -1)
    # a Weaving Mill over a Shepherd is worth 6 - 3 = 3 for 8 - 5 = 3, as the Lumberjack: the first in tuple order
    s = state(owned=["Shepherd"], upper=["Weaving Mill", "Lumberjack"])
    assert greedy(s) == (g.M_BUY, 0, N["Lumberjack"], -1)
    # equal value per ruble: the larger value (Customs House 4/7 ... Judge 5+4=9/16 vs Hospital 8/14: 9/16 < 8/14)
    assert greedy(state(upper=["Judge", "Hospital"])) == (g.M_BUY, 0, N["Hospital"], -1)
    assert greedy(state(hand=["Lumberjack"], upper=["Market"])) == (g.M_PLAY, 0, N["Lumberjack"], -1)


def test_greedy_passes_when_nothing_pays():
    assert greedy(state(rubles=0, upper=["Lumberjack"])) == (g.M_PASS, 0, 0, 0)
    assert greedy(state(upper=["Pub", "Warehouse", "Potjomkin's Village"])) == (g.M_PASS, 0, 0, 0)
    # an upgrade worth less than what it replaces: Mariinskij (no red card: 0) over a Theater (12)
    assert greedy(state(owned=["Theater"], upper=["Mariinskij"])) == (g.M_PASS, 0, 0, 0)
