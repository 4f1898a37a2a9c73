"""A game's named rule settings (the readings of its spec's ambiguities): what differs from the defaults, the
labels outputs carry, and parsing a scenario's block with one-line errors.

A game declares `SETTINGS = {name: (default, readings)}` and a frozen dataclass `Settings(Readings)` with the
same fields and defaults; `parse(Settings, SETTINGS, block, field)` reads a scenario's block.  A setting is a
choice among its readings, a yes/no when its default is a bool, or read by the game's own parser in `special`.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean


class Readings:
    """Mixin for a game's frozen `Settings` dataclass whose every field defaults to the rules' own reading."""

    def changed(self) -> dict:
        """The settings that differ from the defaults, name -> value."""
        default = type(self)()
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)}

    def show(self, name: str):
        """One setting's value as a scenario writes it (a table by player count as a mapping)."""
        value = getattr(self, name)
        return dict(value) if _is_pairs(value) else value

    def shown(self) -> dict:
        """The settings that differ from the defaults, as a scenario writes them (JSON, tables, to_dict)."""
        return {name: self.show(name) for name in self.changed()}

    def labels(self) -> list[str]:
        shown = self.shown()
        if not shown:
            return ["rules: every §10 setting at its default"]
        return ["rules: " + ", ".join(f"{k}={v}" for k, v in shown.items()) + " (others at their defaults)"]


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
        elif isinstance(default, bool):
            values[name] = sc.flag(raw, where)
        else:
            values[name] = sc.choice(raw, where, readings)
    return cls(**values)
