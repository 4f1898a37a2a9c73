"""Build Magellan games and scenarios for tests."""
from __future__ import annotations

from analyzer.games.magellan import reference as ref
from analyzer.games.magellan.reference import same_chance
from analyzer.games.magellan.rules import EXPLORERS, rule_set

__all__ = ["game", "counts", "same_chance", "scenario_from_game"]

POLO, GAMA, COLOMBO, PIZARRO, MAGELLAN, COOK = range(6)


def game(players=4, side="A", deck=None, draws=None, **rules) -> ref.Game:
    """A reference game whose phase-I deck is `deck` (explorer ids, top first) and whose gold
    draws take the uniforms `draws` in turn (0.0 draws the lowest card in the pile)."""
    r = rule_set(side, **rules)
    orders = [list(deck) if deck is not None else [e for e in range(6) for _ in range(3)],
              [e for e in range(6) for _ in range(2)], list(range(6))]
    chance = ref.Chance(orders, list(draws) if draws is not None else [0.0] * 400, [[0.5] * players] * 40)
    return ref.Game(r, players, chance)


def counts(*values) -> list[int]:
    out = [0] * 9
    for v in values:
        out[v - 1] += 1
    return out


def scenario_from_game(g: ref.Game, me: int, known_draws: bool = False) -> dict:
    """What player `me` sees of a reference game whose next card is up for auction: a
    bid-state scenario dict (nobody has bid yet; the first player who may bid is to act).
    In phase I it carries every player's history: what he paid and discarded, and his da Gama
    draws (their values only for `me`, or for everyone with `known_draws`)."""
    ships = {EXPLORERS[e]: [list(g.ships[e][f]) for f in range(3)] for e in range(6) if any(g.ships[e])}
    hands = {}
    for p in range(g.players):
        values = [v for v in range(1, 10) for _ in range(g.hands[p][v - 1])]
        hands[p] = values if p == me or p in g.open_hands else {"size": len(values)}
    face_up = g.rules.power(MAGELLAN) == "tuck_payment"
    stacks = [{"owner": s.owner, "tucked": list(s.tucked) if (face_up or s.owner == me) else s.level}
              for s in g.stacks]
    to_act = g.open_auction().to_act
    g.current = None  # only looked
    position = {
        "phase": g.phase,
        "auction": {"card": EXPLORERS[g.card], "to_act": to_act, "opener": g.opener},
        "hands": hands, "ships": ships,
        "discard": [v for v in range(1, 10) for _ in range(g.disc[v - 1])],
        "decks": {EXPLORERS[e]: g.deck[1:].count(e) for e in range(6)},
    }
    if any(g.right[GAMA]):
        position["gama_right"] = [list(g.right[GAMA][f]) for f in range(3)]
    if g.phase == 1:
        position["history"] = {p: {"paid": h["paid"], "discarded": h["discarded"],
                                   **({"drew": h["drew"]} if known_draws or p == me else {})}
                               for p, h in enumerate(g.history) if h["paid"]}
        del position["discard"]  # follows from the history
    position["vetoes"] = {p: n for p, n in enumerate(g.vetoes) if n}
    if stacks:
        position["magellan"] = stacks
    rules = {"side": g.rules.sides[0], **({"bids": g.rules.bids} if g.rules.bids != "exact_sum" else {})}
    return {"game": "magellan", "rules": rules, "players": g.players, "position": position}
