"""Alive from the first second: a game whose compiled (numba) engine is not in numba's cache yet is compiled
before the run, under a spinner that says so ("compiling the <game> engine, first run only"), so the progress
bar that follows moves from its first second.

numba keeps what it compiled (`cache=True`) in `__pycache__` beside the engine's source, or, where that folder
cannot be written (a system-wide install), in the user's cache folder; either way only the first run compiles.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def engine_sources(game) -> list[Path]:
    """The game's modules that numba compiles and caches."""
    import analyzer.games

    folder = Path(analyzer.games.__file__).parent / game.name
    return [p for p in sorted(folder.glob("*.py")) if "cache=True" in p.read_text(encoding="utf-8")]


def _cached(source: Path) -> bool:
    """Has numba cached something of this module since it last changed (its index files, `MODULE.*.nbi`)?"""
    places = [source.parent / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    places.append(Path.home() / ".cache" / "numba")
    changed = source.stat().st_mtime
    for place in places:
        pattern = f"{source.stem}.*.nbi" if place.name == "__pycache__" else f"**/{source.stem}.*.nbi"
        if any(index.stat().st_mtime >= changed for index in place.glob(pattern)):
            return True
    return False


def cold(game) -> bool:
    """Will this game's whole-game engine compile on its first use here?"""
    return any(not _cached(source) for source in engine_sources(game))


class Spinner:
    """`text` and the seconds so far on stderr, redrawn ten times a second, until stopped (then the line is
    cleared)."""

    def __init__(self, text: str, stream=None):
        self.text, self.stream = text, stream or sys.stderr
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._spin, daemon=True)

    def _spin(self):
        start, i, width = time.monotonic(), 0, 0
        while True:
            line = f"{FRAMES[i % len(FRAMES)]} {self.text} ({time.monotonic() - start:.0f} s)"
            self.stream.write("\r" + line.ljust(width))
            self.stream.flush()
            width, i = len(line), i + 1
            if self.done.wait(0.1):
                break
        self.stream.write("\r" + " " * width + "\r")
        self.stream.flush()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()


def warm_full_games(game, progress: bool = True) -> None:
    """Compile the game's whole-game engine (two games from its default set-up) when it is not cached yet,
    saying so on a terminal; nothing when it is cached."""
    if game.full_games is None or not cold(game):
        return
    import numpy as np

    from analyzer.core.balance.variants import parse

    full = game.full()
    spec, _ = parse(full, {"game": game.name}, game.name)

    def play():
        full.hook("play")(spec.base.config, 2, np.random.default_rng(0))

    if progress and sys.stderr.isatty():
        with Spinner(f"compiling the {game.title} engine, first run only (up to a minute)"):
            play()
    else:
        play()
