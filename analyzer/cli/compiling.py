"""Alive from the first second: a game whose compiled (numba) engine is not in numba's cache yet is compiled
before the run, under a spinner that says so ("compiling the <game> engine, first run only"), so the progress
bar that follows moves from its first second; and `analyzer warm [GAME...]`, which compiles the engines ahead
of any run (the test suite warms them with the same code, `tests/warm_engines.py`).

numba keeps what it compiled (`cache=True`) in the user's cache folder (`core/cache.py`: a folder keyed by the
core modules the kernels call into and the package version), so only the first run after an install or an
upgrade compiles.
"""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def engine_sources(game) -> list[Path]:
    """The game's modules that numba compiles and caches."""
    import analyzer.games

    folder = Path(analyzer.games.__file__).parent / game.name
    return [p for p in sorted(folder.glob("*.py")) if "cache=True" in p.read_text(encoding="utf-8")]


def _cached(source: Path) -> bool:
    """Has numba cached something of this module, in the cache folder in use, since the module last changed (its
    index files, `MODULE.*.nbi`)?"""
    from analyzer.core.cache import numba_index_folder

    changed = source.stat().st_mtime
    return any(index.stat().st_mtime >= changed for index in numba_index_folder(source).glob(f"{source.stem}.*.nbi"))


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


def compile_engine(name: str) -> float:
    """Compile game `name`'s numba kernels, or load them from the cache: its engine modules imported (their
    kernels have signatures: importing compiles them) and two whole games played from its default set-up.
    Returns the seconds taken.  Module level, so a process pool can run it."""
    import importlib

    from analyzer.core import registry

    start = time.monotonic()
    game = registry.game(name)
    for source in engine_sources(game):
        importlib.import_module(f"analyzer.games.{game.name}.{source.stem}")
    if game.full_games is not None:
        import numpy as np

        from analyzer.core.balance.variants import parse

        full = game.full()
        spec, _ = parse(full, {"game": game.name}, game.name)
        full.hook("play")(spec.base.config, 2, np.random.default_rng(0))
    return time.monotonic() - start


def warm_full_games(game, progress: bool = True) -> None:
    """Compile the game's engine when it is not cached yet, saying so on a terminal; nothing when it is cached."""
    if game.full_games is None or not cold(game):
        return
    if progress and sys.stderr.isatty():
        with Spinner(f"compiling the {game.title} engine, first run only (up to a minute)"):
            compile_engine(game.name)
    else:
        compile_engine(game.name)


def compile_engines(names: list[str], jobs: int = 1):
    """Compile the engines of games `names`, `jobs` at a time (the largest engines first, so that parallel
    compiles end together); yields (name, seconds) as each is done."""
    order = sorted(names, key=lambda n: -sum(p.stat().st_size for p in engine_sources(_game(n))))
    if jobs <= 1 or len(order) <= 1:
        for name in order:
            yield name, compile_engine(name)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(min(jobs, len(order))) as pool:
        running = {pool.submit(compile_engine, name): name for name in order}
        for done in as_completed(running):
            yield running[done], done.result()


def _game(name: str):
    from analyzer.core import registry

    return registry.game(name)


WarmGames = Annotated[Optional[list[str]], typer.Argument(
    help="Games to compile [default: every game with a compiled engine].", show_default=False)]
WarmJobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Engines compiled side by side (each "
                                                                   "compile takes one core).")]


def warm(games: WarmGames = None, jobs: WarmJobs = 1,
         no_progress: Annotated[bool, typer.Option("--no-progress", help="Never show the progress bar.")] = False):
    """Compile the games' engines now, so that no later run waits for it.

    The first run of a game with a compiled (numba) engine after an install or an upgrade compiles it, 10-70 s;
    the result is cached (`analyzer warm` says where) and every later run loads it. Engines already cached are
    left as they are."""
    from analyzer.core import registry
    from analyzer.core.cache import numba_dir
    from analyzer.core.runner import Progress

    specs = registry.games() if not games else [registry.game(g) for g in games]
    compiled = [g for g in specs if engine_sources(g)]
    for g in specs:
        if not engine_sources(g):
            typer.echo(f"{g.name}: nothing to compile (plain Python)")
    todo = [g.name for g in compiled if cold(g)]
    for g in compiled:
        if g.name not in todo:
            typer.echo(f"{g.name}: already compiled")
    if not todo:
        typer.echo(f"nothing to compile; the engines are cached in {numba_dir()}")
        return
    start, done = time.monotonic(), []
    bar = Progress(len(todo), "compiling", enabled=not no_progress, delay=0.0, stage=f"{len(todo)} engines")
    try:
        for name, seconds in compile_engines(todo, jobs):
            done.append(f"{name}: compiled in {seconds:.1f} s")
            bar.note(f"{name} done")
            bar.advance(1)
    finally:
        bar.close()
    typer.echo("\n".join(done))
    typer.echo(f"compiled {len(todo)} engine{'s' if len(todo) > 1 else ''} in {time.monotonic() - start:.1f} s, "
               f"cached in {numba_dir()}")
