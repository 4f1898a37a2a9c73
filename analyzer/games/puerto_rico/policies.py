"""Puerto Rico player models for whole games.  The engine (`game.py`) plays them inside its kernel and the readable
reference (`reference_policies.py`) plays the same in plain Python; the full text, with the shared rules every
player follows, is in the coordination notes ("Interfaces: B's whole-game model").  They own five decisions: the
role card, the settler's tile, the building, the sale and the captain's load; everything else (the mayor's
placement, the storage at the captain's end, the craftsman's extra barrel, the Hacienda draw) is one shared rule.

- `random`: uniform over the legal options of each owned decision (role cards ascending; the settler's distinct
  face-up kinds ascending then the quarry, never declining; builder "none" then the buildings it may build
  ascending; trader "none" then the kinds it may sell ascending; captain one ship load per kind ascending, then
  the wharf loads, then "pass" only when no ship takes anything).
- `greedy`: takes the role of highest value, ties the lowest card: settler 2 (3 when a tobacco or coffee shows),
  0 on a full island; mayor 1 + ship colonists // players when it has an empty circle for more than its San
  Juan, else 0; builder 4 when it would build something, else 0; craftsman its barrels (bank permitting) + 1,
  0 without any; trader the price of its best sale (privilege and markets included), 0 without any; captain the
  barrels of its best load + 1, 0 without any; prospector 1; each plus the card's doubloons.  Settler: coffee,
  tobacco, sugar, quarry, indigo, corn in that order.  Builder: the legal building of highest column * 10 + cost
  (ties the lowest id), a production building only while its plantations of that crop outnumber its circles for
  it.  Trader: the highest-priced kind.  Captain: the load of most barrels, ties a ship over the wharf, then the
  cheapest kind; never passes.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model:
  each of the five decisions the others own, each option scored by about N playouts (default 64) from the same resampled
  plantation stacks, every seat playing BASE (default greedy) to the end; the reward is the share of the win.
- `noisy` (`noisy:EPS`, EPS in [0, 1], default 0.1): greedy, except that at each decision greedy owns with two
  options or more it first tosses a coin (a draw u of 0..999,999 from the game's choice stream) and, when
  u < EPS * 1,000,000, takes a uniformly random legal option instead (`random`'s list and draw).  `noisy:0` tosses
  no coin and plays `greedy`'s games exactly; the shared rules for the minor decisions stay deterministic.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import NamedPolicy, SearchPolicy

KINDS = ("greedy", "random", "noisy")
DEFAULT_EPSILON = 0.1
DESCRIPTIONS = {
    "greedy": "role of highest fixed value (its barrels to make, load or sell, a building it wants, a tile, the "
              "card's doubloons); the dearest building of the highest column; the priciest sale; the biggest load",
    "random": "uniform over the legal options of every decision it owns (role, tile, building, sale, load)",
    "noisy": "greedy, but at each decision it owns takes a uniformly random legal option with probability epsilon",
}


@dataclass(frozen=True)
class Policy(NamedPolicy):
    """kind greedy, random or noisy; `epsilon` is noisy's exploration probability (ignored by the other two)."""
    kind: str = "greedy"
    epsilon: float = DEFAULT_EPSILON
    descriptions: ClassVar[dict[str, str]] = DESCRIPTIONS

    def __post_init__(self):
        if self.kind != "noisy":  # one value for the kinds that do not read it, so equal players compare equal
            object.__setattr__(self, "epsilon", DEFAULT_EPSILON)

    @property
    def label(self) -> str:
        return f"noisy:{self.epsilon:g}" if self.kind == "noisy" else self.kind

    def describe(self) -> str:
        if self.kind == "noisy":
            return (f"greedy, but at each decision it owns takes a uniformly random legal option with probability "
                    f"{self.epsilon:g}")
        return self.descriptions[self.kind]

    @classmethod
    def parse(cls, value, field: str):
        """A name (`greedy`, `random`, `noisy`, `noisy:0.2`, `search`, `search:N`, `search:N:BASE`), or a mapping
        {kind: ..., epsilon: ...} (noisy)."""
        if SearchPolicy.named(value):
            return SearchPolicy.parse(value, field, cls.parse)
        if isinstance(value, str):
            kind, colon, eps = value.partition(":")
            if kind not in KINDS or (colon and kind != "noisy"):
                raise ScenarioError(field, f"got {value!r}; allowed: greedy, random, noisy, noisy:EPSILON, search, "
                                           f"search:N, search:N:BASE")
            if not colon:
                return cls(kind)
            try:
                epsilon = float(eps)
            except ValueError:
                raise ScenarioError(field, f"got {value!r}: noisy's epsilon must be a number in [0, 1]") from None
            return cls(kind, _epsilon(epsilon, field))
        block = sc.mapping(value, field, {"kind", "epsilon"})
        kind = sc.choice(block.get("kind", cls().kind), f"{field}.kind", KINDS)
        if "epsilon" in block and kind != "noisy":
            raise ScenarioError(f"{field}.epsilon", "only the noisy policy takes an epsilon")
        eps = block.get("epsilon", DEFAULT_EPSILON)
        if isinstance(eps, bool) or not isinstance(eps, (int, float)):
            raise ScenarioError(f"{field}.epsilon", f"got {eps!r}; a number in [0, 1]")
        return cls(kind, _epsilon(float(eps), f"{field}.epsilon"))


def _epsilon(value: float, field: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise ScenarioError(field, f"noisy's epsilon must be in [0, 1]; got {value:g}")
    return value


parse_policy = Policy.parse

# one policy for every turn-order rank (a single one is seated everywhere), the first governor first
parse_policies = Policy.parse_seats
