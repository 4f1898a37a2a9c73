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
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "no trades: settles on pips plus a resource-diversity bonus (snake draft), builds city > settlement > "
              "development card > road when affordable (roads only toward a new spot), robs the hex denying others "
              "the most pips, discards the largest surplus over its wanted build",
    "trader": "greedy, plus one bank trade (4:1, own harbour 3:1 or 2:1) whenever it completes a build missing one "
              "card",
}

# parse_policies: one policy for every placement rank, the first placer first
Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS)
