"""Magellan (Pizarro & Co.): bid states, Pizarro's draw, whole games for balance runs."""
from analyzer.games.magellan.state import parse_position as load  # noqa: F401

COMMANDS = ("odds", "ev", "balance", "report")
