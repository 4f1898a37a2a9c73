"""Café International tests: helpers to build positions by hand."""
from analyzer.games.cafe_international import state


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict in this project's layout (rules: and position:)."""
    return {"game": "cafe_international", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))


# chair c4 is shared by T1 (N1: c1..c4) and T2 (N2: c4..c7) on the illustrative ring, each with three guests of
# mixed nationalities (c1 is shared with T24, N12; c7 with T3, N3)
THREE_AND_THREE = {"c1": ["N12", "f"], "c2": ["N1", "m"], "c3": ["N1", "f"],
                   "c5": ["N2", "f"], "c6": ["N2", "m"], "c7": ["N3", "f"]}
SINGLE_T1 = {**THREE_AND_THREE, "c1": ["N1", "f"]}
SINGLE_BOTH = {**SINGLE_T1, "c7": ["N2", "f"]}
