"""Compile the numba engines (`cache=True`) so that tests load them instead of compiling: what `analyzer warm`
does (`analyzer.cli.compiling.compile_engines`: every engine module imported, two whole games played), for every
game with a compiled engine, whether cached or not (a cached engine loads in a second).

`make test` runs `analyzer warm --jobs 2` before the suite instead (the largest engines first, so a clean
checkout's minute or so of compiling uses both cores and no test waits on it).  `conftest.py` starts this
script in a background process at the start of a test session (skipped when `ANALYZER_WARMED=1` says
`make test` did it already); a test that gets to an engine first compiles it for itself: nothing depends on it.
"""
import argparse


def main() -> None:
    from analyzer.cli.compiling import compile_engines, engine_sources
    from analyzer.core import registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="processes compiling side by side")
    parser.add_argument("games", nargs="*", help="only these games (default: every game with an engine)")
    args = parser.parse_args()
    games = [g.name for g in registry.games() if engine_sources(g) and (not args.games or g.name in args.games)]
    for _ in compile_engines(games, args.jobs):
        pass


if __name__ == "__main__":
    main()
