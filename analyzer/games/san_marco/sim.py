"""The bridge between positions (`state.Position`) and the numba engine (`game.py`): rollouts and the
engine's agreement with the readable reference, in one place for the questions.

- `rollout` (`play.rollout`): continue a position n times to the end of the game.
- `state_vector(position)`: the engine's flat state of a position; `vector_key` / `position_key` the
  components both sides are compared on (aristocrats, supply, prestige, bridges, pool, Doge).
- `agreement(seed)` (= `game.engine_agrees`): random positions and random legal action sequences through
  both the engine and `reference.py`: every card's options (as the set of positions they lead to, a
  banishment on every face), the static values and the position after each chosen action.
"""
from __future__ import annotations

from analyzer.games.san_marco.game import (agreement, position_key, random_position, random_settings,  # noqa: F401
                                           state_vector, vector_key)
from analyzer.games.san_marco.play import rollout  # noqa: F401
