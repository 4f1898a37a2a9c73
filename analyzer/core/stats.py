"""Confidence intervals: Wilson for proportions, normal for means from running sums."""
from __future__ import annotations

import sys

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


def paired_difference(n, sum_diff, sum_diff_sq, z: float = Z95):
    """Mean of paired differences (one per game, same random numbers on both sides) and the
    (lo, hi) of its 95% interval, from n, the sum of the differences and of their squares.

    Pairing is what makes a small effect visible: the shared part of the noise cancels in
    each difference, so the interval is that of the differences' own spread."""
    mean, half = mean_ci(n, sum_diff, sum_diff_sq, z)
    return mean, mean - half, mean + half


def interval_excludes(lo, hi, value=0.0):
    """True where the interval [lo, hi] lies wholly on one side of `value`."""
    return (np.asarray(lo) > value) | (np.asarray(hi) < value)


def histogram_quantiles(counts, qs):
    """Quantiles of integer data from its histogram (counts[k] = how many equal k), per row.

    counts: (..., bins); returns (..., len(qs)): the smallest k whose cumulative share is >= q."""
    counts = np.asarray(counts, dtype=float)
    total = counts.sum(-1, keepdims=True)
    share = np.cumsum(counts, -1) / np.where(total > 0, total, 1)
    return np.stack([(share < q - 1e-12).sum(-1) for q in qs], axis=-1)


def fraction_text(x) -> str | None:
    """An exact value (int or Fraction) as "p/q" (or "n") for the JSON; None for a float.  (No Fraction exists
    before `fractions` is imported: a one-shot answer without one does not import it, nor `decimal` with it.)"""
    fractions = sys.modules.get("fractions")
    if isinstance(x, int) or (fractions is not None and isinstance(x, fractions.Fraction)):
        return str(int(x)) if isinstance(x, int) else str(x)
    return None


def with_exact(key: str, x) -> dict:
    """{key: float, key_exact: "p/q"}: the JSON form of a value computed in rationals (the float alone if not)."""
    out = {key: float(x)}
    if fraction_text(x) is not None:
        out[f"{key}_exact"] = fraction_text(x)
    return out
