"""Oltre Mare benchmarks: the exact questions' compute time on their shipped scenarios (target under 0.2 s).  No
full games (they wait for the printed card list), so nothing else is timed.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench

EXACT_QUESTIONS = ("odds", "lion", "ev")


def run(quick: bool = False) -> list[dict]:
    return core_bench.exact_questions("oltre_mare", EXACT_QUESTIONS, 3 if quick else 5)
