"""Samarkand player models for whole games and rollouts (spec §9).  The engine (`game.py`) plays them inside
its kernel; this module names them, describes them and reads them from a scenario.

- `random`: uniform over the legal actions (marriages, one- and two-camel extensions; a pass only when
  nothing else is legal), then a uniform legal keep/discard set and a fair coin for each sale.
- `greedy`: the action with the largest immediate change of its own score (spec §9.1): an extension by the
  goods markers, its own cards' new camels, the relationship Dirham and markers; a marriage by -dowry, the
  re-valued old hand and the expected best keep over the draw, in closed form over the order statistics of
  its unseen cards' current values (`game.expected_draw_gain`; a uniform 3-subset of the unseen cards).
  Keeps the most cards the limit allows, discarding the lowest current values; sells when 3 beats the
  card's current score.  Ties: cheaper (dowry; a second camel costs 1), then lower family id.
- `route-planner`: greedy plus `plan_weight` VP per hex step that the nearest camel of one of its
  families gets closer to the space of an unsold, unreached card it holds (marriages count the married
  family's camels).  Discards ties: the card farther from its routes.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each of the three decisions (the action, the keep after a marriage's draw, sell or keep), each option scored by
  about N playouts (default 64) from the same resampled unseen cards (others' hands, the pile, hidden discards,
  the bag's order), every seat playing BASE (default greedy; route-planner with the seat's own plan weight) to
  the end; the reward is the share of the win.  More than 64 legal actions: the 64 best by greedy's value.
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import parse_with_params

KINDS = ("random", "greedy", "route-planner")
PLAN_WEIGHT = 1.0


@dataclass(frozen=True)
class Policy:
    kind: str = "greedy"
    plan_weight: float = PLAN_WEIGHT  # route-planner only

    @property
    def label(self) -> str:
        if self.kind == "route-planner" and self.plan_weight != PLAN_WEIGHT:
            return f"route-planner(plan_weight={self.plan_weight:g})"
        return self.kind

    def describe(self) -> str:
        if self.kind == "random":
            return "uniformly random legal action, then a uniform legal keep/discard set and a coin flip per sale"
        base = ("the action with the largest immediate change of its own score; a marriage valued by the expected "
                "best keep over the draw (closed form over its unseen cards, card value `current`); sells when 3 "
                "beats the card's current score; ties: cheaper, then lower family id")
        if self.kind == "greedy":
            return f"greedy: {base}"
        return (f"route-planner: {base}, plus {self.plan_weight:g} VP per hex step its routes get closer to the "
                "spaces of its unsold, unreached cards")


def parse_policy(value, field: str) -> Policy:
    """A policy: a name (`greedy`, `search`, `search:N`, `search:N:BASE`) or a mapping {kind, plan_weight}."""
    return parse_with_params(value, field, KINDS, parse_policy, Policy, ("plan_weight",), read_block)


def read_block(kind: str, block: dict, field: str) -> Policy:
    """A policy of `kind` with the parameters a scenario's mapping gives (defaults for the rest)."""
    weight = block.get("plan_weight", PLAN_WEIGHT)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 <= weight <= 100:
        raise ScenarioError(f"{field}.plan_weight", "a number from 0 to 100")
    return Policy(kind, float(weight))


def parse_policies(value, field: str, players: int) -> tuple[Policy, ...]:
    """One policy for every seat (a single one is seated everywhere), seat 0 first."""
    return sc.per_seat(value, field, players, parse_policy, "greedy")
