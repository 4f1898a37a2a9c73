"""Confidence intervals: Wilson for proportions, normal for means from running sums."""
from __future__ import annotations

import numpy as np

Z95 = 1.959963984540054


def wilson(successes, n, z: float = Z95):
    """Wilson score interval (lo, hi) for successes out of n; works elementwise."""
    successes = np.asarray(successes, dtype=float)
    if n <= 0:
        return np.zeros_like(successes), np.ones_like(successes)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def wilson_halfwidth(successes, n, z: float = Z95):
    lo, hi = wilson(successes, n, z)
    return (hi - lo) / 2


def mean_ci(n, total, total_sq, z: float = Z95):
    """Mean and 95% half-width from n, sum and sum of squares."""
    n = np.asarray(n, dtype=float)
    mean = np.asarray(total, dtype=float) / n
    var = np.maximum(np.asarray(total_sq, dtype=float) / n - mean * mean, 0.0) * n / np.maximum(n - 1, 1)
    return mean, z * np.sqrt(var / n)
