"""Camel Up (first edition): rules data, positions, exact leg odds, rollouts, analyses."""
from analyzer.games.camelup.state import parse_position as load  # noqa: F401

COMMANDS = ("odds", "ev", "balance", "report")
