"""A shipped scenario with one place changed, and the one-line ScenarioError its position loader must raise
(issue 50: counts above the box, a component listed twice)."""
import copy

import pytest

from analyzer.core import registry, scenario
from analyzer.core.errors import ScenarioError


def changed(game: str, name: str, path: tuple, value) -> dict:
    """scenarios/<game>/<name> with the value at `path` (keys and list indexes) replaced by `value`; a callable
    `value` gets the old value."""
    data = scenario.load(registry.SCENARIOS / game / name)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value(copy.deepcopy(node[path[-1]])) if callable(value) else value
    return data


def refused(game: str, name: str, path: tuple, value, field: str, *words: str) -> str:
    """Assert the changed scenario is refused naming `field`, on one line holding every word; the message."""
    data = changed(game, name, path, value)
    with pytest.raises(ScenarioError) as err:
        registry.game(game).position(data)
    text = str(err.value)
    assert err.value.field == field, text
    assert "\n" not in text and all(w in text for w in words), text
    return text
