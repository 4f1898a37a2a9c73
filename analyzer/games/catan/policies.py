"""Catan player models for whole games (spec question 7).  The engine (`game.py`) plays them inside its kernel
and the readable reference (`reference_policies.py`) plays the same in plain Python; the full text, with every
tie-break, is in the coordination notes.  In short:

- `greedy` (the spec's, no trades): places on the spot of the most pips plus 2 per resource kind it lacks
  (snake draft; the road toward the best spot beyond); builds city > settlement > development card > road
  whenever one is affordable and placeable (a road only when it has no legal settlement spot, toward the best
  spot reachable, score minus 2 per road needed); the robber on the hex denying others the most pips, away
  from its own buildings, robbing the victim with most cards; discards the resource with the largest surplus
  over its wanted build's cost (ties grain, ore, sheep, brick, wood); plays a knight when the robber blocks it
  or to take largest army, road building when it wants a road, year of plenty when two cards complete a build,
  monopoly on the resource the others hold most of (at least 3).
- `trader`: greedy, plus one bank trade (4:1, 3:1 at an own generic harbour, 2:1 at an own harbour of that
  resource; under harbor_delay not one built this turn) whenever it completes a build missing one card.
- `random`: uniform over the legal options of every decision (the engine's forward model, `game.py`): a set-up
  spot and road, each card to discard, the robber's hex and victim, a development card to play (or none), each
  build, bank trade or the turn's end.
- `search` (`search:N`, `search:N:BASE`, `search:N:BASE:dK`): core's search player (`core/search.py`) over the
  engine's forward model: every decision above with two options or more, each option scored by about N playouts
  (default 64) from resampled development cards (the others' hands and the deck), every seat playing BASE
  (default greedy) for K turns (default SEARCH_DEPTH), then the engine's evaluation; the reward is the share of
  the win (docs/games/catan-search.md).
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "no trades: settles on pips plus a resource-diversity bonus (snake draft), builds city > settlement > "
              "development card > road when affordable (roads only toward a new spot), robs the hex denying others "
              "the most pips, discards the largest surplus over its wanted build",
    "trader": "greedy, plus one bank trade (4:1, own harbour 3:1 or 2:1) whenever it completes a build missing one "
              "card",
    "random": "uniform over the legal options of every decision: set-up spots and roads, discards, the robber, "
              "development cards, builds, bank trades and the turn's end",
}

# parse_policies: one policy for every placement rank, the first placer first
# the search's playouts (game.py's MODEL.depth too): 8 turns, then the evaluation
SEARCH_DEPTH = 8
Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True,
                                                    search_depth=SEARCH_DEPTH, search_round="turn")
