"""core.summary: values as a person reads them (no Python reprs, indices by name) and the `assumed` note of
every default the loader filled in."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from analyzer.core import summary

CROPS = ("corn", "indigo")


class Leg(NamedTuple):
    kind: str
    cost: int


@dataclass(frozen=True)
class Focus:
    target: str | None = None
    turns: int = 1
    jokers: bool = False


@dataclass(frozen=True)
class Position:
    players: int = 2
    stock: tuple = field(default=(3, 4), metadata=summary.named(per=CROPS))
    display: tuple = field(default=(), metadata=summary.named(CROPS))
    focus: Focus = field(default_factory=Focus)


def test_a_value_reads_without_python_reprs():
    assert summary.compact(Focus(target="city", turns=5)) == "(target=city, turns=5)"
    assert summary.compact(Focus(turns=0)) == "(turns=0)"
    assert summary.compact((Leg("troll", 2),)) == "[(kind=troll, cost=2)]"
    assert summary.compact((("dragon", 2), ("pig", 1))) == "{dragon: 2, pig: 1}"
    assert summary.compact((("Opera", "blue"), ("Opera", "red"))) == "[[Opera, blue], [Opera, red]]"
    assert summary.compact(True) == "yes" and summary.compact(None) == "none"


def test_indices_read_by_the_names_a_field_gives():
    assert summary.compact((1, 0, 1), meta={"names": CROPS}) == "[indigo, corn, indigo]"
    assert summary.compact((3, 4), meta={"per": CROPS}) == "{corn: 3, indigo: 4}"


def test_the_assumed_note_lists_each_default_filled_in_by_name():
    note = summary.assumed(Position(display=(1,)), {"game": "x", "position": {"display": ["indigo"]}})
    assert note.startswith("assumed (not in the scenario") and "stock {corn: 3, indigo: 4}" in note
    assert "display" not in note and "focus (turns=1)" in note
    assert summary.assumed(Position(), {"position": {"stock": 1, "display": 1, "focus": 1}}) is None
