"""Sankt Petersburg player models for whole games.  The engine (`game.py`) plays them inside its kernel and the
readable reference (`reference_policies.py`) plays the same in plain Python; the full text, with every tie-break,
is in the coordination notes.  In short:

- `random`: uniform over the legal moves as one list of distinct moves (pass; buy from either row, an upgrade once
  per card it may replace; take to hand; play from hand; an Observatory draw per deck), then uniform over the
  drawn card's fates (play, keep, discard) and over the Pub's 0..most points.
- `greedy`: the buy or hand play of best value per ruble, value = one scoring's rubles + 2 per point (the Pub's
  price of a point; Mariinskij and Tax Man what they would pay now; an upgrade less the replaced card's), value
  > 0 only; ties the larger value, then the first move in tuple order; else pass.  Never takes to hand or draws;
  buys every Pub point it can in the last round, none before.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  every move it owns (buy, take into hand, upgrade, play from hand, pass, an Observatory draw and the drawn card's
  fate) and its Pub points, each option scored by about N playouts (default 64) from resampled decks and other
  hands (what it cannot see), every seat playing BASE (default greedy) to the end; the reward is the share of the
  win.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "the buy or hand play of best value per ruble (one scoring's rubles + 2 per point, an upgrade less "
              "the replaced card); ties the larger value, then the first; pass when nothing pays; Pub points only "
              "in the last round",
    "random": "uniform over every distinct legal move (pass included), the Observatory card's fates and the Pub's "
              "points",
}

Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True)
