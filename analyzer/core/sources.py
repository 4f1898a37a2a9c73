"""Where a game's data tables come from: `printed` (taken from the public record, the source named) or
`illustrative` (invented so the engine runs).  The printed label travels like the illustrative one: a question
puts `"printed": labels(...)` in its payload, `core.game.ask` copies it into `meta["printed"]`, the balance
runner asks the game's `FullGames.printed(configs)` hook, and reports list it under the settings.

A game declares each printed table once, in its rules/data module, as a `Printed`; its docs page names the
same source.  A scenario that supplies its own table replaces the printed one, and its answers carry no
printed label for it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

KEY = "printed"  # the payload, meta and JSON key: a list of `Printed.label()` strings ([] for none)


@dataclass(frozen=True)
class Printed:
    """One table shipped as printed: `what` it is, the `source` (a title or repository+path) and what that
    source `covers`."""
    what: str
    source: str
    covers: str

    def label(self) -> str:
        return f"printed: {self.what} ({self.source}; {self.covers})"


def labels(printed: Iterable[Printed | None]) -> list[str]:
    """The labels of the printed tables an answer used, in order, each once (None entries skipped)."""
    out: list[str] = []
    for p in printed:
        if p is not None and p.label() not in out:
            out.append(p.label())
    return out


def notes(used: Iterable[str]) -> list[str]:
    """Printed labels as the notes printed under an answer's tables."""
    return [f"PRINTED DATA {text[len('printed: '):]}" for text in used]


def setting_text(meta: dict) -> str:
    """The report's settings line's printed part ("" for none)."""
    used = meta.get(KEY) or []
    return "; printed data: " + "; ".join(s[len("printed: "):] for s in used) if used else ""
