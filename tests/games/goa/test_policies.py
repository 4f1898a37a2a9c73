"""The policies: names, descriptions, parsing per turn-order rank, and (slow) greedy beating random."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.goa import play as pl
from analyzer.games.goa import policies


def test_policies_parse_per_rank_and_describe_themselves():
    seats = policies.parse_policies(["greedy", "random"], "policies", 2)
    assert [p.label for p in seats] == ["greedy", "random"]
    assert all(p.describe() for p in seats)
    assert [p.kind for p in policies.parse_policies("random", "policies", 3)] == ["random"] * 3
    with pytest.raises(ScenarioError, match="policies"):
        policies.parse_policies("clever", "policies", 2)


@pytest.mark.slow
def test_greedy_beats_random():
    config = pl.GameConfig(pl.RuleSet(), 4, tuple(policies.Policy(k) for k in ("greedy", "random", "greedy",
                                                                                 "random")))
    out = pl.play(config, 2000, np.random.default_rng(4))
    greedy_share = out["credit"][:, ::2].sum() / len(out["credit"])
    assert greedy_share > 0.7
