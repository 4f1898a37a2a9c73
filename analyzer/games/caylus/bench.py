"""Caylus benchmarks: the exact questions' compute time on their shipped scenarios (target under 0.2 s).  No full
games (they wait for the verified card list and road layout), so nothing else is timed.
"""
from __future__ import annotations

from analyzer.core import bench as core_bench

EXACT_QUESTIONS = ("odds", "ev", "worker_cost", "provost", "castle", "section")


def run(quick: bool = False) -> list[dict]:
    return core_bench.exact_questions("caylus", EXACT_QUESTIONS, 3 if quick else 5)
