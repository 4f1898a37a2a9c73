"""Compile the numba engines (`cache=True`) so that tests load them instead of compiling: two whole games of
every game with full games, a few Camel Up races (its race kernel) and a small Catan turns-to-afford DP (its
kernel).

`make test` runs it before the suite with `--jobs 2` (one game per process, the longest compiles first), so a
clean checkout's minute or so of compiling uses both cores and no test waits on it.  Run plainly, `conftest.py`
starts it in a background process at the start of a test session (skipped when `ANALYZER_WARMED=1` says
`make test` did it already); a test that gets to an engine first compiles it for itself: nothing depends on it.
"""
import argparse
from concurrent.futures import ProcessPoolExecutor

# the slowest compiles first, so that two processes finish together
ORDER = ("san_marco", "samarkand_sackson", "finstere_flure", "goa", "catan", "alhambra", "cafe_international",
         "st_petersburg", "puerto_rico", "samarkand_queen", "emerald", "camelup", "magellan")


def warm(name: str) -> str:
    import numpy as np

    from analyzer.core import balance, registry

    game = registry.game(name)
    if game.full_games is not None:
        full = game.full()
        spec, _ = balance.parse(full, {"game": name}, name)
        full.hook("play")(spec.base.config, 2, np.random.default_rng(0))
    if name == "camelup":  # races where the odds are not exact run on the compiled kernel
        import yaml

        from analyzer.games.camelup import sim
        from analyzer.games.camelup.state import parse_position

        scenario = registry.SCENARIOS / "camelup" / "second-edition-opening.yaml"
        second = parse_position(yaml.safe_load(scenario.read_text()))
        sim.race_counts(second, 64, np.random.default_rng(0))
    if name == "catan":  # the turns-to-afford DP's floating-point phase: compiled on import
        import analyzer.games.catan.afford_kernel  # noqa: F401
    return name


def main() -> None:
    from analyzer.core import registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="processes compiling side by side")
    jobs = parser.parse_args().jobs
    names = sorted(registry.GAMES, key=lambda n: ORDER.index(n) if n in ORDER else len(ORDER))
    if jobs <= 1:
        for name in names:
            warm(name)
        return
    with ProcessPoolExecutor(jobs) as pool:
        list(pool.map(warm, names))


if __name__ == "__main__":
    main()
