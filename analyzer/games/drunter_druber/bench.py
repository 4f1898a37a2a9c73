"""Drunter und Drüber benchmarks: the exact questions' compute time on their shipped scenarios (target under 0.5 s).
No full games (they wait for the board data), so nothing else is timed.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench

EXACT_QUESTIONS = ("odds", "vote", "tiles")


def run(quick: bool = False) -> list[dict]:
    return core_bench.exact_questions("drunter_druber", EXACT_QUESTIONS, 3 if quick else 5, target_ms=500)
