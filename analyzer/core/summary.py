"""A one-screen text summary of any loaded position (`analyzer show`), with no game's own code.

It reads the loaded position (a dataclass) against the scenario that produced it: each field is either given
(its name, or every part of an underscored name, is a key somewhere in the scenario) or a default the loader
filled in, listed as such.  A field holding one value per seat is shown seat by seat; a seat's value that is a
bare count (cards known only by number) is what is hidden.  Rule settings show what differs from their defaults.
"""
from __future__ import annotations

import dataclasses
import textwrap

WIDTH = 79
MAX_LINES = 44  # one screen


def scenario_keys(data) -> set[str]:
    """Every mapping key anywhere in the scenario."""
    keys: set[str] = set()
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            keys.update(str(k) for k in value)
            todo.extend(value.values())
        elif isinstance(value, (list, tuple)):
            todo.extend(value)
    return keys


def given(name: str, keys: set[str]) -> bool:
    return name in keys or all(part in keys for part in name.split("_"))


def compact(value, skip=()) -> str:
    """A value in a few words: a board by its label, a dataclass by its fields, collections as written."""
    label = getattr(value, "label", None)
    if callable(label):
        try:
            return str(label())
        except TypeError:
            pass
    if dataclasses.is_dataclass(value) and hasattr(value, "illustrative") and len(dataclasses.fields(value)) > 3:
        source = getattr(value, "source", "")
        return (f"{type(value).__name__}{' ' + str(source) if source else ''}"
                f"{' (ILLUSTRATIVE)' if value.illustrative else ''}; `analyzer show -o FILE.png` draws it")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [f"{f.name}={compact(getattr(value, f.name))}" for f in dataclasses.fields(value)
                 if f.name not in skip]
        return f"{'' if skip else type(value).__name__}({', '.join(parts)})"
    if isinstance(value, frozenset):
        value = sorted(value, key=repr)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(compact(v, skip) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in value.items()) + "}"
    return str(value)


def _line(head: str, text: str, rows: int = 1) -> str:
    """`head: text` in at most `rows` lines of the terminal, cut short with … when longer."""
    lines = textwrap.wrap(f"{head}: {text}", WIDTH, initial_indent="  ", subsequent_indent="    ",
                          break_on_hyphens=False)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = lines[-1][:WIDTH - 1] + "…"
    return "\n".join(lines)


def _per_seat(value, players) -> bool:
    return isinstance(players, int) and isinstance(value, tuple) and len(value) == players > 1


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _by_owner(value, players) -> dict:
    """Items that say whose they are (an `owner` seat), grouped by seat; {} for anything else."""
    if not (isinstance(value, tuple) and value and isinstance(players, int)
            and all(isinstance(getattr(v, "owner", None), int) for v in value)):
        return {}
    out: dict = {}
    for v in value:
        out.setdefault(v.owner, []).append(v)
    return dict(sorted(out.items()))


def _default(f):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _NONE


_NONE = object()


def _empty(value) -> bool:
    return value is None or value is False or value == 0 or (hasattr(value, "__len__") and len(value) == 0)


def summary(title: str, position, data: dict) -> str:
    """The summary: each seat's holdings, what the scenario gave, what the loader worked out from it and every
    default it filled in.  Past one screen the given fields are cut short, never the rest."""
    keys = scenario_keys(data)
    players = getattr(position, "players", None)
    seats: dict = {}
    given_lines, worked, default_lines, hidden = [], [], [], []
    rules = None
    for f in dataclasses.fields(position):
        value = getattr(position, f.name)
        if hasattr(value, "changed") and hasattr(value, "labels"):
            rules = value
            continue
        if f.name == "players":
            continue
        if not given(f.name, keys):
            (default_lines if value == _default(f) or _default(f) is _NONE and "board" in f.name
             else worked).extend(_lines(_line(f.name, compact(value))))
            continue
        owned = _by_owner(value, players)
        if owned:
            for seat, items in owned.items():
                seats.setdefault(seat, []).append(f"{f.name} {compact(items, ('owner',))}")
        elif _per_seat(value, players):
            for seat, held in enumerate(value):
                if not _empty(held):
                    seats.setdefault(seat, []).append(f"{f.name} {compact(held)}")
                if isinstance(held, int) and not isinstance(held, bool) and f.name in ("hands", "hand"):
                    hidden.append(f"seat {seat}'s {held} cards")
            if not any(not _empty(held) for held in value):
                given_lines += _lines(_line(f.name, "none for every seat"))
        else:
            given_lines += _lines(_line(f.name, compact(value)))
    head = [*textwrap.wrap(title, WIDTH, subsequent_indent="  "), f"players: {players if players is not None else '-'}"]
    seat_lines = [line for seat, held in sorted(seats.items()) for line in _lines(_line(f"seat {seat}", "; ".join(held), 3))]
    body = (["per seat:", *seat_lines] if seat_lines else []) + (["given:", *given_lines] if given_lines else [])
    tail = textwrap.wrap("hidden (counts only): " + ", ".join(hidden), WIDTH, subsequent_indent="  ") if hidden else []
    if worked:
        tail += ["worked out by the loader from the rest of the scenario:", *worked]
    tail.append("defaults the loader filled in (not in the scenario):" if default_lines else
                "defaults the loader filled in: none")
    tail += default_lines
    for label in rules.labels() if rules is not None else ():
        tail += textwrap.wrap(label, WIDTH, subsequent_indent="  ")
    if getattr(position, "illustrative", False):
        tail.append("ILLUSTRATIVE data: every answer on this position says so")
    room = max(4, MAX_LINES - len(head) - len(tail))
    if len(body) > room:
        body = body[:room - 1] + [f"  ... {len(body) - room + 1} more lines of given fields"]
    return "\n".join(head + body + tail)
