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
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from analyzer.core.policies import NamedPolicy

KINDS = ("greedy", "random")
DESCRIPTIONS = {
    "greedy": "role of highest fixed value (its barrels to make, load or sell, a building it wants, a tile, the "
              "card's doubloons); the dearest building of the highest column; the priciest sale; the biggest load",
    "random": "uniform over the legal options of every decision it owns (role, tile, building, sale, load)",
}


@dataclass(frozen=True)
class Policy(NamedPolicy):
    kind: str = "greedy"
    descriptions: ClassVar[dict[str, str]] = DESCRIPTIONS


parse_policy = Policy.parse


def parse_policies(value, field: str, players: int) -> tuple[Policy, ...]:
    """One policy for every turn-order rank (a single one is seated everywhere), the first governor first."""
    return Policy.parse_seats(value, field, players)
