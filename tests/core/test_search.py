"""core/search: the search code's fields, the confidence test that lets the search leave its base's choice, and
the playout depth of a search name."""
import math

import pytest

from analyzer.core import search
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import GreedyFirst, SearchPolicy
from analyzer.core.search import depth_at


def _model(**kw):
    return search.ForwardModel(*([None] * 7), **kw)


def test_a_code_carries_budget_base_exploration_and_confidence():
    for budget, base, explore, confidence in ((16, 0, 8, 0.0), (64, 3, 0, 1.0),
                                              (search.BUDGET_MAX, search.BASE_MASK, 63, 3.75)):
        c = _model(explore_in=explore, confidence=confidence).code(budget, base)
        assert c < 0
        assert search.decode(c) == (budget, base)
        assert search.explore_of(c) == explore
        assert search.confidence_of(c) == confidence
        assert search.depth_of(c) == 0
    assert search.code(16, 5) == search.code(16, 5, search.EXPLORE_IN, 0.0) == search.code(16, 5, depth=0)


def test_a_code_carries_the_playout_depth_beside_the_rest():
    model = _model(explore_in=63, confidence=3.75, evaluate=object(), depth=2)
    for depth in (None, 0, 1, search.DEPTH_MAX):
        c = model.code(search.BUDGET_MAX, search.BASE_MASK, depth)
        assert search.depth_of(c) == (2 if depth is None else depth)
        assert search.decode(c) == (search.BUDGET_MAX, search.BASE_MASK)
        assert (search.explore_of(c), search.confidence_of(c)) == (63, 3.75)
    with pytest.raises(ValueError, match="depth"):
        search.code(16, 1, depth=search.DEPTH_MAX + 1)
    with pytest.raises(ValueError, match="base code"):
        search.code(16, search.BASE_MASK + 1)


@pytest.mark.parametrize("kw", [{"confidence": 0.3}, {"confidence": -1.0}, {"confidence": 4.0},
                                {"explore_in": 64}, {"explore_in": -1}, {"depth": 3},
                                {"depth": search.DEPTH_MAX + 1, "evaluate": object()}])
def test_a_model_refuses_settings_its_code_cannot_carry(kw):
    with pytest.raises(ValueError, match=next(iter(kw))):
        _model(**kw)


def test_clearly_positive_asks_for_z_standard_errors_above_zero():
    def clear(diffs, z):
        return bool(search.clearly_positive(sum(diffs), sum(d * d for d in diffs), len(diffs), z))

    assert clear([1.0, 1.0], 1.0)  # no spread: any positive mean is clear
    assert not clear([1.0], 0.25)  # one pair says nothing of the spread
    assert not clear([0.0, 0.0, 0.0], 0.25) and not clear([-1.0, -1.0], 0.25)
    diffs = [1.0, 0.0, 1.0, -1.0, 1.0, 0.0]  # mean 1/3, standard error sqrt(0.667 / 6) = 0.333
    se = math.sqrt((sum(d * d for d in diffs) - 6 * (1 / 3) ** 2) / 5 / 6)
    assert clear(diffs, 1 / 3 / se - 0.01) and not clear(diffs, 1 / 3 / se + 0.01)


class _Deep(GreedyFirst):
    descriptions = {"greedy": "g", "random": "r"}
    searchable = True
    search_depth = 2


class _Shallow(_Deep):
    search_depth = None


class _ByBudget(_Deep):
    search_depth = {1: 1, 64: 3}


def test_a_default_depth_may_grow_with_the_budget():
    assert [depth_at({1: 1, 64: 3}, b) for b in (1, 63, 64, 1000)] == [1, 1, 3, 3]
    assert depth_at({8: 2}, 4) == 0 and depth_at(2, 4) == 2 and depth_at(None, 64) == 0
    assert "for 1 round," in _ByBudget.parse("search:16", "f").describe()
    assert "for 3 rounds" in _ByBudget.parse("search:64", "f").describe()
    assert "for 2 rounds" in _ByBudget.parse("search:64:d2", "f").describe()


class _Turns(_Deep):
    search_round = "turn"


def test_a_game_names_what_its_depth_counts():
    assert "for 2 turns," in _Turns.parse("search:16", "f").describe()
    assert "for 1 turn," in _Turns.parse("search:16:d1", "f").describe()


def test_a_search_name_gives_a_depth_where_the_game_has_an_evaluation():
    for name, budget, base, depth in (("search:16:d3", 16, "greedy", 3), ("search:64:random:d0", 64, "random", 0),
                                      ("search:8:random", 8, "random", None), ("search", 64, "greedy", None)):
        p = _Deep.parse(name, "f")
        assert (p.budget, p.base.label, p.depth) == (budget, base, depth)
        assert _Deep.parse(p.label, "f") == p
    assert _Deep.parse("search:16:d3", "f").label == "search:16:d3"
    assert "for 3 rounds" in _Deep.parse("search:16:d3", "f").describe()
    assert "for 2 rounds" in _Deep.parse("search:16", "f").describe()  # the game's default
    assert "greedy to the end" in _Deep.parse("search:16:d0", "f").describe()
    assert "greedy to the end" in _Shallow.parse("search:16", "f").describe()
    for bad, why in (("search:16:d256", "depth 256"), ("search:16:random:d-1", "depth -1"),
                     ("search:16:d3x", "allowed"), ("search:d3", "allowed")):
        with pytest.raises(ScenarioError, match=why) as err:
            _Deep.parse(bad, "policies[1]")
        assert err.value.field == "policies[1]" and "\n" not in str(err.value)
    with pytest.raises(ScenarioError, match="no evaluation") as err:
        _Shallow.parse("search:16:greedy:d2", "policies[0]")
    assert err.value.field == "policies[0]"
    assert isinstance(_Shallow.parse("search:16", "f"), SearchPolicy)
