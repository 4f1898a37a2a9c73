"""A game's named rule settings (the readings of its spec's ambiguities): what differs from the defaults, the
labels outputs carry, and parsing a scenario's block with one-line errors.

A game declares `SETTINGS = {name: (default, readings)}` and a frozen dataclass `Settings(Readings)` with the
same fields and defaults; `parse(Settings, SETTINGS, block, field)` reads a scenario's block.  A setting is a
choice among its readings, a yes/no when its default is a bool, or read by the game's own parser in `special`.
`Settings.labels()` is the line every output carries: a game sets `DEFAULT_LINE` (no setting changed) and `GIVEN`
(settings that are data, named only as given) rather than writing its own.

**The seat handicap**, one setting every game with a per-seat starting resource shares: `seat_handicap: [a, b,
...]`, one whole number per turn-order rank (rank 0 moves first), added to (or, negative, taken from) that rank's
start (doubloons, coins, points: each game's page says which).  A game declares it with `**HANDICAP_SETTING` in
its `SETTINGS` and a field `seat_handicap: tuple = ()` (empty: no handicap), and its engine reads
`handicap_by_rank(settings.seat_handicap, players)`; `analyzer tune` searches it.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable, ClassVar

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean


class Readings:
    """Mixin for a game's frozen `Settings` dataclass whose every field defaults to the rules' own reading."""

    def changed(self) -> dict:
        """The settings that differ from the defaults, name -> value."""
        default = type(self)()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)}

    LISTS: ClassVar[bool] = False  # True: any other tuple setting (a die's faces, a token order) shown as a list

    def show(self, name: str):
        """One setting's value as a scenario writes it (a table by player count as a mapping; with LISTS, any other
        tuple as a list)."""
        value = getattr(self, name)
        if _is_pairs(value):
            return dict(value)
        return list(value) if self.LISTS and isinstance(value, tuple) else value

    def shown(self) -> dict:
        """The settings that differ from the defaults, as a scenario writes them (JSON, tables, to_dict)."""
        return {name: self.show(name) for name in self.changed()}

    DEFAULT_LINE: ClassVar[str] = "every §10 setting at its default"  # the labels' line when no setting differs
    GIVEN: ClassVar[tuple] = ()  # settings that are data (a table, a map): the labels name them only as given

    def labels(self) -> list[str]:
        """The settings line every output carries: what differs from the defaults, else DEFAULT_LINE."""
        shown = {k: ("given" if k in self.GIVEN else v) for k, v in self.shown().items()}
        if not shown:
            return [f"rules: {self.DEFAULT_LINE}"]
        return ["rules: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + " (others at their defaults)"]


HANDICAP = "seat_handicap"
HANDICAP_SETTING = {HANDICAP: ((), ())}
HANDICAP_MAX = 1000
HANDICAP_ALLOWED = f"a list of whole numbers from -{HANDICAP_MAX} to {HANDICAP_MAX}, one per turn-order rank"


def parse_handicap(raw, field: str) -> tuple[int, ...]:
    """A scenario's `seat_handicap` (its length is checked against the table size by `handicap_by_rank`)."""
    if not isinstance(raw, list) or not raw:
        raise ScenarioError(field, f"got {raw!r}; allowed: {HANDICAP_ALLOWED}, e.g. [0, 0, 1, 1]")
    return tuple(sc.integer(x, f"{field}[{i}]", -HANDICAP_MAX, HANDICAP_MAX) for i, x in enumerate(raw))


def handicap_by_rank(handicap: tuple, players: int, field: str = f"rules.{HANDICAP}") -> tuple[int, ...]:
    """Each turn-order rank's handicap at a table of `players` (none given: zeros)."""
    if not handicap:
        return (0,) * players
    if len(handicap) != players:
        raise ScenarioError(field, f"got {len(handicap)} number(s) for {players} players; allowed: "
                                   f"{HANDICAP_ALLOWED}")
    return tuple(handicap)


def check_start(start, handicap: tuple, what: str, field: str = f"rules.{HANDICAP}") -> None:
    """A handicap may not take a rank's start below zero; `start` is every rank's, or a sequence by rank."""
    for rank, h in enumerate(handicap):
        base = start[rank] if isinstance(start, (tuple, list)) else start
        if base + h < 0:
            raise ScenarioError(f"{field}[{rank}]", f"{h} leaves rank {rank} {base + h} {what} at the start; "
                                                    f"allowed: at least {-base}")


def _is_pairs(value) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(x, tuple) and len(x) == 2 for x in value)


def parse(cls, table: dict[str, tuple], value: Any, field: str, skip: frozenset = frozenset(),
          special: dict[str, Callable[[Any, str], Any]] | None = None):
    """A mapping of settings -> `cls` (omitted ones at their defaults).  Keys in `skip` are left for the caller
    (e.g. `board` in a `rules:` block); `special` maps a setting to its own parser(value, field)."""
    block = sc.mapping(value, field)
    for key in block:
        if key not in table and key not in skip:
            raise ScenarioError(f"{field}.{sc.key_name(key)}", f"unknown setting; allowed: {', '.join(sorted(table))}"
                                                                 f"{did_you_mean(key, table)}")
    values = {}
    for name, raw in block.items():
        if name not in table:
            continue
        where, (default, readings) = f"{field}.{name}", table[name]
        if special and name in special:
            values[name] = special[name](raw, where)
        elif name == HANDICAP:
            values[name] = parse_handicap(raw, where)
        elif isinstance(default, bool):
            values[name] = sc.flag(raw, where)
        else:
            values[name] = sc.choice(raw, where, readings)
    return cls(**values)
