"""Emerald player models for whole games and the gem race.  The engine (`game.py`) plays them inside its kernel
and the readable reference (`reference.py`) plays the same in plain Python; the full text, with every tie-break,
is in the coordination notes.  In short:

- `random`: uniform over the distinct knights (colour, square) it may move; after a step that leaves the turn
  open, uniform over stopping and each knight it may still move; uniform over gem and gold where both lie.
- `greedy` (spec question 2): the plan (one knight, or an ordered pair on a fresh turn) of the highest exact
  one-ply EV (card values, treasure, minus the expected loss to the dragon, plus the opponents' expected loss),
  then re-plans after each step (mid-turn it stops unless a move's EV is positive); gold when its top value
  beats the gem (1, or 5 when it completes the four kinds), else the gem.

Both: the mover catches an opponent's knight where one stands (the opponent with the fewest gold cards), and a
caught knight's owner bribes with his lowest gold card whenever it is worth at most knight_value.

- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each step of its turns (which knight, or stop), the card where a gem and a gold card both lie and, when the
  dragon catches one of its knights and it holds gold, whether to bribe; each option scored by about N playouts
  (default 64) on resampled hidden cards (the cards under the stacks' tops and those dealt to no stack, the values
  of the other seats' gold), every seat playing BASE (default greedy) to the end; the reward is the share of the
  win.  The catch choice stays the shared rule.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "the plan (one knight or an ordered pair) of the highest exact one-ply EV: cards, treasure and the "
              "dragon's expected catches of its own and the opponents' knights; gold when it beats the gem",
    "random": "uniform over the knights it may move (and stopping, after a first step that leaves the turn open) "
              "and over gem or gold where both lie",
}

Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True)
