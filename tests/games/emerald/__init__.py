"""Emerald tests: helpers to build positions and tables by hand."""
from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import state


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict; knights default to setup (every colour on every used start square)."""
    if "knights" not in position:
        start = state.initial(players)
        position["knights"] = {state.r.COLOURS[c]: [f"s{x - state.r.S1 + 1}" if x >= state.r.S1 else x
                                                   for x in start.knights[c]]
                               for cs in start.colours for c in cs}
    return {"game": "emerald", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))


def table(players=4, rules=None, **kw) -> ref.Table:
    return ref.Table.from_position(position(players, rules, **kw))
