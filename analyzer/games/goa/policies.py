"""Goa player models for whole games.  The engine (`game.py`) plays them inside its kernel and the readable
reference (`reference_policies.py`) plays the same in plain Python; the full text, with every tie-break, is in the
coordination notes ("Interfaces: B's whole-game model").  In short:

- `random`: uniform over the legal choices at every decision: the flag's square, each marker's tile, each bid (a
  pass or any amount above the highest so far up to its ducats), each action (extra rounds: or a pass), each
  harvested sack's kind, each card discarded to the hand limit, the plantation discarded, ships or colonists, the
  advanced start's two columns.
- `greedy`: values each tile in ducats by a fixed table and bids that value (at most its ducats) when it beats the
  highest bid; puts the flag and its markers by the highest-valued tiles; acts by a fixed priority: found the colony
  with the best exact P(success) when it is at least 1/2, else advance the affordable column of lowest row, else
  build ships or harvest for the lowest column it can store the spices of, else taxes below 10 ducats, else an
  expedition; plays extra actions while holding two cards (in the last round, all).
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  the flag's square, each marker's square, each bid (a pass, or the highest bid so far plus 1, 2, 3, 4, 5, 6, 8,
  10, 12 or 15 up to its ducats, or greedy's bid), each action and extra action (colony attempts included), each
  option scored by about N playouts (default 64) from the same resampled expedition deck and other hands, every
  seat playing BASE (default greedy) to the end; the reward is the share of the win.  Its minor decisions (sacks,
  discards to the hand limit, the plantation discarded, ships or colonists, the advanced start) are BASE's rules.

Neither plays expedition cards for their effects (an engine reading): the cards count for their symbol sets.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "bids a fixed value per tile kind; founds the colony of best exact P(success) when >= 1/2, else "
              "advances the cheapest affordable column, else builds ships / harvests for it, taxes below 10 ducats, "
              "else an expedition",
    "random": "uniform over the legal choices at every decision (squares, bids, actions, sacks, discards)",
}

Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True)
