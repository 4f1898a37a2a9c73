"""Numbers shown at the precision their interval supports: one shared rule for the terminal, Markdown and reports.

An estimate with a 95% half-width h is shown to the decimal of h's first significant digit (h = 0.027: two
decimals; h = 0.0004: four), so a win rate from 1,000 games is not printed to four decimals.  Exact values and
values without an interval keep the caller's default.
"""
from __future__ import annotations

import math


def decimals(halfwidth: float | None, default: int = 4, most: int = 6) -> int:
    """How many decimals an estimate with this 95% half-width deserves (default when there is none)."""
    if halfwidth is None or not math.isfinite(halfwidth) or halfwidth <= 0:
        return default
    return max(0, min(most, -math.floor(math.log10(halfwidth))))


def shown(value: float, halfwidth: float | None, default: int = 4) -> str:
    """The value as text at the precision its half-width supports."""
    return f"{value:.{decimals(halfwidth, default)}f}"
