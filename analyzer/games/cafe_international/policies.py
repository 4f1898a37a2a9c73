"""Café International player models for whole games and rollouts from a position.  The engine (`game.py`) plays
them inside its kernel and the readable reference (`reference_policies.py`) plays the same in plain Python; the full
text, with every tie-break, is in the coordination notes.  In short:

- `random`: uniform over the legal moves as one flat list: every distinct one- and two-guest placement (three or
  four with coffee_party; the start player's first turn adds every lone single tile), every joker swap (seated
  joker's chair, hand kind), and the bar with each non-joker kind held.
- `greedy` (spec question 5): the best immediate score (a placement's points, a swap 0, the bar the next space's
  value, negative too); ties: placements first, by their (chair, kind) list, then swaps by chair and kind, then the
  bar with the lowest kind.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each turn's move among 6 candidates (greedy's move, the 3 best other placements by immediate score, then bar
  moves and joker swaps, then placements), each scored by about N playouts (default 64) on the same future draws,
  every seat playing BASE (default greedy) to the end; the reward is the share of the win.  Hands are open (the
  spec), so it resamples nothing: the bag's next draws come from each playout's own streams.

Both always take the refill option (one tile less per single-nationality table completed, for good) and pass only
with no legal move at all.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "the move of best immediate score (placement points, a joker swap 0, the bar's next value); ties the "
              "first placement by chairs and kinds, then swaps, then the bar with the lowest kind",
    "random": "uniform over every legal placement, joker swap and bar kind",
}

Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True)
