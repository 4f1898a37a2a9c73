"""Magellan (Pizarro & Co.): bid states, Pizarro's draw, whole games for balance runs."""
from analyzer.games.magellan.state import parse_position as load  # noqa: F401 (the registry reads it)

COMMANDS = ("odds", "ev", "balance", "report")

# A Magellan rollout deals hidden hands and plays the game out: far dearer than a Camel Up race.
DEFAULT_ROLLOUTS = {"ev": 2_000, "odds": 2_000}
