"""Puerto Rico tests: helpers to build positions by hand."""
from analyzer.games.puerto_rico import state


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict in this project's layout (rules: and position:)."""
    return {"game": "puerto_rico", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))
