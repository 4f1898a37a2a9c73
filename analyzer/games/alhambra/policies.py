"""Alhambra player models for whole games and rollouts from a position.  The engine (`game.py`) plays them inside
its kernel and the readable reference (`reference_policies.py`) plays the same in plain Python; the full text, with
every tie-break, is in the coordination notes.  In short:

- `random`: uniform over the legal actions: every money take (a display card, or several totalling at most 5, by
  display slot) and every market tile its cards of that currency pay; after an exact payment it draws again.
  Each bought tile goes to a uniformly drawn legal square.
- `greedy` (spec question 5): buy the exactly payable tile of best points/cost (points: its kind's first place at
  scoring 3; ties the lower cost, then the lower space) and act again; else take the money that makes the most
  market tiles exactly payable (ties: more value, more cards, the lower slots); with no money to take, the best
  payable tile, overpaying.  Each bought tile goes where the longest outer wall is longest afterwards (ties: the
  first square, x then y).

Both pay by one rule (least total, then fewest cards, then the small cards kept), never redesign, and put a tile
with no legal square in the reserve.

- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each action it owns (every money take and payable buy, acting again after an exact payment) and each square for
  a tile it places (its leftover tiles at the end too), each option scored by about N playouts (default 64) from
  resampled money decks (the unseen scoring cards kept in their fifths) and tile stacks, every seat playing BASE
  (default greedy) to the end; the reward is the share of the win.  It never redesigns either.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "buys the exactly payable tile of best points per cost (acting again), else takes the money that makes "
              "the most market tiles exactly payable; places where the longest outer wall grows most",
    "random": "uniform over the legal money takes and payable buys, and over the legal squares for each tile",
}

Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True)
