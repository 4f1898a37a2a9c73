"""Sankt Petersburg tests: helpers to build positions by hand."""
from analyzer.games.st_petersburg import state


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict in this project's layout (rules: and position:)."""
    return {"game": "st_petersburg", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))


FULL_BOARD = {"upper": ["Market", "Market", "Customs House", "Firehouse", "Hospital"],
              "lower": ["Library", "Pub", "Observatory"]}
