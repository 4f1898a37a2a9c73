"""Finstere Flure player models for whole games and the escape rollouts.  The engine (`game.py`) plays them inside
its kernel and the readable reference (`reference_policies.py`) plays the same in plain Python; the full text,
with every tie-break, is in the coordination notes.  In short:

- `random`: a figure uniformly among the player's figures still to move, then an end uniformly among its legal
  ends, staying put (or off) included; an end is a square with the stones as the move leaves them, so a square
  reached with the stones left two ways is two ends.
- `greedy` (spec question 2, the safest square): every end of every figure still to move keyed (the number of
  cards this round's monster may play that catch it there, the others where they stand; Manhattan steps to the
  exit, 0 once out, the entrance's + 1 from off the board; the square's code y * width + x, out -2, off -1; the
  stone layout's index k among those of that square, in the order found); the least key wins, ties to the lower
  figure index.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each figure turn is two decisions, the figure, then its end (the square or out, with the stones its path
  pushes; at most the 64 nearest the exit by greedy's order where there are more), each option scored by about N
  playouts (default 64), every seat playing BASE (default greedy) for one round, two from search:64 on
  (`search:N:BASE:dK`: K rounds; d0 to the end) with no random decision (one random end throws a figure to the monster), the monster's cards still
  to come drawn afresh in each playout; the reward is the share of the win, read by the engine's evaluation (each
  seat's race: figures out, and how near the exit its figures in play stand) where the game goes on.
"""
from __future__ import annotations

from analyzer.core.policies import greedy_first

DESCRIPTIONS = {
    "greedy": "the safest end (spec question 2): fewest of this round's possible monster cards catch it, then "
              "fewest steps to the exit, over every figure still to move",
    "random": "a figure uniformly among those still to move, then an end uniformly among its legal ends (staying "
              "included; a square once per layout of the stones the move can leave)",
}

# the search's playouts (game.py's MODEL.depth too): one round, then the evaluation; two rounds from search:64 on,
# where a decision's up to 64 ends leave the bigger budget little to buy but a deeper look (search:64:d1 against
# three search:16 won 20.8%, 13.9-30.0; search:64:d2 39.1%, 31.0-47.7, 128 games; docs/games/finstere_flure-search.md)
SEARCH_DEPTH = {1: 1, 64: 2}
Policy, parse_policy, parse_policies = greedy_first(__name__, DESCRIPTIONS, searchable=True,
                                                    search_depth=SEARCH_DEPTH)
