"""Chunked, seeded, parallel rollouts for any game.

A run of `rollouts` is cut into chunks of a fixed size; chunk i draws from child i of
`SeedSequence(seed)`, so the merged result depends on the seed and rollout count only,
never on `jobs`, the backend or the order chunks finish in.  A task is a picklable
callable `task(n, rng) -> dict` of counts or sums; results merge by addition.
"""
from __future__ import annotations

import os
import secrets
import sys
import time
from dataclasses import dataclass

import numpy as np

from analyzer.core.errors import AnalyzerError, Interrupted

CHUNK = 65_536  # rollouts per chunk: part of what a seed means, do not tune per machine


@dataclass(frozen=True)
class RunSettings:
    rollouts: int = 200_000
    seed: int | None = None
    jobs: int = -1  # -1: every core
    progress: bool = True

    def with_seed(self) -> "RunSettings":
        """Fix a fresh seed if none was given, so the output can say which one ran."""
        if self.seed is not None:
            return self
        return RunSettings(self.rollouts, secrets.randbelow(2**32), self.jobs, self.progress)


def chunk_sizes(rollouts: int, chunk: int = CHUNK) -> list[int]:
    full, rest = divmod(rollouts, chunk)
    return [chunk] * full + ([rest] if rest else [])


def merge(total: dict | None, part: dict) -> dict:
    if total is None:
        return {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in part.items()}
    for key, value in part.items():
        total[key] = total[key] + value
    return total


def _run_chunk(task, n, seed_seq):
    return task(n, np.random.default_rng(seed_seq))


def resolve_jobs(jobs: int) -> int:
    if jobs == 0 or jobs < -1:
        raise AnalyzerError(f"--jobs: got {jobs}; allowed: a positive number of workers, or -1 for every core")
    return os.cpu_count() or 1 if jobs == -1 else jobs


def run(task, settings: RunSettings, label: str = "rollouts") -> dict:
    """Run `settings.rollouts` rollouts of `task`; returns the merged dict."""
    if settings.seed is None:
        raise ValueError("run() needs a seed; call settings.with_seed() first")
    sizes = chunk_sizes(settings.rollouts)
    seeds = np.random.SeedSequence(settings.seed).spawn(len(sizes))
    jobs = min(resolve_jobs(settings.jobs), len(sizes))
    bar = Progress(settings.rollouts, label, enabled=settings.progress)
    total = None
    try:
        if jobs == 1:
            results = (_run_chunk(task, n, s) for n, s in zip(sizes, seeds))
        else:
            from joblib import Parallel, delayed

            results = Parallel(n_jobs=jobs, return_as="generator")(
                delayed(_run_chunk)(task, n, s) for n, s in zip(sizes, seeds))
        for n, part in zip(sizes, results):
            total = merge(total, part)
            bar.advance(n)
    except KeyboardInterrupt:
        bar.close()
        raise Interrupted(f"interrupted after {bar.done:,} of {settings.rollouts:,} {label}; nothing written") from None
    bar.close()
    return total


class Progress:
    """A one-line progress bar on stderr, shown only for runs longer than about a second."""

    def __init__(self, total: int, label: str, enabled: bool = True, stream=None, delay: float = 1.0):
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and getattr(self.stream, "isatty", lambda: False)()
        self.start, self.delay, self.shown = time.monotonic(), delay, False

    def advance(self, n: int) -> None:
        self.done += n
        elapsed = time.monotonic() - self.start
        if not self.enabled or elapsed < self.delay:
            return
        frac = self.done / self.total
        bar = "#" * int(30 * frac)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate else 0
        self.stream.write(f"\r{self.label} [{bar:<30}] {frac:4.0%} {self.done:,}/{self.total:,} "
                          f"{rate:,.0f}/s eta {eta:.0f}s ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
            self.shown = False
