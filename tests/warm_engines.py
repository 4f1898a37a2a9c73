"""Play two whole games of every game with full games, so that compiled engines (numba, `cache=True`) write
their caches.  `conftest.py` runs it in a background process at the start of a test session: on a clean
checkout the compiling (a minute or more) then overlaps the first tests on the other core instead of stalling
the first test that needs an engine.  A test that gets there first compiles for itself: nothing depends on it."""
import numpy as np

from analyzer.core import balance, registry


def main() -> None:
    for name in registry.GAMES:
        game = registry.game(name)
        if game.full_games is None:
            continue
        full = game.full()
        spec, _ = balance.parse(full, {"game": name}, name)
        full.hook("play")(spec.base.config, 2, np.random.default_rng(0))


if __name__ == "__main__":
    main()
