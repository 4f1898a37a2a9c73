import numpy as np
import pytest

from analyzer.core import stats


def test_wilson_interval_known_value():
    lo, hi = stats.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)


def test_wilson_at_the_edges_stays_inside_zero_one():
    lo, hi = stats.wilson(np.array([0, 10]), 10)
    assert lo[0] == 0 and hi[0] > 0
    assert hi[1] == pytest.approx(1) and lo[1] < 1


def test_wilson_covers_the_truth_about_95_percent_of_the_time():
    rng = np.random.default_rng(0)
    p, n = 0.2, 400
    hits = rng.binomial(n, p, size=4000)
    lo, hi = stats.wilson(hits, n)
    coverage = np.mean((lo <= p) & (p <= hi))
    assert 0.93 < coverage < 0.97


def test_mean_ci_from_sums():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    mean, half = stats.mean_ci(len(x), x.sum(), (x * x).sum())
    assert mean == pytest.approx(2.5)
    assert half == pytest.approx(stats.Z95 * x.std(ddof=1) / 2)
