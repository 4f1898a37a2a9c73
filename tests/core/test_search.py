"""core/search: the search code's fields and the confidence test that lets the search leave its base's choice."""
import math

import pytest

from analyzer.core import search


def _model(**kw):
    return search.ForwardModel(*([None] * 7), **kw)


def test_a_code_carries_budget_base_exploration_and_confidence():
    for budget, base, explore, confidence in ((16, 0, 8, 0.0), (64, 3, 0, 1.0), (search.BUDGET_MAX, 2**31, 63, 3.75)):
        c = _model(explore_in=explore, confidence=confidence).code(budget, base)
        assert c < 0
        assert search.decode(c) == (budget, base)
        assert search.explore_of(c) == explore
        assert search.confidence_of(c) == confidence
    assert search.code(16, 5) == search.code(16, 5, search.EXPLORE_IN, 0.0)


@pytest.mark.parametrize("kw", [{"confidence": 0.3}, {"confidence": -1.0}, {"confidence": 4.0},
                                {"explore_in": 64}, {"explore_in": -1}])
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
