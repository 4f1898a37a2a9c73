"""Goa tests: helpers to build positions by hand."""
from analyzer.games.goa import state


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict in this project's layout (rules: and position:)."""
    return {"game": "goa", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))


def attempt(level=0, hand=0, expedition=None, founded=(), rules=None, **extra):
    """A position trying a colony: colonists row value `level`, `hand` colonist cards."""
    return position(rules=rules, founded=list(founded), expedition=expedition or {},
                    colony_attempt={"level_colonists": level, "hand_colonists": hand, **extra})
