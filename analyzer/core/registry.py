"""The registered games: name -> `analyzer.games.<name>:GAME` (a `core.game.GameSpec`), imported lazily.

Registering a game is one line here; everything else about it lives in its package.
"""
from __future__ import annotations

import importlib
from pathlib import Path

from analyzer.core.errors import ScenarioError, did_you_mean

GAMES = ("camelup", "magellan", "san_marco", "samarkand_queen", "samarkand_sackson", "catan", "emerald", "finstere_flure", "alhambra", "goa", "cafe_international", "st_petersburg", "puerto_rico", "oltre_mare", "caylus", "roborally", "paris_paris", "himalaya", "elfenland", "drunter_druber")
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def game(name):
    """The GameSpec of game `name` (the specs' spelling with hyphens, `finstere-flure`, is the same game); a
    one-line error naming the games there are otherwise."""
    if isinstance(name, str):
        name = name.replace("-", "_")
    if not isinstance(name, str) or name not in GAMES:
        raise ScenarioError("game", f"got {name!r}; allowed: {', '.join(GAMES)}{did_you_mean(name, GAMES)}")
    spec = importlib.import_module(f"analyzer.games.{name}").GAME
    assert spec.name == name, f"analyzer.games.{name}.GAME is named {spec.name!r}"
    return spec


def games():
    return [game(name) for name in GAMES]


def scenarios(name: str) -> list[Path]:
    """The scenarios shipped for game `name` (scenarios/<name>/*.yaml), where the source tree has them."""
    return sorted((SCENARIOS / name).glob("*.yaml"))
