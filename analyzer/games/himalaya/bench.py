"""Himalaya benchmarks: the exact questions' compute time on their shipped scenarios (target under 0.5 s).  No full
games (they wait for the printed board and tasks), so nothing else is timed.  Every shipped position scenario is
timed; odds' slowest is a whole setup's 10 placements on a fresh board (setup-refill.yaml, fresh-bag.yaml).
"""
from __future__ import annotations

from analyzer.core import bench as core_bench

EXACT_QUESTIONS = ("odds", "bag", "inventory")


def run(quick: bool = False) -> list[dict]:
    return core_bench.exact_questions("himalaya", EXACT_QUESTIONS, 3 if quick else 5, target_ms=500)
