"""Alhambra tests: helpers to build positions by hand."""
from analyzer.games.alhambra import state


MARKET = {"blue": {"kind": "pavilion", "cost": 8}, "green": {"kind": "seraglio", "cost": 9},
          "orange": {"kind": "arcades", "cost": 10}, "yellow": {"kind": "chambers", "cost": 11}}


def card(cur: str, v: int) -> dict:
    return {"cur": cur, "v": v}


def scenario(players=4, rules=None, **position) -> dict:
    """A scenario dict: 80 money cards left after setup, nothing drawn yet, a full market of wall-less tiles, my
    hand empty and the others hidden (two cards each) unless given."""
    position.setdefault("market", dict(MARKET))
    position.setdefault("money_deck", {"draws_since_setup": 0, "pile_sizes": [16, 17, 16, 17, 16]})
    hands = {s: {"count": 2} for s in range(1, players)}
    hands[0] = []
    position["hands"] = {**hands, **position.get("hands", {})}
    return {"game": "alhambra", "players": players, "rules": rules or {}, "position": position}


def position(players=4, rules=None, **kw):
    return state.parse_position(scenario(players, rules, **kw))
