"""San Marco player models: names, parameters, descriptions, and how they play against each other."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.san_marco import game as g
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.policies import KINDS, Policy, parse_policies, parse_policy


def test_every_policy_has_a_label_and_a_description():
    for kind in KINDS:
        p = Policy(kind)
        assert p.label.startswith(kind) and len(p.describe()) > 20
    assert Policy("softmax", beta=2.0).label == "softmax(beta=2)"
    assert Policy("greedy", lam=0.5).label == "greedy(lambda=0.5)"
    assert "lambda 0.5" in Policy("greedy", lam=0.5).describe()


def test_parse_policies_one_for_all_or_one_per_seat():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    got = parse_policies(["greedy", {"kind": "softmax", "beta": 3}, "fair_split", "random"], "policies", 4)
    assert got[1] == Policy("softmax", beta=3.0) and got[2].kind == "fair_split"
    assert parse_policy({"lambda": 2, "elim_penalty": 0}, "p") == Policy("greedy", 2.0, 0.0)


@pytest.mark.parametrize("value,field", [("smart", "policies"), (["greedy"] * 3, "policies"),
                                         ({"kind": "greedy", "lambda": -1}, "policies.lambda"),
                                         ({"kind": "greedy", "speed": 1}, "policies.speed"),
                                         ([{"beta": "x"}] * 4, "policies[0].beta")])
def test_bad_policies_name_the_field(value, field):
    with pytest.raises(ScenarioError) as err:
        parse_policies(value, "policies", 4)
    assert err.value.field == field


def _credit(policies, n=96, players=4, seed=3):
    out = g.play_games(r.Board(), r.Settings(), players, policies, n, np.random.default_rng(seed))
    return out["credit"].mean(0)


def test_greedy_family_beats_random_at_4_and_3_players():
    for kind in ("greedy", "fair_split", "softmax"):
        c = _credit((Policy(kind), Policy("random"), Policy(kind), Policy("random")))
        assert c[0] + c[2] > 0.75, kind
    c = _credit((Policy("greedy"), Policy("random"), Policy("random")), players=3)
    assert c[0] > 0.6


def test_the_divider_model_changes_the_game_but_not_the_deal():
    a = g.play_games(r.Board(), r.Settings(), 4, [Policy("greedy")] * 4, 32, np.random.default_rng(8))
    b = g.play_games(r.Board(), r.Settings(), 4, [Policy("fair_split")] * 4, 32, np.random.default_rng(8))
    assert not np.array_equal(a["scores"], b["scores"])
    soft = g.play_games(r.Board(), r.Settings(), 4, [Policy("softmax", beta=100.0)] * 4, 32, np.random.default_rng(8))
    assert np.allclose(soft["credit"].sum(1), 1)


def test_elimination_penalty_and_lambda_move_the_limit_taken():
    low = g.play_games(r.Board(), r.Settings(), 4, [Policy("greedy", lam=0.0, elim_penalty=0.0)] * 4, 48,
                       np.random.default_rng(4))
    high = g.play_games(r.Board(), r.Settings(), 4, [Policy("greedy", lam=5.0, elim_penalty=20.0)] * 4, 48,
                        np.random.default_rng(4))
    rounds = lambda out: out["stats"][:, g.ST_ROUNDS].mean()  # noqa: E731
    assert rounds(high) > rounds(low)  # avoiding limit cards makes passages last longer
