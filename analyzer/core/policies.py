"""Player models named by one word, as the full-game engines of several games take them: a game subclasses
`NamedPolicy` with its `descriptions` (name -> what the player does) and its default kind."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError


@dataclass(frozen=True)
class NamedPolicy:
    kind: str
    descriptions: ClassVar[dict[str, str]] = {}

    @property
    def label(self) -> str:
        return self.kind

    def describe(self) -> str:
        return self.descriptions[self.kind]

    @classmethod
    def parse(cls, value, field: str):
        """A policy: a name, or a mapping {kind: name}."""
        kinds = tuple(cls.descriptions)
        if isinstance(value, str):
            if value not in kinds:
                raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(kinds)}")
            return cls(value)
        block = sc.mapping(value, field, {"kind"})
        return cls(sc.choice(block.get("kind", cls().kind), f"{field}.kind", kinds))

    @classmethod
    def parse_seats(cls, value, field: str, players: int) -> tuple:
        """One policy per seat, seat 0 first (a single one is seated everywhere; absent: the default kind)."""
        return sc.per_seat(value, field, players, cls.parse, cls().kind)
