"""Game name -> its package, imported only when a scenario asks for it."""
from __future__ import annotations

import importlib

from analyzer.core.errors import ScenarioError

GAMES = {"camelup": "analyzer.games.camelup", "magellan": "analyzer.games.magellan"}


def game_module(name):
    if not isinstance(name, str) or name not in GAMES:
        raise ScenarioError("game", f"got {name!r}; allowed: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name])


def analysis(name: str, command: str):
    """The function answering `command` (odds, ev, ...) for game `name`, and its loader."""
    package = game_module(name)
    if command not in package.COMMANDS:
        raise ScenarioError("game", f"{name} has no `{command}` analysis; it has: {', '.join(package.COMMANDS)}")
    module = importlib.import_module(f"{GAMES[name]}.analysis")
    return package.load, getattr(module, command)
